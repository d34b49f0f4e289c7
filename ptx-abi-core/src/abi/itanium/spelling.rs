//! C++ type spellings read into the key (`key.rs`), in `const fn`: builtin types in all
//! their multi-word forms (`unsigned long long int`, `long unsigned`), `const`, `volatile`,
//! `__restrict__`, pointers, pointers to arrays (`float (*)[4]`), class and enum names with
//! `::`, template-ids (`ns::Pair<T, int>`) with type and constant arguments, template
//! parameters (`T`, as `T_`), and the typedefs of CUDA's headers that name other types
//! (`half2` is `__half2`, `size_t` is `unsigned long`).
//!
//! One pass, left to right: the key is postfix, as C++ text is. Nested template arguments use
//! the work's explicit stack (the qualifiers of the type whose arguments are being read), so
//! nothing recurses.
//!
//! Constants (template arguments): decimal or hex integers with C++'s suffixes, negative ones,
//! `true`/`false`, and an enum's value as `(Mode)1` (C++'s other spellings, `Mode(1)` and
//! enumerators, are refused with a message saying so: ptx-abi cannot see an enum's values).
//! A constant argument of a class template (`Buf<4u>`) is mangled with its own C++ type,
//! since the class template's declaration is not known: write the suffix or cast that gives
//! it the parameter's type.

use super::error::{CxxSite, MangleError};
use super::key::slice;
use super::tokens::{
    add_word, builtin_code, error, error_at, is_reserved, keyword, keyword_of, next, Tok, BAD, END,
    IDENT, KW_AUTO, KW_CONST, KW_FALSE, KW_LAST_BUILTIN, KW_NONE, KW_RESTRICT, KW_TAG, KW_TRUE,
    KW_TYPENAME, KW_VOLATILE, NUMBER, SCOPE,
};
use super::tparams;
use super::work::{Frame, Work};
use crate::layout::const_text::Decimal;

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}

/// A function parameter's declared type: top-level qualifiers are not part of the function's
/// type (`T* const p` is `T*`), and a trailing parameter name is allowed (`const T* x`).
pub(super) const PARAM: u8 = 0;
/// A return type: NVRTC keeps its top-level qualifiers in the name (`const T` is `KT_`).
pub(super) const RETURN: u8 = 1;
/// A template argument: its top-level qualifiers are part of it (`k<const int>` is `IKiE`).
pub(super) const ARG: u8 = 2;

/// How a text is read.
#[derive(Clone, Copy)]
pub(super) struct Ctx {
    /// The function template's parameter list (empty for a function that is not a template).
    pub list: &'static [u8],
    /// Whether names of the list's parameters are template parameters (`T` is `T_`): in
    /// declared types, not in the instantiation's arguments.
    pub resolve: bool,
    /// [`PARAM`], [`RETURN`] or [`ARG`].
    pub mode: u8,
    /// Where the text is, for errors.
    pub site: CxxSite,
}

/// `const`.
const QK: u8 = 1;
/// `volatile`.
const QV: u8 = 2;
/// `__restrict__`.
const QR: u8 = 4;

/// Writes cv-qualifiers in the ABI's order: `r`, `V`, `K`.
const fn write_quals(w: &mut Work, q: u8) -> Result<(), MangleError> {
    if q & QR != 0 {
        tri!(w.write(b"r"));
    }
    if q & QV != 0 {
        tri!(w.write(b"V"));
    }
    if q & QK != 0 {
        tri!(w.write(b"K"));
    }
    Ok(())
}

/// The qualifier bit of keyword `kw` (0 if it is not one).
const fn qual_of(kw: u8) -> u8 {
    match kw {
        KW_CONST => QK,
        KW_VOLATILE => QV,
        KW_RESTRICT => QR,
        _ => 0,
    }
}

/// Reads the qualifiers after a `*` at `pos`: their set and where they end.
const fn read_quals(
    text: &'static [u8],
    mut pos: usize,
    limit: usize,
    site: CxxSite,
) -> Result<(u8, usize), MangleError> {
    let mut q = 0u8;
    loop {
        let t = next(text, pos, limit);
        let b = qual_of(keyword_of(text, t));
        if t.kind != IDENT || b == 0 {
            return Ok((q, pos));
        }
        if q & b != 0 {
            return Err(error(site, text, t, "is repeated"));
        }
        q |= b;
        pos = t.end;
    }
}

/// Typedefs of CUDA's headers and NVRTC, and the type each names (its key).
const TYPEDEFS: &[(&str, &str)] = &[
    ("half", "N6__halfE"),
    ("half2", "N7__half2E"),
    ("nv_bfloat16", "N13__nv_bfloat16E"),
    ("nv_bfloat162", "N14__nv_bfloat162E"),
    ("CUtensorMap", "N14CUtensorMap_stE"),
    ("size_t", "m"),
    ("ptrdiff_t", "l"),
    ("cudaTextureObject_t", "y"),
    ("cudaSurfaceObject_t", "y"),
];

/// Typedefs of the host's C library, which differ between hosts and which NVRTC does not
/// define: refused, naming the builtin type to write.
const HOST_TYPEDEFS: &[&str] = &[
    "int8_t",
    "uint8_t",
    "int16_t",
    "uint16_t",
    "int32_t",
    "uint32_t",
    "int64_t",
    "uint64_t",
    "intptr_t",
    "uintptr_t",
];

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The key of the typedef `id`, if CUDA defines it.
const fn typedef(id: &[u8]) -> Option<&'static str> {
    let mut i = 0;
    while i < TYPEDEFS.len() {
        if same(TYPEDEFS[i].0.as_bytes(), id) {
            return Some(TYPEDEFS[i].1);
        }
        i += 1;
    }
    None
}

const fn is_host_typedef(id: &[u8]) -> bool {
    let mut i = 0;
    while i < HOST_TYPEDEFS.len() {
        if same(HOST_TYPEDEFS[i].as_bytes(), id) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether token `t` starts a constant: a number, `-`, `true`, `false`, or `(` (a cast).
pub(super) const fn starts_literal(text: &[u8], t: Tok) -> bool {
    let kw = keyword_of(text, t);
    t.kind == NUMBER || t.is(text, b'-') || t.is(text, b'(') || kw == KW_TRUE || kw == KW_FALSE
}

/// A plain integer constant (`32`, `-1`, `0x10u`).
pub(super) const LIT_INT: u8 = 0;
/// `true` or `false`.
pub(super) const LIT_BOOL: u8 = 1;
/// A cast (`(Mode)1`, `(unsigned char)4`).
pub(super) const LIT_CAST: u8 = 2;

/// A constant as written.
#[derive(Clone, Copy)]
pub(super) struct Lit {
    /// [`LIT_INT`], [`LIT_BOOL`] or [`LIT_CAST`].
    pub kind: u8,
    /// Whether it is negative.
    pub neg: bool,
    /// Its magnitude.
    pub mag: u128,
    /// For [`LIT_INT`], the code of its C++ type (`i`, `l`, `j`, …; C++'s rules for literals);
    /// for [`LIT_BOOL`], `b`.
    pub code: &'static str,
    /// For [`LIT_CAST`], the cast's type.
    pub cast: (usize, usize),
    /// Where it is.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
}

/// A number token's value: its magnitude, whether it is hex, and its suffix (`u`, `l`s).
struct Number {
    mag: u128,
    hex: bool,
    uns: bool,
    longs: u8,
}

const fn number(text: &'static [u8], t: Tok, site: CxxSite) -> Result<Number, MangleError> {
    let b = slice(text, t.start, t.end);
    let hex = b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X');
    let mut i = if hex { 2 } else { 0 };
    if !hex && b.len() > 1 && b[0] == b'0' && b[1].is_ascii_digit() {
        return Err(error(
            site,
            text,
            t,
            "is an octal constant; write it in decimal or hex (`0x…`)",
        ));
    }
    let mut mag: u128 = 0;
    let mut digits = 0;
    while i < b.len() {
        let c = b[i];
        let d = if c.is_ascii_digit() {
            c - b'0'
        } else if hex && matches!(c, b'a'..=b'f') {
            c - b'a' + 10
        } else if hex && matches!(c, b'A'..=b'F') {
            c - b'A' + 10
        } else {
            break;
        };
        let base = if hex { 16 } else { 10 };
        mag = match mag.checked_mul(base) {
            Some(v) => match v.checked_add(d as u128) {
                Some(v) => v,
                None => {
                    return Err(error(
                        site,
                        text,
                        t,
                        "is too large for any C++ integer type",
                    ))
                }
            },
            None => {
                return Err(error(
                    site,
                    text,
                    t,
                    "is too large for any C++ integer type",
                ))
            }
        };
        digits += 1;
        i += 1;
    }
    if digits == 0 {
        return Err(error(
            site,
            text,
            t,
            "is not a number ptx-abi can read; write a decimal or hex integer",
        ));
    }
    // The suffix: `u` and one or two `l`s, in either order.
    let (mut uns, mut longs) = (false, 0u8);
    while i < b.len() {
        match b[i] {
            b'u' | b'U' if !uns => uns = true,
            b'l' | b'L' if longs < 2 => longs += 1,
            _ => return Err(error(site, text, t, "has a suffix ptx-abi cannot read; write the integer with `u`, `l`, `ul`, `ll` or `ull`, or none")),
        }
        i += 1;
    }
    Ok(Number {
        mag,
        hex,
        uns,
        longs,
    })
}

/// The C++ type of an integer literal (C++ [lex.icon]: the first of the suffix's list that
/// holds the value; `long` is 64-bit), or `None` when none does.
const fn literal_type(n: &Number) -> Option<&'static str> {
    const I32: u128 = i32::MAX as u128;
    const U32: u128 = u32::MAX as u128;
    const I64: u128 = i64::MAX as u128;
    const U64: u128 = u64::MAX as u128;
    let v = n.mag;
    // Candidates in order: signed types are skipped by `u`; unsigned ones are tried only for
    // hex literals or with `u`.
    let cands: [(&str, u128, bool, u8); 6] = [
        ("i", I32, false, 0),
        ("j", U32, true, 0),
        ("l", I64, false, 1),
        ("m", U64, true, 1),
        ("x", I64, false, 2),
        ("y", U64, true, 2),
    ];
    let mut k = 0;
    while k < cands.len() {
        let (code, max, unsigned, longs) = cands[k];
        let allowed = longs >= n.longs && if n.uns { unsigned } else { !unsigned || n.hex };
        if allowed && v <= max {
            return Some(code);
        }
        k += 1;
    }
    None
}

/// Reads the constant at `start` (`32`, `-1`, `true`, `(Mode)1`), which must be the whole
/// argument (followed by `,`, `>` or the end).
pub(super) const fn parse_literal(
    text: &'static [u8],
    start: usize,
    limit: usize,
    site: CxxSite,
) -> Result<Lit, MangleError> {
    let t = next(text, start, limit);
    let kw = keyword_of(text, t);
    let mut lit = Lit {
        kind: LIT_INT,
        neg: false,
        mag: 0,
        code: "b",
        cast: (0, 0),
        start: t.start,
        end: t.end,
    };
    let mut p = t.end;
    if kw == KW_TRUE || kw == KW_FALSE {
        lit.kind = LIT_BOOL;
        lit.mag = if kw == KW_TRUE { 1 } else { 0 };
    } else {
        let mut num = t;
        if t.is(text, b'(') {
            let close = find_close(text, t.end, limit);
            if close >= limit {
                return Err(error(
                    site,
                    text,
                    t,
                    "is not closed; write an enum's value as `(Mode)1`",
                ));
            }
            lit.kind = LIT_CAST;
            lit.cast = (t.end, close);
            num = next(text, close + 1, limit);
        }
        if num.is(text, b'-') {
            lit.neg = true;
            num = next(text, num.end, limit);
        }
        if num.kind != NUMBER {
            return Err(not_a_constant(text, t, limit, site));
        }
        let n = tri!(number(text, num, site));
        lit.mag = n.mag;
        if lit.kind == LIT_INT {
            lit.code = match literal_type(&n) {
                Some(code) => code,
                None => return Err(error(site, text, num, "does not fit its suffix's types; write a `u`, `l` or `ll` suffix that holds it")),
            };
            if lit.neg && matches!(lit.code.as_bytes()[0], b'j' | b'm' | b'y') {
                return Err(error_at(
                    site,
                    text,
                    t.start,
                    num.end,
                    "negates an unsigned constant, which wraps around; write the value it means",
                ));
            }
        }
        if lit.mag == 0 {
            lit.neg = false;
        }
        p = num.end;
    }
    let after = next(text, p, limit);
    if !after.ends_arg(text) {
        return Err(error_at(
            site,
            text,
            t.start,
            limit,
            "is an expression; write its value as one constant (`32`, `-1`, `true`, `(Mode)1`)",
        ));
    }
    lit.end = p;
    Ok(lit)
}

/// The `)` that closes the `(` before `pos` (or `limit`).
const fn find_close(text: &[u8], mut pos: usize, limit: usize) -> usize {
    let mut depth = 1usize;
    while pos < limit {
        match text[pos] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return pos;
                }
            }
            _ => {}
        }
        pos += 1;
    }
    limit
}

/// The error for text where a constant is needed, saying which spelling to use.
pub(super) const fn not_a_constant(
    text: &'static [u8],
    t: Tok,
    limit: usize,
    site: CxxSite,
) -> MangleError {
    let kw = keyword_of(text, t);
    if t.kind == BAD && text[t.start] == b'\'' {
        return error_at(
            site,
            text,
            t.start,
            limit,
            "is a character literal; write the character's code as an integer (`'a'` is `97`)",
        );
    }
    if t.kind == IDENT && kw == KW_NONE {
        // `Mode(1)`, `Mode::B`, `B`.
        let mut p = t.end;
        loop {
            let n = next(text, p, limit);
            if n.kind == SCOPE || (n.kind == IDENT && keyword_of(text, n) == KW_NONE) {
                p = n.end;
                continue;
            }
            if n.is(text, b'(') {
                return error_at(
                    site,
                    text,
                    t.start,
                    limit,
                    "is a functional cast; write the enum's value as a C-style cast, `(Mode)1`",
                );
            }
            break;
        }
        return error_at(site, text, t.start, limit, "names a constant whose value ptx-abi cannot see (an enumerator or a `constexpr`); write its value, as `(Mode)1` for an enum");
    }
    error_at(site, text, t.start, limit, "is not a constant ptx-abi can read; write an integer (`32`, `-1`, `0x10`), `true`, `false`, or an enum's value as `(Mode)1`")
}

/// Writes the key of a simple type at `text[r]`: builtin words (`unsigned char`) or one
/// qualified name (`ns::Mode`), with `const`, `volatile` and `enum` ignored: the type of a
/// cast or of a constant template parameter.
pub(super) const fn write_simple_type(
    w: &mut Work,
    text: &'static [u8],
    r: (usize, usize),
    site: CxxSite,
) -> Result<(), MangleError> {
    let mut words = 0u32;
    let mut p = r.0;
    let mut name = false;
    loop {
        let t = next(text, p, r.1);
        if t.kind == END {
            break;
        }
        let kw = keyword_of(text, t);
        if t.kind == IDENT && kw != KW_NONE && kw <= KW_LAST_BUILTIN && !name {
            words = match add_word(words, kw) {
                Ok(v) => v,
                Err(reason) => return Err(error(site, text, t, reason)),
            };
            p = t.end;
        } else if t.kind == IDENT && (kw == KW_CONST || kw == KW_VOLATILE || kw == KW_TAG) {
            p = t.end;
        } else if (t.kind == IDENT && kw == KW_NONE || t.kind == SCOPE) && !name && words == 0 {
            let (end, id) = tri!(path_end(text, t, r.1, site));
            tri!(not_std(text, t, end, site));
            if let Some(key) = typedef(slice(text, id.0, id.1)) {
                if single_component(text, t, end) {
                    tri!(w.write(key.as_bytes()));
                    name = true;
                    p = end;
                    continue;
                }
            }
            tri!(w.write(b"N"));
            tri!(write_path(w, text, t, end));
            tri!(w.write(b"E"));
            name = true;
            p = end;
        } else {
            return Err(error(site, text, t, "is not expected here: write builtin integer words (`unsigned char`) or an enum's name (`ns::Mode`)"));
        }
    }
    if !name {
        match builtin_code(words) {
            Some(code) => tri!(w.write(code.as_bytes())),
            None => return Err(error_at(site, text, r.0, r.1, "is not a C++ type")),
        }
    }
    Ok(())
}

/// The end of the qualified name starting with token `t` (`::`, `a`, `::b`, …) and the
/// range of its last identifier.
const fn path_end(
    text: &'static [u8],
    t: Tok,
    limit: usize,
    site: CxxSite,
) -> Result<(usize, (usize, usize)), MangleError> {
    let mut p = t.start;
    let mut last = (t.start, t.start);
    let mut want_ident = true;
    loop {
        let n = next(text, p, limit);
        if want_ident {
            if n.kind == SCOPE && p == t.start {
                p = n.end;
                continue;
            }
            if n.kind != IDENT || keyword_of(text, n) != KW_NONE {
                return Err(error(
                    site,
                    text,
                    n,
                    "is not a name: after `::` comes an identifier",
                ));
            }
            last = (n.start, n.end);
            p = n.end;
            want_ident = false;
        } else if n.kind == SCOPE {
            p = n.end;
            want_ident = true;
        } else {
            return Ok((p, last));
        }
    }
}

/// Refuses a name in namespace `std` (from token `t`): the ABI abbreviates it (`St`, `Sa`, …),
/// which ptx-abi does not write.
const fn not_std(
    text: &'static [u8],
    t: Tok,
    end: usize,
    site: CxxSite,
) -> Result<(), MangleError> {
    let first = if t.kind == SCOPE {
        next(text, t.end, end)
    } else {
        t
    };
    let after = next(text, first.end, end);
    let id = slice(text, first.start, first.end);
    if after.kind == SCOPE && id.len() == 3 && id[0] == b's' && id[1] == b't' && id[2] == b'd' {
        return Err(error_at(site, text, t.start, end, "is in namespace `std`, whose names the ABI abbreviates (`St`), which ptx-abi does not write; use a type of your own or a builtin"));
    }
    Ok(())
}

/// Whether the name from `t` to `end` is one identifier (with an optional leading `::`).
const fn single_component(text: &[u8], t: Tok, end: usize) -> bool {
    let first = if t.kind == SCOPE {
        next(text, t.end, end)
    } else {
        t
    };
    first.end == end || next(text, first.end, end).kind == END
}

/// Writes the components of the qualified name from token `t` to `end` (`<len><id>` each).
const fn write_path(
    w: &mut Work,
    text: &'static [u8],
    t: Tok,
    end: usize,
) -> Result<(), MangleError> {
    let mut p = t.start;
    loop {
        let n = next(text, p, end);
        if n.kind == END {
            return Ok(());
        }
        if n.kind == IDENT {
            tri!(w.write_source_name(slice(text, n.start, n.end)));
        }
        p = n.end;
    }
}

/// Writes `L <type> [n]<digits> E`, the type being `code` (or already written by the caller
/// when `code` is empty).
pub(super) const fn write_literal_value(
    w: &mut Work,
    neg: bool,
    mag: u128,
) -> Result<(), MangleError> {
    if neg {
        tri!(w.write(b"n"));
    }
    tri!(w.write(Decimal::new(mag).as_bytes()));
    w.write(b"E")
}

/// Whether `(neg, mag)` fits the builtin integer type `code`.
pub(super) const fn fits(code: &[u8], neg: bool, mag: u128) -> bool {
    let (min_mag, max): (u128, u128) = match code {
        b"b" => (0, 1),
        b"c" | b"a" => (128, 127),
        b"h" | b"Du" => (0, 255),
        b"s" => (32768, 32767),
        b"t" | b"Ds" => (0, 65535),
        b"i" | b"w" => (1 << 31, (1 << 31) - 1),
        b"j" | b"Di" => (0, u32::MAX as u128),
        b"l" | b"x" => (1 << 63, (1 << 63) - 1),
        b"m" | b"y" => (0, u64::MAX as u128),
        b"n" => (1 << 127, (1 << 127) - 1),
        b"o" => (0, u128::MAX),
        _ => (0, 0),
    };
    if neg {
        mag <= min_mag
    } else {
        mag <= max
    }
}

/// Writes a constant argument of a class template (`Buf<4u>`), mangled with its own type.
const fn write_literal_arg(
    w: &mut Work,
    text: &'static [u8],
    start: usize,
    limit: usize,
    site: CxxSite,
) -> Result<usize, MangleError> {
    let lit = tri!(parse_literal(text, start, limit, site));
    tri!(w.write(b"L"));
    if lit.kind == LIT_CAST {
        let at = w.plain_len;
        tri!(write_simple_type(w, text, lit.cast, site));
        let b = w.plain[at];
        let builtin = w.plain_len - at <= 2 && b != b'N';
        if builtin && !fits(slice(w.plain, at, w.plain_len), lit.neg, lit.mag) {
            return Err(error_at(
                site,
                text,
                lit.start,
                lit.end,
                "does not fit the type it is cast to",
            ));
        }
    } else {
        tri!(w.write(lit.code.as_bytes()));
    }
    tri!(write_literal_value(w, lit.neg, lit.mag));
    Ok(lit.end)
}

/// State of the type being read at the current nesting level.
struct Spec {
    /// Builtin words so far.
    words: u32,
    /// Qualifiers so far.
    quals: u8,
    /// Whether the type itself was written (a name, a template parameter, a constant).
    named: bool,
    /// Whether it is a constant (no declarator may follow).
    constant: bool,
}

const NEW_SPEC: Spec = Spec {
    words: 0,
    quals: 0,
    named: false,
    constant: false,
};

/// Writes the key of the type spelled by `text[start..limit]`.
pub(super) const fn write_type(
    w: &mut Work,
    text: &'static [u8],
    start: usize,
    limit: usize,
    ctx: &Ctx,
) -> Result<(), MangleError> {
    let site = ctx.site;
    let frames = w.nframes;
    let mut pos = start;
    let mut depth = 0usize;
    let mut in_spec = true;
    let mut at_arg = false;
    let mut s = NEW_SPEC;
    loop {
        let t = next(text, pos, limit);
        if in_spec {
            let arg_start = at_arg;
            at_arg = false;
            if arg_start && starts_literal(text, t) {
                pos = tri!(write_literal_arg(
                    w,
                    text,
                    t.start,
                    limit_of_arg(text, t.start, limit),
                    site
                ));
                s.named = true;
                s.constant = true;
                in_spec = false;
                continue;
            }
            let kw = keyword_of(text, t);
            if t.kind == IDENT && kw != KW_NONE {
                if kw <= KW_LAST_BUILTIN {
                    if s.named {
                        return Err(error(
                            site,
                            text,
                            t,
                            "follows a type's name; a type has one name or builtin words, not both",
                        ));
                    }
                    s.words = match add_word(s.words, kw) {
                        Ok(v) => v,
                        Err(reason) => return Err(error(site, text, t, reason)),
                    };
                } else if kw == KW_CONST || kw == KW_VOLATILE {
                    let q = qual_of(kw);
                    if s.quals & q != 0 {
                        return Err(error(site, text, t, "is repeated"));
                    }
                    s.quals |= q;
                } else if kw == KW_RESTRICT {
                    return Err(error(
                        site,
                        text,
                        t,
                        "qualifies a pointer: write it after the `*` (`float* __restrict__`)",
                    ));
                } else if kw == KW_TAG {
                    // `struct Params` is `Params`.
                } else if kw == KW_TYPENAME {
                    return Err(error(site, text, t, "introduces a dependent type, which ptx-abi does not mangle; write the type itself"));
                } else if kw == KW_AUTO {
                    return Err(error(
                        site,
                        text,
                        t,
                        "is a deduced type; write the type itself",
                    ));
                } else if kw == KW_TRUE || kw == KW_FALSE {
                    return Err(error(
                        site,
                        text,
                        t,
                        "is a constant, but a type is needed here",
                    ));
                } else {
                    return Err(error(site, text, t, "is a C++ keyword, not a type"));
                }
                pos = t.end;
                continue;
            }
            let param_name = ctx.mode == PARAM && depth == 0 && t.kind == IDENT;
            if (t.kind == IDENT || t.kind == SCOPE) && !((s.named || s.words != 0) && param_name) {
                if s.named || s.words != 0 {
                    return Err(error(
                        site,
                        text,
                        t,
                        "names a second type; a declaration has one type",
                    ));
                }
                let (end, opens) = tri!(write_name(w, text, t, limit, ctx, arg_start, &mut s));
                pos = end;
                if opens {
                    // `Name<`: the arguments are read at the next level.
                    tri!(w.push_frame(Frame {
                        kind: 0,
                        a: s.quals as u32,
                        b: 0,
                        c: 0,
                        d: 0,
                    }));
                    depth += 1;
                    at_arg = true;
                    s = NEW_SPEC;
                }
                continue;
            }
            // Anything else ends the specifiers.
            if !s.named {
                if s.words == 0 {
                    return Err(if t.kind == END {
                        error_at(site, text, start, limit, "has no type")
                    } else {
                        error(site, text, t, "is not expected here; a type is needed")
                    });
                }
                match builtin_code(s.words) {
                    Some(code) => tri!(w.write(code.as_bytes())),
                    None => return Err(error_at(site, text, start, t.start, "is not a C++ type")),
                }
            }
            let declarator = t.is(text, b'*') || t.is(text, b'(');
            if s.quals != 0 && !(depth == 0 && ctx.mode == PARAM && !declarator) {
                tri!(write_quals(w, s.quals));
            }
            in_spec = false;
            continue;
        }
        // The declarator.
        if t.is(text, b'*') || t.is(text, b'(') {
            if s.constant {
                return Err(error(
                    site,
                    text,
                    t,
                    "follows a constant; only a type can be a pointer",
                ));
            }
            if t.is(text, b'(') {
                pos = tri!(pointer_to_array(w, text, t, limit, ctx, depth));
                continue;
            }
            tri!(w.write(b"P"));
            let (q, after) = tri!(read_quals(text, t.end, limit, site));
            if q != 0 && !(depth == 0 && ctx.mode == PARAM && at_end(text, after, limit, ctx)) {
                tri!(write_quals(w, q));
            }
            pos = after;
            continue;
        }
        if depth > 0 && t.is(text, b',') {
            s = NEW_SPEC;
            in_spec = true;
            at_arg = true;
            pos = t.end;
            continue;
        }
        if depth > 0 && t.is(text, b'>') {
            tri!(w.write(b"EE"));
            depth -= 1;
            let f = w.pop_frame();
            s = Spec {
                words: 0,
                quals: f.a as u8,
                named: true,
                constant: false,
            };
            in_spec = true;
            pos = t.end;
            continue;
        }
        if t.kind == END {
            if depth > 0 {
                return Err(error_at(
                    site,
                    text,
                    start,
                    limit,
                    "has a `<` that is not closed by `>`",
                ));
            }
            break;
        }
        if depth == 0 && ctx.mode == PARAM && t.kind == IDENT && keyword_of(text, t) == KW_NONE {
            // The parameter's own name (`const T* x`).
            let n = next(text, t.end, limit);
            if n.kind != END {
                return Err(error(
                    site,
                    text,
                    n,
                    "follows the parameter's name; write only the type (and the name, if you like)",
                ));
            }
            pos = t.end;
            continue;
        }
        return Err(declarator_error(text, t, site));
    }
    w.nframes = frames;
    Ok(())
}

/// The end of the template argument that starts at `start` (the next `,` or `>` at its
/// level, or `limit`).
const fn limit_of_arg(text: &[u8], start: usize, limit: usize) -> usize {
    let (mut angle, mut paren) = (0usize, 0usize);
    let mut p = start;
    while p < limit {
        match text[p] {
            b'(' => paren += 1,
            b')' => paren = paren.saturating_sub(1),
            b'<' if paren == 0 => angle += 1,
            b'>' if paren == 0 => {
                if angle == 0 {
                    return p;
                }
                angle -= 1;
            }
            b',' if paren == 0 && angle == 0 => return p,
            _ => {}
        }
        p += 1;
    }
    limit
}

/// Whether only the parameter's name (if anything) follows `pos`: the last `*` is the
/// parameter's own, whose qualifiers are not part of the function's type.
const fn at_end(text: &[u8], pos: usize, limit: usize, ctx: &Ctx) -> bool {
    let n = next(text, pos, limit);
    if n.kind == END {
        return true;
    }
    ctx.mode == PARAM
        && n.kind == IDENT
        && keyword_of(text, n) == KW_NONE
        && next(text, n.end, limit).kind == END
}

const fn declarator_error(text: &'static [u8], t: Tok, site: CxxSite) -> MangleError {
    if t.is(text, b'&') {
        return error(
            site,
            text,
            t,
            "makes a reference, which a kernel cannot take; pass a pointer (`T*`)",
        );
    }
    if t.is(text, b'[') {
        return error(
            site,
            text,
            t,
            "makes an array parameter, which C++ passes as a pointer: write `T*`",
        );
    }
    if t.is(text, b'<') {
        return error(
            site,
            text,
            t,
            "follows something that is not a template's name",
        );
    }
    error(site, text, t, "is not expected in a type; write a type such as `const T*`, `ns::Pair<T, int>*` or `float (*)[4]`")
}

/// Writes the name at token `t` (a template parameter, a typedef of CUDA's, or a class or
/// enum name, `::`-qualified, with `<` when template arguments follow). Returns where it ends
/// and whether it opened a template argument list.
const fn write_name(
    w: &mut Work,
    text: &'static [u8],
    t: Tok,
    limit: usize,
    ctx: &Ctx,
    arg_start: bool,
    s: &mut Spec,
) -> Result<(usize, bool), MangleError> {
    let site = ctx.site;
    let (end, last) = tri!(path_end(text, t, limit, site));
    tri!(not_std(text, t, end, site));
    let after = next(text, end, limit);
    let opens = after.is(text, b'<');
    let single = single_component(text, t, end);
    let id = slice(text, last.0, last.1);
    s.named = true;
    if single && t.kind == IDENT && ctx.resolve {
        if let Some((idx, p)) = tparams::find(ctx.list, text, last) {
            if opens {
                return Err(error_at(
                    site,
                    text,
                    t.start,
                    after.end,
                    "gives arguments to a template parameter, which ptx-abi does not mangle",
                ));
            }
            if p.value {
                if !(arg_start && after.ends_arg(text)) {
                    return Err(error(
                        site,
                        text,
                        t,
                        "is a constant template parameter, not a type",
                    ));
                }
                tri!(w.write(b"X"));
                tri!(write_param_ref(w, idx));
                tri!(w.write(b"E"));
                s.constant = true;
                return Ok((end, false));
            }
            tri!(write_param_ref(w, idx));
            return Ok((end, false));
        }
    }
    if single && !opens {
        if let Some(key) = typedef(id) {
            tri!(w.write(key.as_bytes()));
            return Ok((end, false));
        }
        if is_host_typedef(id) {
            return Err(error(site, text, t, "is a typedef of the host's C library, which NVRTC does not define; write its builtin type (on 64-bit Linux, `int64_t` is `long`, `uint64_t` `unsigned long`, `int32_t` `int`, `uint8_t` `unsigned char`)"));
        }
    }
    if keyword(id) != KW_NONE || is_reserved(id) {
        return Err(error(site, text, t, "is a C++ keyword, not a type"));
    }
    tri!(w.write(b"N"));
    tri!(write_path(w, text, t, end));
    if opens {
        let close = next(text, after.end, limit);
        if close.is(text, b'>') {
            return Err(error_at(site, text, t.start, close.end, "leaves every argument to the template's defaults, which ptx-abi cannot see; write the arguments"));
        }
        tri!(w.write(b"I"));
        return Ok((after.end, true));
    }
    tri!(w.write(b"E"));
    Ok((end, false))
}

/// Writes `T_` (parameter 0), `T0_` (1), `T1_` (2), ….
pub(super) const fn write_param_ref(w: &mut Work, idx: usize) -> Result<(), MangleError> {
    tri!(w.write(b"T"));
    if idx > 0 {
        tri!(w.write_decimal(idx - 1));
    }
    w.write(b"_")
}

/// Writes a pointer to an array, `(*)[4][2]` at token `t` (the `(`): the arrays' ops
/// (innermost first, so the last bracket first), then `P` and the pointer's qualifiers.
const fn pointer_to_array(
    w: &mut Work,
    text: &'static [u8],
    t: Tok,
    limit: usize,
    ctx: &Ctx,
    depth: usize,
) -> Result<usize, MangleError> {
    let site = ctx.site;
    let star = next(text, t.end, limit);
    if !star.is(text, b'*') {
        return Err(error(
            site,
            text,
            star,
            "is not expected after `(`: a pointer to an array is written `T (*)[N]`",
        ));
    }
    let (q, mut p) = tri!(read_quals(text, star.end, limit, site));
    let mut close = next(text, p, limit);
    if ctx.mode == PARAM && depth == 0 && close.kind == IDENT && keyword_of(text, close) == KW_NONE
    {
        close = next(text, close.end, limit);
    }
    if !close.is(text, b')') {
        return Err(error(
            site,
            text,
            close,
            "is not expected here: a pointer to an array is written `T (*)[N]`",
        ));
    }
    p = close.end;
    // The brackets: count them, then write them from the last.
    let first = p;
    let mut n = 0;
    loop {
        let open = next(text, p, limit);
        if !open.is(text, b'[') {
            break;
        }
        let len = next(text, open.end, limit);
        let shut = next(text, len.end, limit);
        if len.kind != NUMBER || !shut.is(text, b']') {
            return Err(error(
                site,
                text,
                open,
                "needs an integer length: `T (*)[4]`",
            ));
        }
        p = shut.end;
        n += 1;
    }
    if n == 0 {
        return Err(error(
            site,
            text,
            t,
            "is not a pointer to an array (`T (*)[4]`); a pointer is `T*`",
        ));
    }
    let mut k = n;
    while k > 0 {
        k -= 1;
        let mut at = first;
        let mut i = 0;
        while i < k {
            at = next(
                text,
                next(text, next(text, at, limit).end, limit).end,
                limit,
            )
            .end;
            i += 1;
        }
        let len = next(text, next(text, at, limit).end, limit);
        let v = tri!(number(text, len, site));
        if v.mag == 0 || v.mag > u32::MAX as u128 {
            return Err(error(site, text, len, "is not an array length"));
        }
        tri!(w.write(b"A"));
        tri!(w.write(Decimal::new(v.mag).as_bytes()));
        tri!(w.write(b"_"));
    }
    tri!(w.write(b"P"));
    if q != 0 && !(depth == 0 && ctx.mode == PARAM && at_end(text, p, limit, ctx)) {
        tri!(write_quals(w, q));
    }
    Ok(p)
}
