// Quantized inference kernels' shared parameters as LLM runtimes write them: bf16 and fp8
// scales and zero points from CUDA's own headers, packed half2 pairs, a scoped enum with a
// one-byte underlying type choosing the scaling, and a 16-byte aligned block of weights.
// Written for this suite.
#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cstdint>

namespace quant {

enum class ScaleMode : std::uint8_t { PerTensor = 0, PerChannel = 1, PerGroup = 2 };

struct alignas(16) Fp8Block {
    __nv_fp8_e4m3 q[16];
};

struct GroupScales {
    __nv_bfloat16 scale;
    __nv_bfloat16 zero;
    __half2 bias_pair;
    ScaleMode mode;
    std::uint8_t group_bits;
    std::uint16_t group_size;
};

struct DequantArgs {
    const Fp8Block* blocks;
    const GroupScales* scales;
    __nv_bfloat162 out_scale;
    __nv_fp8_e5m2 clamp;
    std::int32_t rows;
    std::int32_t cols;
    Fp8Block first;
};

__device__ inline float dequant(const Fp8Block& b, int i, const GroupScales& s) {
    return float(b.q[i]) * __bfloat162float(s.scale) - __bfloat162float(s.zero);
}

}  // namespace quant
