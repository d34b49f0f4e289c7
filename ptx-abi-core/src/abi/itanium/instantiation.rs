//! The function's name as mangled: `ns::k` (`N2ns1kE` in the key) or, for a template, its
//! instantiation `ns::k<float, 32, true>` with each argument read by its parameter's
//! declaration: a type for `typename T`, a constant mangled with the *declared* type for a
//! constant parameter (`int BLOCK` makes `32` `Li32E`; `unsigned N` makes it `Lj32E`; `Mode M`
//! makes `(Mode)1` `L4Mode1E`). Missing trailing arguments take the template's defaults.

use super::error::{CxxSite, MangleError};
use super::key::{check_path, slice, write_path_comps};
use super::spelling::{
    fits, parse_literal, starts_literal, write_literal_value, write_simple_type, write_type, Ctx,
    ARG, LIT_BOOL, LIT_CAST, LIT_INT,
};
use super::tokens::{
    error_at, keyword_of, next, trimmed, END, IDENT, KW_CONST, KW_LAST_BUILTIN, KW_NONE,
    KW_VOLATILE,
};
use super::tparams::{self, Range, TParam};
use super::work::Work;

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}

/// Whether `text` is empty or white space.
pub(super) const fn is_blank(text: &[u8]) -> bool {
    let mut i = 0;
    while i < text.len() {
        if !text[i].is_ascii_whitespace() {
            return false;
        }
        i += 1;
    }
    true
}

/// Where the template arguments of `name` start (its first `<`), or its length.
pub(super) const fn args_open(name: &[u8]) -> usize {
    let mut i = 0;
    while i < name.len() && name[i] != b'<' {
        i += 1;
    }
    i
}

/// The range of `name`'s template arguments, between its first `<` and its final `>`.
pub(super) const fn args_range(name: &'static [u8]) -> Result<Range, MangleError> {
    let lt = args_open(name);
    let mut gt = name.len();
    while gt > lt && name[gt - 1].is_ascii_whitespace() {
        gt -= 1;
    }
    if gt <= lt + 1 || name[gt - 1] != b'>' {
        return Err(error_at(CxxSite::Name, name, 0, name.len(), "must end with the template's arguments in `<…>`, as C++ writes the instantiation: `k<float, 32>`"));
    }
    Ok((lt + 1, gt - 1))
}

/// The trimmed path before the template arguments (`ns::k`), checked.
const fn path(name: &'static [u8]) -> Result<&'static [u8], MangleError> {
    let mut s = 0;
    let mut e = args_open(name);
    while s < e && name[s].is_ascii_whitespace() {
        s += 1;
    }
    while e > s && name[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    let p = slice(name, s, e);
    match check_path(p) {
        Some(_) => Ok(p),
        None => Err(MangleError::BadFunctionName),
    }
}

/// Writes the key of the function's name: `N <components> E`, or for a template
/// `N <components> I <arguments> E E`. `list` is the template's parameter list (blank for a
/// function that is not a template), already validated.
pub(super) const fn write_function_name(
    w: &mut Work,
    name: &'static str,
    list: &'static str,
) -> Result<(), MangleError> {
    let text = name.as_bytes();
    let l = list.as_bytes();
    let p = tri!(path(text));
    let has_args = args_open(text) < text.len();
    if is_blank(l) {
        if has_args {
            return Err(error_at(CxxSite::Name, text, 0, text.len(), "is a template's instantiation: give the template's parameter list too, as C++ declares it (`template = \"typename T, int N\"`)"));
        }
        tri!(w.write(b"N"));
        tri!(write_path_comps(w, p));
        return w.write(b"E");
    }
    if !has_args {
        return Err(error_at(CxxSite::Name, text, 0, text.len(), "names a template without its arguments: write the instantiation, as C++ does (`k<float, 32>`)"));
    }
    let args = tri!(args_range(text));
    tri!(w.write(b"N"));
    tri!(write_path_comps(w, p));
    tri!(w.write(b"I"));
    let n = tparams::count(l, (0, l.len()));
    let given = tparams::count(text, args);
    if given > n {
        return Err(MangleError::ArgumentCount { expected: n, given });
    }
    let mut i = 0;
    while i < n {
        let param = match tparams::get(l, i) {
            Some(p) => p,
            None => return Err(MangleError::BadFunctionName),
        };
        let site = CxxSite::Arg {
            index: i,
            param: trimmed(l, param.decl.0, param.decl.1),
        };
        let (src, r) = if i < given {
            match tparams::item(text, args, i) {
                Some(r) => (text, r),
                None => return Err(MangleError::ArgumentCount { expected: n, given }),
            }
        } else if param.default.1 > param.default.0 {
            tri!(check_default(l, param.default, site));
            (l, param.default)
        } else {
            return Err(MangleError::ArgumentCount { expected: n, given });
        };
        if param.value {
            tri!(write_value_arg(w, src, r, l, param, i, site));
        } else {
            let t = next(src, r.0, r.1);
            if t.kind == END {
                return Err(error_at(site, src, r.0, r.1, "is empty; write the type"));
            }
            if starts_literal(src, t) {
                return Err(error_at(site, src, r.0, r.1, "is a constant, but this is a type parameter: write a type (`float`, `ns::Params`)"));
            }
            let ctx = Ctx {
                list: l,
                resolve: false,
                mode: ARG,
                site,
            };
            tri!(write_type(w, src, r.0, r.1, &ctx));
        }
        i += 1;
    }
    w.write(b"EE")
}

/// Refuses a default argument that names a template parameter (`class U = T`): ptx-abi does
/// not substitute defaults.
const fn check_default(list: &'static [u8], r: Range, site: CxxSite) -> Result<(), MangleError> {
    let mut p = r.0;
    loop {
        let t = next(list, p, r.1);
        if t.kind == END {
            return Ok(());
        }
        if t.kind == IDENT && tparams::find(list, list, (t.start, t.end)).is_some() {
            return Err(error_at(site, list, r.0, r.1, "is a default argument that names a template parameter, which ptx-abi does not substitute; write the argument in the instantiation"));
        }
        p = t.end;
    }
}

/// Writes the constant argument `src[r]` of constant parameter `param` (number `index`):
/// `L <declared type> <value> E`, after checking that it is a constant of that type.
const fn write_value_arg(
    w: &mut Work,
    src: &'static [u8],
    r: Range,
    list: &'static [u8],
    param: TParam,
    index: usize,
    site: CxxSite,
) -> Result<(), MangleError> {
    let t = next(src, r.0, r.1);
    let kw = keyword_of(src, t);
    if t.kind == IDENT
        && kw != KW_NONE
        && (kw <= KW_LAST_BUILTIN || kw == KW_CONST || kw == KW_VOLATILE)
    {
        return Err(error_at(
            site,
            src,
            r.0,
            r.1,
            "is a type, but this is a constant parameter: write a value (`32`, `true`, `(Mode)1`)",
        ));
    }
    let lit = tri!(parse_literal(src, r.0, r.1, site));
    tri!(w.write(b"L"));
    let at = w.plain_len;
    tri!(write_simple_type(w, list, param.ty, CxxSite::Template));
    let declared = slice(w.plain, at, w.plain_len);
    let is_enum = declared[0] == b'N';
    let is_bool = declared.len() == 1 && declared[0] == b'b';
    if is_enum && lit.kind != LIT_CAST {
        return Err(error_at(
            site,
            src,
            lit.start,
            lit.end,
            "needs the enum's type: write the value as `(Mode)1`",
        ));
    }
    if is_bool && lit.kind != LIT_BOOL {
        return Err(error_at(
            site,
            src,
            lit.start,
            lit.end,
            "is not `true` or `false`, which this `bool` parameter needs",
        ));
    }
    if !is_bool && lit.kind == LIT_BOOL {
        return Err(error_at(
            site,
            src,
            lit.start,
            lit.end,
            "is a `bool`; this parameter needs an integer (`1`, `0`) or its enum's value",
        ));
    }
    if lit.kind == LIT_CAST {
        // The cast's type must be the parameter's: written after it, compared, removed.
        let end = w.plain_len;
        tri!(write_simple_type(w, src, lit.cast, site));
        let same = w.plain_len - end == end - at && {
            let mut i = 0;
            while i < end - at && w.plain[at + i] == w.plain[end + i] {
                i += 1;
            }
            i == end - at
        };
        w.plain_len = end;
        if !same {
            return Err(error_at(site, src, lit.start, lit.end, "casts to another type than the parameter's; cast to the parameter's own type, or write a plain integer for an integer parameter"));
        }
    }
    if !is_enum && lit.kind != LIT_BOOL {
        let code = slice(w.plain, at, w.plain_len);
        if (lit.kind == LIT_INT || lit.kind == LIT_CAST) && !fits(code, lit.neg, lit.mag) {
            return Err(MangleError::OutOfRange {
                index,
                param: trimmed(list, param.decl.0, param.decl.1),
                value: trimmed(src, lit.start, lit.end),
            });
        }
    }
    write_literal_value(w, lit.neg, lit.mag)
}
