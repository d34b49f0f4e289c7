//! Encoding a slice of values, image after image (a C array of the type): one
//! [`ImageWriter`] over the whole destination, streaming from [`STREAM_MIN`] bytes on, and
//! with feature `rayon` one writer per thread over its own run of images.

use crate::codec::error::EncodeError;
use crate::codec::writer::ImageWriter;
use core::mem::MaybeUninit;

/// How one value writes its image at an offset: `PtxAbi::__write` as a function item (a
/// zero-sized type, so every call is static), passed in by the trait's default methods: this
/// module does not name the trait, which names it.
pub(crate) trait WriteImage<T>: Fn(&T, &mut ImageWriter<'_>, usize) + Copy {}
impl<T, F: Fn(&T, &mut ImageWriter<'_>, usize) + Copy> WriteImage<T> for F {}

/// From this many bytes of images on, [`PtxAbi::encode_slice`] and
/// [`PtxAbi::encode_slice_into`] store with non-temporal stores (x86-64): a buffer this large
/// is not read back from the cache soon (an upload to the device; the benchmark's figures in
/// `BENCHMARKS.md`), and stores that do not first read the destination's cache lines move
/// about a third less memory.
///
/// [`PtxAbi::encode_slice`]: crate::codec::PtxAbi::encode_slice
/// [`PtxAbi::encode_slice_into`]: crate::codec::PtxAbi::encode_slice_into
pub const STREAM_MIN: usize = 4 << 20;

/// With feature `rayon`: the fewest bytes of images one thread is given.
#[cfg(feature = "rayon")]
const PAR_RUN_MIN: usize = 256 << 10;

/// A byte slice as the uninitialized bytes the writer stores to.
#[inline(always)]
pub(crate) fn as_uninit(out: &mut [u8]) -> &mut [MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has `u8`'s layout, and every initialized `u8` is a valid
    // `MaybeUninit<u8>`. The writer, the only user of the result, stores only initialized
    // bytes (`ImageWriter` writes whole initialized words and bytes, never `uninit()`), so
    // `out` holds initialized bytes again when the borrow ends.
    unsafe { &mut *(out as *mut [u8] as *mut [MaybeUninit<u8>]) }
}

/// The images of `values` (`size` bytes each, of the type named `name`), back to back, into
/// `out` (see `PtxAbi::encode_slice_into`).
#[inline]
pub(crate) fn encode_slice<'o, T, W: WriteImage<T>>(
    values: &[T],
    (size, name, write): (usize, &'static str, W),
    out: &'o mut [MaybeUninit<u8>],
) -> Result<&'o mut [u8], EncodeError> {
    let expected = values.len().saturating_mul(size);
    if out.len() != expected {
        return Err(EncodeError::buffer_size(name, expected, out.len()));
    }
    let stream = expected >= STREAM_MIN;
    write_run(values, size, write, out, stream)
}

/// One writer over a run of images: each value written at its image's offset, stopping at
/// the first error.
#[inline(always)]
fn write_run<'o, T, W: WriteImage<T>>(
    values: &[T],
    size: usize,
    write: W,
    out: &'o mut [MaybeUninit<u8>],
    stream: bool,
) -> Result<&'o mut [u8], EncodeError> {
    let mut w = if stream {
        ImageWriter::streaming(out)
    } else {
        ImageWriter::new(out)
    };
    let mut at = 0;
    for v in values {
        write(v, &mut w, at);
        if w.failed() {
            break;
        }
        at += size;
    }
    w.finish()
}

/// [`encode_slice`] split into runs of whole images, one per thread of rayon's pool.
#[cfg(feature = "rayon")]
pub(crate) fn encode_slice_par<'o, T: Sync, W: WriteImage<T> + Sync>(
    values: &[T],
    (size, name, write): (usize, &'static str, W),
    out: &'o mut [MaybeUninit<u8>],
) -> Result<&'o mut [u8], EncodeError> {
    use rayon::prelude::*;
    let expected = values.len().saturating_mul(size);
    if out.len() != expected {
        return Err(EncodeError::buffer_size(name, expected, out.len()));
    }
    if size == 0 || values.is_empty() {
        return write_run(values, size, write, out, false);
    }
    let threads = rayon::current_num_threads().max(1);
    let per_thread = values.len().div_ceil(threads);
    let min_values = PAR_RUN_MIN.div_ceil(size).max(1);
    let run = per_thread.max(min_values);
    let stream = expected >= STREAM_MIN;
    let first_error = values
        .par_chunks(run)
        .zip(out.par_chunks_mut(run * size))
        .map(|(v, o)| write_run(v, size, write, o, stream).err())
        .find_first(Option::is_some)
        .flatten();
    if let Some(e) = first_error {
        return Err(e);
    }
    // SAFETY: `find_first` found no error, so it ran every run, and each run's writer
    // finished without error, which initializes every byte of its chunk (`ImageWriter::finish`);
    // the chunks of `par_chunks_mut` cover `out`, so all of `out` is initialized, and the
    // workers' stores are visible here (rayon joins them; a streaming writer fences its
    // non-temporal stores when it drops, in its own thread). `MaybeUninit<u8>` has `u8`'s
    // layout; the reference keeps `out`'s lifetime and exclusivity.
    Ok(unsafe { &mut *(out as *mut [MaybeUninit<u8>] as *mut [u8]) })
}

/// A stack buffer for the image of a hand-written impl's `PtxAbi::encode`, copied by its
/// default `PtxAbi::__write`.
pub(crate) struct Stage([u8; Stage::LEN]);

impl Stage {
    /// The largest image staged; a larger one is encoded in place (`encode_in_place`).
    const LEN: usize = 256;

    /// All zeros.
    #[inline(always)]
    pub(crate) const fn new() -> Self {
        Stage([0; Self::LEN])
    }

    /// The first `len` bytes, if the stage holds that many.
    #[inline(always)]
    pub(crate) fn get_mut(&mut self, len: usize) -> Option<&mut [u8]> {
        self.0.get_mut(..len)
    }
}
