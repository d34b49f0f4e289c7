//! A key (`key.rs`) written back as C++ (`int const*`, `ns::Pair<float, int>*`, `float (*)[4]`)
//! for messages, with template parameters replaced by the instantiation's arguments.

use super::key::{
    base_end, builtin_end, comps_end, digits_end, expr_end, literal_end, param_end,
    source_name_end, type_end,
};
use super::work::Work;
use crate::layout::const_msg::ConstMsg;

/// How many nested template-argument lists are rendered; deeper ones are `<…>`.
const DEPTH: usize = 16;

/// The C++ spelling of builtin code `code`.
const fn builtin_name(code: &[u8]) -> &'static str {
    match code {
        b"v" => "void",
        b"b" => "bool",
        b"c" => "char",
        b"a" => "signed char",
        b"h" => "unsigned char",
        b"s" => "short",
        b"t" => "unsigned short",
        b"i" => "int",
        b"j" => "unsigned int",
        b"l" => "long",
        b"m" => "unsigned long",
        b"x" => "long long",
        b"y" => "unsigned long long",
        b"n" => "__int128",
        b"o" => "unsigned __int128",
        b"f" => "float",
        b"d" => "double",
        b"e" => "long double",
        b"w" => "wchar_t",
        b"Ds" => "char16_t",
        b"Di" => "char32_t",
        b"Du" => "char8_t",
        _ => "?",
    }
}

const fn key_str<'a>(w: &'a Work, s: usize, e: usize) -> &'a str {
    let (head, _) = w.plain.split_at(e);
    let (_, mid) = head.split_at(s);
    match core::str::from_utf8(mid) {
        Ok(t) => t,
        Err(_) => "?",
    }
}

/// The end of the template argument at `p`.
const fn arg_end(w: &Work, p: usize) -> usize {
    match w.at(p) {
        b'L' => literal_end(w, p),
        b'X' => expr_end(w, p),
        _ => type_end(w, p),
    }
}

/// The range of argument `idx` of the function name whose key starts at `name`.
pub(super) const fn arg_range(w: &Work, name: usize, idx: usize) -> Option<(usize, usize)> {
    if w.at(name) != b'N' {
        return None;
    }
    let mut p = comps_end(w, name + 1);
    if w.at(p) != b'I' {
        return None;
    }
    p += 1;
    let mut i = 0;
    while w.at(p) != b'E' && p < w.plain_len {
        let e = arg_end(w, p);
        if i == idx {
            return Some((p, e));
        }
        p = e;
        i += 1;
    }
    None
}

/// The index of the template parameter `T_`/`T<n>_` at `p`.
pub(super) const fn param_index(w: &Work, p: usize) -> usize {
    let mut q = p + 1;
    if w.at(q) == b'_' {
        return 0;
    }
    let mut v = 0usize;
    while w.at(q).is_ascii_digit() {
        v = v
            .saturating_mul(10)
            .saturating_add((w.at(q) - b'0') as usize);
        q += 1;
    }
    v.saturating_add(1)
}

/// Appends the C++ spelling of the key `plain[s..e]` to `m`; template parameters are replaced
/// by the arguments of the function name whose key starts at `name`.
pub(super) const fn render<const M: usize>(
    mut m: ConstMsg<M>,
    w: &Work,
    name: usize,
    s: usize,
    e: usize,
) -> ConstMsg<M> {
    let mut p = s;
    let mut end = e;
    // Where to go on after an argument rendered in place of a template parameter.
    let mut back: Option<(usize, usize)> = None;
    let mut ends = [0usize; DEPTH];
    let mut depth = 0;
    loop {
        if depth > 0 && p == ends[depth - 1] && p < end && w.at(p) != b'E' {
            m = m.str(", ");
            ends[depth - 1] = arg_end(w, p);
        }
        if p >= end {
            match back {
                Some((bp, be)) => {
                    p = bp;
                    end = be;
                    back = None;
                    continue;
                }
                None => return m,
            }
        }
        let c = w.at(p);
        if c == b'N' {
            let mut q = p + 1;
            let mut first = true;
            while w.at(q).is_ascii_digit() {
                let ne = source_name_end(w, q);
                let id = digits_end(w, q);
                if !first {
                    m = m.str("::");
                }
                m = m.str(key_str(w, id, ne));
                first = false;
                q = ne;
            }
            if w.at(q) == b'I' {
                if depth < DEPTH {
                    m = m.str("<");
                    ends[depth] = arg_end(w, q + 1);
                    depth += 1;
                    p = q + 1;
                } else {
                    m = m.str("<…>");
                    p = base_end(w, p);
                }
            } else {
                p = q + 1;
            }
            continue;
        }
        if c == b'E' {
            m = m.str(">");
            depth = depth.saturating_sub(1);
            p += 2;
            continue;
        }
        if c == b'T' || c == b'X' {
            let at = if c == b'X' { p + 1 } else { p };
            let after = if c == b'X' {
                expr_end(w, p)
            } else {
                param_end(w, p)
            };
            match (back, arg_range(w, name, param_index(w, at))) {
                (None, Some((as_, ae))) => {
                    back = Some((after, end));
                    p = as_;
                    end = ae;
                }
                _ => {
                    m = m.str(key_str(w, p, after));
                    p = after;
                }
            }
            continue;
        }
        if c == b'L' {
            let le = literal_end(w, p);
            let mut q = p + 1;
            let boolean = w.at(q) == b'b';
            if w.at(q) == b'N' {
                m = m.str("(");
                m = render(m, w, name, q, comps_end(w, q + 1) + 1);
                m = m.str(")");
                q = comps_end(w, q + 1) + 1;
            } else {
                q = builtin_end(w, q);
            }
            if w.at(q) == b'n' {
                m = m.str("-");
                q += 1;
            }
            let digits = key_str(w, q, le - 1);
            m = if boolean {
                m.str(if w.at(q) == b'1' { "true" } else { "false" })
            } else {
                m.str(digits)
            };
            p = le;
            continue;
        }
        if c == b'P' {
            m = m.str("*");
            p += 1;
            continue;
        }
        if c == b'r' || c == b'V' || c == b'K' {
            m = m.str(match c {
                b'r' => " __restrict__",
                b'V' => " volatile",
                _ => " const",
            });
            p += 1;
            continue;
        }
        if c == b'A' {
            // A run of arrays, then (normally) the pointer to them: ` (*)[4][2]`.
            let mut q = p;
            while w.at(q) == b'A' {
                q = digits_end(w, q + 1) + 1;
            }
            if w.at(q) == b'P' {
                m = m.str(" (*)");
            }
            let mut r = p;
            while r < q {
                let de = digits_end(w, r + 1);
                m = m.str("[").str(key_str(w, r + 1, de)).str("]");
                r = de + 1;
            }
            p = if w.at(q) == b'P' { q + 1 } else { q };
            continue;
        }
        let be = builtin_end(w, p);
        let code = w.plain.split_at(be).0.split_at(p).1;
        m = m.str(builtin_name(code));
        p = be;
    }
}
