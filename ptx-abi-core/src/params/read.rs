//! §2.3 as written in PTX: reading the `.entry` and `.func` headers of a module (parameter
//! and return-value declarations) — the one PTX signature reader of ptx-abi, used by
//! [`super::check_signature`] and by the NVRTC oracle. Pure functions over the text; they
//! understand what NVRTC 12.9 emits (the unit tests quote real NVRTC output) plus the other
//! spellings the PTX ISA allows for the same things.
//!
//! Function bodies are skipped, never parsed: only declarations at the top level of the module
//! are read. The lexical layer ([`super::lex`]: `statements`, `split_top_level`,
//! `matching_paren`), [`type_size`] and [`super::text::is_identifier`] are public so that
//! readers of the module's other declarations (the oracle's reader of `.global` initializers)
//! split the text the same way.
//!
//! Whatever the text, reading takes time linear in its length (`params/lex.rs` says how) and
//! ends in an answer or an error naming what cannot be read: sizes are computed with checked
//! arithmetic (a declaration of 4 GiB or more is an error, never a wrapped size), lines may end
//! in `\n`, `\r\n` or `\r` or the module may be one line, and a byte-order mark is skipped.
//!
//! # Parameters as NVRTC prints them
//!
//! ```text
//! .visible .entry k(.param .u8 k_param_0, …, .param .u64 k_param_6, .param .align 8 .b8 k_param_7[16])
//! .visible .func (.param .align 8 .b8 func_retval0[16]) dfs(.param .b32 dfs_param_0, …)
//! .extern .func (.param .align 8 .b8 func_retval0[16]) ext_fn(.param .b32 ext_fn_param_0);
//! ```
//!
//! NVRTC 12.9 writes pointer kernel parameters as plain `.param .u64` for compute_90 (also with
//! `-G`, and for `const T* __restrict__`), but as `.param .u64 .ptr .align 1 kp_param_0` for
//! compute_100. The PTX ISA's `.ptr [.space] [.align N]` attributes are parsed into
//! [`Param::ptr`] when present; [`Param::ty`] is the `.u64` either way.

use super::lex::{directive_pieces, has_function_directive, normalise, Module};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

// ---------------------------------------------------------------------------------------------
// Lexical layer: comments, top-level statements (params/lex.rs)
// ---------------------------------------------------------------------------------------------

use super::lex::{matching_paren, split_top_level};

/// At most this many bytes of a statement are quoted in an error message; a longer one is cut
/// at a character boundary and ends in `…`.
const QUOTE_LIMIT: usize = 200;

/// `s` for quoting in an error message: whole, or its first [`QUOTE_LIMIT`] bytes and `…`.
fn excerpt(s: &str) -> String {
    if s.len() <= QUOTE_LIMIT {
        return s.to_string();
    }
    let mut end = QUOTE_LIMIT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

// ---------------------------------------------------------------------------------------------
// Numbers and types
// ---------------------------------------------------------------------------------------------

/// Size in bytes of a fundamental PTX type such as `.b8`, `.u64`, `.f32`; `None` for anything
/// else (`.pred`, `.texref`, …).
pub fn type_size(ty: &str) -> Option<usize> {
    Some(match ty {
        ".b8" | ".u8" | ".s8" => 1,
        ".b16" | ".u16" | ".s16" | ".f16" | ".bf16" => 2,
        ".b32" | ".u32" | ".s32" | ".f32" | ".f16x2" | ".bf16x2" => 4,
        ".b64" | ".u64" | ".s64" | ".f64" => 8,
        ".b128" => 16,
        _ => return None,
    })
}

use super::text::is_identifier;

// ---------------------------------------------------------------------------------------------
// Signatures
// ---------------------------------------------------------------------------------------------

/// `.entry` (a kernel) or `.func` (a device function).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FnKind {
    /// `.entry`: a kernel.
    Entry,
    /// `.func`: a device function.
    Func,
}

/// How a parameter is declared (§2.3: scalars, or byte arrays for aggregates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeclaredType {
    /// A scalar type as written: `.u8`, `.u32`, `.b32`, `.b64`, `.f32`, `.f64`, …
    Scalar(String),
    /// A byte array `.align A .b8 name[SIZE]` (aggregates). Arrays of wider elements are given
    /// in bytes too; an array without `.align` gets its element size.
    Bytes {
        /// The `.align`.
        align: u32,
        /// Size in bytes.
        size: u32,
    },
}

/// The `.ptr` attributes of a pointer kernel parameter: `.ptr [.space] [.align N]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtrAttrs {
    /// `.global`, `.const`, `.local` or `.shared`; `None` for a generic pointer.
    pub space: Option<String>,
    /// The pointee's `.align`, when given.
    pub align: Option<u32>,
}

/// One parameter (or the return value) of a function or kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The declaration exactly as written, whitespace normalised to single spaces, without the
    /// separating comma: `.param .align 8 .b8 k_param_0[24]`.
    pub text: String,
    /// `.param` (or `.reg`, which the ISA allows for `.func` parameters).
    pub space: String,
    /// The parameter's name: `k_param_0`, `func_retval0`.
    pub name: String,
    /// Its type.
    pub ty: DeclaredType,
    /// The `.ptr` attributes of a pointer kernel parameter, when written.
    pub ptr: Option<PtrAttrs>,
}

impl Param {
    /// Reads one declaration: `.param .u32 k_param_0`, `.param .align 8 .b8 k_param_1[24]`,
    /// `.param .u64 .ptr .global .align 16 q`; `Err` says what cannot be read.
    ///
    /// As in ptxas, the directives may be written without spaces between them
    /// (`.param .u64 .ptr.global.align 16 q`, which the PTX ISA's `.ptr` section shows, and
    /// `.param.u32 n`). What ptxas refuses to parse is an error here too: two types, `.ptr`
    /// twice or before the type, a state space after the `.ptr`'s `.align`, and an `.align`
    /// that is not a power of two (ptxas 12.9: "Alignment must be a power of two").
    pub fn parse(text: &str) -> Result<Param, String> {
        let text = normalise(text);
        let err = |m: &str| format!("cannot read parameter `{}`: {m}", excerpt(&text));
        let tokens: Vec<&str> = text.split(' ').flat_map(directive_pieces).collect();
        let (&space, rest) = tokens.split_first().ok_or_else(|| err("empty"))?;
        if space != ".param" && space != ".reg" {
            return Err(err("not a .param or .reg declaration"));
        }
        let mut align = None;
        let mut ty = None;
        let mut ptr: Option<PtrAttrs> = None;
        let mut name_part = None;
        let mut it = rest.iter().peekable();
        while let Some(&t) = it.next() {
            match t {
                ".align" => {
                    let n = it
                        .next()
                        .and_then(|n| n.parse::<u32>().ok())
                        .ok_or_else(|| err("bad .align"))?;
                    if !n.is_power_of_two() {
                        return Err(err(&format!(
                            "`.align {n}` is not a power of two, which ptxas requires"
                        )));
                    }
                    match ptr.as_mut() {
                        Some(PtrAttrs { align: Some(_), .. }) => {
                            return Err(err("two `.align`s after `.ptr`"))
                        }
                        Some(p) => p.align = Some(n),
                        None => align = Some(n),
                    }
                }
                ".ptr" if ptr.is_some() => return Err(err("`.ptr` twice")),
                ".ptr" if ty.is_none() => return Err(err("`.ptr` before the type")),
                ".ptr" => {
                    ptr = Some(PtrAttrs {
                        space: None,
                        align: None,
                    })
                }
                ".global" | ".const" | ".local" | ".shared" if ptr.is_some() => {
                    let p = ptr.as_mut().expect("checked");
                    if p.space.is_some() || p.align.is_some() {
                        return Err(err(&format!(
                            "`{t}` after `.ptr`'s state space or `.align` (write `.ptr \
                             .space .align N`)"
                        )));
                    }
                    p.space = Some(t.to_string());
                }
                _ if type_size(t).is_some() || t == ".pred" => {
                    if ty.is_some() {
                        return Err(err("two types"));
                    }
                    ty = Some(t)
                }
                _ if t.starts_with('.') => return Err(err(&format!("unknown directive {t}"))),
                _ => {
                    if it.peek().is_some() {
                        return Err(err("trailing tokens after the name"));
                    }
                    name_part = Some(t);
                }
            }
        }
        let ty = ty.ok_or_else(|| err("no type"))?;
        let name_part = name_part.ok_or_else(|| err("no name"))?;
        let (name, ty) = match name_part.find('[') {
            None => (name_part, DeclaredType::Scalar(ty.to_string())),
            Some(i) => {
                let elem = type_size(ty).ok_or_else(|| err("array of a non-data type"))?;
                let size = array_size(&name_part[i..], elem).map_err(|m| err(&m))?;
                (
                    &name_part[..i],
                    DeclaredType::Bytes {
                        align: align.unwrap_or(elem as u32),
                        size,
                    },
                )
            }
        };
        if !is_identifier(name) {
            return Err(err(&format!("`{}` is not a PTX identifier", excerpt(name))));
        }
        Ok(Param {
            text: text.clone(),
            space: space.to_string(),
            name: name.to_string(),
            ty,
            ptr,
        })
    }
}

/// The size in bytes of an array of `elem`-byte elements with the dimensions `dims`
/// (`[3]`, `[2][4]`), computed with checked arithmetic: a size of 4 GiB or more (beyond any
/// parameter space, and beyond [`DeclaredType::Bytes`]'s `u32`) is an error, never a wrapped
/// number.
fn array_size(dims: &str, elem: usize) -> Result<u32, String> {
    // Saturates: once past `u32::MAX` the exact number no longer matters.
    let mut size = elem as u64;
    for d in dims.split(']').filter(|d| !d.is_empty()) {
        let d = d.strip_prefix('[').ok_or("bad dimensions")?.trim_ascii();
        if d.is_empty() || !d.bytes().all(|c| c.is_ascii_digit()) {
            return Err(format!("bad dimension `[{}]`", excerpt(d)));
        }
        // All digits: a number too large for `u64` is simply too large.
        let n = d.parse::<u64>().unwrap_or(u64::MAX);
        size = size.saturating_mul(n);
    }
    u32::try_from(size).map_err(|_| {
        let size = match size {
            u64::MAX => "more than 2^64".to_string(),
            n => n.to_string(),
        };
        format!(
            "the array takes {size} bytes, 4 GiB or more: larger than any parameter (the \
             driver accepts at most 32,764 bytes of kernel parameters); check its dimensions"
        )
    })
}

/// A kernel or function declared or defined in the module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// Kernel or device function.
    pub kind: FnKind,
    /// `.visible`, `.extern` or `.weak`; `None` for a module-local function.
    pub linkage: Option<String>,
    /// The function's name.
    pub name: String,
    /// `func_retval0` for a `.func` that returns something.
    pub ret: Option<Param>,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// Whether the module holds its body (not just a prototype).
    pub defined: bool,
}

fn parse_param_list(list: &str) -> Result<Vec<Param>, String> {
    let list = list.trim_ascii();
    if list.is_empty() {
        return Ok(Vec::new());
    }
    split_top_level(list, ',')
        .into_iter()
        .map(Param::parse)
        .collect()
}

impl Signature {
    /// Reads the header `s` (a statement, whitespace normalised to single spaces; `body`:
    /// whether a body followed it). `Ok(None)` when it declares no `.entry` or `.func`.
    fn parse(s: &str, body: bool) -> Result<Option<Signature>, String> {
        let err = |m: &str| format!("cannot read function header `{}`: {m}", excerpt(s));
        // The `.entry`/`.func` word, what comes before it (at most a linkage) and its end.
        let mut before = 0usize;
        let mut first = "";
        let mut at = 0;
        let mut kind = None;
        // Directives may be written without spaces between them (`.visible.entry`).
        'words: for word in s.split(' ') {
            for piece in directive_pieces(word) {
                at = piece.as_ptr() as usize - s.as_ptr() as usize + piece.len();
                match piece {
                    ".entry" => kind = Some(FnKind::Entry),
                    ".func" => kind = Some(FnKind::Func),
                    _ => {}
                }
                if kind.is_some() {
                    break 'words;
                }
                if before == 0 {
                    first = piece;
                }
                before += 1;
            }
        }
        let Some(kind) = kind else {
            return Ok(None);
        };
        let linkage = match before {
            0 => None,
            1 if matches!(first, ".visible" | ".extern" | ".weak") => Some(first.to_string()),
            _ => return Err(err("unexpected directives before .entry/.func")),
        };
        let mut rest = s.get(at..).unwrap_or("").trim_ascii_start();
        // Attributes such as `.attribute(.unified)` or `.noreturn` before the return list/name:
        // each ends at a space, or at the `)` matching a `(` that comes first.
        while rest.starts_with('.') {
            let mut end = rest.len();
            for (i, c) in rest.bytes().enumerate() {
                if c == b' ' {
                    end = i;
                    break;
                }
                if c == b'(' {
                    end = matching_paren(rest, i).ok_or_else(|| err("unbalanced ("))? + 1;
                    break;
                }
            }
            rest = rest[end..].trim_ascii_start();
        }
        let mut ret = None;
        if rest.starts_with('(') {
            let close = matching_paren(rest, 0).ok_or_else(|| err("unbalanced ("))?;
            let mut r = parse_param_list(&rest[1..close]).map_err(|m| err(&m))?;
            if r.len() > 1 {
                return Err(err("more than one return value"));
            }
            ret = r.pop();
            rest = rest[close + 1..].trim_ascii_start();
        }
        let name_end = rest
            .bytes()
            .position(|c| !is_identifier_byte(c))
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        if !is_identifier(name) {
            return Err(err("no function name"));
        }
        rest = rest[name_end..].trim_ascii_start();
        let mut params = Vec::new();
        if rest.starts_with('(') {
            let close = matching_paren(rest, 0).ok_or_else(|| err("unbalanced ("))?;
            params = parse_param_list(&rest[1..close]).map_err(|m| err(&m))?;
            rest = &rest[close + 1..];
        }
        // What may follow (`.maxntid 256, 1, 1`, `.reqntid`, `.minnctapersm`, `.noreturn`,
        // `.pragma "nounroll"`, …) does not change the ABI, but anything else is not a header.
        if let Some(junk) = performance_directives_end(rest) {
            return Err(err(&format!(
                "unexpected `{}` after the parameter list (only directives such as `.maxntid 256, 1, 1` may follow it)",
                excerpt(junk)
            )));
        }
        Ok(Some(Signature {
            kind,
            linkage,
            name: name.to_string(),
            ret,
            params,
            defined: body,
        }))
    }
}

/// Whether `c` may appear in a PTX identifier after its first character (and is not
/// punctuation that ends one).
fn is_identifier_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'%')
}

/// Checks what follows a header's parameter list: directives (`.maxntid`), each followed by
/// numbers, commas or string literals (the first thing must be a directive). `None` when that is all; otherwise the first text that
/// is none of these.
fn performance_directives_end(rest: &str) -> Option<&str> {
    let b = rest.as_bytes();
    let mut i = 0;
    // Whether a directive has been seen (numbers and strings are its operands).
    let mut directive = false;
    while i < b.len() {
        let start = i;
        match b[i] {
            c if c.is_ascii_whitespace() => i += 1,
            b',' if directive => i += 1,
            b'.' if b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) => {
                i += 1;
                while i < b.len() && is_identifier_byte(b[i]) {
                    i += 1;
                }
                directive = true;
            }
            c if c.is_ascii_digit() && directive => {
                while i < b.len() && b[i].is_ascii_alphanumeric() {
                    i += 1;
                }
            }
            b'"' if directive => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += 1;
                }
                if i == b.len() {
                    return Some(&rest[start..]);
                }
                i += 1;
            }
            _ => return Some(&rest[start..]),
        }
    }
    None
}

/// Every `.entry` and `.func` in the module, in order of first appearance, one per name (a
/// prototype followed by the definition counts once, as defined). `Err` on a header this reader
/// cannot make sense of. Linear in the length of `ptx` (times the logarithm of the number of
/// functions).
pub fn signatures(ptx: &str) -> Result<Vec<Signature>, String> {
    let mut out: Vec<Signature> = Vec::new();
    // Where each name is in `out`.
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let module = Module::new(ptx);
    for s in module.statements() {
        if !has_function_directive(s.text) {
            continue;
        }
        let Some(sig) = Signature::parse(&s.normalised(), s.body)? else {
            continue;
        };
        match index.get(&sig.name).and_then(|&i| out.get_mut(i)) {
            Some(prev) => keep(prev, sig),
            None => {
                index.insert(sig.name.clone(), out.len());
                out.push(sig);
            }
        }
    }
    Ok(out)
}

/// Keeps in `prev` the better of two signatures of one name: a definition replaces a
/// prototype, and a later prototype an earlier one.
fn keep(prev: &mut Signature, sig: Signature) {
    if sig.defined || !prev.defined {
        *prev = sig;
    }
}

/// Whether `text` holds `name` where a header puts the function's name: after whitespace or
/// the `)` of a return value, before the parameter list's `(`, a directive such as
/// `.maxntid`, or the end.
fn may_declare(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].bytes().next_back();
        let after = || text[at + name.len()..].trim_ascii_start();
        (before.is_none_or(|c| c == b')' || c.is_ascii_whitespace()))
            && (after().is_empty() || after().starts_with(['(', '.']))
    })
}

/// The kernel or function `name` (its definition when the module has one), `None` when the
/// module declares no such function. Headers of other functions are not read, so one this
/// reader cannot make sense of does not matter; `Err` when a header that names `name` cannot be
/// read. Linear in the length of `ptx`.
pub fn signature(ptx: &str, name: &str) -> Result<Option<Signature>, String> {
    // Only an identifier can be a function's name (and an empty one would match everywhere).
    if !is_identifier(name) {
        return Ok(None);
    }
    find(&Module::new(ptx), name)
}

/// Whether `name` is declared in `ptx` when a lone `\r` is read as a line break, which ptxas
/// does not do for `//` comments (see `params/lex.rs`): the explanation for a text whose
/// lines end in `\r` and where [`signature`] finds no `name`.
pub(crate) fn declared_with_lone_cr_line_breaks(ptx: &str, name: &str) -> bool {
    is_identifier(name)
        && matches!(
            find(&Module::with_lone_cr_line_breaks(ptx), name),
            Ok(Some(_)) | Err(_)
        )
}

/// [`signature`] in a module whose comments are removed.
fn find(module: &Module, name: &str) -> Result<Option<Signature>, String> {
    let mut found: Option<Signature> = None;
    for sig in headers_of(module, name)? {
        match found.as_mut() {
            Some(prev) => keep(prev, sig),
            None => found = Some(sig),
        }
    }
    Ok(found)
}

/// Every header of the kernel or function `name` in `ptx`, prototypes and definitions, in
/// the order written (what ptxas compares with each other: `params/refusal.rs`); empty when
/// the module declares no such function. `Err` as for [`signature`]. Linear in the length of
/// `ptx`.
pub(crate) fn declarations(ptx: &str, name: &str) -> Result<Vec<Signature>, String> {
    if !is_identifier(name) {
        return Ok(Vec::new());
    }
    headers_of(&Module::new(ptx), name)
}

/// The headers of `name` in a module whose comments are removed, in order.
fn headers_of(module: &Module, name: &str) -> Result<Vec<Signature>, String> {
    let mut out = Vec::new();
    for s in module.statements() {
        if !may_declare(s.text, name) || !has_function_directive(s.text) {
            continue;
        }
        match Signature::parse(&s.normalised(), s.body) {
            Ok(Some(sig)) if sig.name == name => out.push(sig),
            Ok(_) => {}
            // A header naming `name` only as a parameter (`name_param_0` is another word)
            // cannot be this one's, but one naming it where a header puts its function's name
            // could be: fail.
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real NVRTC 12.9.86 output (same options), bodies shortened to `ret;`, for:
    ///
    /// ```c++
    /// struct S { char c; int i; double d; };
    /// extern "C" __global__ void k(char a, short b, int c, long long d, float e, double f, int* p, S s);
    /// extern "C" __global__ void k2(const int* __restrict__ p, const __grid_constant__ S s,
    ///                               bool z, unsigned char uc, signed char sc) {}
    /// extern "C" __device__ S dfs(char a, short b, int c, long long d, float e, double f,
    ///                             int* p, S s, bool z);
    /// extern "C" __device__ void dvoid(S s) {}
    /// extern "C" __device__ S ext_fn(int);              // declared only, called by use_ext
    /// extern "C" __global__ void knop() {}
    /// extern "C" __device__ float2 vret(float4 v, char3 c);
    /// ```
    const SIGNATURES: &str = r#"
.version 8.8
.target sm_90
.address_size 64

	// .globl	k
.extern .func  (.param .align 8 .b8 func_retval0[16]) ext_fn
(
	.param .b32 ext_fn_param_0
)
;
.weak .global .align 4 .u32 inl_var = 5;

.visible .entry k(
	.param .u8 k_param_0,
	.param .u16 k_param_1,
	.param .u32 k_param_2,
	.param .u64 k_param_3,
	.param .f32 k_param_4,
	.param .f64 k_param_5,
	.param .u64 k_param_6,
	.param .align 8 .b8 k_param_7[16]
)
{
	.reg .pred 	%p<2>;
	ld.param.s8 	%rs1, [k_param_0];
	@%p1 bra 	$L__BB0_2;
$L__BB0_2:
	ret;

}
	// .globl	k2
.visible .entry k2(
	.param .u64 k2_param_0,
	.param .align 8 .b8 k2_param_1[16],
	.param .u8 k2_param_2,
	.param .u8 k2_param_3,
	.param .u8 k2_param_4
)
{



	ret;

}
	// .globl	dfs
.visible .func  (.param .align 8 .b8 func_retval0[16]) dfs(
	.param .b32 dfs_param_0,
	.param .b32 dfs_param_1,
	.param .b32 dfs_param_2,
	.param .b64 dfs_param_3,
	.param .b32 dfs_param_4,
	.param .b64 dfs_param_5,
	.param .b64 dfs_param_6,
	.param .align 8 .b8 dfs_param_7[16],
	.param .b32 dfs_param_8
)
{
	st.param.f64 	[func_retval0+8], %fd1;
	ret;

}
	// .globl	dvoid
.visible .func dvoid(
	.param .align 8 .b8 dvoid_param_0[16]
)
{



	ret;

}
	// .globl	use_ext
.visible .func  (.param .b32 func_retval0) use_ext(
	.param .b32 use_ext_param_0
)
{
	{ // callseq 0, 0
	.param .b32 param0;
	st.param.b32 	[param0+0], %r1;
	.param .align 8 .b8 retval0[16];
	call.uni (retval0), 
	ext_fn, 
	(
	param0
	);
	ld.param.b32 	%r2, [retval0+4];
	} // callseq 0
	ret;

}
	// .globl	knop
.visible .entry knop()
{



	ret;

}
	// .globl	vret
.visible .func  (.param .align 8 .b8 func_retval0[8]) vret(
	.param .align 16 .b8 vret_param_0[16],
	.param .align 1 .b8 vret_param_1[3]
)
{
	ret;

}
"#;

    /// From the same NVRTC 12.9.86 module (`extern "C" __device__ int dfn(int x) { return x; }`
    /// used before its definition): the prototype, then the definition.
    const PROTOTYPE_THEN_DEFINITION: &str = r#"
	// .globl	dfn
.visible .func  (.param .b32 func_retval0) dfn
(
	.param .b32 dfn_param_0
)
;
.extern .global .align 4 .b8 target[16];
.visible .global .align 8 .u64 fptr = dfn;

.visible .func  (.param .b32 func_retval0) dfn(
	.param .b32 dfn_param_0
)
{
	.reg .b32 	%r<2>;


	ld.param.u32 	%r1, [dfn_param_0];
	st.param.b32 	[func_retval0+0], %r1;
	ret;

}
"#;

    /// `signature` reads only the headers that name the function.
    #[test]
    fn one_signature_among_unreadable_others() {
        let ptx = ".visible .func (.param .b32 a, .param .b32 b) two()\n{ ret; }\n\
                   .visible .entry k(.param .u32 k_param_0)\n{ ret; }";
        assert!(signatures(ptx).is_err());
        let k = signature(ptx, "k").unwrap().unwrap();
        assert_eq!(k.params[0].ty, DeclaredType::Scalar(".u32".into()));
        assert_eq!(signature(ptx, "nope"), Ok(None));
        assert!(signature(ptx, "two").is_err());
        // A function named like a directive's word is still only its own header.
        let ptx = ".visible .func (.param .b32 a, .param .b32 b) two()\n{ ret; }\n\
                   .visible .entry param(.param .u32 param_param_0)\n{ ret; }";
        assert_eq!(signature(ptx, "param").unwrap().unwrap().params.len(), 1);
        assert_eq!(signature(ptx, "b32"), Ok(None));
        let dfn = signature(PROTOTYPE_THEN_DEFINITION, "dfn")
            .unwrap()
            .unwrap();
        assert!(dfn.defined && dfn.ret.is_some());
    }

    fn p(text: &str) -> Param {
        Param::parse(text).unwrap()
    }

    #[test]
    fn entry_parameters() {
        let sigs = signatures(SIGNATURES).unwrap();
        let names: Vec<&str> = sigs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["ext_fn", "k", "k2", "dfs", "dvoid", "use_ext", "knop", "vret"]
        );
        let k = signature(SIGNATURES, "k").unwrap().unwrap();
        assert_eq!(
            (k.kind, k.linkage.as_deref(), k.defined, &k.ret),
            (FnKind::Entry, Some(".visible"), true, &None)
        );
        let tys: Vec<_> = k.params.iter().map(|p| p.ty.clone()).collect();
        let s = |t: &str| DeclaredType::Scalar(t.into());
        assert_eq!(
            tys,
            [
                s(".u8"),
                s(".u16"),
                s(".u32"),
                s(".u64"),
                s(".f32"),
                s(".f64"),
                s(".u64"),
                DeclaredType::Bytes { align: 8, size: 16 }
            ]
        );
        assert_eq!(k.params[7].text, ".param .align 8 .b8 k_param_7[16]");
        assert_eq!(k.params[7].name, "k_param_7");
        assert_eq!(k.params[6].text, ".param .u64 k_param_6");
        assert!(k
            .params
            .iter()
            .all(|p| p.ptr.is_none() && p.space == ".param"));
        let knop = signature(SIGNATURES, "knop").unwrap().unwrap();
        assert!(knop.params.is_empty() && knop.defined);
    }

    #[test]
    fn func_parameters_and_return_values() {
        let dfs = signature(SIGNATURES, "dfs").unwrap().unwrap();
        assert_eq!(dfs.kind, FnKind::Func);
        let ret = dfs.ret.unwrap();
        assert_eq!(ret.text, ".param .align 8 .b8 func_retval0[16]");
        assert_eq!(
            (ret.name.as_str(), &ret.ty),
            ("func_retval0", &DeclaredType::Bytes { align: 8, size: 16 })
        );
        let texts: Vec<&str> = dfs.params.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts[0], ".param .b32 dfs_param_0");
        assert_eq!(texts[3], ".param .b64 dfs_param_3");
        assert_eq!(texts[8], ".param .b32 dfs_param_8");
        let dvoid = signature(SIGNATURES, "dvoid").unwrap().unwrap();
        assert_eq!((dvoid.ret, dvoid.params.len()), (None, 1));
        let ext = signature(SIGNATURES, "ext_fn").unwrap().unwrap();
        assert_eq!(
            (ext.linkage.as_deref(), ext.defined, ext.params.len()),
            (Some(".extern"), false, 1)
        );
        assert!(ext.ret.is_some());
        let vret = signature(SIGNATURES, "vret").unwrap().unwrap();
        assert_eq!(vret.params[1].ty, DeclaredType::Bytes { align: 1, size: 3 });
        // A prototype followed by its definition counts once, as defined.
        let dfn: Vec<_> = signatures(PROTOTYPE_THEN_DEFINITION)
            .unwrap()
            .into_iter()
            .filter(|s| s.name == "dfn")
            .collect();
        assert_eq!(dfn.len(), 1);
        assert!(dfn[0].defined);
    }

    /// NVRTC 12.9.86 with `--gpu-architecture=compute_100`, for
    /// `extern "C" __global__ void kp(int* p, const float* __restrict__ q, char* c)`.
    const COMPUTE_100: &str = r#"
.version 8.8
.target sm_100
.address_size 64

	// .globl	kp

.visible .entry kp(
	.param .u64 .ptr .align 1 kp_param_0,
	.param .u64 .ptr .align 1 kp_param_1,
	.param .u64 .ptr .align 1 kp_param_2
)
{
	ret;

}
"#;

    #[test]
    fn pointer_attributes() {
        let kp = signature(COMPUTE_100, "kp").unwrap().unwrap();
        assert_eq!(kp.params.len(), 3);
        for (i, q) in kp.params.iter().enumerate() {
            assert_eq!(q.text, format!(".param .u64 .ptr .align 1 kp_param_{i}"));
            assert_eq!(q.ty, DeclaredType::Scalar(".u64".into()));
            assert_eq!(
                q.ptr,
                Some(PtrAttrs {
                    space: None,
                    align: Some(1)
                })
            );
        }
    }

    /// Spellings NVRTC 12.9 does not produce but the PTX ISA allows, written by hand.
    #[test]
    fn other_spellings() {
        let q = p(".param .u64 .ptr .global .align 16 q");
        assert_eq!(
            q.ptr,
            Some(PtrAttrs {
                space: Some(".global".into()),
                align: Some(16)
            })
        );
        assert_eq!(q.ty, DeclaredType::Scalar(".u64".into()));
        assert_eq!(
            p(".param .b8 x[3]").ty,
            DeclaredType::Bytes { align: 1, size: 3 }
        );
        assert_eq!(p(".reg .b32 x").space, ".reg");
        assert_eq!(
            p("  .param\t.align 4\n.b8   y[12] ").text,
            ".param .align 4 .b8 y[12]"
        );
        let ptx = "/* c */ .weak .func (.param .b64 func_retval0) w(.param .b64 w_param_0) .noreturn\n{ ret; }\n\
                   .entry e(.param .u32 e_param_0) .maxntid 256, 1, 1\n{ { ret; } }\n\
                   .global .v2 .f32 v[2] = {{0f3F800000, 0f00000000}, {0f40000000, 0}};";
        let sigs = signatures(ptx).unwrap();
        assert_eq!(
            (sigs[0].name.as_str(), sigs[0].linkage.as_deref()),
            ("w", Some(".weak"))
        );
        assert_eq!(
            (
                sigs[1].name.as_str(),
                sigs[1].linkage.as_deref(),
                sigs[1].params.len()
            ),
            ("e", None, 1)
        );
        assert!(signatures(".visible .func (.param .b32 a, .param .b32 b) two()").is_err());
    }

    /// Directives without spaces between them, as ptxas 12.9 assembles them (the PTX ISA's
    /// `.ptr` section writes `.ptr.global.align 16`), and what ptxas refuses to parse
    /// (`tests/params_ptxas/refused.rs` runs ptxas on each).
    #[test]
    fn joined_directives_and_what_ptxas_cannot_parse() {
        for text in [
            ".param .u64 .ptr.global.align 16 q",
            ".param .u64.ptr.global.align 16 q",
            ".param.u64 .ptr .global.align 16 q",
        ] {
            let q = p(text);
            assert_eq!(
                (q.ty, q.ptr),
                (
                    DeclaredType::Scalar(".u64".into()),
                    Some(PtrAttrs {
                        space: Some(".global".into()),
                        align: Some(16)
                    })
                ),
                "{text}"
            );
        }
        let sig = signature(".visible.entry k(.param.u32 a) { ret; }", "k")
            .unwrap()
            .unwrap();
        assert_eq!(
            (sig.kind, sig.linkage.as_deref(), sig.params.len()),
            (FnKind::Entry, Some(".visible"), 1)
        );
        for (text, why) in [
            (
                ".param .align 12 .b8 a[16]",
                "`.align 12` is not a power of two",
            ),
            (
                ".param .align 0 .b8 a[16]",
                "`.align 0` is not a power of two",
            ),
            (
                ".param .u64 .ptr .align 3 a",
                "`.align 3` is not a power of two",
            ),
            (".param .u32 .f32 a", "two types"),
            (".param .u64 .ptr .ptr a", "`.ptr` twice"),
            (".param .ptr .u64 a", "`.ptr` before the type"),
            (
                ".param .u64 .ptr .align 4 .align 8 a",
                "two `.align`s after `.ptr`",
            ),
            (
                ".param .u64 .ptr .align 4 .global a",
                "after `.ptr`'s state space",
            ),
            (
                ".param .u64 .ptr .global .shared a",
                "after `.ptr`'s state space",
            ),
        ] {
            let e = Param::parse(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    /// Found by the `ptx_reader` fuzz target (issue 23): a kernel without a parameter list
    /// but with a directive after its name was listed by [`signatures`] and not found by
    /// [`signature`]. ptxas 12.9 assembles `.visible .entry k .maxntid 256, 1, 1 { ret; }`.
    #[test]
    fn directive_right_after_the_name() {
        let ptx = ".version 8.8\n.target sm_90\n.address_size 64\n\
                   .visible .entry k .maxntid 256, 1, 1 { ret; }\n\
                   .visible .entry k2(.param .u32 k2_param_0).reqntid 32 { ret; }\n";
        let all = signatures(ptx).unwrap();
        assert_eq!(all.len(), 2);
        for sig in &all {
            assert_eq!(signature(ptx, &sig.name).unwrap().as_ref(), Some(sig));
        }
        assert!(all[0].params.is_empty() && all[0].defined);
        assert_eq!(all[1].params.len(), 1);
    }

    /// Also from the fuzzer: text after a function's name that is neither a parameter list nor
    /// a directive is not a header, and a parameter's name must be an identifier.
    #[test]
    fn junk_after_the_name_or_in_a_param_name() {
        let e = signatures(".visible .func aram .b32 b) two()").unwrap_err();
        assert!(e.contains("unexpected `b) two()`"), "{e}");
        let e = signatures(".visible .entry k(.param .u32 k_param_0) junk { ret; }").unwrap_err();
        assert!(e.contains("unexpected `junk`"), "{e}");
        let e = Param::parse(".param .u32 1x").unwrap_err();
        assert!(e.contains("`1x` is not a PTX identifier"), "{e}");
        assert!(Param::parse(".param .b8 x-y[4]").is_err());
        // A vertical tab is not PTX whitespace here, after a name as anywhere else.
        assert!(signatures(".visible .func (.param .b64 r)step_all\x0b{ ret; }").is_err());
        assert!(signatures(".extern .func _2,\n\t.param .b32 x;").is_err());
        // Directives with numbers and strings still read.
        let ok = ".func f(.param .b32 a) .noreturn .pragma \"nounroll\" { ret; }";
        assert_eq!(signatures(ok).unwrap()[0].params.len(), 1);
    }
}
