// An inference engine's and a particle solver's kernel arguments written with the template
// idioms of modern CUDA C++: a strided tensor view whose index type defaults to <cstdint>'s
// `int64_t` (clang names `StridedView<const float, 3, int64_t>` `StridedView<const float, 3>`),
// reductions over nested instantiations (`MinMax<MinMax<float>>`, also as array elements),
// helpers kept in an anonymous namespace and held by public argument structs (also as a
// template's argument), kernel policies that reach their derived type through an empty CRTP
// base, and an allocator handle whose empty stream tag is `[[no_unique_address]]` (no bytes).
// A profiler's timer that is `[[no_unique_address]]` but not empty may lend its tail padding
// to the next member, which no Rust struct can do: it is left out, with what holds it.
// Written for this suite.
// import-args: -std=c++20
#pragma once
#include <cstdint>
#include <cuda_fp16.h>

namespace infer {

// A view of a tensor of up to `Rank` dimensions; most kernels take 64-bit indices.
template <typename T, int Rank = 4, typename Index = int64_t>
struct StridedView {
    T* data;
    Index shape[Rank];
    Index stride[Rank];
};

template <typename T>
struct MinMax {
    T lo;
    T hi;
};

template <typename K, typename V>
struct KeyValue {
    K key;
    V value;
};

struct LayerNormArgs {
    StridedView<const __half, 3> input;
    StridedView<__half, 3> output;
    StridedView<const float, 1, int32_t> gamma;
    float eps;
};

// Calibration for int8 quantization: the range of each per-channel range, and a histogram
// of the bins' ranges.
struct CalibrationArgs {
    MinMax<MinMax<float>> channel_range;
    KeyValue<int32_t, MinMax<uint16_t>> top_bins[4];
    MinMax<MinMax<int8_t>> bins[8];
    uint32_t num_channels;
};

// Policies reach the derived class's constants through an empty base (CRTP).
template <typename Derived>
struct KernelPolicy {
    __host__ __device__ const Derived& derived() const {
        return static_cast<const Derived&>(*this);
    }
};

template <int BlockSize>
struct SoftmaxPolicy : KernelPolicy<SoftmaxPolicy<BlockSize>> {
    int32_t rows;
    int32_t cols;
    float scale;
};

struct SoftmaxArgs {
    SoftmaxPolicy<256> policy;
    const float* logits;
    float* probs;
};

typedef SoftmaxPolicy<128> SmallSoftmaxPolicy;

}  // namespace infer

// Helpers private to this translation unit.
namespace {

struct RngCursor {
    uint64_t seed;
    uint32_t offset;
    uint32_t subsequence;
};

}  // namespace

struct DropoutArgs {
    RngCursor rng;
    float keep_prob;
    const __half* in;
    __half* out;
};

namespace sim {

namespace {

struct CellRange {
    uint32_t first;
    uint32_t count;
};

}  // namespace

// The device stream an arena allocates on by default: a tag, with no state.
struct DefaultStream {};

struct ScratchArena {
    [[no_unique_address]] DefaultStream stream;
    uint32_t offset;
    uint32_t capacity;
};

struct StepArgs {
    float4* positions;
    ScratchArena arena;
    CellRange cells[2];
    infer::MinMax<CellRange> occupied;
    double dt;
};

// A timer with a constructor is no POD for layout: its 7 bytes of tail padding may hold the
// members after a `[[no_unique_address]]` one.
struct TimerState {
    __host__ __device__ TimerState() : ticks(0), lane(0) {}
    int64_t ticks;
    int8_t lane;
};

struct ProfiledStep {
    [[no_unique_address]] TimerState timer;
    int8_t stage;
};

struct ProfiledLaunch {
    ProfiledStep step;
    int32_t launch_id;
};

}  // namespace sim
