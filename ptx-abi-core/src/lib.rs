//! The runtime and const layout engine of [ptx-abi](https://docs.rs/ptx-abi): NVIDIA's PTX ABI
//! (the *PTX Interoperability* guide, release 13.2) for Rust types.
//!
//! - [`layout`]: §1.1–§1.3 as `const fn`s over [`TypeDesc`]s (sizes, alignments, offsets, C
//!   bit-field packing, native-vector alignment, tail padding), at either [`AddressSize`].
//! - [`PtxAbi`]: a type with a description and a byte image codec; implemented here for the
//!   fundamental types, arrays, [`Vector`]s, pointers and handles, and by `#[derive(PtxAbi)]`
//!   in the `ptx-abi` facade for structs, unions and enums.
//! - [`ZeroCopy`] and [`PtxImage`]: images without copying where the Rust layout is the PTX
//!   layout, and `Copy` image types everywhere else.
//!
//! `no_std`; the `alloc` feature adds `to_ptx_bytes`, `std` adds `std::error::Error` impls.
#![no_std]
#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod abi;
pub mod codec;
mod integrations;
pub mod layout;
pub mod params;
#[cfg(feature = "alloc")]
pub mod report;
pub mod types;

pub use abi::{atomics, dwarf, itanium, syscall};
pub use codec::{bits, transcode};
pub use layout::desc;
#[cfg(feature = "nvrtc")]
pub use report::nvrtc;

#[doc(hidden)]
pub mod __private;

/// The `cudarc` crate this crate's integration was built against (`cudarc` feature).
#[cfg(feature = "cudarc")]
pub use cudarc;
/// The `half` crate, whose `f16` is PTX's `.f16` (§1.1), re-exported for the `half` feature.
#[cfg(feature = "half")]
pub use half;

pub use codec::bits::BitFieldType;
pub use codec::error::{DecodeError, EncodeError};
pub use codec::image::{images_as_bytes, PtxImage};
#[cfg(feature = "alloc")]
pub use codec::transcode::{decode_at, encode_at};
pub use codec::transcode::{transcode, TranscodeError};
pub use codec::zero_copy::{as_ptx_bytes, slice_as_ptx_bytes, ZeroCopy};
pub use codec::{layout_at, PtxAbi};
pub use layout::address::AddressSize;
pub use layout::const_msg::ConstMsg;
pub use layout::cuda_version::{CudaVersion, CUDA_VERSION, CUDA_VERSION_SOURCE};
pub use layout::desc::{AggregateKind, EnumVariant, Handle, Member, Scalar, TypeDesc, TypeKind};
pub use layout::{layout_of, try_layout_of, BitRange, Layout, LayoutError, Placement};
#[cfg(feature = "alloc")]
pub use params::{
    check_entry, check_entry_named, entry_signature, func_signature, param_decl, param_decl_with,
};
pub use params::{
    entry_param_limit, Arch, KernelLaunch, KernelParams, LaunchError, ParamBuffer, ParamSpace,
    ParamType, PtxIsa, Spelling, PARAM_LIMIT, PARAM_LIMIT_VOLTA_CUDA_12_1,
};
#[cfg(feature = "alloc")]
pub use report::{header::cuda_header, CTypeCheck, HeaderError, LayoutReport};
pub use types::align::{
    Align1, Align128, Align16, Align2, Align32, Align4, Align64, Align8, AlignTo, Alignment,
};
pub use types::c_long::{CLong, CULong};
#[allow(deprecated)] // CUDA 13's deprecated vectors, re-exported all the same
pub use types::cuda::{
    tensor_map_type, Bf16, Bf16x2, CudaType, Double3, Double4, Double4A16, Double4A32, Fp4x2E2M1,
    Fp8E4M3, Fp8E5M2, Fp8x2E4M3, Fp8x2E5M2, Fp8x4E4M3, Fp8x4E5M2, Half2, Long3, Long4, Long4A16,
    Long4A32, LongLong3, LongLong4, LongLong4A16, LongLong4A32, TensorMap, ULong3, ULong4,
    ULong4A16, ULong4A32, ULongLong3, ULongLong4, ULongLong4A16, ULongLong4A32, CUDA_TYPES,
};
pub use types::handle::{SamplerRef, SurfRef, TexRef};
pub use types::pad::Pad;
pub use types::pointer::{DeviceConstPtr, DevicePtr, VOID};
pub use types::vector::*;
