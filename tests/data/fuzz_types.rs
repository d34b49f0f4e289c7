//! Issue 23: the derived types of the `decode` fuzz target (`fuzz/src/types.rs`, compiled here
//! too) under proptest, so that `cargo test` checks what the fuzzer checks: any image either
//! does not decode or decodes to a value whose image is the input's value bits, padding
//! cleared (`ptx_abi_oracle::images`); a valid image (every field a random value of its range,
//! written as its bits) always decodes when the type holds no union; an image of another
//! length never decodes. The images of some values are written out by hand from §1.1–§1.3.

use proptest::collection::vec;
use proptest::prelude::*;
use ptx_abi::PtxAbi;
use ptx_abi_oracle::images::{hex, make_valid, round_trip, RoundTrip, RoundTrips, SplitMix};
use std::fmt::Debug;

#[path = "../../fuzz/src/types.rs"]
mod types;

use types::{Aligned, All, Bits, Level, Mode, Nested, Payload, Raw, Tag, Vecs, Wide};

/// How an image is made from random bytes.
#[derive(Clone, Copy, Debug)]
enum Make {
    /// Left as it is.
    Raw,
    /// Made valid: `bool`s 0 or 1, enums a discriminant, a union member chosen.
    Valid,
    /// Made valid, then one bit flipped (a `bool` byte of 2 or 3, an enum off by a bit).
    OneBitOff,
}

fn make() -> impl Strategy<Value = Make> {
    prop_oneof![Just(Make::Raw), Just(Make::Valid), Just(Make::OneBitOff)]
}

/// The round-trip property of `T` on `bytes` (cut or padded to `T::SIZE`).
fn round_trips<T: PtxAbi + PartialEq + Debug + 'static>(
    bytes: &[u8],
    how: Make,
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut image = bytes[..bytes.len().min(T::SIZE)].to_vec();
    image.resize(T::SIZE, 0);
    let mut rng = SplitMix::new(seed);
    if !matches!(how, Make::Raw) {
        make_valid(T::TYPE, &mut image, &mut |n| rng.below(n));
    }
    if matches!(how, Make::OneBitOff) {
        let bit = rng.below(T::SIZE as u64 * 8) as usize;
        image[bit / 8] ^= 1 << (bit % 8);
    }
    let mut trips = RoundTrips::new(T::TYPE);
    match round_trip::<T>(&image).map_err(TestCaseError::fail)? {
        RoundTrip::Kept(kept) => trips.add(&image, &kept).map_err(TestCaseError::fail)?,
        RoundTrip::Refused(why) => prop_assert!(
            !matches!(how, Make::Valid) || trips.mask().is_none(),
            "the valid image {} of {} does not decode: {why}",
            hex(&image),
            T::TYPE.name
        ),
    }
    if bytes.len() != T::SIZE {
        prop_assert!(T::decode(bytes).is_err(), "{} bytes decode", bytes.len());
    }
    Ok(())
}

proptest! {
    #[test]
    fn bits(b in vec(any::<u8>(), 0..48), how in make(), seed: u64) {
        round_trips::<Bits>(&b, how, seed)?;
    }

    #[test]
    fn enums(b in vec(any::<u8>(), 0..12), how in make(), seed: u64) {
        round_trips::<Mode>(&b, how, seed)?;
        round_trips::<Level>(&b, how, seed)?;
        round_trips::<Wide>(&b, how, seed)?;
    }

    #[test]
    fn unions(b in vec(any::<u8>(), 0..8), how in make(), seed: u64) {
        round_trips::<Tag>(&b, how, seed)?;
        round_trips::<Payload>(&b, how, seed)?;
        round_trips::<Raw>(&b, how, seed)?;
    }

    #[test]
    fn vectors_and_alignment(b in vec(any::<u8>(), 0..96), how in make(), seed: u64) {
        round_trips::<Vecs>(&b, how, seed)?;
        round_trips::<Aligned>(&b, how, seed)?;
    }

    #[test]
    fn nested_arrays(b in vec(any::<u8>(), 0..256), how in make(), seed: u64) {
        round_trips::<Nested>(&b, how, seed)?;
        round_trips::<All>(&b, how, seed)?;
    }
}

/// The fuzz target's table of types (its first input byte chooses one) names them in order.
#[test]
fn the_decode_target_names_its_types() {
    let names = [
        Bits::TYPE.name,
        Mode::TYPE.name,
        Level::TYPE.name,
        Wide::TYPE.name,
        Tag::TYPE.name,
        Payload::TYPE.name,
        Raw::TYPE.name,
        Vecs::TYPE.name,
        Aligned::TYPE.name,
        Nested::TYPE.name,
        All::TYPE.name,
    ];
    assert_eq!(types::DECODED, names);
}

/// Each value of the fuzz target's samples encodes, and its image decodes back to it.
#[test]
fn the_samples_round_trip() {
    fn each<T: PtxAbi + PartialEq + Debug>(values: &[T]) {
        for v in values {
            let image = v.to_ptx_bytes().unwrap();
            assert_eq!(&T::from_ptx_bytes(&image).unwrap(), v);
        }
    }
    let s = types::samples();
    each(&s.bits);
    each(&s.modes);
    each(&s.levels);
    each(&s.wides);
    each(&s.tags);
    each(&s.payloads);
    each(&s.raws);
    each(&s.vecs);
    each(&s.aligned);
    each(&s.nested);
    each(&s.all);
}

/// Images worked out by hand from the C declarations in `fuzz/src/types.rs` (§1.1–§1.3, the
/// bit-field placement of §1.3: a field goes into the current storage unit of its type when
/// it fits, else starts the next one).
#[test]
fn images_by_hand() {
    let s = types::samples();
    // `Bits`: s5 bits 0..5 and u11 bits 5..16 of the `int` at 0; b bit 16; `:3` bits 17..20;
    // s13 does not fit the `short` at 2 (20 + 13 > 32), so bits 32..45; flag byte 6; s63 the
    // `long long` at 8 (bits 0..63) and u1 its bit 63; c7 byte 16; 24 bytes (aligned to 8).
    // {3, 100, false, _, 77, false, -5, 0, 63}: 3 | 100 << 5 = 0x0c83; -5 in 63 bits.
    assert_eq!(
        hex(&s.bits[1].to_ptx_bytes().unwrap()),
        "830c00004d000000fbffffffffffff7f3f00000000000000"
    );
    // {-16, 2047, true, _, -4096, true, i64::MIN / 2, 1, -64}: 0x10 | 0x7ff << 5 = 0xfff0,
    // b = bit 16; -4096 in 13 bits = 0x1000; -2^62 in 63 bits = 0x4000…, u1 = bit 63; -64 in
    // 7 bits = 0x40.
    assert_eq!(
        hex(&s.bits[0].to_ptx_bytes().unwrap()),
        "f0ff01000010010000000000000000c04000000000000000"
    );
    // `Tag` {Auto, true, Low}: mode 7, ok 1, level -7 as a `short` at 2.
    assert_eq!(s.tags[0].to_ptx_bytes().unwrap(), [7, 1, 0xf9, 0xff]);
    assert_eq!(s.payloads[0].to_ptx_bytes().unwrap(), [7, 1, 0xf9, 0xff]);
    assert_eq!(Level::High.to_ptx_bytes().unwrap(), [0x2c, 0x01]);
    assert_eq!(Wide::MinusOne.to_ptx_bytes().unwrap(), [0xff; 8]);
    assert_eq!(s.raws[0].to_ptx_bytes().unwrap(), [0, 0, 0, 0x80]);
    // `Aligned` {-1.5, -128}: the double, the char at 8, 7 bytes of padding.
    assert_eq!(
        hex(&s.aligned[0].to_ptx_bytes().unwrap()),
        "000000000000f8bf8000000000000000"
    );
    assert_eq!((Aligned::SIZE, Aligned::ALIGN), (16, 16));
    // The other members of the union: a word, and a bit-field in bits 0..4.
    assert_eq!(
        Payload::Word(0xfff9_0107).to_ptx_bytes().unwrap(),
        [7, 1, 0xf9, 0xff]
    );
    assert_eq!(Payload::Nibble(0xa).to_ptx_bytes().unwrap(), [0xa, 0, 0, 0]);
    assert!(Payload::Nibble(16).to_ptx_bytes().is_err());
    // A `bool` byte of 2 and an unknown discriminant are refused, never read as something.
    assert!(Tag::from_ptx_bytes(&[7, 2, 0xf9, 0xff]).is_err());
    assert!(Tag::from_ptx_bytes(&[6, 1, 0xf9, 0xff]).is_err());
    assert!(Mode::from_ptx_bytes(&[2]).is_err());
}
