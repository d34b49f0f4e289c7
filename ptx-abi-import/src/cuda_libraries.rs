//! Stand-ins for CUDA's library headers that kernel headers include beside the runtime's:
//! cuRAND's device API (`curand_kernel.h`), cooperative groups, CUB's collectives, `<nv/target>` and the parts of
//! libcu++ (`<cuda/std/…>`, `<cuda/atomic>`) that shared structs and inline device code use
//! (issue 30). clang cannot read the real ones here: they need the host's C library and
//! clang's CUDA wrapper headers, which the importer's device-only clang does not have.
//!
//! A stand-in declares what a header needs to be read, and lays out exactly as the real
//! header does every type a struct may hold by value: cuRAND's generator states, with the
//! members of `curand_kernel.h`, `curand_philox4x32_x.h` and `curand_mtgp32.h` (the same in
//! CUDA 11.8, 12.9 and 13.5), `cuda::std::array<T, N>` (a `T[N]`), `cuda::atomic<T>` (a `T`
//! aligned to its size). Types a struct cannot hold by value with a layout ptx-abi knows
//! (cooperative groups' handles) hold a member the importer refuses, so that such a struct is
//! left out with the reason.
//! The emitted checks compile the header with the real library headers (nvcc finds them; NVRTC
//! gets CUDA's include directory, and `include/cccl` where CUDA 13 keeps libcu++), so a
//! stand-in's layout that differed from CUDA's would fail them.

/// `(include name, text)` of each stand-in, written into the importer's stand-in directory.
pub const LIBRARY_STANDINS: &[(&str, &str)] = &[
    ("curand_kernel.h", CURAND_KERNEL),
    ("curand.h", CURAND),
    ("curand_philox4x32_x.h", CURAND_PHILOX),
    ("curand_mtgp32.h", CURAND_MTGP32),
    ("curand_mtgp32_kernel.h", "#pragma once\n#include \"curand_mtgp32.h\"\n"),
    ("cooperative_groups.h", COOPERATIVE_GROUPS),
    (
        "cooperative_groups/reduce.h",
        "#pragma once\n#include <cooperative_groups.h>\n",
    ),
    (
        "cooperative_groups/memcpy_async.h",
        "#pragma once\n#include <cooperative_groups.h>\n",
    ),
    ("nv/target", NV_TARGET),
    ("cub/cub.cuh", CUB),
    ("cub/block/block_reduce.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/block/block_scan.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/block/block_load.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/block/block_store.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/block/block_radix_sort.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/warp/warp_reduce.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/warp/warp_scan.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/device/device_reduce.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/device/device_scan.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/device/device_radix_sort.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cub/device/device_select.cuh", "#pragma once\n#include <cub/cub.cuh>\n"),
    ("cuda/std/cstdint", "#pragma once\n#include <stdint.h>\nnamespace cuda { namespace std { using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t; using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t; using ::size_t; using ::uintptr_t; using ::intptr_t; } }\n"),
    ("cuda/std/cstddef", "#pragma once\n#include <stddef.h>\nnamespace cuda { namespace std { using ::size_t; using ::ptrdiff_t; enum class byte : unsigned char {}; } }\n"),
    ("cuda/std/array", CUDA_STD_ARRAY),
    ("thrust/complex.h", THRUST_COMPLEX),
    ("cuda/std/atomic", CUDA_ATOMIC),
    // One definition for both: a header including the two (`cuda::atomic<T, scope>` beside
    // `cuda::std::atomic<T>`) reads it once.
    ("cuda/atomic", "#pragma once\n#include <cuda/std/atomic>\n"),
    ("cuda/std/type_traits", "#pragma once\n#include <type_traits>\nnamespace cuda { namespace std { using namespace ::std; } }\n"),
    ("cuda/std/limits", "#pragma once\n#include <limits>\nnamespace cuda { namespace std { using ::std::numeric_limits; } }\n"),
    ("cuda/std/utility", "#pragma once\n#include <utility>\nnamespace cuda { namespace std { using ::std::pair; using ::std::move; using ::std::forward; using ::std::swap; } }\n"),
];

/// Thrust's `complex<T>` (`<thrust/complex.h>`, which PyTorch's `c10::complex` converts
/// from and to): two `T`, aligned to their size together, as Thrust declares it.
const THRUST_COMPLEX: &str = r#"#pragma once
#include <cuda_runtime.h>
namespace thrust {
template <class T> struct alignas(2 * sizeof(T)) complex {
    T __re, __im;
    __host__ __device__ complex(const T &re = T(), const T &im = T());
    template <class U> __host__ __device__ complex(const complex<U> &);
    __host__ __device__ T real() const; __host__ __device__ T imag() const;
};
#define PTX_ABI_THRUST_C1(f) template <class T> __host__ __device__ complex<T> f(const complex<T> &);
PTX_ABI_THRUST_C1(exp) PTX_ABI_THRUST_C1(log) PTX_ABI_THRUST_C1(log10) PTX_ABI_THRUST_C1(sqrt)
PTX_ABI_THRUST_C1(sin) PTX_ABI_THRUST_C1(cos) PTX_ABI_THRUST_C1(tan) PTX_ABI_THRUST_C1(asin)
PTX_ABI_THRUST_C1(acos) PTX_ABI_THRUST_C1(atan) PTX_ABI_THRUST_C1(sinh) PTX_ABI_THRUST_C1(cosh)
PTX_ABI_THRUST_C1(tanh) PTX_ABI_THRUST_C1(asinh) PTX_ABI_THRUST_C1(acosh) PTX_ABI_THRUST_C1(atanh)
PTX_ABI_THRUST_C1(conj) PTX_ABI_THRUST_C1(proj)
#undef PTX_ABI_THRUST_C1
template <class T> __host__ __device__ T abs(const complex<T> &);
template <class T> __host__ __device__ T arg(const complex<T> &);
template <class T> __host__ __device__ T norm(const complex<T> &);
template <class T> __host__ __device__ complex<T> polar(const T &, const T & = T());
template <class T, class U> __host__ __device__ complex<T> pow(const complex<T> &, const complex<U> &);
template <class T, class U> __host__ __device__ complex<T> pow(const complex<T> &, const U &);
template <class T, class U> __host__ __device__ complex<U> pow(const T &, const complex<U> &);
}
"#;

/// cuRAND's host API types: the enums (with CUDA's values, which a struct's enum member is
/// decoded against) and the opaque generator handle.
const CURAND: &str = r#"#pragma once
#include <stddef.h>
enum curandStatus { CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_VERSION_MISMATCH = 100, CURAND_STATUS_NOT_INITIALIZED = 101, CURAND_STATUS_ALLOCATION_FAILED = 102, CURAND_STATUS_TYPE_ERROR = 103, CURAND_STATUS_OUT_OF_RANGE = 104, CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105, CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106, CURAND_STATUS_LAUNCH_FAILURE = 201, CURAND_STATUS_PREEXISTING_FAILURE = 202, CURAND_STATUS_INITIALIZATION_FAILED = 203, CURAND_STATUS_ARCH_MISMATCH = 204, CURAND_STATUS_INTERNAL_ERROR = 999 };
typedef enum curandStatus curandStatus_t;
enum curandRngType { CURAND_RNG_TEST = 0, CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101, CURAND_RNG_PSEUDO_MRG32K3A = 121, CURAND_RNG_PSEUDO_MTGP32 = 141, CURAND_RNG_PSEUDO_MT19937 = 142, CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161, CURAND_RNG_QUASI_DEFAULT = 200, CURAND_RNG_QUASI_SOBOL32 = 201, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202, CURAND_RNG_QUASI_SOBOL64 = 203, CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204 };
typedef enum curandRngType curandRngType_t;
enum curandOrdering { CURAND_ORDERING_PSEUDO_BEST = 100, CURAND_ORDERING_PSEUDO_DEFAULT = 101, CURAND_ORDERING_PSEUDO_SEEDED = 102, CURAND_ORDERING_PSEUDO_LEGACY = 103, CURAND_ORDERING_PSEUDO_DYNAMIC = 104, CURAND_ORDERING_QUASI_DEFAULT = 201 };
typedef enum curandOrdering curandOrdering_t;
enum curandDirectionVectorSet { CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102, CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103, CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104 };
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
struct curandGenerator_st;
typedef struct curandGenerator_st *curandGenerator_t;
typedef double curandDistribution_st;
typedef curandDistribution_st *curandDistribution_t;
struct curandDiscreteDistribution_st;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;
curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean, float stddev);
"#;

/// `curandStatePhilox4_32_10`: CUDA's members (uint4 counter and output, uint2 key, …).
const CURAND_PHILOX: &str = r#"#pragma once
struct curandStatePhilox4_32_10 { uint4 ctr; uint4 output; uint2 key; unsigned int STATE; int boxmuller_flag; int boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
"#;

/// The Mersenne Twister (MTGP32) state and parameter tables, with CUDA's sizes.
const CURAND_MTGP32: &str = r#"#pragma once
#define MTGP32_MEXP 11213
#define MTGP32_N 351
#define MTGP32_FLOOR_2P 256
#define MTGP32_CEIL_2P 512
#define MTGP32_TN MTGP32_FLOOR_2P
#define MTGP32_LS (MTGP32_TN * 3)
#define MTGP32_TS 16
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGP32_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define TBL_SIZE 16
struct mtgp32_params_fast { int mexp; int pos; int sh1; int sh2; unsigned int tbl[16]; unsigned int tmp_tbl[16]; unsigned int flt_tmp_tbl[16]; unsigned int mask; unsigned char poly_sha1[21]; };
typedef struct mtgp32_params_fast mtgp32_params_fast_t;
struct mtgp32_kernel_params { unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS]; unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE]; unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE]; unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE]; unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS]; unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS]; unsigned int mask[1]; };
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
struct curandStateMtgp32 { unsigned int s[MTGP32_STATE_SIZE]; int offset; int pIdx; mtgp32_kernel_params_t *k; };
typedef struct curandStateMtgp32 curandStateMtgp32_t;
"#;

/// cuRAND's device API: every generator's state, with CUDA's members, and the device
/// functions kernels call on them.
const CURAND_KERNEL: &str = r#"#pragma once
#include "curand.h"
#include "curand_philox4x32_x.h"
#include "curand_mtgp32.h"
struct curandStateTest { unsigned int v; };
typedef struct curandStateTest curandStateTest_t;
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; int boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
struct curandStateMRG32k3a { unsigned int s1[3]; unsigned int s2[3]; int boxmuller_flag; int boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
#define PTX_ABI_CURAND_DEVICE_API(S) \
    __device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, S *state); \
    __device__ unsigned int curand(S *state); \
    __device__ float curand_uniform(S *state); \
    __device__ double curand_uniform_double(S *state); \
    __device__ float curand_normal(S *state); \
    __device__ double curand_normal_double(S *state); \
    __device__ float2 curand_normal2(S *state); \
    __device__ double2 curand_normal2_double(S *state); \
    __device__ float curand_log_normal(S *state, float mean, float stddev); \
    __device__ double curand_log_normal_double(S *state, double mean, double stddev); \
    __device__ unsigned int curand_poisson(S *state, double lambda); \
    __device__ void skipahead(unsigned long long n, S *state); \
    __device__ void skipahead_sequence(unsigned long long n, S *state);
PTX_ABI_CURAND_DEVICE_API(curandStateXORWOW_t)
PTX_ABI_CURAND_DEVICE_API(curandStateMRG32k3a_t)
PTX_ABI_CURAND_DEVICE_API(curandStatePhilox4_32_10_t)
#undef PTX_ABI_CURAND_DEVICE_API
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset, curandStateSobol32_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c, unsigned int offset, curandStateScrambledSobol32_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset, curandStateSobol64_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c, unsigned long long offset, curandStateScrambledSobol64_t *state);
__device__ unsigned int curand(curandStateSobol32_t *state);
__device__ unsigned int curand(curandStateScrambledSobol32_t *state);
__device__ unsigned long long curand(curandStateSobol64_t *state);
__device__ unsigned long long curand(curandStateScrambledSobol64_t *state);
__device__ float curand_uniform(curandStateSobol32_t *state);
__device__ float curand_normal(curandStateSobol32_t *state);
__device__ unsigned int curand(curandStateMtgp32_t *state);
__device__ float curand_uniform(curandStateMtgp32_t *state);
__device__ float curand_normal(curandStateMtgp32_t *state);
"#;

/// Cooperative groups: the group handles and the calls inline device code makes on them.
/// The handles are the device's business: declared with a member of a type the importer
/// refuses (`long double`), so a struct holding one by value is left out with the reason,
/// never given a guessed layout.
const COOPERATIVE_GROUPS: &str = r#"#pragma once
namespace cooperative_groups {
class thread_group {
    long double __no_host_layout;
public:
    __device__ void sync() const;
    __device__ unsigned long long size() const;
    __device__ unsigned long long num_threads() const;
    __device__ unsigned long long thread_rank() const;
};
class thread_block : public thread_group {
public:
    __device__ static void sync();
    __device__ static dim3 group_index();
    __device__ static dim3 thread_index();
    __device__ static dim3 group_dim();
    __device__ static dim3 dim_threads();
};
class grid_group : public thread_group {
public:
    __device__ static void sync();
    __device__ static bool is_valid();
    __device__ static dim3 group_dim();
    __device__ static dim3 block_index();
    __device__ static unsigned long long num_blocks();
    __device__ static unsigned long long block_rank();
};
class coalesced_group : public thread_group {
public:
    __device__ unsigned int meta_group_rank() const;
    template <class T> __device__ T shfl(T var, int src) const;
    __device__ unsigned int ballot(int pred) const;
    __device__ int any(int pred) const;
    __device__ int all(int pred) const;
};
template <unsigned int Size, class Parent = void> class thread_block_tile : public thread_group {
public:
    thread_block_tile() = default;
    template <class P> __device__ thread_block_tile(const thread_block_tile<Size, P> &);
    __device__ static constexpr unsigned int size() { return Size; }
    __device__ static constexpr unsigned int num_threads() { return Size; }
    __device__ unsigned int meta_group_rank() const;
    __device__ unsigned int meta_group_size() const;
    template <class T> __device__ T shfl(T var, int src) const;
    template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
    template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
    template <class T> __device__ T shfl_xor(T var, unsigned int mask) const;
    __device__ unsigned int ballot(int pred) const;
    __device__ int any(int pred) const;
    __device__ int all(int pred) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class Parent> __device__ thread_block_tile<Size, Parent> tiled_partition(const Parent &parent);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int tilesz);
template <class Group> __device__ void sync(const Group &g);
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class Group, class T, class Op> __device__ T reduce(const Group &g, T value, Op op);
template <class Group, class T> __device__ T inclusive_scan(const Group &g, T value);
template <class Group, class T> __device__ T exclusive_scan(const Group &g, T value);
}
namespace cg = cooperative_groups;
"#;

/// CUB's collectives as kernel headers use them: the block- and warp-wide reductions, scans,
/// loads, stores and radix sort with their `TempStorage`, the device-wide calls host code
/// makes, the operators and algorithm enums. `TempStorage` and `KeyValuePair` hold a member
/// the importer refuses (`long double`): their layout is CUB's, varies with its version and
/// tuning, and a struct holding one by value is left out with the reason, never given a
/// guessed layout. The checks compile the header with CUDA's own CUB.
const CUB: &str = r#"#pragma once
#include <cuda_runtime.h>
#define CUB_WARP_THREADS(unused) 32
#define CUB_LOG_WARP_THREADS(unused) 5
#define CUB_PTX_WARP_THREADS 32
#define CUB_PTX_LOG_WARP_THREADS 5
#ifdef __CUDA_ARCH__
#define CUB_PTX_ARCH __CUDA_ARCH__
#else
#define CUB_PTX_ARCH 0
#endif
namespace cub {
struct NullType {};
struct Sum { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; } };
struct Max { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; } };
struct Min { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; } };
template <class K, class V> struct KeyValuePair { K key; V value; long double __no_host_layout; };
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };
struct __TempStorage { long double __no_host_layout; };
template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
    struct TempStorage : __TempStorage {};
    __device__ BlockReduce(); __device__ BlockReduce(TempStorage &);
    template <class Op> __device__ T Reduce(T, Op); template <class Op> __device__ T Reduce(T, Op, int);
    template <int N, class Op> __device__ T Reduce(T (&)[N], Op);
    __device__ T Sum(T); __device__ T Sum(T, int); template <int N> __device__ T Sum(T (&)[N]);
};
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
    struct TempStorage : __TempStorage {};
    __device__ BlockScan(); __device__ BlockScan(TempStorage &);
    __device__ void ExclusiveSum(T, T &); __device__ void ExclusiveSum(T, T &, T &);
    __device__ void InclusiveSum(T, T &); __device__ void InclusiveSum(T, T &, T &);
    template <class Op> __device__ void ExclusiveScan(T, T &, T, Op); template <class Op> __device__ void ExclusiveScan(T, T &, T, Op, T &);
    template <class Op> __device__ void InclusiveScan(T, T &, Op); template <class Op> __device__ void InclusiveScan(T, T &, Op, T &);
    template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N]); template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N]);
    template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N], T &); template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N], T &);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
    struct TempStorage : __TempStorage {};
    __device__ WarpReduce(TempStorage &);
    __device__ T Sum(T); __device__ T Sum(T, int);
    template <class Op> __device__ T Reduce(T, Op); template <class Op> __device__ T Reduce(T, Op, int);
    template <class F> __device__ T HeadSegmentedSum(T, F); template <class F> __device__ T TailSegmentedSum(T, F);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
    struct TempStorage : __TempStorage {};
    __device__ WarpScan(TempStorage &);
    __device__ void InclusiveSum(T, T &); __device__ void InclusiveSum(T, T &, T &);
    __device__ void ExclusiveSum(T, T &); __device__ void ExclusiveSum(T, T &, T &);
    template <class Op> __device__ void InclusiveScan(T, T &, Op); template <class Op> __device__ void ExclusiveScan(T, T &, T, Op);
    __device__ T Broadcast(T, unsigned int);
};
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
    struct TempStorage : __TempStorage {};
    __device__ BlockLoad(); __device__ BlockLoad(TempStorage &);
    template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD]);
    template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int);
    template <class It, class D> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int, D);
};
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
    struct TempStorage : __TempStorage {};
    __device__ BlockStore(); __device__ BlockStore(TempStorage &);
    template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD]);
    template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD], int);
};
template <class K, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class V = NullType, int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
    struct TempStorage : __TempStorage {};
    __device__ BlockRadixSort(); __device__ BlockRadixSort(TempStorage &);
    __device__ void Sort(K (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(K) * 8);
    __device__ void Sort(K (&)[ITEMS_PER_THREAD], V (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(K) * 8);
    __device__ void SortDescending(K (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(K) * 8);
    __device__ void SortDescending(K (&)[ITEMS_PER_THREAD], V (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(K) * 8);
};
struct DeviceReduce {
    template <class I, class O, class N> static cudaError_t Sum(void *, size_t &, I, O, N, cudaStream_t = 0);
    template <class I, class O, class N> static cudaError_t Max(void *, size_t &, I, O, N, cudaStream_t = 0);
    template <class I, class O, class N> static cudaError_t Min(void *, size_t &, I, O, N, cudaStream_t = 0);
    template <class I, class O, class N, class Op, class T> static cudaError_t Reduce(void *, size_t &, I, O, N, Op, T, cudaStream_t = 0);
};
struct DeviceScan {
    template <class I, class O, class N> static cudaError_t ExclusiveSum(void *, size_t &, I, O, N, cudaStream_t = 0);
    template <class I, class O, class N> static cudaError_t InclusiveSum(void *, size_t &, I, O, N, cudaStream_t = 0);
    template <class I, class O, class Op, class T, class N> static cudaError_t ExclusiveScan(void *, size_t &, I, O, Op, T, N, cudaStream_t = 0);
    template <class I, class O, class Op, class N> static cudaError_t InclusiveScan(void *, size_t &, I, O, Op, N, cudaStream_t = 0);
};
struct DeviceRadixSort {
    template <class K, class N> static cudaError_t SortKeys(void *, size_t &, const K *, K *, N, int = 0, int = sizeof(K) * 8, cudaStream_t = 0);
    template <class K, class V, class N> static cudaError_t SortPairs(void *, size_t &, const K *, K *, const V *, V *, N, int = 0, int = sizeof(K) * 8, cudaStream_t = 0);
    template <class K, class N> static cudaError_t SortKeysDescending(void *, size_t &, const K *, K *, N, int = 0, int = sizeof(K) * 8, cudaStream_t = 0);
    template <class K, class V, class N> static cudaError_t SortPairsDescending(void *, size_t &, const K *, K *, const V *, V *, N, int = 0, int = sizeof(K) * 8, cudaStream_t = 0);
};
struct DeviceSelect {
    template <class I, class F, class O, class C, class N> static cudaError_t Flagged(void *, size_t &, I, F, O, C, N, cudaStream_t = 0);
    template <class I, class O, class C, class N, class P> static cudaError_t If(void *, size_t &, I, O, C, N, P, cudaStream_t = 0);
};
}
#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#endif
"#;

/// `<nv/target>`: libcu++'s target macros, each branch read as the device pass reads it for
/// the architecture the importer's clang compiles for (sm_70).
const NV_TARGET: &str = r#"#pragma once
namespace nv { namespace target {
typedef unsigned long long base_int_t;
struct detail_sm_selector { base_int_t v; };
} }
#define NV_IS_HOST 0
#define NV_IS_DEVICE 1
#define NV_ANY_TARGET 1
#define NV_NO_TARGET 0
#define NV_PROVIDES_SM_35 1
#define NV_PROVIDES_SM_50 1
#define NV_PROVIDES_SM_52 1
#define NV_PROVIDES_SM_53 1
#define NV_PROVIDES_SM_60 1
#define NV_PROVIDES_SM_61 1
#define NV_PROVIDES_SM_62 1
#define NV_PROVIDES_SM_70 1
#define NV_PROVIDES_SM_72 0
#define NV_PROVIDES_SM_75 0
#define NV_PROVIDES_SM_80 0
#define NV_PROVIDES_SM_86 0
#define NV_PROVIDES_SM_87 0
#define NV_PROVIDES_SM_89 0
#define NV_PROVIDES_SM_90 0
#define NV_PROVIDES_SM_100 0
#define NV_IS_EXACTLY_SM_70 1
#define PTX_ABI_NV_SELECT_1(...) __VA_ARGS__
#define PTX_ABI_NV_SELECT_0(...)
#define PTX_ABI_NV_SELECT(q) PTX_ABI_NV_SELECT_I(q)
#define PTX_ABI_NV_SELECT_I(q) PTX_ABI_NV_SELECT_##q
#define NV_IF_TARGET(q, t, ...) PTX_ABI_NV_IF(q, t, __VA_ARGS__)
#define PTX_ABI_NV_IF(q, t, ...) PTX_ABI_NV_SELECT(q)(PTX_ABI_NV_STRIP t) PTX_ABI_NV_SELECT(PTX_ABI_NV_NOT(q))(PTX_ABI_NV_STRIP __VA_ARGS__)
#define NV_IF_ELSE_TARGET(q, t, f) PTX_ABI_NV_SELECT(q)(PTX_ABI_NV_STRIP t) PTX_ABI_NV_SELECT(PTX_ABI_NV_NOT(q))(PTX_ABI_NV_STRIP f)
#define NV_DISPATCH_TARGET(...)
#define PTX_ABI_NV_STRIP(...) __VA_ARGS__
#define PTX_ABI_NV_NOT(q) PTX_ABI_NV_NOT_I(q)
#define PTX_ABI_NV_NOT_I(q) PTX_ABI_NV_NOT_##q
#define PTX_ABI_NV_NOT_1 0
#define PTX_ABI_NV_NOT_0 1
"#;

/// `cuda::std::array<T, N>`: a `T[N]`, as libcu++ lays it out.
const CUDA_STD_ARRAY: &str = r#"#pragma once
#include <stddef.h>
namespace cuda { namespace std {
template <class T, size_t N> struct array {
    T __elems_[N];
    __host__ __device__ constexpr T &operator[](size_t i) { return __elems_[i]; }
    __host__ __device__ constexpr const T &operator[](size_t i) const { return __elems_[i]; }
    __host__ __device__ constexpr size_t size() const { return N; }
    __host__ __device__ constexpr T *data() { return __elems_; }
};
} }
"#;

/// `cuda::atomic<T>` (and `cuda::std::atomic<T>`), laid out as libcu++ (CUDA 12.9 and 13.5,
/// `cuda/std/__atomic/types.h`) lays out its storage, with the calls device code makes:
/// - a `T` of under 4 bytes sits in a 32-bit proxy (`__atomic_small_storage`): 4 bytes,
///   aligned to 4; the stand-in keeps the `T` (the low bytes, which the proxy's conversions
///   read and write) and aligns the atomic to 4, so the Rust holds a `T` in the same 4 bytes;
/// - a `T` of 4 to 8 bytes is a `T` aligned to its size (`__atomic_storage`);
/// - a `T` over 8 bytes is not lock-free: libcu++ stores the `T` and then a lock word
///   (`__atomic_locked_storage`). Such an atomic holds a member the importer refuses
///   (`long double`), through an otherwise empty base, so a struct holding one is left out
///   with the reason rather than laid out by a guess.
const CUDA_ATOMIC: &str = r#"#pragma once
#define PTX_ABI_CUDA_ATOMIC_ALIGN(T) (sizeof(T) < 4 ? 4 : sizeof(T) > 8 ? 16 : sizeof(T))
#define PTX_ABI_CUDA_ATOMIC_BODY(T) \
    typename ::cuda::std::__ptx_abi_atomic_value<T, (sizeof(T) > 8)>::type __a_value; \
    __host__ __device__ T load(::cuda::std::memory_order = ::cuda::std::memory_order_seq_cst) const; \
    __host__ __device__ void store(T, ::cuda::std::memory_order = ::cuda::std::memory_order_seq_cst); \
    __host__ __device__ T fetch_add(T, ::cuda::std::memory_order = ::cuda::std::memory_order_seq_cst); \
    __host__ __device__ T fetch_sub(T, ::cuda::std::memory_order = ::cuda::std::memory_order_seq_cst); \
    __host__ __device__ T exchange(T, ::cuda::std::memory_order = ::cuda::std::memory_order_seq_cst); \
    __host__ __device__ bool compare_exchange_strong(T &, T, ::cuda::std::memory_order = ::cuda::std::memory_order_seq_cst);
struct __ptx_abi_atomic_with_lock { long double __lock_based_atomic_over_8_bytes; };
namespace cuda {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
namespace std {
enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release, memory_order_acq_rel, memory_order_seq_cst };
template <class T, bool Locked> struct __ptx_abi_atomic_value { typedef T type; };
template <class T> struct __ptx_abi_atomic_value<T, true> { typedef ::__ptx_abi_atomic_with_lock type; };
template <class T> struct alignas(PTX_ABI_CUDA_ATOMIC_ALIGN(T)) atomic { PTX_ABI_CUDA_ATOMIC_BODY(T) };
}
using std::memory_order;
using std::memory_order_relaxed;
using std::memory_order_acquire;
using std::memory_order_release;
using std::memory_order_acq_rel;
using std::memory_order_seq_cst;
template <class T, thread_scope S = thread_scope_system> struct alignas(PTX_ABI_CUDA_ATOMIC_ALIGN(T)) atomic { PTX_ABI_CUDA_ATOMIC_BODY(T) };
template <class T, thread_scope S = thread_scope_system> struct atomic_ref {
    T *__a_ptr;
    __host__ __device__ explicit atomic_ref(T &);
    __host__ __device__ T load(std::memory_order = std::memory_order_seq_cst) const;
    __host__ __device__ void store(T, std::memory_order = std::memory_order_seq_cst) const;
    __host__ __device__ T fetch_add(T, std::memory_order = std::memory_order_seq_cst) const;
};
}
#undef PTX_ABI_CUDA_ATOMIC_BODY
#undef PTX_ABI_CUDA_ATOMIC_ALIGN
"#;
