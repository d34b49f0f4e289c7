// Modelled on PyTorch v2.4.0's ATen CUDA headers: at::PhiloxCudaState
// (aten/src/ATen/cuda/detail/PhiloxCudaStateRaw.cuh), the seed and offset a kernel using
// Philox receives by value, and TensorInfo (aten/src/ATen/cuda/detail/TensorInfo.cuh), the
// strided tensor descriptor. Written for this suite, not copied from PyTorch: it reproduces
// PhiloxCudaState's members in order (two unions of a 64-bit value or a pointer, used when
// a CUDA graph is being captured; a 32-bit intragraph offset; the capture flag) with their
// default member initializers, and TensorInfo as one instantiation written out as a plain
// struct, `TensorInfo<float, int64_t>` with 3 dimensions where PyTorch's template has
// MAX_TENSORINFO_DIMS (25). The constructors are left out so that both stay aggregates.
//
// Stand-ins for the <cstdint> names PyTorch uses (every suite header is compiled inside a
// namespace of its own, where the standard header cannot be included).
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;

#define TENSORINFO3_DIMS 3

namespace at {

struct PhiloxCudaState {
    // A value outside graph capture, a device pointer read at replay within it.
    union Payload {
        uint64_t val;
        int64_t* ptr;
    };
    Payload seed_;
    Payload offset_;
    uint32_t offset_intragraph_ = 0;
    bool captured_ = false;
};

} // namespace at

namespace at::cuda::detail {

struct TensorInfo3 {
    float* data;
    int64_t sizes[TENSORINFO3_DIMS];
    int64_t strides[TENSORINFO3_DIMS];
    int dims;
};

} // namespace at::cuda::detail
// check: at::PhiloxCudaState = {{.val = 67280421310721ULL}, {.val = 4096ULL}, 12U, true}
// check: at::cuda::detail::TensorInfo3 = {(float*)((char*)0 + 65536), {2LL, 3LL, 4LL}, {12LL, 4LL, 1LL}, 3}
