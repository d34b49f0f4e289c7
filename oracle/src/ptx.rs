//! Readers for the module-level parts of PTX text: data declarations in `.global`/`.const`
//! ([`globals`]) and function/kernel headers ([`signatures`]). Pure functions over the text; they
//! understand what NVRTC 12.9 emits (see the unit tests, which quote real NVRTC output) plus the
//! other spellings the PTX ISA allows for the same things.
//!
//! Function bodies are skipped, never parsed: only declarations at the top level of the module
//! are read.
//!
//! # Initializers as NVRTC prints them
//!
//! An initialized `extern "C" __device__ T g = {…};` appears as one of
//!
//! ```text
//! .visible .global .align 4 .b8 fig2[4] = {185, 250, 2};            // bytes; trailing zeros omitted
//! .visible .global .align 8 .b8 zero[16];                           // all zero: no initializer
//! .visible .global .align 8 .u64 sz = 24;                           // scalars keep their type
//! .visible .global .align 2 .u16 sh = -2;                           // negative literals occur
//! .visible .global .align 8 .f64 dd = 0d3FF8000000000000;           // floats as bit patterns
//! .visible .global .align 8 .u64 gq[2] = {generic(target)+4, 3};    // structs holding pointers
//! .visible .global .align 1 .u8 pk[9] = {1, 0XFF(generic(target)+4), 0xFF00(generic(target)+4), …};
//! ```
//!
//! The last two forms appear as soon as an aggregate holds a pointer: 8-byte-aligned pointers make
//! the whole object a `.u64` array (other members packed into the 64-bit words, little-endian), and
//! an unaligned pointer (a packed struct) turns the object into a `.u8` array whose pointer bytes
//! are byte masks of the address expression (`0xFF00(e)` = byte 1 of `e`). NVRTC writes the first
//! mask with an upper-case `0X`. Address expressions are `generic(sym)`, `generic(sym)+N`, or a bare
//! function symbol (`dfn`); a constant pointer (`(char*)0 + N`) is just the number.
//!
//! [`Global::bytes`] decodes any of these into the object's little-endian image, zero-padded to
//! the declared size, and fails with a message naming the symbol when the image depends on the
//! address of a symbol (unknowable from PTX); [`Global::bytes_with`] takes a resolver for those.
//!
//! # Signatures
//!
//! Function and kernel headers are read by ptx-abi's own PTX signature reader,
//! `ptx_abi_core::params::read` (the one behind `check_entry`), re-exported here; this module
//! adds only the panicking conveniences tests want ([`signatures`], [`signature`]). What stays
//! here is the reading of data declarations, which ptx-abi itself never needs: turning NVRTC's
//! initializers back into the image of an object is how the oracle learns NVIDIA's layouts.

use std::fmt;

pub use ptx_abi_core::params::lex::{
    matching_paren, split_top_level as split_top, statements, Statement,
};
pub use ptx_abi_core::params::read::{
    type_size, DeclaredType as ParamType, FnKind, Param, PtrAttrs, Signature,
};
pub use ptx_abi_core::params::text::is_identifier;

/// Parses a PTX integer literal (decimal, `0x` hex, `0b` binary, leading-`0` octal, optional `U`
/// suffix, optional leading `-`), or a float written as its bits (`0fXXXXXXXX`, `0dXXXXXXXXXXXXXXXX`).
fn parse_number(s: &str) -> Option<i128> {
    let s = s.trim();
    if let Some(rest) = s.strip_prefix('-') {
        return parse_number(rest).map(|v| -v);
    }
    let s = s.strip_suffix(['U', 'u']).unwrap_or(s);
    let lower = s.to_ascii_lowercase();
    let (digits, radix) = if let Some(h) = lower.strip_prefix("0f").filter(|h| h.len() == 8) {
        (h, 16)
    } else if let Some(h) = lower.strip_prefix("0d").filter(|h| h.len() == 16) {
        (h, 16)
    } else if let Some(h) = lower.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (&lower[1..], 8)
    } else {
        (lower.as_str(), 10)
    };
    if digits.is_empty() {
        return None;
    }
    u128::from_str_radix(digits, radix)
        .ok()
        .and_then(|v| i128::try_from(v).ok())
}

/// Every `.entry` and `.func` in the module (see `ptx_abi_core::params::read::signatures`);
/// `Err` on a header the reader cannot make sense of.
pub fn try_signatures(ptx: &str) -> Result<Vec<Signature>, String> {
    ptx_abi_core::params::read::signatures(ptx)
}

/// [`try_signatures`], panicking on unreadable headers (this is test support: a header that
/// cannot be read is a bug in the reader, to be fixed, not skipped).
pub fn signatures(ptx: &str) -> Vec<Signature> {
    try_signatures(ptx).unwrap_or_else(|e| panic!("{e}"))
}

/// The kernel or function `name`, panicking on an unreadable header of that name.
pub fn signature(ptx: &str, name: &str) -> Option<Signature> {
    ptx_abi_core::params::read::signature(ptx, name).unwrap_or_else(|e| panic!("{e}"))
}

// ---------------------------------------------------------------------------------------------
// Globals
// ---------------------------------------------------------------------------------------------

/// One initializer element as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InitValue {
    /// An integer, or a float's bit pattern (`0f…`/`0d…`). May be negative (`-1` in a `.u64`).
    Int(i128),
    /// The address of `symbol` plus `addend`: `generic(sym)+N` (`generic: true`) or a bare `sym`
    /// (function symbols are written that way).
    Address {
        symbol: String,
        generic: bool,
        addend: i64,
    },
    /// `0xFF00(value)`: the bits of `value` selected by `mask`, shifted down to bit 0 (so one
    /// byte of an address, when an unaligned pointer is spelled byte by byte).
    Masked { mask: u64, value: Box<InitValue> },
}

impl InitValue {
    fn parse(s: &str) -> Result<InitValue, String> {
        let s = s.trim();
        // Byte-mask form: 0xFF00(expr).
        if let Some(open) = s.find('(') {
            let head = &s[..open];
            let lower = head.to_ascii_lowercase();
            if let Some(hex) = lower.strip_prefix("0x") {
                if s.ends_with(')') && matching_paren(s, open) == Some(s.len() - 1) {
                    let mask =
                        u64::from_str_radix(hex, 16).map_err(|_| format!("bad mask in `{s}`"))?;
                    if mask == 0 {
                        return Err(format!("zero mask in `{s}`"));
                    }
                    let value = InitValue::parse(&s[open + 1..s.len() - 1])?;
                    return Ok(InitValue::Masked {
                        mask,
                        value: Box::new(value),
                    });
                }
            }
        }
        // Sum of terms: numbers, at most one symbol (`sym` or `generic(sym)`).
        let mut terms: Vec<(bool, &str)> = Vec::new(); // (negative, term)
        let mut depth = 0i32;
        let mut start = 0;
        let mut negative = false;
        for (i, c) in s.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                '+' | '-' if depth == 0 && i > start && !s[start..i].trim().is_empty() => {
                    terms.push((negative, s[start..i].trim()));
                    negative = c == '-';
                    start = i + 1;
                }
                _ => {}
            }
        }
        terms.push((negative, s[start..].trim()));

        let mut constant: i128 = 0;
        let mut address: Option<(String, bool)> = None;
        for (neg, term) in terms {
            if let Some(v) = parse_number(term) {
                constant = if neg { constant - v } else { constant + v };
                continue;
            }
            let (symbol, generic) = match term
                .strip_prefix("generic(")
                .and_then(|t| t.strip_suffix(')'))
            {
                Some(sym) => (sym.trim(), true),
                None => (term, false),
            };
            if neg || address.is_some() || !is_identifier(symbol) {
                return Err(format!("unsupported initializer element `{s}`"));
            }
            address = Some((symbol.to_string(), generic));
        }
        match address {
            None => Ok(InitValue::Int(constant)),
            Some((symbol, generic)) => {
                let addend =
                    i64::try_from(constant).map_err(|_| format!("addend out of range in `{s}`"))?;
                Ok(InitValue::Address {
                    symbol,
                    generic,
                    addend,
                })
            }
        }
    }

    /// The element's value, with symbol addresses supplied by `resolve`.
    fn eval(&self, resolve: &mut dyn FnMut(&str) -> Option<u64>) -> Result<i128, String> {
        match self {
            InitValue::Int(v) => Ok(*v),
            InitValue::Address { symbol, addend, .. } => {
                let base = resolve(symbol).ok_or_else(|| {
                    format!(
                        "the image depends on the address of symbol `{symbol}`, which PTX does not \
                         fix (use Global::bytes_with to supply one)"
                    )
                })?;
                Ok(i128::from(base.wrapping_add(*addend as u64)))
            }
            InitValue::Masked { mask, value } => {
                let v = value.eval(resolve)? as u64;
                Ok(i128::from((v & mask) >> mask.trailing_zeros()))
            }
        }
    }
}

impl fmt::Display for InitValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InitValue::Int(v) => write!(f, "{v}"),
            InitValue::Address {
                symbol,
                generic,
                addend,
            } => {
                if *generic {
                    write!(f, "generic({symbol})")?;
                } else {
                    write!(f, "{symbol}")?;
                }
                if *addend != 0 {
                    write!(f, "{addend:+}")?;
                }
                Ok(())
            }
            InitValue::Masked { mask, value } => write!(f, "{mask:#X}({value})"),
        }
    }
}

/// A variable declared in `.global` or `.const` at module scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Global {
    pub name: String,
    /// `.visible`, `.extern`, `.weak` or `.common`; `None` for a module-local variable (such as
    /// NVRTC's string literals `$str`, or `static __device__` variables).
    pub linkage: Option<String>,
    /// `.global` or `.const`.
    pub space: String,
    /// The `.align` value; the element size when the declaration has none.
    pub align: u32,
    /// Element type as written: `.b8`, `.u8`, `.u16`, `.u32`, `.u64`, `.f32`, `.f64`, …
    pub elem: String,
    /// Size of one element in bytes.
    pub elem_size: usize,
    /// Vector width (`.v2`/`.v4`), 1 when the declaration has none. Vector globals are counted in
    /// scalar elements (`count` includes the width).
    pub vector: u32,
    /// Number of elements: 1 for a scalar, the product of the dimensions for an array, 0 for an
    /// unsized `name[]` (an `.extern` declaration).
    pub count: usize,
    /// Whether the declaration has `[…]` dimensions.
    pub array: bool,
    /// Initializer elements as written, flattened; shorter than `count` (often empty) because
    /// trailing zero elements are omitted.
    pub init: Vec<InitValue>,
}

impl Global {
    /// Size of the object in bytes.
    pub fn size(&self) -> usize {
        self.count * self.elem_size
    }

    /// Whether some initializer element is (or contains) a symbol's address.
    pub fn has_addresses(&self) -> bool {
        fn addr(v: &InitValue) -> bool {
            match v {
                InitValue::Int(_) => false,
                InitValue::Address { .. } => true,
                InitValue::Masked { value, .. } => addr(value),
            }
        }
        self.init.iter().any(addr)
    }

    /// The object's little-endian byte image, zero-padded to [`Global::size`]. Fails when an
    /// element is a symbol's address (see [`Global::bytes_with`]), an element does not fit its
    /// type, or there are more elements than the declaration holds.
    pub fn bytes(&self) -> Result<Vec<u8>, String> {
        self.bytes_with(|_| None)
    }

    /// [`Global::bytes`], with the address of every symbol an element refers to given by
    /// `resolve` (`None`: unknown, which is an error).
    pub fn bytes_with(
        &self,
        mut resolve: impl FnMut(&str) -> Option<u64>,
    ) -> Result<Vec<u8>, String> {
        let err = |m: String| format!("global `{}`: {m}", self.name);
        if self.init.len() > self.count {
            return Err(err(format!(
                "{} initializer elements for {} declared",
                self.init.len(),
                self.count
            )));
        }
        let bits = self.elem_size * 8;
        let mut out = Vec::with_capacity(self.size());
        for (i, e) in self.init.iter().enumerate() {
            let v = e
                .eval(&mut resolve)
                .map_err(|m| err(format!("element {i} ({e}): {m}")))?;
            // Accept anything representable in `bits` bits as signed or unsigned.
            let fits = bits >= 128 || (v >= -(1i128 << (bits - 1)) && v < (1i128 << bits));
            if !fits {
                return Err(err(format!("element {i} ({e}) does not fit {}", self.elem)));
            }
            out.extend_from_slice(&v.to_le_bytes()[..self.elem_size]);
        }
        out.resize(self.size(), 0);
        Ok(out)
    }

    fn parse(stmt: &str) -> Result<Option<Global>, String> {
        let (decl, init) = match stmt.split_once('=') {
            Some((d, i)) => (d.trim(), Some(i.trim())),
            None => (stmt.trim(), None),
        };
        let tokens: Vec<&str> = decl.split(' ').collect();
        let Some(space_at) = tokens
            .iter()
            .position(|t| *t == ".global" || *t == ".const")
        else {
            return Ok(None);
        };
        // Only module-scope data declarations: directives before the state space must be linkage.
        let linkage = match &tokens[..space_at] {
            [] => None,
            [l] if matches!(*l, ".visible" | ".extern" | ".weak" | ".common") => {
                Some(l.to_string())
            }
            _ => return Ok(None),
        };
        let err = |m: &str| format!("cannot read `{stmt}`: {m}");
        let space = tokens[space_at].to_string();
        let mut align = None;
        let mut vector = 1u32;
        let mut elem = None;
        let mut rest = tokens[space_at + 1..].iter();
        let mut name_part = None;
        while let Some(&t) = rest.next() {
            match t {
                ".align" => {
                    let n = rest
                        .next()
                        .and_then(|n| n.parse::<u32>().ok())
                        .ok_or_else(|| err("bad .align"))?;
                    align = Some(n);
                }
                ".v2" => vector = 2,
                ".v4" => vector = 4,
                ".v8" => vector = 8,
                // Opaque handles and other non-data declarations are not objects with an image.
                ".texref" | ".samplerref" | ".surfref" => return Ok(None),
                _ if t.starts_with(".attribute(") => {}
                _ if type_size(t).is_some() => elem = Some(t),
                _ if t.starts_with('.') => return Err(err(&format!("unknown directive {t}"))),
                _ => {
                    name_part = Some(t);
                    if rest.next().is_some() {
                        return Err(err("trailing tokens after the name"));
                    }
                }
            }
        }
        let elem = elem.ok_or_else(|| err("no element type"))?;
        let name_part = name_part.ok_or_else(|| err("no name"))?;
        let (name, dims) = match name_part.find('[') {
            Some(i) => (&name_part[..i], Some(&name_part[i..])),
            None => (name_part, None),
        };
        let mut count = vector as usize;
        if let Some(dims) = dims {
            for d in dims.split(']').filter(|d| !d.is_empty()) {
                let d = d
                    .strip_prefix('[')
                    .ok_or_else(|| err("bad dimensions"))?
                    .trim();
                count *= if d.is_empty() {
                    0
                } else {
                    d.parse::<usize>().map_err(|_| err("bad dimension"))?
                };
            }
        }
        let elem_size = type_size(elem).expect("checked above");
        let init = match init {
            None => Vec::new(),
            Some(i) => {
                // Flatten nested braces ({ {1,2}, {3,4} } for vectors or several dimensions).
                let flat: String = i
                    .chars()
                    .map(|c| if c == '{' || c == '}' { ' ' } else { c })
                    .collect();
                let flat = flat.trim();
                if flat.is_empty() {
                    Vec::new()
                } else {
                    split_top(flat, ',')
                        .into_iter()
                        .map(InitValue::parse)
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|m| err(&m))?
                }
            }
        };
        Ok(Some(Global {
            name: name.to_string(),
            linkage,
            space,
            align: align.unwrap_or(elem_size as u32 * vector),
            elem: elem.to_string(),
            elem_size,
            vector,
            count,
            array: dims.is_some(),
            init,
        }))
    }
}

/// Every `.global`/`.const` variable declared at module scope, in order; `Err` on a declaration
/// this reader cannot make sense of.
pub fn try_globals(ptx: &str) -> Result<Vec<Global>, String> {
    let mut out = Vec::new();
    for s in statements(ptx) {
        if s.body {
            continue;
        }
        if let Some(g) = Global::parse(&s.text)? {
            out.push(g);
        }
    }
    Ok(out)
}

/// [`try_globals`], panicking on unreadable declarations (this is test support: a declaration
/// that cannot be read is a bug in this reader, to be fixed, not skipped).
pub fn globals(ptx: &str) -> Vec<Global> {
    try_globals(ptx).unwrap_or_else(|e| panic!("{e}"))
}

/// The variable `name`: its defining declaration when there is one, else its `.extern`
/// declaration.
pub fn global(ptx: &str, name: &str) -> Option<Global> {
    let all: Vec<Global> = globals(ptx)
        .into_iter()
        .filter(|g| g.name == name)
        .collect();
    let defining = all
        .iter()
        .rposition(|g| g.linkage.as_deref() != Some(".extern"));
    defining
        .or(if all.is_empty() { None } else { Some(0) })
        .map(|i| all[i].clone())
}

/// The value of a global of at most 8 bytes holding a plain number, such as
/// `.global .align 8 .u64 sz = 48;` (how NVRTC writes `extern "C" __device__ unsigned long long
/// sz = sizeof(T);`): its little-endian image, zero-extended.
pub fn scalar_u64(ptx: &str, name: &str) -> Result<u64, String> {
    let g = global(ptx, name).ok_or_else(|| format!("no global `{name}` in the PTX"))?;
    if g.size() > 8 {
        return Err(format!(
            "global `{name}` is {} bytes, not a scalar of at most 8",
            g.size()
        ));
    }
    let bytes = g.bytes()?;
    let mut le = [0u8; 8];
    le[..bytes.len()].copy_from_slice(&bytes);
    Ok(u64::from_le_bytes(le))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real NVRTC 12.9.86 output (`--gpu-architecture=compute_90 -rdc=true -std=c++20`) for:
    ///
    /// ```c++
    /// extern "C" __device__ int target[4];
    /// struct __attribute__((packed)) Pk { char c; int* p; };
    /// extern "C" __device__ Pk gpk = { 1, &target[1] };
    /// extern "C" __device__ Pk gpk2 = { 1, (int*)((char*)0 + 0x0102030405060708) };
    /// struct __attribute__((packed)) Pk3 { char c[3]; int* p; short s; };
    /// extern "C" __device__ Pk3 gpk3 = { {1,2,3}, &target[1], -1 };
    /// union U { int* p; char c[12]; };
    /// extern "C" __device__ U gu = { &target[2] };
    /// struct __align__(16) A16 { int* p; };
    /// extern "C" __device__ A16 ga16 = { &target[0] };
    /// struct II { int a; int b; };
    /// extern "C" __device__ II gii = { 1, 2 };
    /// extern "C" __device__ int ia[3] = { 1, -1, 0 };
    /// extern "C" __device__ long long lla[3] = { 1, -1, 0 };
    /// extern "C" __device__ const char* str = "hi";
    /// extern "C" __device__ int dfn(int x) { return x; }
    /// extern "C" __device__ int (*fptr)(int) = dfn;
    /// struct FP { char c; int (*f)(int); };
    /// extern "C" __device__ FP gfp = { 1, dfn };
    /// extern "C" __device__ __constant__ int* cptr = &target[1];
    /// extern "C" __device__ __constant__ int ctarget[2] = {1,2};
    /// extern "C" __device__ int* gcp = (int*)&ctarget[1];
    /// struct S2 { short a; int* p; };
    /// extern "C" __device__ S2 gs2 = { -1, &target[0] };
    /// extern "C" __device__ bool gb = true;
    /// extern "C" __device__ signed char gsc = -3;
    /// extern "C" __device__ unsigned long long gull = 0xffffffffffffffffull;
    /// extern "C" __device__ long long gll = -5;
    /// struct Pd { int* p; double d; float f; };
    /// extern "C" __device__ Pd gpd = { 0, 1.0, 2.0f };
    /// ```
    const POINTERS: &str = r#"//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36037853
// Cuda compilation tools, release 12.9, V12.9.86
// Based on NVVM 7.0.1
//

.version 8.8
.target sm_90
.address_size 64

	// .globl	dfn
.visible .func  (.param .b32 func_retval0) dfn
(
	.param .b32 dfn_param_0
)
;
.extern .global .align 4 .b8 target[16];
.visible .global .align 1 .u8 gpk[9] = {1, 0XFF(generic(target)+4), 0xFF00(generic(target)+4), 0xFF0000(generic(target)+4), 0xFF000000(generic(target)+4), 0xFF00000000(generic(target)+4), 0xFF0000000000(generic(target)+4), 0xFF000000000000(generic(target)+4), 0xFF00000000000000(generic(target)+4)};
.visible .global .align 1 .u8 gpk2[9] = {1, 0XFF(72623859790382856), 0xFF00(72623859790382856), 0xFF0000(72623859790382856), 0xFF000000(72623859790382856), 0xFF00000000(72623859790382856), 0xFF0000000000(72623859790382856), 0xFF000000000000(72623859790382856), 0xFF00000000000000(72623859790382856)};
.visible .global .align 1 .u8 gpk3[13] = {1, 2, 3, 0XFF(generic(target)+4), 0xFF00(generic(target)+4), 0xFF0000(generic(target)+4), 0xFF000000(generic(target)+4), 0xFF00000000(generic(target)+4), 0xFF0000000000(generic(target)+4), 0xFF000000000000(generic(target)+4), 0xFF00000000000000(generic(target)+4), 255, 255};
.visible .global .align 8 .u64 gu[2] = {generic(target)+8, 0};
.visible .global .align 16 .u64 ga16[2] = {generic(target), 0};
.visible .global .align 4 .b8 gii[8] = {1, 0, 0, 0, 2};
.visible .global .align 4 .b8 ia[12] = {1, 0, 0, 0, 255, 255, 255, 255};
.visible .global .align 8 .b8 lla[24] = {1, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255};
.global .align 1 .b8 $str[3] = {104, 105};
.visible .global .align 8 .u64 str = generic($str);
.visible .global .align 8 .u64 fptr = dfn;
.visible .global .align 8 .u64 gfp[2] = {1, dfn};
.visible .const .align 8 .u64 cptr = generic(target)+4;
.visible .const .align 4 .b8 ctarget[8] = {1, 0, 0, 0, 2};
.visible .global .align 8 .u64 gcp = generic(ctarget)+4;
.visible .global .align 8 .u64 gs2[2] = {65535, generic(target)};
.visible .global .align 1 .u8 gb = 1;
.visible .global .align 1 .u8 gsc = -3;
.visible .global .align 8 .u64 gull = -1;
.visible .global .align 8 .u64 gll = -5;
.visible .global .align 8 .b8 gpd[24] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 240, 63, 0, 0, 0, 64};

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

    /// Real NVRTC 12.9.86 declarations (same options) for, in order:
    ///
    /// ```c++
    /// struct P { char c; int* p; long long x; };
    /// extern "C" __device__ P gp = { 7, (int*)((char*)0 + 0x1234), -1 };
    /// struct Q { int* p; char c; };
    /// extern "C" __device__ Q gq = { target + 1, 3 };
    /// struct R { char c; int* p; };
    /// extern "C" __device__ R gr0 = { 0, 0 };
    /// extern "C" __device__ R gr1 = { 1, 0 };
    /// extern "C" __device__ unsigned long long sz = sizeof(P);
    /// extern "C" __device__ char cz = 0;
    /// extern "C" __device__ short sh = -2;
    /// extern "C" __device__ double dd = 1.5;
    /// extern "C" __device__ float ff = 1.5f;
    /// struct Mix { char c; short s; int* p; char d[3]; };
    /// extern "C" __device__ Mix gmixarr[2] = { { 1, 2, &target[1], {4,5,6} }, {9, 8, 0, {7,7,7}} };
    /// inline __device__ int inl_var = 5;
    /// extern "C" __device__ int md[2][3] = {{1,2,3},{4,5,6}};
    /// static __device__ int st_var = 7;
    /// extern "C" __device__ int unsized[];
    /// ```
    const SCALARS: &str = r#"
.visible .global .align 8 .u64 gp[3] = {7, 4660, 18446744073709551615};
.extern .global .align 4 .b8 target[16];
.visible .global .align 8 .u64 gq[2] = {generic(target)+4, 3};
.visible .global .align 8 .b8 gr0[16];
.visible .global .align 8 .b8 gr1[16] = {1};
.visible .global .align 8 .u64 sz = 24;
.visible .global .align 1 .u8 cz;
.visible .global .align 2 .u16 sh = -2;
.visible .global .align 8 .f64 dd = 0d3FF8000000000000;
.visible .global .align 4 .f32 ff = 0f3FC00000;
.visible .global .align 8 .u64 gmixarr[6] = {131073, generic(target)+4, 394500, 524297, 0, 460551};
.weak .global .align 4 .u32 inl_var = 5;
.visible .global .align 4 .b8 md[24] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6};
.global .align 4 .u32 st_var = 7;
.extern .global .align 4 .b8 unsized[];
"#;

    fn g(ptx: &str, name: &str) -> Global {
        global(ptx, name).unwrap_or_else(|| panic!("no global {name}"))
    }

    #[test]
    fn byte_arrays_are_padded_to_their_size() {
        let gii = g(POINTERS, "gii");
        assert_eq!(
            (gii.align, gii.elem.as_str(), gii.count, gii.size()),
            (4, ".b8", 8, 8)
        );
        assert_eq!(gii.bytes().unwrap(), [1, 0, 0, 0, 2, 0, 0, 0]);
        assert_eq!(
            g(POINTERS, "ia").bytes().unwrap(),
            [1, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0]
        );
        let gr0 = g(SCALARS, "gr0");
        assert!(gr0.init.is_empty());
        assert_eq!(gr0.bytes().unwrap(), [0; 16]);
        assert_eq!(
            g(SCALARS, "gr1").bytes().unwrap(),
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        let gpd = g(POINTERS, "gpd").bytes().unwrap();
        assert_eq!(gpd.len(), 24);
        assert_eq!(f64::from_le_bytes(gpd[8..16].try_into().unwrap()), 1.0);
        assert_eq!(f32::from_le_bytes(gpd[16..20].try_into().unwrap()), 2.0);
    }

    #[test]
    fn multi_dimensional_and_unsized_arrays() {
        let md = g(SCALARS, "md");
        assert_eq!(md.count, 24);
        let ints: Vec<i32> = md
            .bytes()
            .unwrap()
            .chunks(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(ints, [1, 2, 3, 4, 5, 6]);
        let u = g(SCALARS, "unsized");
        assert_eq!(
            (u.linkage.as_deref(), u.array, u.count, u.align),
            (Some(".extern"), true, 0, 4)
        );
    }

    #[test]
    fn scalars_negative_and_float_literals() {
        assert_eq!(scalar_u64(SCALARS, "sz"), Ok(24));
        assert_eq!(scalar_u64(SCALARS, "cz"), Ok(0));
        assert_eq!(g(SCALARS, "sh").bytes().unwrap(), (-2i16).to_le_bytes());
        assert_eq!(g(POINTERS, "gsc").bytes().unwrap(), [253]);
        assert_eq!(g(POINTERS, "gb").bytes().unwrap(), [1]);
        assert_eq!(scalar_u64(POINTERS, "gull"), Ok(u64::MAX));
        assert_eq!(scalar_u64(POINTERS, "gll"), Ok(-5i64 as u64));
        assert_eq!(g(SCALARS, "dd").bytes().unwrap(), 1.5f64.to_le_bytes());
        assert_eq!(g(SCALARS, "ff").bytes().unwrap(), 1.5f32.to_le_bytes());
        let gp = g(SCALARS, "gp").bytes().unwrap();
        assert_eq!(
            &gp[..16],
            &[7, 0, 0, 0, 0, 0, 0, 0, 0x34, 0x12, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(&gp[16..], &[255; 8]);
        assert!(scalar_u64(SCALARS, "gp").unwrap_err().contains("24 bytes"));
        assert!(scalar_u64(SCALARS, "nope").is_err());
    }

    #[test]
    fn linkage_and_spaces() {
        let all = globals(SCALARS);
        assert_eq!(all.len(), 15);
        assert_eq!(g(SCALARS, "inl_var").linkage.as_deref(), Some(".weak"));
        assert_eq!(g(SCALARS, "st_var").linkage, None);
        assert_eq!(g(POINTERS, "ctarget").space, ".const");
        assert_eq!(g(POINTERS, "$str").bytes().unwrap(), b"hi\0");
        // The version/target lines do not swallow the first declaration, and bodies are skipped.
        assert_eq!(
            globals(POINTERS).first().map(|g| g.name.as_str()),
            Some("target")
        );
        // `.param` declarations of a call sequence inside a body are not globals.
        let body = ".visible .func f(.param .b32 f_param_0)\n{\n\t{ // callseq 0, 0\n\t.param .b32 param0;\n\t}\n\tret;\n}\n.weak .global .align 4 .u32 inl_var = 5;";
        let all = globals(body);
        assert_eq!((all.len(), all[0].name.as_str()), (1, "inl_var"));
    }

    #[test]
    fn u64_arrays_with_addresses() {
        let gq = g(SCALARS, "gq");
        assert_eq!((gq.elem.as_str(), gq.count, gq.align), (".u64", 2, 8));
        assert_eq!(
            gq.init,
            [
                InitValue::Address {
                    symbol: "target".into(),
                    generic: true,
                    addend: 4
                },
                InitValue::Int(3)
            ]
        );
        assert!(gq.has_addresses());
        let e = gq.bytes().unwrap_err();
        assert!(e.contains("`gq`") && e.contains("`target`"), "{e}");
        let b = gq
            .bytes_with(|s| (s == "target").then_some(0x1000))
            .unwrap();
        assert_eq!(b, [4, 0x10, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
        // { char c = 1; short s = 2; int* p; char d[3] = {4,5,6} } x 2: other members share words.
        let mix = g(SCALARS, "gmixarr").bytes_with(|_| Some(0x10)).unwrap();
        assert_eq!(&mix[..8], &[1, 0, 2, 0, 0, 0, 0, 0]);
        assert_eq!(&mix[8..16], &[0x14, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(&mix[16..24], &[4, 5, 6, 0, 0, 0, 0, 0]);
        assert_eq!(
            &mix[24..48],
            &[9, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 0, 0, 0, 0, 0]
        );
        // Function symbols are bare; string literals are generic($str).
        assert_eq!(
            g(POINTERS, "fptr").init,
            [InitValue::Address {
                symbol: "dfn".into(),
                generic: false,
                addend: 0
            }]
        );
        assert_eq!(
            g(POINTERS, "str").init,
            [InitValue::Address {
                symbol: "$str".into(),
                generic: true,
                addend: 0
            }]
        );
        assert_eq!(
            g(POINTERS, "gs2").bytes_with(|_| Some(0)).unwrap()[..8],
            [255, 255, 0, 0, 0, 0, 0, 0]
        );
    }

    #[test]
    fn byte_masks_of_unaligned_pointers() {
        let gpk = g(POINTERS, "gpk");
        assert_eq!((gpk.elem.as_str(), gpk.count, gpk.align), (".u8", 9, 1));
        assert_eq!(
            gpk.init[1],
            InitValue::Masked {
                mask: 0xFF,
                value: Box::new(InitValue::Address {
                    symbol: "target".into(),
                    generic: true,
                    addend: 4
                })
            }
        );
        let b = gpk.bytes_with(|_| Some(0x1122_3344_5566_7700)).unwrap();
        assert_eq!(b, [1, 0x04, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11]);
        // A constant pointer in the same spelling decodes without a resolver.
        assert_eq!(
            g(POINTERS, "gpk2").bytes().unwrap(),
            [1, 8, 7, 6, 5, 4, 3, 2, 1]
        );
        let gpk3 = g(POINTERS, "gpk3").bytes_with(|_| Some(0)).unwrap();
        assert_eq!(gpk3, [1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 255, 255]);
        assert!(g(POINTERS, "gpk3").bytes().is_err());
    }

    #[test]
    fn initializer_element_that_does_not_fit_is_an_error() {
        let ptx = ".visible .global .align 1 .u8 x[2] = {1, 256};";
        assert!(g(ptx, "x").bytes().unwrap_err().contains("does not fit"));
        let ptx = ".visible .global .align 1 .b8 x[1] = {1, 2};";
        assert!(g(ptx, "x")
            .bytes()
            .unwrap_err()
            .contains("2 initializer elements"));
        assert!(try_globals(".global .align 4 .b8 x[4] = {foo(bar)};").is_err());
    }

    /// A vector global beside function headers of other spellings (the headers are read by
    /// ptx-abi-core's signature reader, tested there).
    #[test]
    fn vector_global_among_functions() {
        let ptx = "/* c */ .weak .func (.param .b64 func_retval0) w(.param .b64 w_param_0) .noreturn\n{ ret; }\n\
                   .entry e(.param .u32 e_param_0) .maxntid 256, 1, 1\n{ { ret; } }\n\
                   .global .v2 .f32 v[2] = {{0f3F800000, 0f00000000}, {0f40000000, 0}};";
        let v = g(ptx, "v");
        assert_eq!((v.count, v.vector, v.align, v.size()), (4, 2, 8, 16));
        assert_eq!(&v.bytes().unwrap()[8..12], &2.0f32.to_le_bytes());
        assert_eq!(signatures(ptx).len(), 2);
    }
}
