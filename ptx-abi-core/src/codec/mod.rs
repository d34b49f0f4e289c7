//! Byte images: the `PtxAbi` trait, bit-field insertion and extraction, encode/decode errors,
//! `Copy` image types, zero-copy views, and transcoding between address sizes.

pub(crate) mod bind;
pub mod bits;
pub(crate) mod decode_slice;
pub(crate) mod encoder;
pub(crate) mod error;
pub(crate) mod image;
mod ptx_abi;
pub(crate) mod slice;
pub(crate) mod transcode;
pub(crate) mod writer;
pub(crate) mod zero_copy;

pub use error::{DecodeError, EncodeError, TranscodeError};
pub use image::{images_as_bytes, HasImage, PtxImage};
pub use ptx_abi::*;
pub use slice::STREAM_MIN;
pub use transcode::transcode;
#[cfg(feature = "alloc")]
pub use transcode::{decode_at, encode_at};
pub use writer::ImageWriter;
pub use zero_copy::{as_ptx_bytes, slice_as_ptx_bytes, ZeroCopy};
