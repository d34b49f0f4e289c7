// PyTorch's at::PhiloxCudaState (aten/src/ATen/cuda/detail/PhiloxCudaStateRaw.cuh) and a
// TensorInfo-like descriptor (aten/src/ATen/cuda/detail/TensorInfo.cuh, for 3 dimensions),
// written from the public sources inside their namespace; the fixed-width integer typedefs
// that <cstdint> would give are declared here (NVRTC has no headers).
typedef unsigned long long uint64_t;
typedef long long int64_t;
typedef unsigned int uint32_t;

namespace at {
struct PhiloxCudaState {
  union Payload {
    uint64_t val;
    int64_t* ptr;
  };
  Payload seed_;
  Payload offset_;
  uint32_t offset_intragraph_ = 0;
  bool captured_ = false;
};

namespace cuda { namespace detail {
struct TensorInfo3 {
  float* data;
  int64_t sizes[3];
  int64_t strides[3];
  int dims;
};
} }
}
// check: at::PhiloxCudaState = {{.val = 67280421310721ULL}, {.val = 4096ULL}, 12U, true}
// check: at::cuda::detail::TensorInfo3 = {(float*)((char*)0 + 65536), {2LL, 3LL, 4LL}, {12LL, 4LL, 1LL}, 3}
