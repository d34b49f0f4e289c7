//! Chapter 7: a C++ function as the Itanium ABI names it: its name (for a template, the
//! instantiation, whose arguments are mangled after it), its return type (encoded for a
//! template only), then each parameter's type. The one algorithm behind [`super::mangle`]
//! and [`super::mangle_function_in`].

use super::compare::same_type;
use super::emit::{emit_function_name, emit_type};
use super::error::{CxxSite, MangleError};
use super::instantiation::{is_blank, write_function_name};
use super::key::{check_param, cxx_key_len, path_comps_len};
use super::spelling::{write_type, Ctx, PARAM, RETURN};
use super::tokens::error_at;
use super::tparams;
use super::work::Work;
use crate::layout::cxx_type::CxxType;

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}

/// Chapter 7: a C++ function to name, as its declaration and call write it.
///
/// ```
/// use ptx_abi_core::abi::itanium::{mangle_function_to_string, CxxFunction, CxxParam, CxxType};
/// // template <typename T, int BLOCK, bool CHECK>
/// // __global__ void mul_mat_q(const T* x, T* dst, int n);
/// let f = CxxFunction::kernel("mul_mat_q<float, 32, true>", "typename T, int BLOCK, bool CHECK");
/// let x = CxxParam::declared("const T*");
/// let dst = CxxParam::declared("T*");
/// let n = CxxParam::Type(&CxxType::Builtin("i"));
/// // NVRTC's lowered name of `mul_mat_q<float, 32, true>`:
/// assert_eq!(
///     mangle_function_to_string(&f, &[x, dst, n]).unwrap(),
///     "_Z9mul_mat_qIfLi32ELb1EEvPKT_PS0_i"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CxxFunction {
    /// `ns::name`; for a template, its instantiation as C++ writes it:
    /// `ns::name<float, 32, true>`.
    pub name: &'static str,
    /// The template's parameter list as declared (`typename T, int BLOCK = 32`); `""` for a
    /// function that is not a template.
    pub template: &'static str,
    /// The declared return type (`void` for a kernel), which may name template parameters;
    /// only a template's name encodes it.
    pub ret: &'static str,
}

impl CxxFunction {
    /// A function that is not a template (`ns::scale`).
    pub const fn plain(name: &'static str) -> CxxFunction {
        CxxFunction {
            name,
            template: "",
            ret: "void",
        }
    }

    /// A `__global__` function template's instantiation (`k<float, 32>`), which returns
    /// `void`.
    pub const fn kernel(name: &'static str, template: &'static str) -> CxxFunction {
        CxxFunction {
            name,
            template,
            ret: "void",
        }
    }

    const fn is_template(&self) -> bool {
        !is_blank(self.template.as_bytes())
    }
}

/// Chapter 7: one parameter of a [`CxxFunction`].
#[derive(Clone, Copy, Debug)]
pub enum CxxParam {
    /// A parameter of this type, declared without template parameters.
    Type(&'static CxxType),
    /// A parameter whose declared type is `spelling` (`const T*`, `ns::Pair<T, int>*`), which
    /// may name the template's parameters. `field` is the type of the Rust value passed for it
    /// (`<F as PtxAbi>::CXX`), which `declared_param_error` checks against the spelling with
    /// the template's arguments substituted; the mangled name uses only the spelling.
    Declared {
        /// The declared C++ type.
        spelling: &'static str,
        /// The Rust argument's C++ type.
        field: &'static CxxType,
    },
}

impl CxxParam {
    /// A parameter declared as `spelling`, with no Rust argument to check it against.
    pub const fn declared(spelling: &'static str) -> CxxParam {
        CxxParam::Declared {
            spelling,
            field: &CxxType::NoParameter,
        }
    }
}

/// The parameters as the runner reads them: the old API's types, or [`CxxParam`]s.
#[derive(Clone, Copy)]
pub(super) enum Params<'p> {
    Types(&'p [&'p CxxType]),
    Mixed(&'p [CxxParam]),
}

/// One parameter, as the runner reads it.
#[derive(Clone, Copy)]
enum Param<'p> {
    Type(&'p CxxType),
    Declared(&'static str, &'p CxxType),
}

impl<'p> Params<'p> {
    const fn len(&self) -> usize {
        match *self {
            Params::Types(p) => p.len(),
            Params::Mixed(p) => p.len(),
        }
    }

    const fn get(&self, i: usize) -> Param<'p> {
        match *self {
            Params::Types(p) => Param::Type(p[i]),
            Params::Mixed(p) => match p[i] {
                CxxParam::Type(t) => Param::Type(t),
                CxxParam::Declared { spelling, field } => Param::Declared(spelling, field),
            },
        }
    }
}

/// The whole algorithm, in `w`'s space.
pub(super) const fn run(w: &mut Work, f: &CxxFunction, params: Params) -> Result<(), MangleError> {
    let template = f.is_template();
    if template {
        tri!(tparams::validate(f.template.as_bytes()));
    }
    tri!(w.push(b"_Z"));
    tri!(write_function_name(w, f.name, f.template));
    tri!(emit_function_name(w, 0));
    let list = f.template.as_bytes();
    if template {
        let ret = f.ret.as_bytes();
        let ctx = Ctx {
            list,
            resolve: true,
            mode: RETURN,
            site: CxxSite::Return,
        };
        let at = w.plain_len;
        tri!(write_type(w, ret, 0, ret.len(), &ctx));
        let end = w.plain_len;
        tri!(emit_type(w, at, end));
    }
    let mut any = false;
    let mut i = 0;
    while i < params.len() {
        let at = w.plain_len;
        match params.get(i) {
            Param::Type(t) => {
                if matches!(t, CxxType::NoParameter) {
                    i += 1;
                    continue;
                }
                tri!(check_param(t, i));
                tri!(super::key::write_cxx(w, t));
            }
            Param::Declared(spelling, field) => {
                tri!(write_declared(w, spelling, list, template, i));
                // Compared here, where the keys are at hand: the derive's check of each
                // field then costs nothing when they agree.
                let end = w.plain_len;
                let agrees = !matches!(field, CxxType::NoParameter)
                    && check_param(field, i).is_ok()
                    && same_type(w, 0, at, end, field);
                if !agrees && i < 128 {
                    w.mismatched |= 1 << i;
                }
            }
        }
        let end = w.plain_len;
        tri!(emit_type(w, at, end));
        any = true;
        i += 1;
    }
    if !any {
        tri!(w.push(b"v"));
    }
    Ok(())
}

/// Writes the key of parameter `index`, declared as `spelling`.
pub(super) const fn write_declared(
    w: &mut Work,
    spelling: &'static str,
    list: &'static [u8],
    template: bool,
    index: usize,
) -> Result<(), MangleError> {
    let text = spelling.as_bytes();
    let ctx = Ctx {
        list,
        resolve: template,
        mode: PARAM,
        site: CxxSite::Param(index),
    };
    let at = w.plain_len;
    tri!(write_type(w, text, 0, text.len(), &ctx));
    if w.plain_len == at + 1 && w.plain[at] == b'v' {
        return Err(error_at(
            CxxSite::Param(index),
            text,
            0,
            text.len(),
            "is not a parameter type",
        ));
    }
    Ok(())
}

/// A bound on the key of C++ text of `len` bytes: no token writes more than 8 key bytes per
/// byte of text (`N` in a parameter's argument, `XT_E`, is 4 for 1; `1` is `Li1E`).
const fn text_bound(len: usize) -> usize {
    8 * (len + 1)
}

/// A bound on the key of everything `run` reads.
pub(super) const fn key_bound(f: &CxxFunction, params: Params) -> usize {
    let mut plain = text_bound(f.name.len()) + 16;
    if f.is_template() {
        // Each constant argument also holds its parameter's declared type; a missing one its
        // default: both within the declaration's text, plus `L`, a sign, 39 digits and `E`.
        let list = f.template.as_bytes();
        plain += text_bound(list.len())
            + 48 * tparams::count(list, (0, list.len()))
            + text_bound(f.ret.len());
    }
    let mut i = 0;
    while i < params.len() {
        plain += match params.get(i) {
            Param::Type(t) => cxx_key_len(t),
            // The field's type too: `declared_param_error` writes it to compare.
            Param::Declared(spelling, field) => text_bound(spelling.len()) + cxx_key_len(field),
        };
        i += 1;
    }
    plain
}

/// The key of a function that is not a template, with these parameters: exact.
pub(super) const fn plain_key_len(name: &[u8], params: &[&CxxType]) -> usize {
    let mut plain = match super::key::check_path(name) {
        Some(_) => 2 + path_comps_len(name),
        None => name.len(),
    };
    let mut i = 0;
    while i < params.len() {
        plain += cxx_key_len(params[i]);
        i += 1;
    }
    plain
}

/// A capacity with which the mangler never runs out of space for a key of `plain` bytes:
/// enough for the key (which also bounds the number of substitution candidates and of stack
/// frames) and for the output, which substitutions can make longer than the key only by
/// their digits (each replaces at least two bytes by `S`, at most `digits` base-36 digits and
/// `_`).
pub(super) const fn capacity_for(plain: usize) -> usize {
    let mut digits = 1;
    let mut v = plain;
    while v >= 36 {
        v /= 36;
        digits += 1;
    }
    // `_Z`, a `v` for no parameters, and the growth of substitutions.
    plain + 3 + (plain / 2 + 1) * digits
}
