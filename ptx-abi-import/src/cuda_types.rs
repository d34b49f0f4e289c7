//! The one table from CUDA's type names to ptx-abi's Rust types, and the C definitions the
//! importer gives clang for them when no CUDA headers are used.
//!
//! clang runs with `-nocudainc` (a fresh machine has no CUDA install), so the types CUDA's
//! headers declare are defined by [`prelude`] from this table, with the sizes and alignments of
//! CUDA's `vector_types.h`, `cuda_fp16.h`, `cuda_bf16.h`, `cuda_fp8.h`, `cuda_fp4.h` and
//! `cuda.h`. A member of one of these types becomes the Rust type of its row.
//!
//! The Rust names of CUDA's C++ types (`double4`, `__half2`, fp8, `CUtensorMap`, …) are read
//! from ptx-abi's own table, [`ptx_abi_core::types::CUDA_TYPES`], at compile time: a row here that
//! names a type the table lacks does not compile.
//!
//! CUDA's headers differ between releases (issue 22), and so does the importer's view of them,
//! for the release an import is for ([`crate::Importer::cuda_version`]): a type exists from the
//! release core's table says ([`CudaType::since`]: `double4_32a` from 13.0, `CUtensorMap` from
//! 12.0), `CUtensorMap` is aligned as that release declares it ([`CudaType::align_in`]:
//! 64, then 128 from 13.0), and `CUDART_VERSION` is that release's.

use std::fmt::Write as _;

use ptx_abi_core::layout::cuda_version::CudaVersion;
use ptx_abi_core::layout::rules;

use crate::model::{scalar_from_c, Scalar};

/// How the prelude defines a CUDA type for clang.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CDef {
    /// A vector type: `struct __align__(align) name { elem x, y, …; }` (§1.2, and CUDA's
    /// 3- and 4-lane vectors of 8-byte elements, which are structs), aligned as core says
    /// ([`CudaType::align_in`]).
    Vector {
        /// C element type.
        elem: &'static str,
        /// Number of lanes (`x`, `y`, `z`, `w`).
        lanes: u8,
    },
    /// An opaque storage struct: `struct __align__(align) name { storage; }`, aligned as core
    /// says ([`CudaType::align_in`]).
    Storage {
        /// The member declaration(s), such as `unsigned short __x`.
        storage: &'static str,
    },
    /// A typedef of another row: `typedef target name;`.
    Typedef(&'static str),
}

/// Where the Rust type of a row comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Availability {
    /// A §1.2 vector of `ptx_abi` (`Float4`, `Int2`, …).
    Today,
    /// One of CUDA's C++ types in [`ptx_abi_core::types::CUDA_TYPES`] (issue 14); the name is that
    /// table's.
    CxxTypes,
    /// `half::f16` through ptx-abi's re-export (`::ptx_abi::half`): needs ptx-abi's feature
    /// `half`, no dependency of the user's own.
    HalfFeature,
}

/// One CUDA type the importer knows by name.
#[derive(Debug, PartialEq, Eq)]
pub struct CudaType {
    /// CUDA's name (`float4`, `__half`, `CUtensorMap`).
    pub c_name: &'static str,
    /// The Rust type: a name in `ptx_abi` (`Float4`, `Double4`), or for
    /// [`Availability::HalfFeature`] an absolute path (`::ptx_abi::half::f16`, ptx-abi's re-export of `half`); see
    /// [`CudaType::rust_path`].
    pub rust: &'static str,
    /// The C definition given to clang.
    pub def: CDef,
    /// Where `rust` comes from.
    pub availability: Availability,
    /// The first CUDA release that declares it (core's table for CUDA's C++ types).
    pub since: CudaVersion,
}

impl CudaType {
    /// Whether CUDA's headers declare it as a class that is not a POD (C++03: constructors,
    /// non-public storage): `__half`, `__half2`, the bfloat16, fp8 and fp4 classes. GNU's
    /// `packed` leaves a member of such a type at its own alignment in nvcc's device pass
    /// (warning #2262-D, nvcc 13.5 for every one of them aligned above 1), where NVRTC packs
    /// it; the vectors and `CUtensorMap` are plain structs.
    pub fn is_class_not_pod(&self) -> bool {
        match self.def {
            CDef::Typedef(t) => lookup(t).is_some_and(CudaType::is_class_not_pod),
            CDef::Storage { .. } => self.c_name != "CUtensorMap",
            CDef::Vector { .. } => false,
        }
    }

    /// Whether CUDA `v` declares this type.
    pub fn declared_in(&self, v: CudaVersion) -> bool {
        v.at_least(self.since)
    }

    /// Its alignment in CUDA `v`, always core's (the importer has no alignment rule of its
    /// own): [`ptx_abi_core::types::CudaType::align_in`] for CUDA's C++ types (only
    /// `CUtensorMap`'s depends on the release), §1.2's vector rule
    /// ([`ptx_abi_core::layout::rules::try_vector_layout`]) for the native vectors, `f16`'s for
    /// `__half`; 0 for a typedef (which declares no alignment of its own).
    pub fn align_in(&self, v: CudaVersion) -> u32 {
        let align = match (self.availability, self.def) {
            (_, CDef::Typedef(_)) => 0,
            (Availability::CxxTypes, _) => core_row(self.c_name).align_in(v),
            (Availability::HalfFeature, _) => rules::scalar_layout(Scalar::F16).align,
            (Availability::Today, CDef::Vector { elem, lanes }) => scalar_from_c(elem)
                .and_then(|e| rules::try_vector_layout(e, usize::from(lanes)).ok())
                .map_or(0, |l| l.align),
            (Availability::Today, CDef::Storage { .. }) => 0,
        };
        align as u32
    }

    /// The Rust type as an absolute path (`::ptx_abi::types::Double4`, `::ptx_abi::half::f16`).
    pub fn rust_path(&self) -> String {
        match self.availability {
            Availability::HalfFeature => self.rust.to_string(),
            _ => format!("::ptx_abi::types::{}", self.rust),
        }
    }
}

/// The row of `c_name` in [`ptx_abi_core::types::CUDA_TYPES`] (a compile error when there is none).
pub(crate) const fn core_row(c_name: &str) -> &'static ptx_abi_core::types::CudaType {
    let rows = ptx_abi_core::types::CUDA_TYPES;
    let want = c_name.as_bytes();
    let mut k = 0;
    while k < rows.len() {
        let have = rows[k].c_name.as_bytes();
        if have.len() == want.len() {
            let mut i = 0;
            while i < want.len() && have[i] == want[i] {
                i += 1;
            }
            if i == want.len() {
                return &rows[k];
            }
        }
        k += 1;
    }
    panic!("a CUDA type of the importer's table is not in ptx_abi_core::types::CUDA_TYPES");
}

/// The Rust name ptx-abi gives CUDA's C++ type `c_name`.
const fn core_rust(c_name: &str) -> &'static str {
    core_row(c_name).rust
}

/// The first release that declares CUDA's C++ type `c_name`, from core's table.
const fn core_since(c_name: &str) -> CudaVersion {
    core_row(c_name).since
}

/// Types older than every release ptx-abi knows.
const ALWAYS: CudaVersion = CudaVersion::OLDEST_KNOWN;

macro_rules! vectors {
    ($($stem:literal $rust:literal $elem:literal [$($n:literal $avail:ident),*];)*) => {
        &[$($(CudaType {
            c_name: concat!($stem, $n),
            rust: vectors!(@rust $avail, concat!($stem, $n), concat!($rust, $n)),
            def: CDef::Vector {
                elem: $elem,
                lanes: $n,
            },
            availability: Availability::$avail,
            since: vectors!(@since $avail, concat!($stem, $n)),
        },)*)*]
    };
    (@rust Today, $c:expr, $rust:expr) => { $rust };
    (@rust CxxTypes, $c:expr, $rust:expr) => { core_rust($c) };
    (@since Today, $c:expr) => { ALWAYS };
    (@since CxxTypes, $c:expr) => { core_since($c) };
}

/// CUDA 13's 4-lane vectors of 64-bit elements aligned 16 and 32 (`vector_types.h` of 13.0).
macro_rules! aligned_vectors {
    ($($c:literal $elem:literal;)*) => {
        [$(CudaType {
            c_name: $c,
            rust: core_rust($c),
            def: CDef::Vector {
                elem: $elem,
                lanes: 4,
            },
            availability: Availability::CxxTypes,
            since: core_since($c),
        },)*]
    };
}

/// `double4_16a`, `long4_32a`, …: declared from CUDA 13.0.
const ALIGNED_VECTORS: [CudaType; 10] = aligned_vectors! {
    "double4_16a" "double";
    "double4_32a" "double";
    "long4_16a" "long";
    "long4_32a" "long";
    "ulong4_16a" "unsigned long";
    "ulong4_32a" "unsigned long";
    "longlong4_16a" "long long";
    "longlong4_32a" "long long";
    "ulonglong4_16a" "unsigned long long";
    "ulonglong4_32a" "unsigned long long";
};

/// CUDA's vector types (`vector_types.h`; §1.2 for the shapes PTX has).
pub const VECTORS: &[CudaType] = vectors! {
    "char" "Char" "signed char" [1 Today, 2 Today, 3 Today, 4 Today];
    "uchar" "UChar" "unsigned char" [1 Today, 2 Today, 3 Today, 4 Today];
    "short" "Short" "short" [1 Today, 2 Today, 3 Today, 4 Today];
    "ushort" "UShort" "unsigned short" [1 Today, 2 Today, 3 Today, 4 Today];
    "int" "Int" "int" [1 Today, 2 Today, 3 Today, 4 Today];
    "uint" "UInt" "unsigned int" [1 Today, 2 Today, 3 Today, 4 Today];
    "float" "Float" "float" [1 Today, 2 Today, 3 Today, 4 Today];
    "long" "Long" "long" [1 Today, 2 Today, 3 CxxTypes, 4 CxxTypes];
    "ulong" "ULong" "unsigned long" [1 Today, 2 Today, 3 CxxTypes, 4 CxxTypes];
    "longlong" "LongLong" "long long" [1 Today, 2 Today, 3 CxxTypes, 4 CxxTypes];
    "ulonglong" "ULongLong" "unsigned long long" [1 Today, 2 Today, 3 CxxTypes, 4 CxxTypes];
    "double" "Double" "double" [1 Today, 2 Today, 3 CxxTypes, 4 CxxTypes];
};

/// CUDA 13's `*_16a` / `*_32a` vectors.
pub const ALIGNED: &[CudaType] = &ALIGNED_VECTORS;

/// CUDA's other types with a ptx-abi counterpart (besides [`ALIGNED`]).
pub const OTHERS: &[CudaType] = &[
    CudaType {
        c_name: "__half",
        rust: "::ptx_abi::half::f16",
        def: CDef::Storage {
            storage: "unsigned short __x",
        },
        availability: Availability::HalfFeature,
        since: ALWAYS,
    },
    CudaType {
        c_name: "half",
        rust: "::ptx_abi::half::f16",
        def: CDef::Typedef("__half"),
        availability: Availability::HalfFeature,
        since: ALWAYS,
    },
    CudaType {
        c_name: "__half2",
        rust: core_rust("__half2"),
        def: CDef::Storage {
            storage: "__half x, y",
        },
        availability: Availability::CxxTypes,
        since: core_since("__half2"),
    },
    CudaType {
        c_name: "half2",
        rust: core_rust("__half2"),
        def: CDef::Typedef("__half2"),
        availability: Availability::CxxTypes,
        since: core_since("__half2"),
    },
    CudaType {
        c_name: "__nv_bfloat16",
        rust: core_rust("__nv_bfloat16"),
        def: CDef::Storage {
            storage: "unsigned short __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_bfloat16"),
    },
    CudaType {
        c_name: "nv_bfloat16",
        rust: core_rust("__nv_bfloat16"),
        def: CDef::Typedef("__nv_bfloat16"),
        availability: Availability::CxxTypes,
        since: core_since("__nv_bfloat16"),
    },
    CudaType {
        c_name: "__nv_bfloat162",
        rust: core_rust("__nv_bfloat162"),
        def: CDef::Storage {
            storage: "__nv_bfloat16 x, y",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_bfloat162"),
    },
    CudaType {
        c_name: "nv_bfloat162",
        rust: core_rust("__nv_bfloat162"),
        def: CDef::Typedef("__nv_bfloat162"),
        availability: Availability::CxxTypes,
        since: core_since("__nv_bfloat162"),
    },
    CudaType {
        c_name: "__nv_fp8_e4m3",
        rust: core_rust("__nv_fp8_e4m3"),
        def: CDef::Storage {
            storage: "unsigned char __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp8_e4m3"),
    },
    CudaType {
        c_name: "__nv_fp8_e5m2",
        rust: core_rust("__nv_fp8_e5m2"),
        def: CDef::Storage {
            storage: "unsigned char __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp8_e5m2"),
    },
    CudaType {
        c_name: "__nv_fp8x2_e4m3",
        rust: core_rust("__nv_fp8x2_e4m3"),
        def: CDef::Storage {
            storage: "unsigned short __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp8x2_e4m3"),
    },
    CudaType {
        c_name: "__nv_fp8x2_e5m2",
        rust: core_rust("__nv_fp8x2_e5m2"),
        def: CDef::Storage {
            storage: "unsigned short __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp8x2_e5m2"),
    },
    CudaType {
        c_name: "__nv_fp8x4_e4m3",
        rust: core_rust("__nv_fp8x4_e4m3"),
        def: CDef::Storage {
            storage: "unsigned int __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp8x4_e4m3"),
    },
    CudaType {
        c_name: "__nv_fp8x4_e5m2",
        rust: core_rust("__nv_fp8x4_e5m2"),
        def: CDef::Storage {
            storage: "unsigned int __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp8x4_e5m2"),
    },
    CudaType {
        c_name: "__nv_fp4x2_e2m1",
        rust: core_rust("__nv_fp4x2_e2m1"),
        def: CDef::Storage {
            storage: "unsigned char __x",
        },
        availability: Availability::CxxTypes,
        since: core_since("__nv_fp4x2_e2m1"),
    },
    CudaType {
        c_name: "CUtensorMap",
        rust: core_rust("CUtensorMap"),
        def: CDef::Storage {
            storage: "unsigned long long opaque[16]",
        },
        availability: Availability::CxxTypes,
        since: core_since("CUtensorMap"),
    },
];

/// Every row: [`VECTORS`], [`ALIGNED`], [`OTHERS`].
pub fn rows() -> impl Iterator<Item = &'static CudaType> {
    VECTORS.iter().chain(ALIGNED).chain(OTHERS)
}

/// The row of CUDA type `c_name`, if the importer knows it and CUDA `v` declares it.
pub fn lookup_in(c_name: &str, v: CudaVersion) -> Option<&'static CudaType> {
    rows().find(|t| t.c_name == c_name && t.declared_in(v))
}

/// [`lookup_in`] for the release ptx-abi describes ([`ptx_abi_core::layout::cuda_version::CUDA_VERSION`]).
pub fn lookup(c_name: &str) -> Option<&'static CudaType> {
    lookup_in(c_name, ptx_abi_core::layout::cuda_version::CUDA_VERSION)
}

/// [`prelude_for`] the release ptx-abi describes ([`ptx_abi_core::layout::cuda_version::CUDA_VERSION`]).
pub fn prelude() -> String {
    prelude_for(ptx_abi_core::layout::cuda_version::CUDA_VERSION)
}

/// The C definitions clang gets with every header, for CUDA release `v` (what nvcc's
/// `cuda_runtime.h`, which it includes first, and NVRTC declare with no `#include`): CUDA's
/// keywords (`__device__`, `__global__`, `__host__`, `__align__`, …), `CUDART_VERSION` and
/// `CUDA_VERSION` of `v`, the vector types of the table with `v`'s alignments, `dim3`, and
/// [`PREDECLARED`]. The half, bfloat16, fp8 and fp4 types and `CUtensorMap` are declared only
/// by their own headers' stand-ins ([`standin_header`]), as in CUDA: a header that does not
/// include `cuda_fp16.h` may declare its own `half`.
pub fn prelude_for(v: CudaVersion) -> String {
    prelude_text(v, false)
}

/// [`prelude_for`] where CUDA's include directory is among clang's arguments and holds the
/// runtime API (`crate::cuda_include`): the C runtime and driver APIs (`cuda_runtime_api.h`,
/// `driver_types.h`, `texture_types.h`, `cuda.h`, …) are read from it, as nvcc's implicit
/// `cuda_runtime.h` includes them; the prelude keeps CUDA's keywords, the vector types of the
/// table, the device built-ins and what `cuda_runtime.h` adds in C++ (its templates over the C
/// API, the launch configuration a `kernel<<<…>>>` needs), and includes the real
/// `cuda_runtime_api.h` where it declared its own.
pub fn prelude_reading_toolkit(v: CudaVersion) -> String {
    prelude_text(v, true)
}

/// [`prelude_for`] (`toolkit`: [`prelude_reading_toolkit`]).
fn prelude_text(v: CudaVersion, toolkit: bool) -> String {
    let mut s = String::from(
        "// ptx-abi-import's stand-in for CUDA's headers (clang runs with -nocudainc).\n\
         #pragma once\n\
         #define __device__ __attribute__((device))\n\
         #define __global__ __attribute__((global))\n\
         #define __host__ __attribute__((host))\n\
         #define __shared__ __attribute__((shared))\n\
         #define __constant__ __attribute__((constant))\n\
         #define __managed__ __attribute__((managed))\n\
         #define __forceinline__ inline __attribute__((always_inline))\n\
         #define __noinline__ __attribute__((noinline))\n\
         #define __align__(n) __attribute__((aligned(n)))\n\
         #define __builtin_align__(n) __attribute__((aligned(n)))\n\
         #define __device_builtin__\n\
         #define __restrict__ __restrict\n\
         #define __launch_bounds__(...)\n\
         #define __grid_constant__\n\
         #define __CUDACC__ 1\n",
    );
    // The macros CUDA's `host_defines.h`, `cuda_runtime_api.h`, `driver_types.h` and `cuda.h`
    // define on Linux for the other headers of the toolkit (`cuda_profiler_api.h`,
    // `library_types.h`, cuBLAS's), read from its include directory (`crate::cuda_include`).
    s.push_str(
        "#define CUDARTAPI\n\
         #define CUDARTAPI_CDECL\n\
         #define __cudart_builtin__\n\
         #define __device_builtin_texture_type__\n\
         #define __device_builtin_surface_type__\n\
         #define __specialization_static\n\
         #define __dv(v) = v\n\
         #define CUDART_CB\n\
         #define CUDAAPI\n\
         #define CUDA_CB\n\
         #ifndef __CUDA_DEPRECATED\n#define __CUDA_DEPRECATED\n#endif\n",
    );

    writeln!(s, "#define CUDART_VERSION {}", v.code()).unwrap();
    writeln!(s, "#define CUDA_VERSION {}", v.code()).unwrap();
    definitions(&mut s, v, "vector_types.h");
    make_functions(&mut s, v);
    // `dim3` converts from integers and `uint3` as CUDA's does (`k<<<n / 256, 256>>>`).
    s.push_str(
        "typedef struct dim3_ { unsigned int x, y, z; \
         __host__ __device__ constexpr dim3_(unsigned int vx = 1, unsigned int vy = 1, \
         unsigned int vz = 1) : x(vx), y(vy), z(vz) {} \
         __host__ __device__ constexpr dim3_(uint3 v) : x(v.x), y(v.y), z(v.z) {} } dim3;\n",
    );
    if !toolkit {
        s.push_str(PREDECLARED);
        s.push_str(DEVICE_BUILTINS);
        s.push_str(RUNTIME_API);
        return s;
    }
    s.push_str("typedef __SIZE_TYPE__ size_t;\ntypedef __PTRDIFF_TYPE__ ptrdiff_t;\n");
    s.push_str(DEVICE_BUILTINS);
    // nvcc's `cuda_runtime.h` brings C's string functions (`crt/common_functions.h`), the
    // runtime API, and the channel descriptors' template (`channel_descriptor.h`).
    s.push_str(
        "#include <string.h>\n\
         #include <cuda_runtime_api.h>\n\
         template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void);\n",
    );
    // clang's `kernel<<<…>>>` calls `cudaConfigureCall`, which CUDA 12 no longer declares.
    s.push_str(
        "#if CUDART_VERSION >= 12000\n\
         extern \"C\" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, \
         size_t sharedMem = 0, cudaStream_t stream = 0);\n\
         #endif\n",
    );
    for line in RUNTIME_API
        .lines()
        .filter(|l| l.starts_with("template ") || l.contains("__cudaPushCallConfiguration"))
    {
        s.push_str(line);
        s.push('\n');
    }
    s
}

/// What CUDA code calls without an `#include` (nvcc's `cuda_runtime.h` declares it), so that
/// a header whose inline `__device__` functions use it reads: the built-in variables, the
/// common math functions (C names and C++ overloads), `min`/`max`, the warp, atomic, load and
/// bit intrinsics, `printf`, `memcpy`, `malloc`. Declarations only: the importer reads types,
/// and no body is compiled for them.
pub const DEVICE_BUILTINS: &str = r#"static __device__ const uint3 threadIdx = {0, 0, 0};
static __device__ const uint3 blockIdx = {0, 0, 0};
static __device__ const dim3 blockDim = {1, 1, 1};
static __device__ const dim3 gridDim = {1, 1, 1};
static __device__ const int warpSize = 32;
#ifdef PTX_ABI_IMPORT_HOST_LIBRARY
#define PTX_ABI_LIBC __device__
#else
#define PTX_ABI_LIBC __host__ __device__
#endif
#define PTX_ABI_MATH1(n) extern "C" PTX_ABI_LIBC float n##f(float); extern "C" PTX_ABI_LIBC double n(double); PTX_ABI_LIBC float n(float);
#define PTX_ABI_MATH2(n) extern "C" PTX_ABI_LIBC float n##f(float, float); extern "C" PTX_ABI_LIBC double n(double, double); PTX_ABI_LIBC float n(float, float);
PTX_ABI_MATH1(sqrt) PTX_ABI_MATH1(rsqrt) PTX_ABI_MATH1(cbrt) PTX_ABI_MATH1(exp) PTX_ABI_MATH1(exp2)
PTX_ABI_MATH1(expm1) PTX_ABI_MATH1(log) PTX_ABI_MATH1(log2) PTX_ABI_MATH1(log10) PTX_ABI_MATH1(log1p)
PTX_ABI_MATH1(sin) PTX_ABI_MATH1(cos) PTX_ABI_MATH1(tan) PTX_ABI_MATH1(asin) PTX_ABI_MATH1(acos)
PTX_ABI_MATH1(atan) PTX_ABI_MATH1(sinh) PTX_ABI_MATH1(cosh) PTX_ABI_MATH1(tanh) PTX_ABI_MATH1(erf)
PTX_ABI_MATH1(fabs) PTX_ABI_MATH1(floor) PTX_ABI_MATH1(ceil) PTX_ABI_MATH1(round) PTX_ABI_MATH1(trunc)
PTX_ABI_MATH1(rint) PTX_ABI_MATH1(erfc) PTX_ABI_MATH1(erfinv) PTX_ABI_MATH1(erfcinv)
PTX_ABI_MATH1(lgamma) PTX_ABI_MATH1(tgamma) PTX_ABI_MATH1(exp10) PTX_ABI_MATH1(sinpi)
PTX_ABI_MATH1(cospi) PTX_ABI_MATH1(nearbyint) PTX_ABI_MATH1(logb)
PTX_ABI_MATH2(pow) PTX_ABI_MATH2(atan2) PTX_ABI_MATH2(fmod) PTX_ABI_MATH2(fmin) PTX_ABI_MATH2(fmax)
PTX_ABI_MATH2(hypot) PTX_ABI_MATH2(copysign)
#undef PTX_ABI_MATH1
#undef PTX_ABI_MATH2
extern "C" PTX_ABI_LIBC float fmaf(float, float, float);
extern "C" PTX_ABI_LIBC double fma(double, double, double);
extern "C" PTX_ABI_LIBC void sincosf(float, float*, float*);
extern "C" PTX_ABI_LIBC void sincos(double, double*, double*);
extern "C" PTX_ABI_LIBC void sincospif(float, float*, float*);
extern "C" PTX_ABI_LIBC void sincospi(double, double*, double*);
__device__ void __sincosf(float, float*, float*);
extern "C" PTX_ABI_LIBC int abs(int);
extern "C" PTX_ABI_LIBC int isnan(double);
extern "C" PTX_ABI_LIBC int isinf(double);
extern "C" PTX_ABI_LIBC int isfinite(double);
extern "C" PTX_ABI_LIBC long labs(long);
extern "C" PTX_ABI_LIBC long long llabs(long long);
__host__ __device__ int min(int, int); __host__ __device__ unsigned min(unsigned, unsigned);
__host__ __device__ unsigned min(int, unsigned); __host__ __device__ unsigned min(unsigned, int);
__host__ __device__ long min(long, long); __host__ __device__ unsigned long min(unsigned long, unsigned long);
__host__ __device__ long long min(long long, long long);
__host__ __device__ unsigned long long min(unsigned long long, unsigned long long);
__host__ __device__ float min(float, float); __host__ __device__ double min(double, double);
__host__ __device__ int max(int, int); __host__ __device__ unsigned max(unsigned, unsigned);
__host__ __device__ unsigned max(int, unsigned); __host__ __device__ unsigned max(unsigned, int);
__host__ __device__ long max(long, long); __host__ __device__ unsigned long max(unsigned long, unsigned long);
__host__ __device__ long long max(long long, long long);
__host__ __device__ unsigned long long max(unsigned long long, unsigned long long);
__host__ __device__ float max(float, float); __host__ __device__ double max(double, double);
__device__ float __fdividef(float, float); __device__ float __expf(float); __device__ float __logf(float);
__device__ float __sinf(float); __device__ float __cosf(float); __device__ float __powf(float, float);
__device__ float __saturatef(float);
__device__ float __frcp_rn(float); __device__ float __fsqrt_rn(float); __device__ float __frsqrt_rn(float);
__device__ float __fadd_rn(float, float); __device__ float __fmul_rn(float, float); __device__ float __fdiv_rn(float, float);
__device__ float __fmaf_rn(float, float, float); __device__ double __drcp_rn(double); __device__ double __dsqrt_rn(double);
__device__ double __dadd_rn(double, double); __device__ double __dmul_rn(double, double); __device__ double __fma_rn(double, double, double);
__device__ int __popc(unsigned); __device__ int __popcll(unsigned long long);
__device__ int __clz(int); __device__ int __clzll(long long); __device__ int __ffs(int); __device__ int __ffsll(long long);
__device__ unsigned __brev(unsigned); __device__ unsigned __byte_perm(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_l(unsigned, unsigned, unsigned); __device__ unsigned __funnelshift_r(unsigned, unsigned, unsigned);
__device__ unsigned __funnelshift_lc(unsigned, unsigned, unsigned); __device__ unsigned __funnelshift_rc(unsigned, unsigned, unsigned);
__device__ int __mul24(int, int); __device__ unsigned __umul24(unsigned, unsigned);
__device__ int __mulhi(int, int); __device__ unsigned __umulhi(unsigned, unsigned);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ float __int_as_float(int); __device__ int __float_as_int(float);
__device__ float __uint_as_float(unsigned); __device__ unsigned __float_as_uint(float);
__device__ double __longlong_as_double(long long); __device__ long long __double_as_longlong(double);
__device__ double __hiloint2double(int, int); __device__ int __double2hiint(double); __device__ int __double2loint(double);
__device__ int __float2int_rn(float); __device__ int __float2int_rz(float); __device__ unsigned __float2uint_rn(float);
__device__ float __int2float_rn(int); __device__ float __uint2float_rn(unsigned);
__device__ void __syncwarp(unsigned = 0xffffffffu); __device__ void __threadfence(); __device__ void __threadfence_block();
__device__ void __threadfence_system(); __device__ unsigned __activemask();
__device__ unsigned __ballot_sync(unsigned, int); __device__ int __any_sync(unsigned, int); __device__ int __all_sync(unsigned, int);
template <class T> __device__ T __shfl_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __ldg(const T*); template <class T> __device__ T __ldcg(const T*);
template <class T> __device__ T __ldcs(const T*); template <class T> __device__ void __stcg(T*, T);
template <class T> __device__ void __stcs(T*, T);
#define PTX_ABI_ATOMIC_SCOPE(f) __device__ int f(int*, int); __device__ unsigned f(unsigned*, unsigned); __device__ unsigned long long f(unsigned long long*, unsigned long long);
#define PTX_ABI_ATOMIC(f) PTX_ABI_ATOMIC_SCOPE(f) PTX_ABI_ATOMIC_SCOPE(f##_system) PTX_ABI_ATOMIC_SCOPE(f##_block)
PTX_ABI_ATOMIC(atomicAdd) PTX_ABI_ATOMIC(atomicSub) PTX_ABI_ATOMIC(atomicExch) PTX_ABI_ATOMIC(atomicMin)
PTX_ABI_ATOMIC(atomicMax) PTX_ABI_ATOMIC(atomicAnd) PTX_ABI_ATOMIC(atomicOr) PTX_ABI_ATOMIC(atomicXor)
#undef PTX_ABI_ATOMIC
#undef PTX_ABI_ATOMIC_SCOPE
__device__ float atomicAdd(float*, float); __device__ double atomicAdd(double*, double);
__device__ float atomicAdd_system(float*, float); __device__ double atomicAdd_system(double*, double);
__device__ float atomicAdd_block(float*, float); __device__ double atomicAdd_block(double*, double);
__device__ int atomicCAS_system(int*, int, int); __device__ unsigned atomicCAS_system(unsigned*, unsigned, unsigned);
__device__ unsigned long long atomicCAS_system(unsigned long long*, unsigned long long, unsigned long long);
__device__ int atomicCAS_block(int*, int, int); __device__ unsigned atomicCAS_block(unsigned*, unsigned, unsigned);
__device__ unsigned long long atomicCAS_block(unsigned long long*, unsigned long long, unsigned long long);
__device__ float __fmaf_ieee_rn(float, float, float); __device__ float __fmaf_ieee_rz(float, float, float);
__device__ float __fmaf_ieee_ru(float, float, float); __device__ float __fmaf_ieee_rd(float, float, float);
__device__ float __fmaf_rz(float, float, float); __device__ float __fmaf_ru(float, float, float); __device__ float __fmaf_rd(float, float, float);
__device__ float atomicExch(float*, float); __device__ unsigned atomicInc(unsigned*, unsigned);
__device__ unsigned atomicDec(unsigned*, unsigned);
__device__ int atomicCAS(int*, int, int); __device__ unsigned atomicCAS(unsigned*, unsigned, unsigned);
__device__ unsigned long long atomicCAS(unsigned long long*, unsigned long long, unsigned long long);
__device__ unsigned short atomicCAS(unsigned short*, unsigned short, unsigned short);
__device__ long long clock64(); __device__ int clock(); __device__ void __nanosleep(unsigned);
__device__ void __trap(); __device__ void __brkpt(); __device__ unsigned __fns(unsigned, unsigned, int);
__device__ void __barrier_sync(unsigned); __device__ void __barrier_sync_count(unsigned, unsigned);
template <class T> __device__ T tex1Dfetch(unsigned long long, int);
template <class T> __device__ T tex1D(unsigned long long, float);
template <class T> __device__ T tex2D(unsigned long long, float, float);
template <class T> __device__ T tex3D(unsigned long long, float, float, float);
template <class T> __device__ T tex1DLod(unsigned long long, float, float);
template <class T> __device__ T tex2DLod(unsigned long long, float, float, float);
template <class T> __device__ T tex3DLod(unsigned long long, float, float, float, float);
extern "C" PTX_ABI_LIBC int printf(const char*, ...);
extern "C" PTX_ABI_LIBC void* memcpy(void*, const void*, size_t);
extern "C" PTX_ABI_LIBC void* memset(void*, int, size_t);
extern "C" PTX_ABI_LIBC void* malloc(size_t);
extern "C" PTX_ABI_LIBC void free(void*);
#undef PTX_ABI_LIBC
"#;

/// The CUDA header that declares the row named `c_name`: `cuda_fp16.h`, `cuda_bf16.h`,
/// `cuda_fp8.h`, `cuda_fp4.h`, `cuda.h` (`CUtensorMap`), or `vector_types.h` (every vector,
/// which the prelude declares).
pub fn declared_by(c_name: &str) -> &'static str {
    if c_name.starts_with("__half") || c_name.starts_with("half") {
        "cuda_fp16.h"
    } else if c_name.contains("bfloat16") {
        "cuda_bf16.h"
    } else if c_name.starts_with("__nv_fp8") {
        "cuda_fp8.h"
    } else if c_name.starts_with("__nv_fp4") {
        "cuda_fp4.h"
    } else if c_name == "CUtensorMap" {
        "cuda.h"
    } else {
        "vector_types.h"
    }
}

/// The stand-in for CUDA header `name` in release `v`, for the headers that declare types of
/// the table beyond the prelude's (`cuda_fp16.h`, `cuda_bf16.h`, `cuda_fp8.h`, `cuda_fp4.h`,
/// `cuda.h`): the prelude, the headers the real one includes, and its rows; `None` for any
/// other (whose stand-in is the prelude alone).
pub fn standin_header(name: &str, v: CudaVersion) -> Option<String> {
    let includes: &[&str] = match name {
        "cuda_fp16.h" => &[],
        // CUDA's cuda.h includes <stdlib.h> and <stdint.h>: headers rely on them for `int64_t`
        // and `exit(EXIT_FAILURE)`.
        "cuda.h" => &["stdlib.h", "stdint.h", "stddef.h"],
        "cuda_bf16.h" => &["cuda_fp16.h"],
        "cuda_fp8.h" => &["cuda_fp16.h", "cuda_bf16.h"],
        "cuda_fp4.h" => &["cuda_fp8.h"],
        "cudaTypedefs.h" => &["cuda.h"],
        "math_constants.h" => return Some(MATH_CONSTANTS.to_string()),
        _ => return None,
    };
    let mut s = String::from("#pragma once\n");
    writeln!(s, "#include \"{}\"", crate::clang::PRELUDE_FILE).unwrap();
    for h in includes {
        writeln!(s, "#include \"{h}\"").unwrap();
    }
    s.push_str(raw_storage(name));
    definitions(&mut s, v, name);
    s.push_str(&header_api(name));
    Some(s)
}

/// Appends `vector_functions.h`'s constructors of every vector type CUDA `v` declares
/// (`make_float4(x, y, z, w)`), which nvcc's `cuda_runtime.h` brings without an include.
fn make_functions(s: &mut String, v: CudaVersion) {
    for t in rows().filter(|t| t.declared_in(v) && !t.c_name.contains('_')) {
        if let CDef::Vector { elem, lanes } = t.def {
            let params: Vec<String> = ["x", "y", "z", "w"][..lanes as usize]
                .iter()
                .map(|n| format!("{elem} {n}"))
                .collect();
            writeln!(
                s,
                "__host__ __device__ {0} make_{0}({1});",
                t.c_name,
                params.join(", ")
            )
            .unwrap();
        }
    }
}

/// Appends the C definitions of the rows CUDA `v` declares in `header` ([`declared_by`]).
fn definitions(s: &mut String, v: CudaVersion, header: &str) {
    for t in rows().filter(|t| t.declared_in(v) && declared_by(t.c_name) == header) {
        match t.def {
            CDef::Vector { elem, lanes, .. } => {
                let names = ["x", "y", "z", "w"][..lanes as usize].join(", ");
                writeln!(
                    s,
                    "struct __attribute__((aligned({}))) {} {{ {elem} {names}; }};",
                    t.align_in(v),
                    t.c_name
                )
            }
            CDef::Storage { storage, .. } => writeln!(
                s,
                "struct __attribute__((aligned({}))) {} {{ {storage}; {} }};",
                t.align_in(v),
                t.c_name,
                storage_api(t.c_name)
            ),
            CDef::Typedef(target) => writeln!(s, "typedef {target} {};", t.c_name),
        }
        .unwrap();
    }
}

/// The members CUDA's C++ API declares on the scalar types and pairs (a defaulted default
/// constructor, conversions from and to `float`, a pair from two halves), which inline device
/// code uses (`float(h)`, `__half2(a, b)`): declarations only, which change no layout.
fn storage_api(c_name: &str) -> String {
    let raw = match c_name {
        "__half" | "__half2" | "__nv_bfloat16" | "__nv_bfloat162" => format!(
            " __host__ __device__ {c_name}(const {c_name}_raw &); \
             __host__ __device__ operator {c_name}_raw() const;"
        ),
        _ => String::new(),
    };
    let api = match c_name {
        "__half" | "__nv_bfloat16" | "__nv_fp8_e4m3" | "__nv_fp8_e5m2" => format!(
            "{c_name}() = default; __host__ __device__ {c_name}(float); \
             __host__ __device__ {c_name}(double); __host__ __device__ {c_name}(int); \
             __host__ __device__ {c_name}(unsigned int); __host__ __device__ {c_name}(long long); \
             __host__ __device__ {c_name}(unsigned long long); \
             __host__ __device__ operator float() const;"
        ),
        "__half2" => "__half2() = default; __host__ __device__ __half2(const __half &, const __half &);"
            .to_string(),
        "__nv_bfloat162" => "__nv_bfloat162() = default; __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &, const __nv_bfloat16 &);"
            .to_string(),
        _ => String::new(),
    };
    api + &raw
}

/// The functions and operators of `cuda_fp16.h`, `cuda_bf16.h` and `cuda_fp8.h` that inline
/// device code calls, declared over the stand-ins' types.
fn header_api(header: &str) -> String {
    match header {
        "cuda_fp16.h" => format!("{FP16_API}{}", arith_api("__half", "__half2")),
        "cuda_bf16.h" => format!("{BF16_API}{}", arith_api("__nv_bfloat16", "__nv_bfloat162")),
        "cuda_fp8.h" => FP8_API.to_string(),
        "cuda.h" => DRIVER_API.to_string(),
        _ => String::new(),
    }
}

/// Arithmetic and comparisons of the scalar type `t` and its pair `p`, as CUDA's headers
/// overload them, and the `__h…` intrinsics on them.
fn arith_api(t: &str, p: &str) -> String {
    let hd = "__host__ __device__";
    let mut s = String::new();
    for op in ["+", "-", "*", "/"] {
        writeln!(s, "{hd} {t} operator{op}(const {t} &, const {t} &);").unwrap();
        writeln!(s, "{hd} {t} &operator{op}=({t} &, const {t} &);").unwrap();
        writeln!(s, "{hd} {p} operator{op}(const {p} &, const {p} &);").unwrap();
    }
    writeln!(s, "{hd} {t} operator-(const {t} &);").unwrap();
    for op in ["==", "!=", "<", ">", "<=", ">="] {
        writeln!(s, "{hd} bool operator{op}(const {t} &, const {t} &);").unwrap();
    }
    for f in ["__hadd", "__hsub", "__hmul", "__hdiv", "__hmax", "__hmin"] {
        writeln!(s, "{hd} {t} {f}({t}, {t});").unwrap();
    }
    writeln!(s, "{hd} {t} __hfma({t}, {t}, {t});").unwrap();
    for f in ["__hneg", "__habs"] {
        writeln!(s, "{hd} {t} {f}({t});").unwrap();
    }
    for f in ["hsqrt", "hrsqrt", "hexp", "hlog", "hrcp"] {
        writeln!(s, "__device__ {t} {f}({t});").unwrap();
    }
    for f in ["__hadd2", "__hsub2", "__hmul2", "__hmax2", "__hmin2"] {
        writeln!(s, "{hd} {p} {f}({p}, {p});").unwrap();
    }
    writeln!(s, "{hd} {p} __hfma2({p}, {p}, {p});").unwrap();
    // The atomics the fp16/bf16 headers declare (compute capability 7.0 and above for
    // `__half`, 8.0 for `__nv_bfloat16`), which libraries call on a reinterpreted pointer.
    writeln!(s, "__device__ {t} atomicAdd({t} *, {t});").unwrap();
    writeln!(s, "__device__ {p} atomicAdd({p} *, {p});").unwrap();
    for v in [t, p] {
        writeln!(
            s,
            "__device__ {v} __shfl_xor_sync(unsigned int, {v}, int, int = 32);"
        )
        .unwrap();
        writeln!(s, "__device__ {v} __ldg(const {v} *);").unwrap();
    }
    s
}

/// `cuda_fp16.h`'s conversions and arithmetic.
const FP16_API: &str = concat!(
    "__host__ __device__ float __half2float(__half);\n",
    "__host__ __device__ __half __float2half(float);\n",
    "__host__ __device__ __half __float2half_rn(float);\n",
    "__host__ __device__ __half __float2half_rz(float);\n",
    "__host__ __device__ __half __int2half_rn(int);\n",
    "__host__ __device__ int __half2int_rn(__half);\n",
    "__host__ __device__ int __half2int_rz(__half);\n",
    "__host__ __device__ __half2 __half2half2(__half);\n",
    "__host__ __device__ __half2 __halves2half2(__half, __half);\n",
    "__host__ __device__ __half2 __floats2half2_rn(float, float);\n",
    "__host__ __device__ __half2 __float2half2_rn(float);\n",
    "__host__ __device__ __half2 __float22half2_rn(float2);\n",
    "__host__ __device__ float2 __half22float2(__half2);\n",
    "__host__ __device__ float __low2float(__half2);\n",
    "__host__ __device__ float __high2float(__half2);\n",
    "__host__ __device__ __half __low2half(__half2);\n",
    "__host__ __device__ __half __high2half(__half2);\n",
    "__host__ __device__ __half __ushort_as_half(unsigned short);\n",
    "__host__ __device__ unsigned short __half_as_ushort(__half);\n",
    "__host__ __device__ __half __short_as_half(short);\n",
    "__host__ __device__ short __half_as_short(__half);\n",
    "__host__ __device__ bool __hisnan(__half);\n",
    "__host__ __device__ __half2 make_half2(__half, __half);\n",
);

/// `cuda_bf16.h`'s conversions and arithmetic.
const BF16_API: &str = concat!(
    "__host__ __device__ float __bfloat162float(__nv_bfloat16);\n",
    "__host__ __device__ __nv_bfloat16 __float2bfloat16(float);\n",
    "__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float);\n",
    "__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(float);\n",
    "__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16);\n",
    "__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);\n",
    "__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);\n",
    "__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);\n",
    "__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2);\n",
    "__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);\n",
    "__host__ __device__ float __low2float(__nv_bfloat162);\n",
    "__host__ __device__ float __high2float(__nv_bfloat162);\n",
    "__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162);\n",
    "__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162);\n",
    "__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);\n",
    "__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16);\n",
    "__host__ __device__ __nv_bfloat162 make_bfloat162(__nv_bfloat16, __nv_bfloat16);\n",
    "static __device__ float __internal_bfloat162float(const unsigned short);\n",
);

/// The raw storage structs of `cuda_fp16.h` and `cuda_bf16.h` (`__half_raw`, `__half2_raw`,
/// `__nv_bfloat16_raw`, `__nv_bfloat162_raw`), laid out as CUDA declares them (`unsigned
/// short` members, aligned to their size), which the types convert to and from.
fn raw_storage(header: &str) -> &'static str {
    match header {
        "cuda_fp16.h" => "typedef struct __attribute__((aligned(2))) { unsigned short x; } __half_raw;\n\
             typedef struct __attribute__((aligned(4))) { unsigned short x; unsigned short y; } __half2_raw;\n",
        "cuda_bf16.h" => "typedef struct __attribute__((aligned(2))) { unsigned short x; } __nv_bfloat16_raw;\n\
             typedef struct __attribute__((aligned(4))) { unsigned short x; unsigned short y; } __nv_bfloat162_raw;\n",
        _ => "",
    }
}

/// `cuda_fp8.h`'s storage types, enums and conversions.
const FP8_API: &str = "typedef unsigned char __nv_fp8_storage_t;\n\
typedef unsigned short __nv_fp8x2_storage_t;\n\
typedef unsigned int __nv_fp8x4_storage_t;\n\
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;\n\
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;\n\
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);\n\
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half, __nv_saturation_t, __nv_fp8_interpretation_t);\n\
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2, __nv_saturation_t, __nv_fp8_interpretation_t);\n\
__host__ __device__ __half __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);\n";

/// `cuda.h`'s driver API that host code in a header uses, as CUDA 12.9 declares it: the device
/// pointer (`CUdeviceptr`, an `unsigned long long` on every 64-bit host), the device and the
/// handles (pointers to structs never defined, the runtime's for streams, events and graphs),
/// `CUresult` with every enumerator, the pointer attributes, and the common calls.
/// Declarations only.
const DRIVER_API: &str = r#"typedef unsigned long long CUdeviceptr_v2;
typedef CUdeviceptr_v2 CUdeviceptr;
typedef int CUdevice_v1;
typedef CUdevice_v1 CUdevice;
typedef unsigned long long CUtexObject_v1;
typedef CUtexObject_v1 CUtexObject;
typedef unsigned long long CUsurfObject_v1;
typedef CUsurfObject_v1 CUsurfObject;
typedef unsigned long long CUmemGenericAllocationHandle_v1;
typedef CUmemGenericAllocationHandle_v1 CUmemGenericAllocationHandle;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUlib_st *CUlibrary;
typedef struct CUkern_st *CUkernel;
typedef struct CUarray_st *CUarray;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef enum cudaError_enum {
    CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_DEINITIALIZED = 4, CUDA_ERROR_PROFILER_DISABLED = 5,
    CUDA_ERROR_PROFILER_NOT_INITIALIZED = 6, CUDA_ERROR_PROFILER_ALREADY_STARTED = 7,
    CUDA_ERROR_PROFILER_ALREADY_STOPPED = 8, CUDA_ERROR_STUB_LIBRARY = 34,
    CUDA_ERROR_DEVICE_UNAVAILABLE = 46, CUDA_ERROR_NO_DEVICE = 100, CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_DEVICE_NOT_LICENSED = 102, CUDA_ERROR_INVALID_IMAGE = 200,
    CUDA_ERROR_INVALID_CONTEXT = 201, CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
    CUDA_ERROR_MAP_FAILED = 205, CUDA_ERROR_UNMAP_FAILED = 206, CUDA_ERROR_ARRAY_IS_MAPPED = 207,
    CUDA_ERROR_ALREADY_MAPPED = 208, CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
    CUDA_ERROR_ALREADY_ACQUIRED = 210, CUDA_ERROR_NOT_MAPPED = 211,
    CUDA_ERROR_NOT_MAPPED_AS_ARRAY = 212, CUDA_ERROR_NOT_MAPPED_AS_POINTER = 213,
    CUDA_ERROR_ECC_UNCORRECTABLE = 214, CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
    CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216, CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
    CUDA_ERROR_INVALID_PTX = 218, CUDA_ERROR_INVALID_GRAPHICS_CONTEXT = 219,
    CUDA_ERROR_NVLINK_UNCORRECTABLE = 220, CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221,
    CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222, CUDA_ERROR_JIT_COMPILATION_DISABLED = 223,
    CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY = 224, CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC = 225,
    CUDA_ERROR_CONTAINED = 226, CUDA_ERROR_INVALID_SOURCE = 300, CUDA_ERROR_FILE_NOT_FOUND = 301,
    CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND = 302, CUDA_ERROR_SHARED_OBJECT_INIT_FAILED = 303,
    CUDA_ERROR_OPERATING_SYSTEM = 304, CUDA_ERROR_INVALID_HANDLE = 400,
    CUDA_ERROR_ILLEGAL_STATE = 401, CUDA_ERROR_LOSSY_QUERY = 402, CUDA_ERROR_NOT_FOUND = 500,
    CUDA_ERROR_NOT_READY = 600, CUDA_ERROR_ILLEGAL_ADDRESS = 700,
    CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701, CUDA_ERROR_LAUNCH_TIMEOUT = 702,
    CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING = 703, CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
    CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705, CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708,
    CUDA_ERROR_CONTEXT_IS_DESTROYED = 709, CUDA_ERROR_ASSERT = 710, CUDA_ERROR_TOO_MANY_PEERS = 711,
    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712, CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
    CUDA_ERROR_HARDWARE_STACK_ERROR = 714, CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
    CUDA_ERROR_MISALIGNED_ADDRESS = 716, CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
    CUDA_ERROR_INVALID_PC = 718, CUDA_ERROR_LAUNCH_FAILED = 719,
    CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720, CUDA_ERROR_TENSOR_MEMORY_LEAK = 721,
    CUDA_ERROR_NOT_PERMITTED = 800, CUDA_ERROR_NOT_SUPPORTED = 801,
    CUDA_ERROR_SYSTEM_NOT_READY = 802, CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803,
    CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804, CUDA_ERROR_MPS_CONNECTION_FAILED = 805,
    CUDA_ERROR_MPS_RPC_FAILURE = 806, CUDA_ERROR_MPS_SERVER_NOT_READY = 807,
    CUDA_ERROR_MPS_MAX_CLIENTS_REACHED = 808, CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED = 809,
    CUDA_ERROR_MPS_CLIENT_TERMINATED = 810, CUDA_ERROR_CDP_NOT_SUPPORTED = 811,
    CUDA_ERROR_CDP_VERSION_MISMATCH = 812, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901, CUDA_ERROR_STREAM_CAPTURE_MERGE = 902,
    CUDA_ERROR_STREAM_CAPTURE_UNMATCHED = 903, CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
    CUDA_ERROR_STREAM_CAPTURE_ISOLATION = 905, CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906,
    CUDA_ERROR_CAPTURED_EVENT = 907, CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908,
    CUDA_ERROR_TIMEOUT = 909, CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910,
    CUDA_ERROR_EXTERNAL_DEVICE = 911, CUDA_ERROR_INVALID_CLUSTER_SIZE = 912,
    CUDA_ERROR_FUNCTION_NOT_LOADED = 913, CUDA_ERROR_INVALID_RESOURCE_TYPE = 914,
    CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION = 915, CUDA_ERROR_KEY_ROTATION = 916,
    CUDA_ERROR_UNKNOWN = 999
} CUresult;
typedef enum CUpointer_attribute_enum {
    CU_POINTER_ATTRIBUTE_CONTEXT = 1, CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
    CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3, CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
    CU_POINTER_ATTRIBUTE_P2P_TOKENS = 5, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6,
    CU_POINTER_ATTRIBUTE_BUFFER_ID = 7, CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
    CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9, CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE = 10,
    CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11, CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12,
    CU_POINTER_ATTRIBUTE_MAPPED = 13, CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES = 14,
    CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE = 15, CU_POINTER_ATTRIBUTE_ACCESS_FLAGS = 16,
    CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE = 17, CU_POINTER_ATTRIBUTE_MAPPING_SIZE = 18,
    CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR = 19, CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID = 20,
    CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE = 21
} CUpointer_attribute;
extern "C" {
CUresult cuGetErrorString(CUresult error, const char **pStr);
CUresult cuGetErrorName(CUresult error, const char **pStr);
CUresult cuInit(unsigned int Flags);
CUresult cuDriverGetVersion(int *driverVersion);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetCount(int *count);
CUresult cuCtxGetCurrent(CUcontext *pctx);
CUresult cuCtxSetCurrent(CUcontext ctx);
CUresult cuCtxGetDevice(CUdevice *device);
CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);
CUresult cuMemFree(CUdeviceptr dptr);
CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount);
CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N);
CUresult cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr);
CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr);
CUresult cuModuleLoadData(CUmodule *module, const void *image);
CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name);
CUresult cuModuleUnload(CUmodule hmod);
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
    unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes,
    CUstream hStream, void **kernelParams, void **extra);
CUresult cuStreamSynchronize(CUstream hStream);
}
"#;

/// The CUDA runtime API that nvcc's implicit `cuda_runtime.h` declares and host code in a header
/// calls: `cudaError_t` (every enumerator of CUDA 12.9's `driver_types.h`), the copy kinds, the
/// stream capture status and mode, the device attributes and launch attributes (every enumerator
/// of CUDA 12.9's), the IPC handles and 3D extents with their members; the launch configuration,
/// its attributes and the device properties with the members host code reads, each holding a
/// member the importer refuses (`long double`: their layout is CUDA's business, and a struct
/// holding one by value is left out, never given a guessed layout); the common
/// calls (stream capture and graph launch among them), and what clang needs for a
/// `kernel<<<grid, block, shared, stream>>>(…)` launch. Declarations only.
pub const RUNTIME_API: &str = r#"typedef enum cudaError {
    cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4,
    cudaErrorProfilerDisabled = 5, cudaErrorProfilerNotInitialized = 6,
    cudaErrorProfilerAlreadyStarted = 7, cudaErrorProfilerAlreadyStopped = 8,
    cudaErrorInvalidConfiguration = 9, cudaErrorInvalidPitchValue = 12,
    cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
    cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
    cudaErrorInvalidTextureBinding = 19, cudaErrorInvalidChannelDescriptor = 20,
    cudaErrorInvalidMemcpyDirection = 21, cudaErrorAddressOfConstant = 22,
    cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
    cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26,
    cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
    cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
    cudaErrorStubLibrary = 34, cudaErrorInsufficientDriver = 35,
    cudaErrorCallRequiresNewerDriver = 36, cudaErrorInvalidSurface = 37,
    cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
    cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
    cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
    cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
    cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
    cudaErrorSyncDepthExceeded = 68, cudaErrorLaunchPendingCountExceeded = 69,
    cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101, cudaErrorDeviceNotLicensed = 102,
    cudaErrorSoftwareValidityNotEstablished = 103, cudaErrorStartupFailure = 127,
    cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
    cudaErrorMapBufferObjectFailed = 205, cudaErrorUnmapBufferObjectFailed = 206,
    cudaErrorArrayIsMapped = 207, cudaErrorAlreadyMapped = 208,
    cudaErrorNoKernelImageForDevice = 209, cudaErrorAlreadyAcquired = 210,
    cudaErrorNotMapped = 211, cudaErrorNotMappedAsArray = 212,
    cudaErrorNotMappedAsPointer = 213, cudaErrorECCUncorrectable = 214,
    cudaErrorUnsupportedLimit = 215, cudaErrorDeviceAlreadyInUse = 216,
    cudaErrorPeerAccessUnsupported = 217, cudaErrorInvalidPtx = 218,
    cudaErrorInvalidGraphicsContext = 219, cudaErrorNvlinkUncorrectable = 220,
    cudaErrorJitCompilerNotFound = 221, cudaErrorUnsupportedPtxVersion = 222,
    cudaErrorJitCompilationDisabled = 223, cudaErrorUnsupportedExecAffinity = 224,
    cudaErrorUnsupportedDevSideSync = 225, cudaErrorContained = 226,
    cudaErrorInvalidSource = 300, cudaErrorFileNotFound = 301,
    cudaErrorSharedObjectSymbolNotFound = 302, cudaErrorSharedObjectInitFailed = 303,
    cudaErrorOperatingSystem = 304, cudaErrorInvalidResourceHandle = 400,
    cudaErrorIllegalState = 401, cudaErrorLossyQuery = 402, cudaErrorSymbolNotFound = 500,
    cudaErrorNotReady = 600, cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702,
    cudaErrorLaunchIncompatibleTexturing = 703, cudaErrorPeerAccessAlreadyEnabled = 704,
    cudaErrorPeerAccessNotEnabled = 705, cudaErrorSetOnActiveProcess = 708,
    cudaErrorContextIsDestroyed = 709, cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
    cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorHardwareStackError = 714, cudaErrorIllegalInstruction = 715,
    cudaErrorMisalignedAddress = 716, cudaErrorInvalidAddressSpace = 717,
    cudaErrorInvalidPc = 718, cudaErrorLaunchFailure = 719,
    cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorTensorMemoryLeak = 721,
    cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801,
    cudaErrorSystemNotReady = 802, cudaErrorSystemDriverMismatch = 803,
    cudaErrorCompatNotSupportedOnDevice = 804, cudaErrorMpsConnectionFailed = 805,
    cudaErrorMpsRpcFailure = 806, cudaErrorMpsServerNotReady = 807,
    cudaErrorMpsMaxClientsReached = 808, cudaErrorMpsMaxConnectionsReached = 809,
    cudaErrorMpsClientTerminated = 810, cudaErrorCdpNotSupported = 811,
    cudaErrorCdpVersionMismatch = 812, cudaErrorStreamCaptureUnsupported = 900,
    cudaErrorStreamCaptureInvalidated = 901, cudaErrorStreamCaptureMerge = 902,
    cudaErrorStreamCaptureUnmatched = 903, cudaErrorStreamCaptureUnjoined = 904,
    cudaErrorStreamCaptureIsolation = 905, cudaErrorStreamCaptureImplicit = 906,
    cudaErrorCapturedEvent = 907, cudaErrorStreamCaptureWrongThread = 908,
    cudaErrorTimeout = 909, cudaErrorGraphExecUpdateFailure = 910,
    cudaErrorExternalDevice = 911, cudaErrorInvalidClusterSize = 912,
    cudaErrorFunctionNotLoaded = 913, cudaErrorInvalidResourceType = 914,
    cudaErrorInvalidResourceConfiguration = 915, cudaErrorUnknown = 999,
    cudaErrorApiFailureBase = 10000
} cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1, cudaStreamCaptureStatusInvalidated = 2 };
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1, cudaStreamCaptureModeRelaxed = 2 };
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
struct cudaExtent { size_t width; size_t height; size_t depth; };
struct cudaPos { size_t x; size_t y; size_t z; };
struct cudaPitchedPtr { void *ptr; size_t pitch; size_t xsize; size_t ysize; };
enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10, cudaDevAttrMaxPitch = 11,
    cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
    cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15,
    cudaDevAttrMultiProcessorCount = 16, cudaDevAttrKernelExecTimeout = 17,
    cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20,
    cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
    cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24,
    cudaDevAttrMaxTexture3DHeight = 25, cudaDevAttrMaxTexture3DDepth = 26,
    cudaDevAttrMaxTexture2DLayeredWidth = 27, cudaDevAttrMaxTexture2DLayeredHeight = 28,
    cudaDevAttrMaxTexture2DLayeredLayers = 29, cudaDevAttrSurfaceAlignment = 30,
    cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32, cudaDevAttrPciBusId = 33,
    cudaDevAttrPciDeviceId = 34, cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
    cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40,
    cudaDevAttrUnifiedAddressing = 41, cudaDevAttrMaxTexture1DLayeredWidth = 42,
    cudaDevAttrMaxTexture1DLayeredLayers = 43, cudaDevAttrMaxTexture2DGatherWidth = 45,
    cudaDevAttrMaxTexture2DGatherHeight = 46, cudaDevAttrMaxTexture3DWidthAlt = 47,
    cudaDevAttrMaxTexture3DHeightAlt = 48, cudaDevAttrMaxTexture3DDepthAlt = 49,
    cudaDevAttrPciDomainId = 50, cudaDevAttrTexturePitchAlignment = 51,
    cudaDevAttrMaxTextureCubemapWidth = 52, cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
    cudaDevAttrMaxTextureCubemapLayeredLayers = 54, cudaDevAttrMaxSurface1DWidth = 55,
    cudaDevAttrMaxSurface2DWidth = 56, cudaDevAttrMaxSurface2DHeight = 57,
    cudaDevAttrMaxSurface3DWidth = 58, cudaDevAttrMaxSurface3DHeight = 59,
    cudaDevAttrMaxSurface3DDepth = 60, cudaDevAttrMaxSurface1DLayeredWidth = 61,
    cudaDevAttrMaxSurface1DLayeredLayers = 62, cudaDevAttrMaxSurface2DLayeredWidth = 63,
    cudaDevAttrMaxSurface2DLayeredHeight = 64, cudaDevAttrMaxSurface2DLayeredLayers = 65,
    cudaDevAttrMaxSurfaceCubemapWidth = 66, cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
    cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68, cudaDevAttrMaxTexture1DLinearWidth = 69,
    cudaDevAttrMaxTexture2DLinearWidth = 70, cudaDevAttrMaxTexture2DLinearHeight = 71,
    cudaDevAttrMaxTexture2DLinearPitch = 72, cudaDevAttrMaxTexture2DMipmappedWidth = 73,
    cudaDevAttrMaxTexture2DMipmappedHeight = 74, cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrMaxTexture1DMipmappedWidth = 77,
    cudaDevAttrStreamPrioritiesSupported = 78, cudaDevAttrGlobalL1CacheSupported = 79,
    cudaDevAttrLocalL1CacheSupported = 80, cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
    cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrManagedMemory = 83,
    cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
    cudaDevAttrHostNativeAtomicSupported = 86, cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
    cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrConcurrentManagedAccess = 89,
    cudaDevAttrComputePreemptionSupported = 90, cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
    cudaDevAttrReserved92 = 92, cudaDevAttrReserved93 = 93, cudaDevAttrReserved94 = 94,
    cudaDevAttrCooperativeLaunch = 95, cudaDevAttrCooperativeMultiDeviceLaunch = 96,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97, cudaDevAttrCanFlushRemoteWrites = 98,
    cudaDevAttrHostRegisterSupported = 99, cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
    cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
    cudaDevAttrMaxPersistingL2CacheSize = 108, cudaDevAttrMaxAccessPolicyWindowSize = 109,
    cudaDevAttrReservedSharedMemoryPerBlock = 111, cudaDevAttrSparseCudaArraySupported = 112,
    cudaDevAttrHostRegisterReadOnlySupported = 113,
    cudaDevAttrTimelineSemaphoreInteropSupported = 114,
    cudaDevAttrMaxTimelineSemaphoreInteropSupported = 114, cudaDevAttrMemoryPoolsSupported = 115,
    cudaDevAttrGPUDirectRDMASupported = 116, cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
    cudaDevAttrGPUDirectRDMAWritesOrdering = 118, cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
    cudaDevAttrClusterLaunch = 120, cudaDevAttrDeferredMappingCudaArraySupported = 121,
    cudaDevAttrReserved122 = 122, cudaDevAttrReserved123 = 123, cudaDevAttrReserved124 = 124,
    cudaDevAttrIpcEventSupport = 125, cudaDevAttrMemSyncDomainCount = 126,
    cudaDevAttrReserved127 = 127, cudaDevAttrReserved128 = 128, cudaDevAttrReserved129 = 129,
    cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131, cudaDevAttrReserved132 = 132,
    cudaDevAttrMpsEnabled = 133, cudaDevAttrHostNumaId = 134, cudaDevAttrD3D12CigSupported = 135,
    cudaDevAttrVulkanCigSupported = 138, cudaDevAttrGpuPciDeviceId = 139,
    cudaDevAttrGpuPciSubsystemId = 140, cudaDevAttrReserved141 = 141,
    cudaDevAttrHostNumaMemoryPoolsSupported = 142, cudaDevAttrHostNumaMultinodeIpcSupported = 143
};
typedef enum cudaLaunchAttributeID {
    cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
    cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeSynchronizationPolicy = 3,
    cudaLaunchAttributeClusterDimension = 4,
    cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
    cudaLaunchAttributeProgrammaticStreamSerialization = 6,
    cudaLaunchAttributeProgrammaticEvent = 7, cudaLaunchAttributePriority = 8,
    cudaLaunchAttributeMemSyncDomainMap = 9, cudaLaunchAttributeMemSyncDomain = 10,
    cudaLaunchAttributePreferredClusterDimension = 11,
    cudaLaunchAttributeLaunchCompletionEvent = 12,
    cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
    cudaLaunchAttributePreferredSharedMemoryCarveout = 14
} cudaLaunchAttributeID;
typedef union cudaLaunchAttributeValue {
    char pad[64]; int cooperative; int syncPolicy; struct { unsigned int x; unsigned int y; unsigned int z; } clusterDim;
    int clusterSchedulingPolicyPreference; int programmaticStreamSerializationAllowed;
    struct { cudaEvent_t event; int flags; int triggerAtBlockStart; } programmaticEvent; int priority;
    unsigned char memSyncDomain; struct { unsigned int x; unsigned int y; unsigned int z; } preferredClusterDim;
    struct { cudaEvent_t event; int flags; } launchCompletionEvent; unsigned int sharedMemCarveout;
    long double __no_host_layout;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st { cudaLaunchAttributeID id; cudaLaunchAttributeValue val; } cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
    dim3 gridDim; dim3 blockDim; size_t dynamicSmemBytes; cudaStream_t stream; cudaLaunchAttribute *attrs; unsigned int numAttrs;
    long double __no_host_layout;
} cudaLaunchConfig_t;
struct cudaDeviceProp {
    char name[256]; size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock; int warpSize; size_t memPitch;
    int maxThreadsPerBlock; int maxThreadsDim[3]; int maxGridSize[3]; size_t totalConstMem; int major; int minor;
    size_t textureAlignment; int multiProcessorCount; int integrated; int canMapHostMemory; int concurrentKernels;
    int pciBusID; int pciDeviceID; int pciDomainID; int asyncEngineCount; int unifiedAddressing; int memoryBusWidth;
    int l2CacheSize; int persistingL2CacheMaxSize; int maxThreadsPerMultiProcessor; int sharedMemPerMultiprocessor;
    size_t sharedMemPerBlockOptin; int regsPerMultiprocessor; int managedMemory; int isMultiGpuBoard;
    int cooperativeLaunch; int maxBlocksPerMultiProcessor; int clusterLaunch;
    long double __no_host_layout;
};
extern "C" cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
template <class... K, class... A> cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(K...), A&&... args);
extern "C" cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func, const cudaLaunchConfig_t *launchConfig);
template <class T> cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func, const cudaLaunchConfig_t *launchConfig);
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, void *stream = 0);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" cudaError_t cudaPeekAtLastError(void);
extern "C" const char *cudaGetErrorString(cudaError_t error);
extern "C" const char *cudaGetErrorName(cudaError_t error);
extern "C" cudaError_t cudaMalloc(void **devPtr, size_t size);
template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size);
extern "C" cudaError_t cudaMallocHost(void **ptr, size_t size);
extern "C" cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
extern "C" cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = 1);
extern "C" cudaError_t cudaFree(void *devPtr);
extern "C" cudaError_t cudaFreeHost(void *ptr);
extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream = 0);
extern "C" cudaError_t cudaMemset(void *devPtr, int value, size_t count);
extern "C" cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
extern "C" cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" cudaError_t cudaGetDevice(int *device);
extern "C" cudaError_t cudaSetDevice(int device);
extern "C" cudaError_t cudaGetDeviceCount(int *count);
extern "C" cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);
extern "C" cudaError_t cudaStreamCreate(cudaStream_t *pStream);
extern "C" cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
extern "C" cudaError_t cudaStreamDestroy(cudaStream_t stream);
extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t stream);
extern "C" cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
extern "C" cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
extern "C" cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
extern "C" cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
extern "C" cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
extern "C" cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
extern "C" cudaError_t cudaGraphDestroy(cudaGraph_t graph);
extern "C" cudaError_t cudaEventCreate(cudaEvent_t *event);
extern "C" cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
extern "C" cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t event);
extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
extern "C" cudaError_t cudaEventDestroy(cudaEvent_t event);
extern "C" cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
extern "C" cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
extern "C" cudaError_t cudaIpcCloseMemHandle(void *devPtr);
extern "C" cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value);
template <class T> cudaError_t cudaFuncSetAttribute(T *func, int attr, int value);
extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize);
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
#define cudaHostAllocDefault 0x00
#define cudaHostAllocMapped 0x02
#define cudaStreamNonBlocking 0x01
#define cudaEventDisableTiming 0x02
#define cudaIpcMemLazyEnablePeerAccess 0x01
"#;

/// `math_constants.h`: CUDA's named constants that device code uses.
const MATH_CONSTANTS: &str = "#pragma once\n\
#define CUDART_INF_F __int_as_float(0x7f800000U)\n\
#define CUDART_NAN_F __int_as_float(0x7fffffffU)\n\
#define CUDART_MAX_NORMAL_F __int_as_float(0x7f7fffffU)\n\
#define CUDART_ZERO_F 0.0F\n#define CUDART_ONE_F 1.0F\n\
#define CUDART_SQRT_HALF_F 0.707106781F\n#define CUDART_PIO2_F 1.570796327F\n\
#define CUDART_2_OVER_PI_F 0.636619772F\n#define CUDART_SQRT_2_OVER_PI_F 0.797884561F\n\
#define CUDART_PI_F 3.141592654F\n#define CUDART_L2E_F 1.442695041F\n#define CUDART_LN2_F 0.693147181F\n\
#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)\n\
#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)\n\
#define CUDART_2_OVER_PI 6.3661977236758138e-1\n#define CUDART_PI 3.1415926535897931e+0\n\
#define CUDART_SQRT_2PI 2.5066282746310007e+0\n#define CUDART_SQRT_2OPI 7.9788456080286536e-1\n\
#define CUDART_LN2 6.9314718055994529e-1\n";

/// What nvcc and NVRTC know with no `#include` (nvcc includes `cuda_runtime.h` first; NVRTC
/// declares its types): `size_t`, `ptrdiff_t`, and the CUDA runtime's handles (pointers to
/// structs never defined, and 64-bit object ids). A header that declares one again, as C++
/// allows, declares the same type.
pub const PREDECLARED: &str = "typedef __SIZE_TYPE__ size_t;\n\
typedef __PTRDIFF_TYPE__ ptrdiff_t;\n\
typedef struct CUstream_st *cudaStream_t;\n\
typedef struct CUevent_st *cudaEvent_t;\n\
typedef struct cudaArray *cudaArray_t;\n\
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;\n\
typedef struct CUgraph_st *cudaGraph_t;\n\
typedef struct CUgraphExec_st *cudaGraphExec_t;\n\
typedef struct CUgraphNode_st *cudaGraphNode_t;\n\
typedef unsigned long long cudaTextureObject_t;\n\
typedef unsigned long long cudaSurfaceObject_t;\n";

#[cfg(test)]
mod tests {
    use super::*;

    /// Every stand-in clang gets has core's alignment (a power of two in every release), and
    /// the vectors among CUDA's C++ types have core's size with the elements and lanes written
    /// here (core's sizes are the ones the oracle tests compare with NVRTC's `sizeof`).
    #[test]
    fn stand_ins_have_the_layout_of_ptx_abis_cuda_types() {
        let releases = [(11, 8), (12, 9), (13, 0), (13, 5)].map(|(a, b)| CudaVersion::new(a, b));
        let mut n = 0;
        for t in rows() {
            for v in releases {
                let align = t.align_in(v);
                match t.def {
                    CDef::Typedef(_) => assert_eq!(align, 0, "{}", t.c_name),
                    _ => assert!(align.is_power_of_two(), "{} in {v}: {align}", t.c_name),
                }
            }
            if t.availability != Availability::CxxTypes {
                continue;
            }
            let core = ptx_abi_core::types::CUDA_TYPES
                .iter()
                .find(|c| c.rust == t.rust)
                .unwrap_or_else(|| panic!("{} is not in CUDA_TYPES", t.rust));
            assert_eq!(t.since, core.since, "{}", t.c_name);
            if let CDef::Vector { elem, lanes } = t.def {
                let e = scalar_from_c(elem).unwrap().size();
                let align = t.align_in(CudaVersion::DEFAULT) as usize;
                let size = (e * lanes as usize).div_ceil(align) * align;
                assert_eq!(size, core.size, "{}", t.c_name);
            }
            n += 1;
        }
        // double3/4, (u)long3/4, (u)longlong3/4 (10), the *_16a/*_32a vectors (10), __half2,
        // half2, bf16 (4), fp8 (6), fp4, CUtensorMap.
        assert_eq!(n, 34);
        // Every type of core's table has a stand-in, under its CUDA name.
        for c in ptx_abi_core::types::CUDA_TYPES {
            let row = rows().find(|t| t.c_name == c.c_name);
            assert!(
                row.is_some_and(|t| t.rust == c.rust),
                "no stand-in for {}",
                c.c_name
            );
        }
        // §1.2 through core: float3 aligned like its element, float4 to four times it.
        assert_eq!(
            lookup_in("float3", CudaVersion::DEFAULT)
                .unwrap()
                .align_in(CudaVersion::DEFAULT),
            4
        );
        assert_eq!(
            lookup_in("float4", CudaVersion::DEFAULT)
                .unwrap()
                .align_in(CudaVersion::DEFAULT),
            16
        );
    }

    /// What each release's headers declare (read in CUDA 11.8's, 12.9's, 13.0's and 13.5's):
    /// the `*_16a` vectors from 13.0, `CUtensorMap` from 12.0 and aligned 128 from 13.0.
    #[test]
    fn each_release_gets_its_own_types() {
        let v = |a, b| CudaVersion::new(a, b);
        assert!(lookup_in("double4_32a", v(12, 9)).is_none());
        assert!(lookup_in("long4_16a", v(12, 9)).is_none());
        assert_eq!(
            lookup_in("double4_32a", v(13, 0)).map(|t| t.rust_path()),
            Some("::ptx_abi::types::Double4A32".to_string())
        );
        assert_eq!(
            lookup_in("ulonglong4_16a", v(13, 5)).map(|t| t.rust_path()),
            Some("::ptx_abi::types::ULongLong4A16".to_string())
        );
        assert!(lookup_in("CUtensorMap", v(11, 8)).is_none());
        assert!(lookup_in("__nv_fp8_e4m3", v(11, 8)).is_some());
        assert!(lookup_in("__nv_fp4x2_e2m1", v(11, 8)).is_none());
        let p12 = prelude_for(v(12, 9));
        let p13 = prelude_for(v(13, 0));
        let cuda_h = |r| standin_header("cuda.h", r).unwrap();
        assert!(
            cuda_h(v(12, 9)).contains("struct __attribute__((aligned(64))) CUtensorMap {"),
            "{}",
            cuda_h(v(12, 9))
        );
        assert!(
            cuda_h(v(13, 0)).contains("struct __attribute__((aligned(128))) CUtensorMap {"),
            "{}",
            cuda_h(v(13, 0))
        );
        assert!(!p12.contains("double4_16a"), "{p12}");
        assert!(
            p13.contains("struct __attribute__((aligned(32))) long4_32a { long x, y, z, w; };"),
            "{p13}"
        );
        assert!(p12.contains("#define CUDART_VERSION 12090\n"), "{p12}");
        assert!(p13.contains("#define CUDA_VERSION 13000\n"), "{p13}");
        assert!(!cuda_h(v(11, 8)).contains("CUtensorMap"));
        // CUDA's own headers declare the rest: none of it is in the prelude.
        for name in [
            "CUtensorMap",
            "__half",
            "half",
            "__nv_bfloat16",
            "__nv_fp8_e4m3",
        ] {
            assert!(!p13.contains(&format!(" {name} ")), "{name} in the prelude");
        }
        assert!(standin_header("cuda_fp8.h", v(12, 9))
            .unwrap()
            .contains("#include \"cuda_bf16.h\""));
    }

    /// `cuda.h`'s stand-in declares the driver API as CUDA 12.9's `cuda.h` does (a 64-bit
    /// `CUdeviceptr`, `CUresult`'s and the pointer attributes' values) and includes
    /// `<stdlib.h>` as it does; the runtime API has the stream capture status.
    #[test]
    fn cuda_h_declares_the_driver_api() {
        let cuda_h = standin_header("cuda.h", CudaVersion::new(12, 9)).unwrap();
        for decl in [
            "#include \"stdlib.h\"",
            "typedef unsigned long long CUdeviceptr_v2;",
            "typedef CUdeviceptr_v2 CUdeviceptr;",
            "CUDA_SUCCESS = 0,",
            "CUDA_ERROR_UNKNOWN = 999",
            "CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11,",
            "CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr);",
        ] {
            assert!(cuda_h.contains(decl), "{decl} not in\n{cuda_h}");
        }
        let p = prelude_for(CudaVersion::new(12, 9));
        assert!(p.contains("cudaStreamCaptureStatusActive = 1,"), "{p}");
        assert!(p.contains("cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);"));
    }

    /// Where CUDA's include directory is given, the runtime API is the toolkit's: the prelude
    /// includes the real `cuda_runtime_api.h` and declares none of it (a second `enum
    /// cudaError` would be a redefinition), and keeps the keywords, the vector types, the
    /// device built-ins and `cuda_runtime.h`'s C++ templates over the C API.
    #[test]
    fn the_toolkit_prelude_reads_the_runtime_api_from_the_toolkit() {
        let v = CudaVersion::new(12, 9);
        let p = prelude_reading_toolkit(v);
        assert!(p.contains("#include <cuda_runtime_api.h>"), "{p}");
        for own in [
            "typedef enum cudaError {",
            "typedef struct CUstream_st *cudaStream_t;",
        ] {
            assert!(prelude_for(v).contains(own), "{own}");
            assert!(!p.contains(own), "{own} in the toolkit prelude");
        }
        for kept in [
            "#define __global__ __attribute__((global))",
            "struct __attribute__((aligned(16))) float4",
            "static __device__ const uint3 threadIdx",
            "template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size);",
            "cudaCreateChannelDesc(void);",
        ] {
            assert!(p.contains(kept), "{kept} not in\n{p}");
        }
        // After the runtime API, whose declarations the templates name.
        assert!(p.find("#include <cuda_runtime_api.h>") < p.find("cudaMalloc(T **"));
    }
}
