// Matrix-unit descriptors as tensor-core libraries write them (CuTe-style): a 64-bit word
// shared through a union with its halves and a struct of bit-fields, the bit-fields' padding
// written as unnamed fields, and an instruction descriptor whose struct member sits behind
// the raw word. Written for this suite. Imported as it stands; the emitted checks set each
// bit-field inside the union's struct member, which NVRTC evaluates only once that member
// is made the union's active one.
#pragma once
#include <cstdint>

namespace mma {

union SmemDescriptor {
    uint64_t desc_;
    uint32_t reg32_[2];
    uint16_t reg16_[4];
    struct {
        uint16_t start_address_ : 14, : 2;
        uint16_t leading_byte_offset_ : 14, : 2;
        uint16_t stride_byte_offset_ : 14, : 2;
        uint8_t : 1, base_offset_ : 3, : 4;
        uint8_t : 6, layout_type_ : 2;
    } bitfield;
};

union InstrDescriptor {
    uint32_t desc_;
    struct {
        uint16_t sparse_id2_ : 2, sparse_flag_ : 1, saturate_ : 1, c_format_ : 2, : 1,
                 a_format_ : 3, b_format_ : 3, a_negate_ : 1, b_negate_ : 1, a_major_ : 1;
        uint16_t b_major_ : 1, n_dim_ : 6, : 1, m_dim_ : 5, : 1, max_shift_ : 2;
    } bits;
};

struct GemmArgs {
    SmemDescriptor a_desc;
    SmemDescriptor b_desc;
    InstrDescriptor idesc;
    uint32_t k_blocks;
};

}  // namespace mma
