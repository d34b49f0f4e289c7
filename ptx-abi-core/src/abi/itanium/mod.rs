//! Chapter 7: C++ names. A `__global__` or `__device__` function not declared `extern "C"` is
//! named by the Itanium C++ ABI's mangling (`_ZN2ns5inner5scaleEPfPKfj6Params`,
//! `_Z9mul_mat_qIfLi32ELb1EEvPKT_PS0_i`), computed here in `const fn`s so that a kernel's
//! mangled name is a constant.
//!
//! What is covered, each checked against NVRTC 12.9's lowered names
//! (`nvrtcGetLoweredName`) and the `.entry` names in the PTX it emits:
//! - plain and namespace-qualified function names (`scale`, `ns::inner::scale`);
//! - the builtin types of §1.1 (`bool` `b`, `signed char` `a`, `unsigned char` `h`, `short`
//!   `s`, `unsigned short` `t`, `int` `i`, `unsigned int` `j`, `long long` `x`, `unsigned long
//!   long` `y`, `float` `f`, `double` `d`; `void` `v` for an empty parameter list);
//! - structs, unions and enums by their C name (the [`crate::layout::desc::TypeDesc`] name,
//!   `ns::Name` for a nested one), CUDA's vector types by their struct name (`float4` is
//!   `typedef struct float4 float4`, so `6float4`), CUDA's library types by theirs
//!   (`CUtensorMap` is `14CUtensorMap_st`);
//! - pointers (`P`), pointers to `const` (`PK`), pointers to pointers, pointers to arrays
//!   (`PA4_f`, `PA4_Kf`), `void*` (`Pv`, `PKv`), and, in declared types, `volatile` (`V`)
//!   and `__restrict__` below the top level (`r`);
//! - function templates ([`CxxFunction`], [`mangle_function_in`]): the instantiation's
//!   arguments (`I…E`): types, and constants of every integer type, `bool` and enums, each
//!   mangled with its parameter's *declared* type (`int BLOCK` makes `32` `Li32E`, `unsigned
//!   N` makes it `Lj32E`, `Mode M` makes `(Mode)1` `L4Mode1E`); template-ids as arguments and
//!   in parameter types (`ns::Pair<T, int>*`); references to the template's parameters in
//!   declared types (`T_`, `T0_`, …, and `XT_E` for a constant one in a template-id); the
//!   return type, which a template's name encodes (`v` for a kernel);
//! - the substitutions `S_`, `S0_`, … `S9_`, `SA_`, … for namespaces, named types, template
//!   names, template-ids, template parameters, pointer and qualified types seen before.
//!
//! The mangler reads everything into a canonical key (`key.rs`), then emits it with
//! substitutions (`emit.rs`); both are iterative (a 200-component name, 100 pointer
//! parameters or deeply nested template arguments cost no recursion) and work in space the
//! caller sizes: [`mangle_in`] with [`mangled_capacity`] (what the derive does), [`mangle`]
//! (1,024 bytes) or, with `alloc`, `mangle_to_string`; the same for functions:
//! [`mangle_function_in`] with [`function_capacity`], [`mangle_function`],
//! `mangle_function_to_string`.
//!
//! Not covered (an error or a different name would result, so these are refused or left to the
//! user): `std::` abbreviations (`St`, `Sa`, …), anonymous namespaces (NVRTC names them
//! `_GLOBAL__N__<hash>` per compilation), references, function pointers, member functions,
//! parameter packs, template template parameters, constant template parameters of other than
//! integer, `bool` or enum type, expressions as template arguments, and plain `char` (`c`;
//! ptx-abi's `i8` is `signed char`) for a Rust argument. Names in C++ text are taken as
//! written: write them fully qualified (`ns::Box<T>`, as the mangled name has them), and
//! write typedefs as the type they name (only CUDA's own, such as `half2` and `size_t`, are
//! known). Rust's `i64`/`u64` are `long long` (`x`/`y`); for C's `long`, `unsigned long` and
//! `size_t` (`l`/`m`) use [`crate::types::CLong`] and [`crate::types::CULong`]. `long` is
//! 64-bit, as on the LP64 hosts CUDA supports.

pub(crate) mod check;
mod compare;
mod emit;
mod error;
mod function;
mod instantiation;
mod key;
mod mangle;
mod mangled;
mod render;
mod spelling;
#[cfg(all(test, feature = "std"))]
mod tests;
mod tokens;
mod tparams;
mod work;

pub use crate::layout::cxx_type::{scalar, CxxType};
pub use error::{CxxSite, MangleError};
pub use function::{CxxFunction, CxxParam};
pub use mangle::{
    function_capacity, mangle, mangle_error, mangle_function, mangle_function_in, mangle_in,
    mangled_capacity, mangled_name,
};
#[cfg(feature = "alloc")]
pub use mangle::{mangle_function_to_string, mangle_to_string};
pub use mangled::{Mangled, MANGLED_MAX};
