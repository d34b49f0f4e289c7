// A molecular-dynamics engine's device types behind a portability layer over the CUDA runtime,
// in the style of HIP's CUDA path: the layer's own names are typedefs and inline wrappers of
// the runtime and driver APIs (device properties, texture modes, cache configuration), the
// engine's inline host code keeps a caching allocator in `std::map`/`std::multimap`, and the
// device code uses CUDA's math API (`sincos`, `__hiloint2double`). Built with CUDA's include directory on the command line, as
// the engine's CMake build passes it; the runtime API is read from there. Host code is left
// out of NVRTC's checks (`__CUDACC_RTC__`), as such layers do. Written for this suite.
// import-args: -I $CUDA_INCLUDE
#pragma once
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>

#ifndef __CUDACC_RTC__
#include <cstring>
#include <map>
#endif

typedef cudaError_t gpuError_t;
typedef cudaStream_t gpuStream_t;
typedef cudaDeviceProp gpuDeviceProp_t;
typedef cudaTextureAddressMode gpuTextureAddressMode;
typedef cudaTextureFilterMode gpuTextureFilterMode;
typedef CUfunc_cache gpuFuncCache_t;

namespace md {

typedef double Scalar;
typedef double3 Scalar3;
typedef double4 Scalar4;

/// A texture the engine binds its neighbour list to.
struct TextureConfig {
    gpuTextureAddressMode address_mode;
    gpuTextureFilterMode filter_mode;
    gpuFuncCache_t cache_config;
    int normalized;
};

/// The simulation box.
struct BoxDim {
    Scalar3 lo;
    Scalar3 hi;
    Scalar3 L;
    Scalar xy, xz, yz;
    unsigned char periodic[3];
};

/// One pair potential's kernel arguments.
struct PairArgs {
    Scalar4* d_force;
    const Scalar4* d_pos;
    BoxDim box;
    const unsigned int* d_n_neigh;
    const unsigned int* d_nlist;
    unsigned int N;
    unsigned int block_size;
    unsigned int threads_per_particle;
    TextureConfig tex;
    gpuStream_t stream;
};

__device__ inline Scalar3 rotate(Scalar angle, Scalar3 v) {
    Scalar s, c;
    sincos(angle, &s, &c);
    float fs, fc;
    __sincosf(float(angle), &fs, &fc);
    return make_double3(c * v.x - s * v.y, s * v.x + c * v.y, v.z);
}

__device__ inline Scalar from_halves(int hi, int lo) { return __hiloint2double(hi, lo); }

#ifndef __CUDACC_RTC__
/// The device's name and multiprocessor count, through the layer.
inline int device_info(int device, char (&name)[256]) {
    gpuDeviceProp_t prop;
    if (cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
        return 0;
    }
    strncpy(name, prop.name, sizeof(name) - 1);
    return prop.multiProcessorCount;
}

inline gpuError_t set_cache(const void* kernel, gpuFuncCache_t config) {
    return cudaFuncSetCacheConfig(kernel, static_cast<cudaFuncCache>(config));
}

/// A caching device allocator: host-only state in the C++ library's maps.
class CachedAllocator {
  public:
    typedef std::multimap<std::ptrdiff_t, char*> free_blocks_type;
    typedef std::map<char*, std::ptrdiff_t> used_blocks_type;

    char* allocate(std::ptrdiff_t bytes) {
        free_blocks_type::iterator free_block = m_free.lower_bound(bytes);
        if (free_block != m_free.end()) {
            char* p = free_block->second;
            m_free.erase(free_block);
            m_used.insert(std::make_pair(p, bytes));
            return p;
        }
        return nullptr;
    }
    void deallocate(char* p) {
        used_blocks_type::iterator used = m_used.find(p);
        m_free.insert(std::make_pair(used->second, p));
        m_used.erase(used);
    }
    /// Drops the largest cached blocks until at most `limit` bytes stay cached.
    void trim(std::ptrdiff_t limit) {
        while (m_cached > limit && m_free.size()) {
            free_blocks_type::reverse_iterator largest = m_free.rbegin();
            m_cached -= largest->first;
            m_free.erase((++largest).base());
        }
    }

  private:
    free_blocks_type m_free;
    used_blocks_type m_used;
    std::ptrdiff_t m_cached = 0;
};
#endif

}  // namespace md

__global__ void compute_pair_forces(md::PairArgs args);
