// A GEMM dispatcher's kernel arguments, built as CMake builds a CUDA project: CUDA's include
// directory on the command line (`CUDAToolkit_INCLUDE_DIRS`), so that `<cuda_runtime.h>` is
// found there first, and the toolkit's `<library_types.h>` and `<cuComplex.h>`, which
// ptx-abi-import has no stand-ins for, are read as CUDA ships them (`cuComplex.h` includes
// "vector_types.h" from beside itself).
// import-args: -I $CUDA_INCLUDE
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <library_types.h>
#include <cuComplex.h>

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

}  // namespace gemm

__global__ void gemm_kernel(gemm::GemmArgs args);
