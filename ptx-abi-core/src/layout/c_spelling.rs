//! How a PTX type is written in CUDA C/C++: the one home of every C spelling ptx-abi writes.
//!
//! - §1.1's fundamental types: [`scalar`] (`unsigned int`, `__half`, …);
//! - §1.2's native vectors: [`vector_c_name`] (`float4`, `longlong2`, …) and the class C++
//!   mangles a vector by ([`vector_class`]: `half2` is `typedef __half2 half2`);
//! - §1.4's handles: [`HANDLE`] (`cudaTextureObject_t` is an `unsigned long long`);
//! - (CUDA's own types beyond the guide, `double4`, `__nv_bfloat16`, `CUtensorMap`, are spelled
//!   by their one table, `types::cuda::CUDA_TYPES`, with their headers and releases);
//! - C and C++ keywords ([`is_keyword`]), which no member or type may be named;
//! - with `alloc`: member names as C identifiers (`c_identifier`), whole type names
//!   (`c_type_name`, `member_c_type`) and member declarations (`member_declaration`).
//!
//! Who reads it: CUDA headers and C type checks (`report/`), the C names of generic
//! instantiations (`layout/c_name.rs`) and C++ names (`abi/itanium.rs`, chapter 7). It lives
//! in `layout/` rather than `report/` because two of those readers are `const` and build
//! without `alloc` (`report/` needs `alloc`), and
//! `layout/` is the room every other room may depend on; it reads only the model
//! ([`crate::layout::desc`]).

use crate::layout::const_text::same_str;
use crate::layout::desc::Scalar;
#[cfg(feature = "alloc")]
use crate::layout::desc::{Member, TypeDesc, TypeKind};
#[cfg(feature = "alloc")]
use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};

/// §1.1: the CUDA C spelling of a fundamental type.
pub const fn scalar(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I8 => "signed char",
        Scalar::U8 => "unsigned char",
        Scalar::I16 => "short",
        Scalar::U16 => "unsigned short",
        Scalar::I32 => "int",
        Scalar::U32 => "unsigned int",
        Scalar::I64 => "long long",
        Scalar::U64 => "unsigned long long",
        Scalar::F16 => "__half",
        Scalar::F32 => "float",
        Scalar::F64 => "double",
    }
}

impl Scalar {
    /// The CUDA C spelling of the type ([`scalar`]). Defined here rather than in `desc.rs` so
    /// that the model does not import its C spelling (this module reads the model).
    pub const fn c_name(self) -> &'static str {
        scalar(self)
    }
}

/// §1.4: how C spells a texture, sampler or surface handle (`cudaTextureObject_t` and
/// `cudaSurfaceObject_t` are `unsigned long long`).
pub const HANDLE: &str = "unsigned long long";

/// §1.2 with CUDA's names: the vectors of `elem` with 1 to 4 lanes (`""` where CUDA has none).
/// Where CUDA has two names for one shape (`longlong2` and `long2`), the `long long` one.
const fn vector_names(elem: Scalar) -> [&'static str; 4] {
    match elem {
        Scalar::I8 => ["char1", "char2", "char3", "char4"],
        Scalar::U8 => ["uchar1", "uchar2", "uchar3", "uchar4"],
        Scalar::I16 => ["short1", "short2", "short3", "short4"],
        Scalar::U16 => ["ushort1", "ushort2", "ushort3", "ushort4"],
        Scalar::I32 => ["int1", "int2", "int3", "int4"],
        Scalar::U32 => ["uint1", "uint2", "uint3", "uint4"],
        Scalar::F32 => ["float1", "float2", "float3", "float4"],
        Scalar::I64 => ["longlong1", "longlong2", "", ""],
        Scalar::U64 => ["ulonglong1", "ulonglong2", "", ""],
        Scalar::F64 => ["double1", "double2", "", ""],
        Scalar::F16 => ["half1", "half2", "half3", "half4"],
        Scalar::Bool => ["", "", "", ""],
    }
}

/// CUDA's name of a native vector type (`float4`, `longlong2`, …), or `"vector"` for a shape
/// CUDA does not name.
pub const fn vector_c_name(elem: Scalar, lanes: usize) -> &'static str {
    match cuda_vector(elem, lanes) {
        Some(name) => name,
        None => "vector",
    }
}

/// CUDA's name of a native vector type, if CUDA names that shape.
const fn cuda_vector(elem: Scalar, lanes: usize) -> Option<&'static str> {
    if lanes == 0 || lanes > 4 {
        return None;
    }
    let name = vector_names(elem)[lanes - 1];
    if name.is_empty() {
        None
    } else {
        Some(name)
    }
}

/// Chapter 7: the class a C++ name of a native vector encodes, where C++ has one: the vector's
/// CUDA name, except `half2`, which is `typedef __half2 half2;` in `cuda_fp16.h` (so `__half2`);
/// `None` for the other `__half` vectors (CUDA has no `half1`, `half3`, `half4` class) and for
/// shapes CUDA does not name.
pub const fn vector_class(elem: Scalar, lanes: usize) -> Option<&'static str> {
    match (elem, lanes) {
        (Scalar::F16, 2) => Some("__half2"),
        (Scalar::F16, _) => None,
        _ => cuda_vector(elem, lanes),
    }
}

/// C11, C++20 and CUDA keywords: no type or member can be named by one. A Rust field named
/// like one gets a trailing `_` in C (`c_identifier`); `#[ptx(c_name = "…")]` refuses them
/// ([`crate::layout::attr_checks::c_name_error`]).
const KEYWORDS: &[&str] = &[
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Bool",
    "_Complex",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char16_t",
    "char32_t",
    "char8_t",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "compl",
    "concept",
    "const",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
];

/// Whether `name` is a C or C++ keyword (C11, C++20, CUDA), which cannot name a type or member.
pub const fn is_keyword(name: &str) -> bool {
    if !RESERVED.may_hold(name) {
        return false;
    }
    let mut i = 0;
    while i < KEYWORDS.len() {
        if same_str(KEYWORDS[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

/// Names that CUDA's headers and the C headers they include already declare, as a type
/// (`float4`, `size_t`, `half`, `CUtensorMap`) or a macro (`NULL`, `offsetof`): a generated
/// header, which includes them, cannot declare a type or member under one of them (NVRTC 12.9:
/// "class \"float4\" has already been defined", "invalid redeclaration of type name
/// \"size_t\"", and `NULL` expands to an expression). CUDA's own C++ types
/// (`types::CUDA_TYPES`) are here by their C names, which a test keeps in step.
#[rustfmt::skip]
const HEADER_NAMES: &[&str] = &[
    // vector_types.h
    "char1", "char2", "char3", "char4", "uchar1", "uchar2", "uchar3", "uchar4",
    "short1", "short2", "short3", "short4", "ushort1", "ushort2", "ushort3", "ushort4",
    "int1", "int2", "int3", "int4", "uint1", "uint2", "uint3", "uint4",
    "long1", "long2", "long3", "long4", "ulong1", "ulong2", "ulong3", "ulong4",
    "longlong1", "longlong2", "longlong3", "longlong4",
    "ulonglong1", "ulonglong2", "ulonglong3", "ulonglong4",
    "float1", "float2", "float3", "float4", "double1", "double2", "double3", "double4", "dim3",
    // CUDA 13's aligned 4-lane vectors
    "long4_16a", "long4_32a", "ulong4_16a", "ulong4_32a", "longlong4_16a", "longlong4_32a",
    "ulonglong4_16a", "ulonglong4_32a", "double4_16a", "double4_32a",
    // cuda_fp16.h, cuda_bf16.h, cuda.h, the runtime's handles
    "half", "half2", "nv_bfloat16", "nv_bfloat162", "CUtensorMap", "CUtensorMap_st",
    "CUdeviceptr", "cudaTextureObject_t", "cudaSurfaceObject_t", "cudaStream_t", "cudaEvent_t",
    "cudaError_t",
    // stddef.h, stdint.h (NVRTC declares these itself)
    "size_t", "ptrdiff_t", "max_align_t", "nullptr_t", "int8_t", "int16_t", "int32_t",
    "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "intptr_t", "uintptr_t",
    "intmax_t", "uintmax_t",
    // macros of stddef.h, assert.h, errno.h, limits.h, math.h
    "NULL", "offsetof", "assert", "errno", "EOF", "INFINITY", "NAN", "CHAR_BIT", "INT_MAX",
    "INT_MIN", "UINT_MAX", "LONG_MAX", "LONG_MIN", "ULONG_MAX", "LLONG_MAX", "LLONG_MIN",
    "ULLONG_MAX", "SIZE_MAX",
];

/// Whether CUDA's headers (or the C headers they include) already declare `name` as a type or
/// a macro, so that a generated header cannot declare a type or member under it: the types of
/// `vector_types.h` and CUDA 13's aligned vectors, `half`, `CUtensorMap`, the `stddef.h` and
/// `stdint.h` types, and the macros `NULL`, `offsetof`, `assert` and the `limits.h` bounds.
pub const fn is_header_name(name: &str) -> bool {
    if !RESERVED.may_hold(name) {
        return false;
    }
    let mut i = 0;
    while i < HEADER_NAMES.len() {
        if same_str(HEADER_NAMES[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

/// A filter in front of the scans of [`KEYWORDS`] and [`HEADER_NAMES`]: one of 4,096 bits per
/// hash of a name's length, first and last byte, set for every listed name, so that nearly every name
/// a user writes is cleared by one lookup. The derive checks every type's and member's name in
/// `const` evaluation, where each step of a scan of some 250 names cost about 25 million of
/// rustc's instructions per type (`cargo xtask bench-compile`, issue 31).
struct NameFilter([u64; 64]);

impl NameFilter {
    /// The filter of every name in `lists`.
    const fn of(lists: &[&[&str]]) -> NameFilter {
        let mut bits = [0u64; 64];
        let mut l = 0;
        while l < lists.len() {
            let mut i = 0;
            while i < lists[l].len() {
                let h = Self::hash(lists[l][i]);
                bits[h / 64] |= 1 << (h % 64);
                i += 1;
            }
            l += 1;
        }
        NameFilter(bits)
    }

    /// A hash in `0..4096` of the name's length, first and last byte.
    const fn hash(name: &str) -> usize {
        let b = name.as_bytes();
        match (b.first(), b.last()) {
            (Some(&first), Some(&last)) => {
                (b.len() * 131 + first as usize * 31 + last as usize * 7) % 4096
            }
            _ => 0,
        }
    }

    /// `false` when `name` is in none of the filtered lists; `true` when it may be.
    const fn may_hold(&self, name: &str) -> bool {
        let h = Self::hash(name);
        self.0[h / 64] >> (h % 64) & 1 != 0
    }
}

/// The filter of [`KEYWORDS`] and [`HEADER_NAMES`].
const RESERVED: NameFilter = NameFilter::of(&[KEYWORDS, HEADER_NAMES]);

/// What [`c_identifier`] puts before `name`: `_` for a tuple field's `0`, else nothing.
pub const fn c_prefix(name: &str) -> &'static str {
    match name.as_bytes().first() {
        Some(b) if b.is_ascii_digit() => "_",
        _ => "",
    }
}

/// What [`c_identifier`] puts after `name`: `_` for a C or C++ keyword or a name CUDA's
/// headers declare ([`is_header_name`]: `NULL`, `size_t`), else nothing.
pub const fn c_suffix(name: &str) -> &'static str {
    if !c_prefix(name).is_empty() || !(is_keyword(name) || is_header_name(name)) {
        ""
    } else {
        "_"
    }
}

/// Whether two member names are one identifier in C ([`c_identifier`] of both is equal),
/// in a `const fn`: `class` and `class_`, `0` and `_0`, `x` and `x`.
pub const fn same_c_identifier(a: &str, b: &str) -> bool {
    let pa = (c_prefix(a).as_bytes(), a.as_bytes(), c_suffix(a).as_bytes());
    let pb = (c_prefix(b).as_bytes(), b.as_bytes(), c_suffix(b).as_bytes());
    let len = pa.0.len() + pa.1.len() + pa.2.len();
    if len != pb.0.len() + pb.1.len() + pb.2.len() {
        return false;
    }
    let mut i = 0;
    while i < len {
        if byte_at(pa, i) != byte_at(pb, i) {
            return false;
        }
        i += 1;
    }
    true
}

/// Byte `i` of three byte strings read one after another.
const fn byte_at(parts: (&[u8], &[u8], &[u8]), i: usize) -> u8 {
    if i < parts.0.len() {
        parts.0[i]
    } else if i < parts.0.len() + parts.1.len() {
        parts.1[i - parts.0.len()]
    } else {
        parts.2[i - parts.0.len() - parts.1.len()]
    }
}

/// A member name as a C identifier: tuple fields `0` become `_0`, keywords and names CUDA's
/// headers declare get a `_`, and a character outside ASCII (Rust's `café`) is written as a
/// universal character name (`caf\u00e9`), which NVRTC accepts where it refuses the UTF-8.
#[cfg(feature = "alloc")]
pub fn c_identifier(name: &str) -> String {
    let mut out = String::from(c_prefix(name));
    for c in name.chars() {
        match c as u32 {
            0..=0x7f => out.push(c),
            u @ 0x80..=0xffff => out.push_str(&format!("\\u{u:04x}")),
            u => out.push_str(&format!("\\U{u:08x}")),
        }
    }
    out.push_str(c_suffix(name));
    out
}

/// The element type and the array dimensions of a type (`[[i32; 3]; 2]` → `int`, `[2, 3]`).
#[cfg(feature = "alloc")]
fn base_and_dims(ty: &TypeDesc) -> (&TypeDesc, Vec<usize>) {
    let mut dims = Vec::new();
    let mut t = ty;
    while let TypeKind::Array { elem, len } = t.kind {
        dims.push(len);
        t = elem;
    }
    (t, dims)
}

/// `[2][3]`: the array dimensions C writes after a declarator.
#[cfg(feature = "alloc")]
fn dims_text(dims: &[usize]) -> String {
    dims.iter().map(|d| format!("[{d}]")).collect()
}

/// How CUDA C spells a type, without array dimensions (an array is spelled by its element).
/// Aggregates and enums by their C name (the [`TypeDesc`] name); a pointer to `T` as `T*`,
/// to a zero-sized type as `void*`.
#[cfg(feature = "alloc")]
pub fn c_type_name(ty: &TypeDesc) -> String {
    match ty.kind {
        TypeKind::Scalar(s) => scalar(s).to_string(),
        TypeKind::Pad { unit, .. } => scalar(unit).to_string(),
        TypeKind::Pointer { pointee } => {
            let target = pointee();
            match target.kind {
                TypeKind::Phantom => "void*".to_string(),
                _ => format!("{}*", c_type_name(base_and_dims(target).0)),
            }
        }
        TypeKind::Handle(_) => HANDLE.to_string(),
        TypeKind::Vector { elem, lanes } => vector_c_name(elem, lanes).to_string(),
        TypeKind::Array { .. } => c_type_name(base_and_dims(ty).0),
        TypeKind::Aggregate { .. } | TypeKind::EmptyClass { .. } | TypeKind::Enum { .. } => {
            ty.name.to_string()
        }
        TypeKind::Phantom => "void".to_string(),
    }
}

/// A member's type as a report shows it: `float[3]`, `unsigned int` (for `x : 3`).
#[cfg(feature = "alloc")]
pub fn member_c_type(m: &Member) -> String {
    let (base, dims) = base_and_dims(m.ty);
    format!("{}{}", c_type_name(base), dims_text(&dims))
}

/// One member declaration: `unsigned int kind : 3;`, `float h[3];`, `unsigned short : 7;`,
/// `alignas(128) unsigned int flags[8];` (a member's `alignas`, §1.2: the keyword, which nvcc
/// and NVRTC both apply above a `#pragma pack`, where NVRTC caps GNU's `aligned` attribute at
/// the packing: `docs/nvidia-notes.md`). `None` for members with no C counterpart
/// (`PhantomData`).
#[cfg(feature = "alloc")]
pub fn member_declaration(m: &Member) -> Option<String> {
    let name = c_identifier(m.name);
    let align = if m.align == 0 {
        String::new()
    } else {
        format!("alignas({}) ", m.align)
    };
    match (m.bits, m.ty.kind) {
        (_, TypeKind::Phantom) => None,
        (_, TypeKind::Pad { unit, width }) => Some(format!("{} : {width};", scalar(unit))),
        (Some(w), _) => Some(format!("{} {name} : {w};", c_type_name(m.ty))),
        (None, _) => {
            let (base, dims) = base_and_dims(m.ty);
            Some(format!(
                "{align}{} {name}{};",
                c_type_name(base),
                dims_text(&dims)
            ))
        }
    }
}
