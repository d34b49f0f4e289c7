//! Kernel argument structs: a struct whose fields are a kernel's parameters, in order.

use crate::codec::bind::LaunchStream;
use crate::codec::error::EncodeError;
use crate::codec::image::PtxImage;
use crate::codec::PtxAbi;
use crate::layout::address::AddressSize;
use crate::layout::aggregate::try_place_members_given;
use crate::layout::attr_checks;
use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::{AggregateKind, TypeDesc, TypeKind};
use crate::layout::{rules, try_place_members, Layout, LayoutError, MemberLayout, Placement};
use core::ffi::c_void;

use super::arch::{Arch, PtxIsa};

/// §2.3's parameter space, bounded: the most bytes of `.entry` parameters ptxas accepts for
/// a kernel on `arch` written in PTX ISA `isa` (the guide states no limit; these are
/// ptxas's, measured with ptxas 11.8, 12.9 and 13.5 and checked by `tests/params_ptxas/param_limit.rs`
/// on both sides of each boundary):
///
/// - **4,352 bytes** (`0x1100`) below sm_70 or below PTX ISA 8.1. Past it ptxas says
///   "uses too much parameter space (0x1104 bytes, 0x1100 max)" (and, from 12.1, "Kernel
///   parameter size larger than 4352 bytes requires PTX ISA .version 8.1 or later", or on
///   sm_5x/sm_6x with ISA 8.1+ "… requires .target sm_70 or higher"). CUDA's programming
///   guide rounds this to "4 KB".
/// - **32,764 bytes** (`0x7ffc`) on sm_70 and newer with PTX ISA 8.1 or newer (CUDA 12.1+).
///
/// The bytes counted are the end of the last parameter in the C layout from offset 0
/// (alignment padding between parameters included, tail padding not): the
/// [`KernelParams::BUFFER_SIZE`] of an argument struct. The rule is the same in every release
/// measured; what differs is what each ptxas reads: 11.8 knows PTX ISA up to 7.8 (so 4,352
/// bytes everywhere), 12.9 up to 8.8, 13.5 up to 9.x but no target below sm_75.
pub const fn entry_param_limit(arch: Arch, isa: PtxIsa) -> usize {
    if arch.number() >= 70 && isa.at_least(PtxIsa::V8_1) {
        32764
    } else {
        4352
    }
}

/// The limit on a kernel's parameter bytes that holds for every target: 4,352 bytes
/// ([`entry_param_limit`] below sm_70 or below PTX ISA 8.1). Kernels are checked against it
/// unless they say otherwise (`#[ptx(kernel = "name", param_limit = N)]`).
pub const PARAM_LIMIT: usize = entry_param_limit(Arch::SM_60, PtxIsa::V8_0);

/// The limit on sm_70 (Volta) and newer with PTX ISA 8.1 (CUDA 12.1) or newer: 32,764 bytes
/// ([`entry_param_limit`]). Opt in with `#[ptx(kernel = "name", param_limit = 32764)]` only if
/// every target has both.
pub const PARAM_LIMIT_VOLTA_CUDA_12_1: usize = entry_param_limit(Arch::SM_70, PtxIsa::V8_1);

/// `#[ptx(param_limit = N)]`: the message unless `N` is between 1 and
/// [`PARAM_LIMIT_VOLTA_CUDA_12_1`], the most ptxas accepts for any target
/// ([`entry_param_limit`]).
pub const fn param_limit_error(limit: u64) -> Option<ConstMsg<200>> {
    if limit != 0 && limit <= PARAM_LIMIT_VOLTA_CUDA_12_1 as u64 {
        return None;
    }
    Some(
        ConstMsg::new()
            .str("`param_limit` is ")
            .num(limit as u128)
            .str(": ptxas accepts at most ")
            .num(PARAM_LIMIT as u128)
            .str(" bytes of parameters, or ")
            .num(PARAM_LIMIT_VOLTA_CUDA_12_1 as u128)
            .str(" on sm_70 and newer with PTX ISA 8.1+ (CUDA 12.1+)"),
    )
}

/// `#[ptx(param_limit = N)]` as generated code reads it: `N`, or, when [`param_limit_error`]
/// refuses it (that is then the compile error), [`PARAM_LIMIT_VOLTA_CUDA_12_1`], so that no
/// second error follows from it.
pub const fn requested_param_limit(limit: u64) -> usize {
    match param_limit_error(limit) {
        None => limit as usize,
        Some(_) => PARAM_LIMIT_VOLTA_CUDA_12_1,
    }
}

/// A struct whose fields are, in order, the parameters of the kernel [`KernelParams::KERNEL`]
/// (`#[derive(PtxAbi)] #[ptx(kernel = "name")]`).
///
/// Parameters sit in the parameter space like the members of a C struct: each at the lowest
/// offset aligned to its own alignment (§1.2), so the struct's layout *is* the parameter
/// space counted from offset 0, minus its tail padding. The driver counts from an
/// architecture-dependent base instead ([`Arch`](super::Arch)): the two agree whenever no
/// parameter is aligned above 16 bytes.
pub trait KernelParams: PtxAbi {
    /// The kernel's symbol: its name for `extern "C"`, its Itanium-mangled name for
    /// `#[ptx(kernel = "ns::name", abi = "c++")]` (chapter 7, computed at compile time).
    const KERNEL: &'static str;
    /// The limit on the parameter bytes this kernel is checked against.
    const PARAM_LIMIT: usize;
    /// The end of the last parameter in the layout from offset 0 ([`Self::PARAM_OFFSETS`]),
    /// without tail padding. It is the `CU_LAUNCH_PARAM_BUFFER_SIZE` of
    /// [`KernelLaunch::extra`](super::KernelLaunch::extra)'s buffer, which the driver reads
    /// correctly only when no parameter is aligned above 16 bytes; otherwise the driver's size
    /// is [`ParamBuffer::size`](super::ParamBuffer::size) for the architecture.
    const BUFFER_SIZE: usize;
    /// Each parameter's offset in the layout from offset 0: the argument struct's member
    /// offsets, where [`KernelLaunch::kernel_params`](super::KernelLaunch::kernel_params)'s
    /// pointers point inside the image. These are the driver's `extra` offsets
    /// (`cuFuncGetParamInfo`) only up to the first parameter aligned above 16 bytes; from
    /// there on the driver's depend on the architecture
    /// ([`driver_param_offset`](super::driver_param_offset)).
    const PARAM_OFFSETS: &'static [usize];
    /// Each parameter's placement in the layout from offset 0 (§1.2, §2.3): its offset (the
    /// [`Self::PARAM_OFFSETS`] entry), size and alignment, computed when the struct is
    /// compiled. [`KernelLaunch::param_buffer`](super::KernelLaunch::param_buffer) and
    /// [`KernelLaunch::param_buffer_at`](super::KernelLaunch::param_buffer_at) move each
    /// parameter by it to where the driver reads it, without walking the layout at run time.
    const PARAM_PLACEMENTS: &'static [Placement];
    /// This argument struct with every lifetime `'static` (the struct itself when it borrows
    /// nothing): one type per kernel signature, whatever the buffers a launch borrows. A
    /// `CheckedFunction` (feature `cudarc`) is checked once for it and launches any argument
    /// struct of the same signature.
    type Signature: KernelParams<Signature = Self::Signature, Image = Self::Image> + 'static;
    /// The image type holding the parameters, aligned to the strictest parameter: the image of
    /// [`KernelParams::Signature`].
    type Image: PtxImage<Value = Self::Signature>;
    /// One pointer per parameter (`[*mut c_void; N]`), for `cuLaunchKernel`'s `kernelParams`.
    type Pointers: Copy + AsMut<[*mut c_void]> + AsRef<[*mut c_void]>;
    /// The pointers to each parameter inside `image`.
    fn pointers(image: &mut Self::Image) -> Self::Pointers;
    /// Derive support: writes every parameter into a new image for a launch on `stream`
    /// (`codec/bind.rs`: a device buffer's address is read for the stream, which orders its
    /// uses), runs `launch` on the image while the buffers' guards are alive, then finishes
    /// every guard (`finish_guards`: the kernel's use of each buffer recorded, or retained
    /// until it completes), whatever `launch` returned. `Err` when a parameter cannot be
    /// bound (nothing launched) or a guard cannot be finished (the launch ran); a caller
    /// that must report the launch's own error first keeps it outside `R`.
    #[doc(hidden)]
    fn __bind_params<'s, R>(
        &'s mut self,
        stream: LaunchStream<'s>,
        launch: impl FnOnce(&mut Self::Image) -> R,
    ) -> Result<R, EncodeError>;
}

/// §2.3: a kernel's parameter list, described by its argument struct `ty`: each parameter
/// placed like a member of a C struct ([`try_place_members`]), except that the list may be
/// empty. `extern "C" __global__ void init()` is `.visible .entry init()` (NVRTC 12.9), so an
/// argument struct with no fields takes 0 bytes of parameters, aligned to 1 (or to its
/// `#[ptx(align = N)]`).
///
/// Only the parameter list may be empty: the same struct used as data — a member, an array
/// element, a C header — is laid out from its description by the engine, which refuses it
/// ([`LayoutError::Empty`]: C gives an empty struct size 0 and C++ size 1).
pub const fn try_place_params<const N: usize>(
    ty: &TypeDesc,
    addr: AddressSize,
) -> Result<MemberLayout<N>, LayoutError> {
    match empty_params::<N>(ty) {
        Some(empty) => empty,
        None => try_place_members::<N>(ty, addr),
    }
}

/// [`try_place_params`] with each parameter's own layout `given` (its type's already
/// computed `__LAYOUT`, as [`try_place_members_given`] takes them): what the derive uses, so
/// that a parameter of a deeply nested type costs no recursion in const evaluation.
pub const fn try_place_params_given<const N: usize>(
    ty: &TypeDesc,
    addr: AddressSize,
    given: &[Result<Layout, LayoutError>; N],
) -> Result<MemberLayout<N>, LayoutError> {
    match empty_params::<N>(ty) {
        Some(empty) => empty,
        None => try_place_members_given::<N>(ty, addr, given),
    }
}

/// The layout of an empty parameter list (`Some`), or `None` when `ty` has members.
const fn empty_params<const N: usize>(
    ty: &TypeDesc,
) -> Option<Result<MemberLayout<N>, LayoutError>> {
    if let TypeKind::Aggregate {
        kind: AggregateKind::Struct,
        align,
        members: [],
        ..
    } = ty.kind
    {
        if align != 0 && !rules::is_valid_align(align) {
            return Some(Err(LayoutError::AlignInvalid { ty: ty.name, align }));
        }
        return Some(Ok(MemberLayout {
            layout: Layout {
                size: 0,
                align: if align == 0 { 1 } else { align },
            },
            members: [Placement::EMPTY; N],
        }));
    }
    None
}

/// [`try_place_params`] for `const` items (what `#[ptx(kernel = "…")]` generates): a broken
/// rule stops compilation with its message.
pub const fn place_params<const N: usize>(ty: &TypeDesc, addr: AddressSize) -> MemberLayout<N> {
    match try_place_params::<N>(ty, addr) {
        Ok(l) => l,
        Err(e) => e.panic(),
    }
}

/// The layout of a kernel's argument struct `ty` as *data* (a member, an array element), from
/// its parameter list's layout `params`: the same, except that an empty list, which a kernel
/// may take, is an empty struct as data, which has no portable layout
/// ([`LayoutError::Empty`]: C gives it size 0 and C++ size 1).
pub const fn params_as_data<const N: usize>(
    ty: &TypeDesc,
    params: &MemberLayout<N>,
) -> Result<Layout, LayoutError> {
    match ty.kind {
        TypeKind::Aggregate { members: [], .. } => Err(LayoutError::Empty { ty: ty.name }),
        _ => Ok(params.layout),
    }
}

/// Pointers to each parameter's image inside `bytes` (offsets from the member placements).
/// They are only addresses; nothing is dereferenced here.
pub fn param_pointers<const N: usize>(
    bytes: &mut [u8],
    layout: &MemberLayout<N>,
) -> [*mut c_void; N] {
    let base = bytes.as_mut_ptr();
    core::array::from_fn(|i| base.wrapping_add(layout.members[i].offset).cast())
}

/// §2.3: member `i` of a kernel argument struct is a parameter unless it is a bit-field or
/// zero-sized (no `.param` holds part of a value, or nothing): the message if it is not one.
pub const fn kernel_param_error<const N: usize>(
    ty: &TypeDesc,
    kernel: &str,
    layout: &MemberLayout<N>,
    i: usize,
) -> Option<ConstMsg<1024>> {
    let members = ty.members();
    if i >= N || i >= members.len() {
        return None;
    }
    let p = &layout.members[i];
    if (p.bits.is_none() && p.size > 0) || attr_checks::is_stand_in(&members[i]) {
        return None;
    }
    Some(
        ConstMsg::new()
            .str("kernel `")
            .str(kernel)
            .str("`: field `")
            .str(members[i].name)
            .str(if p.bits.is_some() {
                "` cannot be a bit-field: a `.param` holds whole values; remove `bits`, or pass a struct holding the bit-field"
            } else {
                "` is zero-sized and has no `.param`; remove it, or pass a struct holding it"
            }),
    )
}

/// The strictest alignment of a parameter that rustc's nvptx64 backend passes to a kernel by
/// value: 16 bytes. §2.3 note D allows up to 128, and NVRTC and clang declare such
/// parameters (`.param .align 32 .b8 p[32]`), but rustc (an `extern "ptx-kernel"` function,
/// `--target nvptx64-nvidia-cuda`) stops with an internal compiler error, "Align is given as
/// power of 2 no larger than 16 bytes" (`compiler/rustc_target/src/callconv/nvptx64.rs`;
/// rustc 1.97.0-nightly 2026-05-19, reproduced by oracle-tests' `rust_kernels` test).
pub const RUSTC_PARAM_ALIGN_LIMIT: usize = 16;

/// §2.3 note D, as rustc's nvptx64 backend implements it: member `i` of the argument struct of
/// a kernel compiled by rustc (`#[ptx(kernel = "k", abi = "rust")]`) must be aligned to at most
/// `RUSTC_PARAM_ALIGN_LIMIT` (16) bytes, or rustc cannot pass it by value. The message, naming
/// the field, its alignment, rustc's limit and what to do, when it is not.
pub const fn rust_kernel_param_error<const N: usize>(
    ty: &TypeDesc,
    kernel: &str,
    layout: &MemberLayout<N>,
    i: usize,
) -> Option<ConstMsg<1024>> {
    let members = ty.members();
    if i >= N || i >= members.len() || attr_checks::is_stand_in(&members[i]) {
        return None;
    }
    let align = layout.members[i].align;
    if align <= RUSTC_PARAM_ALIGN_LIMIT {
        return None;
    }
    Some(
        ConstMsg::new()
            .str("kernel `")
            .str(kernel)
            .str("` (`abi = \"rust\"`): field `")
            .str(members[i].name)
            .str("` is aligned to ")
            .num(align as u128)
            .str(
                " bytes, but rustc's nvptx64 backend passes a kernel parameter aligned to at most ",
            )
            .num(RUSTC_PARAM_ALIGN_LIMIT as u128)
            .str(
                " bytes (above that rustc stops with an internal compiler error, \"Align is \
                 given as power of 2 no larger than 16 bytes\"); pass it through a pointer \
                 (`DevicePtr<T>`), or lower its alignment to ",
            )
            .num(RUSTC_PARAM_ALIGN_LIMIT as u128)
            .str(" or less"),
    )
}

/// The bytes of a kernel's parameters (the end of the last one, [`buffer_size`]) against
/// `limit` ([`entry_param_limit`]): the message, with a per-parameter size breakdown, when
/// they are over it.
pub const fn kernel_limit_error<const N: usize>(
    ty: &TypeDesc,
    kernel: &str,
    layout: &MemberLayout<N>,
    limit: usize,
) -> Option<ConstMsg<1024>> {
    let members = ty.members();
    let end = buffer_size(layout);
    if end <= limit {
        return None;
    }
    let mut m = ConstMsg::new()
        .str("kernel `")
        .str(kernel)
        .str("` takes ")
        .num(end as u128)
        .str(" bytes of parameters, over the ")
        .num(limit as u128)
        .str("-byte limit")
        .str(limit_origin(limit))
        .str(":");
    let mut i = 0;
    while i < N && i < members.len() {
        let p = &layout.members[i];
        m = m
            .str(" `")
            .str(members[i].name)
            .str("` ")
            .num(p.size as u128)
            .str(" B at ")
            .num(p.offset as u128)
            .str(";");
        i += 1;
    }
    if limit < PARAM_LIMIT_VOLTA_CUDA_12_1 {
        Some(
            m.str(
                " pass large data through a `DevicePtr`, or raise the limit with `param_limit = ",
            )
            .num(PARAM_LIMIT_VOLTA_CUDA_12_1 as u128)
            .str("` if every target is sm_70 or newer with PTX ISA 8.1+ (CUDA 12.1+)"),
        )
    } else {
        Some(m.str(" pass large data through a `DevicePtr`"))
    }
}

/// Which of ptxas's limits ([`entry_param_limit`]) a parameter limit is: 4,352 bytes below
/// sm_70 or below PTX ISA 8.1, 32,764 bytes on sm_70 and newer with PTX ISA 8.1+.
pub const fn limit_origin(limit: usize) -> &'static str {
    match limit {
        PARAM_LIMIT => " (ptxas's limit below sm_70 or below PTX ISA 8.1)",
        PARAM_LIMIT_VOLTA_CUDA_12_1 => {
            " (ptxas's limit on sm_70 and newer with PTX ISA 8.1+, CUDA 12.1+)"
        }
        _ => " (set by `param_limit`)",
    }
}

/// `name`, the symbol of an `extern "C"` kernel, must be a PTX identifier
/// ([`text::is_identifier`](super::text::is_identifier)): `.visible .entry name(…)` must
/// assemble. The message if it is not one. (A C++ kernel's name is checked by the mangler,
/// chapter 7.)
pub const fn kernel_name_error(name: &str) -> Option<ConstMsg<256>> {
    if !super::text::is_identifier(name) {
        return Some(ConstMsg::new().str("kernel `").str(name).str(
            "` is not a PTX identifier: write a letter or `_` followed by letters, digits and \
             `_` (or use `abi = \"c++\"` for a `ns::name` path)",
        ));
    }
    // An `extern "C"` kernel is a C function: PTX also allows `$` and a leading `%`, which no
    // CUDA C function name has, and a C++ keyword names no function.
    let b = name.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !(b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            return Some(ConstMsg::new().str("kernel `").str(name).str(
                "` is a PTX identifier but no CUDA C function's name: `$` and `%` do not \
                 occur in C identifiers; write the `extern \"C\"` function's name (or the \
                 mangled name the PTX spells, with `check_entry_named`)",
            ));
        }
        i += 1;
    }
    if crate::layout::c_spelling::is_keyword(name) {
        return Some(
            ConstMsg::new()
                .str("kernel `")
                .str(name)
                .str("` is a C/C++ keyword, which names no CUDA function; write the kernel's name"),
        );
    }
    None
}

/// The bytes `cuLaunchKernel` must be told: the end of the last parameter (no tail padding).
pub const fn buffer_size<const N: usize>(layout: &MemberLayout<N>) -> usize {
    let mut end = 0;
    let mut i = 0;
    while i < N {
        let p = &layout.members[i];
        if p.offset + p.size > end {
            end = p.offset + p.size;
        }
        i += 1;
    }
    end
}

/// Each member's byte offset: for a kernel argument struct, each parameter's offset in the
/// parameter buffer.
pub const fn param_offsets<const N: usize>(layout: &MemberLayout<N>) -> [usize; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = layout.members[i].offset;
        i += 1;
    }
    out
}
