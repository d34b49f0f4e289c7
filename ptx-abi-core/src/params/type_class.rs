//! §2.3 as the checker reads it: the *class* of a parameter's PTX type (an integer, untyped
//! bits, a floating-point number, a pointer, a byte array) and of a Rust field, and the one
//! rule, [`fit`], that says which go together. [`super::check_signature`] applies it to every
//! parameter; what it cannot see is listed in [`fit`]'s documentation.

use super::decl::{param_type, ParamSpace, ParamType, Spelling};
use super::read::{type_size, DeclaredType, Param};
use crate::layout::address::AddressSize;
use crate::layout::c_spelling::{c_type_name, scalar};
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};
use crate::layout::try_layout_of;
use alloc::format;
use alloc::string::String;

/// What a `.param` (or `.reg`) declaration says its value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PtxClass {
    /// `.u8`…`.u64`, `.s8`…`.s64` without `.ptr`: an integer, or a pointer (PTX does not say
    /// which).
    Integer {
        /// Bytes.
        size: usize,
    },
    /// `.b8`…`.b128` without `.ptr`: untyped bits.
    Bits {
        /// Bytes.
        size: usize,
    },
    /// `.f32` or `.f64`.
    Float {
        /// Bytes.
        size: usize,
    },
    /// `.f16`, which ptxas accepts as a kernel parameter.
    Half,
    /// A pointer: `.u64 .ptr [.space] [.align N]` (or `.u32 .ptr …` at `.address_size 32`).
    Pointer {
        /// Bytes of the address.
        size: usize,
        /// The alignment of the data it points to, as promised: `.align N`, else 4 (the PTX
        /// ISA, `.ptr`: "If no alignment is specified, the memory pointed to is assumed to be
        /// aligned to a 4 byte boundary").
        align: u32,
    },
    /// `.align A .b8 name[N]`: an aggregate, vector or `__half` (§2.3).
    Bytes {
        /// `A`.
        align: u32,
        /// `N`.
        size: u32,
    },
    /// A type no Rust field is passed as: `.pred`, `.bf16`, `.f16x2`, `.bf16x2`.
    Other,
}

/// What a Rust field's value is, in a parameter space (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FieldClass {
    /// `bool`, an integer, a field-less enum, a texture/surface/sampler handle; `size` as
    /// passed (a device function's scalars of under 32 bits are widened to 32, §2.3 note A).
    Integer {
        /// Bytes as passed.
        size: usize,
    },
    /// `f32` or `f64`.
    Float {
        /// Bytes.
        size: usize,
    },
    /// `f16` in a kernel: 2 bytes aligned to 2 (§2.3 note C).
    Half,
    /// A pointer (`DevicePtr<T>`, `DeviceConstPtr<T>`, `*mut T`, `*const T`), or in a device
    /// function a value C++ passes by invisible reference (chapter 7: `__half2`).
    Pointer {
        /// Bytes of the address (§2.3 note B).
        size: usize,
        /// The alignment of what it points to (1 for `void`).
        pointee_align: usize,
    },
    /// A struct, union, array or vector: a byte array (§2.3).
    Bytes {
        /// Its alignment (as declared in the space).
        align: usize,
        /// Its size.
        size: usize,
    },
    /// No parameter at all (a zero-sized field).
    Absent,
}

/// Whether a declaration holds a field's value, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// It does.
    Yes,
    /// A different class or width.
    No,
    /// A pointer whose `.ptr .align` promises more alignment than the Rust pointee has.
    Underaligned,
}

/// §2.3, and the PTX ISA's `.ptr` attribute: whether a parameter declared as `ptx` holds a
/// Rust field of class `field`, from what NVIDIA's compilers and the other producers write.
///
/// | PTX declares | holds | producers |
/// |---|---|---|
/// | `.uN`, `.sN` | an integer of N bits (`bool` and enums included) or a pointer of N bits | NVRTC/nvcc/clang/rustc kernels (always `.u`, for signed types too) |
/// | `.bN` | any scalar of N bits: integer, float or pointer | every producer's `.func` parameters (`.b32` for `float`, `.b64` for `double`); hand-written kernels |
/// | `.f32`, `.f64` | `f32`, `f64` only | kernels of every producer; §2.3's table for `.func` |
/// | `.f16`, `.b16`, `.align 2 .b8 [2]` | `f16` (in a kernel) | `.align 2 .b8 [2]` from NVRTC, clang and rustc |
/// | `.uN .ptr [.space] [.align A]` | a pointer whose pointee is aligned to at least A (4 without `.align`) | NVRTC for compute_100 and newer, clang (`.align 1`), rustc (`.align 1` for raw pointers, the referent's alignment for references) |
/// | `.align A .b8 [N]` | a struct, union, array or vector of N bytes aligned to exactly A | every producer |
///
/// Widths are compared as passed: a device function's `u8` is a 32-bit slot (§2.3 note A).
/// `.bN` matches floats in kernels too: it is untyped, a producer that writes it promises no
/// class, and ptxas lets a kernel read a `.b32` parameter with `ld.param.f32`.
///
/// What this cannot check:
/// - signedness: kernels are written `.u` for `int` too (NVRTC: `.u32`), so `i32` and `u32`
///   both match `.u32` and `.s32`;
/// - a pointer declared without `.ptr` (`.u64`, what NVRTC writes before compute_100): it is
///   an integer of 8 bytes to PTX, so a `u64` field matches it as well as a `DevicePtr`;
/// - what a pointer points to, beyond the alignment `.ptr .align` promises: the type of `T`
///   in `DevicePtr<T>` is checked against the C type by `report::c_check::CTypeCheck`, not here;
/// - `.ptr`'s state space (`.global`, `.shared`, …): the host passes a generic address;
/// - the members of an aggregate: only its size and alignment are in the PTX.
pub(crate) const fn fit(ptx: PtxClass, field: FieldClass) -> Fit {
    use FieldClass as F;
    use PtxClass as P;
    let same = match (ptx, field) {
        (
            P::Pointer { size, align },
            F::Pointer {
                size: s,
                pointee_align,
            },
        ) => {
            if size != s {
                false
            } else if align as usize > pointee_align {
                return Fit::Underaligned;
            } else {
                true
            }
        }
        (P::Integer { size }, F::Integer { size: s } | F::Pointer { size: s, .. }) => size == s,
        (
            P::Bits { size },
            F::Integer { size: s } | F::Float { size: s } | F::Pointer { size: s, .. },
        ) => size == s,
        (P::Float { size }, F::Float { size: s }) => size == s,
        (P::Half | P::Bits { size: 2 } | P::Bytes { align: 2, size: 2 }, F::Half) => true,
        (P::Bytes { align, size }, F::Bytes { align: a, size: s }) => {
            align as usize == a && size as usize == s
        }
        _ => false,
    };
    if same {
        Fit::Yes
    } else {
        Fit::No
    }
}

/// The class of a declaration as read by [`super::read`].
pub(crate) fn ptx_class(p: &Param) -> PtxClass {
    let t = match &p.ty {
        DeclaredType::Bytes { align, size } => {
            return PtxClass::Bytes {
                align: *align,
                size: *size,
            }
        }
        DeclaredType::Scalar(t) => t.as_str(),
    };
    let Some(size) = type_size(t) else {
        return PtxClass::Other;
    };
    if let Some(ptr) = &p.ptr {
        return PtxClass::Pointer {
            size,
            align: ptr.align.unwrap_or(4),
        };
    }
    match t.as_bytes().get(1) {
        Some(b'u' | b's') => PtxClass::Integer { size },
        Some(b'b') if t != ".bf16" && t != ".bf16x2" => PtxClass::Bits { size },
        _ => match t {
            ".f32" | ".f64" => PtxClass::Float { size },
            ".f16" => PtxClass::Half,
            _ => PtxClass::Other,
        },
    }
}

/// The class of a field of type `ty` passed in `space` at `addr`.
pub(crate) fn field_class(ty: &TypeDesc, space: ParamSpace, addr: AddressSize) -> FieldClass {
    let size = match param_type(ty, space, Spelling::Nvcc, addr) {
        ParamType::Absent => return FieldClass::Absent,
        ParamType::Bytes { .. } if is_f16(ty) && space == ParamSpace::Entry => {
            return FieldClass::Half
        }
        ParamType::Bytes { align, size } => return FieldClass::Bytes { align, size },
        ParamType::Scalar(t) => type_size(t).unwrap_or(0),
    };
    match ty.kind {
        TypeKind::Scalar(Scalar::F32 | Scalar::F64) => FieldClass::Float { size },
        TypeKind::Pointer { pointee } => FieldClass::Pointer {
            size,
            pointee_align: align_of(pointee(), addr),
        },
        TypeKind::Scalar(_) | TypeKind::Enum { .. } | TypeKind::Handle(_) => {
            FieldClass::Integer { size }
        }
        // Passed by invisible reference (chapter 7): the address of a copy.
        _ => FieldClass::Pointer {
            size,
            pointee_align: align_of(ty, addr),
        },
    }
}

fn is_f16(ty: &TypeDesc) -> bool {
    matches!(ty.kind, TypeKind::Scalar(Scalar::F16))
}

/// The alignment of `ty` (1 for `void` or a type without a layout).
fn align_of(ty: &TypeDesc, addr: AddressSize) -> usize {
    try_layout_of(ty, addr).map_or(1, |l| l.align.max(1))
}

/// What a declaration of class `class` holds, in words: "an integer or a pointer of 8 bytes".
pub(crate) fn describe_ptx(class: PtxClass, p: &Param, addr: AddressSize) -> String {
    match class {
        PtxClass::Integer { size } if size == addr.pointer_bytes() => {
            format!("an integer or a pointer of {size} bytes (PTX does not say which)")
        }
        PtxClass::Integer { size } => format!("an integer of {}", bytes(size)),
        PtxClass::Bits { size } => format!("{} of untyped bits", bytes(size)),
        PtxClass::Float { size: 4 } => "a `float`".into(),
        PtxClass::Float { .. } => "a `double`".into(),
        PtxClass::Half => "a `__half`".into(),
        PtxClass::Pointer { align, .. } => {
            let space = p
                .ptr
                .as_ref()
                .and_then(|a| a.space.as_deref())
                .map_or(String::new(), |s| format!(" in `{s}` memory"));
            let promised = match p.ptr.as_ref().and_then(|a| a.align) {
                Some(_) => "",
                None => " (`.ptr` without `.align` promises 4)",
            };
            format!(
                "a pointer to data{space} aligned to {}{promised}",
                bytes(align as usize)
            )
        }
        PtxClass::Bytes { align, size } => format!(
            "{} aligned to {align} (a struct, union, array or vector)",
            bytes(size as usize)
        ),
        PtxClass::Other => "a type no Rust field is passed as".into(),
    }
}

/// What the field needs, in C's words: "a `double`", "a pointer to `float` (aligned to 4)";
/// for a mismatch that has a usual cause, what to write instead.
pub(crate) fn describe_field(
    field: FieldClass,
    ptx: PtxClass,
    ty: &TypeDesc,
    c_type: &str,
    space: ParamSpace,
) -> String {
    let named = format!("{} `{c_type}`", c_article(c_type));
    match field {
        FieldClass::Integer { .. } if matches!(ptx, PtxClass::Pointer { .. }) => format!(
            "{named}, an integer: a `.ptr` parameter takes a pointer field (`DevicePtr<T>`, \
             `DeviceConstPtr<T>`, `*mut T`, `*const T`)"
        ),
        FieldClass::Integer { size } => match ty.kind {
            TypeKind::Handle(_) => "a texture, surface or sampler handle".into(),
            TypeKind::Enum { repr, .. } => {
                format!("{named}, an enum passed as {}", bytes(size))
                    + &widened(repr, space)
                    + &format!(" (`{}`)", scalar(repr))
            }
            TypeKind::Scalar(s) => named + &widened(s, space),
            _ => named,
        },
        FieldClass::Float { .. } | FieldClass::Half => named,
        FieldClass::Pointer { pointee_align, .. } => {
            let pointee = match ty.kind {
                TypeKind::Pointer { pointee } => c_type_name(pointee()),
                _ => c_type.into(),
            };
            match ptx {
                PtxClass::Pointer { align, .. } if align as usize > pointee_align => format!(
                    "a pointer to `{pointee}`, aligned to only {}: the kernel may access the \
                     data as if aligned to {align}; point the field at a type aligned to \
                     {align} or more, or declare the kernel's pointer with the alignment the \
                     data has",
                    bytes(pointee_align)
                ),
                _ => format!("a pointer to `{pointee}` (aligned to {pointee_align})"),
            }
        }
        FieldClass::Bytes { align, size } => {
            format!("{named} of {} aligned to {align}", bytes(size))
        }
        FieldClass::Absent => "no parameter".into(),
    }
}

/// ", widened to 32 bits" for a device function's scalar of under 32 bits (§2.3 note A).
fn widened(s: Scalar, space: ParamSpace) -> String {
    match space {
        ParamSpace::Func if s.size() < 4 => ", widened to 32 bits".into(),
        _ => String::new(),
    }
}

/// "1 byte", "8 bytes".
fn bytes(n: usize) -> String {
    match n {
        1 => "1 byte".into(),
        n => format!("{n} bytes"),
    }
}

/// The indefinite article before a C type's name: "an `int`", "an `unsigned int`", "a
/// `float`", "a `__half`", "an `S`" (a name read as letters).
fn c_article(name: &str) -> &'static str {
    let mut chars = name.chars();
    let first = chars.next().unwrap_or(' ');
    let spelled = chars.next().is_none_or(|c| c.is_ascii_digit());
    let vowel = if spelled {
        "aefhilmnorsxAEFHILMNORSX".contains(first)
    } else {
        "aeioAEIO".contains(first) || name.starts_with("unsigned")
    };
    if vowel {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::PtxAbi;
    use crate::types::DevicePtr;

    fn class(text: &str) -> PtxClass {
        ptx_class(&Param::parse(text).unwrap())
    }

    /// The spellings NVRTC 12.9, clang 22 and rustc 1.97's nvptx64 backend write (quoted in
    /// `check.rs`'s tests), classified.
    #[test]
    fn declarations_are_classified_by_type_and_ptr() {
        assert_eq!(class(".param .u32 a"), PtxClass::Integer { size: 4 });
        assert_eq!(class(".param .s8 a"), PtxClass::Integer { size: 1 });
        assert_eq!(class(".param .b64 a"), PtxClass::Bits { size: 8 });
        assert_eq!(class(".param .f64 a"), PtxClass::Float { size: 8 });
        assert_eq!(class(".param .f16 a"), PtxClass::Half);
        assert_eq!(class(".param .bf16 a"), PtxClass::Other);
        assert_eq!(class(".param .f16x2 a"), PtxClass::Other);
        assert_eq!(class(".reg .pred a"), PtxClass::Other);
        assert_eq!(
            class(".param .u64 .ptr .align 1 a"),
            PtxClass::Pointer { size: 8, align: 1 }
        );
        assert_eq!(
            class(".param .u32 .ptr.global a"),
            PtxClass::Pointer { size: 4, align: 4 }
        );
        assert_eq!(
            class(".param .align 8 .b8 a[16]"),
            PtxClass::Bytes { align: 8, size: 16 }
        );
    }

    #[test]
    fn fields_are_classified_as_passed() {
        let c = |ty: &TypeDesc, space| field_class(ty, space, AddressSize::A64);
        use ParamSpace::{Entry, Func};
        assert_eq!(c(u8::TYPE, Entry), FieldClass::Integer { size: 1 });
        assert_eq!(c(u8::TYPE, Func), FieldClass::Integer { size: 4 });
        assert_eq!(c(bool::TYPE, Entry), FieldClass::Integer { size: 1 });
        assert_eq!(c(f32::TYPE, Func), FieldClass::Float { size: 4 });
        assert_eq!(
            c(DevicePtr::<f64>::TYPE, Entry),
            FieldClass::Pointer {
                size: 8,
                pointee_align: 8
            }
        );
        assert_eq!(
            c(DevicePtr::<core::ffi::c_void>::TYPE, Entry),
            FieldClass::Pointer {
                size: 8,
                pointee_align: 1
            }
        );
        assert_eq!(
            field_class(DevicePtr::<u8>::TYPE, Entry, AddressSize::A32),
            FieldClass::Pointer {
                size: 4,
                pointee_align: 1
            }
        );
        assert_eq!(
            c(<[u16; 3]>::TYPE, Entry),
            FieldClass::Bytes { align: 2, size: 6 }
        );
    }

    #[test]
    fn the_rule() {
        use FieldClass as F;
        use PtxClass as P;
        let int4 = F::Integer { size: 4 };
        let f32_ = F::Float { size: 4 };
        let ptr = |pointee_align| F::Pointer {
            size: 8,
            pointee_align,
        };
        assert_eq!(fit(P::Integer { size: 4 }, int4), Fit::Yes);
        assert_eq!(fit(P::Integer { size: 4 }, f32_), Fit::No);
        assert_eq!(fit(P::Float { size: 4 }, int4), Fit::No);
        assert_eq!(fit(P::Bits { size: 4 }, f32_), Fit::Yes);
        assert_eq!(fit(P::Bits { size: 4 }, int4), Fit::Yes);
        assert_eq!(fit(P::Bits { size: 8 }, int4), Fit::No);
        assert_eq!(fit(P::Integer { size: 8 }, ptr(4)), Fit::Yes);
        assert_eq!(fit(P::Float { size: 8 }, ptr(8)), Fit::No);
        let p = |align| P::Pointer { size: 8, align };
        assert_eq!(fit(p(1), ptr(1)), Fit::Yes);
        assert_eq!(fit(p(16), ptr(16)), Fit::Yes);
        assert_eq!(fit(p(16), ptr(4)), Fit::Underaligned);
        assert_eq!(fit(p(1), F::Integer { size: 8 }), Fit::No);
        assert_eq!(fit(P::Half, F::Half), Fit::Yes);
        assert_eq!(fit(P::Bytes { align: 2, size: 2 }, F::Half), Fit::Yes);
        assert_eq!(fit(P::Integer { size: 2 }, F::Half), Fit::No);
        assert_eq!(
            fit(
                P::Bytes { align: 2, size: 2 },
                F::Bytes { align: 2, size: 2 }
            ),
            Fit::Yes
        );
        assert_eq!(
            fit(
                P::Bytes { align: 4, size: 2 },
                F::Bytes { align: 2, size: 2 }
            ),
            Fit::No
        );
        assert_eq!(fit(P::Other, F::Integer { size: 1 }), Fit::No);
    }

    #[test]
    fn articles_of_c_names() {
        for (name, a) in [
            ("int", "an"),
            ("unsigned int", "an"),
            ("unsigned char", "an"),
            ("float", "a"),
            ("double", "a"),
            ("bool", "a"),
            ("signed char", "a"),
            ("long long", "a"),
            ("S", "an"),
            ("A16", "an"),
            ("Params", "a"),
        ] {
            assert_eq!(c_article(name), a, "{name}");
        }
    }
}
