//! The lexical layer of the PTX reader ([`super::read`], §2.3 as written in PTX): comments
//! removed, the module split into top-level statements, parentheses matched.
//!
//! Every pass here is linear in the length of the text, whatever the text is: each byte is
//! looked at a bounded number of times, and nothing rescans what it has already passed (a
//! statement's blankness and whether it holds an `=` are remembered, not searched for again).
//! The syntax is ASCII, so the text is walked byte by byte; a byte below 0x80 is always a
//! whole character in UTF-8, so every slice taken at one is a valid `&str`.
//!
//! PTX separates tokens with any whitespace, so line endings may be `\n`, `\r\n` or a lone
//! `\r`, and a whole module may sit on one line (ptxas 12.9 assembles
//! `.version 8.8 .target sm_90 .address_size 64 .visible .entry k() { ret; }`). A `//` comment
//! ends at a `\n` only, as ptxas reads it: in a text whose lines end in a lone `\r`, everything
//! after the first `//` is a comment (ptxas 12.9 rejects NVRTC's output with its line breaks
//! turned into `\r`: "Missing .version directive", the whole text being the header comment).
//! `Module::with_lone_cr_line_breaks` reads such a text the other way, only to explain that.
//! A UTF-8 byte-order mark at the start is skipped.

use alloc::string::String;
use alloc::vec::Vec;

/// One top-level statement of a module, with whitespace normalised to single spaces and
/// without its `;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The statement: `.visible .global .align 4 .b8 x[4] = {1, 2}`.
    pub text: String,
    /// Whether it was followed by a `{ … }` block (a function definition), which is skipped.
    pub body: bool,
}

/// Module directives that end at the end of their line (or, on a module written on one line,
/// where the next directive begins) rather than at a `;`.
const LINE_DIRECTIVES: &[&str] = &[".version", ".target", ".address_size", ".file"];

/// The UTF-8 byte-order mark some editors put first; not part of PTX.
const BOM: char = '\u{feff}';

/// A module with its comments removed (and a leading byte-order mark skipped), ready to be
/// split into statements with [`Module::statements`].
pub(super) struct Module {
    text: String,
}

impl Module {
    /// Removes `//` and `/* */` comments (outside string literals) from `ptx`, keeping the
    /// `\n` that ends a `//` comment; a `/* */` comment becomes one space.
    pub(super) fn new(ptx: &str) -> Module {
        Module::strip(ptx, false)
    }

    /// [`Module::new`], except that a lone `\r` also ends a `//` comment (which ptxas does not
    /// do): how the author of a text with `\r` line breaks meant it.
    pub(super) fn with_lone_cr_line_breaks(ptx: &str) -> Module {
        Module::strip(ptx, true)
    }

    fn strip(ptx: &str, cr_ends_comments: bool) -> Module {
        let ptx = ptx.strip_prefix(BOM).unwrap_or(ptx);
        let b = ptx.as_bytes();
        let mut text = String::with_capacity(ptx.len());
        let mut copied = 0;
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'"' => i = skip_string(b, i),
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    text.push_str(&ptx[copied..i]);
                    i = line_end(b, i + 2, cr_ends_comments);
                    copied = i;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    text.push_str(&ptx[copied..i]);
                    text.push(' ');
                    i = match ptx[i + 2..].find("*/") {
                        Some(n) => i + 2 + n + 2,
                        None => b.len(),
                    };
                    copied = i;
                }
                _ => i += 1,
            }
        }
        text.push_str(&ptx[copied..]);
        Module { text }
    }

    /// The top-level statements, in order, each a slice of the comment-free text with its
    /// whitespace as written. Blank statements are left out.
    pub(super) fn statements(&self) -> RawStatements<'_> {
        RawStatements {
            text: &self.text,
            pos: 0,
        }
    }
}

/// A top-level statement as written (whitespace not yet normalised), without its `;`.
#[derive(Clone, Copy, Debug)]
pub(super) struct RawStatement<'a> {
    /// The statement's text.
    pub text: &'a str,
    /// Whether a `{ … }` block (a function body) followed it.
    pub body: bool,
}

impl RawStatement<'_> {
    /// The text with whitespace normalised to single spaces.
    pub(super) fn normalised(&self) -> String {
        normalise(self.text)
    }
}

/// The iterator of [`Module::statements`].
pub(super) struct RawStatements<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for RawStatements<'a> {
    type Item = RawStatement<'a>;

    fn next(&mut self) -> Option<RawStatement<'a>> {
        let t = self.text;
        let b = t.as_bytes();
        'statement: while self.pos < b.len() {
            let start = self.pos;
            // Whether the statement so far is all whitespace, and whether it holds an `=`
            // (then a `{` opens an initializer, not a body).
            let mut blank = true;
            let mut initializer = false;
            let mut i = start;
            while i < b.len() {
                match b[i] {
                    b';' => {
                        self.pos = i + 1;
                        if blank {
                            continue 'statement;
                        }
                        return Some(RawStatement {
                            text: &t[start..i],
                            body: false,
                        });
                    }
                    b'.' if blank && is_line_directive(b, i) => {
                        let end = line_directive_end(b, i);
                        self.pos = end;
                        return Some(RawStatement {
                            text: &t[i..end],
                            body: false,
                        });
                    }
                    b'"' => {
                        blank = false;
                        i = skip_string(b, i);
                        continue;
                    }
                    b'{' => {
                        let end = skip_block(b, i);
                        if initializer {
                            i = end;
                            continue;
                        }
                        self.pos = end;
                        if blank {
                            continue 'statement;
                        }
                        return Some(RawStatement {
                            text: &t[start..i],
                            body: true,
                        });
                    }
                    b'=' => {
                        blank = false;
                        initializer = true;
                    }
                    c if c.is_ascii_whitespace() => {}
                    _ => blank = false,
                }
                i += 1;
            }
            self.pos = b.len();
            if !blank {
                return Some(RawStatement {
                    text: &t[start..],
                    body: false,
                });
            }
        }
        None
    }
}

/// Whether one of [`LINE_DIRECTIVES`], followed by whitespace, starts at `at`.
fn is_line_directive(b: &[u8], at: usize) -> bool {
    LINE_DIRECTIVES.iter().any(|d| {
        b.get(at..)
            .is_some_and(|rest| rest.starts_with(d.as_bytes()))
            && b.get(at + d.len()).is_some_and(u8::is_ascii_whitespace)
    })
}

/// Where the line directive at `at` ends: at the end of its line, at a `;`, or before the next
/// directive (a `.` after whitespace) when the module continues on the same line.
fn line_directive_end(b: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while i < b.len() {
        match b[i] {
            b'\n' | b'\r' | b';' => return i,
            b'.' if b[i - 1].is_ascii_whitespace() => return i,
            b'"' => {
                i = skip_string(b, i);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The index just past the string literal opening at `open` (or the end of the text).
fn skip_string(b: &[u8], open: usize) -> usize {
    let from = open + 1;
    match b
        .get(from..)
        .and_then(|r| r.iter().position(|&c| c == b'"'))
    {
        Some(n) => from + n + 1,
        None => b.len(),
    }
}

/// The index of the `\n` (or, with `cr`, also `\r`) ending the line `from` is on (or the end
/// of the text).
fn line_end(b: &[u8], from: usize, cr: bool) -> usize {
    match b
        .get(from..)
        .and_then(|r| r.iter().position(|&c| c == b'\n' || (cr && c == b'\r')))
    {
        Some(n) => from + n,
        None => b.len(),
    }
}

/// The index just past the `}` matching the `{` at `open` (or the end of the text, for a
/// block left open); braces inside string literals do not count.
fn skip_block(b: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'"' => in_string = !in_string,
            b'{' if !in_string => depth += 1,
            b'}' if !in_string => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// `s` with every run of whitespace replaced by one space, and none at either end.
pub(super) fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_ascii_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Splits the module into top-level statements. A `{` after an `=` opens an initializer (kept in
/// the statement); any other `{` at the top level opens a function body (or a debug `.section`),
/// which ends the statement and is skipped up to its matching `}`. `.version`, `.target`,
/// `.address_size` and `.file` end at the end of their line (`\n`, `\r\n` or `\r`), or where
/// the next directive starts on a module written on one line. Linear in the length of `ptx`.
pub fn statements(ptx: &str) -> Vec<Statement> {
    Module::new(ptx)
        .statements()
        .map(|s| Statement {
            text: s.normalised(),
            body: s.body,
        })
        .filter(|s| !s.text.is_empty())
        .collect()
}

/// Splits `s` at `sep` where no parenthesis, bracket or brace is open (how PTX separates
/// parameters and initializer elements).
pub fn split_top_level(s: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    // At most one step per character, so it cannot overflow.
    let mut depth = 0isize;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ if c == sep && depth == 0 => {
                parts.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// Index of the `)` matching the `(` at byte `open`; `None` when there is none, or no `(` at
/// `open`.
pub fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let rest = s
        .as_bytes()
        .get(open..)
        .filter(|r| r.first() == Some(&b'('))?;
    // At most one step per byte, so it cannot overflow.
    let mut depth = 0isize;
    for (i, &c) in rest.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether the directive `.entry` or `.func` occurs in `s` (as a word, or a piece of one such
/// as `.visible.entry`, see [`directive_pieces`]): whether `s` can be a function header at all.
pub(super) fn has_function_directive(s: &str) -> bool {
    s.split_ascii_whitespace()
        .any(|w| directive_pieces(w).any(|p| p == ".entry" || p == ".func"))
}

/// A word split where ptxas splits it: a directive is a `.` and what follows up to the next
/// `.`, so `.ptr.global.align` is three directives (`.ptr`, `.global`, `.align`, which the
/// PTX ISA's `.ptr` section writes so) and `.visible.entry` two. A word that does not start
/// with a `.` (a name, a number) is left whole.
pub(super) fn directive_pieces(word: &str) -> impl Iterator<Item = &str> {
    let directive = word.starts_with('.');
    let mut rest = word;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = match directive {
            true => rest[1..].find('.').map_or(rest.len(), |i| i + 1),
            false => rest.len(),
        };
        let (piece, tail) = rest.split_at(end);
        rest = tail;
        Some(piece)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(ptx: &str) -> Vec<String> {
        statements(ptx).into_iter().map(|s| s.text).collect()
    }

    #[test]
    fn line_directives_end_at_any_line_break_or_the_next_directive() {
        let want = [
            ".version 8.8",
            ".target sm_90",
            ".address_size 64",
            ".visible .entry k()",
        ];
        for ptx in [
            ".version 8.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n",
            ".version 8.8\r\n.target sm_90\r\n.address_size 64\r\n.visible .entry k()\r\n{ret;}",
            ".version 8.8\r.target sm_90\r.address_size 64\r.visible .entry k()\r{\rret;\r}\r",
            ".version 8.8 .target sm_90 .address_size 64 .visible .entry k() { ret; }",
            "\u{feff}.version 8.8\n.target sm_90 // c\r\n.address_size 64\n.visible .entry k(){}",
        ] {
            assert_eq!(texts(ptx), want, "{ptx:?}");
        }
        // A `//` comment runs up to a `\n`, past a lone `\r`, as in ptxas.
        let ptx = ".version 8.8\r// c\r.target sm_90\n.address_size 64";
        assert_eq!(texts(ptx), [".version 8.8", ".address_size 64"]);
        let module = Module::with_lone_cr_line_breaks(ptx);
        let lone_cr: Vec<String> = module.statements().map(|s| s.normalised()).collect();
        assert_eq!(
            lone_cr,
            [".version 8.8", ".target sm_90", ".address_size 64"]
        );
        // A `.file` name holding a dot and a space-dot stays whole.
        assert_eq!(
            texts(".file 1 \"/a b/.c.cu\", 1, 2\n.version 8.8"),
            [".file 1 \"/a b/.c.cu\", 1, 2", ".version 8.8"]
        );
    }

    #[test]
    fn unterminated_constructs_end_at_the_end_of_the_text() {
        assert_eq!(texts(".entry k() { {"), [".entry k()"]);
        assert_eq!(texts("a \"b; c"), ["a \"b; c"]);
        assert_eq!(texts("a /* b; c"), ["a"]);
        assert_eq!(texts("a = { b; c"), ["a = { b; c"]);
        assert_eq!(texts("} } ;; ; x"), ["} }", "x"]);
        assert_eq!(matching_paren("((", 0), None);
        assert_eq!(matching_paren("()", 7), None);
        assert_eq!(matching_paren("é()", 1), None);
        assert_eq!(matching_paren("é()", 2), Some(3));
        assert_eq!(matching_paren("a()", 0), None);
    }

    #[test]
    fn function_directives_are_whole_words() {
        assert!(has_function_directive(".visible .entry k()"));
        assert!(has_function_directive(".func\tf"));
        assert!(has_function_directive(".func"));
        assert!(!has_function_directive(".visible .entryx k()"));
        assert!(!has_function_directive("x.func f"));
        assert!(!has_function_directive(".global .u32 entry"));
        // Directives without spaces between them, as ptxas reads them.
        assert!(has_function_directive(".visible.entry k()"));
        assert!(has_function_directive(".weak.func f"));
        assert!(!has_function_directive(".visible.entryx k()"));
        let pieces: Vec<&str> = directive_pieces(".ptr.global.align").collect();
        assert_eq!(pieces, [".ptr", ".global", ".align"]);
        let pieces: Vec<&str> = directive_pieces("k_param_0[16]").collect();
        assert_eq!(pieces, ["k_param_0[16]"]);
        assert_eq!(directive_pieces("..").collect::<Vec<_>>(), [".", "."]);
    }
}
