//! Encoding a slice of values, image after image (a C array of the type): an
//! [`ImageWriter`] per image, the image staged in registers and then stored (non-temporally
//! from [`STREAM_MIN`] bytes on), and with feature `rayon` one run of images per thread.

use crate::codec::error::EncodeError;
use crate::codec::writer::{fence_streaming, store16, store8, ImageWriter};
use core::mem::MaybeUninit;

/// What the slice encoders need of a type: its image's size and name, and how a value writes
/// its image (`PtxAbi::__write`), implemented for every `PtxAbi` type in `codec/ptx_abi.rs`:
/// this module does not name the trait, which names it. Constants and a static call, so that
/// after inlining the size of an image and each of its offsets is a constant.
pub(crate) trait WriteImage: Sized {
    /// The image's size in bytes (`PtxAbi::SIZE`).
    const SIZE: usize;
    /// The type's name, for errors.
    const NAME: &'static str;
    /// Writes the value's image at `at` through `w` (`PtxAbi::__write`).
    fn write_image(&self, w: &mut ImageWriter<'_>, at: usize);
}

/// From this many bytes of images on, [`PtxAbi::encode_slice`] and
/// [`PtxAbi::encode_slice_into`] store with non-temporal stores (x86-64): a buffer this large
/// is not read back from the cache soon (an upload to the device; the benchmark's figures in
/// `BENCHMARKS.md`), and stores that do not first read the destination's cache lines move
/// about a third less memory. 32 MiB, a large last-level cache. Below it the stores are
/// ordinary, so that the images are still in the cache for whoever reads them next (a
/// pageable `memcpy_htod` copies them again through the driver's staging buffer), although
/// streaming is no slower there on the machines measured: interleaved benchmark, 2-core AMD
/// EPYC with a 32 MiB L3, hand-written code with 16-byte non-temporal stores took about
/// three quarters of the time of ordinary stores at 100,000 images of 48 bytes (4.8 MB) and
/// the same time at 10,000 (480 KB, in the 1 MiB L2).
///
/// [`PtxAbi::encode_slice`]: crate::codec::PtxAbi::encode_slice
/// [`PtxAbi::encode_slice_into`]: crate::codec::PtxAbi::encode_slice_into
pub const STREAM_MIN: usize = 32 << 20;

/// With feature `rayon`: about how many bytes of images a thread takes at a time
/// (`encode_slice_par`): small enough that the threads share the work evenly however late a
/// pool thread starts, large enough that taking the next run (a lock) costs nothing beside
/// writing it (some 20 µs of encoding). Under Miri 256 bytes, so that a test's few images
/// are still several runs on several threads.
#[cfg(feature = "rayon")]
const PAR_RUN: usize = if cfg!(miri) { 256 } else { 256 << 10 };

/// A byte slice as the uninitialized bytes the writer stores to.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn as_uninit(out: &mut [u8]) -> &mut [MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has `u8`'s layout, and every initialized `u8` is a valid
    // `MaybeUninit<u8>`. The encoders, the only users of the result, store only initialized
    // bytes (`ImageWriter` and `store_image` write whole initialized words and bytes, never
    // `uninit()`), so `out` holds initialized bytes again when the borrow ends.
    unsafe { &mut *(out as *mut [u8] as *mut [MaybeUninit<u8>]) }
}

/// Initialized bytes as uninitialized ones, to copy from.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn as_uninit_ref(bytes: &[u8]) -> &[MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has `u8`'s layout, every initialized `u8` is a valid
    // `MaybeUninit<u8>`, and a shared reference allows no write of `uninit()` through it.
    unsafe { &*(bytes as *const [u8] as *const [MaybeUninit<u8>]) }
}

/// The images of `values` (`size` bytes each, of the type named `name`), back to back, into
/// `out` (see `PtxAbi::encode_slice_into`).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_slice<'o, T: WriteImage>(
    values: &[T],
    out: &'o mut [MaybeUninit<u8>],
) -> Result<&'o mut [u8], EncodeError> {
    let expected = values.len().saturating_mul(T::SIZE);
    if out.len() != expected {
        return Err(EncodeError::buffer_size(T::NAME, expected, out.len()));
    }
    let stream = expected >= STREAM_MIN;
    write_run(values, out, stream)
}

/// The image of `value` into `out` (exactly `T::SIZE` bytes, else an error), which may be
/// uninitialized and is initialized on `Ok`: staged as [`write_one_staged`] stages it when it
/// is at most [`Stage::LEN`] bytes, else written in place as `PtxAbi::encode_into` writes
/// it. What a derived type's `PtxAbi::encode`, `PtxImage::new` and `KernelLaunch::new`
/// write an image with.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_uninit<T: WriteImage>(
    value: &T,
    out: &mut [MaybeUninit<u8>],
) -> Result<(), EncodeError> {
    if out.len() != T::SIZE {
        return Err(EncodeError::buffer_size(T::NAME, T::SIZE, out.len()));
    }
    if T::SIZE <= Stage::LEN {
        write_one_staged(value, out, Stores::Cached)
    } else {
        let mut w = ImageWriter::part(out, false);
        value.write_image(&mut w, 0);
        w.finish().map(drop)
    }
}

/// A run of images, each written by its own writer ([`ImageWriter::part`]) over its own
/// `size` bytes at offset 0, stopping at the first error. One writer per image, not one over
/// the run: the image's offsets are then constants and the writer's state starts known, so
/// after inlining each word of an image is one store, as in hand-written code; a writer
/// carried from image to image keeps its state in memory and compares and branches at every
/// member (five times slower on the interleaved benchmark).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn write_run<'o, T: WriteImage>(
    values: &[T],
    out: &'o mut [MaybeUninit<u8>],
    stream: bool,
) -> Result<&'o mut [u8], EncodeError> {
    let size = T::SIZE;
    let expected = values.len().saturating_mul(size);
    if out.len() != expected {
        // The callers check this with the type's name; kept here for the proof below.
        return Err(EncodeError::buffer_size("image", expected, out.len()));
    }
    let images = if size == 0 {
        // No bytes to write; the values are still written, for their errors.
        for v in values {
            let mut w = ImageWriter::part(&mut [], false);
            v.write_image(&mut w, 0);
            w.finish()?;
        }
        Ok(())
    } else {
        write_images(values, out, stream)
    };
    if stream {
        // Every non-temporal store of the run, ordered before the borrow of `out` ends (also on
        // an error, when `out`'s content is unspecified but may still be read).
        fence_streaming();
    }
    images?;
    // SAFETY: `write_images` returned no error, so it wrote every value of `values`, and each
    // image's chunk is initialized: written in place, by a writer that finished without error,
    // which initializes every byte it covers (`ImageWriter::finish`), or staged, by
    // `store_image` from a finished writer's `T::SIZE` bytes into the chunk's `T::SIZE`
    // bytes, which stores every byte (16- and 8-byte words, then the bytes left).
    // `out.len() == values.len() * size` (checked above), so the chunks of
    // `chunks_exact_mut` cover `out` (and `size == 0` leaves `out` empty): all of
    // `out` is initialized. `MaybeUninit<u8>` has `u8`'s layout, and the new reference takes
    // over `out`'s lifetime and exclusivity.
    Ok(unsafe { &mut *(out as *mut [MaybeUninit<u8>] as *mut [u8]) })
}

/// The images of `values` into the chunks of `T::SIZE` (not 0) bytes of `out`, in order.
///
/// An image of at most [`Stage::LEN`] bytes is staged: written into a stack buffer, which
/// the optimizer keeps in registers, and then stored word by word ([`store_image`]). Every
/// load of the value then comes before the image's first store, as in hand-written code,
/// which lets the optimizer combine adjacent loads (a `float4`'s lanes, two by two) and lets
/// a streaming run store 16 bytes at a time (interleaved benchmark, 1,000,000 images of
/// `Ref`: 16-byte non-temporal stores took about a tenth less time than 8-byte ones,
/// `BENCHMARKS.md`). A larger image is written into `out` directly.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn write_images<T: WriteImage>(
    values: &[T],
    out: &mut [MaybeUninit<u8>],
    stream: bool,
) -> Result<(), EncodeError> {
    if T::SIZE <= Stage::LEN {
        // One loop per way of storing, so that each loop stores one way without testing it at
        // every image. The test that picks `Streamed16` also tells the optimizer, inside its
        // loop, that `out` is 16-byte aligned: with images of a multiple of 16 bytes, every
        // 16-byte store's own alignment test (`store16`) then folds away, and the loop is
        // the hand-written streaming encoder's (interleaved benchmark, `BENCHMARKS.md`).
        return match Stores::of::<T>(out, stream) {
            Stores::Cached => write_staged(values, out, Stores::Cached),
            Stores::Streamed16 => write_staged(values, out, Stores::Streamed16),
            Stores::Streamed8 => write_staged(values, out, Stores::Streamed8),
        };
    }
    for (v, image) in values.iter().zip(out.chunks_exact_mut(T::SIZE)) {
        let mut w = ImageWriter::part(image, stream);
        v.write_image(&mut w, 0);
        w.finish()?;
    }
    Ok(())
}

/// How [`store_image`] stores a staged image: one way for a whole run of images
/// ([`write_images`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stores {
    /// Ordinary stores, eight bytes at a time: the images stay in the cache.
    Cached,
    /// Non-temporal stores, sixteen bytes at a time where the destination is 16-byte aligned
    /// ([`store16`]), else eight.
    Streamed16,
    /// Non-temporal stores, eight bytes at a time: no image of the run starts 16-byte
    /// aligned.
    Streamed8,
}

impl Stores {
    /// The way to store a run of images of `T` into `out`: non-temporally when `stream`, 16
    /// bytes at a time unless no image can be 16-byte aligned (`out` is not, and an image's
    /// size is a multiple of 16).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn of<T: WriteImage>(out: &[MaybeUninit<u8>], stream: bool) -> Self {
        if !stream {
            Stores::Cached
        } else if (out.as_ptr() as usize) % 16 == 0 || T::SIZE % 16 != 0 {
            Stores::Streamed16
        } else {
            Stores::Streamed8
        }
    }

    /// Whether the stores are non-temporal.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn streaming(self) -> bool {
        self != Stores::Cached
    }
}

/// [`write_images`] of images of at most [`Stage::LEN`] bytes, each staged and then stored.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn write_staged<T: WriteImage>(
    values: &[T],
    out: &mut [MaybeUninit<u8>],
    stores: Stores,
) -> Result<(), EncodeError> {
    for (v, image) in values.iter().zip(out.chunks_exact_mut(T::SIZE)) {
        write_one_staged(v, image, stores)?;
    }
    Ok(())
}

/// The image of `v` (at most [`Stage::LEN`] bytes, `image.len() == T::SIZE`) staged and then
/// stored into `image`, which is stored only once the image is complete (on an error it is
/// left as it was): [`write_staged`]'s step, and a derived type's `PtxAbi::encode`
/// (`codec/encoder.rs`). Written with a quick writer, which keeps no error
/// (`ImageWriter::quick_part`); a failed image is written again by [`write_recording`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn write_one_staged<T: WriteImage>(
    v: &T,
    image: &mut [MaybeUninit<u8>],
    stores: Stores,
) -> Result<(), EncodeError> {
    let mut stage = [MaybeUninit::<u8>::uninit(); Stage::LEN];
    let Some(staged) = stage.get_mut(..T::SIZE) else {
        // Not taken: the callers stage images of at most `Stage::LEN` bytes.
        return Err(EncodeError::buffer_size(T::NAME, T::SIZE, Stage::LEN));
    };
    let mut w = ImageWriter::quick_part(staged, false);
    v.write_image(&mut w, 0);
    match w.finish_quick() {
        Some(staged) => store_image(staged, image, stores),
        None => {
            // Ordinary stores, however the run stores: this image is not expected (a value
            // whose encoder fails once fails again), and a copy keeps the code small.
            let mut stage = Stage::new();
            write_recording(v, &mut stage)?;
            match (stage.get(T::SIZE), image.len() == T::SIZE) {
                (Some(staged), true) => image.copy_from_slice(as_uninit_ref(staged)),
                // Not taken (`write_recording` staged `T::SIZE` bytes, and the callers pass
                // an image of that size); an error, never `Ok` with `image` unwritten.
                _ => return Err(EncodeError::buffer_size(T::NAME, T::SIZE, image.len())),
            }
        }
    }
    Ok(())
}

/// An image [`write_one_staged`]'s quick writer found failing, written again into `stage`
/// with a writer that records the first error, which it returns (should the value's encoder
/// not fail the second time, the caller copies the staged image). It takes no destination: a
/// call that took one would let the caller's destination escape, and the optimizer would keep
/// a destination on the stack in memory (`PtxImage::new`'s image, copied out through loads
/// that straddle two stores) instead of in registers. Nor does it return the stage in its
/// `Result`: the optimizer then cut the destination's first word at the error's field
/// offsets (`BENCHMARKS.md`, "2026-11-29 (seventh)").
#[cold]
#[inline(never)]
fn write_recording<T: WriteImage>(v: &T, stage: &mut Stage) -> Result<(), EncodeError> {
    let Some(staged) = stage.get_mut(T::SIZE) else {
        return Err(EncodeError::buffer_size(T::NAME, T::SIZE, Stage::LEN));
    };
    let mut w = ImageWriter::part(as_uninit(staged), false);
    v.write_image(&mut w, 0);
    w.finish().map(drop)
}

/// Stores a staged image (`image.len() == to.len()`) into `to` as `stores` says: 16 bytes
/// at a time for [`Stores::Streamed16`] (non-temporal, where `to` is aligned for it:
/// [`store16`]), then 8, then the bytes left. After inlining, `image.len()` is the type's
/// size and the loops unroll.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn store_image(image: &[u8], to: &mut [MaybeUninit<u8>], stores: Stores) {
    let stream = stores.streaming();
    let mut at = 0;
    if stores == Stores::Streamed16 {
        while let (Some(src), Some(dst)) = (
            image.get(at..).and_then(<[u8]>::first_chunk::<16>),
            to.get_mut(at..)
                .and_then(<[MaybeUninit<u8>]>::first_chunk_mut::<16>),
        ) {
            store16(dst, *src, true);
            at += 16;
        }
    }
    while let (Some(src), Some(dst)) = (
        image.get(at..).and_then(<[u8]>::first_chunk::<8>),
        to.get_mut(at..)
            .and_then(<[MaybeUninit<u8>]>::first_chunk_mut::<8>),
    ) {
        store8(dst, u64::from_le_bytes(*src), stream);
        at += 8;
    }
    if let (Some(src), Some(dst)) = (image.get(at..), to.get_mut(at..)) {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = MaybeUninit::new(*s);
        }
    }
}

/// [`encode_slice`] on rayon's thread pool: the images are cut into runs of about
/// [`PAR_RUN`] bytes, and the calling thread and up to `rayon::current_num_threads() - 1` of
/// the pool's threads take the next run, in order, until none is left
/// (`rayon::in_place_scope`); the first error in the order of the values is returned.
///
/// The caller works instead of waiting, and no thread owns a fixed share: handing the whole
/// job to the pool (as `par_chunks` does from outside it) left the calling thread blocked
/// while the pool's threads woke one another, and a fixed half per thread made a call slower
/// than one thread whenever the scheduler put a woken pool thread on the caller's core. On the
/// 2-vCPU machine of `BENCHMARKS.md`, whose pool sleeps between calls, both happened on most
/// calls.
#[cfg(feature = "rayon")]
pub(crate) fn encode_slice_par<'o, T: WriteImage + Sync>(
    values: &[T],
    out: &'o mut [MaybeUninit<u8>],
) -> Result<&'o mut [u8], EncodeError> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, PoisonError};

    let size = T::SIZE;
    let expected = values.len().saturating_mul(size);
    if out.len() != expected {
        return Err(EncodeError::buffer_size(T::NAME, expected, out.len()));
    }
    let run = PAR_RUN.div_ceil(size.max(1)).max(1);
    let runs = values.len().div_ceil(run);
    let stream = expected >= STREAM_MIN;
    if size == 0 || runs <= 1 {
        return write_run(values, out, stream);
    }
    let helpers = rayon::current_num_threads().min(runs) - 1;
    // The runs not yet taken, in order, and the first failed run's index and error.
    let next = Mutex::new(
        values
            .chunks(run)
            .zip(out.chunks_mut(run * size))
            .enumerate(),
    );
    let first_error: Mutex<Option<(usize, EncodeError)>> = Mutex::new(None);
    let failed = AtomicBool::new(false);
    let work = || loop {
        if failed.load(Ordering::Relaxed) {
            return;
        }
        let taken = next.lock().unwrap_or_else(PoisonError::into_inner).next();
        let Some((index, (v, o))) = taken else { return };
        if let Err(e) = write_run(v, o, stream) {
            failed.store(true, Ordering::Relaxed);
            let mut first = first_error.lock().unwrap_or_else(PoisonError::into_inner);
            if first.as_ref().is_none_or(|(i, _)| index < *i) {
                *first = Some((index, e));
            }
        }
    };
    rayon::in_place_scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(|_| work());
        }
        work();
    });
    // Runs are taken in order and a taken run is always finished, so every run before the
    // first failed one was written: its error is the first in the order of the values.
    if let Some((_, e)) = first_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        return Err(e);
    }
    // SAFETY: no run failed, so no thread stopped early (`failed` is set only with an error)
    // and every run was taken and written before `in_place_scope` returned (it waits for
    // every job it spawned, and the caller's own `work` ran until `next` was empty). Each run
    // (`write_run`) returned its chunk initialized (the proof is `write_run`'s); the chunks
    // of `chunks_mut(run * size)` cover `out`, as those of `chunks(run)` cover `values`, one
    // run for each, so all of `out` is initialized. The pool's stores are visible here: the
    // scope's end synchronizes with the end of each job, and a streaming run fences its
    // non-temporal stores before it returns, in its own thread (`write_run`).
    // `MaybeUninit<u8>` has `u8`'s layout; the reference keeps `out`'s lifetime and
    // exclusivity.
    Ok(unsafe { &mut *(out as *mut [MaybeUninit<u8>] as *mut [u8]) })
}

/// A stack buffer for the image of a hand-written impl's `PtxAbi::encode`, copied by its
/// default `PtxAbi::__write`, and for an image written again by [`write_recording`]. Aligned
/// to 16 bytes, so that a copy out of it splits into whole words.
#[repr(C, align(16))]
pub(crate) struct Stage([u8; Stage::LEN]);

impl Stage {
    /// The largest image staged: by a hand-written impl's `__write` (a larger one is encoded
    /// in place, `encode_in_place`) and by the slice encoders (`write_images`).
    pub(crate) const LEN: usize = 256;

    /// All zeros.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) const fn new() -> Self {
        Stage([0; Self::LEN])
    }

    /// The first `len` bytes, if the stage holds that many.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn get_mut(&mut self, len: usize) -> Option<&mut [u8]> {
        self.0.get_mut(..len)
    }

    /// The first `len` bytes, if the stage holds that many.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn get(&self, len: usize) -> Option<&[u8]> {
        self.0.get(..len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Bytes<const N: usize>;

    impl<const N: usize> WriteImage for Bytes<N> {
        const SIZE: usize = N;
        const NAME: &'static str = "Bytes";
        fn write_image(&self, _: &mut ImageWriter<'_>, _: usize) {}
    }

    /// A value whose quick writing fails once and then succeeds (a hand-written encoder
    /// that is not deterministic): `write_one_staged` stores what the recording writer wrote
    /// the second time, and reports no error.
    #[test]
    fn an_image_that_succeeds_the_second_time_is_stored() {
        struct Flaky(core::cell::Cell<u8>);
        impl WriteImage for Flaky {
            const SIZE: usize = 24;
            const NAME: &'static str = "Flaky";
            fn write_image(&self, w: &mut ImageWriter<'_>, at: usize) {
                let call = self.0.get();
                self.0.set(call + 1);
                if call == 0 {
                    w.fail(EncodeError::buffer_size("Flaky", 1, 2));
                } else {
                    w.run(at, &[0xC0 | call; 24]);
                }
            }
        }
        for stores in [Stores::Cached, Stores::Streamed16, Stores::Streamed8] {
            let flaky = Flaky(core::cell::Cell::new(0));
            let mut image = [MaybeUninit::new(0xA5u8); 24];
            assert_eq!(write_one_staged(&flaky, &mut image, stores), Ok(()));
            assert_eq!(flaky.0.get(), 2, "{stores:?}");
            // SAFETY: initialized above (0xA5), and written with initialized bytes since.
            let bytes = image.map(|b| unsafe { b.assume_init() });
            assert_eq!(bytes, [0xC1; 24], "{stores:?}");
        }
    }

    /// 16-byte stores wherever an image may start 16-byte aligned, 8-byte ones only when none
    /// can: the choice is a matter of speed (`store16` tests each destination itself), made
    /// once per run.
    #[test]
    fn a_run_streams_16_bytes_at_a_time_where_an_image_can_be_aligned() {
        let buffer = [MaybeUninit::<u128>::uninit(); 4];
        // SAFETY: 64 bytes of a `u128` array, viewed as `MaybeUninit<u8>` (align 1, no reads).
        let bytes: &[MaybeUninit<u8>] =
            unsafe { core::slice::from_raw_parts(buffer.as_ptr().cast(), 64) };
        let (aligned, off8) = (&bytes[..48], &bytes[8..56]);
        assert_eq!(Stores::of::<Bytes<48>>(aligned, false), Stores::Cached);
        assert_eq!(Stores::of::<Bytes<48>>(aligned, true), Stores::Streamed16);
        assert_eq!(Stores::of::<Bytes<48>>(off8, true), Stores::Streamed8);
        // 40-byte images 8 bytes off: the second starts aligned.
        assert_eq!(Stores::of::<Bytes<40>>(off8, true), Stores::Streamed16);
        assert!(Stores::Streamed8.streaming() && !Stores::Cached.streaming());
    }
}
