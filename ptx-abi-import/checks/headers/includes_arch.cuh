// A work queue whose descriptors grow with the architecture, as kernels that use Ampere's
// asynchronous copies and Hopper's thread-block clusters write them: members under
// `#if __CUDA_ARCH__ >= 800` and `>= 900`. Read for sm_90 (as a build for sm_90 compiles it;
// the architecture given to clang is the import's, and its checks compile for compute_90).
// Written for this suite.
// import-args: --cuda-gpu-arch=sm_90
#pragma once
#include <cstdint>

namespace wq {

struct TaskDesc {
    uint32_t first_tile;
    uint32_t tile_count;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    uint32_t async_copy_stage;
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    uint32_t cluster_rank;
    uint64_t tma_barrier;
#endif
};

struct QueueArgs {
    TaskDesc* tasks;
    uint32_t n;
};

}  // namespace wq
