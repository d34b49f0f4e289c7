//! Property tests: every in-range value encodes, decodes back to itself, and every bit-field
//! reads back sign-extended (signed) or zero-extended (unsigned), including fields whose bits
//! straddle the bytes of their storage unit. Out-of-range values are errors, never truncated.

use proptest::prelude::*;
use ptx_abi::types::Float2;
use ptx_abi::{Pad, PtxAbi};

/// `struct { unsigned long long a:1; long long b:63; }`: `b` starts at bit 1 of a u64 unit
/// and covers every byte of it.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Straddle {
    #[ptx(bits = 1)]
    a: u64,
    #[ptx(bits = 63)]
    b: i64,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(accessors)]
struct Mixed {
    #[ptx(bits = 7)]
    s7: i8,
    #[ptx(bits = 13)]
    s13: i16,
    #[ptx(bits = 31)]
    s31: i32,
    flag: bool,
    #[ptx(bits = 17)]
    u17: u32,
    _p: Pad<u8, 3>,
    #[ptx(bits = 1)]
    b1: bool,
    v: Float2,
    #[ptx(bits = 33)]
    u33: u64,
}

fn signed(width: u32) -> std::ops::RangeInclusive<i64> {
    let half = 1i64 << (width - 1);
    -half..=half - 1
}

prop_compose! {
    fn mixed()(s7 in signed(7), s13 in signed(13), s31 in signed(31), flag: bool,
               u17 in 0u32..(1 << 17), b1: bool, x in -1e6f32..1e6, y: f32, u33 in 0u64..(1 << 33))
               -> Mixed {
        Mixed {
            s7: s7 as i8, s13: s13 as i16, s31: s31 as i32, flag, u17, _p: Pad::new(), b1,
            v: Float2::from([x, if y.is_nan() { 0.0 } else { y }]), u33,
        }
    }
}

proptest! {
    #[test]
    fn straddling_bit_fields_round_trip(a in 0u64..2, b in signed(63)) {
        let v = Straddle { a, b };
        let bytes = v.to_ptx_bytes().unwrap();
        // Independent of the codec: the unit is a little-endian u64 holding a | b << 1.
        let word = u64::from_le_bytes(bytes.clone().try_into().unwrap());
        prop_assert_eq!(word, a | ((b as u64) << 1));
        prop_assert_eq!(Straddle::from_ptx_bytes(&bytes).unwrap(), v);
    }

    #[test]
    fn mixed_bit_fields_round_trip(v in mixed()) {
        let bytes = v.to_ptx_bytes().unwrap();
        prop_assert_eq!(bytes.len(), Mixed::SIZE);
        prop_assert_eq!(Mixed::from_ptx_bytes(&bytes).unwrap(), v);
    }

    #[test]
    fn image_getters_sign_extend(v in mixed()) {
        use ptx_abi::codec::PtxImage;
        let img = MixedImage::new(&v).unwrap();
        prop_assert_eq!(img.s7().unwrap(), v.s7);
        prop_assert_eq!(img.s13().unwrap(), v.s13);
        prop_assert_eq!(img.s31().unwrap(), v.s31);
        prop_assert_eq!(img.u33().unwrap(), v.u33);
    }

    #[test]
    fn out_of_range_values_are_errors(over in 64i8..=i8::MAX, under in i8::MIN..-64) {
        for s7 in [over, under] {
            let v = Mixed { s7, ..Mixed::default_value() };
            prop_assert!(v.to_ptx_bytes().is_err());
        }
    }

    #[test]
    fn decoding_any_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let _ = Mixed::from_ptx_bytes(&bytes);
        let _ = Straddle::from_ptx_bytes(&bytes);
    }
}

impl Mixed {
    fn default_value() -> Self {
        Mixed {
            s7: 0,
            s13: 0,
            s31: 0,
            flag: false,
            u17: 0,
            _p: Pad::new(),
            b1: false,
            v: Float2::from([0.0, 0.0]),
            u33: 0,
        }
    }
}

#[test]
fn padding_and_unnamed_bit_fields_are_zero() {
    let all_ones = Mixed {
        s7: -1,
        s13: -1,
        s31: -1,
        flag: true,
        u17: (1 << 17) - 1,
        _p: Pad::new(),
        b1: true,
        v: Float2::from([f32::from_bits(u32::MAX >> 1); 2]),
        u33: (1 << 33) - 1,
    };
    let bytes = all_ones.to_ptx_bytes().unwrap();
    let ones: u32 = bytes.iter().map(|b| b.count_ones()).sum();
    // 7 + 13 + 31 + 1 (bool byte: value 1) + 17 + 1 + 2 × 31 + 33 bits are set, nothing else.
    assert_eq!(ones, 7 + 13 + 31 + 1 + 17 + 1 + 62 + 33);
}

/// An image is a value of its type's layout in its own right (`__impl_image_ptx_abi!`): a
/// member holding `MixedImage` is laid out, encoded and decoded as one holding `Mixed`, and
/// decoding an image still refuses bytes that are not a value (a `bool` byte of 2).
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct HoldsValue {
    tag: u8,
    m: Mixed,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct HoldsImage {
    tag: u8,
    m: MixedImage,
}

#[test]
fn an_image_is_a_member_like_its_value() {
    use ptx_abi::codec::PtxImage;
    let a64 = ptx_abi::AddressSize::A64;
    assert_eq!(
        ptx_abi::layout_of(<HoldsImage as PtxAbi>::TYPE, a64),
        ptx_abi::layout_of(<HoldsValue as PtxAbi>::TYPE, a64)
    );
    assert_eq!(
        <MixedImage as PtxAbi>::TYPE.name,
        <Mixed as PtxAbi>::TYPE.name
    );
    let m = Mixed {
        s7: -5,
        s13: 1000,
        s31: -70_000,
        flag: true,
        u17: 99_999,
        _p: Pad::new(),
        b1: true,
        v: Float2::from([1.5, -2.0]),
        u33: 1 << 32,
    };
    let by_value = HoldsValue { tag: 7, m }.to_ptx_bytes().unwrap();
    let image = MixedImage::new(&m).unwrap();
    let by_image = HoldsImage { tag: 7, m: image }.to_ptx_bytes().unwrap();
    assert_eq!(by_value, by_image);
    assert_eq!(HoldsImage::from_ptx_bytes(&by_value).unwrap().m, image);
    // The `bool` member's byte set to 2: not a value, as an image or as the value itself.
    let at = |ty, name| {
        ptx_abi::layout::Placements::new(ty, ptx_abi::AddressSize::A64)
            .find_map(|p| p.ok().filter(|(m, _)| m.name == name))
            .map(|(_, p)| p.offset)
            .unwrap()
    };
    let flag = at(<HoldsValue as PtxAbi>::TYPE, "m") + at(<Mixed as PtxAbi>::TYPE, "flag");
    let mut bad = by_value.clone();
    bad[flag] = 2;
    assert_eq!(
        HoldsImage::from_ptx_bytes(&bad).unwrap_err(),
        HoldsValue::from_ptx_bytes(&bad).unwrap_err()
    );
}
