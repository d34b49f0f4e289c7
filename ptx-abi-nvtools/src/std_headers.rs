//! The C and C++ standard library headers a CUDA header includes that neither NVRTC nor
//! `ptx-abi-import`'s clang (which reads headers without a standard library) has: as stand-ins,
//! the same text for both, so that the importer reads a header as its NVRTC checks compile
//! it.
//!
//! Two kinds, for what such headers do with them:
//! - type traits and limits (`<type_traits>`, `<limits>`, `<utility>`), which device code and
//!   `static_assert`s evaluate: working definitions of the common ones, with the values of
//!   PTX's fundamental types (§1.1 of the PTX Interoperability guide);
//! - host-side containers and I/O (`<vector>`, `<string>`, `<iostream>`, …), which a shared
//!   header names in host functions' declarations: their class templates declared and never
//!   defined. A header that only declares `void upload(const std::vector<Params>&);` reads;
//!   one that keeps a `std::vector` in a shared struct, or calls its members in an inline
//!   function, does not, and the compiler says where.

/// `<type_traits>`: the traits CUDA code commonly tests, as the standard defines them.
const TYPE_TRAITS: &str = r#"#pragma once
namespace std {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
  typedef T value_type;
  typedef integral_constant type;
  __host__ __device__ constexpr operator value_type() const { return value; }
};
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <bool B> using bool_constant = integral_constant<bool, B>;
template <class A, class B> struct is_same : false_type {};
template <class A> struct is_same<A, A> : true_type {};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <class T> struct remove_const { typedef T type; };
template <class T> struct remove_const<const T> { typedef T type; };
template <class T> struct remove_volatile { typedef T type; };
template <class T> struct remove_volatile<volatile T> { typedef T type; };
template <class T> struct remove_cv { typedef typename remove_volatile<typename remove_const<T>::type>::type type; };
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T&> { typedef T type; };
template <class T> struct remove_reference<T&&> { typedef T type; };
template <class T> struct remove_pointer { typedef T type; };
template <class T> struct remove_pointer<T*> { typedef T type; };
template <class T> struct is_pointer_ : false_type {};
template <class T> struct is_pointer_<T*> : true_type {};
template <class T> struct is_pointer : is_pointer_<typename remove_cv<T>::type> {};
template <class T> struct is_integral_ : false_type {};
template <> struct is_integral_<bool> : true_type {};
template <> struct is_integral_<char> : true_type {};
template <> struct is_integral_<signed char> : true_type {};
template <> struct is_integral_<unsigned char> : true_type {};
template <> struct is_integral_<char16_t> : true_type {};
template <> struct is_integral_<char32_t> : true_type {};
template <> struct is_integral_<wchar_t> : true_type {};
template <> struct is_integral_<short> : true_type {};
template <> struct is_integral_<unsigned short> : true_type {};
template <> struct is_integral_<int> : true_type {};
template <> struct is_integral_<unsigned int> : true_type {};
template <> struct is_integral_<long> : true_type {};
template <> struct is_integral_<unsigned long> : true_type {};
template <> struct is_integral_<long long> : true_type {};
template <> struct is_integral_<unsigned long long> : true_type {};
template <class T> struct is_integral : is_integral_<typename remove_cv<T>::type> {};
template <class T> struct is_floating_point_ : false_type {};
template <> struct is_floating_point_<float> : true_type {};
template <> struct is_floating_point_<double> : true_type {};
template <> struct is_floating_point_<long double> : true_type {};
template <class T> struct is_floating_point : is_floating_point_<typename remove_cv<T>::type> {};
template <class T> struct is_arithmetic : bool_constant<is_integral<T>::value || is_floating_point<T>::value> {};
template <class T> struct is_signed : bool_constant<is_arithmetic<T>::value && (T(-1) < T(0))> {};
template <class T> struct is_unsigned : bool_constant<is_arithmetic<T>::value && !(T(-1) < T(0))> {};
template <class T> struct is_enum : bool_constant<__is_enum(T)> {};
template <class T> struct is_class : bool_constant<__is_class(T)> {};
template <class T> struct is_union : bool_constant<__is_union(T)> {};
template <class T> struct is_trivially_copyable : bool_constant<__is_trivially_copyable(T)> {};
template <class T> struct is_standard_layout : bool_constant<__is_standard_layout(T)> {};
template <class T> struct is_trivial : bool_constant<__is_trivial(T)> {};
template <class T> struct is_pod : bool_constant<__is_pod(T)> {};
template <class T> struct is_empty : bool_constant<__is_empty(T)> {};
template <class T> struct is_const : false_type {};
template <class T> struct is_const<const T> : true_type {};
template <class T> struct is_reference : false_type {};
template <class T> struct is_reference<T&> : true_type {};
template <class T> struct is_reference<T&&> : true_type {};
template <class T> struct alignment_of : integral_constant<decltype(sizeof(0)), alignof(T)> {};
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> using remove_const_t = typename remove_const<T>::type;
template <class T> using remove_reference_t = typename remove_reference<T>::type;
template <class T> using remove_pointer_t = typename remove_pointer<T>::type;
template <class A, class B> constexpr bool is_same_v = is_same<A, B>::value;
template <class T> constexpr bool is_integral_v = is_integral<T>::value;
template <class T> constexpr bool is_floating_point_v = is_floating_point<T>::value;
template <class T> constexpr bool is_arithmetic_v = is_arithmetic<T>::value;
template <class T> constexpr bool is_signed_v = is_signed<T>::value;
template <class T> constexpr bool is_unsigned_v = is_unsigned<T>::value;
template <class T> constexpr bool is_enum_v = is_enum<T>::value;
template <class T> constexpr bool is_pointer_v = is_pointer<T>::value;
template <class T> constexpr bool is_trivially_copyable_v = is_trivially_copyable<T>::value;
template <class T> constexpr bool is_standard_layout_v = is_standard_layout<T>::value;
}
"#;

/// `<utility>`: `move`, `forward` and `pair` (two public members, `first` and `second`, as
/// every standard library lays it out).
const UTILITY: &str = r#"#pragma once
#include <type_traits>
namespace std {
template <class T> __host__ __device__ constexpr typename remove_reference<T>::type&& move(T&& t) noexcept {
  return static_cast<typename remove_reference<T>::type&&>(t);
}
template <class T> __host__ __device__ constexpr T&& forward(typename remove_reference<T>::type& t) noexcept {
  return static_cast<T&&>(t);
}
template <class A, class B> struct pair {
  A first;
  B second;
};
}
"#;

/// `<limits>`: `numeric_limits` of the fundamental types, with PTX's widths (§1.1: `long` is
/// 64 bits on the LP64 hosts CUDA runs on; plain `char` is signed); no `infinity()`, which
/// NVRTC has no constant for.
const LIMITS: &str = r#"#pragma once
namespace std {
template <class T> struct numeric_limits { static constexpr bool is_specialized = false; };
#define PTX_ABI_INT_LIMITS(T, SIGNED, DIGITS, MIN, MAX) \
template <> struct numeric_limits<T> { \
  static constexpr bool is_specialized = true; \
  static constexpr bool is_signed = SIGNED; \
  static constexpr bool is_integer = true; \
  static constexpr bool is_exact = true; \
  static constexpr int digits = DIGITS; \
  __host__ __device__ static constexpr T min() noexcept { return MIN; } \
  __host__ __device__ static constexpr T max() noexcept { return MAX; } \
  __host__ __device__ static constexpr T lowest() noexcept { return MIN; } \
};
PTX_ABI_INT_LIMITS(bool, false, 1, false, true)
PTX_ABI_INT_LIMITS(char, true, 7, -128, 127)
PTX_ABI_INT_LIMITS(signed char, true, 7, -128, 127)
PTX_ABI_INT_LIMITS(unsigned char, false, 8, 0, 255)
PTX_ABI_INT_LIMITS(short, true, 15, -32768, 32767)
PTX_ABI_INT_LIMITS(unsigned short, false, 16, 0, 65535)
PTX_ABI_INT_LIMITS(int, true, 31, -2147483647 - 1, 2147483647)
PTX_ABI_INT_LIMITS(unsigned int, false, 32, 0u, 4294967295u)
PTX_ABI_INT_LIMITS(long, true, 63, -9223372036854775807l - 1, 9223372036854775807l)
PTX_ABI_INT_LIMITS(unsigned long, false, 64, 0ul, 18446744073709551615ul)
PTX_ABI_INT_LIMITS(long long, true, 63, -9223372036854775807ll - 1, 9223372036854775807ll)
PTX_ABI_INT_LIMITS(unsigned long long, false, 64, 0ull, 18446744073709551615ull)
#undef PTX_ABI_INT_LIMITS
#define PTX_ABI_FLOAT_LIMITS(T, DIGITS, MIN, MAX, EPS) \
template <> struct numeric_limits<T> { \
  static constexpr bool is_specialized = true; \
  static constexpr bool is_signed = true; \
  static constexpr bool is_integer = false; \
  static constexpr bool is_exact = false; \
  static constexpr int digits = DIGITS; \
  __host__ __device__ static constexpr T min() noexcept { return MIN; } \
  __host__ __device__ static constexpr T max() noexcept { return MAX; } \
  __host__ __device__ static constexpr T lowest() noexcept { return -(MAX); } \
  __host__ __device__ static constexpr T epsilon() noexcept { return EPS; } \
};
PTX_ABI_FLOAT_LIMITS(float, 24, 1.17549435e-38f, 3.40282347e+38f, 1.19209290e-7f)
PTX_ABI_FLOAT_LIMITS(double, 53, 2.2250738585072014e-308, 1.7976931348623157e+308, 2.2204460492503131e-16)
#undef PTX_ABI_FLOAT_LIMITS
}
"#;

/// `std`'s host-side class templates, declared and never defined.
const CONTAINERS: &str = r#"#pragma once
namespace std {
template <class T, class... R> class vector;
template <class C, class... R> class basic_string;
typedef basic_string<char> string;
template <class K, class V, class... R> class map;
template <class K, class V, class... R> class unordered_map;
template <class K, class... R> class set;
template <class K, class... R> class unordered_set;
template <class T, class... R> class deque;
template <class T, class... R> class list;
template <class T, class... R> class unique_ptr;
template <class T> class shared_ptr;
template <class T> class weak_ptr;
template <class F> class function;
template <class... T> class tuple;
template <class T> class optional;
template <class... T> class variant;
template <class C, class... R> class basic_ostream;
template <class C, class... R> class basic_istream;
template <class C, class... R> class basic_stringstream;
template <class C, class... R> class basic_ostringstream;
template <class C, class... R> class basic_ifstream;
template <class C, class... R> class basic_ofstream;
typedef basic_ostream<char> ostream;
typedef basic_istream<char> istream;
typedef basic_stringstream<char> stringstream;
typedef basic_ostringstream<char> ostringstream;
typedef basic_ifstream<char> ifstream;
typedef basic_ofstream<char> ofstream;
class mutex;
class thread;
class condition_variable;
class exception;
class runtime_error;
class logic_error;
class invalid_argument;
class out_of_range;
}
"#;

/// `<array>`: `std::array`, an aggregate around `T[N]` as libstdc++ declares it
/// (`_M_elems`), which a shared struct may hold.
const ARRAY: &str = r#"#pragma once
namespace std {
template <class T, decltype(sizeof(0)) N> struct array {
  T _M_elems[N];
  __host__ __device__ constexpr T& operator[](decltype(sizeof(0)) i) { return _M_elems[i]; }
  __host__ __device__ constexpr const T& operator[](decltype(sizeof(0)) i) const { return _M_elems[i]; }
  __host__ __device__ constexpr decltype(sizeof(0)) size() const { return N; }
  __host__ __device__ constexpr T* data() { return _M_elems; }
  __host__ __device__ constexpr const T* data() const { return _M_elems; }
};
}
"#;

/// `<algorithm>`: `std::min` and `std::max`, which inline code calls.
const ALGORITHM: &str = r#"#pragma once
namespace std {
template <class T> __host__ __device__ constexpr const T& min(const T& a, const T& b) { return b < a ? b : a; }
template <class T> __host__ __device__ constexpr const T& max(const T& a, const T& b) { return a < b ? b : a; }
}
"#;

/// `<ctime>` and `<time.h>`: `time_t` and `struct timespec` with glibc's LP64 layout (two
/// `long`s), which a shared struct may hold.
const TIME: &str = r#"#pragma once
typedef long time_t;
typedef long clock_t;
struct timespec { time_t tv_sec; long tv_nsec; };
"#;

/// `<limits.h>`: the limits of the fundamental types with PTX's widths (§1.1; `long` is 64
/// bits, as on the LP64 hosts CUDA runs on; plain `char` is signed).
const C_LIMITS: &str = "\
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
/// include (`cuda.h` includes `<stdlib.h>`): `size_t` and the rest of `<stddef.h>`; NVRTC
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
const STDLIB: &str = "#include <stddef.h>\n#ifndef RAND_MAX\n#define RAND_MAX 2147483647\n#endif\nextern \"C\" __host__ __device__ int rand(void);\n";

/// `<math.h>` and `<cmath>`: nothing; NVRTC declares CUDA's math functions itself, and the
/// importer's prelude does.
const MATH: &str = "";

/// The C headers NVRTC lacks beyond the fixed-width and size types (`ptx_abi_core`'s
/// `report::nvrtc::SHIMS`): `(include name, text)`, in both spellings (`<limits.h>`,
/// `<climits>`). CUDA's `cuda.h` includes `<stdlib.h>`.
pub const C_HEADERS: &[(&str, &str)] = &[
    ("limits.h", C_LIMITS),
    ("climits", C_LIMITS),
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

/// Every stand-in: `(include name, text)`. The host-side ones are one text under each of
/// their header names.
pub const STD_HEADERS: &[(&str, &str)] = &[
    ("type_traits", TYPE_TRAITS),
    ("utility", UTILITY),
    ("limits", LIMITS),
    ("array", ARRAY),
    ("vector", CONTAINERS),
    ("string", CONTAINERS),
    ("map", CONTAINERS),
    ("unordered_map", CONTAINERS),
    ("set", CONTAINERS),
    ("unordered_set", CONTAINERS),
    ("deque", CONTAINERS),
    ("list", CONTAINERS),
    ("memory", CONTAINERS),
    ("functional", CONTAINERS),
    ("tuple", CONTAINERS),
    ("optional", CONTAINERS),
    ("variant", CONTAINERS),
    ("iostream", CONTAINERS),
    ("ostream", CONTAINERS),
    ("istream", CONTAINERS),
    ("sstream", CONTAINERS),
    ("fstream", CONTAINERS),
    ("mutex", CONTAINERS),
    ("thread", CONTAINERS),
    ("condition_variable", CONTAINERS),
    ("stdexcept", CONTAINERS),
    ("exception", CONTAINERS),
    ("algorithm", ALGORITHM),
    ("numeric", "#pragma once\n"),
    ("iomanip", "#pragma once\n"),
    ("chrono", "#pragma once\n"),
    ("ctime", TIME),
    ("time.h", TIME),
];
