//! Every error path of encoding and decoding: values that do not fit their bit-fields, bytes
//! that are not a valid value, buffers of the wrong length. None of them panics.

use ptx_abi::{DecodeError, EncodeError, PtxAbi};

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Flags {
    #[ptx(bits = 3)]
    mode: u8,
    #[ptx(bits = 5)]
    level: i16,
    on: bool,
    #[ptx(bits = 64)]
    full: i64,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(u16)]
enum Kind {
    A = 1,
    B = 7,
}

/// The encoder's writer keeps the first failed range check (`BitFieldType::__write_bits`);
/// when several fields overflow, the error names the first in declaration order, and the
/// caller's buffer is left as it was.
#[test]
fn of_several_overflowing_bit_fields_the_first_is_named() {
    let mut out = [0xAAu8; Flags::SIZE];
    let err = Flags {
        mode: 0,
        level: 16,
        on: true,
        full: 0,
    };
    let mut both = err;
    both.mode = 9;
    assert_eq!(
        both.encode(&mut out).unwrap_err(),
        EncodeError::BitFieldOverflow {
            ty: "Flags",
            field: "mode",
            width: 3,
            signed: false,
            value: 9
        }
    );
    assert_eq!(
        err.encode(&mut out).unwrap_err(),
        EncodeError::BitFieldOverflow {
            ty: "Flags",
            field: "level",
            width: 5,
            signed: true,
            value: 16
        }
    );
    assert_eq!(out, [0xAAu8; Flags::SIZE]);
}

#[test]
fn bit_field_overflow_names_type_field_width_and_value() {
    let err = Flags {
        mode: 8,
        level: 0,
        on: false,
        full: 0,
    }
    .to_ptx_bytes()
    .unwrap_err();
    assert_eq!(
        err,
        EncodeError::BitFieldOverflow {
            ty: "Flags",
            field: "mode",
            width: 3,
            signed: false,
            value: 8
        }
    );
    assert_eq!(
        err.to_string(),
        "value 8 does not fit in bit-field `Flags::mode` (3 bits, unsigned: 0..=7)"
    );
    let err = Flags {
        mode: 0,
        level: -17,
        on: false,
        full: 0,
    }
    .to_ptx_bytes()
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "value -17 does not fit in bit-field `Flags::level` (5 bits, signed: -16..=15)"
    );
    assert!(Flags {
        mode: 0,
        level: 16,
        on: false,
        full: 0
    }
    .to_ptx_bytes()
    .is_err());
}

#[test]
fn range_extremes_fit() {
    for (level, full) in [(-16, i64::MIN), (15, i64::MAX), (0, -1)] {
        let v = Flags {
            mode: 7,
            level,
            on: true,
            full,
        };
        let bytes = v.to_ptx_bytes().unwrap();
        assert_eq!(Flags::from_ptx_bytes(&bytes).unwrap(), v);
    }
}

#[test]
fn invalid_bool_is_a_decode_error() {
    let mut bytes = Flags {
        mode: 1,
        level: 1,
        on: true,
        full: 1,
    }
    .to_ptx_bytes()
    .unwrap();
    bytes[1] = 2; // `on` is at byte 1: the bit-fields end at bit 8 (as `c` in figure 3)
    assert_eq!(
        Flags::from_ptx_bytes(&bytes),
        Err(DecodeError::InvalidBool { value: 2 })
    );
    assert_eq!(
        bool::from_ptx_bytes(&[255]),
        Err(DecodeError::InvalidBool { value: 255 })
    );
}

#[test]
fn unknown_discriminant_is_a_decode_error() {
    assert_eq!(Kind::from_ptx_bytes(&7u16.to_le_bytes()), Ok(Kind::B));
    let err = Kind::from_ptx_bytes(&2u16.to_le_bytes()).unwrap_err();
    assert_eq!(
        err,
        DecodeError::InvalidDiscriminant {
            ty: "Kind",
            value: 2
        }
    );
    assert_eq!(err.to_string(), "2 is not a discriminant of enum `Kind`");
}

#[test]
fn wrong_lengths_are_errors() {
    assert_eq!(
        Flags::from_ptx_bytes(&[0; 3]),
        Err(DecodeError::Length {
            ty: "Flags",
            expected: 16,
            found: 3
        })
    );
    assert!(Flags::from_ptx_bytes(&[0; 17]).is_err());
    assert!(u32::from_ptx_bytes(&[]).is_err());
    assert!(<[u16; 4]>::from_ptx_bytes(&[0; 7]).is_err());
    let mut short = [0u8; 15];
    let err = Flags {
        mode: 0,
        level: 0,
        on: false,
        full: 0,
    }
    .encode(&mut short)
    .unwrap_err();
    assert_eq!(
        err,
        EncodeError::BufferSize {
            ty: "Flags",
            expected: 16,
            found: 15
        }
    );
    let mut long = [0u8; 5];
    assert!(7u32.encode(&mut long).is_err());
}

#[test]
fn array_decoding_stops_at_the_first_invalid_element() {
    assert_eq!(
        <[bool; 3]>::from_ptx_bytes(&[1, 0, 1]),
        Ok([true, false, true])
    );
    assert_eq!(
        <[bool; 3]>::from_ptx_bytes(&[1, 9, 1]),
        Err(DecodeError::InvalidBool { value: 9 })
    );
    // Heap-owning elements exercise the partial-initialization path of array decoding.
    #[derive(PtxAbi, Clone, Debug, PartialEq)]
    #[repr(u8)]
    enum E {
        X = 1,
    }
    assert_eq!(<[E; 2]>::from_ptx_bytes(&[1, 1]), Ok([E::X, E::X]));
    assert!(<[E; 2]>::from_ptx_bytes(&[1, 0]).is_err());
}

/// Declares `Wide`: `N` `u32` members, then a `bool`, a `Kind` and a `u32`, and `Wide::sample`,
/// whose `u32` members are 7, 14, 21, … in declaration order.
macro_rules! wide {
    ($($f:ident)*) => {
        #[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
        struct Wide {
            $($f: u32,)*
            on: bool,
            kind: Kind,
            tail: u32,
        }

        impl Wide {
            fn sample() -> Self {
                let mut n = 0;
                Wide {
                    $($f: { n += 7; n },)*
                    on: true,
                    kind: Kind::B,
                    tail: 99,
                }
            }
        }
    };
}

// 40 `u32` members: `on` at byte 160, `kind` at 162 (`u16`), `tail` at 164, 168 bytes in all.
wide!(
    a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 b0 b1 b2 b3 b4 b5 b6 b7 b8 b9
    c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 d0 d1 d2 d3 d4 d5 d6 d7 d8 d9
);

/// A struct of more members than the decoder reads in one struct expression (43: it reads
/// them in tuples of 32, `expand/aggregate.rs`): every member comes back to its own field,
/// and of two invalid members the first is reported.
#[test]
fn a_wide_struct_decodes_each_member_into_its_field_and_reports_the_first_invalid_one() {
    let value = Wide::sample();
    let mut bytes = value.to_ptx_bytes().unwrap();
    assert_eq!(bytes.len(), 168);
    assert_eq!(bytes[..4], 7u32.to_le_bytes());
    assert_eq!(bytes[156..160], 280u32.to_le_bytes());
    assert_eq!(Wide::from_ptx_bytes(&bytes), Ok(value));

    bytes[162..164].copy_from_slice(&2u16.to_le_bytes());
    assert_eq!(
        Wide::from_ptx_bytes(&bytes),
        Err(DecodeError::InvalidDiscriminant {
            ty: "Kind",
            value: 2
        })
    );
    bytes[160] = 2;
    assert_eq!(
        Wide::from_ptx_bytes(&bytes),
        Err(DecodeError::InvalidBool { value: 2 })
    );
}
