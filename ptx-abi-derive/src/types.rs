//! What can be told about a field's type from its tokens alone: the Rust types with no PTX
//! representation (with a message saying what to use instead), and whether a type is spelled
//! `Pad<T, N>`. Sizes, alignments, vector shapes and bit-field widths are not read here: the
//! expansion hands the types to ptx-abi-core, whose `const fn`s decide (`__private::v1`).

use syn::{GenericArgument, PathArguments, Type};

fn last_segment(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last(),
        Type::Group(g) => last_segment(&g.elem),
        Type::Paren(p) => last_segment(&p.elem),
        _ => None,
    }
}

/// The number of generic arguments (types, constants, lifetimes) a path segment is given.
fn arity(seg: &syn::PathSegment) -> usize {
    match &seg.arguments {
        PathArguments::AngleBracketed(args) => args.args.len(),
        _ => 0,
    }
}

/// Whether `ty` is spelled as ptx-abi's `Pad<T, N>`: an unnamed bit-field, which has no
/// accessors and no bytes of its own in a zero-copy value. By its shape, two generic
/// arguments: a user's own `struct Pad { … }` (an imported C struct) is a member like any other.
pub fn is_pad(ty: &Type) -> bool {
    match ty {
        Type::Group(g) => is_pad(&g.elem),
        Type::Paren(p) => is_pad(&p.elem),
        _ => last_segment(ty).is_some_and(|seg| seg.ident == "Pad" && arity(seg) == 2),
    }
}

/// Whether `ty` is spelled as an array `[T; N]`: core checks its length (§1.2: not 0).
pub fn is_array(ty: &Type) -> bool {
    match ty {
        Type::Group(g) => is_array(&g.elem),
        Type::Paren(p) => is_array(&p.elem),
        Type::Array(_) => true,
        _ => false,
    }
}

/// Why a type has no PTX representation, with what to write instead; `None` if it may have
/// one. Looks inside arrays. Returns the offending sub-type for the span.
///
/// A reference is a field of a kernel's argument struct (`in_kernel`) only: there it may
/// borrow a device buffer (`&CudaSlice<T>`; core decides what it points to), while a data
/// type, whose image is bytes in memory, cannot hold a borrow at all.
pub fn unsupported(ty: &Type, in_kernel: bool) -> Option<(&Type, String)> {
    let message = match ty {
        Type::Array(a) => return unsupported(&a.elem, false),
        Type::Group(g) => return unsupported(&g.elem, in_kernel),
        Type::Paren(p) => return unsupported(&p.elem, in_kernel),
        Type::Reference(r) if is_trait_object(&r.elem) => TRAIT_OBJECT.to_string(),
        Type::Reference(_) if !in_kernel => "a reference points into host memory, which a \
             kernel cannot read; use `DevicePtr<T>` for a device address (a kernel's argument \
             struct, `#[ptx(kernel = \"…\")]`, may borrow device buffers: `&CudaSlice<T>`)"
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

/// The Rust types with no PTX representation that the tokens alone can tell: the primitive
/// types PTX lacks (`usize`, `u128`, `char`), and the standard library's containers by their
/// shape, a name *with its generic arguments* (`Vec<T>`, `Box<T>`, `HashMap<K, V>`): a user's
/// own `struct Box { float lo, hi; }` (an imported C struct) has no generic arguments and is
/// left to the `PtxAbi` bound like any type. A type without generic arguments (`String`,
/// `PathBuf`) cannot be told from a user's type of that name, and is left to the bound too,
/// whose diagnostic says what to use instead.
fn by_name(ty: &Type) -> Option<String> {
    let seg = last_segment(ty)?;
    let name = seg.ident.to_string();
    let std_arity = match name.as_str() {
        "usize" | "isize" | "u128" | "i128" | "char" | "str" => 0,
        "Box" | "Rc" | "Arc" | "Vec" | "Option" | "ManuallyDrop" | "MaybeUninit" | "Cell"
        | "RefCell" | "Mutex" | "RwLock" => 1,
        "HashMap" | "BTreeMap" | "Cow" => 2,
        _ => return None,
    };
    if arity(seg) != std_arity {
        return None;
    }
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
