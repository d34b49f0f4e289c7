//! Issue 31, target 3: the write-only encoders (`PtxAbi::encode_into`,
//! `PtxAbi::encode_slice_into`, and with feature `rayon` `encode_slice_par_into`) write every
//! byte of a destination that may be uninitialized, for images of every size, and the bytes
//! are those of `PtxAbi::encode` and of hand-written shift/mask code.
//!
//! Run under Miri (`cargo +nightly miri test --test encode_uninit`), these tests are the proof
//! that the encoders never read their destination before writing it: the buffers start
//! uninitialized, and Miri stops at any read of an uninitialized byte as a value (undefined
//! behaviour). That a byte once written is not read back either is `ImageWriter`'s structure
//! (its only accesses to the destination are stores; `codec/writer.rs`). Natively, the buffers
//! start filled with 0xA5 instead, so a byte the encoder did not write shows.
//!
//! With feature `rayon` under Miri, pass
//! `MIRIFLAGS="-Zmiri-tree-borrows -Zmiri-ignore-leaks -Zmiri-num-cpus=4"`: rayon's
//! crossbeam-epoch breaks the experimental Stacked Borrows rules (not under Tree Borrows),
//! rayon's pool threads outlive `main`, and with Miri's default of one CPU the pool has one
//! thread and the calling thread writes every run itself.
//!
//! Its tests are marked `#[cfg_attr(test, test)]` and listed in [`TESTS`]: `cargo xtask test`
//! also runs them in `release` and `aggressive` as `oracle-tests`' program `proof_encoders`,
//! where they are plain functions (libtest needs unwinding; `aggressive` aborts on panic).

#[path = "../benches/common/mod.rs"]
mod common;

use common::{hand, sample, Ref};
use ptx_abi::{DevicePtr, Pad, PtxAbi};
use std::mem::MaybeUninit;

/// A destination of `len` bytes: uninitialized under Miri, a 0xA5 pattern natively.
fn destination(len: usize) -> Vec<MaybeUninit<u8>> {
    if cfg!(miri) {
        vec![MaybeUninit::uninit(); len]
    } else {
        vec![MaybeUninit::new(0xA5); len]
    }
}

/// An image over 256 bytes (today's stage for hand-written impls): a bit-field unit first,
/// a 300-byte array, a pointer, and a bit-field unit with padding after it.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Large {
    #[ptx(bits = 5)]
    low: u32,
    #[ptx(bits = 20)]
    high: u32,
    table: [u8; 300],
    next: DevicePtr<Large>,
    _z: Pad<u16, 0>,
    #[ptx(bits = 3)]
    last: u16,
}

fn larges(n: usize) -> Vec<Large> {
    (0..n)
        .map(|i| Large {
            low: (i % 32) as u32,
            high: (i * 7919 % (1 << 20)) as u32,
            table: core::array::from_fn(|j| (i * 31 + j) as u8),
            next: DevicePtr::from_raw(0x7f00_0000_0000 + i as u64 * 4096),
            _z: Pad::new(),
            last: (i % 8) as u16,
        })
        .collect()
}

/// The image `encode` writes into a zeroed buffer, value after value.
fn encoded<T: PtxAbi>(values: &[T]) -> Vec<u8> {
    let mut out = vec![0u8; values.len() * T::SIZE];
    for (v, o) in values.iter().zip(out.chunks_exact_mut(T::SIZE)) {
        v.encode(o).expect("every value fits");
    }
    out
}

#[cfg_attr(test, test)]
fn encode_into_writes_every_byte_of_a_small_image() {
    // Bounded under Miri (it interprets every store).
    for v in sample(if cfg!(miri) { 4 } else { 256 }) {
        let mut out = destination(Ref::SIZE);
        let bytes = v.encode_into(&mut out).expect("fits");
        let mut expected = [0u8; 48];
        hand::encode(&v, &mut expected);
        assert_eq!(bytes, &expected[..], "{v:?}");
    }
}

#[cfg_attr(test, test)]
fn encode_into_writes_every_byte_of_a_large_image() {
    const { assert!(Large::SIZE > 256, "Large must be over the 256-byte stage") };
    for v in larges(3) {
        let mut out = destination(Large::SIZE);
        let bytes = v.encode_into(&mut out).expect("fits").to_vec();
        assert_eq!(bytes, encoded(&[v]));
        assert_eq!(Large::decode(&bytes).expect("decodes"), v);
    }
}

#[cfg_attr(test, test)]
fn encode_slice_into_writes_every_byte() {
    let refs = sample(if cfg!(miri) { 9 } else { 1000 });
    let mut out = destination(refs.len() * Ref::SIZE);
    let bytes = Ref::encode_slice_into(&refs, &mut out).expect("fits");
    assert_eq!(bytes, &encoded(&refs)[..]);

    let large = larges(5);
    let mut out = destination(large.len() * Large::SIZE);
    let bytes = Large::encode_slice_into(&large, &mut out).expect("fits");
    assert_eq!(bytes, &encoded(&large)[..]);
}

/// A buffer of `STREAM_MIN` bytes or more takes the streaming writer (non-temporal stores on
/// x86-64; plain stores under Miri, which interprets no SSE intrinsics of this kind).
#[cfg_attr(test, test)]
#[cfg_attr(
    miri,
    ignore = "32 MiB of interpreted stores; the writer is the same as above"
)]
fn encode_slice_into_streams_large_buffers() {
    let n = ptx_abi::codec::STREAM_MIN / Ref::SIZE + 7;
    let refs = sample(n);
    let mut out = destination(n * Ref::SIZE);
    let bytes = Ref::encode_slice_into(&refs, &mut out).expect("fits");
    assert_eq!(bytes, &encoded(&refs)[..]);
}

#[cfg_attr(test, test)]
fn a_value_that_does_not_fit_is_an_error_into_uninitialized_memory() {
    let mut bad = sample(3);
    bad[1].mode = 8; // 3 bits
    let mut out = destination(bad.len() * Ref::SIZE);
    let e = Ref::encode_slice_into(&bad, &mut out).expect_err("mode 8 needs 4 bits");
    assert!(e.to_string().contains("mode"), "{e}");
    let mut one = destination(Ref::SIZE);
    assert!(bad[1].encode_into(&mut one).is_err());
    let mut short = destination(Ref::SIZE - 1);
    assert!(bad[0].encode_into(&mut short).is_err());
}

/// Feature `rayon`: the parallel encoder writes the same bytes as the sequential one.
#[cfg(feature = "rayon")]
#[cfg_attr(test, test)]
fn encode_slice_par_writes_the_same_bytes() {
    let n = if cfg!(miri) { 16 } else { 100_000 };
    let refs = sample(n);
    let expected = encoded(&refs);
    let mut out = destination(n * Ref::SIZE);
    let bytes = Ref::encode_slice_par_into(&refs, &mut out).expect("fits");
    assert_eq!(bytes, &expected[..]);
    let mut plain = vec![0u8; n * Ref::SIZE];
    Ref::encode_slice_par(&refs, &mut plain).expect("fits");
    assert_eq!(plain, expected);
    let mut bad = refs.clone();
    bad[n - 1].flags = 64; // 7 bits, signed
    assert!(Ref::encode_slice_par(&bad, &mut plain).is_err());

    // Images too large to stage (written in place), several to a run and several runs.
    let large = larges(if cfg!(miri) { 5 } else { 2_000 });
    let mut out = destination(large.len() * Large::SIZE);
    let bytes = Large::encode_slice_par_into(&large, &mut out).expect("fits");
    assert_eq!(bytes, &encoded(&large)[..]);
}

/// Feature `rayon`: of several values out of range, in one run of images or in runs written
/// by different threads, the first in the order of the values is the error reported, as
/// `encode_slice_into` reports it; a run after a failed one may be skipped, but not one
/// before it.
#[cfg(feature = "rayon")]
#[cfg_attr(test, test)]
fn encode_slice_par_reports_the_first_error_in_order() {
    // Natively runs are about 256 KiB (5,462 images of `Ref`); under Miri, 256 bytes.
    let n = if cfg!(miri) { 16 } else { 100_000 };
    let refs = sample(n);
    for (first, later) in [(0, 1), (1, n - 1), (n / 3, 2 * n / 3), (n - 2, n - 1)] {
        let mut bad = refs.clone();
        bad[first].mode = 8; // 3 bits
        bad[later].mode = 9;
        let mut out = destination(n * Ref::SIZE);
        let par = Ref::encode_slice_par_into(&bad, &mut out).expect_err("mode 8 needs 4 bits");
        let mut out = destination(n * Ref::SIZE);
        let one = Ref::encode_slice_into(&bad, &mut out).expect_err("mode 8 needs 4 bits");
        assert_eq!(par, one, "values {first} and {later} out of range");
        assert!(par.to_string().contains(" 8"), "{par}");
        let mut plain = vec![0u8; n * Ref::SIZE];
        assert_eq!(Ref::encode_slice_par(&bad, &mut plain), Err(one));
    }
    // Every value from the middle on out of range, each by another value: every run a thread
    // takes there fails, on several threads at once.
    let mut bad = refs.clone();
    for (i, v) in bad.iter_mut().enumerate().skip(n / 2) {
        v.mode = 8 + i as u32;
    }
    for _ in 0..if cfg!(miri) { 2 } else { 20 } {
        let mut out = destination(n * Ref::SIZE);
        let par = Ref::encode_slice_par_into(&bad, &mut out).expect_err("out of range");
        assert!(par.to_string().contains(&(8 + n / 2).to_string()), "{par}");
    }
}

/// Feature `rayon`: a buffer of `STREAM_MIN` bytes or more is written by several threads
/// with non-temporal stores (x86-64), each fencing its own: the same bytes as `encode`.
#[cfg(feature = "rayon")]
#[cfg_attr(test, test)]
#[cfg_attr(
    miri,
    ignore = "32 MiB of interpreted stores; the runs are those of the test above"
)]
fn encode_slice_par_streams_large_buffers() {
    let n = ptx_abi::codec::STREAM_MIN / Ref::SIZE + 7;
    let refs = sample(n);
    let mut out = destination(n * Ref::SIZE);
    let bytes = Ref::encode_slice_par_into(&refs, &mut out).expect("fits");
    assert_eq!(bytes, &encoded(&refs)[..]);
}

/// Every test of this file, for `oracle-tests`' `proof_encoders` (a test missing here fails
/// that program's build).
#[allow(dead_code)]
pub const TESTS: &[(&str, fn())] = common::test_list![
    encode_into_writes_every_byte_of_a_small_image,
    encode_into_writes_every_byte_of_a_large_image,
    encode_slice_into_writes_every_byte,
    encode_slice_into_streams_large_buffers,
    a_value_that_does_not_fit_is_an_error_into_uninitialized_memory,
    #[cfg(feature = "rayon")]
    encode_slice_par_writes_the_same_bytes,
    #[cfg(feature = "rayon")]
    encode_slice_par_reports_the_first_error_in_order,
    #[cfg(feature = "rayon")]
    encode_slice_par_streams_large_buffers,
];
