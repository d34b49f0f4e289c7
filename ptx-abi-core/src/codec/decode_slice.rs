//! Decoding a C array of images into a slice of values (`PtxAbi::decode_slice`,
//! `decode_slice_into`, `decode_vec`): value after value, each as `PtxAbi::decode` reads it,
//! stopping at the first image that is not a valid value.
//!
//! The stores are ordinary. Non-temporal ones (the values decoded a 4 KiB batch at a time into
//! a stage, then copied out by inline assembly, which copies a value's uninitialized padding
//! as bytes) were built and measured: at 1,000,000 values of the benchmark's `Ref` (48 MB)
//! they gave between 0.84 and 1.12 of the hand-written decoder's throughput from run to run,
//! where `decode` value by value gave 0.99 to 1.03 in the same runs: no gain to pay 100 lines
//! of `unsafe` for (`BENCHMARKS.md`).

use crate::codec::error::DecodeError;
use core::mem::MaybeUninit;

/// What the slice decoders need of a type: its image's size and name, and how a value is read
/// from its image (`PtxAbi::decode`), implemented for every `PtxAbi` type in
/// `codec/ptx_abi.rs`: this module does not name the trait, which names it (as `slice.rs`'s
/// `WriteImage`).
pub(crate) trait ReadImage: Sized {
    /// The image's size in bytes (`PtxAbi::SIZE`).
    const SIZE: usize;
    /// The type's name, for errors.
    const NAME: &'static str;
    /// Reads a value from its image of exactly `SIZE` bytes (`PtxAbi::decode`).
    fn read_image(image: &[u8]) -> Result<Self, DecodeError>;
}

/// Checks that `bytes` is exactly `n` images of `T`.
#[inline]
fn check_len<T: ReadImage>(bytes: &[u8], n: usize) -> Result<(), DecodeError> {
    let expected = n.checked_mul(T::SIZE);
    if expected == Some(bytes.len()) {
        Ok(())
    } else {
        Err(DecodeError::Length {
            ty: T::NAME,
            expected: expected.unwrap_or(usize::MAX),
            found: bytes.len(),
        })
    }
}

/// Reads the images in `bytes` (exactly `out.len() × T::SIZE` bytes) one after another,
/// handing each value to `put` with its element of `out`, and stops at the first error.
#[inline]
fn read_each<T: ReadImage, O>(
    bytes: &[u8],
    out: &mut [O],
    mut put: impl FnMut(&mut O, T),
) -> Result<(), DecodeError> {
    check_len::<T>(bytes, out.len())?;
    if T::SIZE == 0 {
        // No bytes: every value is decoded from the empty image.
        for o in out.iter_mut() {
            put(o, T::read_image(&[])?);
        }
    } else {
        for (o, image) in out.iter_mut().zip(bytes.chunks_exact(T::SIZE)) {
            put(o, T::read_image(image)?);
        }
    }
    Ok(())
}

/// The values of the images in `bytes` (exactly `out.len() × T::SIZE` bytes) over the values
/// of `out`, in order (see `PtxAbi::decode_slice`).
#[inline]
pub(crate) fn decode_slice<T: ReadImage>(bytes: &[u8], out: &mut [T]) -> Result<(), DecodeError> {
    read_each(bytes, out, |o, value| *o = value)
}

/// The values of the images in `bytes` (exactly `out.len() × T::SIZE` bytes) into `out`,
/// which may be uninitialized (see `PtxAbi::decode_slice_into`).
#[inline]
pub(crate) fn decode_slice_into<'o, T: ReadImage>(
    bytes: &[u8],
    out: &'o mut [MaybeUninit<T>],
) -> Result<&'o mut [T], DecodeError> {
    read_each(bytes, out, |o, value| {
        o.write(value);
    })?;
    // SAFETY: no error was returned, so `read_each` handed a value to every element of
    // `out`, which was written with it: with an empty image each, or one per chunk, and
    // `chunks_exact` gives `out.len()` of them (`bytes.len() == out.len() × T::SIZE`,
    // `check_len`). `MaybeUninit<T>` has `T`'s layout, and the new reference takes over
    // `out`'s lifetime and exclusivity.
    Ok(unsafe { &mut *(out as *mut [MaybeUninit<T>] as *mut [T]) })
}

/// A vector of the values of the images in `bytes`, a whole number of them; none for a type
/// whose image is empty (see `PtxAbi::decode_vec`).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn decode_vec<T: ReadImage>(bytes: &[u8]) -> Result<alloc::vec::Vec<T>, DecodeError> {
    let n = bytes.len().checked_div(T::SIZE).unwrap_or(0);
    check_len::<T>(bytes, n)?;
    let mut values = alloc::vec::Vec::with_capacity(n);
    if T::SIZE != 0 {
        for image in bytes.chunks_exact(T::SIZE) {
            values.push(T::read_image(image)?);
        }
    }
    Ok(values)
}
