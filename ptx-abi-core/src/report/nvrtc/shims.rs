//! The C and C++ standard headers NVRTC lacks, given to it in memory: NVRTC has no standard
//! library, so a CUDA header that includes `<cstdint>`, `<stddef.h>`, `<limits.h>` or CUDA's
//! `cuda.h` (which includes `<stdlib.h>`) would not compile, though nvcc takes it. Each shim declares what decides layouts — the fixed-width integer types of
//! §1.1's fundamental types, `size_t`, `ptrdiff_t`, `intptr_t` — with the widths PTX's 64-bit
//! data model gives them (`.address_size 64`, the only one [`super::Nvrtc::check`] compiles).

/// `<stdint.h>`: §1.1's fixed-width integers as NVRTC's builtin types (`long long` for the
/// 64-bit ones, as CUDA's own headers do), their limits, and the pointer-sized integers.
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
typedef long int_fast16_t;
typedef unsigned long uint_fast16_t;
typedef long int_fast32_t;
typedef unsigned long uint_fast32_t;
typedef long long int_fast64_t;
typedef unsigned long long uint_fast64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
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
/// have, and `offsetof` as ptx-abi's checks spell it under NVRTC.
const STDDEF: &str = "\
#ifndef PTX_ABI_SHIM_STDDEF
#define PTX_ABI_SHIM_STDDEF
typedef decltype(sizeof(0)) size_t;
typedef decltype((char*)0 - (char*)0) ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
#ifndef offsetof
#define offsetof(T, m) __INTADDR__(&((T*)0)->m)
#endif
#ifndef NULL
#define NULL 0
#endif
#endif
";

/// `<cstddef>`: [`STDDEF`] and the same names in `std`.
const CSTDDEF: &str = "\
#include <stddef.h>
#ifndef PTX_ABI_SHIM_CSTDDEF
#define PTX_ABI_SHIM_CSTDDEF
namespace std { using ::size_t; using ::ptrdiff_t; using ::nullptr_t; }
#endif
";

/// `<limits.h>`: the limits of the fundamental types with PTX's widths (§1.1; `long` is 64
/// bits, as on the LP64 hosts CUDA runs on; plain `char` is signed).
const LIMITS: &str = "\
#ifndef PTX_ABI_SHIM_LIMITS
#define PTX_ABI_SHIM_LIMITS
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295u
#define LONG_MIN (-9223372036854775807l - 1)
#define LONG_MAX 9223372036854775807l
#define ULONG_MAX 18446744073709551615ul
#define LLONG_MIN (-9223372036854775807ll - 1)
#define LLONG_MAX 9223372036854775807ll
#define ULLONG_MAX 18446744073709551615ull
#endif
";

/// `<float.h>`: the IEEE single and double limits of PTX's `.f32` and `.f64` (§1.1).
const FLOAT: &str = "\
#ifndef PTX_ABI_SHIM_FLOAT
#define PTX_ABI_SHIM_FLOAT
#define FLT_RADIX 2
#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define FLT_DIG 6
#define DBL_DIG 15
#define FLT_EPSILON 1.19209290e-7f
#define DBL_EPSILON 2.2204460492503131e-16
#define FLT_MIN 1.17549435e-38f
#define DBL_MIN 2.2250738585072014e-308
#define FLT_MAX 3.40282347e+38f
#define DBL_MAX 1.7976931348623157e+308
#endif
";

/// `<assert.h>`: `assert`, which a header's inline functions may call (the checks never run
/// them).
const ASSERT: &str = "\
#ifndef assert
#define assert(e) ((void)(e))
#endif
";

/// Headers that declare nothing a layout depends on, which NVRTC lacks and CUDA headers
/// include (`cuda.h` includes `<stdlib.h>`): `size_t` and the rest of [`STDDEF`]; NVRTC
/// itself declares the device's `malloc`, `free`, `memcpy`, `memset` and `printf`.
const STDDEF_ONLY: &str = "#include <stddef.h>\n";

/// `<cstddef>`'s names for a C++ wrapper of [`STDDEF_ONLY`]'s headers.
const CSTDDEF_ONLY: &str = "#include <cstddef>\n";

/// `<stdio.h>`: [`STDDEF_ONLY`] and `FILE`, which host function declarations name.
const STDIO: &str = "#include <stddef.h>\nstruct _IO_FILE;\ntypedef struct _IO_FILE FILE;\n";

/// `<cstdio>`: [`STDIO`] and `std::FILE`.
const CSTDIO: &str = "#include <stdio.h>\n#include <cstddef>\nnamespace std { using ::FILE; }\n";

/// `<cstdlib>`: [`STDLIB`] and `<cstddef>`.
const CSTDLIB: &str = "#include <stdlib.h>\n#include <cstddef>\n";

/// `<stdlib.h>`: [`STDDEF_ONLY`], `RAND_MAX` and `rand`.
const STDLIB: &str = "#include <stddef.h>\n#ifndef RAND_MAX\n#define RAND_MAX 2147483647\n#endif\nextern \"C\" int rand(void);\n";

/// `<math.h>` and `<cmath>`: nothing; NVRTC declares CUDA's math functions itself.
const MATH: &str = "";

/// Every shim: `(include name, text)`, as `nvrtcCreateProgram` takes them.
pub const SHIMS: &[(&str, &str)] = &[
    ("stdint.h", STDINT),
    ("cstdint", CSTDINT),
    ("stddef.h", STDDEF),
    ("cstddef", CSTDDEF),
    ("limits.h", LIMITS),
    ("climits", LIMITS),
    ("float.h", FLOAT),
    ("cfloat", FLOAT),
    ("assert.h", ASSERT),
    ("cassert", ASSERT),
    ("stdlib.h", STDLIB),
    ("cstdlib", CSTDLIB),
    ("string.h", STDDEF_ONLY),
    ("cstring", CSTDDEF_ONLY),
    ("stdio.h", STDIO),
    ("cstdio", CSTDIO),
    ("math.h", MATH),
    ("cmath", MATH),
];
