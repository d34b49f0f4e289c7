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
//! Not covered (an error or a different name would result, so these are refused or left to the
//! user): template functions and template arguments, `std::` abbreviations (`St`, `Sa`, …),
//! anonymous namespaces (NVRTC names them `_GLOBAL__N__<hash>` per compilation), references,
//! function pointers, member functions and plain `char` (`c`; ptx-abi's `i8` is `signed char`).
//! Rust's `i64`/`u64` are `long long` (`x`/`y`); for C's `long`, `unsigned long` and `size_t`
//! (`l`/`m`) use [`crate::CLong`] and [`crate::CULong`].

use crate::layout::c_spelling;
use crate::layout::const_msg::ConstMsg;
use crate::layout::const_text::Decimal;
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};

/// The most bytes a mangled name built here can have.
pub const MANGLED_MAX: usize = 1024;

/// Chapter 7: the C++ type a ptx-abi type stands for in a mangled name ([`crate::PtxAbi::CXX`]).
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
    /// [`crate::PtxAbi::CXX`] (their pointee is only reachable through a function pointer,
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
    /// The name would exceed [`MANGLED_MAX`] bytes or the substitution table.
    TooLong,
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
            MangleError::TooLong => m.str("the mangled name is too long for ptx-abi's buffer"),
        }
    }
}

/// An Itanium-mangled name in a fixed buffer, usable in `const` items.
#[derive(Clone, Copy)]
pub struct Mangled {
    buf: [u8; MANGLED_MAX],
    len: usize,
}

/// The name being built and its substitution candidates.
#[derive(Clone, Copy)]
struct State {
    out: Mangled,
    /// Substitution candidates: (start, end) of each key in `keys`.
    subs: [(u16, u16); 128],
    nsubs: usize,
    keys: [u8; 2 * MANGLED_MAX],
    keys_len: usize,
}

impl core::fmt::Debug for Mangled {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Mangled").field(&self.as_str()).finish()
    }
}

impl Mangled {
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

impl State {
    const fn new() -> State {
        State {
            out: Mangled {
                buf: [0; MANGLED_MAX],
                len: 0,
            },
            subs: [(0, 0); 128],
            nsubs: 0,
            keys: [0; 2 * MANGLED_MAX],
            keys_len: 0,
        }
    }

    const fn push(mut self, s: &[u8]) -> Result<State, MangleError> {
        if self.out.len + s.len() > MANGLED_MAX {
            return Err(MangleError::TooLong);
        }
        let mut i = 0;
        while i < s.len() {
            self.out.buf[self.out.len] = s[i];
            self.out.len += 1;
            i += 1;
        }
        Ok(self)
    }

    const fn push_num(self, n: usize) -> Result<State, MangleError> {
        self.push(Decimal::new(n as u128).as_bytes())
    }

    /// `<source-name>`: the length in decimal, then the identifier.
    const fn push_ident(self, id: &[u8]) -> Result<State, MangleError> {
        match self.push_num(id.len()) {
            Ok(m) => m.push(id),
            Err(e) => Err(e),
        }
    }

    /// `S_`, `S0_`, … `S9_`, `SA_`, … `SZ_`, `S10_`, … for candidate `i`.
    const fn push_sub(self, i: usize) -> Result<State, MangleError> {
        if i == 0 {
            return self.push(b"S_");
        }
        let mut digits = [0u8; 8];
        let mut count = 0;
        let mut v = i - 1;
        loop {
            let d = (v % 36) as u8;
            digits[7 - count] = if d < 10 { b'0' + d } else { b'A' + d - 10 };
            count += 1;
            v /= 36;
            if v == 0 {
                break;
            }
        }
        let (_, tail) = digits.split_at(8 - count);
        match self.push(b"S") {
            Ok(m) => match m.push(tail) {
                Ok(m) => m.push(b"_"),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// Index of the candidate whose key equals `key`.
    const fn find(&self, key: &[u8]) -> Option<usize> {
        let mut i = 0;
        while i < self.nsubs {
            let (s, e) = self.subs[i];
            let (s, e) = (s as usize, e as usize);
            if e - s == key.len() {
                let mut j = 0;
                while j < key.len() && self.keys[s + j] == key[j] {
                    j += 1;
                }
                if j == key.len() {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }

    const fn add(mut self, key: &[u8]) -> Result<State, MangleError> {
        if self.nsubs == self.subs.len() || self.keys_len + key.len() > self.keys.len() {
            return Err(MangleError::TooLong);
        }
        let start = self.keys_len;
        let mut i = 0;
        while i < key.len() {
            self.keys[self.keys_len] = key[i];
            self.keys_len += 1;
            i += 1;
        }
        self.subs[self.nsubs] = (start as u16, self.keys_len as u16);
        self.nsubs += 1;
        Ok(self)
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

/// The key of a candidate: its mangling without substitutions, in a small buffer.
#[derive(Clone, Copy)]
struct Key {
    buf: [u8; MANGLED_MAX],
    len: usize,
}

impl Key {
    const fn new() -> Key {
        Key {
            buf: [0; MANGLED_MAX],
            len: 0,
        }
    }
    const fn push(mut self, s: &[u8]) -> Result<Key, MangleError> {
        if self.len + s.len() > MANGLED_MAX {
            return Err(MangleError::TooLong);
        }
        let mut i = 0;
        while i < s.len() {
            self.buf[self.len] = s[i];
            self.len += 1;
            i += 1;
        }
        Ok(self)
    }
    const fn push_num(self, n: usize) -> Result<Key, MangleError> {
        self.push(Decimal::new(n as u128).as_bytes())
    }
    const fn bytes(&self) -> &[u8] {
        let (b, _) = self.buf.split_at(self.len);
        b
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

/// The `::`-separated components of `name`: returns (start, end) of component `k`, or `None`.
const fn component(name: &[u8], k: usize) -> Option<(usize, usize)> {
    let mut start = 0;
    let mut idx = 0;
    let mut i = 0;
    while i <= name.len() {
        let sep = i + 1 < name.len() && name[i] == b':' && name[i + 1] == b':';
        if i == name.len() || sep {
            if idx == k {
                return Some((start, i));
            }
            idx += 1;
            start = i + 2;
            i += 2;
            continue;
        }
        i += 1;
    }
    None
}

const fn components(name: &[u8]) -> usize {
    let mut n = 0;
    while component(name, n).is_some() {
        n += 1;
    }
    n
}

const fn slice(b: &[u8], start: usize, end: usize) -> &[u8] {
    let (head, _) = b.split_at(end);
    let (_, mid) = head.split_at(start);
    mid
}

const fn check_path(name: &'static str) -> Result<usize, MangleError> {
    let b = name.as_bytes();
    let n = components(b);
    let mut k = 0;
    while k < n {
        let (s, e) = match component(b, k) {
            Some(r) => r,
            None => return Err(MangleError::BadIdentifier { name }),
        };
        let id = slice(b, s, e);
        if !is_ident(id)
            || (k == 0 && n > 1 && id.len() == 3 && id[0] == b's' && id[1] == b't' && id[2] == b'd')
        {
            return Err(MangleError::BadIdentifier { name });
        }
        k += 1;
    }
    Ok(n)
}

/// Key of the nested-name prefix made of the first `upto` components: `N2ns5inner` (never
/// ending in `E`, so never equal to a type's key).
const fn prefix_key(name: &[u8], upto: usize) -> Result<Key, MangleError> {
    let mut key = tri!(Key::new().push(b"N"));
    let mut k = 0;
    while k < upto {
        let (s, e) = match component(name, k) {
            Some(r) => r,
            None => return Err(MangleError::BadFunctionName),
        };
        key = tri!(tri!(key.push_num(e - s)).push(slice(name, s, e)));
        k += 1;
    }
    Ok(key)
}

/// Emits the prefix of the first `upto` components (upto ≥ 1), substituting the longest one
/// already seen and adding each new one as a candidate.
const fn emit_prefix(m: State, name: &[u8], upto: usize) -> Result<State, MangleError> {
    let key = tri!(prefix_key(name, upto));
    if let Some(i) = m.find(key.bytes()) {
        return m.push_sub(i);
    }
    let m = if upto > 1 {
        tri!(emit_prefix(m, name, upto - 1))
    } else {
        m
    };
    let (s, e) = match component(name, upto - 1) {
        Some(r) => r,
        None => return Err(MangleError::BadFunctionName),
    };
    let m = tri!(m.push_ident(slice(name, s, e)));
    m.add(key.bytes())
}

/// The key (unsubstituted mangling) of a type, `const`-qualified when `konst`.
const fn type_key(key: Key, t: &CxxType, konst: bool) -> Result<Key, MangleError> {
    if konst {
        if let CxxType::Array { elem, len } = *t {
            let key = tri!(tri!(tri!(key.push(b"A")).push_num(len)).push(b"_"));
            return type_key(key, elem, true);
        }
        let key = tri!(key.push(b"K"));
        return type_key(key, t, false);
    }
    match *t {
        CxxType::Builtin(code) => key.push(code.as_bytes()),
        CxxType::Void => key.push(b"v"),
        CxxType::Named(name) => {
            let b = name.as_bytes();
            let n = components(b);
            let mut key = if n > 1 { tri!(key.push(b"N")) } else { key };
            let mut k = 0;
            while k < n {
                let (s, e) = match component(b, k) {
                    Some(r) => r,
                    None => return Err(MangleError::BadIdentifier { name }),
                };
                key = tri!(tri!(key.push_num(e - s)).push(slice(b, s, e)));
                k += 1;
            }
            if n > 1 {
                key.push(b"E")
            } else {
                Ok(key)
            }
        }
        CxxType::Pointer {
            pointee,
            pointee_const,
        } => type_key(tri!(key.push(b"P")), pointee, pointee_const),
        CxxType::Array { elem, len } => {
            let key = tri!(tri!(tri!(key.push(b"A")).push_num(len)).push(b"_"));
            type_key(key, elem, false)
        }
        CxxType::NoParameter | CxxType::Unsupported(_) => Err(MangleError::TooLong),
    }
}

/// Emits `<type>` with substitutions, adding new candidates in the order the ABI numbers them
/// (inner components first).
const fn emit_type(m: State, t: &CxxType, konst: bool) -> Result<State, MangleError> {
    if !konst {
        match *t {
            CxxType::Builtin(code) => return m.push(code.as_bytes()),
            CxxType::Void => return m.push(b"v"),
            _ => {}
        }
    }
    let key = tri!(type_key(Key::new(), t, konst));
    if let Some(i) = m.find(key.bytes()) {
        return m.push_sub(i);
    }
    let m = if konst {
        match *t {
            // cv-qualifiers of an array apply to its elements: `A4_Kf`.
            CxxType::Array { elem, len } => {
                let m = tri!(tri!(tri!(m.push(b"A")).push_num(len)).push(b"_"));
                tri!(emit_type(m, elem, true))
            }
            _ => tri!(emit_type(tri!(m.push(b"K")), t, false)),
        }
    } else {
        match *t {
            CxxType::Named(name) => {
                let n = tri!(check_path(name));
                let b = name.as_bytes();
                if n > 1 {
                    let m = tri!(emit_prefix(tri!(m.push(b"N")), b, n - 1));
                    let (s, e) = match component(b, n - 1) {
                        Some(r) => r,
                        None => return Err(MangleError::BadIdentifier { name }),
                    };
                    tri!(tri!(m.push_ident(slice(b, s, e))).push(b"E"))
                } else {
                    tri!(m.push_ident(b))
                }
            }
            CxxType::Pointer {
                pointee,
                pointee_const,
            } => tri!(emit_type(tri!(m.push(b"P")), pointee, pointee_const)),
            CxxType::Array { elem, len } => {
                let m = tri!(tri!(tri!(m.push(b"A")).push_num(len)).push(b"_"));
                tri!(emit_type(m, elem, false))
            }
            _ => return Err(MangleError::TooLong),
        }
    };
    m.add(key.bytes())
}

/// Checks that a parameter's type can be named, without emitting it.
const fn check_param(t: &CxxType, index: usize, top: bool) -> Result<(), MangleError> {
    match *t {
        CxxType::Unsupported(reason) => Err(MangleError::Unsupported { index, reason }),
        CxxType::NoParameter => Err(MangleError::Unsupported {
            index,
            reason: "a zero-sized type has no C++ parameter",
        }),
        CxxType::Array { elem, .. } => {
            if top {
                Err(MangleError::ArrayByValue { index })
            } else {
                check_param(elem, index, false)
            }
        }
        CxxType::Pointer { pointee, .. } => check_param(pointee, index, false),
        CxxType::Named(name) => match check_path(name) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        },
        CxxType::Void => {
            if top {
                Err(MangleError::Unsupported {
                    index,
                    reason: "`void` is not a parameter type",
                })
            } else {
                Ok(())
            }
        }
        CxxType::Builtin(_) => Ok(()),
    }
}

/// Chapter 7: the Itanium mangled name of the function `name` (`scale` or `ns::inner::scale`)
/// taking `params` in order. Zero-sized parameters ([`CxxType::NoParameter`]) are skipped, as
/// they have no `.param` either. The return type is not part of a non-template function's
/// name.
pub const fn mangle(name: &'static str, params: &[&CxxType]) -> Result<Mangled, MangleError> {
    let b = name.as_bytes();
    let n = match check_path(name) {
        Ok(n) => n,
        Err(_) => return Err(MangleError::BadFunctionName),
    };
    let mut m = tri!(State::new().push(b"_Z"));
    if n > 1 {
        m = tri!(emit_prefix(tri!(m.push(b"N")), b, n - 1));
        let (s, e) = match component(b, n - 1) {
            Some(r) => r,
            None => return Err(MangleError::BadFunctionName),
        };
        m = tri!(tri!(m.push_ident(slice(b, s, e))).push(b"E"));
    } else {
        m = tri!(m.push_ident(b));
    }
    let mut any = false;
    let mut i = 0;
    while i < params.len() {
        let t = params[i];
        if !matches!(t, CxxType::NoParameter) {
            tri!(check_param(t, i, true));
            m = tri!(emit_type(m, t, false));
            any = true;
        }
        i += 1;
    }
    if !any {
        m = tri!(m.push(b"v"));
    }
    Ok(m.out)
}

/// [`mangle`], stopping compilation with a message naming the function when the name cannot be
/// mangled (for `const` items generated by `#[ptx(kernel = "…", abi = "c++")]`).
pub const fn mangle_or_panic(name: &'static str, params: &[&CxxType]) -> Mangled {
    match mangle(name, params) {
        Ok(m) => m,
        Err(e) => {
            let msg: ConstMsg<512> = ConstMsg::new()
                .str("C++ kernel `")
                .str(name)
                .str("`: ")
                .str(e.message().as_str());
            panic!("{}", msg.as_str())
        }
    }
}
