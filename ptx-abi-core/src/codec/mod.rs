//! Byte images: the `PtxAbi` trait, bit-field insertion and extraction, encode/decode errors,
//! `Copy` image types, zero-copy views, and transcoding between address sizes.

pub mod bits;
pub(crate) mod encoder;
pub(crate) mod error;
pub(crate) mod image;
mod ptx_abi;
pub mod transcode;
pub(crate) mod zero_copy;

pub use ptx_abi::*;
