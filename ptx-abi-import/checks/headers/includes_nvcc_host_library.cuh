// A path tracer's launch parameters beside the host code that fills them, as renderers keep
// them in one header: seeding from <random>, parsing a scene option from a <string_view>,
// walking lights with <iterator>, flags in a <bitset>. None of those headers has a stand-in:
// the importer reads the header with the host's C++ library for the device pass, as nvcc does,
// and device code calls the C library's math and printf as CUDA declares them; the library's
// own types are not imported. NVRTC has no
// host library, so this header is checked by nvcc only (`includes_nvcc_*`). Written for this
// suite.
#pragma once
#include <bitset>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <random>
#include <string_view>
#include <cuda_fp16.h>

namespace pt {

struct Light {
    float3 position;
    float3 radiance;
    float radius;
    uint32_t kind;
};

struct Sampler {
    uint64_t seed;
    uint32_t spp;
    uint32_t max_depth;
    __half exposure;
};

struct LaunchParams {
    const Light* lights;
    uint32_t light_count;
    Sampler sampler;
    float4* accum;
    int2 frame;
    double time;
};

// Host-side records beside them: one holds a library type by value (left out: the importer
// reads libc++, nvcc's host compiler brings libstdc++, and their layouts differ), one points
// to a library type (imported, the pointer to `void`).
struct SceneDesc {
    std::string_view name;
    uint32_t light_count;
};

struct RngHandle {
    std::mt19937_64* engine;
    uint64_t offset;
};

inline LaunchParams make_params(std::string_view scene, unsigned device_seed) {
    std::mt19937_64 rng(device_seed);
    std::uniform_int_distribution<uint32_t> spp(1, 64);
    LaunchParams p{};
    p.sampler.seed = rng();
    p.sampler.spp = scene.substr(0, 7) == "preview" ? 1u : spp(rng);
    std::bitset<8> flags;
    flags.set(2);
    p.sampler.max_depth = static_cast<uint32_t>(flags.count()) + 7u;
    return p;
}

template <class It>
inline float total_power(It first, It last) {
    float sum = 0.0f;
    for (; first != last; std::advance(first, 1)) {
        sum += first->radiance.x + first->radiance.y + first->radiance.z;
    }
    return sum;
}

inline __device__ float light_falloff(const Light& l, float d) {
    const float r = fmaxf(l.radius, 1e-4f);
    const float x = sqrtf(d) / r;
    if (x > 16.0f) {
        printf("light far away: %f\n", x);
    }
    return expf(-x) * rsqrtf(1.0f + x * x);
}

}  // namespace pt
