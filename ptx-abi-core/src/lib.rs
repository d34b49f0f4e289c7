//! The runtime and const layout engine of [ptx-abi](https://docs.rs/ptx-abi): NVIDIA's PTX ABI
//! (the *PTX Interoperability* guide, release 13.2) for Rust types.
//!
//! One module per room, each item under one path (the `ptx-abi` facade re-exports these rooms
//! and adds, at its root, what a first program writes):
//!
//! - [`layout`]: §1.1–§1.3 as `const fn`s over [`TypeDesc`](layout::desc::TypeDesc)s (sizes,
//!   alignments, offsets, C bit-field packing, native-vector alignment, tail padding), at
//!   either [`AddressSize`](layout::AddressSize).
//! - [`types`]: the Rust types with a PTX layout ([`Vector`](types::Vector)s, pointers,
//!   handles, `Pad`, CUDA's own C++ types).
//! - [`codec`]: the [`PtxAbi`](codec::PtxAbi) trait, a type with a description and a byte
//!   image codec; [`ZeroCopy`](codec::ZeroCopy) and [`PtxImage`](codec::PtxImage): images
//!   without copying where the Rust layout is the PTX layout, and `Copy` image types
//!   everywhere else.
//! - [`params`] (§2.3: `.param` declarations, signatures, launches), `report` (layout
//!   reports, diagrams, CUDA headers), [`abi`] (chapters 3–5 and 7).
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

#[doc(hidden)]
pub mod __private;

/// NVIDIA's `cuda-core` crate this crate's integration was built against (`cuda-core`
/// feature).
#[cfg(feature = "cuda-core")]
pub use cuda_core;
/// The `cudarc` crate this crate's integration was built against (`cudarc` feature).
#[cfg(feature = "cudarc")]
pub use cudarc;
/// The `half` crate, whose `f16` is PTX's `.f16` (§1.1), re-exported for the `half` feature.
#[cfg(feature = "half")]
pub use half;
