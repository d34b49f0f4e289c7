//! The heart of a derived encoder and decoder: the staging image, the begin/end steps around
//! the per-member writes, in-place setters of image types, and the one-`memcpy` path of
//! zero-copy types. Generated code reaches these through `__private::v1`.
//!
//! Each helper is `#[inline(always)]` and takes its placement from a `const`, so after
//! inlining an encoder is straight-line loads, shifts, masks and stores.

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::image::PtxImage;
use crate::codec::zero_copy::{slice_as_ptx_bytes, ZeroCopy};
use crate::codec::{check_in, check_out, PtxAbi};
use crate::layout::Placement;

/// The largest image an encoder builds in a [`Stage`] before copying it out.
pub const STAGE: usize = 256;

/// A zeroed scratch image on the encoder's stack. Members are written here and the whole
/// image is copied to the caller's buffer once every member has been checked: the optimizer
/// then keeps the image in registers and stores each word once. Written straight into the
/// caller's buffer, every range check's early return would pin the partial stores before it
/// (a bit-field's storage unit was stored once per member, and the zero fill before them),
/// and encoding ran at 0.7× hand-written shift/mask code.
pub struct Stage([u8; STAGE]);

impl Stage {
    /// All zeros: padding and unnamed bit-fields are zero in every image (§1.2, §1.3).
    #[inline(always)]
    pub const fn new() -> Self {
        Stage([0; STAGE])
    }
}

impl Default for Stage {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

/// Checks the buffer's length and returns the zeroed bytes to write the image into: the
/// stage for images of at most [`STAGE`] bytes, else `out` itself, zero-filled.
#[inline(always)]
pub fn begin_encode<'a, T: PtxAbi>(
    out: &'a mut [u8],
    stage: &'a mut Stage,
) -> Result<&'a mut [u8], EncodeError> {
    check_out::<T>(out)?;
    match stage.0.get_mut(..T::SIZE) {
        Some(staged) => Ok(staged),
        None => {
            out.fill(0);
            Ok(out)
        }
    }
}

/// Copies a staged image (see [`begin_encode`]) to the caller's buffer, eight bytes at a time.
///
/// The stage is read in whole aligned 8-byte words (the last one past the image reads the
/// stage's zeros, never the caller's bytes). Every storage unit lies inside one such word (a
/// unit is at most 8 bytes and aligned to its size), so the optimizer assembles each word
/// from the units in it, in a 64-bit integer, and stores it once: a `short` unit and the zero
/// padding after it become one store, as in hand-written code.
#[inline(always)]
pub fn end_encode<T: PtxAbi>(out: &mut [u8], stage: &Stage) -> Result<(), EncodeError> {
    if T::SIZE > STAGE || out.len() != T::SIZE {
        return Ok(());
    }
    let mut at = 0;
    while at < T::SIZE {
        let Some(word) = stage.0.get(at..).and_then(|w| w.first_chunk::<8>()) else {
            break;
        };
        let word = u64::from_le_bytes(*word).to_le_bytes();
        let n = if T::SIZE - at < 8 { T::SIZE - at } else { 8 };
        if let (Some(dst), Some(src)) = (out.get_mut(at..at + n), word.get(..n)) {
            dst.copy_from_slice(src);
        }
        at += 8;
    }
    Ok(())
}

/// Checks the image's length.
#[inline(always)]
pub fn begin_decode<T: PtxAbi>(bytes: &[u8]) -> Result<(), DecodeError> {
    check_in::<T>(bytes)
}

/// An image setter: writes `value` with `put` (the field type's `PtxAbi::__put`, named by
/// the expansion so that a missing impl is reported once, at the field) into a copy of
/// `image`, and keeps the copy only if that succeeds. One generic function instead of a
/// closure per setter (through `PtxImage::update`), which cost about 14% of the build time of
/// 200 derived types (`cargo xtask bench-compile`).
#[inline]
pub fn set_member<I: PtxImage, F>(
    image: &mut I,
    p: &Placement,
    value: &F,
    put: fn(&mut [u8], &Placement, &F) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    let mut next = *image;
    put(next.as_bytes_mut(), p, value)?;
    *image = next;
    Ok(())
}

/// The `put` of a named bit-field: `BitFieldType::__put_bits`.
pub type PutBits<F> =
    fn(&mut [u8], &Placement, F, &'static str, &'static str) -> Result<(), EncodeError>;

/// [`set_member`] for a named bit-field (range-checked by `put`, §1.3).
#[inline]
pub fn set_bits<I: PtxImage, F>(
    image: &mut I,
    p: &Placement,
    value: F,
    names: (&'static str, &'static str),
    put: PutBits<F>,
) -> Result<(), EncodeError> {
    let mut next = *image;
    put(next.as_bytes_mut(), p, value, names.0, names.1)?;
    *image = next;
    Ok(())
}

/// The error for an integer that names no variant of an enum.
#[cold]
pub fn bad_discriminant(ty: &'static str, value: i128) -> DecodeError {
    DecodeError::InvalidDiscriminant { ty, value }
}

/// Copies the bytes of zero-copy values: one `memcpy`.
#[inline(always)]
pub fn encode_bytes<T: ZeroCopy>(values: &[T], out: &mut [u8]) -> Result<(), EncodeError> {
    let bytes = slice_as_ptx_bytes(values);
    if out.len() != bytes.len() {
        return Err(EncodeError::buffer_size(
            T::TYPE.name,
            bytes.len(),
            out.len(),
        ));
    }
    out.copy_from_slice(bytes);
    Ok(())
}
