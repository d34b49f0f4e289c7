//! What `#[ptx(kernel = "k<…>", abi = "c++", template = "…")]` generates calls, one check per
//! mistake, each spanned on the attribute it is about: the template's parameter list (on
//! `template`), the name and its arguments (on `kernel`), and each declared parameter type
//! (on the field's `cxx`), which must be the field's own C++ type once the template's
//! arguments are substituted.

use super::compare::same_type;
use super::error::{CxxSite, MangleError};
use super::function::{write_declared, CxxFunction, CxxParam};
use super::instantiation::{is_blank, write_function_name};
use super::key::{check_param, digits_end, source_name_end, write_cxx};
use super::mangled::Mangled;
use super::render::render;
use super::tparams;
use super::work::{Frame, Work};
use crate::layout::const_msg::ConstMsg;
use crate::layout::cxx_type::CxxType;

/// The message about `f`'s template parameter list, if it cannot be read (`mangled`, the
/// result of [`super::mangle_function_in`], says at no cost that it could).
pub const fn template_list_error<const N: usize>(
    f: &CxxFunction,
    mangled: &Result<Mangled<N>, MangleError>,
) -> Option<ConstMsg<512>> {
    if mangled.is_ok() {
        return None;
    }
    match tparams::validate(f.template.as_bytes()) {
        Ok(_) => None,
        Err(e) => Some(
            ConstMsg::new()
                .str("C++ kernel `")
                .str(f.name)
                .str("`: ")
                .str(e.message().as_str()),
        ),
    }
}

/// The message about `f`'s name and template arguments (or a parameter given by its Rust
/// type), from [`super::mangle_function_in`]'s result; errors in the template's parameter
/// list and in declared parameter types are left to [`template_list_error`] and
/// [`declared_param_error`], so that each mistake is reported once, where it is.
pub const fn function_name_error<const N: usize>(
    f: &CxxFunction,
    params: &[CxxParam],
    mangled: &Result<Mangled<N>, MangleError>,
) -> Option<ConstMsg<512>> {
    let e = match mangled {
        Ok(_) => return None,
        Err(e) => e,
    };
    match e.site() {
        Some(CxxSite::Template) if !is_blank(f.template.as_bytes()) => return None,
        Some(CxxSite::Param(i)) if i < params.len() => {
            if let CxxParam::Declared { .. } = params[i] {
                return None;
            }
        }
        _ => {}
    }
    Some(
        ConstMsg::new()
            .str("C++ kernel `")
            .str(f.name)
            .str("`: ")
            .str(e.message().as_str()),
    )
}

/// The message about parameter `index` of `f`, declared with `#[ptx(cxx = "…")]` on the field
/// `field` of Rust type `rust`: its spelling cannot be read, or, with the template's arguments
/// substituted, it is not the field's C++ type. `None` when the parameter list or the name
/// are wrong (their own checks report that). `N` is [`super::function_capacity`]'s, and
/// `mangled` [`super::mangle_function_in`]'s result, which records the comparison: when it
/// found the two types equal, this costs nothing; otherwise it is done again, to say why.
pub const fn declared_param_error<const N: usize>(
    f: &CxxFunction,
    params: &[CxxParam],
    mangled: &Result<Mangled<N>, MangleError>,
    index: usize,
    field: &str,
    rust: &str,
) -> Option<ConstMsg<512>> {
    if let Ok(m) = mangled {
        if !m.may_mismatch(index) {
            return None;
        }
    }
    if index >= params.len() {
        return None;
    }
    let (spelling, ty) = match params[index] {
        CxxParam::Declared { spelling, field } => (spelling, field),
        CxxParam::Type(_) => return None,
    };
    let template = !is_blank(f.template.as_bytes());
    if template && tparams::validate(f.template.as_bytes()).is_err() {
        return None;
    }
    let mut out = [0u8; N];
    let mut plain = [0u8; N];
    let mut subs = [(0u32, 0u32); N];
    let mut frames = [Frame::EMPTY; N];
    let mut w = Work::new(&mut out, &mut plain, &mut subs, &mut frames);
    // Without the name's arguments (their own check reports them) the spelling is still read,
    // but not compared.
    let named = write_function_name(&mut w, f.name, f.template).is_ok();
    if !named {
        w.plain_len = 0;
    }
    let m = ConstMsg::new().str("field `").str(field).str("`: ");
    let at = w.plain_len;
    if let Err(e) = write_declared(&mut w, spelling, f.template.as_bytes(), template, index) {
        let m = m.str("`cxx = \"").str(spelling).str("\"`: ");
        // The site is the field: say only what is wrong with the text.
        return Some(match e {
            MangleError::Spelling { token, reason, .. } => {
                m.str("`").str(token).str("` ").str(reason)
            }
            _ => m.str(e.message().as_str()),
        });
    }
    if !named {
        return None;
    }
    let end = w.plain_len;
    if matches!(ty, CxxType::NoParameter) {
        return Some(
            m.str("a zero-sized field is no parameter, so it has no C++ type; remove `cxx`"),
        );
    }
    if let Err(e) = check_param(ty, index) {
        return Some(m.str(e.message().as_str()));
    }
    if same_type(&w, 0, at, end, ty) {
        return None;
    }
    let m = m.str("`cxx = \"").str(spelling).str("\"` is `");
    let m = render(m, &w, 0, at, end);
    let m = m
        .str("` for `")
        .str(f.name)
        .str("`, but the field's type `")
        .str(rust)
        .str("` is `");
    let m = match write_cxx(&mut w, ty) {
        Ok(()) => render(m, &w, 0, end, w.plain_len),
        Err(_) => m.str("?"),
    };
    let m = m.str("` in C++; give the field the Rust type of the C++ parameter, or correct `cxx`");
    Some(unknown_name_hint(m, &w, at, f.template))
}

/// When the declared type's base is a plain name (`U*`) in a template: that it is not one of
/// the template's parameters, so C++ (and ptx-abi) read it as a class of that name.
const fn unknown_name_hint(
    m: ConstMsg<512>,
    w: &Work,
    at: usize,
    template: &'static str,
) -> ConstMsg<512> {
    if is_blank(template.as_bytes()) || w.at(at) != b'N' {
        return m;
    }
    let first = digits_end(w, at + 1);
    let end = source_name_end(w, at + 1);
    if w.at(end) != b'E' {
        return m;
    }
    let (head, _) = w.plain.split_at(end);
    let (_, id) = head.split_at(first);
    match core::str::from_utf8(id) {
        Ok(id) => m
            .str(" (`")
            .str(id)
            .str("` is not a parameter of `template = \"")
            .str(template)
            .str("\"`, so it names a class)"),
        Err(_) => m,
    }
}
