// CUDA's C++ types (issue 14) as members: imported with ptx-abi-import's stand-ins for CUDA's
// headers, checked by NVRTC against the real ones of the CUDA release the build is for (12.9;
// 13.5 with the feature `cuda-13050`, issue 22).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp4.h>
#include <cuda.h>

struct WideVectors {
    char tag;
    double3 a;
    double4 b;
    long3 c;
    long4 d;
    ulong3 e;
    ulong4 f;
    longlong3 g;
    longlong4 h;
    ulonglong3 i;
    ulonglong4 j;
};

struct Reduced {
    char tag;
    __half2 h2;
    half2 h2b;
    __nv_bfloat16 b;
    nv_bfloat16 bb;
    __nv_bfloat162 b2;
    nv_bfloat162 b2b;
    __nv_fp8_e4m3 f8a;
    __nv_fp8_e5m2 f8b;
    __nv_fp8x2_e4m3 f8c;
    __nv_fp8x2_e5m2 f8d;
    __nv_fp8x4_e4m3 f8e;
    __nv_fp8x4_e5m2 f8f;
    __nv_fp4x2_e2m1 f4;
    float after[3];
};

struct TmaArgs {
    int n;
    CUtensorMap map;
    float4 tail;
};

#if CUDA_VERSION >= 13000
// CUDA 13's replacements of the deprecated 4-lane vectors of 64-bit elements.
struct Aligned13 {
    char tag;
    double4_16a a;
    double4_32a b;
    long4_16a c;
    long4_32a d;
    ulong4_16a e;
    ulong4_32a f;
    longlong4_16a g;
    longlong4_32a h;
    ulonglong4_16a i;
    ulonglong4_32a j;
};
#endif
