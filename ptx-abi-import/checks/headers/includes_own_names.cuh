// A self-contained header of a renderer that predates CUDA's half type: it declares its own
// `half` (a raw 16-bit pattern) and its own `CUtensorMap` stand-in for hosts without the
// driver API, and includes neither `cuda_fp16.h` nor `cuda.h`, so these names are its own, as
// nvcc and NVRTC see them. CUDA's vectors need no include. Written for this suite.
#pragma once

typedef unsigned short half;

struct CUtensorMap {
    unsigned long long opaque[16];
};

struct HalfPixel {
    half r, g, b, a;
};

struct TileSource {
    CUtensorMap map;
    float4 clip;
    HalfPixel border;
};
