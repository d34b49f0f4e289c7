// A shared header as ML extensions write them: C++ standard headers at the top, host-side
// function declarations that take std::vector, std::string and FILE*, compile-time checks
// with <type_traits> and <limits>, a std::array and a struct timespec member, std::min and
// rand in inline code.
// Written for this suite. The importer and NVRTC's checks get the same stand-ins for these
// headers; the shared structs are imported and checked. std::min in device code needs nvcc's
// --expt-relaxed-constexpr, as such extensions build with.
// import-args: --expt-relaxed-constexpr
#pragma once
#include <vector>
#include <string>
#include <memory>
#include <type_traits>
#include <limits>
#include <utility>
#include <array>
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <ctime>
#include <algorithm>
#include <cstdlib>
#include <cstddef>

namespace ext {

struct ScaleParams {
    float scale;
    float clamp_max;
    int32_t rows;
    std::array<int32_t, 4> strides;
};

static_assert(std::is_trivially_copyable<ScaleParams>::value, "ScaleParams is copied to the GPU");
static_assert(std::numeric_limits<int32_t>::max() == 2147483647, "int32_t");
static_assert(std::is_same<std::remove_cv_t<const float>, float>::value, "traits");

template <typename T>
struct TensorView {
    T* data;
    int64_t numel;
    static_assert(std::is_arithmetic<T>::value, "elements are numbers");
};

// A scratch slab aligned for any object, as allocator headers align their storage.
struct ArenaSlab {
    alignas(alignof(std::max_align_t)) unsigned char bytes[48];
    std::size_t used;
    std::byte owner;
};

// A text shaper's query: wide characters, a handle that is a distinct integer type, raw bytes.
enum class BufferHandle : uint32_t {};
struct GlyphQuery {
    wchar_t ch;
    char16_t utf16;
    char32_t utf32;
    BufferHandle buffer;
    std::byte flags[4];
};

struct LaunchArgs {
    TensorView<float> input;
    TensorView<float> output;
    ScaleParams params;
};

struct RunStamp {
    struct timespec started;
    uint32_t run_id;
};

// Host-side API beside the shared types.
void dump_stats(FILE* out, const LaunchArgs& args);
inline float jitter() { return (float)rand() / (float)RAND_MAX; }
void launch_scale(const std::vector<LaunchArgs>& batches, const std::string& name);
std::unique_ptr<LaunchArgs> make_args(std::vector<float>& host);

__device__ inline float clamp_scale(const ScaleParams& p, float v) {
    return std::min(v * p.scale, p.clamp_max < std::numeric_limits<float>::max() ? p.clamp_max : v)
        + erfcf(0.0f) * 0.0f;
}

}  // namespace ext
