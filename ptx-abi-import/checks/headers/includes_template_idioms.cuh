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
#include <type_traits>
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

// Member aliases as containers write them: the element through `value_type`, an array of it
// (clang gives the array no desugared type), pointers to it through the container, one of
// them `const` itself.
template <typename T>
struct Span2 {
    using value_type = T;
    typedef const T* const_pointer;
    value_type items[2];
    const_pointer data;
};

template <typename Container>
struct ViewOf {
    typename Container::value_type* const base;
    const typename Container::value_type* end;
};

struct Buffers {
    Span2<float> staging;
    ViewOf<Span2<int>> view;
};

// Defaults that depend on an earlier parameter, as tiled kernels size their vectors
// (`Lanes = 16 / sizeof(T)`, a traits constant) and constrain them (`enable_if_t`): clang
// names each instantiation without the defaulted arguments, `Packet<float>`.
template <typename T>
struct LaneTraits {
    static constexpr int kLanes = 16 / sizeof(T);
};
template <typename T, int Lanes = LaneTraits<T>::kLanes>
struct Packet {
    T v[Lanes];
};
template <typename T, int Lanes = 8 / sizeof(T), typename = std::enable_if_t<std::is_floating_point<T>::value>>
struct Bounds {
    T lo[Lanes];
    T hi[Lanes];
};
template <typename T, typename Ptr = const T*>
struct Cursor {
    Ptr at;
    T last;
};

// Variadic templates: a tag list carried for dispatch, a pair picked by a partial
// specialization, and the recursive tuple over a public base (no tail padding to reuse).
template <typename... Tags>
struct Tagged {
    int32_t id;
};
template <typename... Ts>
struct Duo;
template <typename A, typename B>
struct Duo<A, B> {
    A first;
    B second;
};
template <typename... Ts>
struct Row;
template <>
struct Row<> {};
template <typename H, typename... Ts>
struct Row<H, Ts...> : Row<Ts...> {
    H head;
};

struct TileArgs {
    Packet<float> a;
    Packet<__half> b;
    Packet<double, 4> wide;
    Bounds<float> box;
    Cursor<float> cursor;
    Tagged<float, int> tag;
    Duo<char, double> duo;
    Row<float, float> xy;
};

}  // namespace sim
