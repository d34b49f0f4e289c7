// A splatting renderer's camera models as its kernels take them: a distortion model's
// parameter block that is empty for the pinhole camera, a camera template instantiated with
// each model, tag types kept as members to select a code path (one over-aligned for vector
// loads), an array of tags, an empty class derived from one and a struct whose empty base takes
// no bytes. C++ gives an empty class one byte (or its alignment); C would give it none, which is
// why ptx-abi asks for `#[ptx(empty_class)]`. Written for this suite.
#pragma once
#include <cstdint>

namespace splat {

// The pinhole camera has no distortion to undo.
struct NoDistortionParams {};

struct OpenCVDistortionParams {
    float k1, k2, p1, p2;
};

// Code-path tags.
struct ScalarPath {};
struct alignas(16) VectorPath {};

template <class Distortion>
struct CameraParams {
    float fx, fy, cx, cy;
    uint32_t width, height;
    Distortion distortion;
};

struct RasterArgs {
    ScalarPath path;
    CameraParams<NoDistortionParams> pinhole;
    CameraParams<OpenCVDistortionParams> opencv;
    VectorPath vec;
    uint16_t tile;
    NoDistortionParams unused[2];
};

// Still an empty class: its only base is one.
struct PinholeTag : NoDistortionParams {};

// The empty base takes no bytes (Itanium C++ ABI: the empty base optimization).
struct CountedPath : ScalarPath {
    uint32_t count;
};

// A 16-bit float's bits with a private tag type that selects the raw-bits constructor and a
// private storage struct held by a public member (how numeric libraries hide both): imported
// for the member's sake, checked through the class that holds them (C++ outside it cannot name
// them).
class HalfBits {
    struct from_bits_t {};
    struct Storage {
        uint16_t raw;
    };

public:
    Storage storage;
    __host__ __device__ HalfBits() {}
    __host__ __device__ HalfBits(uint16_t bits, from_bits_t) { storage.raw = bits; }
};

__global__ void rasterize(CameraParams<NoDistortionParams> cam, NoDistortionParams d,
                          RasterArgs* args);

} // namespace splat
