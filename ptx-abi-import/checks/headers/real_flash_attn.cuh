// Modelled on FlashAttention 2's csrc/flash_attn/src/flash.h (v2.6.3): the forward kernel's
// parameter struct, with its Qkv_params base flattened in (the members in the same order),
// index_t strides (int64_t, spelled `long long`), int counts, float scales and bool flags.
typedef long long index_t;
struct Flash_fwd_params {
    void* q_ptr;
    void* k_ptr;
    void* v_ptr;
    index_t q_batch_stride;
    index_t k_batch_stride;
    index_t v_batch_stride;
    index_t q_row_stride;
    index_t k_row_stride;
    index_t v_row_stride;
    index_t q_head_stride;
    index_t k_head_stride;
    index_t v_head_stride;
    int h, h_k;
    int h_h_k_ratio;
    void* o_ptr;
    index_t o_batch_stride;
    index_t o_row_stride;
    index_t o_head_stride;
    void* softmax_lse_ptr;
    int b, seqlen_q, seqlen_k, d, seqlen_q_rounded, seqlen_k_rounded, d_rounded, rotary_dim;
    float scale_softmax;
    float scale_softmax_log2;
    int* cu_seqlens_q;
    int* cu_seqlens_k;
    bool is_bf16;
    bool is_causal;
    bool is_seqlens_k_cumulative;
    bool is_rotary_interleaved;
    int num_splits;
    float p_dropout;
    unsigned char p_dropout_in_uint8_t;
    float rp_dropout;
    int window_size_left, window_size_right;
};
// check: Flash_fwd_params = {(void*)((char*)0 + 4096), (void*)((char*)0 + 8192), (void*)((char*)0 + 12288), 1LL, 2LL, 3LL, 4LL, 5LL, 6LL, 7LL, 8LL, 9LL, 16, 4, 4, (void*)((char*)0 + 16384), 10LL, 11LL, 12LL, (void*)((char*)0 + 20480), 2, 128, 256, 64, 128, 256, 64, 0, 0.125f, 0.18f, (int*)((char*)0 + 24576), (int*)((char*)0 + 28672), true, true, false, true, 1, 0.1f, 230, 1.1f, -1, 7}
