// Portability macros as cross-platform physics and rendering engines write them: the alignment
// goes before the name on MSVC and after the closing brace with GCC and Clang.
// Written for this suite. nvcc applies the suffix (alignof 16, on Linux); NVRTC drops it
// (warning #1866-D). The import follows nvcc, the compiler the engine is built with, and the
// checks of the types it aligns are compiled by nvcc; imported only where nvcc is configured
// (PTX_ABI_NVCC).
#pragma once
#include <cstdint>
#include <cuda_fp16.h>

#if defined(_MSC_VER)
#define PHYS_ALIGN_PREFIX(n) __declspec(align(n))
#define PHYS_ALIGN_SUFFIX(n)
#define PHYS_PACK_BEGIN __pragma(pack(push, 1))
#define PHYS_PACKED
#define PHYS_PACK_END __pragma(pack(pop))
#else
#define PHYS_ALIGN_PREFIX(n)
#define PHYS_ALIGN_SUFFIX(n) __attribute__((aligned(n)))
#define PHYS_PACK_BEGIN
#define PHYS_PACKED __attribute__((packed))
#define PHYS_PACK_END
#endif

namespace phys {

PHYS_ALIGN_PREFIX(16) struct Vec3A {
    float x, y, z;
} PHYS_ALIGN_SUFFIX(16);

struct BodyState {
    std::uint32_t id;
    Vec3A position;
    Vec3A velocity;
    float inv_mass;
};

struct ContactBatch {
    Vec3A normals[3];
    std::int32_t count;
};

// A replay record packed the same way: `packed` after the brace with GCC and Clang (nvcc packs
// it, NVRTC drops it), a pragma with MSVC.
PHYS_PACK_BEGIN
struct ReplayHeader {
    std::uint8_t kind;
    std::uint32_t frame;
    std::uint16_t bodies;
} PHYS_PACKED;
PHYS_PACK_END

struct ReplayChunk {
    ReplayHeader header;
    float dt;
};

// A replay frame packed to 2 whose timestamp GCC's attribute aligns for atomic access: nvcc's
// device pass keeps the alignment over the packing (16 bytes, aligned to 8), NVRTC caps it at
// the packing (8, aligned to 2), as GCC and clang do.
#pragma pack(push, 2)
struct ReplayStamp {
    std::uint8_t kind;
    __attribute__((aligned(8))) std::uint32_t stamp;
    std::uint16_t len;
};
#pragma pack(pop)

struct ReplayLog {
    std::uint8_t lane;
    ReplayStamp stamps[2];
};

// A sensor record packed by GCC's attribute around CUDA's half-precision class: nvcc keeps
// each `__half`, and the array of them, at its alignment of 2 (warning #2262-D: a class that
// is not a POD), as GCC does; NVRTC packs them (12 bytes aligned to 2 against 11 aligned
// to 1), and clang packs the array.
struct __attribute__((packed)) SensorSample {
    std::uint8_t channel;
    __half value;
    std::uint32_t tick;
    __half range[2];
};

// Two alignment specifiers, as a macro for the platform's cache line followed by a
// portable one expands: nvcc's device pass takes the last (4), NVRTC and clang the
// strictest (16).
struct alignas(16) alignas(4) TwoSpecifiers {
    short s;
};

// Aligned the portable C++11 way: both compilers agree, NVRTC checks it.
struct alignas(8) SolverStep {
    float dt;
    std::uint16_t iterations;
};

}  // namespace phys
