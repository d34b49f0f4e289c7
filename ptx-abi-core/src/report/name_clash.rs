//! Two different types under one C name: a header can declare only one of them, so
//! [`crate::report::header::cuda_header`] refuses such a set instead of dropping one. Also the
//! other reason a header cannot be written: a CUDA type the CUDA release ptx-abi describes does
//! not declare (chapter 7).

use crate::layout::cuda_version::CudaVersion;
use crate::layout::desc::{TypeDesc, TypeKind};
use crate::layout::LayoutError;
use alloc::string::String;
use core::fmt;

/// Why no CUDA header could be written for a set of types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderError {
    /// A type has no PTX layout.
    Layout(LayoutError),
    /// Two types that differ are both named `name` in C (two instantiations of one generic
    /// type given one `c_name`, or two types of one name from different modules).
    NameClash {
        /// The C name they share.
        name: &'static str,
        /// The first one's C declaration.
        first: String,
        /// The second one's C declaration.
        second: String,
    },
    /// Chapter 7: a CUDA type that the CUDA release ptx-abi describes does not declare
    /// (`CUtensorMap` before CUDA 12.0), and that only its CUDA header can define.
    NotInCuda {
        /// The type's C name (`CUtensorMap`).
        c_name: &'static str,
        /// The header that declares it from `since` on.
        header: &'static str,
        /// The first release that declares it.
        since: CudaVersion,
        /// The release ptx-abi describes ([`crate::layout::cuda_version::CUDA_VERSION`]).
        built_for: CudaVersion,
    },
}

impl From<LayoutError> for HeaderError {
    fn from(e: LayoutError) -> Self {
        HeaderError::Layout(e)
    }
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::Layout(e) => fmt::Display::fmt(e, f),
            HeaderError::NameClash {
                name,
                first,
                second,
            } => write!(
                f,
                "two different types are both named `{name}` in C, and a header can declare \
                 only one:\n  {first}\n  {second}\ngive one of them another name with \
                 `#[ptx(c_name = \"…\")]`"
            ),
            HeaderError::NotInCuda {
                c_name,
                header,
                since,
                built_for,
            } => write!(
                f,
                "`{c_name}` is declared by `{header}` from CUDA {since}, but ptx-abi describes \
                 CUDA {built_for} ({}): enable ptx-abi's feature for the CUDA release your \
                 kernels are compiled with (`cuda-{}` or newer)",
                crate::layout::cuda_version::CUDA_VERSION_SOURCE,
                since.code()
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for HeaderError {}

/// Whether `a` and `b` describe the same C type: same kind, members (names, widths, types)
/// and variants. Pointers are compared by their pointee's name, so that self-referential
/// types terminate.
pub fn same_type(a: &TypeDesc, b: &TypeDesc) -> bool {
    if core::ptr::eq(a, b) {
        return true;
    }
    match (a.kind, b.kind) {
        (TypeKind::Scalar(x), TypeKind::Scalar(y)) => x == y,
        (TypeKind::Handle(x), TypeKind::Handle(y)) => x == y,
        (TypeKind::Phantom, TypeKind::Phantom) => true,
        (TypeKind::EmptyClass { align }, TypeKind::EmptyClass { align: al }) => {
            a.name == b.name && align == al
        }
        (TypeKind::Pointer { pointee: x }, TypeKind::Pointer { pointee: y }) => {
            x().name == y().name
        }
        (TypeKind::Vector { elem, lanes }, TypeKind::Vector { elem: e, lanes: l }) => {
            elem == e && lanes == l
        }
        (TypeKind::Array { elem, len }, TypeKind::Array { elem: e, len: l }) => {
            len == l && same_type(elem, e)
        }
        (TypeKind::Pad { unit, width }, TypeKind::Pad { unit: u, width: w }) => {
            unit == u && width == w
        }
        (
            TypeKind::Enum { repr, variants },
            TypeKind::Enum {
                repr: r,
                variants: v,
            },
        ) => {
            a.name == b.name
                && repr == r
                && variants.len() == v.len()
                && variants
                    .iter()
                    .zip(v)
                    .all(|(x, y)| x.name == y.name && x.value == y.value)
        }
        (
            TypeKind::Aggregate {
                kind,
                align,
                pack,
                members,
            },
            TypeKind::Aggregate {
                kind: k,
                align: al,
                pack: pk,
                members: m,
            },
        ) => {
            a.name == b.name
                && kind == k
                && align == al
                && pack == pk
                && members.len() == m.len()
                && members.iter().zip(m).all(|(x, y)| {
                    x.name == y.name
                        && x.bits == y.bits
                        && x.align == y.align
                        && same_type(x.ty, y.ty)
                })
        }
        _ => false,
    }
}
