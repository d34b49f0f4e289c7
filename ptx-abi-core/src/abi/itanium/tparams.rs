//! A function template's parameter list as C++ declares it (`typename T, int BLOCK = 32`):
//! what each parameter is, its name, the declared type of a constant parameter (which decides
//! how its argument is mangled: `int BLOCK` makes `32` `Li32E`, `unsigned N` makes it `Lj32E`)
//! and its default argument. Read again where needed, never stored: lists are short.

use super::error::{CxxSite, MangleError};
use super::tokens::{
    add_word, builtin_code, error, error_at, keyword_of, next, same_range, Tok, ELLIPSIS, END,
    IDENT, KW_AUTO, KW_CONST, KW_LAST_BUILTIN, KW_NONE, KW_TAG, KW_TEMPLATE, KW_TYPENAME,
    KW_VOLATILE, PUNCT, SCOPE,
};

/// A `(start, end)` range of text.
pub(super) type Range = (usize, usize);

/// One template parameter.
#[derive(Clone, Copy)]
pub(super) struct TParam {
    /// A constant (non-type) parameter; else a type parameter.
    pub value: bool,
    /// Its name (empty when unnamed).
    pub name: Range,
    /// A constant parameter's declared type.
    pub ty: Range,
    /// Its default argument (empty when none).
    pub default: Range,
    /// The whole declaration, for messages.
    pub decl: Range,
}

const fn is_blank(text: &[u8], r: Range) -> bool {
    let mut i = r.0;
    while i < r.1 {
        if !text[i].is_ascii_whitespace() {
            return false;
        }
        i += 1;
    }
    true
}

/// The range of the `i`-th comma-separated item of `text[r]` (commas inside `<…>`, `(…)` and
/// `[…]` do not separate), or `None` past the last one. A blank text has no items.
pub(super) const fn item(text: &[u8], r: Range, i: usize) -> Option<Range> {
    if is_blank(text, r) {
        return None;
    }
    let (mut angle, mut paren) = (0usize, 0usize);
    let mut k = 0;
    let mut start = r.0;
    let mut p = r.0;
    while p <= r.1 {
        let c = if p < r.1 { text[p] } else { b',' };
        match c {
            b'(' | b'[' => paren += 1,
            b')' | b']' => paren = paren.saturating_sub(1),
            b'<' if paren == 0 => angle += 1,
            b'>' if paren == 0 => angle = angle.saturating_sub(1),
            b',' if (angle == 0 && paren == 0) || p == r.1 => {
                if k == i {
                    return Some((start, p));
                }
                k += 1;
                start = p + 1;
            }
            _ => {}
        }
        p += 1;
    }
    None
}

/// How many items `text[r]` has.
pub(super) const fn count(text: &[u8], r: Range) -> usize {
    let mut n = 0;
    while item(text, r, n).is_some() {
        n += 1;
    }
    n
}

/// The first `=` of `text[r]` outside `<…>` and `(…)`, or `r.1`.
const fn default_sign(text: &[u8], r: Range) -> usize {
    let (mut angle, mut paren) = (0usize, 0usize);
    let mut p = r.0;
    while p < r.1 {
        match text[p] {
            b'(' | b'[' => paren += 1,
            b')' | b']' => paren = paren.saturating_sub(1),
            b'<' if paren == 0 => angle += 1,
            b'>' if paren == 0 => angle = angle.saturating_sub(1),
            b'=' if angle == 0 && paren == 0 => return p,
            _ => {}
        }
        p += 1;
    }
    r.1
}

const SITE: CxxSite = CxxSite::Template;

/// Reads the parameter declared in `list[r]`.
pub(super) const fn parse(list: &'static [u8], r: Range) -> Result<TParam, MangleError> {
    let eq = default_sign(list, r);
    let default = if eq < r.1 { (eq + 1, r.1) } else { (r.1, r.1) };
    if eq < r.1 && is_blank(list, default) {
        return Err(error_at(
            SITE,
            list,
            r.0,
            r.1,
            "has `=` but no default argument after it",
        ));
    }
    let decl = (r.0, r.1);
    let first = next(list, r.0, eq);
    if first.kind == END {
        return Err(error_at(
            SITE,
            list,
            r.0,
            r.1,
            "is an empty parameter; remove the extra `,`",
        ));
    }
    let kw = keyword_of(list, first);
    if kw == KW_TEMPLATE {
        return Err(error_at(SITE, list, r.0, eq, "is a template template parameter, which ptx-abi does not mangle; instantiate the kernel with a class template's instantiation instead"));
    }
    if kw == KW_AUTO {
        return Err(error_at(
            SITE,
            list,
            r.0,
            eq,
            "has a deduced type; declare the parameter's type (`int N`)",
        ));
    }
    // `typename T` or `class T` (but `class` before a name and a declarator is not possible
    // here: a constant parameter of class type is refused below).
    let is_type = kw == KW_TYPENAME
        || (kw == KW_TAG && list[first.start] == b'c' && list[first.start + 1] == b'l');
    if is_type {
        return type_param(list, first, eq, default, decl);
    }
    value_param(list, r.0, eq, default, decl)
}

/// `typename T`, `class T`, `typename` (unnamed), with the default already split off.
const fn type_param(
    list: &'static [u8],
    first: Tok,
    eq: usize,
    default: Range,
    decl: Range,
) -> Result<TParam, MangleError> {
    let t = next(list, first.end, eq);
    if t.kind == ELLIPSIS {
        return Err(error(
            SITE,
            list,
            t,
            "makes a parameter pack, which ptx-abi does not mangle; declare one parameter per type",
        ));
    }
    let mut name = (first.end, first.end);
    let mut after = t;
    if t.kind == IDENT && keyword_of(list, t) == KW_NONE {
        name = (t.start, t.end);
        after = next(list, t.end, eq);
    }
    if after.kind != END {
        return Err(error(SITE, list, after, "is not expected here: a type parameter is `typename T` or `class T`, with an optional `= default`"));
    }
    Ok(TParam {
        value: false,
        name,
        ty: (first.start, first.start),
        default,
        decl,
    })
}

/// `int N`, `unsigned long`, `Mode M`, `ns::Mode M`, with the default split off: builtin
/// integer words (with `const`) or one qualified name, then the parameter's name if any.
const fn value_param(
    list: &'static [u8],
    start: usize,
    eq: usize,
    default: Range,
    decl: Range,
) -> Result<TParam, MangleError> {
    // The last token, and the one before it, decide whether the parameter is named.
    let mut p = start;
    let mut prev: Option<Tok> = None;
    let mut last: Option<Tok> = None;
    loop {
        let t = next(list, p, eq);
        if t.kind == END {
            break;
        }
        prev = last;
        last = Some(t);
        p = t.end;
    }
    let mut name = (eq, eq);
    let first = next(list, start, eq).start;
    let mut ty = (first, eq);
    if let Some(l) = last {
        ty = (first, l.end);
        let named = l.kind == IDENT
            && keyword_of(list, l) == KW_NONE
            && match prev {
                Some(b) => b.kind != SCOPE,
                None => false,
            };
        if let (true, Some(b)) = (named, prev) {
            name = (l.start, l.end);
            ty = (first, b.end);
        }
    }
    match value_type(list, ty) {
        Ok(()) => Ok(TParam {
            value: true,
            name,
            ty,
            default,
            decl,
        }),
        Err(e) => Err(e),
    }
}

/// Checks a constant parameter's declared type: builtin integer words, or one qualified name
/// (an enum), with `const`, `volatile` or `enum` around.
const fn value_type(list: &'static [u8], ty: Range) -> Result<(), MangleError> {
    let mut words = 0u32;
    let mut names = 0;
    let mut in_name = false;
    let mut p = ty.0;
    loop {
        let t = next(list, p, ty.1);
        if t.kind == END {
            break;
        }
        let kw = keyword_of(list, t);
        if t.kind == IDENT && kw != KW_NONE && kw <= KW_LAST_BUILTIN {
            match add_word(words, kw) {
                Ok(w) => words = w,
                Err(reason) => return Err(error(SITE, list, t, reason)),
            }
            in_name = false;
        } else if t.kind == IDENT && kw == KW_TAG && list[t.start] != b'e' {
            return Err(error_at(SITE, list, ty.0, ty.1, "is a constant of a class type, which ptx-abi does not mangle; use an integer, `bool` or enum parameter"));
        } else if t.kind == IDENT && (kw == KW_CONST || kw == KW_VOLATILE || kw == KW_TAG) {
            // Top-level cv-qualifiers do not change a constant parameter; `enum Mode` is
            // `Mode`.
            in_name = false;
        } else if t.kind == IDENT && kw == KW_NONE {
            if !in_name {
                names += 1;
            }
            in_name = false;
        } else if t.kind == SCOPE {
            in_name = true;
        } else if t.kind == ELLIPSIS {
            return Err(error(SITE, list, t, "makes a parameter pack, which ptx-abi does not mangle; declare one parameter per value"));
        } else if t.kind == PUNCT && (list[t.start] == b'*' || list[t.start] == b'&') {
            return Err(error_at(SITE, list, ty.0, ty.1, "is a pointer or reference template parameter, which ptx-abi does not mangle; use an integer, `bool` or enum parameter"));
        } else if t.kind == PUNCT && list[t.start] == b'<' {
            return Err(error_at(SITE, list, ty.0, ty.1, "is a constant of a class type, which ptx-abi does not mangle; use an integer, `bool` or enum parameter"));
        } else {
            return Err(error(SITE, list, t, "is not expected in a template parameter; write `typename T`, `int N`, `bool B` or `Mode M`"));
        }
        p = t.end;
    }
    if names > 1 || (names == 1 && words != 0) {
        return Err(error_at(SITE, list, ty.0, ty.1, "is not one type: a constant parameter is `int N`, `unsigned long N`, `bool B` or `Mode M`"));
    }
    if names == 0 {
        if words == 0 {
            return Err(error_at(
                SITE,
                list,
                ty.0,
                ty.1,
                "has no type; write `typename T` for a type parameter or `int N` for a constant",
            ));
        }
        match builtin_code(words) {
            Some(code) => {
                if matches!(code.as_bytes()[0], b'v' | b'f' | b'd' | b'e') {
                    return Err(error_at(SITE, list, ty.0, ty.1, "is a type whose constants ptx-abi does not mangle; use an integer, `bool` or enum parameter"));
                }
            }
            None => return Err(error_at(SITE, list, ty.0, ty.1, "is not a C++ type")),
        }
    }
    Ok(())
}

/// Parameter `i` of `list`, which [`validate`] accepted (`None` past the end or on an error).
pub(super) const fn get(list: &'static [u8], i: usize) -> Option<TParam> {
    match item(list, (0, list.len()), i) {
        Some(r) => match parse(list, r) {
            Ok(p) => Some(p),
            Err(_) => None,
        },
        None => None,
    }
}

/// The name of the parameter declared in `list[r]` (empty when unnamed), read as [`parse`]
/// reads it but without checking the rest: the last identifier before any `=`, when a token
/// other than `::` comes before it.
const fn name_of(list: &[u8], r: Range) -> Range {
    let eq = default_sign(list, r);
    let mut p = r.0;
    let mut prev: Option<Tok> = None;
    let mut last: Option<Tok> = None;
    loop {
        let t = next(list, p, eq);
        if t.kind == END {
            break;
        }
        prev = last;
        last = Some(t);
        p = t.end;
    }
    match (last, prev) {
        (Some(l), Some(b))
            if l.kind == IDENT && b.kind != SCOPE && keyword_of(list, l) == KW_NONE =>
        {
            (l.start, l.end)
        }
        _ => (eq, eq),
    }
}

/// The parameter called `text[name]`, and its position, in a list [`validate`] accepted.
pub(super) const fn find(list: &'static [u8], text: &[u8], name: Range) -> Option<(usize, TParam)> {
    let all = (0, list.len());
    let mut i = 0;
    while let Some(r) = item(list, all, i) {
        let n = name_of(list, r);
        if n.1 > n.0 && same_text(list, n, text, name) {
            return match parse(list, r) {
                Ok(p) => Some((i, p)),
                Err(_) => None,
            };
        }
        i += 1;
    }
    None
}

const fn same_text(a: &[u8], ra: Range, b: &[u8], rb: Range) -> bool {
    if ra.1 - ra.0 != rb.1 - rb.0 {
        return false;
    }
    let mut i = 0;
    while i < ra.1 - ra.0 {
        if a[ra.0 + i] != b[rb.0 + i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Checks the whole list: every parameter readable, no name twice, no constant parameter
/// whose type is a template parameter. Returns how many parameters there are.
pub(super) const fn validate(list: &'static [u8]) -> Result<usize, MangleError> {
    let all = (0, list.len());
    if is_blank(list, all) {
        return Err(error_at(SITE, list, 0, list.len(), "is empty; list the template's parameters as C++ declares them, e.g. `typename T, int N`"));
    }
    let n = count(list, all);
    let mut i = 0;
    while i < n {
        let p = match item(list, all, i) {
            Some(r) => match parse(list, r) {
                Ok(p) => p,
                Err(e) => return Err(e),
            },
            None => return Ok(i),
        };
        let mut j = 0;
        while j < i {
            if let Some(q) = get(list, j) {
                if p.name.1 > p.name.0 && same_range(list, p.name, q.name) {
                    return Err(error_at(
                        SITE,
                        list,
                        p.name.0,
                        p.name.1,
                        "names two template parameters; give each its own name",
                    ));
                }
                if p.value && !q.value && q.name.1 > q.name.0 && same_range(list, p.ty, q.name) {
                    return Err(error_at(SITE, list, p.decl.0, p.decl.1, "has the type of a template parameter, which ptx-abi does not mangle; declare it `int`, `bool` or an enum"));
                }
            }
            j += 1;
        }
        i += 1;
    }
    Ok(n)
}
