// A shared header as a CUDA team has it: the kernel and the host agree on these types.
#pragma once
#ifdef __CUDACC_RTC__
// NVRTC (the emitted checks) has CUDA's vector types built in but no C library headers.
typedef unsigned char uint8_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <cuda_runtime.h>
#include <stdint.h>
#endif

namespace sim {

enum class Kind : uint8_t { Dust = 0, Ion = 1, Photon = 2 };

struct __align__(16) Particle {
    uint32_t kind : 3;      // a Kind, 3 bits
    int32_t charge : 5;     // sign-extended
    uint8_t tag;
    unsigned short : 0;     // start a new unit
    uint64_t addr : 40;
    float4 pos;
    Particle* next;
    float history[3];
    union {                 // anonymous: C code writes p.mass or p.energy
        float mass;
        float energy;
    };
};

struct Emitter {
    Kind kind;
    uint32_t count;
    Particle* particles;
    const void* user;       // opaque to the kernel
    float rate[2][2];
};

} // namespace sim
