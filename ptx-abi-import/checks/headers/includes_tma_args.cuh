// Hopper GEMM kernels' arguments as TMA users write them: tensor maps from <cuda.h> held by
// value in a parameter struct passed as a __grid_constant__ kernel argument, the problem shape,
// and the driver's typedef header for the encode call made on the host.
// Written for this suite. CUtensorMap is aligned 64 in CUDA 12 and 128 in CUDA 13: the import
// follows the release it is made for, and the checks compile the header with that release.
#pragma once
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cstdint>

namespace gemm {

struct ProblemShape {
    std::int32_t m, n, k;
    std::int32_t batch;
};

struct TmaParams {
    CUtensorMap a_map;
    CUtensorMap b_map;
    ProblemShape shape;
    float alpha;
    float beta;
    std::uint64_t workspace;
};

__global__ void gemm_tma(const __grid_constant__ TmaParams params);

}  // namespace gemm
