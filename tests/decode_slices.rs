//! The slice decoders (`PtxAbi::decode_slice`, `decode_slice_into`, `decode_vec`,
//! `codec/decode_slice.rs`), on the slice encoders' sample types (images of 1 to 264 bytes)
//! and a type whose image is empty, into a `Vec`'s elements from the first and from the
//! second: each must give `decode`'s values, image by image (the golden corpus proves `decode`
//! against NVRTC), and `decode(encode(v)) == v`; an invalid image and a wrong length are
//! errors on every path, and a replaced value is dropped.
//!
//! Under Miri (`cargo +nightly miri test --test decode_slices`) the destination of
//! `decode_slice_into` starts uninitialized: Miri stops at any read of it.

#[path = "../benches/common/mod.rs"]
mod common;
#[path = "slice_types/mod.rs"]
mod slice_types;

use common::Ref;
use ptx_abi::codec::DecodeError;
use ptx_abi::PtxAbi;
use slice_types::{Forty, One, Sample, Staged256, Three, Twelve, Unstaged264};
use std::mem::MaybeUninit;

/// `PhantomData`'s image is empty (`SIZE` 0).
type Marker = std::marker::PhantomData<u32>;

impl Sample for Marker {
    fn nth(_: usize) -> Self {
        std::marker::PhantomData
    }
}

/// A `bool` beside a `double`: 16 bytes.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Flagged {
    weight: f64,
    ok: bool,
}

impl Sample for Flagged {
    fn nth(i: usize) -> Self {
        Flagged {
            weight: i as f64 * -0.5,
            ok: slice_types::mix(i) & 1 == 1,
        }
    }
}

/// The images of `values`, back to back.
fn images<T: Sample>(values: &[T]) -> Vec<u8> {
    let mut out = vec![0u8; values.len() * T::SIZE];
    T::encode_slice(values, &mut out).expect("every value fits");
    out
}

/// `decode_slice`, `decode_slice_into` and `decode_vec` of `n` values of `T`, into a `Vec`'s
/// elements from the first (`skip` 0) or the second (`skip` 1), against `decode`'s values.
fn check<T: Sample>(n: usize, skip: usize) {
    let values = T::many(n);
    let bytes = images(&values);
    let expected: Vec<T> = (0..n)
        .map(|i| T::decode(&bytes[i * T::SIZE..(i + 1) * T::SIZE]).expect("a valid image"))
        .collect();
    let what = format!("{} × {n}, skipping {skip}", std::any::type_name::<T>());
    assert!(expected == values, "decode(encode(v)) != v: {what}");

    // Elements that are not yet the decoded values: each holds the next one's value.
    let mut others = T::many(n + skip);
    others.rotate_left(1 + skip);
    let mut out = others.clone();
    T::decode_slice(&bytes, &mut out[skip..]).expect("valid images");
    assert!(out[skip..] == values[..], "decode_slice: {what}");

    // Uninitialized under Miri (which stops at a read of it), else the other values.
    let mut uninit: Vec<MaybeUninit<T>> = others
        .iter()
        .map(|&v| {
            if cfg!(miri) {
                MaybeUninit::uninit()
            } else {
                MaybeUninit::new(v)
            }
        })
        .collect();
    let decoded = T::decode_slice_into(&bytes, &mut uninit[skip..]).expect("valid images");
    assert!(decoded == &values[..], "decode_slice_into: {what}");

    // No bytes say how many values of an empty image: `decode_vec` gives none.
    let vec = T::decode_vec(&bytes).expect("valid images");
    let counted = if T::SIZE == 0 { &[][..] } else { &values[..] };
    assert!(vec == counted, "decode_vec: {what}");
}

/// Fewer values per run under Miri, which interprets every step.
fn small(n: usize) -> usize {
    if cfg!(miri) {
        n.min(9)
    } else {
        n
    }
}

#[test]
fn every_size() {
    for skip in [0, 1] {
        check::<One>(small(1001), skip);
        check::<Three>(small(1001), skip);
        check::<Twelve>(small(1001), skip);
        check::<Forty>(small(1001), skip);
        check::<Ref>(small(1001), skip);
        check::<Staged256>(small(101), skip);
        check::<Unstaged264>(small(101), skip);
        check::<Marker>(small(1001), skip);
    }
}

/// An image that is not a valid value is an error on every path (here a `bool` byte of 2,
/// in the next-to-last image and in the first), and so is a length that is not a whole
/// number of images.
#[test]
fn an_invalid_image_is_reported_on_every_path() {
    for n in [4, small(1001)] {
        for bad in [n - 2, 0] {
            let mut bytes = images(&Flagged::many(n));
            bytes[bad * Flagged::SIZE + 8] = 2;
            let mut out = Flagged::many(n);
            let e = Flagged::decode_slice(&bytes, &mut out).expect_err("a bool of 2");
            assert!(matches!(e, DecodeError::InvalidBool { value: 2 }), "{e}");
            let mut uninit: Vec<MaybeUninit<Flagged>> =
                (0..n).map(|_| MaybeUninit::uninit()).collect();
            let e = Flagged::decode_slice_into(&bytes, &mut uninit).expect_err("a bool of 2");
            assert!(matches!(e, DecodeError::InvalidBool { value: 2 }), "{e}");
            let e = Flagged::decode_vec(&bytes).expect_err("a bool of 2");
            assert!(matches!(e, DecodeError::InvalidBool { value: 2 }), "{e}");
        }
    }
    let bytes = images(&Ref::many(3));
    let mut out = Ref::many(2);
    let e = Ref::decode_slice(&bytes, &mut out).expect_err("three images for two values");
    assert!(
        matches!(
            e,
            DecodeError::Length {
                ty: "Ref",
                expected: 96,
                found: 144
            }
        ),
        "{e}"
    );
    let e = Ref::decode_vec(&bytes[..100]).expect_err("two images and four bytes");
    assert!(
        matches!(
            e,
            DecodeError::Length {
                expected: 96,
                found: 100,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(Ref::decode_vec(&[]).expect("no images"), Vec::<Ref>::new());
}

/// The values a type that needs dropping replaces are dropped, once each.
#[test]
fn replaced_values_are_dropped() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static DROPPED: AtomicUsize = AtomicUsize::new(0);

    #[derive(PtxAbi, Debug, PartialEq)]
    struct Counted {
        id: u32,
    }
    impl Drop for Counted {
        fn drop(&mut self) {
            DROPPED.fetch_add(1, Ordering::Relaxed);
        }
    }

    let bytes: Vec<u8> = [7u32, 8, 9].iter().flat_map(|i| i.to_le_bytes()).collect();
    let mut out: Vec<Counted> = (0..3).map(|id| Counted { id }).collect();
    let before = DROPPED.load(Ordering::Relaxed);
    Counted::decode_slice(&bytes, &mut out).expect("valid images");
    assert_eq!(
        DROPPED.load(Ordering::Relaxed) - before,
        3,
        "the old values"
    );
    assert_eq!(out.iter().map(|c| c.id).collect::<Vec<_>>(), [7, 8, 9]);
}
