//! C++ tokens of the text the mangler reads (template parameter lists, instantiations,
//! declared types), in `const fn`: identifiers, numbers, `::`, `...` and single punctuation.
//! Keywords are told apart by [`keyword`].

use super::error::{CxxSite, MangleError};
use super::key::slice;

/// An identifier or keyword.
pub(super) const IDENT: u8 = 1;
/// A number (digits and letters: `32`, `0x10`, `7u`).
pub(super) const NUMBER: u8 = 2;
/// One byte of punctuation (`<`, `>`, `,`, `*`, `(`, `)`, `[`, `]`, `&`, `-`, `=`).
pub(super) const PUNCT: u8 = 3;
/// `::`.
pub(super) const SCOPE: u8 = 4;
/// `...`.
pub(super) const ELLIPSIS: u8 = 5;
/// The end of the text.
pub(super) const END: u8 = 6;
/// Anything else (a character literal, a string, a non-ASCII character).
pub(super) const BAD: u8 = 7;

/// A token: its kind and where it is.
#[derive(Clone, Copy)]
pub(super) struct Tok {
    pub kind: u8,
    pub start: usize,
    pub end: usize,
}

impl Tok {
    /// Whether the token is the punctuation `c`.
    pub const fn is(&self, text: &[u8], c: u8) -> bool {
        self.kind == PUNCT && text[self.start] == c
    }

    /// Whether the token ends a type or an argument: `,`, `>`, or the end.
    pub const fn ends_arg(&self, text: &[u8]) -> bool {
        self.kind == END || self.is(text, b',') || self.is(text, b'>')
    }
}

const fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The first position at or after `pos` that is not white space (at most `limit`).
pub(super) const fn skip_space(text: &[u8], mut pos: usize, limit: usize) -> usize {
    while pos < limit && text[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

/// The token at `pos` (after white space), reading no further than `limit`.
pub(super) const fn next(text: &[u8], pos: usize, limit: usize) -> Tok {
    let s = skip_space(text, pos, limit);
    if s >= limit {
        return Tok {
            kind: END,
            start: limit,
            end: limit,
        };
    }
    let c = text[s];
    let mut e = s + 1;
    let kind = if c.is_ascii_alphabetic() || c == b'_' {
        while e < limit && is_ident_byte(text[e]) {
            e += 1;
        }
        IDENT
    } else if c.is_ascii_digit() {
        while e < limit && is_ident_byte(text[e]) {
            e += 1;
        }
        NUMBER
    } else if c == b':' && e < limit && text[e] == b':' {
        e += 1;
        SCOPE
    } else if c == b'.' && e + 1 < limit && text[e] == b'.' && text[e + 1] == b'.' {
        e += 2;
        ELLIPSIS
    } else if matches!(
        c,
        b'<' | b'>' | b',' | b'*' | b'(' | b')' | b'[' | b']' | b'&' | b'-' | b'='
    ) {
        PUNCT
    } else {
        BAD
    };
    Tok {
        kind,
        start: s,
        end: e,
    }
}

/// `text[start..end]` as a `str` (the text is ASCII where this is called; `"…"` otherwise).
pub(super) const fn text_of(text: &'static [u8], start: usize, end: usize) -> &'static str {
    match core::str::from_utf8(slice(text, start, end)) {
        Ok(s) => s,
        Err(_) => "…",
    }
}

/// `text[start..end]` without the white space around it.
pub(super) const fn trimmed(text: &'static [u8], start: usize, end: usize) -> &'static str {
    let mut s = start;
    let mut e = end;
    while s < e && text[s].is_ascii_whitespace() {
        s += 1;
    }
    while e > s && text[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    text_of(text, s, e)
}

/// A [`MangleError::Spelling`] quoting `text[start..end]`.
pub(super) const fn error_at(
    site: CxxSite,
    text: &'static [u8],
    start: usize,
    end: usize,
    reason: &'static str,
) -> MangleError {
    MangleError::Spelling {
        site,
        token: trimmed(text, start, end),
        reason,
    }
}

/// A [`MangleError::Spelling`] quoting token `t`.
pub(super) const fn error(
    site: CxxSite,
    text: &'static [u8],
    t: Tok,
    reason: &'static str,
) -> MangleError {
    if t.kind == END {
        return MangleError::Spelling {
            site,
            token: "",
            reason,
        };
    }
    error_at(site, text, t.start, t.end, reason)
}

/// Not a keyword (an identifier that names something).
pub(super) const KW_NONE: u8 = 0;
pub(super) const KW_VOID: u8 = 1;
pub(super) const KW_BOOL: u8 = 2;
pub(super) const KW_CHAR: u8 = 3;
pub(super) const KW_WCHAR: u8 = 4;
pub(super) const KW_CHAR8: u8 = 5;
pub(super) const KW_CHAR16: u8 = 6;
pub(super) const KW_CHAR32: u8 = 7;
pub(super) const KW_SHORT: u8 = 8;
pub(super) const KW_INT: u8 = 9;
pub(super) const KW_LONG: u8 = 10;
pub(super) const KW_SIGNED: u8 = 11;
pub(super) const KW_UNSIGNED: u8 = 12;
pub(super) const KW_FLOAT: u8 = 13;
pub(super) const KW_DOUBLE: u8 = 14;
pub(super) const KW_INT128: u8 = 15;
/// The last keyword that is a word of a builtin type.
pub(super) const KW_LAST_BUILTIN: u8 = KW_INT128;
pub(super) const KW_CONST: u8 = 16;
pub(super) const KW_VOLATILE: u8 = 17;
pub(super) const KW_RESTRICT: u8 = 18;
pub(super) const KW_TYPENAME: u8 = 19;
/// `class`, `struct`, `union`, `enum`: an elaborated type specifier.
pub(super) const KW_TAG: u8 = 20;
pub(super) const KW_TRUE: u8 = 21;
pub(super) const KW_FALSE: u8 = 22;
pub(super) const KW_TEMPLATE: u8 = 23;
/// `auto`, `decltype`: a deduced type.
pub(super) const KW_AUTO: u8 = 24;

const KEYWORDS: &[(&str, u8)] = &[
    ("void", KW_VOID),
    ("bool", KW_BOOL),
    ("char", KW_CHAR),
    ("wchar_t", KW_WCHAR),
    ("char8_t", KW_CHAR8),
    ("char16_t", KW_CHAR16),
    ("char32_t", KW_CHAR32),
    ("short", KW_SHORT),
    ("int", KW_INT),
    ("long", KW_LONG),
    ("signed", KW_SIGNED),
    ("__signed__", KW_SIGNED),
    ("unsigned", KW_UNSIGNED),
    ("float", KW_FLOAT),
    ("double", KW_DOUBLE),
    ("__int128", KW_INT128),
    ("const", KW_CONST),
    ("volatile", KW_VOLATILE),
    ("__restrict__", KW_RESTRICT),
    ("__restrict", KW_RESTRICT),
    ("typename", KW_TYPENAME),
    ("class", KW_TAG),
    ("struct", KW_TAG),
    ("union", KW_TAG),
    ("enum", KW_TAG),
    ("true", KW_TRUE),
    ("false", KW_FALSE),
    ("template", KW_TEMPLATE),
    ("auto", KW_AUTO),
    ("decltype", KW_AUTO),
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

/// Whether `text[a]` and `text[b]` (two ranges) are the same bytes.
pub(super) const fn same_range(text: &[u8], a: (usize, usize), b: (usize, usize)) -> bool {
    same(slice(text, a.0, a.1), slice(text, b.0, b.1))
}

/// What the identifier `id` is among the keywords a type spelling uses: one of the `KW_*`
/// constants, `KW_NONE` for any other identifier (see [`is_reserved`] for the rest of C++'s
/// keywords).
pub(super) const fn keyword(id: &[u8]) -> u8 {
    // Every keyword is lowercase or starts with `_`, and most identifiers are not keywords:
    // reject them before any comparison (`const` evaluation makes each call costly).
    if id.is_empty() || !(id[0].is_ascii_lowercase() || id[0] == b'_') {
        return KW_NONE;
    }
    let mut i = 0;
    while i < KEYWORDS.len() {
        let k = KEYWORDS[i].0.as_bytes();
        if k.len() == id.len() && k[0] == id[0] && same(k, id) {
            return KEYWORDS[i].1;
        }
        i += 1;
    }
    KW_NONE
}

/// Whether `id` is a C or C++ keyword, which cannot name a type or a parameter. Asked only of
/// identifiers about to be written as names: the list is long, and `const` evaluation slow.
pub(super) const fn is_reserved(id: &[u8]) -> bool {
    match core::str::from_utf8(id) {
        Ok(s) => crate::layout::c_spelling::is_keyword(s),
        Err(_) => false,
    }
}

/// The keyword kind of token `t` (`KW_NONE` for a non-identifier or a plain name).
pub(super) const fn keyword_of(text: &[u8], t: Tok) -> u8 {
    if t.kind != IDENT {
        return KW_NONE;
    }
    keyword(slice(text, t.start, t.end))
}

/// Where the count of `long`s is kept in a set of builtin words.
const LONG_SHIFT: u32 = 28;

/// Adds builtin word `kw` to the set `words` (one bit per word, `long` counted), or says why
/// it cannot be added.
pub(super) const fn add_word(words: u32, kw: u8) -> Result<u32, &'static str> {
    if kw == KW_LONG {
        let longs = (words >> LONG_SHIFT) & 3;
        if longs == 2 {
            return Err("is one `long` too many: `long long` is the longest integer type");
        }
        return Ok(words + (1 << LONG_SHIFT));
    }
    if words & (1 << kw) != 0 {
        return Err("is repeated; write each word of a builtin type once");
    }
    Ok(words | (1 << kw))
}

const fn has(bits: u32, kw: u8) -> bool {
    bits & (1 << kw) != 0
}

/// Whether `kw` is the only word in `bits`, but for a sign where `sign_ok`.
const fn alone(bits: u32, kw: u8, sign_ok: bool) -> bool {
    let signs = (1 << KW_SIGNED) | (1 << KW_UNSIGNED);
    let mut others = bits & !(1 << kw);
    if sign_ok {
        others &= !signs;
    }
    others == 0
}

/// The Itanium code of the builtin type spelled by the set `words` (`unsigned long long` is
/// `y`), or `None` when the words are not a C++ type (`unsigned float`). `long` is 64-bit
/// (`l`, `m`), as on the LP64 hosts CUDA supports.
pub(super) const fn builtin_code(words: u32) -> Option<&'static str> {
    let longs = (words >> LONG_SHIFT) & 3;
    let bits = words & !(3 << LONG_SHIFT);
    let sign = has(bits, KW_SIGNED);
    let uns = has(bits, KW_UNSIGNED);
    if sign && uns {
        return None;
    }
    // Words that stand alone (`long double` is the one with a `long`).
    let single: [(u8, &str); 6] = [
        (KW_VOID, "v"),
        (KW_BOOL, "b"),
        (KW_WCHAR, "w"),
        (KW_CHAR8, "Du"),
        (KW_CHAR16, "Ds"),
        (KW_CHAR32, "Di"),
    ];
    let mut k = 0;
    while k < single.len() {
        if has(bits, single[k].0) {
            return if alone(bits, single[k].0, false) && longs == 0 {
                Some(single[k].1)
            } else {
                None
            };
        }
        k += 1;
    }
    if has(bits, KW_FLOAT) {
        return if alone(bits, KW_FLOAT, false) && longs == 0 {
            Some("f")
        } else {
            None
        };
    }
    if has(bits, KW_DOUBLE) {
        return match (alone(bits, KW_DOUBLE, false), longs) {
            (true, 0) => Some("d"),
            (true, 1) => Some("e"),
            _ => None,
        };
    }
    if has(bits, KW_CHAR) {
        return match (alone(bits, KW_CHAR, true) && longs == 0, sign, uns) {
            (false, _, _) => None,
            (true, true, _) => Some("a"),
            (true, _, true) => Some("h"),
            _ => Some("c"),
        };
    }
    if has(bits, KW_INT128) {
        return match (alone(bits, KW_INT128, true) && longs == 0, uns) {
            (false, _) => None,
            (true, true) => Some("o"),
            (true, false) => Some("n"),
        };
    }
    // What is left: `int`, `short`, `long`, `signed`, `unsigned`.
    let short = has(bits, KW_SHORT);
    let int_words = (1 << KW_INT) | (1 << KW_SHORT) | (1 << KW_SIGNED) | (1 << KW_UNSIGNED);
    if bits & !int_words != 0 || (bits == 0 && longs == 0) || (short && longs != 0) {
        return None;
    }
    Some(match (short, longs, uns) {
        (true, _, false) => "s",
        (true, _, true) => "t",
        (false, 1, false) => "l",
        (false, 1, true) => "m",
        (false, 2, false) => "x",
        (false, 2, true) => "y",
        (false, _, false) => "i",
        (false, _, true) => "j",
    })
}
