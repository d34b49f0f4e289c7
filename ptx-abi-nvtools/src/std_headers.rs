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

/// `<utility>`: `move`, `forward` (NVRTC has its own) and `pair` (two public members, `first`
/// and `second`, as every standard library lays it out).
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

/// `std`'s host-side classes: complete, with the members host code in a header calls
/// (`size()`, `data()`, `push_back`, `c_str()`, `what()`, `get()`, `<<`), so that inline host
/// functions read. Their layout is the host library's: each holds a `long double`, which
/// `ptx-abi-import` does not import, so a struct holding one by value is left out with the
/// reason, never given a guessed layout.
const CONTAINERS: &str = r#"#ifndef PTX_ABI_STD_CONTAINERS
#define PTX_ABI_STD_CONTAINERS
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <utility>
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
  V &operator[](const K &k); V &at(const K &k); size_t size() const; bool empty() const; size_t count(const K &k) const;
  pair<const K, V> *find(const K &k); pair<const K, V> *begin(); pair<const K, V> *end(); void clear();
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

/// `<stdio.h>`: [`STDDEF_ONLY`], `FILE` and the calls host code makes on it (`fprintf` to
/// `stderr`, `snprintf`, `fopen`).
const STDIO: &str = "#include <stddef.h>\nstruct _IO_FILE;\ntypedef struct _IO_FILE FILE;\n\
extern \"C\" FILE *stdout;\nextern \"C\" FILE *stderr;\n\
extern \"C\" int fprintf(FILE *, const char *, ...);\nextern \"C\" int snprintf(char *, size_t, const char *, ...);\n\
extern \"C\" int fflush(FILE *);\nextern \"C\" FILE *fopen(const char *, const char *);\nextern \"C\" int fclose(FILE *);\n";

/// `<cstdio>`: [`STDIO`] and `std::FILE`.
const CSTDIO: &str = "#include <stdio.h>\n#include <cstddef>\n\
namespace std { using ::FILE; using ::fprintf; using ::snprintf; using ::fflush; using ::fopen; using ::fclose; }\n";

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
    ("sys/types.h", SYS_TYPES),
    ("unistd.h", UNISTD),
    ("pthread.h", PTHREAD),
    // C's `bool`, `true` and `false` are C++'s own.
    ("stdbool.h", "#pragma once\n"),
    ("cstdbool", "#pragma once\n"),
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
    ("initializer_list", INITIALIZER_LIST),
    ("atomic", ATOMIC),
    ("algorithm", ALGORITHM),
    ("numeric", "#pragma once\n"),
    ("iomanip", "#pragma once\n"),
    ("chrono", "#pragma once\n"),
    ("ctime", TIME),
    ("time.h", TIME),
];
