// Kernel arguments built from class templates, as collective-communication and tensor
// libraries write them: an argument block sized by a template parameter (a 4 KiB kernel
// argument buffer), fixed-capacity arrays of a type parameter, a templated pair nested in
// another instantiation, an explicit specialization, and instantiations reached only through
// typedefs and kernel signatures. Written for this suite. Imported as it stands: each
// instantiation the header uses becomes a Rust struct named after it (`Array<float, 4>` is
// `Array_float_4`), checked against NVRTC under its C++ name.
#pragma once
#include <cstdint>
#include <type_traits>

namespace coll {

struct DevComm {
    int rank;
    int nRanks;
    uint64_t* abortFlag;
};

template <int BYTES>
struct alignas(16) KernelArgs {
    DevComm* comm;
    uint64_t channelMask;
    int workStorageType;
    unsigned char workBuf[BYTES - 32];
};

template <typename T, int N>
struct Array {
    T data[N];
    int size;
};

template <typename A, typename B>
struct Pair {
    A first;
    B second;
};

// An explicit specialization with a layout of its own.
template <>
struct Array<bool, 8> {
    uint8_t bits;
};

typedef KernelArgs<4096> KernelArgs4K;
typedef Array<Pair<int, float>, 3> Schedule;

struct Launch {
    Array<float, 4> scales;
    Array<bool, 8> mask;
    Pair<uint16_t, double> tagged;
    Array<Pair<int, float>, 3> schedule;
};

// An alias template of a pointer, used alone and as an array (clang spells the array
// without desugaring it).
template <typename T>
using DeviceBuffer = T*;

struct BufferArgs {
    DeviceBuffer<float> in;
    DeviceBuffer<float> outs[2];
    DeviceBuffer<const int> offsets;
};

// A small-vector template as ray tracers write it: the components reachable by two sets of
// names through an anonymous union of anonymous structs, instantiated for two element types
// (clang declares every instantiation's unnamed members at the template's one location).
template <typename T>
struct vec2_t {
    enum { dims = 2 };
    typedef T scalar_t;
    union {
        struct { T x, y; };
        struct { T u, v; };
    };
};

struct RayArgs {
    vec2_t<float> uv;
    vec2_t<int> pixel;
    vec2_t<double> jitter;
};

// A GEMM kernel's parameters in the style of template libraries: the epilogue's parameters
// named with `typename` inside the kernel template, and an index type made unsigned by
// <type_traits>.
struct LinearEpilogue {
    struct Params { float alpha, beta; };
};

template <typename Index>
struct GemmParams {
    typename LinearEpilogue::Params epilogue;
    std::make_unsigned_t<Index> rows;
    Index ld;
};

struct GemmLaunch {
    GemmParams<int> params;
    GemmParams<long long> wide;
};

// A kernel's parameters named through an alias of the kernel's instantiation, the way
// template libraries name them (`using Kernel = …; Kernel::Params`).
template <typename Element>
struct ReduceKernel {
    struct Params {
        const Element* in;
        Element* out;
        int n;
    };
};

using ReduceF32 = ReduceKernel<float>;

// Tiles specialized by layout and bounds checks specialized by a flag: explicit
// specializations whose arguments are an enumerator and `true`, as members and as a base.
enum class TileLayout { RowMajor, ColMajor };

template <typename T, TileLayout L>
struct Tile {
    T v[4];
};

template <>
struct Tile<double, TileLayout::ColMajor> {
    double v[2];
    int ld;
};

template <bool Guarded>
struct Bounds {
    int n;
};

template <>
struct Bounds<true> {
    int n;
    int limit;
};

struct GuardedTile : Bounds<true> {
    Tile<double, TileLayout::ColMajor> tile;
};

struct TileLaunch {
    Tile<double, TileLayout::ColMajor> tile;
    Bounds<true> bounds;
    Tile<float, TileLayout::RowMajor> plain;
    GuardedTile guarded;
};

struct ReduceLaunch {
    ReduceF32::Params params;
    int grid;
};

}  // namespace coll

__global__ void allReduceKernel(coll::KernelArgs4K args);
__global__ void scheduleKernel(const coll::Schedule s, coll::Launch l);
