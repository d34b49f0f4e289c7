// A reduction library's shared types as libcu++ users write them: device-scope atomics and
// fixed-size arrays in a work queue handed to kernels, cooperative groups and <nv/target> in its
// inline device code, a templated launch-bounds helper with defaulted arguments.
// Written for this suite. The importer reads stand-ins of libcu++, cooperative groups and
// <nv/target>; the checks compile the header with CUDA's own (CCCL's) headers.
#pragma once
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <nv/target>
#include <cuda/std/array>
#include <cuda/std/cstdint>
#include <cuda/std/cstddef>
#include <cuda/atomic>
#include <cuda/std/atomic>

namespace cg = cooperative_groups;

namespace rq {

struct WorkQueue {
    cuda::atomic<int, cuda::thread_scope_device> head;
    cuda::atomic<int, cuda::thread_scope_device> tail;
    cuda::std::array<cuda::std::uint32_t, 8> lanes;
    cuda::atomic<unsigned long long> done;
};

// A pipeline stage's flags and counters: atomics of one and two bytes, which libcu++ keeps in
// 32-bit storage, beside a plain 16-bit field.
struct StageFlags {
    cuda::std::atomic<bool> closed;
    cuda::atomic<unsigned char, cuda::thread_scope_block> phase;
    cuda::atomic<short, cuda::thread_scope_device> credits;
    unsigned short epoch;
    cuda::std::atomic<float> load;
};

// A message header whose payload tag is a byte, as libcu++ spells one.
struct MessageHeader {
    cuda::std::byte tag;
    cuda::std::byte flags;
    cuda::std::uint16_t length;
};

// Two counters updated together: over 8 bytes, so libcu++'s atomic is lock-based (the pair,
// then a lock word).
struct CounterPair { unsigned long long ok, failed; };
struct PairedStats {
    cuda::atomic<CounterPair, cuda::thread_scope_device> totals;
    int shards;
};

template <int Threads = 256, int ItemsPerThread = 4, bool Vectorized = true>
struct TileShape {
    int tile_items[Threads / 64];
    float scale;
};

struct ReduceArgs {
    const float* in;
    float* out;
    WorkQueue* queue;
    cuda::std::array<float, 3> weights;
    TileShape<> shape;
    TileShape<128, 2> small_shape;
    int n;
};

__device__ inline float block_sum(float v) {
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    v = cg::reduce(warp, v, cg::plus<float>());
    NV_IF_TARGET(NV_PROVIDES_SM_70, (block.sync();));
    return v;
}

}  // namespace rq
