// A mixture-of-experts dispatch header in the style of inference libraries: CUB's block scan
// and reduction in device code, cooperative groups' warp tiles, system-scope atomics for a
// host-visible FIFO, half and bfloat16 raw storage, and host code that reads the device's
// attributes and properties and fills a launch configuration. The shared records are plain;
// one keeps CUB's scratch inside it (refused: CUB's TempStorage layout is CUB's). The host
// code needs the runtime API, which NVRTC has not, so nvcc checks this header
// (`includes_nvcc_*`). Written for this suite.
#pragma once
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/cub.cuh>
#include <thrust/complex.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdint>

namespace moe {
namespace cg = cooperative_groups;

/// A router's spectral load estimate, in Thrust's complex numbers.
struct LoadSpectrum {
    thrust::complex<float> bins[4];
    thrust::complex<double> dc;
    int32_t n;
};

/// Sums a value over a warp's lanes; the width defaults to CUB's warp size, as molecular
/// dynamics engines write their warp reductions.
template <typename T, int LOGICAL_WARP_THREADS = CUB_PTX_WARP_THREADS, int PTX_ARCH = CUB_PTX_ARCH>
struct WarpSum {
    static_assert(LOGICAL_WARP_THREADS <= CUB_PTX_WARP_THREADS, "at most a warp");
    __device__ T operator()(T v) const { return v; }
};

struct RouteInfo {
    int32_t ep_rank;
    int32_t ep_size;
    int32_t experts_per_rank;
    int32_t top_k;
};

struct FifoSlot {
    uint64_t head;
    uint64_t tail;
    uint32_t flags[4];
};

struct PackedScales {
    __half2_raw scale;
    __nv_bfloat162_raw bias;
    uint32_t count;
};

struct ScratchBlock {
    cub::BlockReduce<float, 128>::TempStorage reduce;
    int valid;
};

constexpr int kThreads = 128;

inline __device__ int prefix_count(int mine) {
    typedef cub::BlockScan<int, kThreads> Scan;
    __shared__ typename Scan::TempStorage scratch;
    int offset = 0;
    Scan(scratch).ExclusiveSum(mine, offset);
    return offset;
}

inline __device__ float block_total(float v) {
    using Reduce = cub::BlockReduce<float, kThreads>;
    __shared__ Reduce::TempStorage scratch;
    return Reduce(scratch).Sum(v);
}

inline __device__ float warp_max(float v) {
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    return cg::reduce(warp, v, cg::greater<float>());
}

inline __device__ void publish(FifoSlot* slot, uint32_t n) {
    atomicAdd_system(reinterpret_cast<unsigned long long*>(&slot->tail), 1ull);
    atomicAdd_block(&slot->flags[0], n);
}

inline __device__ float2 unpack(const PackedScales& p) {
    const __half2 s = p.scale;
    const __half2 twice = make_half2(__low2half(s), __low2half(s));
    return make_float2(__low2float(twice), __fmaf_ieee_rn(__high2float(s), 2.0f, -0.0f));
}

inline int sm_count() {
    int device = 0;
    cudaGetDevice(&device);
    int major = 0;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);
    return major >= 9 ? prop.multiProcessorCount : prop.multiProcessorCount / 2;
}

inline cudaLaunchConfig_t dispatch_config(int tokens, cudaStream_t stream) {
    cudaLaunchConfig_t config = {};
    config.gridDim = (tokens + kThreads - 1) / kThreads;
    config.blockDim = kThreads;
    config.stream = stream;
    return config;
}

}  // namespace moe
