//! The slice encoders' two ways of storing (`codec/slice.rs`): an image of at most 256 bytes
//! is staged and stored word by word, 16 bytes at a time where a streaming run's destination
//! is aligned for it; a larger one is written in place. Each is checked on images of sizes
//! that exercise every branch (1, 3, 12, 40, 48, 256 and 264 bytes: tails of single bytes,
//! sizes that are odd multiples of 8, the largest staged image, one past it), below
//! `STREAM_MIN` (ordinary stores) and above it (non-temporal stores), at a 16-byte aligned
//! destination and at destinations 8 and 1 bytes off. The expected bytes are `encode`'s, value
//! by value (the golden corpus proves `encode` against NVRTC); a byte left unwritten shows as
//! the 0xA5 the destination starts with.
//!
//! `cargo xtask test` also runs this file in `release` and `aggressive`: the staging relies on
//! the optimizer keeping the stage in registers, and the streaming stores exist only there as
//! they are measured (`BENCHMARKS.md`). There its tests, marked `#[cfg_attr(test, test)]` and
//! listed in [`TESTS`], are plain functions of `oracle-tests`' program `proof_encoders`
//! (libtest needs unwinding; `aggressive` aborts on panic).

#[path = "../benches/common/mod.rs"]
mod common;
#[path = "slice_types/mod.rs"]
mod slice_types;

use common::Ref;
use ptx_abi::codec::STREAM_MIN;
use ptx_abi::PtxAbi;
use slice_types::{Forty, One, Sample, Staged256, Three, Twelve, Unstaged264};
use std::mem::MaybeUninit;

/// The images `encode` gives, value after value.
fn encoded<T: PtxAbi>(values: &[T]) -> Vec<u8> {
    let mut out = vec![0u8; values.len() * T::SIZE];
    for (v, o) in values.iter().zip(out.chunks_exact_mut(T::SIZE)) {
        v.encode(o).expect("every value fits");
    }
    out
}

/// `encode_slice_into` and `encode_slice` of `n` values of `T` at `offset` bytes past a
/// 16-byte aligned address, against `encode`'s images.
fn check<T: Sample>(n: usize, offset: usize) {
    let values = T::many(n);
    let expected = encoded(&values);
    let len = n * T::SIZE;
    // A `u128` buffer is 16-byte aligned; its bytes are viewed as `MaybeUninit<u8>`.
    let mut buffer =
        vec![0xA5A5_A5A5_A5A5_A5A5_A5A5_A5A5_A5A5_A5A5u128; (len + offset).div_ceil(16)];
    // SAFETY: the buffer holds `16 × buffer.len() >= len + offset` initialized bytes, which the
    // exclusive borrow lets us view as bytes (`MaybeUninit<u8>`: `u8`'s layout, align 1);
    // `encode_slice_into` stores only initialized bytes, so the `u128`s stay initialized.
    let bytes = unsafe {
        std::slice::from_raw_parts_mut(
            buffer.as_mut_ptr().cast::<MaybeUninit<u8>>(),
            buffer.len() * 16,
        )
    };
    let out = &mut bytes[offset..offset + len];
    let what = format!("{} × {n} at offset {offset}", std::any::type_name::<T>());
    let image = T::encode_slice_into(&values, out).expect("every value fits");
    assert!(image == &expected[..], "encode_slice_into: {what}");
    let mut plain = vec![0xA5u8; len];
    T::encode_slice(&values, &mut plain).expect("every value fits");
    assert!(plain == expected, "encode_slice: {what}");
}

/// Enough values of `T` for a streaming run: just over `STREAM_MIN` bytes.
fn streaming<T: PtxAbi>() -> usize {
    STREAM_MIN / T::SIZE + 3
}

#[cfg_attr(test, test)]
fn every_size_below_stream_min() {
    for offset in [0, 8, 1] {
        check::<One>(1001, offset);
        check::<Three>(1001, offset);
        check::<Twelve>(1001, offset);
        check::<Forty>(1001, offset);
        check::<Ref>(1001, offset);
        check::<Staged256>(101, offset);
        check::<Unstaged264>(101, offset);
    }
}

/// (The 1- and 3-byte images, tens of millions to a streaming run, take only the byte-tail
/// path that the runs below `STREAM_MIN` take too.)
#[cfg_attr(test, test)]
fn every_size_streamed_aligned() {
    check::<Twelve>(streaming::<Twelve>(), 0);
    check::<Forty>(streaming::<Forty>(), 0);
    check::<Ref>(streaming::<Ref>(), 0);
    check::<Staged256>(streaming::<Staged256>(), 0);
    check::<Unstaged264>(streaming::<Unstaged264>(), 0);
}

#[cfg_attr(test, test)]
fn streamed_off_alignment() {
    for offset in [8, 1] {
        check::<Forty>(streaming::<Forty>(), offset);
        check::<Ref>(streaming::<Ref>(), offset);
        check::<Staged256>(streaming::<Staged256>(), offset);
    }
}

/// A value out of its bit-field's range is an error on every path, naming the field.
#[cfg_attr(test, test)]
fn an_overflow_is_reported_on_every_path() {
    for n in [7, streaming::<Forty>()] {
        let mut values = Forty::many(n);
        values[n - 2].flags = 64;
        let mut out = vec![0u8; n * Forty::SIZE];
        let e = Forty::encode_slice(&values, &mut out).expect_err("flags is 7 bits, signed");
        assert!(e.to_string().contains("flags"), "{e}");
    }
    // A streamed run of 48-byte images, at a 16-byte aligned destination (16-byte stores)
    // and 8 bytes off it (8-byte stores).
    let n = streaming::<Ref>();
    let mut values = Ref::many(n);
    values[n / 2].flags = -65;
    for offset in [0, 8] {
        let mut buffer = vec![0u128; (n * Ref::SIZE + offset).div_ceil(16)];
        // SAFETY: as in `check`: the buffer's initialized bytes, viewed as bytes.
        let bytes = unsafe {
            std::slice::from_raw_parts_mut(buffer.as_mut_ptr().cast::<u8>(), buffer.len() * 16)
        };
        let out = &mut bytes[offset..offset + n * Ref::SIZE];
        let e = Ref::encode_slice(&values, out).expect_err("flags is 7 bits, signed");
        assert!(e.to_string().contains("flags"), "offset {offset}: {e}");
    }
    let mut values = Unstaged264::many(5);
    values[3].low = 256;
    let mut out = vec![0u8; 5 * Unstaged264::SIZE];
    let e = Unstaged264::encode_slice(&values, &mut out).expect_err("low is 9 bits, signed");
    assert!(e.to_string().contains("low"), "{e}");
}

/// Of several members out of range, the first in declaration order is the one reported, with
/// its type, width and value, on every path: the per-value and staged slice encoders write an
/// image with a writer that keeps no error and, when it fails, write it again with one that
/// records the first (`ImageWriter::quick_part`); `encode_into` records from the start. A
/// failed `encode` leaves `out` as it was.
#[cfg_attr(test, test)]
fn of_several_overflows_the_first_is_reported_on_every_path() {
    let expected = ptx_abi::EncodeError::BitFieldOverflow {
        ty: "Ref",
        field: "mode",
        width: 3,
        signed: false,
        value: 9,
    };
    let mut bad = Ref::nth(5);
    bad.flags = 64;
    bad.mode = 9;

    let mut out = [0xA5u8; Ref::SIZE];
    assert_eq!(bad.encode(&mut out), Err(expected), "encode");
    assert_eq!(out, [0xA5u8; Ref::SIZE], "encode left `out` as it was");
    let mut uninit = [MaybeUninit::new(0u8); Ref::SIZE];
    assert_eq!(
        bad.encode_into(&mut uninit).map(drop),
        Err(expected),
        "encode_into"
    );

    for n in [7, streaming::<Ref>()] {
        let mut values = Ref::many(n);
        values[n - 2] = bad;
        let mut out = vec![0u8; n * Ref::SIZE];
        let e = Ref::encode_slice(&values, &mut out).expect_err("mode and flags overflow");
        assert_eq!(e, expected, "encode_slice of {n}");
        let mut dst = vec![MaybeUninit::new(0u8); n * Ref::SIZE];
        let e = Ref::encode_slice_into(&values, &mut dst).expect_err("mode and flags overflow");
        assert_eq!(e, expected, "encode_slice_into of {n}");
    }
}

/// Every test of this file, for `oracle-tests`' `proof_encoders` (a test missing here fails
/// that program's build).
#[allow(dead_code)]
pub const TESTS: &[(&str, fn())] = common::test_list![
    every_size_below_stream_min,
    every_size_streamed_aligned,
    streamed_off_alignment,
    an_overflow_is_reported_on_every_path,
    of_several_overflows_the_first_is_reported_on_every_path,
];
