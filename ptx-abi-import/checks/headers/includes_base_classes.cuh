// Kernel argument structs built by inheritance, as attention and state-space-model kernels
// write them (a parameter block for Q/K/V, extended by the forward pass's own fields; a
// selective-scan block extending a generic SSM block), plus a descriptor mixing a bit-field
// base with an empty tag base and a second base. Written for this suite. Imported as it
// stands: each base class becomes a leading member, and the emitted checks name its members
// `Base::m` as C++ does.
#pragma once
#include <cstdint>

namespace attn {

struct Qkv_params {
    using index_t = int64_t;
    void* __restrict__ q_ptr;
    void* __restrict__ k_ptr;
    void* __restrict__ v_ptr;
    index_t q_batch_stride;
    index_t k_batch_stride;
    index_t v_batch_stride;
    int h, h_k;
    int h_h_k_ratio;
};

struct Flash_fwd_params : public Qkv_params {
    void* __restrict__ o_ptr;
    index_t o_batch_stride;
    float* __restrict__ softmax_lse_ptr;
    int b, seqlen_q, seqlen_k, d;
    float scale_softmax;
    float scale_softmax_log2;
    int* __restrict__ cu_seqlens_q;
    bool is_bf16;
    bool is_causal;
    int window_size_left, window_size_right;
};

struct Flash_bwd_params : public Flash_fwd_params {
    void* __restrict__ do_ptr;
    void* __restrict__ dq_ptr;
    float* __restrict__ dsoftmax_sum;
    bool deterministic;
};

}  // namespace attn

struct SSMParamsBase {
    int batch, dim, seqlen, dstate, n_groups;
    bool is_variable_B;
    float* __restrict__ A_ptr;
    void* __restrict__ B_ptr;
};

struct SSMParamsBwd : public SSMParamsBase {
    int64_t dout_batch_stride;
    void* __restrict__ dA_ptr;
    void* __restrict__ dB_ptr;
};

struct DescriptorTag {};

struct LayoutBits {
    uint32_t swizzle : 2;
    uint32_t base_offset : 3;
    uint32_t lbo_mode : 1;
};

struct Sizes {
    uint16_t rows, cols;
};

struct TmaDescriptor : DescriptorTag, LayoutBits, Sizes {
    uint64_t address;
    uint16_t rows;   // hides Sizes::rows: C++ still names both
};
