// A custom all-reduce's shared header as inference servers write it: IPC handles of peer
// buffers and signal flags in a rank table, kernel launch wrappers with <<<grid, block, shared,
// stream>>> in inline host functions, error checks on cudaError_t. Written for this suite.
// NVRTC compiles no host code (the checks run it with -default-device, where a launch is an
// error), so this header is imported and checked where nvcc is configured (PTX_ABI_NVCC).
#pragma once
#include <cstdint>
#include <cstdio>

namespace ar {

constexpr int kMaxRanks = 8;

struct Signal {
    alignas(128) std::uint32_t start[kMaxRanks];
    alignas(128) std::uint32_t end[kMaxRanks];
};

struct RankData {
    const void* ptrs[kMaxRanks];
};

struct RankSignals {
    Signal* signals[kMaxRanks];
};

struct PeerHandles {
    cudaIpcMemHandle_t buffers[kMaxRanks];
    cudaIpcMemHandle_t signals[kMaxRanks];
    int world_size;
    int rank;
};

__global__ void all_reduce_kernel(RankData* data, RankSignals sg, Signal* self, float* out, int n);

inline cudaError_t launch_all_reduce(RankData* data, RankSignals sg, Signal* self, float* out,
                                     int n, cudaStream_t stream) {
    int threads = 512;
    int blocks = (n + threads - 1) / threads;
    all_reduce_kernel<<<blocks, threads, 0, stream>>>(data, sg, self, out, n);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        std::fprintf(stderr, "all_reduce: %s\n", cudaGetErrorString(e));
    }
    return e;
}

}  // namespace ar
