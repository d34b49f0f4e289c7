//! The C standard headers that decide layouts, given to NVRTC in memory: NVRTC has no
//! standard library, so a CUDA header that includes `<cstdint>` or `<stddef.h>` (as nvcc
//! allows) would not compile. The other C and C++ headers NVRTC lacks, which the importer's
//! clang gets too, are `ptx_abi_nvtools::std_headers`. Each shim declares what decides layouts — the fixed-width integer types of
//! §1.1's fundamental types, `size_t`, `ptrdiff_t`, `intptr_t` — with the widths PTX's 64-bit
//! data model gives them (`.address_size 64`, the only one [`super::Nvrtc::check`] compiles).

/// `<stdint.h>`: §1.1's fixed-width integers as NVRTC's builtin types (`long long` for the
/// 64-bit ones, as CUDA's own headers do), their limits, and the pointer-sized integers. Where
/// libcu++ declared them first for NVRTC (`curand_kernel.h` includes it), its fast 16- and
/// 32-bit and pointer-sized integers stand (`int16_t` where glibc, and nvcc with it, has
/// `long`): a header that includes libcu++ is another program under NVRTC than under nvcc.
/// Where libcu++ comes after this header, NVRTC rejects its declarations of the same names,
/// and the check compiles the header again with libcu++'s first
/// ([`LIBCUPP_INTEGERS_FIRST`]).
const STDINT: &str = "\
#ifndef PTX_ABI_SHIM_STDINT
#define PTX_ABI_SHIM_STDINT
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef signed char int_least8_t;
typedef unsigned char uint_least8_t;
typedef short int_least16_t;
typedef unsigned short uint_least16_t;
typedef int int_least32_t;
typedef unsigned int uint_least32_t;
typedef long long int_least64_t;
typedef unsigned long long uint_least64_t;
typedef signed char int_fast8_t;
typedef unsigned char uint_fast8_t;
#if !defined(_LIBCUDACXX___CUDA_CSTDINT_PRELUDE_H) && !defined(_CUDA_STD_CSTDINT)
typedef long int_fast16_t;
typedef unsigned long uint_fast16_t;
typedef long int_fast32_t;
typedef unsigned long uint_fast32_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
#endif
typedef long long int_fast64_t;
typedef unsigned long long uint_fast64_t;
typedef long long intmax_t;
typedef unsigned long long uintmax_t;
#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#define UINT32_MAX 4294967295u
#define INT64_MIN (-9223372036854775807ll - 1)
#define INT64_MAX 9223372036854775807ll
#define UINT64_MAX 18446744073709551615ull
#endif
";

/// `<cstdint>`: [`STDINT`] and the same names in `std`.
const CSTDINT: &str = "\
#include <stdint.h>
#ifndef PTX_ABI_SHIM_CSTDINT
#define PTX_ABI_SHIM_CSTDINT
namespace std {
using ::int8_t; using ::uint8_t; using ::int16_t; using ::uint16_t;
using ::int32_t; using ::uint32_t; using ::int64_t; using ::uint64_t;
using ::int_least8_t; using ::uint_least8_t; using ::int_least16_t; using ::uint_least16_t;
using ::int_least32_t; using ::uint_least32_t; using ::int_least64_t; using ::uint_least64_t;
using ::int_fast8_t; using ::uint_fast8_t; using ::int_fast16_t; using ::uint_fast16_t;
using ::int_fast32_t; using ::uint_fast32_t; using ::int_fast64_t; using ::uint_fast64_t;
using ::intptr_t; using ::uintptr_t; using ::intmax_t; using ::uintmax_t;
}
#endif
";

/// `<stddef.h>`: `size_t` and `ptrdiff_t` as the types `sizeof` and pointer subtraction
/// have, `offsetof` as ptx-abi's checks spell it under NVRTC, and glibc's (GCC's)
/// `max_align_t` (32 bytes aligned to 16 under NVRTC and nvcc).
const STDDEF: &str = "\
#ifndef PTX_ABI_SHIM_STDDEF
#define PTX_ABI_SHIM_STDDEF
typedef decltype(sizeof(0)) size_t;
typedef decltype((char*)0 - (char*)0) ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
typedef struct {
    long long __max_align_ll __attribute__((__aligned__(__alignof__(long long))));
    long double __max_align_ld __attribute__((__aligned__(__alignof__(long double))));
} max_align_t;
#define _GCC_MAX_ALIGN_T
#ifndef offsetof
#define offsetof(T, m) __INTADDR__(&((T*)0)->m)
#endif
#ifndef NULL
#define NULL 0
#endif
#endif
";

/// `<cstddef>`: [`STDDEF`] and the same names in `std`, and C++17's `std::byte`.
const CSTDDEF: &str = "\
#include <stddef.h>
#ifndef PTX_ABI_SHIM_CSTDDEF
#define PTX_ABI_SHIM_CSTDDEF
namespace std { using ::size_t; using ::ptrdiff_t; using ::nullptr_t; using ::max_align_t; }
#if __cplusplus >= 201703L
namespace std { enum class byte : unsigned char {}; }
#endif
#endif
";

/// The option that compiles libcu++'s `<cuda/std/cstdint>` before the header, for a header
/// that includes [`STDINT`] (`<cstdint>`, or `<cuda.h>`, which includes it) and libcu++ after
/// it ([`libcupp_redeclared_integers`]): NVRTC then reads the fixed-width integers as libcu++
/// declares them for NVRTC, as for a header that includes libcu++ first.
pub(super) const LIBCUPP_INTEGERS_FIRST: &str = "--pre-include=cuda/std/cstdint";

/// Whether NVRTC's `log` reports libcu++ (`cuda/std/…`: `cstdint` in CUDA 13,
/// `__cuda/cstdint_prelude.h` in CUDA 12) redeclaring an integer type [`STDINT`] declared
/// first with glibc's type (`int_fast16_t`, `int_fast32_t` and `intptr_t` are `long` there,
/// and `short`, `int` and `long long` in libcu++'s declarations for NVRTC): a program C++
/// rejects in this order and accepts in the other.
pub(super) fn libcupp_redeclared_integers(log: &str) -> bool {
    log.lines().any(|l| {
        l.contains("cuda/std/")
            && l.contains("invalid redeclaration of type name")
            && l.contains("stdint.h")
    })
}

/// Every shim: `(include name, text)`, as `nvrtcCreateProgram` takes them.
pub const SHIMS: &[(&str, &str)] = &[
    ("stdint.h", STDINT),
    ("cstdint", CSTDINT),
    ("stddef.h", STDDEF),
    ("cstddef", CSTDDEF),
];

#[cfg(test)]
mod tests {
    use super::libcupp_redeclared_integers;

    #[test]
    fn libcupp_redeclaring_the_shims_integers_is_recognized() {
        // NVRTC 13.5's words for `#include <cstdint>` before `#include <cuda/std/array>`.
        let cuda13 = "/x/include/cccl/cuda/std/cstdint(51): error: invalid redeclaration of \
                      type name \"int_fast16_t\" (declared at line 22 of stdint.h)";
        assert!(libcupp_redeclared_integers(cuda13));
        let cuda12 = "/x/include/cuda/std/__cuda/cstdint_prelude.h(42): error: invalid \
                      redeclaration of type name \"int_fast16_t\" (declared at line 22 of \
                      stdint.h)";
        assert!(libcupp_redeclared_integers(cuda12));
        // The header's own redeclaration is the header's error, not libcu++'s.
        let own = "header.cuh(3): error: invalid redeclaration of type name \"Node\" \
                   (declared at line 2)";
        assert!(!libcupp_redeclared_integers(own));
    }
}
