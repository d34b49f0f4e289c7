// Monte Carlo kernels' shared parameters as simulation codes write them: per-thread generator
// states kept in device memory, one state held by value for a single-stream sampler, quasi-random
// and combined generators side by side, cuRAND's generator kind as its enum, and inline device
// helpers calling the device API.
// Written for this suite. The importer reads cuRAND's stand-in; the checks compile the header
// with CUDA's own curand_kernel.h (NVRTC with CUDA's include directory, or nvcc).
#pragma once
#include <curand_kernel.h>
#include <cstdint>

namespace mc {

struct PathSampler {
    curandStatePhilox4_32_10_t* states;  // one per thread, in device memory
    curandState single;                  // XORWOW, carried by value
    float2 drift_vol;
    std::uint32_t steps;
    curandRngType_t generator;
};

struct QuasiStream {
    curandStateSobol32_t sobol;
    curandStateMRG32k3a_t mrg;
    double scale;
};

struct MtgpBank {
    curandStateMtgp32_t* states;
    mtgp32_kernel_params_t* params;
    int count;
};

struct PhiloxPair {
    curandStatePhilox4_32_10_t lanes[2];
    unsigned long long seed;
};

__device__ inline float sample_path(PathSampler& s, int tid) {
    curandStatePhilox4_32_10_t local = s.states[tid];
    float4 u = curand_normal4(&local);
    s.states[tid] = local;
    return s.drift_vol.x + s.drift_vol.y * (u.x + u.y + u.z + u.w) * 0.5f;
}

}  // namespace mc
