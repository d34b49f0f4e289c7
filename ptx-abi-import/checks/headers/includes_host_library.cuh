// An inference runtime's header as such engines write it: a host-side tensor shape kept in a
// std::vector beside the kernel's own argument struct, statistics in std::atomic counters, an
// error check that throws std::runtime_error, iostream logging, and inline device code building
// vectors with make_float3, POSIX types, CUDA's math constants and launch bounds. Written for
// this suite. The structs holding the std::vector and the pthread mutex are left out with the
// reason; everything the kernels read is imported and checked.
#pragma once
#include <vector>
#include <string>
#include <stdexcept>
#include <atomic>
#include <iostream>
#include <memory>
#include <stdbool.h>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <sys/types.h>
#include <pthread.h>
#include <math_constants.h>

namespace rt {

struct TensorShape {
    std::vector<std::size_t> dims;
    int dtype;
};

struct LaunchStats {
    std::atomic<unsigned long long> launches;
    std::atomic<int> failures;
    bool verbose;
};

struct KernelArgs {
    const float* input;
    float* output;
    std::size_t count;
    float3 scale;
    bool clamp;
};

inline void require(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "runtime error: " << what << std::endl;
        throw std::runtime_error(what);
    }
}

inline std::size_t elements(const TensorShape& s) {
    std::size_t n = 1;
    for (std::size_t i = 0; i < s.dims.size(); ++i) n *= s.dims[i];
    return n;
}

std::unique_ptr<KernelArgs> make_args(const TensorShape& shape);

// Host bookkeeping beside the kernels' types: a POSIX mutex (host layout, left out) and the
// byte counts and limits host code keeps.
struct HostQueue {
    pthread_mutex_t lock;
    int pending;
};

struct Transfer {
    ssize_t bytes;
    std::uintptr_t host_address;
    std::int64_t deadline;
};

inline Transfer no_transfer() {
    Transfer t{0, 0, INT64_MIN};
    return std::move(t);
}

inline std::size_t chunk(std::size_t n, std::size_t limit) { return min(n, limit); }

__global__ void __launch_bounds__(256, 2) scale_kernel(KernelArgs args);

__device__ inline float3 scaled(const KernelArgs& a, float v) {
    return make_float3(v * a.scale.x, v * a.scale.y, __frcp_rn(v) * a.scale.z * CUDART_PI_F);
}

}  // namespace rt
