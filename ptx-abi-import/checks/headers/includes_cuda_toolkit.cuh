// A GEMM dispatcher's kernel arguments, built as CMake builds a CUDA project: CUDA's include
// directory on the command line (`CUDAToolkit_INCLUDE_DIRS`), so that `<cuda_runtime.h>` is
// found there first, and the toolkit's `<library_types.h>` and `<cuComplex.h>`, which
// ptx-abi-import has no stand-ins for, are read as CUDA ships them (`cuComplex.h` includes
// "vector_types.h" from beside itself), as are the runtime and driver APIs: the texture
// descriptors below, and the host helpers' calls, written as a portability layer over CUDA
// (HIP's CUDA path) writes them.
// import-args: -I $CUDA_INCLUDE
#pragma once
#include <cuda_runtime.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <library_types.h>
#include <cuComplex.h>
#include <texture_types.h>

namespace gemm {

enum class Layout : int { RowMajor = 0, ColMajor = 1 };

/// One matrix operand: where it is, its element type as cuBLAS names it, its leading
/// dimension and the stride between the matrices of a batch.
struct Operand {
    const void* ptr;
    cudaDataType_t type;
    Layout layout;
    long long ld;
    long long batch_stride;
};

/// alpha and beta of a complex GEMM, single and double precision.
struct ComplexScaling {
    cuFloatComplex alpha;
    cuDoubleComplex beta;
};

struct GemmArgs {
    Operand a, b, c;
    int m, n, k, batch;
    cudaDataType compute_type;
    libraryPropertyType version_field;
    ComplexScaling scaling;
    cuComplex epilogue_scale;
    __half bias_scale;
};

/// An operand read through a texture, as the host describes it when it creates the texture
/// object.
struct TextureOperand {
    cudaResourceDesc resource;
    cudaTextureDesc texture;
    cudaTextureObject_t object;
    CUdeviceptr fallback;
};

#ifndef __CUDACC_RTC__
/// The number of multiprocessors of `device`, its name copied out as a logging layer would.
inline int multiprocessors(int device, char (&name)[64]) {
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
        return 0;
    }
    strncpy(name, prop.name, sizeof(name) - 1);
    return prop.multiProcessorCount;
}

inline CUresult upload(CUdeviceptr dst, const void* src, size_t bytes) {
    return cuMemcpyHtoD(dst, src, bytes);
}

inline cudaChannelFormatDesc float_channel() { return cudaCreateChannelDesc<float>(); }
#endif

}  // namespace gemm

__global__ void gemm_kernel(gemm::GemmArgs args);
