//! The key: the canonical, unsubstituted form in which the mangler writes everything it reads
//! (a [`CxxType`], or C++ text through `spelling.rs`) before emitting it with substitutions.
//!
//! ```text
//! type    := base op*                       postfix: `const int*` is `iKP`
//! op      := 'P' | quals | 'A' <digits> '_' pointer, cv-qualifiers, array of N
//! quals   := 'r'? 'V'? 'K'?  (not empty)    restrict, volatile, const, in the ABI's order
//! base    := builtin | 'T' <digits>? '_' | name
//! name    := 'N' comp+ ('I' arg* 'E')? 'E'  every name, nested or not, with its arguments
//! comp    := <digits> <identifier>          an Itanium <source-name>
//! arg     := type | 'L' litbase 'n'? <digits> 'E' | 'X' 'T' <digits>? '_' 'E'
//! litbase := builtin | 'N' comp+ 'E'        an integer type or an enum
//! builtin := one of v b c a h s t i j l m x y n o f d e w, or 'D' then s, i or u
//! ```
//!
//! Every substitution candidate is a contiguous range: a name's key without its final `E`
//! (`N2ns6Params`, which is also the key of the prefix `ns::Params` in `ns::Params::Inner`), a
//! template's name (`N3Box` of `N3BoxIiEE`), a template parameter (`T_`), and a type with its
//! ops (`N6ParamsEKP` for `const Params*`). Identical entities have identical keys, so finding
//! a substitution is comparing ranges. The key is postfix because C++ writes declarators after
//! the type they modify, so C++ text is read into it left to right; the emitter walks a type's
//! ops backward to write the prefix form the ABI wants.

use super::error::MangleError;
use super::work::Work;
use crate::layout::const_text::Decimal;
use crate::layout::cxx_type::CxxType;

/// Whether `c` starts an op (pointer, cv-qualifiers, array).
pub(super) const fn is_op(c: u8) -> bool {
    matches!(c, b'P' | b'A') || is_qual(c)
}

/// Whether `c` is a cv-qualifier (or `restrict`) of the key.
pub(super) const fn is_qual(c: u8) -> bool {
    matches!(c, b'r' | b'V' | b'K')
}

/// The end of the decimal digits at `at`.
pub(super) const fn digits_end(w: &Work, mut at: usize) -> usize {
    while w.at(at).is_ascii_digit() {
        at += 1;
    }
    at
}

/// The end of the `<source-name>` at `at` (its decimal length, then that many bytes).
pub(super) const fn source_name_end(w: &Work, mut at: usize) -> usize {
    let mut len = 0usize;
    while w.at(at).is_ascii_digit() {
        len = len
            .saturating_mul(10)
            .saturating_add((w.at(at) - b'0') as usize);
        at += 1;
    }
    let end = at.saturating_add(len);
    if end > w.plain_len {
        w.plain_len
    } else {
        end
    }
}

/// The end of the components (`<source-name>`s) at `at`.
pub(super) const fn comps_end(w: &Work, mut at: usize) -> usize {
    while w.at(at).is_ascii_digit() {
        at = source_name_end(w, at);
    }
    at
}

/// The end of the op at `at`.
pub(super) const fn op_end(w: &Work, at: usize) -> usize {
    match w.at(at) {
        b'P' => at + 1,
        b'A' => digits_end(w, at + 1) + 1,
        _ => {
            let mut e = at;
            while is_qual(w.at(e)) {
                e += 1;
            }
            e
        }
    }
}

/// The start of the op that ends at `end`, the ops starting at `be` (the base's end).
pub(super) const fn op_start(w: &Work, be: usize, end: usize) -> usize {
    let last = w.at(end - 1);
    if last == b'P' {
        return end - 1;
    }
    if last == b'_' {
        let mut s = end - 1;
        while s > be && w.at(s - 1).is_ascii_digit() {
            s -= 1;
        }
        return s - 1;
    }
    let mut s = end - 1;
    while s > be && is_qual(w.at(s - 1)) {
        s -= 1;
    }
    s
}

/// The end of the template parameter (`T_`, `T0_`) at `at`.
pub(super) const fn param_end(w: &Work, at: usize) -> usize {
    digits_end(w, at + 1) + 1
}

/// The end of the builtin code at `at`.
pub(super) const fn builtin_end(w: &Work, at: usize) -> usize {
    if w.at(at) == b'D' {
        at + 2
    } else {
        at + 1
    }
}

/// The end of the literal (`Li32E`, `L4Moden1E` as `LN4ModeEn1E`) at `at`.
pub(super) const fn literal_end(w: &Work, at: usize) -> usize {
    let mut e = at + 1;
    e = if w.at(e) == b'N' {
        comps_end(w, e + 1) + 1
    } else {
        builtin_end(w, e)
    };
    if w.at(e) == b'n' {
        e += 1;
    }
    digits_end(w, e) + 1
}

/// The end of the expression (`XT_E`) at `at`.
pub(super) const fn expr_end(w: &Work, at: usize) -> usize {
    param_end(w, at + 1) + 1
}

/// The end of the base of the type at `s`; names and their arguments are scanned with a
/// depth counter, not recursively.
pub(super) const fn base_end(w: &Work, s: usize) -> usize {
    let mut pos = s;
    let mut depth = 0usize;
    while pos < w.plain_len {
        let c = w.at(pos);
        if c == b'N' {
            depth += 1;
            pos = comps_end(w, pos + 1);
            continue;
        }
        if c == b'I' {
            depth += 1;
            pos += 1;
            continue;
        }
        if c == b'E' {
            pos += 1;
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return pos;
            }
            continue;
        }
        pos = match c {
            b'L' => literal_end(w, pos),
            b'X' => expr_end(w, pos),
            b'T' => param_end(w, pos),
            _ if is_op(c) => op_end(w, pos),
            _ => builtin_end(w, pos),
        };
        if depth == 0 {
            return pos;
        }
    }
    pos
}

/// The end of the type (base and ops) at `s`.
pub(super) const fn type_end(w: &Work, s: usize) -> usize {
    let mut e = base_end(w, s);
    while e < w.plain_len && is_op(w.at(e)) {
        e = op_end(w, e);
    }
    e
}

pub(super) const fn is_ident(id: &[u8]) -> bool {
    if id.is_empty() || id[0].is_ascii_digit() {
        return false;
    }
    let mut i = 0;
    while i < id.len() {
        if !(id[i].is_ascii_alphanumeric() || id[i] == b'_') {
            return false;
        }
        i += 1;
    }
    true
}

pub(super) const fn slice(b: &[u8], start: usize, end: usize) -> &[u8] {
    let (head, _) = b.split_at(end);
    let (_, mid) = head.split_at(start);
    mid
}

/// The end of the `::`-separated component of `name` that starts at `start`.
const fn component_end(name: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < name.len() && !(name[i] == b':' && i + 1 < name.len() && name[i + 1] == b':') {
        i += 1;
    }
    i
}

/// Checks every component of `name` (C++ identifiers, none a keyword: `class::int` names no
/// function; not `std::…`, which mangles as `St`) and returns how many there are; `None` if
/// one is not such an identifier.
pub(super) const fn check_path(name: &[u8]) -> Option<usize> {
    let mut n = 0;
    let mut start = 0;
    loop {
        let end = component_end(name, start);
        let id = slice(name, start, end);
        if !is_ident(id) || is_keyword(id) {
            return None;
        }
        if n == 0
            && end < name.len()
            && id.len() == 3
            && id[0] == b's'
            && id[1] == b't'
            && id[2] == b'd'
        {
            return None;
        }
        n += 1;
        if end == name.len() {
            return Some(n);
        }
        start = end + 2;
    }
}

/// Whether the identifier `id` is a C or C++ keyword (`class`, `int`).
const fn is_keyword(id: &[u8]) -> bool {
    match core::str::from_utf8(id) {
        Ok(s) => crate::layout::c_spelling::is_keyword(s),
        Err(_) => false,
    }
}

/// Bytes of the key of the path `name` (checked by [`check_path`]) without `N` and `E`.
pub(super) const fn path_comps_len(name: &[u8]) -> usize {
    let mut total = 0;
    let mut start = 0;
    loop {
        let end = component_end(name, start);
        total += Decimal::new((end - start) as u128).as_bytes().len() + (end - start);
        if end >= name.len() {
            return total;
        }
        start = end + 2;
    }
}

/// Writes the components of the path `name` (checked by [`check_path`]) to the key.
pub(super) const fn write_path_comps(w: &mut Work, name: &[u8]) -> Result<(), MangleError> {
    let mut start = 0;
    loop {
        let end = component_end(name, start);
        if let Err(e) = w.write_source_name(slice(name, start, end)) {
            return Err(e);
        }
        if end >= name.len() {
            return Ok(());
        }
        start = end + 2;
    }
}

/// One level of a [`CxxType`] as the Itanium grammar reads it: `P` (pointer), `K` (const),
/// `A<len>_` (array), or the type it ends in.
#[derive(Clone, Copy)]
pub(super) enum Level<'t> {
    Pointer(&'t CxxType, bool),
    Const(&'t CxxType),
    Array(usize, &'t CxxType, bool),
    Builtin(&'static str),
    Void,
    Named(&'static str),
    Unsupported,
}

/// The level `t` (`const`-qualified when `konst`) begins with.
pub(super) const fn level(t: &CxxType, konst: bool) -> Level<'_> {
    match (*t, konst) {
        // cv-qualifiers of an array apply to its elements: `A4_Kf`.
        (CxxType::Array { elem, len }, k) => Level::Array(len, elem, k),
        (_, true) => Level::Const(t),
        (
            CxxType::Pointer {
                pointee,
                pointee_const,
            },
            false,
        ) => Level::Pointer(pointee, pointee_const),
        (CxxType::Builtin(code), false) => Level::Builtin(code),
        (CxxType::Void, false) => Level::Void,
        (CxxType::Named(name), false) => Level::Named(name),
        (CxxType::NoParameter | CxxType::Unsupported(_), false) => Level::Unsupported,
    }
}

/// The level below `l` and its `const`-ness, or `None` at the type's end.
pub(super) const fn below(l: Level<'_>) -> Option<(&CxxType, bool)> {
    match l {
        Level::Pointer(t, k) | Level::Array(_, t, k) => Some((t, k)),
        Level::Const(t) => Some((t, false)),
        _ => None,
    }
}

/// Level `k` (0 the outermost) of `t`, or its last level if it has fewer.
const fn level_at(t: &CxxType, k: usize) -> Level<'_> {
    let mut l = level(t, false);
    let mut i = 0;
    while i < k {
        match below(l) {
            Some((t, konst)) => l = level(t, konst),
            None => return l,
        }
        i += 1;
    }
    l
}

/// How many levels `t` has.
const fn levels(t: &CxxType) -> usize {
    let mut n = 1;
    let mut l = level(t, false);
    while let Some((t, konst)) = below(l) {
        l = level(t, konst);
        n += 1;
    }
    n
}

/// Writes the key of `t`: its innermost level first (the key is postfix). Pointer chains are
/// short: finding each level again from the top keeps this free of recursion and of a
/// per-level table.
pub(super) const fn write_cxx(w: &mut Work, t: &CxxType) -> Result<(), MangleError> {
    let mut k = levels(t);
    while k > 0 {
        k -= 1;
        let r = match level_at(t, k) {
            Level::Pointer(..) => w.write(b"P"),
            Level::Const(_) => w.write(b"K"),
            Level::Array(len, ..) => match w.write(b"A") {
                Ok(()) => match w.write_decimal(len) {
                    Ok(()) => w.write(b"_"),
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            },
            Level::Builtin(code) => w.write(code.as_bytes()),
            Level::Void => w.write(b"v"),
            Level::Named(name) => match check_path(name.as_bytes()) {
                Some(_) => match w.write(b"N") {
                    Ok(()) => match write_path_comps(w, name.as_bytes()) {
                        Ok(()) => w.write(b"E"),
                        Err(e) => Err(e),
                    },
                    Err(e) => Err(e),
                },
                None => Err(MangleError::BadIdentifier { name }),
            },
            Level::Unsupported => Err(MangleError::BadFunctionName),
        };
        if let Err(e) = r {
            return Err(e);
        }
    }
    Ok(())
}

/// Bytes of the key of `t` (what [`write_cxx`] writes), 0 where it cannot be named.
pub(super) const fn cxx_key_len(t: &CxxType) -> usize {
    let mut total = 0;
    let mut cur = Some((t, false));
    while let Some((t, konst)) = cur {
        let l = level(t, konst);
        total += match l {
            Level::Pointer(..) | Level::Const(_) => 1,
            Level::Array(len, ..) => 2 + Decimal::new(len as u128).as_bytes().len(),
            Level::Builtin(code) => code.len(),
            Level::Void => 1,
            Level::Named(name) => match check_path(name.as_bytes()) {
                Some(_) => 2 + path_comps_len(name.as_bytes()),
                None => 0,
            },
            Level::Unsupported => 0,
        };
        cur = below(l);
    }
    total
}

/// Checks that a parameter's type can be named, without writing it.
pub(super) const fn check_param(t: &CxxType, index: usize) -> Result<(), MangleError> {
    let mut cur = t;
    let mut top = true;
    loop {
        match *cur {
            CxxType::Unsupported(reason) => return Err(MangleError::Unsupported { index, reason }),
            CxxType::NoParameter => {
                return Err(MangleError::Unsupported {
                    index,
                    reason: "a zero-sized type has no C++ parameter",
                })
            }
            CxxType::Array { elem, .. } => {
                if top {
                    return Err(MangleError::ArrayByValue { index });
                }
                cur = elem;
            }
            CxxType::Pointer { pointee, .. } => cur = pointee,
            CxxType::Named(name) => {
                return match check_path(name.as_bytes()) {
                    Some(_) => Ok(()),
                    None => Err(MangleError::BadIdentifier { name }),
                }
            }
            CxxType::Void => {
                return if top {
                    Err(MangleError::Unsupported {
                        index,
                        reason: "`void` is not a parameter type",
                    })
                } else {
                    Ok(())
                }
            }
            CxxType::Builtin(_) => return Ok(()),
        }
        top = false;
    }
}
