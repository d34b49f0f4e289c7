//! Aggregates (§1.2) through the derive: nested, generic, tuple structs, Rust unions, enums,
//! over-alignment, multi-dimensional arrays and vectors. Every expected size, offset and image
//! was produced by NVRTC 12.9.86 (compute_90) for the C definition quoted above each type.

use ptx_abi::codec::layout_at;
use ptx_abi::types::{Char3, Double2, Float4, LongLong1, Short3};
use ptx_abi::{AddressSize, DevicePtr, Pad, PtxAbi};

fn check<T: PtxAbi + PartialEq + std::fmt::Debug>(
    value: T,
    size: usize,
    align: usize,
    bytes: &[u8],
) {
    assert_eq!((T::SIZE, T::ALIGN), (size, align), "size/align");
    assert_eq!(value.to_ptx_bytes().unwrap(), bytes, "image");
    assert_eq!(T::from_ptx_bytes(bytes).unwrap(), value, "round trip");
}

/// The offset of member `i` at `.address_size 64`, from the engine.
fn offset<T: PtxAbi>(i: usize) -> usize {
    let placed = ptx_abi::layout::try_place_members::<16>(T::TYPE, AddressSize::A64);
    placed.unwrap().members[i].offset
}

// struct Particle { unsigned kind:3; int charge:5; unsigned char tag; short :0; short :7;
//   unsigned long long addr:40; float4 pos; Particle* next; float history[3]; };  // 64 / 16
use crate::guide_types::{Particle, ParticleImage};

const PARTICLE_IMAGE: [u8; 64] = [
    237, 9, 128, 145, 128, 247, 230, 85, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64, 0, 0,
    64, 64, 0, 0, 128, 64, 0, 0, 0, 112, 0, 0, 0, 0, 0, 0, 0, 63, 0, 0, 128, 62, 0, 0, 0, 62, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

fn particle() -> Particle {
    Particle {
        kind: 5,
        charge: -3,
        tag: 9,
        _brk: Pad::new(),
        _gap: Pad::new(),
        addr: 0xAB_CDEF_0123,
        pos: Float4::from([1.0, 2.0, 3.0, 4.0]),
        next: DevicePtr::from_raw(0x7000_0000),
        history: [0.5, 0.25, 0.125],
    }
}

#[test]
fn particle_matches_nvrtc() {
    check(particle(), 64, 16, &PARTICLE_IMAGE);
    assert_eq!(
        (
            offset::<Particle>(6),
            offset::<Particle>(7),
            offset::<Particle>(8)
        ),
        (16, 32, 40)
    );
}

// The sizes are consts: usable in array lengths and const items.
const PARTICLE_BYTES: [u8; <Particle as PtxAbi>::SIZE] = [0; <Particle as PtxAbi>::SIZE];
const _: () = assert!(PARTICLE_BYTES.len() == 64);

#[test]
fn image_type_has_ptx_size_and_alignment_and_accessors() {
    use ptx_abi::codec::PtxImage;
    assert_eq!(std::mem::size_of::<ParticleImage>(), 64);
    assert_eq!(std::mem::align_of::<ParticleImage>(), 16);
    let mut img = ParticleImage::new(&particle()).unwrap();
    assert_eq!(img.as_bytes(), &PARTICLE_IMAGE);
    assert_eq!(img.charge(), Ok(-3), "getters sign-extend");
    assert_eq!(img.addr(), Ok(0xAB_CDEF_0123));
    img.set_charge(-16).unwrap();
    assert_eq!(img.charge(), Ok(-16));
    assert_eq!(img.kind(), Ok(5), "neighbouring bits untouched");
    let before = img;
    let err = img.set_charge(16).unwrap_err();
    assert_eq!(img, before, "a failed setter leaves the image unchanged");
    assert!(err.to_string().contains("Particle::charge"), "{err}");
    img.set_pos(Float4::from([9.0, 8.0, 7.0, 6.0])).unwrap();
    let back = img.get().unwrap();
    assert_eq!(
        (back.charge, back.pos),
        (-16, Float4::from([9.0, 8.0, 7.0, 6.0]))
    );
}

#[test]
fn images_compare_and_hash_by_their_bytes() {
    use ptx_abi::codec::PtxImage;
    use std::hash::{BuildHasher, RandomState};
    let a = ParticleImage::new(&particle()).unwrap();
    let mut b = a;
    let hasher = RandomState::new();
    assert_eq!(a, b);
    assert_eq!(hasher.hash_one(a), hasher.hash_one(b));
    b.as_bytes_mut()[63] ^= 1; // the last byte of `history[2]`
    assert_ne!(a, b, "one differing byte makes images unequal");
    assert_ne!(hasher.hash_one(a), hasher.hash_one(b));
    // A type without `#[ptx(accessors)]` gets the same image traits, from core's generic
    // `Image<T>` (its `InnerImage` is an alias of `Image<Inner>`).
    let t = InnerImage::new(&Inner {
        a: -2,
        b: 0xabc,
        c: 7,
    })
    .unwrap();
    assert_eq!(t, InnerImage::from_bytes(t.as_bytes()).unwrap());
    assert_eq!(
        format!("{t:?}"),
        format!("Image<Inner>({:?})", t.as_bytes())
    );
    let _: &ptx_abi::types::Image<Inner> = &t;
}

// struct Inner { short a; unsigned b : 12; unsigned char c; };
// struct Outer { char x; Inner in[2]; double d; Inner last; };  // 40 / 8
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Inner {
    a: i16,
    #[ptx(bits = 12)]
    b: u32,
    c: u8,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Outer {
    x: i8,
    inner: [Inner; 2],
    d: f64,
    last: Inner,
}

#[test]
fn nested_aggregates_and_arrays_of_them() {
    let v = Outer {
        x: 7,
        inner: [
            Inner {
                a: -2,
                b: 4000,
                c: 200,
            },
            Inner { a: 3, b: 1, c: 2 },
        ],
        d: 1.5,
        last: Inner {
            a: -32768,
            b: 4095,
            c: 255,
        },
    };
    let bytes = [
        7, 0, 0, 0, 254, 255, 160, 15, 200, 0, 0, 0, 3, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 248, 63, 0, 128, 255, 15, 255, 0, 0, 0,
    ];
    check(v, 40, 8, &bytes);
}

// A generic struct: struct PairIn { Inner a; Inner b; } is Pair<Inner>.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Pair<T: PtxAbi> {
    a: T,
    b: T,
}

#[test]
fn generic_structs() {
    let v = Pair {
        a: Inner { a: 1, b: 2, c: 3 },
        b: Inner { a: 4, b: 5, c: 6 },
    };
    check(v, 16, 4, &[1, 0, 2, 0, 3, 0, 0, 0, 4, 0, 5, 0, 6, 0, 0, 0]);
    assert_eq!((<Pair<u8>>::SIZE, <Pair<u8>>::ALIGN), (2, 1));
    assert_eq!((<Pair<f64>>::SIZE, <Pair<f64>>::ALIGN), (16, 8));
}

// struct Tup { unsigned char a; double b; };  // 16 / 8
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(accessors)]
struct Tup(u8, f64);

#[test]
fn tuple_structs() {
    use ptx_abi::codec::PtxImage;
    check(
        Tup(255, -0.5),
        16,
        8,
        &[255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 224, 191],
    );
    let mut img = TupImage::new(&Tup(1, 2.0)).unwrap();
    img.set_0(4).unwrap();
    assert_eq!(img.get_0(), Ok(4));
}

// union UB { float f; unsigned u; int i; };  initialized through u = 0x40490fdb
#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
union UB {
    f: f32,
    u: u32,
    i: i32,
}

#[test]
fn rust_unions_whose_members_cover_every_byte() {
    assert_eq!((UB::SIZE, UB::ALIGN), (4, 4));
    let v = UB { u: 0x40490fdb };
    assert_eq!(v.to_ptx_bytes().unwrap(), [219, 15, 73, 64]);
    assert_eq!(ptx_abi::codec::as_ptx_bytes(&v), [219, 15, 73, 64]);
    let back = UB::from_ptx_bytes(&[219, 15, 73, 64]).unwrap();
    // SAFETY: every member of `UB` is a plain 4-byte number, so any bytes are a valid `f32`.
    assert_eq!(unsafe { back.f }, std::f32::consts::PI);
}

// Field-less enums are their integer repr:
// struct WithEnum { unsigned char e8; short e16; long long e64; };  = { 2, -7, -1 }
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
enum Mode {
    Off,
    On,
    Auto,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(i16)]
enum Level {
    Low = -7,
    High = 300,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(i64)]
enum Wide {
    MinusOne = -1,
    Big = i64::MAX,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct WithEnum {
    e8: Mode,
    e16: Level,
    e64: Wide,
}

#[test]
fn enums_are_their_integer_repr() {
    let v = WithEnum {
        e8: Mode::Auto,
        e16: Level::Low,
        e64: Wide::MinusOne,
    };
    let bytes = [
        2, 0, 249, 255, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255,
    ];
    check(v, 16, 8, &bytes);
    assert_eq!((Mode::SIZE, Level::SIZE, Wide::SIZE), (1, 2, 8));
    assert_eq!(
        Level::from_ptx_bytes(&300i16.to_le_bytes()),
        Ok(Level::High)
    );
    assert_eq!(Mode::On.to_ptx_bytes().unwrap(), [1]);
    let _ = Wide::Big;
}

// struct __align__(32) A32 { double d; char c; };  struct HoldsA32 { char c; A32 a; }  // 64 / 32
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 32)]
struct A32 {
    d: f64,
    c: i8,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct HoldsA32 {
    c: i8,
    a: A32,
}

#[test]
fn over_aligned_members_raise_the_container() {
    let mut bytes = [0u8; 64];
    bytes[0] = 1;
    bytes[39] = 64;
    bytes[40] = 3;
    check(
        HoldsA32 {
            c: 1,
            a: A32 { d: 2.0, c: 3 },
        },
        64,
        32,
        &bytes,
    );
    assert_eq!(offset::<HoldsA32>(1), 32);
}

// struct Grid { int g[2][3]; char tail; };  // 28 / 4
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Grid {
    g: [[i32; 3]; 2],
    tail: i8,
}

#[test]
fn arrays_nest_as_in_c() {
    let bytes = [
        1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0,
    ];
    check(
        Grid {
            g: [[1, 2, 3], [4, 5, 6]],
            tail: 7,
        },
        28,
        4,
        &bytes,
    );
}

// struct Vecs { char c; char3 v3; float4 f; double2 d; short3 s; long1 l; };  // 64 / 16
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Vecs {
    c: i8,
    v3: Char3,
    f: Float4,
    d: Double2,
    s: Short3,
    l: LongLong1,
}

#[test]
fn native_vectors_in_a_struct() {
    let v = Vecs {
        c: 1,
        v3: Char3::from([2, 3, 4]),
        f: Float4::from([1.0, 2.0, 3.0, 4.0]),
        d: Double2::from([5.0, 6.0]),
        s: Short3::from([7, 8, 9]),
        l: LongLong1::from([10]),
    };
    let bytes = [
        1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64,
        0, 0, 128, 64, 0, 0, 0, 0, 0, 0, 20, 64, 0, 0, 0, 0, 0, 0, 24, 64, 7, 0, 8, 0, 9, 0, 0, 0,
        10, 0, 0, 0, 0, 0, 0, 0,
    ];
    check(v, 64, 16, &bytes);
    let offsets: Vec<usize> = (1..6).map(offset::<Vecs>).collect();
    assert_eq!(offsets, [1, 16, 32, 48, 56]);
}

#[test]
fn address_size_32_shrinks_pointers_only() {
    #[derive(PtxAbi, Clone, Copy)]
    struct Node {
        tag: u8,
        next: DevicePtr<Node>,
        tex: ptx_abi::types::TexRef,
    }
    let l64 = layout_at::<Node>(AddressSize::A64);
    let l32 = layout_at::<Node>(AddressSize::A32);
    assert_eq!((l64.size, l64.align), (24, 8));
    // tag@0, next@4 (4 bytes), tex@8 (handles stay .b64, §1.4): 16 / 8.
    assert_eq!((l32.size, l32.align), (16, 8));
}
