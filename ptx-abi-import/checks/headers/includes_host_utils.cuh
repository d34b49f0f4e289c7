// A multi-GPU extension's shared header as such projects write it: driver-API device pointers
// (CUdeviceptr) in the parameter block a kernel takes by value, a registry of peer buffers in a
// std::map filled with std::make_pair, error checks that exit with EXIT_FAILURE, a trait built
// from std::void_t, std::declval and std::enable_if, std::numeric_limits in a compile-time
// check, and host-side timing with gettimeofday. Written for this suite. Every record here is
// imported and checked; the inline host functions only have to read.
#pragma once
#include <cstdlib>
#include <cstdio>
#include <map>
#include <utility>
#include <type_traits>
#include <limits>
#include <sys/time.h>
#include <cuda.h>

namespace mg {

constexpr int kMaxPeers = 8;

// The block the reduction kernel takes by value: raw driver-API addresses of each peer's
// buffer, not typed pointers.
struct PeerBuffers {
    CUdeviceptr data[kMaxPeers];
    CUdeviceptr flags;
    unsigned long long bytes;
    int world_size;
    int rank;
};

struct ReduceParams {
    PeerBuffers peers;
    CUdeviceptr scratch;
    float scale;
    int round_style;
};

__global__ void peer_reduce(ReduceParams params);

// The flags each peer's blocks spin on, every array on its own 128-byte line so that peers
// polling one never share a line with another (an all-reduce's signal block).
constexpr int kMaxBlocks = 4;
struct PeerSignal {
    alignas(128) unsigned int self_counter[kMaxBlocks][kMaxPeers];
    alignas(128) unsigned int peer_counter[2][kMaxBlocks][kMaxPeers];
    int barrier_flag;
};

// A work item whose vector payload starts a 16-byte load.
struct WorkItem {
    unsigned char kind;
    float payload[3] __attribute__((aligned(16)));
    unsigned int seq;
};

// Host-side timing of a launch: the wall clock as gettimeofday gives it, and the elapsed
// seconds as a double.
struct LaunchTimer {
    struct timeval started;
    double elapsed_s;
    long launches;
};

struct Stamp {
    long seconds;
    double fraction;
};

// Whether `T` has a `.peers` member: the detection idiom.
template <typename T, typename = void>
constexpr bool has_peers_v = false;
template <typename T>
constexpr bool has_peers_v<T, std::void_t<decltype(std::declval<T&>().peers)>> = true;

template <typename T>
inline typename std::enable_if<has_peers_v<T>, int>::type peer_count(const T& p) {
    return p.peers.world_size;
}

inline int world_size_of(const ReduceParams& p) { return peer_count(p); }

static_assert(has_peers_v<ReduceParams> && !has_peers_v<PeerBuffers>, "detection");
static_assert(std::numeric_limits<float>::round_style == std::round_to_nearest,
              "the scale is applied rounding to nearest");
static_assert(std::is_trivially_copyable<ReduceParams>::value, "passed to the kernel by value");
static_assert(sizeof(CUdeviceptr) == 8, "64-bit device addresses");

#define MG_CHECK_DRIVER(call)                                                    \
    do {                                                                         \
        CUresult mg_status_ = (call);                                            \
        if (mg_status_ != CUDA_SUCCESS) {                                        \
            std::fprintf(stderr, "%s:%d: driver error %d\n", __FILE__, __LINE__, \
                         (int)mg_status_);                                       \
            std::exit(EXIT_FAILURE);                                             \
        }                                                                        \
    } while (0)

inline CUdeviceptr allocation_base(void* ptr) {
    CUdeviceptr base = 0;
    MG_CHECK_DRIVER(cuPointerGetAttribute(&base, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                          (CUdeviceptr)ptr));
    return base;
}

inline void remember_peer(std::map<int, CUdeviceptr>& registry, int rank, CUdeviceptr base) {
    auto inserted = registry.insert(std::make_pair(rank, base));
    if (!inserted.second) {
        std::fprintf(stderr, "peer %d registered twice\n", rank);
        exit(EXIT_FAILURE);
    }
}

inline Stamp now() {
    struct timeval tv;
    gettimeofday(&tv, nullptr);
    Stamp s;
    s.seconds = (long)tv.tv_sec;
    s.fraction = (double)tv.tv_usec / 1e6;
    return s;
}

}  // namespace mg
