// A simulation library's tile header: loop pragmas behind a macro that picks its spelling per
// compiler, as such libraries write it. nvcc's branch defines the macro as `#pragma unroll`
// itself, which nvcc compiles (it preprocesses first; the expansion is a directive to its
// front end) and which a one-pass preprocessor cannot expand; the importer reads it as nvcc
// does, as `_Pragma("unroll")`. The tile's shared types sit beside that inline device code,
// which also adds halves atomically through a reinterpreted pointer.
// Written for this suite.
#pragma once
#include <cstdint>
#include <cuda_fp16.h>

#if defined(__CUDA_ARCH__)
#if defined(__CUDACC_RTC__) || (defined(__clang__) && defined(__CUDA__))
#define SIM_PRAGMA_UNROLL _Pragma("unroll")
#define SIM_PRAGMA_NO_UNROLL _Pragma("unroll 1")
#else
#define SIM_PRAGMA_UNROLL #pragma unroll
#define SIM_PRAGMA_NO_UNROLL   #  pragma unroll 1
#endif
#else
#define SIM_PRAGMA_UNROLL
#define SIM_PRAGMA_NO_UNROLL
#endif

namespace sim {

struct tile_shape_t {
    int32_t rows;
    int32_t cols;
    int32_t stride;
};

struct tile_register_t {
    float data[4][4];
    tile_shape_t shape;
    uint8_t owner_lane;
};

struct tile_reduce_args_t {
    const float* src;
    float* dst;
    tile_shape_t shape;
    double scale;
};

inline __device__ float tile_sum(const tile_register_t& t) {
    float s = 0.0f;
    SIM_PRAGMA_UNROLL
    for (int i = 0; i < 4; ++i) {
        SIM_PRAGMA_UNROLL
        for (int j = 0; j < 4; ++j) {
            s += t.data[i][j];
        }
    }
    return s;
}

inline __device__ void tile_scale(tile_register_t& t, float k) {
    SIM_PRAGMA_NO_UNROLL
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            t.data[i][j] *= k;
        }
    }
}

struct tile_accum_t {
    __half* grads;
    uint32_t count;
};

inline __device__ void tile_accumulate(tile_accum_t& acc, uint16_t bits, uint32_t i) {
#if __CUDA_ARCH__ >= 700
    atomicAdd(reinterpret_cast<__half*>(acc.grads) + i, *reinterpret_cast<const __half*>(&bits));
#endif
    atomicAdd(&acc.count, 1u);
}

}  // namespace sim
