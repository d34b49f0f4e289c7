//! The image writer: images written front to back, every byte once, never read (issue 31).
//!
//! An encoder hands the writer each member's bytes at the member's offset, in increasing
//! order (the order of a C struct's members, and of the images of a slice). The writer
//! assembles the aligned eight-byte word being written in a register and stores it once
//! the writing moves past it; bytes no member writes (padding, unnamed bit-fields) are stored
//! as zeros on the way. A bit-field's storage unit is at most eight bytes and aligned to its
//! size (§1.3), and every member's offset in a slice of images keeps its alignment (an image's
//! size is a multiple of its alignment, §1.2), so a unit never straddles two words: the
//! units sharing a word are ORed into it.
//!
//! The destination is only ever stored to, which is what an image in write-combined pinned
//! memory (`cudarc`'s `alloc_pinned`) needs, where a read is uncached, and it may be
//! uninitialized (`&mut [MaybeUninit<u8>]`): [`ImageWriter::finish`] initializes every byte
//! nothing wrote. After inlining every offset is a constant and each word of an image is one
//! store, the stores of hand-written shift/mask code (`BENCHMARKS.md`). Values are whole
//! `u64` words, never narrower than the loads that feed them: the shape that keeps release
//! builds clear of the miscompilation of `docs/release-miscompile.md`.
//!
//! The writer's methods are `inline(always)` in builds without debug assertions (release),
//! where inlining folds them away; with debug assertions (`dev`) they are `#[inline]`, since at
//! `opt-level` 0 rustc's always-inliner would copy every call, unsimplified, into every
//! encoder of every type (the golden corpus's debug test programs took minutes and gigabytes).
//! The same holds for every codec function of core, the decoders' too (the scalars' `decode`,
//! `__get`, the bit-field readers): inlined always at `opt-level` 0, one struct of 4,000 fields
//! had a `decode` of 1.5 million lines of LLVM IR and took 18 s to compile; inlined only in
//! release, 6.5 s (issue 31, `BENCHMARKS.md`).
//!
//! A streaming writer ([`ImageWriter::streaming`]) stores whole words with non-temporal
//! stores on x86-64, which go to memory without first reading the destination's cache line:
//! for large buffers the CPU does not read again soon, such as an upload to the device.

use crate::codec::error::EncodeError;
use core::mem::MaybeUninit;

/// Writes one image, or several back to back, into a destination it never reads.
///
/// Invariants, kept by every method (the fields are private): bytes `..word_at` of `out` are
/// initialized; `word_at` is a multiple of 8; `word` holds what has been written of the
/// pending word, bytes `word_at..word_at + 8` (zeros elsewhere), none of it stored yet.
pub struct ImageWriter<'a> {
    out: &'a mut [MaybeUninit<u8>],
    word_at: usize,
    word: u64,
    streaming: bool,
    /// Whether dropping the writer fences its non-temporal stores: false for the writer of
    /// one image of a slice ([`ImageWriter::part`]), whose slice fences once at its end.
    fences: bool,
    error: Option<EncodeError>,
    /// A writer made by [`ImageWriter::quick_part`]: [`ImageWriter::fail`] only sets
    /// `fault`, and its caller writes the image again with a writer that records the error.
    quick: bool,
    /// Whether a quick writer's image failed.
    fault: bool,
}

impl<'a> ImageWriter<'a> {
    /// A writer of `out` with ordinary stores.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn new(out: &'a mut [MaybeUninit<u8>]) -> Self {
        ImageWriter {
            out,
            word_at: 0,
            word: 0,
            streaming: false,
            fences: false,
            error: None,
            quick: false,
            fault: false,
        }
    }

    /// A writer of `out` that stores whole words with non-temporal stores where the target
    /// has them (x86-64), fenced when the writer finishes or is dropped.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn streaming(out: &'a mut [MaybeUninit<u8>]) -> Self {
        ImageWriter {
            out,
            word_at: 0,
            word: 0,
            streaming: true,
            fences: true,
            error: None,
            quick: false,
            fault: false,
        }
    }

    /// A writer of `out`, one image of a slice, that stores non-temporally when `streaming`
    /// and never fences: whoever made it calls [`fence_streaming`] once the slice is written,
    /// before the destination's borrow ends. A writer per image is what keeps the encoder fast:
    /// its state starts known (`word_at` 0) and `out`'s length is the image's size, so after
    /// inlining every offset, comparison and bounds check of the image folds away.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn part(out: &'a mut [MaybeUninit<u8>], streaming: bool) -> Self {
        ImageWriter {
            out,
            word_at: 0,
            word: 0,
            streaming,
            fences: false,
            error: None,
            quick: false,
            fault: false,
        }
    }

    /// [`ImageWriter::part`] for an image whose writer keeps no error: a failure only marks
    /// the image ([`ImageWriter::finish_quick`] then gives `None`), and the caller writes the
    /// image again with a writer that records it. Keeping the first error's payload (type,
    /// member, width, value) across every member of an image took 4 to 6 instructions an
    /// image in the encoders' loops (`BENCHMARKS.md`). Finished by `finish_quick` only:
    /// [`ImageWriter::finish`] knows no error to return for a failed image.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn quick_part(out: &'a mut [MaybeUninit<u8>], streaming: bool) -> Self {
        let mut w = Self::part(out, streaming);
        w.quick = true;
        w
    }

    /// Records `e` unless an error is recorded already (the first is the one reported); a
    /// quick writer (crate-internal, `ImageWriter::quick_part`) only marks its image failed.
    /// Writing goes on, a bit-field's value masked to its width, so that an encoder is
    /// straight-line stores with no branch out.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn fail(&mut self, e: EncodeError) {
        if self.quick {
            self.fault = true;
            return;
        }
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    /// Whether this is a quick writer (`ImageWriter::quick_part`), whose failed image is
    /// discarded and written again: what it writes for a value out of range does not matter.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn rewrites_failed(&self) -> bool {
        self.quick
    }

    /// A quick writer's [`ImageWriter::fail`] for a member whose error it need not build:
    /// marks the image failed when `failed`, ORing the condition into the mark instead of
    /// branching on it. With the marks of an image's members ORed, the optimizer branches
    /// from each member's range check straight to the image's second writing, as
    /// hand-written code that returns at its first failed check does: 2 instructions fewer
    /// an image of `Ref` than setting the mark in a branch (`BENCHMARKS.md`). Only for a
    /// quick writer: [`ImageWriter::finish`] reads no mark.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn mark_failed_if(&mut self, failed: bool) {
        debug_assert!(self.quick, "a failure mark on a writer that records errors");
        self.fault |= failed;
    }

    /// Whether an error has been recorded.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn failed(&self) -> bool {
        self.error.is_some() || self.fault
    }

    /// ORs `bits` into the aligned word at `word_at` (a multiple of 8), storing every word
    /// before it first.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn or_word(&mut self, word_at: usize, bits: u64) {
        if word_at != self.word_at {
            self.flush_to(word_at);
        }
        self.word |= bits;
    }

    /// Writes `bytes`, a member's little-endian image, at offset `at`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn bytes<const N: usize>(&mut self, at: usize, bytes: [u8; N]) {
        let word_at = at & !7;
        if N > 0 && N <= 8 && (at + N - 1) & !7 == word_at {
            let mut w = [0u8; 8];
            if let Some(low) = w.first_chunk_mut::<N>() {
                *low = bytes;
            }
            self.or_word(word_at, u64::from_le_bytes(w) << ((at - word_at) * 8));
        } else {
            self.run(at, &bytes);
        }
    }

    /// Writes a run of bytes at `at`, word by word (an image copied whole, a member that
    /// crosses a word boundary).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn run(&mut self, at: usize, bytes: &[u8]) {
        let mut i = 0;
        while i < bytes.len() {
            let word_at = (at + i) & !7;
            let skip = at + i - word_at;
            let take = if bytes.len() - i < 8 - skip {
                bytes.len() - i
            } else {
                8 - skip
            };
            let mut w = [0u8; 8];
            if let (Some(dst), Some(src)) = (w.get_mut(skip..skip + take), bytes.get(i..i + take)) {
                dst.copy_from_slice(src);
            }
            self.or_word(word_at, u64::from_le_bytes(w));
            i += take;
        }
    }

    /// Stores the pending word and zeros up to `at` (a multiple of 8); nothing when `at` is
    /// not past the pending word.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn flush_to(&mut self, at: usize) {
        if at <= self.word_at {
            return;
        }
        self.store_word(self.word_at, self.word);
        self.word = 0;
        let mut w = self.word_at + 8;
        while w < at {
            self.store_word(w, 0);
            w += 8;
        }
        self.word_at = at;
    }

    /// Stores `word` at `at` (a multiple of 8), cut at the end of the destination.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn store_word(&mut self, at: usize, word: u64) {
        let streaming = self.streaming;
        if let Some(rest) = self.out.get_mut(at..) {
            match rest.first_chunk_mut::<8>() {
                Some(dst) => store8(dst, word, streaming),
                None => {
                    for (d, b) in rest.iter_mut().zip(word.to_le_bytes()) {
                        *d = MaybeUninit::new(b);
                    }
                }
            }
        }
    }

    /// For a hand-written impl's image too large to stage: the bytes `at..at + len` are
    /// stored as zeros (with every byte before them) and `encode` writes the image there in
    /// place; the word holding the image's last byte is then read back as the pending word.
    /// This is the one path that reads its destination, taken only by an impl that does not
    /// write through the writer itself (every type of this crate and every derived type does).
    pub(crate) fn encode_in_place(
        &mut self,
        at: usize,
        len: usize,
        encode: impl FnOnce(&mut [u8]) -> Result<(), EncodeError>,
    ) {
        let end = at + len;
        if end > self.out.len() {
            self.fail(EncodeError::buffer_size("image", end, self.out.len()));
            return;
        }
        self.flush_to(end.div_ceil(8) * 8);
        let Some(region) = self.out.get_mut(at..end) else {
            return;
        };
        // SAFETY: `flush_to` stored every byte before `word_at`, which is now at least `end`
        // (the writer's invariant), so `region` is initialized; `MaybeUninit<u8>` has `u8`'s
        // layout and the reference is a reborrow of `self.out`, exclusive while `encode` runs.
        let region = unsafe { &mut *(region as *mut [MaybeUninit<u8>] as *mut [u8]) };
        if let Err(e) = encode(region) {
            self.fail(e);
        }
        if end % 8 != 0 {
            let word_at = end & !7;
            let mut w = [0u8; 8];
            if let Some(stored) = self.out.get(word_at..end) {
                for (d, s) in w.iter_mut().zip(stored) {
                    // SAFETY: stored above (`flush_to`) or by `encode`: initialized.
                    *d = unsafe { s.assume_init() };
                }
            }
            self.word_at = word_at;
            self.word = u64::from_le_bytes(w);
        }
    }

    /// [`ImageWriter::finish`] of a quick writer ([`ImageWriter::quick_part`]): `None` when
    /// the image failed.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn finish_quick(self) -> Option<&'a mut [u8]> {
        if self.fault {
            return None;
        }
        self.finish().ok()
    }

    /// Stores every byte that is not stored yet (zeros where nothing was written) and returns
    /// the destination, now initialized, or the first error recorded.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn finish(mut self) -> Result<&'a mut [u8], EncodeError> {
        let end = self.out.len();
        self.flush_to(end.div_ceil(8) * 8);
        if let Some(e) = self.error {
            return Err(e);
        }
        let out = core::mem::take(&mut self.out);
        // SAFETY: `flush_to` moved `word_at` to at least `out.len()`, and by the writer's
        // invariant every byte before `word_at` is initialized: all of `out` is.
        // `MaybeUninit<u8>` has the layout of `u8`, and the new reference takes over `out`'s
        // lifetime and exclusivity. A streaming writer's stores are fenced when `self` drops,
        // here, before the caller can read them.
        Ok(unsafe { &mut *(out as *mut [MaybeUninit<u8>] as *mut [u8]) })
    }
}

impl Drop for ImageWriter<'_> {
    /// Fences a streaming writer's non-temporal stores, so that whoever reads the destination
    /// next (another thread, a copy to the device) sees them.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn drop(&mut self) {
        if self.streaming && self.fences {
            fence_streaming();
        }
    }
}

/// Stores eight bytes, non-temporally when `streaming` on x86-64.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn store8(dst: &mut [MaybeUninit<u8>; 8], word: u64, streaming: bool) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if streaming {
        // SAFETY: `dst` is a live, exclusive reference to 8 bytes, so the pointer is valid
        // for an 8-byte write; MOVNTI (SSE2, part of x86-64's baseline) has no alignment
        // requirement. The store is fenced before the destination's borrow ends: when the
        // writer drops (`ImageWriter`'s `Drop`), or for the writer of one image of a slice
        // (`ImageWriter::part`) by `codec/slice.rs`'s `write_run` once the run is written.
        // Exercised by `encode_slice_into` of more than `STREAM_MIN` bytes
        // (`tests/encode_uninit.rs`).
        unsafe {
            core::arch::x86_64::_mm_stream_si64(dst.as_mut_ptr().cast::<i64>(), word as i64);
        }
        return;
    }
    let _ = streaming;
    *dst = word.to_le_bytes().map(MaybeUninit::new);
}

/// Stores sixteen bytes: with one 16-byte non-temporal store when `streaming` on x86-64 and
/// `dst` is 16-byte aligned, else as two words ([`store8`]).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn store16(dst: &mut [MaybeUninit<u8>; 16], bytes: [u8; 16], streaming: bool) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if streaming && (dst.as_ptr() as usize) % 16 == 0 {
        let [lo, hi] = [
            u64::from_le_bytes(*bytes.first_chunk::<8>().unwrap_or(&[0; 8])),
            u64::from_le_bytes(*bytes.last_chunk::<8>().unwrap_or(&[0; 8])),
        ];
        // SAFETY: `dst` is a live, exclusive reference to 16 bytes, so the pointer is valid
        // for a 16-byte write, and it is 16-byte aligned (tested just above), as MOVNTDQ
        // (SSE2, part of x86-64's baseline) requires. The store is fenced before the
        // destination's borrow ends, as `store8`'s are (`codec/slice.rs`'s `write_run`).
        // Exercised by `encode_slice_into` of more than `STREAM_MIN` bytes of images whose
        // size is a multiple of 16 (`tests/encode_uninit.rs`, also in release).
        unsafe {
            use core::arch::x86_64::{__m128i, _mm_set_epi64x, _mm_stream_si128};
            _mm_stream_si128(
                dst.as_mut_ptr().cast::<__m128i>(),
                _mm_set_epi64x(hi as i64, lo as i64),
            );
        }
        return;
    }
    let (lo, hi) = dst.split_at_mut(8);
    for (half, src) in [lo, hi].into_iter().zip(bytes.chunks_exact(8)) {
        if let (Ok(half), Ok(src)) = (
            <&mut [MaybeUninit<u8>; 8]>::try_from(half),
            <[u8; 8]>::try_from(src),
        ) {
            store8(half, u64::from_le_bytes(src), streaming);
        }
    }
}

/// Orders the non-temporal stores before everything that follows.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn fence_streaming() {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: SFENCE (SSE, part of x86-64's baseline) has no preconditions.
    unsafe {
        core::arch::x86_64::_mm_sfence();
    }
}
