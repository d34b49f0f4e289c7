//! The C and C++ standard library headers a CUDA header includes that neither NVRTC nor
//! `ptx-abi-import`'s clang (which reads headers without a standard library) has: as stand-ins,
//! the same text for both, so that the importer reads a header as its NVRTC checks compile
//! it.
//!
//! Two kinds, for what such headers do with them:
//! - type traits and limits (`<type_traits>`, `<limits>`, `<utility>`), which device code and
//!   `static_assert`s evaluate: working definitions of the common ones, with the values of
//!   PTX's fundamental types (§1.1 of the PTX Interoperability guide);
//! - host-side containers, I/O, smart pointers and exceptions (`<vector>`, `<string>`,
//!   `<iostream>`, `<memory>`, `<stdexcept>`, …), which a shared header uses in host functions:
//!   complete classes with the members host code calls, whose layout is the host library's
//!   (each holds a `long double`, which the importer leaves out with the reason), so that a
//!   struct keeping a `std::vector` is reported and the rest of the header is imported;
//! - `<atomic>`'s `std::atomic<T>`, laid out as libstdc++ lays it out (nvcc's checks compile the
//!   real one).

/// `<type_traits>`: the traits CUDA code commonly tests, as the standard defines them.
const TYPE_TRAITS: &str = r#"#pragma once
namespace std {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
  typedef T value_type;
  typedef integral_constant type;
  __host__ __device__ constexpr operator value_type() const { return value; }
  __host__ __device__ constexpr value_type operator()() const { return value; }
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
template <class...> using void_t = void;
template <class T> struct type_identity { typedef T type; };
template <class T> using remove_volatile_t = typename remove_volatile<T>::type;
template <class T> struct remove_cvref { typedef typename remove_cv<typename remove_reference<T>::type>::type type; };
template <class T> using remove_cvref_t = typename remove_cvref<T>::type;
template <class T> struct remove_extent { typedef T type; };
template <class T> struct remove_extent<T[]> { typedef T type; };
template <class T, decltype(sizeof(0)) N> struct remove_extent<T[N]> { typedef T type; };
template <class T> struct remove_all_extents { typedef T type; };
template <class T> struct remove_all_extents<T[]> { typedef typename remove_all_extents<T>::type type; };
template <class T, decltype(sizeof(0)) N> struct remove_all_extents<T[N]> { typedef typename remove_all_extents<T>::type type; };
template <class T> using remove_extent_t = typename remove_extent<T>::type;
template <class T> struct make_unsigned;
template <class T> struct make_signed;
#define PTX_ABI_SIGN_PAIR(S, U) \
  template <> struct make_unsigned<S> { typedef U type; }; \
  template <> struct make_unsigned<U> { typedef U type; }; \
  template <> struct make_signed<S> { typedef S type; }; \
  template <> struct make_signed<U> { typedef S type; };
PTX_ABI_SIGN_PAIR(signed char, unsigned char)
PTX_ABI_SIGN_PAIR(short, unsigned short)
PTX_ABI_SIGN_PAIR(int, unsigned int)
PTX_ABI_SIGN_PAIR(long, unsigned long)
PTX_ABI_SIGN_PAIR(long long, unsigned long long)
#undef PTX_ABI_SIGN_PAIR
template <> struct make_unsigned<char> { typedef unsigned char type; };
template <> struct make_signed<char> { typedef signed char type; };
template <> struct make_unsigned<wchar_t> { typedef unsigned int type; };
template <> struct make_signed<wchar_t> { typedef int type; };
template <> struct make_unsigned<char16_t> { typedef unsigned short type; };
template <> struct make_signed<char16_t> { typedef short type; };
template <> struct make_unsigned<char32_t> { typedef unsigned int type; };
template <> struct make_signed<char32_t> { typedef int type; };
template <class T> struct make_unsigned<const T> { typedef const typename make_unsigned<T>::type type; };
template <class T> struct make_unsigned<volatile T> { typedef volatile typename make_unsigned<T>::type type; };
template <class T> struct make_unsigned<const volatile T> { typedef const volatile typename make_unsigned<T>::type type; };
template <class T> struct make_signed<const T> { typedef const typename make_signed<T>::type type; };
template <class T> struct make_signed<volatile T> { typedef volatile typename make_signed<T>::type type; };
template <class T> struct make_signed<const volatile T> { typedef const volatile typename make_signed<T>::type type; };
template <class T> using make_unsigned_t = typename make_unsigned<T>::type;
template <class T> using make_signed_t = typename make_signed<T>::type;
template <class T> using remove_all_extents_t = typename remove_all_extents<T>::type;
template <class T> struct add_const { typedef const T type; };
template <class T> struct add_volatile { typedef volatile T type; };
template <class T> struct add_cv { typedef const volatile T type; };
template <class T> struct add_pointer { typedef typename remove_reference<T>::type *type; };
template <class T, class = void> struct __ptx_abi_add_reference { typedef T lvalue; typedef T rvalue; };
template <class T> struct __ptx_abi_add_reference<T, void_t<T &>> { typedef T &lvalue; typedef T &&rvalue; };
template <class T> struct add_lvalue_reference { typedef typename __ptx_abi_add_reference<T>::lvalue type; };
template <class T> struct add_rvalue_reference { typedef typename __ptx_abi_add_reference<T>::rvalue type; };
template <class T> using add_const_t = typename add_const<T>::type;
template <class T> using add_pointer_t = typename add_pointer<T>::type;
template <class T> using add_lvalue_reference_t = typename add_lvalue_reference<T>::type;
template <class T> using add_rvalue_reference_t = typename add_rvalue_reference<T>::type;
template <class T> __host__ __device__ typename add_rvalue_reference<T>::type declval() noexcept;
template <class T> struct is_void : is_same<void, typename remove_cv<T>::type> {};
template <class T> struct is_null_pointer : is_same<decltype(nullptr), typename remove_cv<T>::type> {};
template <class T> struct is_volatile : false_type {};
template <class T> struct is_volatile<volatile T> : true_type {};
template <class T> struct is_array : false_type {};
template <class T> struct is_array<T[]> : true_type {};
template <class T, decltype(sizeof(0)) N> struct is_array<T[N]> : true_type {};
template <class T> struct is_lvalue_reference : false_type {};
template <class T> struct is_lvalue_reference<T &> : true_type {};
template <class T> struct is_rvalue_reference : false_type {};
template <class T> struct is_rvalue_reference<T &&> : true_type {};
template <class T> struct is_function : bool_constant<!is_const<const T>::value && !is_reference<T>::value> {};
template <class T> struct __ptx_abi_is_member_pointer : false_type {};
template <class T, class C> struct __ptx_abi_is_member_pointer<T C::*> : true_type {};
template <class T> struct is_member_pointer : __ptx_abi_is_member_pointer<typename remove_cv<T>::type> {};
template <class T> struct is_fundamental : bool_constant<is_arithmetic<T>::value || is_void<T>::value || is_null_pointer<T>::value> {};
template <class T> struct is_compound : bool_constant<!is_fundamental<T>::value> {};
template <class T> struct is_scalar : bool_constant<is_arithmetic<T>::value || is_enum<T>::value || is_pointer<T>::value || is_member_pointer<T>::value || is_null_pointer<T>::value> {};
template <class T> struct is_object : bool_constant<!is_function<T>::value && !is_reference<T>::value && !is_void<T>::value> {};
template <class B, class D> struct is_base_of : bool_constant<__is_base_of(B, D)> {};
template <class T> struct is_polymorphic : bool_constant<__is_polymorphic(T)> {};
template <class T> struct is_abstract : bool_constant<__is_abstract(T)> {};
template <class T> struct is_final : bool_constant<__is_final(T)> {};
template <class T, class... A> struct is_constructible : bool_constant<__is_constructible(T, A...)> {};
template <class T> struct is_default_constructible : bool_constant<__is_constructible(T)> {};
template <class T, class... A> struct is_trivially_constructible : bool_constant<__is_trivially_constructible(T, A...)> {};
template <class T> struct is_trivially_default_constructible : bool_constant<__is_trivially_constructible(T)> {};
template <class T> struct is_trivially_destructible : bool_constant<__is_trivially_destructible(T)> {};
template <class T, class U> struct is_assignable : bool_constant<__is_assignable(T, U)> {};
template <class T, class U> struct is_trivially_assignable : bool_constant<__is_trivially_assignable(T, U)> {};
template <class T> __host__ __device__ void __ptx_abi_convert_to(T) noexcept;
template <class F, class T, class = void> struct __ptx_abi_convertible : false_type {};
template <class F, class T> struct __ptx_abi_convertible<F, T, void_t<decltype(__ptx_abi_convert_to<T>(declval<F>()))>> : true_type {};
template <class F, class T> struct is_convertible : bool_constant<(is_void<F>::value && is_void<T>::value) || (!is_array<T>::value && !is_function<T>::value && __ptx_abi_convertible<F, T>::value)> {};
template <class U> struct __ptx_abi_decay {
  typedef typename conditional<is_array<U>::value, typename remove_extent<U>::type *,
    typename conditional<is_function<U>::value, U *, typename remove_cv<U>::type>::type>::type type;
};
template <class T> struct decay { typedef typename __ptx_abi_decay<typename remove_reference<T>::type>::type type; };
template <class T> using decay_t = typename decay<T>::type;
template <class T> struct underlying_type { typedef __underlying_type(T) type; };
template <class T> using underlying_type_t = typename underlying_type<T>::type;
template <class A, class B> struct common_type { typedef typename decay<decltype(true ? declval<A>() : declval<B>())>::type type; };
template <class A, class B> using common_type_t = typename common_type<A, B>::type;
template <decltype(sizeof(0)) Len, decltype(sizeof(0)) Align = 16> struct aligned_storage {
  struct alignas(Align) type { unsigned char __data[Len]; };
};
template <decltype(sizeof(0)) Len, decltype(sizeof(0)) Align = 16> using aligned_storage_t = typename aligned_storage<Len, Align>::type;
template <class T> constexpr bool is_void_v = is_void<T>::value;
template <class T> constexpr bool is_null_pointer_v = is_null_pointer<T>::value;
template <class T> constexpr bool is_const_v = is_const<T>::value;
template <class T> constexpr bool is_volatile_v = is_volatile<T>::value;
template <class T> constexpr bool is_array_v = is_array<T>::value;
template <class T> constexpr bool is_reference_v = is_reference<T>::value;
template <class T> constexpr bool is_lvalue_reference_v = is_lvalue_reference<T>::value;
template <class T> constexpr bool is_rvalue_reference_v = is_rvalue_reference<T>::value;
template <class T> constexpr bool is_function_v = is_function<T>::value;
template <class T> constexpr bool is_member_pointer_v = is_member_pointer<T>::value;
template <class T> constexpr bool is_fundamental_v = is_fundamental<T>::value;
template <class T> constexpr bool is_compound_v = is_compound<T>::value;
template <class T> constexpr bool is_scalar_v = is_scalar<T>::value;
template <class T> constexpr bool is_object_v = is_object<T>::value;
template <class T> constexpr bool is_class_v = is_class<T>::value;
template <class T> constexpr bool is_union_v = is_union<T>::value;
template <class T> constexpr bool is_empty_v = is_empty<T>::value;
template <class T> constexpr bool is_trivial_v = is_trivial<T>::value;
template <class T> constexpr bool is_pod_v = is_pod<T>::value;
template <class T> constexpr bool is_polymorphic_v = is_polymorphic<T>::value;
template <class T> constexpr bool is_abstract_v = is_abstract<T>::value;
template <class T> constexpr bool is_final_v = is_final<T>::value;
template <class B, class D> constexpr bool is_base_of_v = is_base_of<B, D>::value;
template <class F, class T> constexpr bool is_convertible_v = is_convertible<F, T>::value;
template <class T, class... A> constexpr bool is_constructible_v = is_constructible<T, A...>::value;
template <class T> constexpr bool is_default_constructible_v = is_default_constructible<T>::value;
template <class T, class... A> constexpr bool is_trivially_constructible_v = is_trivially_constructible<T, A...>::value;
template <class T> constexpr bool is_trivially_default_constructible_v = is_trivially_default_constructible<T>::value;
template <class T> constexpr bool is_trivially_destructible_v = is_trivially_destructible<T>::value;
template <class T, class U> constexpr bool is_assignable_v = is_assignable<T, U>::value;
template <class T, class U> constexpr bool is_trivially_assignable_v = is_trivially_assignable<T, U>::value;
template <class T> constexpr decltype(sizeof(0)) alignment_of_v = alignment_of<T>::value;
}
"#;

/// `<utility>`: `move`, `forward` (NVRTC has its own), `swap`, `exchange`, `declval` (from
/// `<type_traits>`, as libstdc++ declares it), `pair` (two public members, `first` and
/// `second`, as every standard library lays it out) and `make_pair`, which makes the pair of
/// its arguments' decayed types.
const UTILITY: &str = r#"#pragma once
#include <type_traits>
namespace std {
#ifndef __CUDACC_RTC__
template <class T> __host__ __device__ constexpr typename remove_reference<T>::type&& move(T&& t) noexcept {
  return static_cast<typename remove_reference<T>::type&&>(t);
}
template <class T> __host__ __device__ constexpr T&& forward(typename remove_reference<T>::type& t) noexcept {
  return static_cast<T&&>(t);
}
#endif
template <class T> __host__ __device__ constexpr void swap(T& a, T& b) noexcept {
  T t = static_cast<T&&>(a);
  a = static_cast<T&&>(b);
  b = static_cast<T&&>(t);
}
template <class T, decltype(sizeof(0)) N> __host__ __device__ constexpr void swap(T (&a)[N], T (&b)[N]) noexcept {
  for (decltype(sizeof(0)) i = 0; i < N; ++i) swap(a[i], b[i]);
}
template <class T, class U = T> __host__ __device__ constexpr T exchange(T& obj, U&& v) {
  T old = static_cast<T&&>(obj);
  obj = static_cast<U&&>(v);
  return old;
}
template <class A, class B> struct pair {
  typedef A first_type;
  typedef B second_type;
  A first;
  B second;
};
template <class A, class B> __host__ __device__ constexpr pair<typename decay<A>::type, typename decay<B>::type> make_pair(A&& a, B&& b) {
  return {static_cast<A&&>(a), static_cast<B&&>(b)};
}
}
"#;

/// `<limits>`: `float_round_style`, `float_denorm_style` and `numeric_limits` with every member
/// the standard gives it, for the fundamental types with PTX's widths (§1.1: `long` is 64 bits
/// on the LP64 hosts CUDA runs on; plain `char` is signed; `wchar_t` is glibc's 32-bit signed
/// integer) and the IEEE single and double of `.f32` and `.f64`. The other members have
/// libstdc++'s values (x86-64: integer division traps). `infinity()` and the NaNs are their
/// bit patterns through `__builtin_bit_cast`, a constant expression for clang and NVRTC 12 and
/// later (NVRTC 11, which lacks it, folds `1/0` and `0/0` to them instead).
const LIMITS: &str = r#"#pragma once
namespace std {
enum float_round_style {
  round_indeterminate = -1,
  round_toward_zero = 0,
  round_to_nearest = 1,
  round_toward_infinity = 2,
  round_toward_neg_infinity = 3
};
enum float_denorm_style { denorm_indeterminate = -1, denorm_absent = 0, denorm_present = 1 };
#define PTX_ABI_LIMITS_COMMON(T) \
  __host__ __device__ static constexpr T min() noexcept { return T(); } \
  __host__ __device__ static constexpr T max() noexcept { return T(); } \
  __host__ __device__ static constexpr T lowest() noexcept { return T(); } \
  __host__ __device__ static constexpr T epsilon() noexcept { return T(); } \
  __host__ __device__ static constexpr T round_error() noexcept { return T(); } \
  __host__ __device__ static constexpr T infinity() noexcept { return T(); } \
  __host__ __device__ static constexpr T quiet_NaN() noexcept { return T(); } \
  __host__ __device__ static constexpr T signaling_NaN() noexcept { return T(); } \
  __host__ __device__ static constexpr T denorm_min() noexcept { return T(); }
template <class T> struct numeric_limits {
  static constexpr bool is_specialized = false;
  static constexpr bool is_signed = false;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = false;
  static constexpr bool has_quiet_NaN = false;
  static constexpr bool has_signaling_NaN = false;
  static constexpr float_denorm_style has_denorm = denorm_absent;
  static constexpr bool has_denorm_loss = false;
  static constexpr float_round_style round_style = round_toward_zero;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = false;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 0;
  static constexpr int digits10 = 0;
  static constexpr int max_digits10 = 0;
  static constexpr int radix = 0;
  static constexpr int min_exponent = 0;
  static constexpr int min_exponent10 = 0;
  static constexpr int max_exponent = 0;
  static constexpr int max_exponent10 = 0;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  PTX_ABI_LIMITS_COMMON(T)
};
#undef PTX_ABI_LIMITS_COMMON
template <class T> struct numeric_limits<const T> : numeric_limits<T> {};
template <class T> struct numeric_limits<volatile T> : numeric_limits<T> {};
template <class T> struct numeric_limits<const volatile T> : numeric_limits<T> {};
#define PTX_ABI_INT_LIMITS(T, SIGNED, DIGITS, DIGITS10, MIN, MAX) \
template <> struct numeric_limits<T> { \
  static constexpr bool is_specialized = true; \
  static constexpr bool is_signed = SIGNED; \
  static constexpr bool is_integer = true; \
  static constexpr bool is_exact = true; \
  static constexpr bool has_infinity = false; \
  static constexpr bool has_quiet_NaN = false; \
  static constexpr bool has_signaling_NaN = false; \
  static constexpr float_denorm_style has_denorm = denorm_absent; \
  static constexpr bool has_denorm_loss = false; \
  static constexpr float_round_style round_style = round_toward_zero; \
  static constexpr bool is_iec559 = false; \
  static constexpr bool is_bounded = true; \
  static constexpr bool is_modulo = !(SIGNED) && DIGITS > 1; \
  static constexpr int digits = DIGITS; \
  static constexpr int digits10 = DIGITS10; \
  static constexpr int max_digits10 = 0; \
  static constexpr int radix = 2; \
  static constexpr int min_exponent = 0; \
  static constexpr int min_exponent10 = 0; \
  static constexpr int max_exponent = 0; \
  static constexpr int max_exponent10 = 0; \
  static constexpr bool traps = true; \
  static constexpr bool tinyness_before = false; \
  __host__ __device__ static constexpr T min() noexcept { return MIN; } \
  __host__ __device__ static constexpr T max() noexcept { return MAX; } \
  __host__ __device__ static constexpr T lowest() noexcept { return MIN; } \
  __host__ __device__ static constexpr T epsilon() noexcept { return 0; } \
  __host__ __device__ static constexpr T round_error() noexcept { return 0; } \
  __host__ __device__ static constexpr T infinity() noexcept { return 0; } \
  __host__ __device__ static constexpr T quiet_NaN() noexcept { return 0; } \
  __host__ __device__ static constexpr T signaling_NaN() noexcept { return 0; } \
  __host__ __device__ static constexpr T denorm_min() noexcept { return 0; } \
};
PTX_ABI_INT_LIMITS(bool, false, 1, 0, false, true)
PTX_ABI_INT_LIMITS(char, true, 7, 2, -128, 127)
PTX_ABI_INT_LIMITS(signed char, true, 7, 2, -128, 127)
PTX_ABI_INT_LIMITS(unsigned char, false, 8, 2, 0, 255)
PTX_ABI_INT_LIMITS(wchar_t, true, 31, 9, -2147483647 - 1, 2147483647)
PTX_ABI_INT_LIMITS(char16_t, false, 16, 4, 0, 65535)
PTX_ABI_INT_LIMITS(char32_t, false, 32, 9, 0, 4294967295u)
PTX_ABI_INT_LIMITS(short, true, 15, 4, -32768, 32767)
PTX_ABI_INT_LIMITS(unsigned short, false, 16, 4, 0, 65535)
PTX_ABI_INT_LIMITS(int, true, 31, 9, -2147483647 - 1, 2147483647)
PTX_ABI_INT_LIMITS(unsigned int, false, 32, 9, 0u, 4294967295u)
PTX_ABI_INT_LIMITS(long, true, 63, 18, -9223372036854775807l - 1, 9223372036854775807l)
PTX_ABI_INT_LIMITS(unsigned long, false, 64, 19, 0ul, 18446744073709551615ul)
PTX_ABI_INT_LIMITS(long long, true, 63, 18, -9223372036854775807ll - 1, 9223372036854775807ll)
PTX_ABI_INT_LIMITS(unsigned long long, false, 64, 19, 0ull, 18446744073709551615ull)
#undef PTX_ABI_INT_LIMITS
#if defined(__CUDACC_RTC__) && __CUDACC_VER_MAJOR__ < 12
#define PTX_ABI_FLOAT_BITS(T, BITS, V, NONFINITE) (NONFINITE)
#else
#define PTX_ABI_FLOAT_BITS(T, BITS, V, NONFINITE) __builtin_bit_cast(T, (BITS)V)
#endif
#define PTX_ABI_FLOAT_LIMITS(T, BITS, DIGITS, DIGITS10, MAX_DIGITS10, MIN_EXP, MIN_EXP10, MAX_EXP, MAX_EXP10, MIN, MAX, EPS, INF, QNAN, SNAN, DENORM) \
template <> struct numeric_limits<T> { \
  static constexpr bool is_specialized = true; \
  static constexpr bool is_signed = true; \
  static constexpr bool is_integer = false; \
  static constexpr bool is_exact = false; \
  static constexpr bool has_infinity = true; \
  static constexpr bool has_quiet_NaN = true; \
  static constexpr bool has_signaling_NaN = true; \
  static constexpr float_denorm_style has_denorm = denorm_present; \
  static constexpr bool has_denorm_loss = false; \
  static constexpr float_round_style round_style = round_to_nearest; \
  static constexpr bool is_iec559 = true; \
  static constexpr bool is_bounded = true; \
  static constexpr bool is_modulo = false; \
  static constexpr int digits = DIGITS; \
  static constexpr int digits10 = DIGITS10; \
  static constexpr int max_digits10 = MAX_DIGITS10; \
  static constexpr int radix = 2; \
  static constexpr int min_exponent = MIN_EXP; \
  static constexpr int min_exponent10 = MIN_EXP10; \
  static constexpr int max_exponent = MAX_EXP; \
  static constexpr int max_exponent10 = MAX_EXP10; \
  static constexpr bool traps = false; \
  static constexpr bool tinyness_before = false; \
  __host__ __device__ static constexpr T min() noexcept { return MIN; } \
  __host__ __device__ static constexpr T max() noexcept { return MAX; } \
  __host__ __device__ static constexpr T lowest() noexcept { return -(MAX); } \
  __host__ __device__ static constexpr T epsilon() noexcept { return EPS; } \
  __host__ __device__ static constexpr T round_error() noexcept { return 0.5; } \
  __host__ __device__ static constexpr T infinity() noexcept { return PTX_ABI_FLOAT_BITS(T, BITS, INF, T(1) / T(0)); } \
  __host__ __device__ static constexpr T quiet_NaN() noexcept { return PTX_ABI_FLOAT_BITS(T, BITS, QNAN, T(0) / T(0)); } \
  __host__ __device__ static constexpr T signaling_NaN() noexcept { return PTX_ABI_FLOAT_BITS(T, BITS, SNAN, T(0) / T(0)); } \
  __host__ __device__ static constexpr T denorm_min() noexcept { return DENORM; } \
};
PTX_ABI_FLOAT_LIMITS(float, unsigned int, 24, 6, 9, -125, -37, 128, 38, 1.17549435e-38f, 3.40282347e+38f,
  1.19209290e-7f, 0x7f800000u, 0x7fc00000u, 0x7fa00000u, 1.40129846e-45f)
PTX_ABI_FLOAT_LIMITS(double, unsigned long long, 53, 15, 17, -1021, -307, 1024, 308, 2.2250738585072014e-308,
  1.7976931348623157e+308, 2.2204460492503131e-16, 0x7ff0000000000000ull, 0x7ff8000000000000ull,
  0x7ff4000000000000ull, 4.9406564584124654e-324)
#undef PTX_ABI_FLOAT_LIMITS
#undef PTX_ABI_FLOAT_BITS
}
"#;

/// `std`'s host-side classes: complete, with the members host code in a header calls
/// (`size()`, `data()`, `push_back`, `c_str()`, `what()`, `get()`, `<<`, a map's `insert` of a
/// pair or a braced key and value), so that inline host functions read. Their layout is the host
/// library's: each holds a `long double`, which `ptx-abi-import` does not import, so a struct
/// holding one by value is left out with the reason, never given a guessed layout. They bring
/// `std::min` and `std::max` (`<algorithm>`), as libstdc++'s containers and strings do.
const CONTAINERS: &str = r#"#ifndef PTX_ABI_STD_CONTAINERS
#define PTX_ABI_STD_CONTAINERS
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <algorithm>
#define PTX_ABI_HOST_LAYOUT long double __host_library_layout;
namespace std {
template <class T, class... R> class vector {
  PTX_ABI_HOST_LAYOUT
public:
  typedef T value_type; typedef size_t size_type; typedef T *iterator; typedef const T *const_iterator;
  vector(); explicit vector(size_t n); vector(size_t n, const T &v); vector(initializer_list<T> l);
  template <class I> vector(I first, I last);
  size_t size() const; bool empty() const; size_t capacity() const;
  T *data(); const T *data() const;
  T &operator[](size_t i); const T &operator[](size_t i) const; T &at(size_t i); const T &at(size_t i) const;
  T &front(); const T &front() const; T &back(); const T &back() const;
  T *begin(); const T *begin() const; T *end(); const T *end() const;
  void push_back(const T &v); template <class... A> T &emplace_back(A &&...a); void pop_back();
  void resize(size_t n); void resize(size_t n, const T &v); void reserve(size_t n); void clear();
};
template <class C, class... R> class basic_string {
  PTX_ABI_HOST_LAYOUT
public:
  static const size_t npos = static_cast<size_t>(-1);
  basic_string(); basic_string(const C *s); basic_string(const C *s, size_t n); basic_string(size_t n, C c);
  const C *c_str() const; const C *data() const; size_t size() const; size_t length() const; bool empty() const;
  C &operator[](size_t i); const C &operator[](size_t i) const;
  basic_string &operator+=(const basic_string &s); basic_string &operator+=(const C *s); basic_string &operator+=(C c);
  size_t find(const basic_string &s, size_t pos = 0) const; basic_string substr(size_t pos = 0, size_t n = npos) const;
};
typedef basic_string<char> string;
template <class C, class... R> basic_string<C, R...> operator+(const basic_string<C, R...> &a, const basic_string<C, R...> &b);
template <class C, class... R> basic_string<C, R...> operator+(const basic_string<C, R...> &a, const C *b);
template <class C, class... R> basic_string<C, R...> operator+(const C *a, const basic_string<C, R...> &b);
template <class C, class... R> bool operator==(const basic_string<C, R...> &a, const basic_string<C, R...> &b);
template <class C, class... R> bool operator==(const basic_string<C, R...> &a, const C *b);
template <class C, class... R> bool operator!=(const basic_string<C, R...> &a, const basic_string<C, R...> &b);
template <class C, class... R> bool operator<(const basic_string<C, R...> &a, const basic_string<C, R...> &b);
string to_string(int v); string to_string(long v); string to_string(long long v); string to_string(unsigned v);
string to_string(unsigned long v); string to_string(unsigned long long v); string to_string(float v); string to_string(double v);
template <class K, class V, class... R> class map {
  PTX_ABI_HOST_LAYOUT
public:
  typedef K key_type; typedef V mapped_type; typedef pair<const K, V> value_type; typedef value_type *iterator;
  V &operator[](const K &k); V &at(const K &k); size_t size() const; bool empty() const; size_t count(const K &k) const;
  iterator find(const K &k); iterator begin(); iterator end(); void clear(); size_t erase(const K &k);
  pair<iterator, bool> insert(const value_type &v); template <class P> pair<iterator, bool> insert(P &&v);
  template <class... A> pair<iterator, bool> emplace(A &&...a);
};
template <class K, class V, class... R> class unordered_map : public map<K, V> {};
template <class K, class... R> class set {
  PTX_ABI_HOST_LAYOUT
public:
  size_t size() const; bool empty() const; size_t count(const K &k) const; void insert(const K &k);
  const K *find(const K &k) const; const K *begin() const; const K *end() const;
};
template <class K, class... R> class unordered_set : public set<K> {};
template <class T, class... R> class deque : public vector<T> {};
template <class T, class... R> class list : public vector<T> {};
template <class T, class... R> class unique_ptr {
  PTX_ABI_HOST_LAYOUT
public:
  unique_ptr(); explicit unique_ptr(T *p); T *get() const; T *release(); void reset(T *p = nullptr);
  T &operator*() const; T *operator->() const; explicit operator bool() const;
};
template <class T> class shared_ptr {
  PTX_ABI_HOST_LAYOUT
public:
  shared_ptr(); explicit shared_ptr(T *p); T *get() const; void reset(); long use_count() const;
  T &operator*() const; T *operator->() const; explicit operator bool() const;
};
template <class T> class weak_ptr {
  PTX_ABI_HOST_LAYOUT
public:
  shared_ptr<T> lock() const;
};
template <class T, class... A> unique_ptr<T> make_unique(A &&...a);
template <class T, class... A> shared_ptr<T> make_shared(A &&...a);
template <class F> class function;
template <class Res, class... A> class function<Res(A...)> {
  PTX_ABI_HOST_LAYOUT
public:
  function(); template <class F> function(F f); Res operator()(A... a) const; explicit operator bool() const;
};
template <class... T> class tuple {
  PTX_ABI_HOST_LAYOUT
};
template <class T> class optional {
  PTX_ABI_HOST_LAYOUT
public:
  optional(); optional(const T &v); bool has_value() const; T &value(); const T &value() const;
  T &operator*(); const T &operator*() const; T *operator->(); explicit operator bool() const; T value_or(const T &v) const;
};
template <class... T> class variant {
  PTX_ABI_HOST_LAYOUT
};
template <class C, class... R> class basic_ostream {
  PTX_ABI_HOST_LAYOUT
public:
  basic_ostream &operator<<(basic_ostream &(*manip)(basic_ostream &));
};
template <class C, class... R, class T> basic_ostream<C, R...> &operator<<(basic_ostream<C, R...> &o, const T &v);
template <class C, class... R> class basic_istream {
  PTX_ABI_HOST_LAYOUT
};
template <class C, class... R> class basic_stringstream : public basic_ostream<C> {
public:
  basic_string<C> str() const;
};
template <class C, class... R> class basic_ostringstream : public basic_ostream<C> {
public:
  basic_string<C> str() const;
};
template <class C, class... R> class basic_ifstream : public basic_istream<C> {
public:
  basic_ifstream(); explicit basic_ifstream(const char *path); bool is_open() const; void close();
};
template <class C, class... R> class basic_ofstream : public basic_ostream<C> {
public:
  basic_ofstream(); explicit basic_ofstream(const char *path); bool is_open() const; void close();
};
typedef basic_ostream<char> ostream;
typedef basic_istream<char> istream;
typedef basic_stringstream<char> stringstream;
typedef basic_ostringstream<char> ostringstream;
typedef basic_ifstream<char> ifstream;
typedef basic_ofstream<char> ofstream;
extern ostream cout;
extern ostream cerr;
extern ostream clog;
ostream &endl(ostream &o);
ostream &flush(ostream &o);
class mutex {
  PTX_ABI_HOST_LAYOUT
public:
  void lock(); void unlock(); bool try_lock();
};
template <class M> class lock_guard {
  PTX_ABI_HOST_LAYOUT
public:
  explicit lock_guard(M &m);
};
template <class M> class unique_lock {
  PTX_ABI_HOST_LAYOUT
public:
  explicit unique_lock(M &m); void lock(); void unlock();
};
class thread {
  PTX_ABI_HOST_LAYOUT
public:
  thread(); template <class F, class... A> explicit thread(F &&f, A &&...a); void join(); bool joinable() const;
};
class condition_variable {
  PTX_ABI_HOST_LAYOUT
public:
  void notify_one(); void notify_all(); template <class L> void wait(L &lock);
};
class exception {
  PTX_ABI_HOST_LAYOUT
public:
  exception(); virtual ~exception(); virtual const char *what() const noexcept;
};
class runtime_error : public exception {
public:
  explicit runtime_error(const string &what); explicit runtime_error(const char *what);
};
class logic_error : public exception {
public:
  explicit logic_error(const string &what); explicit logic_error(const char *what);
};
class invalid_argument : public logic_error {
public:
  explicit invalid_argument(const string &what); explicit invalid_argument(const char *what);
};
class out_of_range : public logic_error {
public:
  explicit out_of_range(const string &what); explicit out_of_range(const char *what);
};
class domain_error : public logic_error {
public:
  explicit domain_error(const string &what); explicit domain_error(const char *what);
};
class length_error : public logic_error {
public:
  explicit length_error(const string &what); explicit length_error(const char *what);
};
class overflow_error : public runtime_error {
public:
  explicit overflow_error(const string &what); explicit overflow_error(const char *what);
};
class bad_alloc : public exception {};
}
#undef PTX_ABI_HOST_LAYOUT
#endif
"#;

/// `<sys/types.h>`: POSIX's integer types, as glibc declares them on x86-64 Linux (LP64).
const SYS_TYPES: &str = r#"#pragma once
typedef long ssize_t;
typedef long off_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef long time_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
"#;

/// `<unistd.h>`: `<sys/types.h>` and the calls host code makes.
const UNISTD: &str = r#"#pragma once
#include <sys/types.h>
extern "C" pid_t getpid(void);
extern "C" int close(int);
extern "C" ssize_t read(int, void *, unsigned long);
extern "C" ssize_t write(int, const void *, unsigned long);
extern "C" unsigned int sleep(unsigned int);
extern "C" int usleep(unsigned int);
"#;

/// `<pthread.h>`: the thread handle and calls; the mutex and condition types' layout is the
/// host library's (each holds a `long double`, which the importer leaves out with the reason).
const PTHREAD: &str = r#"#pragma once
#include <sys/types.h>
typedef unsigned long pthread_t;
typedef struct { long double __host_library_layout; } pthread_mutex_t;
typedef struct { long double __host_library_layout; } pthread_cond_t;
typedef struct { long double __host_library_layout; } pthread_attr_t;
extern "C" int pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
extern "C" int pthread_join(pthread_t, void **);
extern "C" int pthread_mutex_lock(pthread_mutex_t *);
extern "C" int pthread_mutex_unlock(pthread_mutex_t *);
extern "C" int pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
extern "C" int pthread_cond_signal(pthread_cond_t *);
extern "C" int pthread_cond_broadcast(pthread_cond_t *);
"#;

/// `<initializer_list>`: the class template braced lists become, with the two members clang
/// requires of it (NVRTC has its own).
const INITIALIZER_LIST: &str = r#"#pragma once
#include <cstddef>
#ifndef __CUDACC_RTC__
namespace std {
template <class E> class initializer_list {
  const E *__begin_;
  size_t __size_;
public:
  constexpr initializer_list() noexcept : __begin_(nullptr), __size_(0) {}
  constexpr size_t size() const noexcept { return __size_; }
  constexpr const E *begin() const noexcept { return __begin_; }
  constexpr const E *end() const noexcept { return __begin_ + __size_; }
};
}
#endif
"#;

/// `<atomic>`: `std::atomic<T>`, a `T` aligned as libstdc++ aligns it (to its size where that
/// is a power of two up to 16, else as `T`), with the calls host and device code make.
const ATOMIC: &str = r#"#pragma once
#include <cstddef>
namespace std {
enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release, memory_order_acq_rel, memory_order_seq_cst };
template <class T> struct __ptx_abi_atomic_align {
  static constexpr size_t size = sizeof(T);
  static constexpr size_t value = (size & (size - 1)) == 0 && size <= 16 && size > alignof(T) ? size : alignof(T);
};
template <class T> struct alignas(__ptx_abi_atomic_align<T>::value) atomic {
  T __value;
  T load(memory_order = memory_order_seq_cst) const noexcept;
  void store(T, memory_order = memory_order_seq_cst) noexcept;
  T exchange(T, memory_order = memory_order_seq_cst) noexcept;
  T fetch_add(T, memory_order = memory_order_seq_cst) noexcept;
  T fetch_sub(T, memory_order = memory_order_seq_cst) noexcept;
  bool compare_exchange_strong(T &, T, memory_order = memory_order_seq_cst) noexcept;
  bool compare_exchange_weak(T &, T, memory_order = memory_order_seq_cst) noexcept;
  operator T() const noexcept;
  T operator=(T) noexcept;
};
typedef atomic<int> atomic_int;
typedef atomic<unsigned> atomic_uint;
typedef atomic<long long> atomic_llong;
typedef atomic<unsigned long long> atomic_ullong;
typedef atomic<bool> atomic_bool;
typedef atomic<size_t> atomic_size_t;
struct atomic_flag {
  bool __flag;
  bool test_and_set(memory_order = memory_order_seq_cst) noexcept;
  void clear(memory_order = memory_order_seq_cst) noexcept;
};
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
/// `long`s), which a shared struct may hold. One guard for both names, so that a header may
/// include both.
const TIME: &str = r#"#ifndef PTX_ABI_SHIM_TIME
#define PTX_ABI_SHIM_TIME
typedef long time_t;
typedef long clock_t;
struct timespec { time_t tv_sec; long tv_nsec; };
#endif
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

/// `<string.h>`: `<stddef.h>` and C's string functions host code calls (HIP's CUDA path
/// copies a device name with `strncpy`); `memcpy` and `memset` are NVRTC's.
const STRING: &str = "#include <stddef.h>\n\
extern \"C\" size_t strlen(const char *);\nextern \"C\" int strcmp(const char *, const char *);\n\
extern \"C\" int strncmp(const char *, const char *, size_t);\nextern \"C\" char *strcpy(char *, const char *);\n\
extern \"C\" char *strncpy(char *, const char *, size_t);\nextern \"C\" char *strcat(char *, const char *);\n\
extern \"C\" int memcmp(const void *, const void *, size_t);\n";

/// `<cstring>`: [`STRING`], its functions in `std`.
const CSTRING: &str = "#include <string.h>\n#include <cstddef>\n\
namespace std { using ::strlen; using ::strcmp; using ::strncmp; using ::strcpy; using ::strncpy; \
using ::strcat; using ::memcmp; }\n";

/// `<stdio.h>`: `<stddef.h>`, `FILE` and the calls host code makes on it (`fprintf` to
/// `stderr`, `snprintf`, `fopen`).
const STDIO: &str = "#include <stddef.h>\nstruct _IO_FILE;\ntypedef struct _IO_FILE FILE;\n\
extern \"C\" FILE *stdout;\nextern \"C\" FILE *stderr;\n\
extern \"C\" int fprintf(FILE *, const char *, ...);\nextern \"C\" int snprintf(char *, size_t, const char *, ...);\n\
extern \"C\" int fflush(FILE *);\nextern \"C\" FILE *fopen(const char *, const char *);\nextern \"C\" int fclose(FILE *);\n";

/// `<cstdio>`: [`STDIO`] and `std::FILE`.
const CSTDIO: &str = "#include <stdio.h>\n#include <cstddef>\n\
namespace std { using ::FILE; using ::fprintf; using ::snprintf; using ::fflush; using ::fopen; using ::fclose; }\n";

/// `<cstdlib>`: [`STDLIB`] and `<cstddef>`, with its functions in `std` (`std::abs` of every
/// integer type, `std::exit`, …).
const CSTDLIB: &str = r#"#include <stdlib.h>
#include <cstddef>
#ifndef PTX_ABI_SHIM_CSTDLIB
#define PTX_ABI_SHIM_CSTDLIB
namespace std {
using ::abs; using ::labs; using ::llabs; using ::rand; using ::exit; using ::abort; using ::atexit;
using ::getenv; using ::atoi; using ::atol; using ::atoll; using ::atof; using ::strtol; using ::strtoul;
using ::strtoll; using ::strtoull; using ::strtof; using ::strtod; using ::malloc; using ::free;
}
#endif
"#;

/// `<stdlib.h>`: `<stddef.h>`, glibc's `EXIT_SUCCESS`, `EXIT_FAILURE` and `RAND_MAX`, and the
/// calls host code makes (`exit`, `getenv`, `atoi`, `strtol`, …) as glibc declares them (host
/// functions); `rand` and the `abs` of every integer type for both sides, as CUDA's headers
/// declare them. NVRTC declares the overloads of `abs` (and `malloc`, `free`) itself; clang gets
/// them from here (`long` and `long long`, and `float` and `double` as libstdc++'s
/// `<bits/std_abs.h>` adds them) and from the importer's prelude.
const STDLIB: &str = r#"#include <stddef.h>
#ifndef PTX_ABI_SHIM_STDLIB
#define PTX_ABI_SHIM_STDLIB
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#ifndef RAND_MAX
#define RAND_MAX 2147483647
#endif
extern "C" __host__ __device__ int rand(void);
extern "C" void exit(int);
extern "C" void abort(void);
extern "C" int atexit(void (*)(void));
extern "C" char *getenv(const char *);
extern "C" int atoi(const char *);
extern "C" long atol(const char *);
extern "C" long long atoll(const char *);
extern "C" double atof(const char *);
extern "C" long strtol(const char *, char **, int);
extern "C" unsigned long strtoul(const char *, char **, int);
extern "C" long long strtoll(const char *, char **, int);
extern "C" unsigned long long strtoull(const char *, char **, int);
extern "C" float strtof(const char *, char **);
extern "C" double strtod(const char *, char **);
#ifndef __CUDACC_RTC__
__host__ __device__ long abs(long);
__host__ __device__ long long abs(long long);
__host__ __device__ float abs(float);
__host__ __device__ double abs(double);
#endif
#endif
"#;

/// `<math.h>` and `<cmath>`: glibc's classification macros (`FP_NAN`, …), `HUGE_VAL`,
/// `INFINITY`, `NAN` and the `M_` constants (g++ defines `_GNU_SOURCE`), and the math functions
/// in `std` (`std::sqrt`, `std::abs`, …) over the global ones, which NVRTC declares itself and
/// the importer's prelude declares for clang (the few the prelude lacks are declared here for
/// clang alone). Like libstdc++'s, it brings `<limits>` and `<cstdlib>` (`std::abs` of the
/// integers).
const MATH: &str = r#"#pragma once
#include <cstdlib>
#include <limits>
#ifndef PTX_ABI_SHIM_MATH
#define PTX_ABI_SHIM_MATH
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#ifndef HUGE_VALF
#define HUGE_VALF (std::numeric_limits<float>::infinity())
#endif
#ifndef HUGE_VAL
#define HUGE_VAL (std::numeric_limits<double>::infinity())
#endif
#ifndef INFINITY
#define INFINITY HUGE_VALF
#endif
#ifndef NAN
#define NAN (std::numeric_limits<float>::quiet_NaN())
#endif
#ifndef M_PI
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#endif
#ifndef __CUDACC_RTC__
#define PTX_ABI_MATH1(r, n) extern "C" __host__ __device__ r n(double); extern "C" __host__ __device__ r n##f(float); __host__ __device__ r n(float);
PTX_ABI_MATH1(double, asinh) PTX_ABI_MATH1(double, acosh) PTX_ABI_MATH1(double, atanh)
PTX_ABI_MATH1(int, ilogb) PTX_ABI_MATH1(long, lround) PTX_ABI_MATH1(long long, llround)
PTX_ABI_MATH1(long, lrint) PTX_ABI_MATH1(long long, llrint)
#undef PTX_ABI_MATH1
extern "C" __host__ __device__ double frexp(double, int *); __host__ __device__ float frexp(float, int *);
extern "C" __host__ __device__ double ldexp(double, int); __host__ __device__ float ldexp(float, int);
extern "C" __host__ __device__ double modf(double, double *); __host__ __device__ float modf(float, float *);
extern "C" __host__ __device__ double scalbn(double, int); __host__ __device__ float scalbn(float, int);
extern "C" __host__ __device__ double remainder(double, double); __host__ __device__ float remainder(float, float);
extern "C" __host__ __device__ double fdim(double, double); __host__ __device__ float fdim(float, float);
extern "C" __host__ __device__ double nextafter(double, double); __host__ __device__ float nextafter(float, float);
__host__ __device__ bool signbit(float); __host__ __device__ bool signbit(double);
__host__ __device__ int isnan(float); __host__ __device__ int isinf(float); __host__ __device__ int isfinite(float);
#endif
namespace std {
using ::abs; using ::fabs; using ::sqrt; using ::cbrt; using ::exp; using ::exp2; using ::expm1; using ::log;
using ::log2; using ::log10; using ::log1p; using ::logb; using ::ilogb; using ::sin; using ::cos; using ::tan;
using ::asin; using ::acos; using ::atan; using ::atan2; using ::sinh; using ::cosh; using ::tanh; using ::asinh;
using ::acosh; using ::atanh; using ::erf; using ::erfc; using ::lgamma; using ::tgamma; using ::floor; using ::ceil;
using ::round; using ::lround; using ::llround; using ::trunc; using ::rint; using ::lrint; using ::llrint;
using ::nearbyint; using ::pow; using ::fmod; using ::fmin; using ::fmax; using ::fma; using ::hypot;
using ::copysign; using ::frexp; using ::ldexp; using ::modf; using ::scalbn; using ::remainder; using ::fdim;
using ::nextafter; using ::signbit; using ::isnan; using ::isinf; using ::isfinite;
}
#endif
"#;

/// `<sys/time.h>`: `struct timeval` with glibc's LP64 layout (two `long`s), `struct timezone`,
/// and `gettimeofday`.
const SYS_TIME: &str = r#"#pragma once
#include <sys/types.h>
typedef long suseconds_t;
struct timeval { time_t tv_sec; suseconds_t tv_usec; };
struct timezone { int tz_minuteswest; int tz_dsttime; };
extern "C" int gettimeofday(struct timeval *, void *);
"#;

/// The C headers NVRTC lacks beyond the fixed-width and size types (`ptx_abi_core`'s
/// `report::nvrtc::SHIMS`): `(include name, text)`, in both spellings (`<limits.h>`,
/// `<climits>`). CUDA's `cuda.h` includes `<stdlib.h>`.
pub const C_HEADERS: &[(&str, &str)] = &[
    ("sys/types.h", SYS_TYPES),
    ("sys/time.h", SYS_TIME),
    ("unistd.h", UNISTD),
    ("pthread.h", PTHREAD),
    // C's `bool`, `true` and `false` are C++'s own.
    // GCC's `<stdbool.h>` defines `_Bool` as `bool` in C++ (a GNU extension nvcc's host
    // compiler brings), so a C header's `_Bool` members compile there.
    (
        "stdbool.h",
        "#pragma once\n#if defined(__cplusplus) && !defined(_Bool)\n#define _Bool bool\n#endif\n",
    ),
    ("cstdbool", "#pragma once\n"),
    ("limits.h", C_LIMITS),
    ("climits", C_LIMITS),
    ("float.h", FLOAT),
    ("cfloat", FLOAT),
    ("assert.h", ASSERT),
    ("cassert", ASSERT),
    ("stdlib.h", STDLIB),
    ("cstdlib", CSTDLIB),
    ("string.h", STRING),
    ("cstring", CSTRING),
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
    ("initializer_list", INITIALIZER_LIST),
    ("atomic", ATOMIC),
    ("algorithm", ALGORITHM),
    ("numeric", "#pragma once\n"),
    ("iomanip", "#pragma once\n"),
    ("chrono", "#pragma once\n"),
    ("ctime", TIME),
    ("time.h", TIME),
];
