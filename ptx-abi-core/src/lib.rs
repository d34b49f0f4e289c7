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

mod abi;
mod address;
mod align;
mod array;
pub mod atomics;
pub mod bits;
mod const_msg;
pub mod desc;
pub mod dwarf;
mod error;
mod handle;
mod image;
mod integrations;
pub mod layout;
mod pad;
pub mod params;
mod pointer;
#[cfg(feature = "alloc")]
pub mod report;
mod scalars;
pub mod syscall;
pub mod transcode;
mod vector;
mod zero_copy;

#[doc(hidden)]
pub mod __private;

/// The `cudarc` crate this crate's integration was built against (`cudarc` feature).
#[cfg(feature = "cudarc")]
pub use cudarc;
/// The `half` crate, whose `f16` is PTX's `.f16` (§1.1), re-exported for the `half` feature.
#[cfg(feature = "half")]
pub use half;

pub use abi::{layout_at, PtxAbi};
pub use address::AddressSize;
pub use align::{
    Align1, Align128, Align16, Align2, Align32, Align4, Align64, Align8, AlignTo, Alignment,
};
pub use bits::BitFieldType;
pub use const_msg::ConstMsg;
pub use desc::{AggregateKind, EnumVariant, Handle, Member, Scalar, TypeDesc, TypeKind};
pub use error::{DecodeError, EncodeError};
pub use handle::{SamplerRef, SurfRef, TexRef};
pub use image::{images_as_bytes, PtxImage};
pub use layout::{layout_of, try_layout_of, BitRange, Layout, LayoutError, Placement};
pub use pad::Pad;
#[cfg(feature = "alloc")]
pub use params::{check_entry, entry_signature, func_signature, param_decl, param_decl_with};
pub use params::{
    KernelLaunch, KernelParams, ParamSpace, ParamType, Spelling, PARAM_LIMIT,
    PARAM_LIMIT_VOLTA_CUDA_12_1,
};
pub use pointer::{DevicePtr, VOID};
#[cfg(feature = "alloc")]
pub use report::{header::cuda_header, LayoutReport};
#[cfg(feature = "alloc")]
pub use transcode::{decode_at, encode_at};
pub use transcode::{transcode, TranscodeError};
pub use vector::*;
pub use zero_copy::{as_ptx_bytes, slice_as_ptx_bytes, ZeroCopy};
