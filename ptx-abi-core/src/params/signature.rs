//! Declarations and whole signatures as text, exactly as NVRTC writes them.

use super::decl::{named_type, param_type, ParamSpace, ParamType, Spelling};
use super::kernel::KernelParams;
use super::text::Decl;
use crate::codec::PtxAbi;
use crate::layout::address::AddressSize;
use crate::layout::desc::TypeDesc;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// §2.3: the declaration of a parameter `name` of type `T`, exactly as NVRTC writes it in
/// `space` (at `.address_size 64`, nvcc's spelling), without a trailing comma; a device
/// function's return value is the declaration named `func_retval0`:
/// `.param .align 8 .b8 k_param_0[24]`, `.param .u16 k_param_1`, `.param .b32 f_param_0`.
/// Empty for a zero-sized type, which has no parameter.
pub fn param_decl<T: PtxAbi>(name: &str, space: ParamSpace) -> String {
    param_decl_with::<T>(name, space, Spelling::Nvcc, AddressSize::A64)
}

/// [`param_decl`] with the spelling of `.func` scalars and the address size chosen.
pub fn param_decl_with<T: PtxAbi>(
    name: &str,
    space: ParamSpace,
    spelling: Spelling,
    addr: AddressSize,
) -> String {
    decl_text(T::TYPE, name, space, spelling, addr)
}

pub(crate) fn decl_text(
    ty: &TypeDesc,
    name: &str,
    space: ParamSpace,
    spelling: Spelling,
    addr: AddressSize,
) -> String {
    Decl {
        ty: named_type(ty, name, space, spelling, addr),
        name,
    }
    .to_string()
}

/// What kind of function a signature declares.
#[derive(Clone, Copy, Debug)]
pub enum SignatureKind {
    /// A kernel: `.visible .entry name(…)`.
    Entry,
    /// A device function, with its return type (`None` for `void`):
    /// `.visible .func  (.param … func_retval0) name(…)`.
    Func(Option<&'static TypeDesc>),
}

/// The whole signature of a function whose parameters are the members of the aggregate
/// `params`, in nvcc's text and naming scheme (`name_param_0`, …, `func_retval0`).
pub fn signature_text(
    params: &TypeDesc,
    name: &str,
    kind: SignatureKind,
    spelling: Spelling,
    addr: AddressSize,
) -> String {
    let space = match kind {
        SignatureKind::Entry => ParamSpace::Entry,
        SignatureKind::Func(_) => ParamSpace::Func,
    };
    // Chapter 7: a C++ return value of a type with a non-trivial copy constructor (`__half2`)
    // comes back through a hidden pointer, the first parameter, instead of `func_retval0`.
    let sret = match kind {
        SignatureKind::Func(Some(r)) => crate::types::cuda::passed_by_reference(r),
        _ => false,
    };
    let hidden = sret.then(|| param_type(<u64 as PtxAbi>::TYPE, space, spelling, addr));
    let kind = if sret {
        SignatureKind::Func(None)
    } else {
        kind
    };
    let decls: Vec<String> = hidden
        .into_iter()
        .chain(
            params
                .members()
                .iter()
                .map(|m| param_type(m.ty, space, spelling, addr)),
        )
        .filter(|t| *t != ParamType::Absent)
        .enumerate()
        .map(|(i, ty)| {
            let param = format!("{name}_param_{i}");
            format!("\t{}", Decl { ty, name: &param })
        })
        .collect();
    let head = match kind {
        SignatureKind::Entry => format!(".visible .entry {name}("),
        SignatureKind::Func(ret) => {
            let ret = ret
                .map(|r| decl_text(r, "func_retval0", ParamSpace::Func, spelling, addr))
                .filter(|d| !d.is_empty());
            match ret {
                Some(ret) => format!(".visible .func  ({ret}) {name}("),
                None => format!(".visible .func {name}("),
            }
        }
    };
    if decls.is_empty() {
        format!("{head})")
    } else {
        format!("{head}\n{}\n)", decls.join(",\n"))
    }
}

/// The `.entry` signature of the kernel `A` describes (`#[ptx(kernel = "name")]`).
pub fn entry_signature<A: KernelParams>() -> String {
    signature_text(
        A::TYPE,
        A::KERNEL,
        SignatureKind::Entry,
        Spelling::Nvcc,
        AddressSize::A64,
    )
}

/// A device function's return type: `()` for `void`, or any [`PtxAbi`] type.
pub trait FnReturn {
    /// The returned type, or `None` for `void`.
    const RETURN: Option<&'static TypeDesc>;
}

impl FnReturn for () {
    const RETURN: Option<&'static TypeDesc> = None;
}

impl<T: PtxAbi> FnReturn for T {
    const RETURN: Option<&'static TypeDesc> = Some(T::TYPE);
}

/// The `.func` signature of `extern "C" __device__ R name(<the fields of A>)`.
pub fn func_signature<A: PtxAbi, R: FnReturn>(name: &str) -> String {
    signature_text(
        A::TYPE,
        name,
        SignatureKind::Func(R::RETURN),
        Spelling::Nvcc,
        AddressSize::A64,
    )
}
