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
        Type::Reference(r) if is_trait_object(&r.elem) => TRAIT_OBJECT.to_string(),
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
        Type::TraitObject(_) | Type::ImplTrait(_) => TRAIT_OBJECT.to_string(),
        Type::BareFn(_) => "function pointers are not part of the PTX data ABI; pass a \
             `DevicePtr` or an index instead"
            .to_string(),
        Type::Never(_) => "`!` has no values to lay out".to_string(),
        _ => return by_name(ty).map(|m| (ty, m)),
    };
    Some((ty, message))
}

const TRAIT_OBJECT: &str = "trait objects have no PTX layout: a kernel cannot call host \
     methods; use a concrete type that derives `PtxAbi`";

fn is_trait_object(ty: &Type) -> bool {
    match ty {
        Type::TraitObject(_) | Type::ImplTrait(_) => true,
        Type::Group(g) => is_trait_object(&g.elem),
        Type::Paren(p) => is_trait_object(&p.elem),
        _ => false,
    }
}

/// The first type argument of a path segment (`T` of `Box<T>`).
fn first_type_arg(seg: &syn::PathSegment) -> Option<&Type> {
    let PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    args.args.iter().find_map(|a| match a {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

fn by_name(ty: &Type) -> Option<String> {
    let seg = last_segment(ty)?;
    let name = seg.ident.to_string();
    if matches!(name.as_str(), "Box" | "Rc" | "Arc")
        && first_type_arg(seg).is_some_and(is_trait_object)
    {
        return Some(TRAIT_OBJECT.to_string());
    }
    let msg = match name.as_str() {
        "usize" | "isize" => format!(
            "`{name}` is as wide as the host's pointers, which the device need not share; \
             use `{}64` (or `{}32`) to fix the width",
            &name[..1],
            &name[..1]
        ),
        "u128" | "i128" => {
            format!(
            "PTX has no 128-bit integer type (§1.1); for CUDA's `{}__int128` (16 bytes, aligned \
             16) use `{}` (CUDA's `{}`, same size and alignment) and combine the halves \
             (low first)",
            if name == "u128" { "unsigned " } else { "" },
            if name == "u128" { "ULongLong2" } else { "LongLong2" },
            if name == "u128" { "ulonglong2" } else { "longlong2" },
        )
        }
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
        "ManuallyDrop" => "`ManuallyDrop<T>` has no PTX layout; use `T` itself (a Rust \
                           `union` member must be `Copy`: derive `Clone` and `Copy` on `T`)"
            .to_string(),
        "MaybeUninit" => "`MaybeUninit<T>` may hold uninitialized bytes, which have no PTX \
                          image; use `T` itself"
            .to_string(),
        "Cell" | "RefCell" | "Mutex" | "RwLock" => format!(
            "`{name}` is host-side interior mutability with no PTX layout; store the plain value"
        ),
        _ => return None,
    };
    Some(msg)
}

/// A type as the user would write it (`Vector<f64, 3>`, `[u8; 4]`), for messages.
pub fn spell(tokens: &impl quote::ToTokens) -> String {
    let mut s = tokens.to_token_stream().to_string();
    for (from, to) in [
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" ,", ","),
        (" ;", ";"),
        ("[ ", "["),
        (" ]", "]"),
        (" :: ", "::"),
        (":: ", "::"),
        ("& ", "&"),
    ] {
        s = s.replace(from, to);
    }
    s
}

/// The size in bytes of a fundamental type spelled by name (§1.1), `None` for anything else.
pub fn scalar_size(ty: &Type) -> Option<u64> {
    match classify(ty) {
        Known::Int(bits) => Some(u64::from(bits / 8)),
        Known::Bool => Some(1),
        Known::Float => match last_segment(ty)?.ident.to_string().as_str() {
            "f16" => Some(2),
            "f32" => Some(4),
            "f64" => Some(8),
            _ => None,
        },
        _ => None,
    }
}

/// The alignment of a member of type `ty` at `.address_size 64` when the spelling alone
/// settles it: fundamental types, pointers and handles (§1.1, §1.4), native vectors (§1.2)
/// and arrays of these. Aggregates are left to the layout engine.
pub fn known_align(ty: &Type) -> Option<u64> {
    match ty {
        Type::Array(a) => known_align(&a.elem),
        Type::Group(g) => known_align(&g.elem),
        Type::Paren(p) => known_align(&p.elem),
        _ => match classify(ty) {
            Known::Pointer => Some(8),
            Known::Vector => vector_align(ty),
            _ => scalar_size(ty),
        },
    }
}

/// §1.2: a vector of `n` lanes is aligned like its lane when `n` is odd, to `n` lanes when
/// `n` is even. `None` for a shape PTX does not have ([`vector_problem`] reports those).
fn vector_align(ty: &Type) -> Option<u64> {
    let seg = last_segment(ty)?;
    let name = seg.ident.to_string();
    let (size, lanes) = if name == "Vector" {
        let PathArguments::AngleBracketed(args) = &seg.arguments else {
            return None;
        };
        let mut it = args.args.iter();
        let (Some(GenericArgument::Type(elem)), Some(GenericArgument::Const(n))) =
            (it.next(), it.next())
        else {
            return None;
        };
        let lanes = match n {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) => n.base10_parse::<u64>().ok()?,
            _ => return None,
        };
        match classify(elem) {
            Known::Int(_) | Known::Float => (scalar_size(elem)?, lanes),
            _ => return None,
        }
    } else {
        let digit = name.chars().last()?;
        let (prefix, lanes) = name.split_at(name.len() - digit.len_utf8());
        let size = match prefix {
            "Char" | "UChar" => 1,
            "Short" | "UShort" | "Half" => 2,
            "Int" | "UInt" | "Float" => 4,
            "Long" | "ULong" | "LongLong" | "ULongLong" | "Double" => 8,
            _ => return None,
        };
        (size, lanes.parse().ok()?)
    };
    let max = if size == 8 { 2 } else { 4 };
    if !(1..=max).contains(&lanes) {
        return None;
    }
    Some(if lanes % 2 == 0 { lanes * size } else { size })
}

/// Why a `Vector<E, N>` (possibly an array element) is not a PTX vector (§1.2), when the
/// spelling settles it; with the offending type for the span.
pub fn vector_problem(ty: &Type) -> Option<(&Type, String)> {
    match ty {
        Type::Array(a) => return vector_problem(&a.elem),
        Type::Group(g) => return vector_problem(&g.elem),
        Type::Paren(p) => return vector_problem(&p.elem),
        _ => {}
    }
    let seg = last_segment(ty)?;
    if seg.ident != "Vector" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    let mut it = args.args.iter();
    let Some(GenericArgument::Type(elem)) = it.next() else {
        return None;
    };
    let lanes = match it.next() {
        Some(GenericArgument::Const(syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(n),
            ..
        }))) => n.base10_parse::<u64>().ok(),
        _ => None,
    };
    let n = lanes.map_or_else(|| "N".to_string(), |n| n.to_string());
    let e = spell(elem);
    let not_a_vector = format!("`Vector<{e}, {n}>` is not a PTX vector");
    let instead = same_layout_instead(&e, lanes, &n);
    let kind = match classify(elem) {
        Known::Bool => {
            return Some((
                ty,
                format!(
                    "{not_a_vector}: `bool` cannot be a vector lane (§1.2); use `[bool; {n}]` \
                     (C's `bool[{n}]`: aligned 1), or `UChar{n}` (CUDA's `uchar{n}`, aligned \
                     like it) holding 0 or 1"
                ),
            ))
        }
        Known::Int(_) | Known::Float => {
            let size = scalar_size(elem)?;
            let max = if size == 8 { 2 } else { 4 };
            let lanes = lanes?;
            if (1..=max).contains(&lanes) {
                return None;
            }
            let rule = if size == 8 {
                "vectors of 8-byte lanes have 1 or 2 lanes"
            } else {
                "vectors have 1 to 4 lanes"
            };
            return Some((ty, format!("{not_a_vector}: {rule} (§1.2); {instead}")));
        }
        Known::Array => "an array",
        Known::Vector => "a vector",
        Known::Pointer => "a pointer or handle",
        Known::Pad(..) => "an unnamed bit-field",
        Known::Other => return None,
    };
    Some((
        ty,
        format!(
            "{not_a_vector}: its lanes must be integers or floating-point numbers, not {kind} \
             (§1.2); {instead}"
        ),
    ))
}

/// What to write instead of a vector PTX does not have, with the layout of the C type meant:
/// CUDA's 3- and 4-lane vectors of 8-byte lanes (`double4`: 32 bytes aligned 16; `double3`: 24
/// aligned 8) where they exist, else an array (C's `T[N]`, aligned like `T`).
fn same_layout_instead(e: &str, lanes: Option<u64>, n: &str) -> String {
    let cuda = match (e, lanes) {
        ("f64", Some(3)) => Some(("Double3", "double3")),
        ("f64", Some(4)) => Some(("Double4", "double4")),
        ("i64", Some(3)) => Some(("LongLong3", "longlong3")),
        ("i64", Some(4)) => Some(("LongLong4", "longlong4")),
        ("u64", Some(3)) => Some(("ULongLong3", "ulonglong3")),
        ("u64", Some(4)) => Some(("ULongLong4", "ulonglong4")),
        _ => None,
    };
    match (cuda, lanes) {
        (Some((rust, c)), Some(4)) => format!(
            "for CUDA's `{c}` (32 bytes, aligned 16) use `ptx_abi::{rust}` (CUDA 13's \
             `{c}_16a`/`{c}_32a`: `{rust}A16`/`{rust}A32`); `[{e}; 4]` is C's `{e}[4]`, aligned 8"
        ),
        (Some((rust, c)), _) => format!(
            "for CUDA's `{c}` (24 bytes, aligned 8) use `ptx_abi::{rust}`, or an array \
             `[{e}; 3]` (the same layout)"
        ),
        _ => format!("use an array `[{e}; {n}]` instead (aligned like `{e}`, as a C array)"),
    }
}

#[cfg(test)]
mod advice_tests {
    use super::same_layout_instead;

    #[test]
    fn eight_byte_four_lane_vectors_point_at_cudas_aligned_types() {
        let d4 = same_layout_instead("f64", Some(4), "4");
        assert!(
            d4.contains("ptx_abi::Double4") && d4.contains("aligned 16"),
            "{d4}"
        );
        assert!(same_layout_instead("u64", Some(4), "4").contains("ptx_abi::ULongLong4"));
        assert!(same_layout_instead("i64", Some(3), "3").contains("ptx_abi::LongLong3"));
        assert!(same_layout_instead("f32", Some(5), "5").contains("`[f32; 5]`"));
    }
}
