// A ray tracer's launch parameters as such headers declare them: build and ray flags as C
// enums whose enumerators the host combines with `|` (one written with shifts, one as plain
// powers of two), a scoped enum of shader stages the host also ORs into a mask (two flags
// only, so named open below, as a user would with `--open-enum`), and an ordinary enum that
// stays a Rust enum. An open enum is its underlying integer with the enumerators as constants:
// `BUILD_FLAG_ALLOW_UPDATE | BUILD_FLAG_PREFER_FAST_TRACE` decodes. Written for this suite.
// import-open-enum: rt::StageMask
#pragma once
#include <cstdint>

namespace rt {

enum BuildFlags {
    BUILD_FLAG_NONE = 0,
    BUILD_FLAG_ALLOW_UPDATE = 1u << 0,
    BUILD_FLAG_ALLOW_COMPACTION = 1u << 1,
    BUILD_FLAG_PREFER_FAST_TRACE = 1u << 2,
};

enum RayFlags {
    RAY_FLAG_NONE = 0,
    RAY_FLAG_DISABLE_ANYHIT = 1,
    RAY_FLAG_ENFORCE_ANYHIT = 2,
    RAY_FLAG_TERMINATE_ON_FIRST_HIT = 4,
    RAY_FLAG_CULL_BACK_FACES = 8,
    RAY_FLAG_ANYHIT_MASK = 3 | 8,
};

enum class StageMask : uint8_t { Raygen = 1, Miss = 2 };

enum class Shading : int { Flat, Smooth, Textured };

struct LaunchParams {
    BuildFlags build_flags;
    RayFlags ray_flags;
    StageMask stages;
    Shading shading;
    uint32_t width, height;
};

__global__ void trace(LaunchParams p);

} // namespace rt
