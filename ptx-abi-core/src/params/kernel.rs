//! Kernel argument structs: a struct whose fields are a kernel's parameters, in order.

use crate::codec::image::PtxImage;
use crate::codec::PtxAbi;
use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::{AggregateKind, TypeDesc, TypeKind};
use crate::layout::{rules, try_place_members, Layout, LayoutError, MemberLayout, Placement};
use crate::AddressSize;
use core::ffi::c_void;

/// The driver's classic limit on a kernel's parameter bytes: what applies before CUDA 12.1 or
/// on GPUs before Volta (and so everywhere, if the targets are not known).
pub const PARAM_LIMIT: usize = 4096;

/// The limit on Volta and newer GPUs with CUDA 12.1 or newer (32,764 bytes). Opt in with
/// `#[ptx(kernel = "name", param_limit = 32764)]` only if every target has both.
pub const PARAM_LIMIT_VOLTA_CUDA_12_1: usize = 32764;

/// `#[ptx(param_limit = N)]`: `N` as the limit a kernel's parameter bytes are checked
/// against, or a compile error unless it is between 1 and [`PARAM_LIMIT_VOLTA_CUDA_12_1`],
/// the most any driver accepts.
pub const fn param_limit(limit: u64) -> usize {
    if limit == 0 || limit > PARAM_LIMIT_VOLTA_CUDA_12_1 as u64 {
        let msg = ConstMsg::<200>::new()
            .str("`param_limit` is ")
            .num(limit as u128)
            .str(": the driver accepts at most ")
            .num(PARAM_LIMIT as u128)
            .str(" bytes of parameters, or ")
            .num(PARAM_LIMIT_VOLTA_CUDA_12_1 as u128)
            .str(" on Volta and newer with CUDA 12.1+");
        panic!("{}", msg.as_str());
    }
    limit as usize
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
    /// The image type holding the parameters, aligned to the strictest parameter.
    type Image: PtxImage<Value = Self>;
    /// One pointer per parameter (`[*mut c_void; N]`), for `cuLaunchKernel`'s `kernelParams`.
    type Pointers: Copy + AsMut<[*mut c_void]> + AsRef<[*mut c_void]>;
    /// The pointers to each parameter inside `image`.
    fn pointers(image: &mut Self::Image) -> Self::Pointers;
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
    if let TypeKind::Aggregate {
        kind: AggregateKind::Struct,
        align,
        members: [],
    } = ty.kind
    {
        if align != 0 && !rules::is_valid_align(align) {
            return Err(LayoutError::AlignInvalid { ty: ty.name, align });
        }
        return Ok(MemberLayout {
            layout: Layout {
                size: 0,
                align: if align == 0 { 1 } else { align },
            },
            members: [Placement::EMPTY; N],
        });
    }
    try_place_members::<N>(ty, addr)
}

/// [`try_place_params`] for `const` items (what `#[ptx(kernel = "…")]` generates): a broken
/// rule stops compilation with its message.
pub const fn place_params<const N: usize>(ty: &TypeDesc, addr: AddressSize) -> MemberLayout<N> {
    match try_place_params::<N>(ty, addr) {
        Ok(l) => l,
        Err(e) => e.panic(),
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

/// Why a kernel argument struct cannot be passed: a member that is not a parameter (a
/// bit-field, a zero-sized field) or parameter bytes over `limit`, with a per-parameter size
/// breakdown.
pub const fn kernel_params_error<const N: usize>(
    ty: &TypeDesc,
    kernel: &str,
    layout: &MemberLayout<N>,
    limit: usize,
) -> Option<ConstMsg<1024>> {
    let members = ty.members();
    let mut end = 0;
    let mut i = 0;
    while i < N && i < members.len() {
        let p = &layout.members[i];
        if p.bits.is_some() || p.size == 0 {
            let m = ConstMsg::new()
                .str("kernel `")
                .str(kernel)
                .str("`: field `")
                .str(members[i].name)
                .str("` is not a kernel parameter (bit-fields and zero-sized fields have no `.param`); move it into a struct and pass that");
            return Some(m);
        }
        end = p.offset + p.size;
        i += 1;
    }
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
    i = 0;
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
            .str("` if every target is Volta or newer with CUDA 12.1+"),
        )
    } else {
        Some(m.str(" pass large data through a `DevicePtr`"))
    }
}

/// Which driver rule a parameter limit is: 4,096 bytes before CUDA 12.1 or before Volta,
/// 32,764 bytes with CUDA 12.1+ on Volta and newer.
pub const fn limit_origin(limit: usize) -> &'static str {
    match limit {
        PARAM_LIMIT => " (the limit before CUDA 12.1 or on GPUs before Volta)",
        PARAM_LIMIT_VOLTA_CUDA_12_1 => " (the limit of CUDA 12.1+ on Volta and newer GPUs)",
        _ => " (set by `param_limit`)",
    }
}

/// Stops compilation unless `name`, the symbol of an `extern "C"` kernel, is a PTX identifier
/// ([`text::is_identifier`](super::text::is_identifier)): `.visible .entry name(…)` must
/// assemble. (A C++ kernel's name is checked by the mangler, chapter 7.)
pub const fn assert_kernel_name(name: &str) {
    if !super::text::is_identifier(name) {
        let msg: ConstMsg<256> = ConstMsg::new().str("kernel `").str(name).str(
            "` is not a PTX identifier: write a letter, `_` or `$` followed by letters, \
                  digits, `_` and `$` (or use `abi = \"c++\"` for a `ns::name` path)",
        );
        panic!("{}", msg.as_str());
    }
}

/// Stops compilation with [`kernel_params_error`]'s message, if any.
pub const fn assert_kernel_params<const N: usize>(
    ty: &TypeDesc,
    kernel: &str,
    layout: &MemberLayout<N>,
    limit: usize,
) {
    if let Some(msg) = kernel_params_error(ty, kernel, layout, limit) {
        panic!("{}", msg.as_str());
    }
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
