// A header that keeps its shared structs next to the inline device code that uses them, as
// simulation and graph kernels do: built-in variables, math functions, min/max, warp
// shuffles and votes, atomics, __ldg and printf, with no include but <math.h> and CUDA's own.
// Written for this suite. The importer reads it with its stand-ins' declarations of these,
// NVRTC with its own; the structs are imported and checked.
#pragma once
#include <math.h>
#include <cuda.h>
#include <limits.h>

struct Body {
    float3 pos;
    float mass;
    unsigned flags;
};

struct EdgeBlock {
    int64_t first_edge;
    unsigned count;
    int weight_max;
};

__device__ inline float body_distance(const Body& a, const Body& b) {
    float dx = a.pos.x - b.pos.x, dy = a.pos.y - b.pos.y, dz = a.pos.z - b.pos.z;
    return sqrtf(dx * dx + dy * dy + dz * dz) + fminf(a.mass, b.mass) * 0.0f;
}

__device__ inline unsigned global_lane() {
    return threadIdx.x % warpSize + blockIdx.x * blockDim.x;
}

__device__ inline void accumulate(float* out, const float* in, unsigned* counter, EdgeBlock* e) {
    atomicAdd(out, __ldg(in));
    atomicAdd(counter, 1u);
    unsigned voters = __popc(__ballot_sync(0xffffffffu, in[0] > 0.0f));
    float partner = __shfl_down_sync(0xffffffffu, *out, 16);
    e->weight_max = max(e->weight_max, min(INT_MAX, (int)voters));
    if (voters == 0 && partner < 0.0f) {
        printf("no voter %u\n", voters);
    }
}
