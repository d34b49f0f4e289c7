//! §2.3: the PTX type of a parameter of a given source type, in each space and spelling.

use crate::layout::address::AddressSize;
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};
use crate::layout::try_layout_of;

/// The two parameter spaces NVRTC spells differently (see [`docs/nvidia-notes.md`](https://github.com/ptx-abi/ptx-abi/blob/main/docs/nvidia-notes.md)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamSpace {
    /// A kernel entry (`.entry`): integers keep their width and are written unsigned
    /// (`.u8`…`.u64`, also for signed types and `bool`).
    Entry,
    /// A device function (`.func`), its parameters and `func_retval0`: scalars are widened to
    /// 32 bits (§2.3 note A).
    Func,
}

/// How `.func` scalars are spelled; both are the same size and alignment, so ABI-compatible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Spelling {
    /// As nvcc/NVRTC write them: untyped `.b32`/`.b64`.
    #[default]
    Nvcc,
    /// As the guide's §2.3 table writes them: `.u32`/`.s32`/`.u64`/`.s64`/`.f32`/`.f64`.
    Guide,
}

/// What a parameter of some type is declared as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamType {
    /// A scalar parameter: `.param .u32 name`.
    Scalar(&'static str),
    /// An aggregate, union, vector or `__half`: `.param .align A .b8 name[SIZE]`.
    Bytes {
        /// The type's alignment (§2.3 note D: 1 to 128 in a device function; a kernel's
        /// parameter takes its type's, up to `layout::rules::MAX_ALIGN`).
        align: usize,
        /// The type's size.
        size: usize,
    },
    /// A zero-sized type (`PhantomData`) or an unnamed bit-field: no parameter at all.
    Absent,
}

const fn entry_scalar(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool | Scalar::I8 | Scalar::U8 => ".u8",
        Scalar::I16 | Scalar::U16 | Scalar::F16 => ".u16",
        Scalar::I32 | Scalar::U32 => ".u32",
        Scalar::I64 | Scalar::U64 => ".u64",
        Scalar::F32 => ".f32",
        Scalar::F64 => ".f64",
    }
}

const fn func_scalar(s: Scalar, spelling: Spelling) -> &'static str {
    match spelling {
        Spelling::Nvcc => {
            if s.size() <= 4 {
                ".b32"
            } else {
                ".b64"
            }
        }
        // §2.3 table: integral types of 8 to 32 bits are .u32/.s32 (note A: extended), 64-bit
        // ones .u64/.s64, floating-point .f32/.f64.
        Spelling::Guide => match s {
            Scalar::Bool | Scalar::U8 | Scalar::U16 | Scalar::U32 => ".u32",
            Scalar::I8 | Scalar::I16 | Scalar::I32 => ".s32",
            Scalar::U64 => ".u64",
            Scalar::I64 => ".s64",
            Scalar::F32 | Scalar::F16 => ".f32",
            Scalar::F64 => ".f64",
        },
    }
}

/// The name nvcc gives a device function's return value.
pub const RETVAL: &str = "func_retval0";

/// Whether `name` is [`RETVAL`] (a `const` string comparison).
pub const fn is_retval(name: &str) -> bool {
    crate::layout::const_text::same_str(name, RETVAL)
}

/// §2.3: the PTX type a parameter of type `ty` is declared with.
///
/// `f16` is never `.f16` (§2.3 note C): it travels like CUDA's `__half`, a 2-byte aggregate.
/// Pointers are generic addresses (note B): `.u64` (`.u32` at `.address_size 32`) in kernels.
/// Handles are `.b64` (note E). As NVRTC does, a device-function parameter of aggregate type
/// larger than 128 bytes is aligned to at least 4 (found by the differential suite; return
/// values and kernel parameters keep the type's alignment, see [`return_type`]).
pub const fn param_type(
    ty: &TypeDesc,
    space: ParamSpace,
    spelling: Spelling,
    addr: AddressSize,
) -> ParamType {
    if matches!(space, ParamSpace::Func) && crate::types::cuda::passed_by_reference(ty) {
        // Chapter 7: C++ passes a type with a non-trivial copy constructor (`__half2`) to a
        // device function by invisible reference: the address of a caller-made copy.
        return slot_type(<u64 as crate::codec::PtxAbi>::TYPE, space, spelling, addr);
    }
    match slot_type(ty, space, spelling, addr) {
        ParamType::Bytes { align, size }
            if size > 128 && align < 4 && matches!(space, ParamSpace::Func) =>
        {
            ParamType::Bytes { align: 4, size }
        }
        other => other,
    }
}

/// §2.3: the PTX type of a device function's return value (`func_retval0`) of type `ty`.
pub const fn return_type(ty: &TypeDesc, spelling: Spelling, addr: AddressSize) -> ParamType {
    slot_type(ty, ParamSpace::Func, spelling, addr)
}

/// The declared type of a parameter or return value called `name`: [`return_type`] for
/// [`RETVAL`] in a device function, [`param_type`] otherwise.
pub const fn named_type(
    ty: &TypeDesc,
    name: &str,
    space: ParamSpace,
    spelling: Spelling,
    addr: AddressSize,
) -> ParamType {
    if is_retval(name) && matches!(space, ParamSpace::Func) {
        return_type(ty, spelling, addr)
    } else {
        param_type(ty, space, spelling, addr)
    }
}

/// The §2.3 table, the same for parameters and return values.
const fn slot_type(
    ty: &TypeDesc,
    space: ParamSpace,
    spelling: Spelling,
    addr: AddressSize,
) -> ParamType {
    let scalar = match ty.kind {
        TypeKind::Scalar(Scalar::F16) => return bytes(ty, addr),
        TypeKind::Scalar(s) => s,
        TypeKind::Enum { repr, .. } => repr,
        TypeKind::Pointer { .. } => match addr {
            AddressSize::A32 => Scalar::U32,
            AddressSize::A64 => Scalar::U64,
        },
        TypeKind::Handle(_) => return ParamType::Scalar(".b64"),
        TypeKind::Phantom | TypeKind::Pad { .. } => return ParamType::Absent,
        TypeKind::Vector { .. }
        | TypeKind::Array { .. }
        | TypeKind::Aggregate { .. }
        | TypeKind::EmptyClass { .. } => return bytes(ty, addr),
    };
    ParamType::Scalar(match space {
        ParamSpace::Entry => entry_scalar(scalar),
        ParamSpace::Func => func_scalar(scalar, spelling),
    })
}

const fn bytes(ty: &TypeDesc, addr: AddressSize) -> ParamType {
    match try_layout_of(ty, addr) {
        Ok(l) if l.size == 0 => ParamType::Absent,
        Ok(l) => ParamType::Bytes {
            align: l.align,
            size: l.size,
        },
        Err(_) => ParamType::Absent,
    }
}
