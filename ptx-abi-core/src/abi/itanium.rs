//! Chapter 7: C++ names. A `__global__` or `__device__` function not declared `extern "C"` is
//! named by the Itanium C++ ABI's mangling (`_ZN2ns5inner5scaleEPfPKfj6Params`), computed here
//! in `const fn`s so that a kernel's mangled name is a constant.
//!
//! What is covered, each checked against NVRTC 12.9's lowered names
//! (`nvrtcGetLoweredName`) and the `.entry` names in the PTX it emits:
//! - plain and namespace-qualified function names (`scale`, `ns::inner::scale`);
//! - the builtin types of §1.1 (`bool` `b`, `signed char` `a`, `unsigned char` `h`, `short`
//!   `s`, `unsigned short` `t`, `int` `i`, `unsigned int` `j`, `long long` `x`, `unsigned long
//!   long` `y`, `float` `f`, `double` `d`; `void` `v` for an empty parameter list);
//! - structs, unions and enums by their C name (the [`TypeDesc`] name, `ns::Name` for a nested
//!   one), CUDA's vector types by their struct name (`float4` is `typedef struct float4
//!   float4`, so `6float4`), CUDA's library types by theirs (`CUtensorMap` is `14CUtensorMap_st`);
//! - pointers (`P`), pointers to `const` (`PK`), pointers to pointers, pointers to arrays
//!   (`PA4_f`, `PA4_Kf`), `void*` (`Pv`, `PKv`);
//! - the substitutions `S_`, `S0_`, … `S9_`, `SA_`, … for namespaces, named types, pointer and
//!   qualified types seen before.
//!
//! The mangler is iterative (a 200-component name or 100 pointer parameters cost no recursion)
//! and works in space the caller sizes: [`mangle_in`] with [`mangled_capacity`] (what the
//! derive does), [`mangle`] (1,024 bytes) or, with `alloc`, `mangle_to_string`.
//!
//! Not covered (an error or a different name would result, so these are refused or left to the
//! user): template functions and template arguments, `std::` abbreviations (`St`, `Sa`, …),
//! anonymous namespaces (NVRTC names them `_GLOBAL__N__<hash>` per compilation), references,
//! function pointers, member functions and plain `char` (`c`; ptx-abi's `i8` is `signed char`).
//! Rust's `i64`/`u64` are `long long` (`x`/`y`); for C's `long`, `unsigned long` and `size_t`
//! (`l`/`m`) use [`crate::types::CLong`] and [`crate::types::CULong`].

use crate::layout::c_spelling;
use crate::layout::const_msg::ConstMsg;
use crate::layout::const_text::Decimal;
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};

/// The capacity of [`mangle`]'s buffer, in bytes: ample for hand-written signatures.
/// [`mangle_in`] takes any capacity ([`mangled_capacity`] says how much a signature needs),
/// and the derive always uses enough, so no signature has a fixed limit.
pub const MANGLED_MAX: usize = 1024;

/// Chapter 7: the C++ type a ptx-abi type stands for in a mangled name ([`crate::codec::PtxAbi::CXX`]).
#[derive(Clone, Copy, Debug)]
pub enum CxxType {
    /// A builtin type, by its Itanium code (`i`, `j`, `y`, …).
    Builtin(&'static str),
    /// `void` (only as a pointee).
    Void,
    /// A class, union or enum, by its C name, `::`-separated when nested in namespaces.
    Named(&'static str),
    /// `T*` or `const T*`.
    Pointer {
        /// The pointee.
        pointee: &'static CxxType,
        /// Whether the pointee is `const`-qualified.
        pointee_const: bool,
    },
    /// `T[len]` (a pointee only: C++ has no array parameters).
    Array {
        /// The element type.
        elem: &'static CxxType,
        /// The number of elements.
        len: usize,
    },
    /// A type with no parameter (zero-sized): it is left out of the signature.
    NoParameter,
    /// A type C++ cannot name here; the text says why and what to use instead.
    Unsupported(&'static str),
}

impl CxxType {
    /// The C++ type of a type described by `desc`, for every kind whose name follows from the
    /// description: builtins, vectors, aggregates, enums. Pointers and arrays override
    /// [`crate::codec::PtxAbi::CXX`] (their pointee is only reachable through a function pointer,
    /// which a `const fn` cannot call).
    pub const fn of_desc(desc: &'static TypeDesc) -> CxxType {
        match desc.kind {
            TypeKind::Scalar(s) => scalar(s),
            TypeKind::Vector { elem, lanes } => match (c_spelling::vector_class(elem, lanes), elem) {
                (Some(class), _) => CxxType::Named(class),
                // CUDA has no `half1/3/4`.
                (None, Scalar::F16) => CxxType::Unsupported(
                    "CUDA has no C++ type for this `__half` vector; use `Half2` or a struct",
                ),
                (None, _) => CxxType::Named(c_spelling::vector_c_name(elem, lanes)),
            },
            TypeKind::Aggregate { .. } | TypeKind::Enum { .. } => CxxType::Named(desc.name),
            // `cudaTextureObject_t` and `cudaSurfaceObject_t` are `unsigned long long`.
            TypeKind::Handle(_) => CxxType::Builtin("y"),
            TypeKind::Phantom => CxxType::NoParameter,
            TypeKind::Pad { .. } => {
                CxxType::Unsupported("an unnamed bit-field is not a parameter")
            }
            TypeKind::Pointer { .. } | TypeKind::Array { .. } => CxxType::Unsupported(
                "this pointer or array type does not say its C++ pointee; use `DevicePtr<T>` or `DeviceConstPtr<T>`",
            ),
        }
    }
}

/// The builtin (or, for `__half`, class) type of a §1.1 fundamental type.
pub const fn scalar(s: Scalar) -> CxxType {
    CxxType::Builtin(match s {
        Scalar::Bool => "b",
        Scalar::I8 => "a",
        Scalar::U8 => "h",
        Scalar::I16 => "s",
        Scalar::U16 => "t",
        Scalar::I32 => "i",
        Scalar::U32 => "j",
        Scalar::I64 => "x",
        Scalar::U64 => "y",
        Scalar::F32 => "f",
        Scalar::F64 => "d",
        // cuda_fp16.h: `struct __half`.
        Scalar::F16 => return CxxType::Named(c_spelling::scalar(Scalar::F16)),
    })
}

/// Why a name could not be mangled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MangleError {
    /// A name component is not a C++ identifier (e.g. a Rust generic name `Pair<u8>`).
    BadIdentifier {
        /// The offending name.
        name: &'static str,
    },
    /// The function name is not a C++ identifier or `ns::name` path.
    BadFunctionName,
    /// Parameter `index` has a type C++ cannot name here.
    Unsupported {
        /// The parameter's position.
        index: usize,
        /// Why.
        reason: &'static str,
    },
    /// An array passed by value: C++ has no array parameters.
    ArrayByValue {
        /// The parameter's position.
        index: usize,
    },
    /// The name needs more working space than the buffer [`mangle_in`] was given: `capacity`
    /// bytes ([`MANGLED_MAX`] for [`mangle`]). [`mangled_capacity`] says how much is enough.
    TooLong {
        /// The capacity that was too small.
        capacity: usize,
    },
}

impl MangleError {
    /// The error as a sentence that says what to write instead.
    pub const fn message(&self) -> ConstMsg<256> {
        let m = ConstMsg::new();
        match *self {
            MangleError::BadIdentifier { name } => m
                .str("`")
                .str(name)
                .str("` is not a C++ name; give the type its C name with `#[ptx(c_name = \"…\")]`"),
            MangleError::BadFunctionName => m.str(
                "the function name must be a C++ identifier or a `ns::inner::name` path",
            ),
            MangleError::Unsupported { index, reason } => m
                .str("parameter ")
                .num(index as u128)
                .str(": ")
                .str(reason),
            MangleError::ArrayByValue { index } => m
                .str("parameter ")
                .num(index as u128)
                .str(" is an array by value, which C++ cannot pass; use `DevicePtr<[T; N]>` (`T (*)[N]`) or wrap it in a struct"),
            MangleError::TooLong { capacity } => m
                .str("the mangled name needs more than the ")
                .num(capacity as u128)
                .str(" bytes `mangle` works in; use `mangle_in::<{ mangled_capacity(name, params) }>` or, with `alloc`, `mangle_to_string`"),
        }
    }
}

/// An Itanium-mangled name in a buffer of `N` bytes, usable in `const` items. [`mangle`] gives
/// one of [`MANGLED_MAX`] bytes; [`mangle_in`] one of any capacity.
#[derive(Clone, Copy)]
pub struct Mangled<const N: usize = MANGLED_MAX> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> core::fmt::Debug for Mangled<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Mangled").field(&self.as_str()).finish()
    }
}

impl<const N: usize> Mangled<N> {
    /// The mangled name.
    pub const fn as_str(&self) -> &str {
        let (text, _) = self.buf.split_at(self.len);
        // Only ASCII is ever written (identifiers are checked to be ASCII).
        match core::str::from_utf8(text) {
            Ok(s) => s,
            Err(_) => "",
        }
    }
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}

/// The mangler's working space, borrowed from the caller (arrays in a `const fn`, vectors with
/// `alloc`), so that one iterative algorithm serves both and nothing recurses per name
/// component or pointer level.
///
/// `plain` holds the *unsubstituted* mangling of everything read so far (the function name,
/// then each parameter type); every substitution candidate is a range of it, because the
/// candidate's key, its mangling without substitutions, is always a contiguous part of that
/// text (a nested-name prefix `N2ns5inner` of `N2ns5inner5scaleE`, a pointer type `PK6Params`
/// of itself).
struct Work<'a> {
    out: &'a mut [u8],
    len: usize,
    plain: &'a mut [u8],
    plain_len: usize,
    subs: &'a mut [(u32, u32)],
    nsubs: usize,
}

impl Work<'_> {
    const fn too_long(&self) -> MangleError {
        MangleError::TooLong {
            capacity: self.out.len(),
        }
    }

    const fn push(&mut self, s: &[u8]) -> Result<(), MangleError> {
        if s.len() > self.out.len() - self.len {
            return Err(self.too_long());
        }
        let mut i = 0;
        while i < s.len() {
            self.out[self.len] = s[i];
            self.len += 1;
            i += 1;
        }
        Ok(())
    }

    /// Copies `plain[start..end]` (text read earlier) to the output.
    const fn push_plain(&mut self, start: usize, end: usize) -> Result<(), MangleError> {
        if end - start > self.out.len() - self.len {
            return Err(self.too_long());
        }
        let mut i = start;
        while i < end {
            self.out[self.len] = self.plain[i];
            self.len += 1;
            i += 1;
        }
        Ok(())
    }

    const fn write(&mut self, s: &[u8]) -> Result<(), MangleError> {
        if s.len() > self.plain.len() - self.plain_len {
            return Err(self.too_long());
        }
        let mut i = 0;
        while i < s.len() {
            self.plain[self.plain_len] = s[i];
            self.plain_len += 1;
            i += 1;
        }
        Ok(())
    }

    /// `S_`, `S0_`, … `S9_`, `SA_`, … `SZ_`, `S10_`, … for candidate `i`.
    const fn push_sub(&mut self, i: usize) -> Result<(), MangleError> {
        if i == 0 {
            return self.push(b"S_");
        }
        let mut digits = [0u8; 16];
        let mut count = 0;
        let mut v = i - 1;
        loop {
            let d = (v % 36) as u8;
            digits[15 - count] = if d < 10 { b'0' + d } else { b'A' + d - 10 };
            count += 1;
            v /= 36;
            if v == 0 {
                break;
            }
        }
        let (_, tail) = digits.split_at(16 - count);
        tri!(self.push(b"S"));
        tri!(self.push(tail));
        self.push(b"_")
    }

    /// The candidate whose key is `plain[start..end]`, if any.
    const fn find(&self, start: usize, end: usize) -> Option<usize> {
        let len = end - start;
        let mut i = 0;
        while i < self.nsubs {
            let (s, e) = self.subs[i];
            let (s, e) = (s as usize, e as usize);
            if e - s == len {
                let mut j = 0;
                while j < len && self.plain[s + j] == self.plain[start + j] {
                    j += 1;
                }
                if j == len {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }

    /// Makes `plain[start..end]` the next substitution candidate.
    const fn add(&mut self, start: usize, end: usize) -> Result<(), MangleError> {
        if self.nsubs == self.subs.len() || end > u32::MAX as usize {
            return Err(self.too_long());
        }
        self.subs[self.nsubs] = (start as u32, end as u32);
        self.nsubs += 1;
        Ok(())
    }
}

const fn is_ident(id: &[u8]) -> bool {
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

const fn slice(b: &[u8], start: usize, end: usize) -> &[u8] {
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

/// Checks every component of `name` (C++ identifiers; not `std::…`, which mangles as `St`)
/// and returns how many there are; `None` if one is not an identifier.
const fn check_path(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    let mut n = 0;
    let mut start = 0;
    loop {
        let end = component_end(b, start);
        let id = slice(b, start, end);
        if !is_ident(id) {
            return None;
        }
        if n == 0
            && end < b.len()
            && id.len() == 3
            && id[0] == b's'
            && id[1] == b't'
            && id[2] == b'd'
        {
            return None;
        }
        n += 1;
        if end == b.len() {
            return Some(n);
        }
        start = end + 2;
    }
}

/// Bytes of the unsubstituted mangling of `name` with `n` components: `5scale`, or
/// `N2ns5inner5scaleE`.
const fn plain_name_len(name: &str, n: usize) -> usize {
    let b = name.as_bytes();
    let mut total = if n > 1 { 2 } else { 0 };
    let mut start = 0;
    loop {
        let end = component_end(b, start);
        total += Decimal::new((end - start) as u128).as_bytes().len() + (end - start);
        if end >= b.len() {
            return total;
        }
        start = end + 2;
    }
}

/// Writes the unsubstituted mangling of `name` (`n` components) to `plain`.
const fn write_name(w: &mut Work, name: &str, n: usize) -> Result<(), MangleError> {
    let b = name.as_bytes();
    if n > 1 {
        tri!(w.write(b"N"));
    }
    let mut start = 0;
    loop {
        let end = component_end(b, start);
        tri!(w.write(Decimal::new((end - start) as u128).as_bytes()));
        tri!(w.write(slice(b, start, end)));
        if end >= b.len() {
            break;
        }
        start = end + 2;
    }
    if n > 1 {
        tri!(w.write(b"E"));
    }
    Ok(())
}

/// The end, in `plain`, of the `<source-name>` that starts at `at` (its decimal length, then
/// that many bytes).
const fn source_name_end(w: &Work, mut at: usize) -> usize {
    let mut len = 0;
    while w.plain[at].is_ascii_digit() {
        len = len * 10 + (w.plain[at] - b'0') as usize;
        at += 1;
    }
    at + len
}

/// Emits the `N…E` nested name whose unsubstituted text starts at `at` in `plain` and has
/// `n` components (n ≥ 2): the longest prefix already seen as a substitution, the remaining
/// components, each new prefix (but the whole name) becoming a candidate, then the last
/// component and `E`. One pass over the components, no recursion.
const fn emit_nested(w: &mut Work, at: usize, n: usize) -> Result<(), MangleError> {
    tri!(w.push(b"N"));
    // A prefix is only ever added after its own parent prefix was seen, so the prefixes seen
    // before are exactly the first few: find how many, remembering where each ends.
    let mut end = at + 1;
    let mut k = 0;
    let mut seen = None;
    while k + 1 < n {
        let next = source_name_end(w, end);
        match w.find(at, next) {
            Some(i) => {
                seen = Some(i);
                end = next;
                k += 1;
            }
            None => break,
        }
    }
    if let Some(i) = seen {
        tri!(w.push_sub(i));
    }
    while k + 1 < n {
        let next = source_name_end(w, end);
        tri!(w.push_plain(end, next));
        tri!(w.add(at, next));
        end = next;
        k += 1;
    }
    let last = source_name_end(w, end);
    tri!(w.push_plain(end, last));
    w.push(b"E")
}

/// One level of a parameter type as the Itanium grammar reads it: `P` (pointer), `K` (const),
/// `A<len>_` (array), or the type it ends in.
#[derive(Clone, Copy)]
enum Level<'t> {
    Pointer(&'t CxxType, bool),
    Const(&'t CxxType),
    Array(usize, &'t CxxType, bool),
    Builtin(&'static str),
    Void,
    Named(&'static str),
    Unsupported,
}

/// The level `t` (`const`-qualified when `konst`) begins with.
const fn level(t: &CxxType, konst: bool) -> Level<'_> {
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
const fn below(l: Level<'_>) -> Option<(&CxxType, bool)> {
    match l {
        Level::Pointer(t, k) | Level::Array(_, t, k) => Some((t, k)),
        Level::Const(t) => Some((t, false)),
        _ => None,
    }
}

/// Writes the unsubstituted mangling of `t` to `plain`.
const fn write_type(w: &mut Work, t: &CxxType) -> Result<(), MangleError> {
    let mut cur = Some((t, false));
    while let Some((t, konst)) = cur {
        let l = level(t, konst);
        match l {
            Level::Pointer(..) => tri!(w.write(b"P")),
            Level::Const(_) => tri!(w.write(b"K")),
            Level::Array(len, ..) => {
                tri!(w.write(b"A"));
                tri!(w.write(Decimal::new(len as u128).as_bytes()));
                tri!(w.write(b"_"));
            }
            Level::Builtin(code) => tri!(w.write(code.as_bytes())),
            Level::Void => tri!(w.write(b"v")),
            Level::Named(name) => match check_path(name) {
                Some(n) => tri!(write_name(w, name, n)),
                None => return Err(MangleError::BadIdentifier { name }),
            },
            Level::Unsupported => return Err(MangleError::BadFunctionName),
        }
        cur = below(l);
    }
    Ok(())
}

/// The byte length of level `l`'s own prefix in the unsubstituted text (`P`, `K`, `A4_`).
const fn op_len(l: Level<'_>) -> usize {
    match l {
        Level::Pointer(..) | Level::Const(_) => 1,
        Level::Array(len, ..) => 2 + Decimal::new(len as u128).as_bytes().len(),
        _ => 0,
    }
}

/// Emits parameter type `t`, whose unsubstituted text is `plain[at..end]`, with
/// substitutions: from the outermost level in, each level already seen is replaced by its
/// substitution and ends the type; the others are written. Then the written levels become
/// candidates, innermost first, as the ABI numbers them. Builtin types are never candidates.
const fn emit_type(w: &mut Work, t: &CxxType, at: usize, end: usize) -> Result<(), MangleError> {
    let mut cur = (t, false);
    let mut pos = at;
    // How many levels were written (not substituted), and whether the last one written is a
    // candidate itself (a named type is; a builtin or `void` is not).
    let mut written = 0;
    let mut builtin_leaf = false;
    loop {
        let l = level(cur.0, cur.1);
        let builtin = matches!(l, Level::Builtin(_) | Level::Void);
        if !builtin {
            if let Some(i) = w.find(pos, end) {
                tri!(w.push_sub(i));
                break;
            }
        }
        match l {
            Level::Builtin(_) | Level::Void => {
                tri!(w.push_plain(pos, end));
                written += 1;
                builtin_leaf = true;
                break;
            }
            Level::Named(name) => {
                let n = match check_path(name) {
                    Some(n) => n,
                    None => return Err(MangleError::BadIdentifier { name }),
                };
                if n > 1 {
                    tri!(emit_nested(w, pos, n));
                } else {
                    tri!(w.push_plain(pos, end));
                }
                written += 1;
                break;
            }
            Level::Unsupported => return Err(MangleError::BadFunctionName),
            _ => {}
        }
        let op = op_len(l);
        tri!(w.push_plain(pos, pos + op));
        pos += op;
        written += 1;
        cur = match below(l) {
            Some(next) => next,
            None => return Err(MangleError::BadFunctionName),
        };
    }
    // Candidates from the innermost written level out: level `k` starts after the prefixes
    // of levels 0..k, found again by walking from the top (pointer chains are short; the
    // walk keeps the mangler free of recursion and of a per-level table).
    let mut k = written;
    while k > 0 {
        k -= 1;
        if k + 1 == written && builtin_leaf {
            continue;
        }
        tri!(w.add(level_start(t, at, k), end));
    }
    Ok(())
}

/// Where level `k` of `t` starts in `plain`, `t`'s text starting at `at`.
const fn level_start(t: &CxxType, at: usize, k: usize) -> usize {
    let mut cur = (t, false);
    let mut pos = at;
    let mut i = 0;
    while i < k {
        let l = level(cur.0, cur.1);
        pos += op_len(l);
        cur = match below(l) {
            Some(next) => next,
            None => return pos,
        };
        i += 1;
    }
    pos
}

/// Checks that a parameter's type can be named, without emitting it.
const fn check_param(t: &CxxType, index: usize) -> Result<(), MangleError> {
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
                return match check_path(name) {
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

/// Bytes of the unsubstituted mangling of `t` (what [`write_type`] writes), 0 where it
/// cannot be named.
const fn plain_type_len(t: &CxxType) -> usize {
    let mut total = 0;
    let mut cur = Some((t, false));
    while let Some((t, konst)) = cur {
        let l = level(t, konst);
        total += op_len(l);
        total += match l {
            Level::Builtin(code) => code.len(),
            Level::Void => 1,
            Level::Named(name) => match check_path(name) {
                Some(n) => plain_name_len(name, n),
                None => 0,
            },
            _ => 0,
        };
        cur = below(l);
    }
    total
}

/// A capacity with which [`mangle_in`] never runs out of space for this signature: enough
/// for the unsubstituted text of the name and every parameter (`U` bytes, which also bounds
/// the number of substitution candidates) and for the output, which substitutions can make
/// longer than `U` only by their digits (each replaces at least two bytes by `S`, at most
/// `digits` base-36 digits and `_`).
pub const fn mangled_capacity(name: &'static str, params: &[&CxxType]) -> usize {
    let mut plain = match check_path(name) {
        Some(n) => plain_name_len(name, n),
        None => name.len(),
    };
    let mut i = 0;
    while i < params.len() {
        plain += plain_type_len(params[i]);
        i += 1;
    }
    let mut digits = 1;
    let mut v = plain;
    while v >= 36 {
        v /= 36;
        digits += 1;
    }
    // `_Z`, a `v` for no parameters, and the growth of substitutions.
    plain + 3 + (plain / 2 + 1) * digits
}

/// The whole algorithm, in `w`'s space.
const fn run(w: &mut Work, name: &'static str, params: &[&CxxType]) -> Result<(), MangleError> {
    let n = match check_path(name) {
        Some(n) => n,
        None => return Err(MangleError::BadFunctionName),
    };
    tri!(w.push(b"_Z"));
    tri!(write_name(w, name, n));
    if n > 1 {
        tri!(emit_nested(w, 0, n));
    } else {
        let end = w.plain_len;
        tri!(w.push_plain(0, end));
    }
    let mut any = false;
    let mut i = 0;
    while i < params.len() {
        let t = params[i];
        if !matches!(t, CxxType::NoParameter) {
            tri!(check_param(t, i));
            let at = w.plain_len;
            tri!(write_type(w, t));
            let end = w.plain_len;
            tri!(emit_type(w, t, at, end));
            any = true;
        }
        i += 1;
    }
    if !any {
        tri!(w.push(b"v"));
    }
    Ok(())
}

/// Chapter 7: the Itanium mangled name of the function `name` (`scale` or `ns::inner::scale`)
/// taking `params` in order, in a buffer of [`MANGLED_MAX`] bytes (or
/// [`MangleError::TooLong`]; [`mangle_in`] takes any capacity). Zero-sized parameters
/// ([`CxxType::NoParameter`]) are skipped, as they have no `.param` either. The return type is
/// not part of a non-template function's name.
pub const fn mangle(name: &'static str, params: &[&CxxType]) -> Result<Mangled, MangleError> {
    mangle_in::<MANGLED_MAX>(name, params)
}

/// [`mangle`] with `N` bytes of working space; `N = mangled_capacity(name, params)` is always
/// enough, and is what `#[ptx(kernel = "…", abi = "c++")]` uses, so a kernel's name has no
/// fixed limit. The work is iterative: no recursion per name component or pointer level.
pub const fn mangle_in<const N: usize>(
    name: &'static str,
    params: &[&CxxType],
) -> Result<Mangled<N>, MangleError> {
    let mut out = [0u8; N];
    let mut plain = [0u8; N];
    let mut subs = [(0u32, 0u32); N];
    let len = {
        let mut w = Work {
            out: &mut out,
            len: 0,
            plain: &mut plain,
            plain_len: 0,
            subs: &mut subs,
            nsubs: 0,
        };
        tri!(run(&mut w, name, params));
        w.len
    };
    Ok(Mangled { buf: out, len })
}

/// [`mangle`] into a `String`, with the working space [`mangled_capacity`] asks for: no limit
/// on the name's length.
#[cfg(feature = "alloc")]
pub fn mangle_to_string(
    name: &'static str,
    params: &[&CxxType],
) -> Result<alloc::string::String, MangleError> {
    let cap = mangled_capacity(name, params);
    let (mut out, mut plain) = (alloc::vec![0u8; cap], alloc::vec![0u8; cap]);
    let mut subs = alloc::vec![(0u32, 0u32); cap];
    let mut w = Work {
        out: &mut out,
        len: 0,
        plain: &mut plain,
        plain_len: 0,
        subs: &mut subs,
        nsubs: 0,
    };
    run(&mut w, name, params)?;
    let len = w.len;
    out.truncate(len);
    // Only ASCII is ever written (identifiers are checked to be ASCII).
    Ok(alloc::string::String::from_utf8(out).unwrap_or_default())
}

/// What `#[ptx(kernel = "…", abi = "c++")]` generates reads from [`mangle_in`]'s result
/// (with `N = mangled_capacity(name, params)`): the message, naming the function, when the
/// name cannot be mangled.
pub const fn mangle_error<const N: usize>(
    name: &str,
    mangled: &Result<Mangled<N>, MangleError>,
) -> Option<ConstMsg<512>> {
    match mangled {
        Ok(_) => None,
        Err(e) => Some(
            ConstMsg::new()
                .str("C++ kernel `")
                .str(name)
                .str("`: ")
                .str(e.message().as_str()),
        ),
    }
}

/// The kernel's symbol from [`mangle_in`]'s result: the mangled name, or `""` when
/// [`mangle_error`] refuses it (that is then the compile error).
pub const fn mangled_name<const N: usize>(mangled: &Result<Mangled<N>, MangleError>) -> &str {
    match mangled {
        Ok(m) => m.as_str(),
        Err(_) => "",
    }
}
