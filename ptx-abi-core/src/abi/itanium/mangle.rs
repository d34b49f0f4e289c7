//! The entry points: [`mangle`], [`mangle_in`] and [`mangled_capacity`] for a function that is
//! not a template (the parameters' [`CxxType`]s), [`mangle_function_in`] and
//! [`function_capacity`] for any [`CxxFunction`] (templates, declared parameter types), and
//! what the derive's generated code reads from their results.

use super::error::MangleError;
use super::function::{capacity_for, key_bound, plain_key_len, run, CxxFunction, CxxParam, Params};
use super::mangled::{Mangled, MANGLED_MAX};
use super::work::{Frame, Work};
use crate::layout::const_msg::ConstMsg;
use crate::layout::cxx_type::CxxType;

/// Chapter 7: the Itanium mangled name of the function `name` (`scale` or `ns::inner::scale`)
/// taking `params` in order, in a buffer of [`MANGLED_MAX`] bytes (or
/// [`MangleError::TooLong`]; [`mangle_in`] takes any capacity). Zero-sized parameters
/// ([`CxxType::NoParameter`]) are skipped, as they have no `.param` either. The return type is
/// not part of a non-template function's name.
pub const fn mangle(name: &'static str, params: &[&CxxType]) -> Result<Mangled, MangleError> {
    mangle_in::<MANGLED_MAX>(name, params)
}

/// [`mangle`] with `N` bytes of working space; `N = mangled_capacity(name, params)` is always
/// enough, and is what `#[ptx(kernel = "…", abi = "c++")]` uses, so a kernel's name has no
/// fixed limit. The work is iterative: no recursion per name component or pointer level.
pub const fn mangle_in<const N: usize>(
    name: &'static str,
    params: &[&CxxType],
) -> Result<Mangled<N>, MangleError> {
    run_in::<N>(&CxxFunction::plain(name), Params::Types(params))
}

/// A capacity with which [`mangle_in`] never runs out of space for this signature: enough
/// for the key of the name and every parameter (their unsubstituted mangling, which also
/// bounds the number of substitution candidates) and for the output, which substitutions can
/// make longer only by their digits.
pub const fn mangled_capacity(name: &'static str, params: &[&CxxType]) -> usize {
    capacity_for(plain_key_len(name.as_bytes(), params))
}

/// Chapter 7: the Itanium mangled name of `f` taking `params`, in `N` bytes of working space
/// (`N = function_capacity(f, params)` is always enough): a function template's instantiation
/// (its arguments, then its return type, are part of the name) or a function whose parameters
/// are given as declared C++ types. Zero-sized [`CxxParam::Type`] parameters are skipped.
pub const fn mangle_function_in<const N: usize>(
    f: &CxxFunction,
    params: &[CxxParam],
) -> Result<Mangled<N>, MangleError> {
    run_in::<N>(f, Params::Mixed(params))
}

/// [`mangle_function_in`] in a buffer of [`MANGLED_MAX`] bytes.
pub const fn mangle_function(f: &CxxFunction, params: &[CxxParam]) -> Result<Mangled, MangleError> {
    mangle_function_in::<MANGLED_MAX>(f, params)
}

/// A capacity with which [`mangle_function_in`] never runs out of space for `f` and `params`
/// (a bound from the texts' lengths: every byte of C++ text makes at most 8 bytes of the
/// mangler's key).
pub const fn function_capacity(f: &CxxFunction, params: &[CxxParam]) -> usize {
    capacity_for(key_bound(f, Params::Mixed(params)))
}

const fn run_in<const N: usize>(
    f: &CxxFunction,
    params: Params,
) -> Result<Mangled<N>, MangleError> {
    let mut out = [0u8; N];
    let mut plain = [0u8; N];
    let mut subs = [(0u32, 0u32); N];
    let mut frames = [Frame::EMPTY; N];
    let (len, mismatched) = {
        let mut w = Work::new(&mut out, &mut plain, &mut subs, &mut frames);
        if let Err(e) = run(&mut w, f, params) {
            return Err(e);
        }
        (w.len, w.mismatched)
    };
    Ok(Mangled::new(out, len, mismatched))
}

/// [`mangle`] into a `String`, with the working space [`mangled_capacity`] asks for: no limit
/// on the name's length.
#[cfg(feature = "alloc")]
pub fn mangle_to_string(
    name: &'static str,
    params: &[&CxxType],
) -> Result<alloc::string::String, MangleError> {
    run_to_string(
        &CxxFunction::plain(name),
        Params::Types(params),
        mangled_capacity(name, params),
    )
}

/// [`mangle_function_in`] into a `String`, with the working space [`function_capacity`] asks
/// for.
#[cfg(feature = "alloc")]
pub fn mangle_function_to_string(
    f: &CxxFunction,
    params: &[CxxParam],
) -> Result<alloc::string::String, MangleError> {
    run_to_string(f, Params::Mixed(params), function_capacity(f, params))
}

#[cfg(feature = "alloc")]
fn run_to_string(
    f: &CxxFunction,
    params: Params,
    cap: usize,
) -> Result<alloc::string::String, MangleError> {
    let (mut out, mut plain) = (alloc::vec![0u8; cap], alloc::vec![0u8; cap]);
    let mut subs = alloc::vec![(0u32, 0u32); cap];
    let mut frames = alloc::vec![Frame::EMPTY; cap];
    let mut w = Work::new(&mut out, &mut plain, &mut subs, &mut frames);
    run(&mut w, f, params)?;
    let len = w.len;
    out.truncate(len);
    // Only ASCII is ever written (identifiers are checked to be ASCII).
    Ok(alloc::string::String::from_utf8(out).unwrap_or_default())
}

/// What `#[ptx(kernel = "…", abi = "c++")]` generates reads from [`mangle_in`]'s result
/// (with `N = mangled_capacity(name, params)`): the message, naming the function, when the
/// name cannot be mangled.
pub const fn mangle_error<const N: usize>(
    name: &str,
    mangled: &Result<Mangled<N>, MangleError>,
) -> Option<ConstMsg<512>> {
    match mangled {
        Ok(_) => None,
        Err(e) => Some(
            ConstMsg::new()
                .str("C++ kernel `")
                .str(name)
                .str("`: ")
                .str(e.message().as_str()),
        ),
    }
}

/// The kernel's symbol from [`mangle_in`]'s (or [`mangle_function_in`]'s) result: the mangled
/// name, or `""` when it is refused (that is then the compile error).
pub const fn mangled_name<const N: usize>(mangled: &Result<Mangled<N>, MangleError>) -> &str {
    match mangled {
        Ok(m) => m.as_str(),
        Err(_) => "",
    }
}
