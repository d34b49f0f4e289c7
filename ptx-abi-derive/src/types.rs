//! What can be told about a field's type from its tokens alone: the fundamental types, the
//! shapes with no PTX representation (with a message saying what to use instead), and
//! `Pad<T, N>`. Anything else is left to the compiler through trait bounds.

use syn::{GenericArgument, PathArguments, Type};

/// A type recognized by name.
pub enum Known<'a> {
    /// An integer type with its width in bits.
    Int(u32),
    /// `bool`.
    Bool,
    /// `f32`, `f64`, `f16`.
    Float,
    /// `[T; N]`.
    Array,
    /// A CUDA vector alias or `Vector<..>`.
    Vector,
    /// A raw pointer, `DevicePtr<T>` or a handle.
    Pointer,
    /// `Pad<T, N>`: the unit type and the width, when written as a literal.
    Pad(&'a Type, Option<&'a syn::Expr>),
    /// Something else (an aggregate, a generic parameter, an alias…).
    Other,
}

fn last_segment(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last(),
        Type::Group(g) => last_segment(&g.elem),
        Type::Paren(p) => last_segment(&p.elem),
        _ => None,
    }
}

const VECTOR_PREFIXES: &[&str] = &[
    "Char",
    "UChar",
    "Short",
    "UShort",
    "Int",
    "UInt",
    "Float",
    "Long",
    "ULong",
    "LongLong",
    "ULongLong",
    "Double",
    "Half",
];

fn is_vector_name(name: &str) -> bool {
    name == "Vector"
        || VECTOR_PREFIXES.iter().any(|p| {
            name.strip_prefix(p)
                .is_some_and(|rest| matches!(rest, "1" | "2" | "3" | "4"))
        })
}

/// Classifies a field type by its spelling.
pub fn classify(ty: &Type) -> Known<'_> {
    match ty {
        Type::Array(_) => return Known::Array,
        Type::Ptr(_) => return Known::Pointer,
        Type::Group(g) => return classify(&g.elem),
        Type::Paren(p) => return classify(&p.elem),
        _ => {}
    }
    let Some(seg) = last_segment(ty) else {
        return Known::Other;
    };
    let name = seg.ident.to_string();
    match name.as_str() {
        "u8" | "i8" => Known::Int(8),
        "u16" | "i16" => Known::Int(16),
        "u32" | "i32" => Known::Int(32),
        "u64" | "i64" => Known::Int(64),
        "bool" => Known::Bool,
        "f32" | "f64" | "f16" => Known::Float,
        "DevicePtr" | "TexRef" | "SamplerRef" | "SurfRef" => Known::Pointer,
        "Pad" => pad_args(seg),
        n if is_vector_name(n) => Known::Vector,
        _ => Known::Other,
    }
}

fn pad_args(seg: &syn::PathSegment) -> Known<'_> {
    let PathArguments::AngleBracketed(args) = &seg.arguments else {
        return Known::Other;
    };
    let mut it = args.args.iter();
    match (it.next(), it.next()) {
        (Some(GenericArgument::Type(unit)), Some(GenericArgument::Const(width))) => {
            Known::Pad(unit, Some(width))
        }
        // `Pad<T, 3>` parses the literal as a const argument; `Pad<T, {N}>` too.
        (Some(GenericArgument::Type(unit)), _) => Known::Pad(unit, None),
        _ => Known::Other,
    }
}

/// Why a type has no PTX representation, with what to write instead; `None` if it may have
/// one. Looks inside arrays. Returns the offending sub-type for the span.
pub fn unsupported(ty: &Type) -> Option<(&Type, String)> {
    let message = match ty {
        Type::Array(a) => return unsupported(&a.elem),
        Type::Group(g) => return unsupported(&g.elem),
        Type::Paren(p) => return unsupported(&p.elem),
        Type::Reference(_) => "a reference points into host memory, which a kernel cannot read; \
             use `DevicePtr<T>` for a device address"
            .to_string(),
        Type::Slice(_) => "a slice has no fixed size; use an array `[T; N]`, or a \
             `DevicePtr<T>` and a length"
            .to_string(),
        Type::Tuple(t) if t.elems.is_empty() => {
            "`()` has no C representation; remove the field or use `PhantomData`".to_string()
        }
        Type::Tuple(_) => "tuples have no C layout; use a struct that derives `PtxAbi`, \
             or an array"
            .to_string(),
        Type::TraitObject(_) | Type::ImplTrait(_) => {
            "trait objects have no PTX layout; use a concrete type that derives `PtxAbi`"
                .to_string()
        }
        Type::BareFn(_) => "function pointers are not part of the PTX data ABI; pass a \
             `DevicePtr` or an index instead"
            .to_string(),
        Type::Never(_) => "`!` has no values to lay out".to_string(),
        _ => return by_name(ty).map(|m| (ty, m)),
    };
    Some((ty, message))
}

fn by_name(ty: &Type) -> Option<String> {
    let seg = last_segment(ty)?;
    let name = seg.ident.to_string();
    let msg = match name.as_str() {
        "usize" | "isize" => format!(
            "`{name}` is as wide as the host's pointers, which the device need not share; \
             use `{}64` (or `{}32`) to fix the width",
            &name[..1],
            &name[..1]
        ),
        "u128" | "i128" => format!(
            "PTX has no 128-bit integer type (§1.1); use `[{}64; 2]` or two 64-bit fields",
            &name[..1]
        ),
        "char" => "`char` is a 4-byte Unicode scalar in Rust but a 1-byte integer in C; \
                   use `i8` or `u8` for C's `char`, or `u32` for a code point"
            .to_string(),
        "String" | "Vec" | "Box" | "Rc" | "Arc" | "HashMap" | "BTreeMap" | "Cow" => format!(
            "`{name}` owns host heap memory, which a kernel cannot read; put the data in device \
             memory and pass a `DevicePtr<T>` (and a length)"
        ),
        "str" | "CStr" | "CString" | "OsString" | "PathBuf" => {
            format!("`{name}` has no fixed size in PTX; use a `[u8; N]` array or a `DevicePtr<u8>`")
        }
        "Option" => "`Option<T>` has no C layout; use a flag field, or a nullable \
                     `DevicePtr<T>` for an optional pointer"
            .to_string(),
        "Cell" | "RefCell" | "Mutex" | "RwLock" => format!(
            "`{name}` is host-side interior mutability with no PTX layout; store the plain value"
        ),
        _ => return None,
    };
    Some(msg)
}
