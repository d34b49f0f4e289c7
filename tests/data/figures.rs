//! The guide's bit-field figures (§1.3, figures 2–6) and the rules `docs/nvidia-notes.md` records, with the
//! sizes, alignments and byte images NVRTC 12.9 produced for the same C definitions.

use ptx_abi::{Pad, PtxAbi};

fn image<T: PtxAbi>(value: &T) -> Vec<u8> {
    value.to_ptx_bytes().expect("encodes")
}

/// Checks size, alignment, the image NVRTC gave, and that decoding it gives the value back.
fn check<T: PtxAbi + PartialEq + std::fmt::Debug>(
    value: T,
    size: usize,
    align: usize,
    bytes: &[u8],
) {
    assert_eq!((T::SIZE, T::ALIGN), (size, align), "size/align");
    assert_eq!(image(&value), bytes, "image");
    assert_eq!(
        T::from_ptx_bytes(bytes).expect("decodes"),
        value,
        "round trip"
    );
}

// The figures' types are shared with the examples: `examples/shared/guide_types.rs`.
use crate::guide_types::{Fig2, Fig3, Fig4, Fig5, Fig6};

// Fig. 2: struct { int j:5; int k:6; int m:7; }

#[test]
fn figure_2_bit_field_allocation() {
    check(
        Fig2 {
            j: -7,
            k: 21,
            m: -33,
        },
        4,
        4,
        &[185, 250, 2, 0],
    );
}

// Fig. 3: struct { short s:9; int j:9; char c; short t:9; short u:9; char d; }

#[test]
fn figure_3_boundary_alignment() {
    check(
        Fig3 {
            s: -200,
            j: 200,
            c: -5,
            t: -1,
            u: 77,
            d: 100,
        },
        12,
        4,
        &[56, 145, 1, 251, 255, 1, 77, 0, 100, 0, 0, 0],
    );
}

// Fig. 4: struct { char c; short s:8; }

#[test]
fn figure_4_storage_unit_sharing() {
    check(Fig4 { c: 1, s: -2 }, 2, 2, &[1, 254]);
}

// Fig. 5: union { char c; short s:8; }

#[test]
fn figure_5_union_allocation() {
    check(Fig5::C(90), 2, 2, &[90, 0]);
}

// Fig. 6: struct { char c; int :0; char d; short :9; char e; char :0; }

#[test]
fn figure_6_unnamed_bit_fields() {
    let v = Fig6 {
        c: 1,
        _z: Pad::new(),
        d: 2,
        _p: Pad::new(),
        e: 3,
        _z2: Pad::new(),
    };
    check(v, 9, 1, &[1, 0, 0, 0, 2, 0, 0, 0, 3]);
}

// struct { char c; long long x:3; }: a named bit-field raises the alignment.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct NamedRaises {
    c: i8,
    #[ptx(bits = 3)]
    x: i64,
}

#[test]
fn named_bit_field_raises_alignment() {
    check(NamedRaises { c: 5, x: -1 }, 8, 8, &[5, 7, 0, 0, 0, 0, 0, 0]);
}

// struct { char c; long long :3; }: an unnamed one does not.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct UnnamedDoesNot {
    c: i8,
    _p: Pad<i64, 3>,
}

#[test]
fn unnamed_bit_field_does_not_raise_alignment() {
    check(
        UnnamedDoesNot {
            c: 7,
            _p: Pad::new(),
        },
        2,
        1,
        &[7, 0],
    );
}

// struct { char c; long long :0; char d; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct ZeroWider {
    c: i8,
    _z: Pad<i64, 0>,
    d: i8,
}

#[test]
fn zero_length_wider_than_the_struct() {
    check(
        ZeroWider {
            c: 1,
            _z: Pad::new(),
            d: 2,
        },
        9,
        1,
        &[1, 0, 0, 0, 0, 0, 0, 0, 2],
    );
}

// union { int :20; char c; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(union)]
enum UnnamedInUnion {
    _P(Pad<i32, 20>),
    #[ptx(decode)]
    C(i8),
}

#[test]
fn unnamed_bit_field_in_a_union_extends_size_not_alignment() {
    check(UnnamedInUnion::C(4), 3, 1, &[4, 0, 0]);
}

// struct { bool a:1; bool b:1; char c; bool d:1; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Bools {
    #[ptx(bits = 1)]
    a: bool,
    #[ptx(bits = 1)]
    b: bool,
    c: i8,
    #[ptx(bits = 1)]
    d: bool,
}

#[test]
fn bool_bit_fields() {
    check(
        Bools {
            a: true,
            b: true,
            c: 0,
            d: true,
        },
        3,
        1,
        &[3, 0, 1],
    );
}

// struct { unsigned char a:7; unsigned char b:2; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct JustOverflows {
    #[ptx(bits = 7)]
    a: u8,
    #[ptx(bits = 2)]
    b: u8,
}

#[test]
fn just_overflowing_a_byte() {
    check(JustOverflows { a: 127, b: 3 }, 2, 1, &[127, 3]);
}

// struct { unsigned long long a:60; unsigned b:8; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct UnitEdge {
    #[ptx(bits = 60)]
    a: u64,
    #[ptx(bits = 8)]
    b: u32,
}

#[test]
fn type_change_at_a_unit_edge() {
    let v = UnitEdge { a: 1, b: 0xAB };
    check(
        v,
        16,
        8,
        &[1, 0, 0, 0, 0, 0, 0, 0, 0xAB, 0, 0, 0, 0, 0, 0, 0],
    );
}

// struct { char c; unsigned x:20; unsigned char d; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct SharesWithOrdinary {
    c: i8,
    #[ptx(bits = 20)]
    x: u32,
    d: u8,
}

#[test]
fn sharing_a_unit_with_an_ordinary_member() {
    check(
        SharesWithOrdinary {
            c: 1,
            x: 703710,
            d: 9,
        },
        8,
        4,
        &[1, 222, 188, 10, 9, 0, 0, 0],
    );
}

// struct __align__(64) { char c; }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 64)]
struct OverAligned {
    c: i8,
}

#[test]
fn over_alignment() {
    let mut bytes = vec![0u8; 64];
    bytes[0] = 3;
    check(OverAligned { c: 3 }, 64, 64, &bytes);
}
