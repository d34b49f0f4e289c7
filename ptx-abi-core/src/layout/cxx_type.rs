//! Chapter 7: [`CxxType`], the C++ type a ptx-abi type stands for in a mangled name
//! ([`crate::codec::PtxAbi::CXX`]), and the builtin type of each §1.1 fundamental type.

use crate::layout::c_spelling;
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};

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
            TypeKind::Aggregate { .. } | TypeKind::EmptyClass { .. } | TypeKind::Enum { .. } => {
                CxxType::Named(desc.name)
            }
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
