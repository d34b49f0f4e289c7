//! What a derived encoder and decoder call besides the member types' own methods: `encode`
//! (the image through the writer, `codec/writer.rs`), the decoder's length check, in-place
//! setters of image types, and the one-`memcpy` path of zero-copy types. Generated code
//! reaches these through `__private::v1`.
//!
//! Each helper is `inline(always)` in builds without debug assertions (release) and takes its
//! placement from a `const`, so after inlining an encoder is straight-line loads, shifts, masks
//! and stores; with debug assertions (`dev`) it is `#[inline]`, as every codec function of
//! core is (`codec/writer.rs` says why).

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::image::PtxImage;
use crate::codec::slice::{as_uninit, encode_uninit};
use crate::codec::writer::ImageWriter;
use crate::codec::zero_copy::{slice_as_ptx_bytes, ZeroCopy};
use crate::codec::{check_in, PtxAbi};
use crate::layout::Placement;

/// A derived type's [`PtxAbi::encode`]: its image written by its `__write` through an
/// [`ImageWriter`] (`codec/writer.rs`). An image of at most `Stage::LEN` (256) bytes is staged
/// and stored into `out` once complete, as the slice encoders store each image
/// (`encode_uninit`, `write_one_staged`), so that on an error `out` is left as it was; the
/// optimizer keeps the stage in registers, and each word of the image is one store to `out`.
/// A larger image is written into `out` directly. ([`PtxAbi::encode_into`] always writes
/// directly, never reading `out`.)
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn encode<T: PtxAbi>(value: &T, out: &mut [u8]) -> Result<(), EncodeError> {
    encode_uninit(value, as_uninit(out))
}

/// Checks the image's length.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
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

/// A zero-copy value's `__write`: its own bytes, copied word by word.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn write_bytes<T: ZeroCopy>(value: &T, w: &mut ImageWriter<'_>, at: usize) {
    w.run(at, crate::codec::zero_copy::as_ptx_bytes(value));
}

/// Copies the bytes of zero-copy values: one `memcpy`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
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
