//! The derived types of the `decode` and `check_entry` fuzz targets: bit-fields (signed,
//! unsigned, `bool`, straddling bytes, unnamed), `bool`s, enums of three widths with negative
//! and sparse discriminants, a `#[ptx(union)]` enum and a Rust `union`, native vectors,
//! pointers, nested arrays and a requested alignment with tail padding; and kernel argument
//! structs that hold them.
//!
//! Also compiled by the facade's `tests/data/fuzz_types.rs` (with `#[path]`), which runs the same
//! round trips under proptest and checks the values of [`samples`] against images written out
//! by hand, so this file uses nothing but `ptx_abi` and `core`.

use core::fmt;

use ptx_abi::types::{Double2, Float3, Int2, UChar4};
use ptx_abi::{DevicePtr, Pad, PtxAbi};

/// `struct Bits { int s5:5; unsigned u11:11; bool b:1; unsigned short :3; short s13:13; bool
/// flag; long long s63:63; unsigned long long u1:1; signed char c7:7; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(accessors)]
pub struct Bits {
    /// A signed bit-field.
    #[ptx(bits = 5)]
    pub s5: i32,
    /// An unsigned bit-field in the same unit.
    #[ptx(bits = 11)]
    pub u11: u32,
    /// A `bool` bit-field.
    #[ptx(bits = 1)]
    pub b: bool,
    /// An unnamed bit-field.
    pub pad: Pad<u16, 3>,
    /// A signed bit-field across two bytes.
    #[ptx(bits = 13)]
    pub s13: i16,
    /// A `bool` byte.
    pub flag: bool,
    /// A signed bit-field of 63 bits: every byte of its unit.
    #[ptx(bits = 63)]
    pub s63: i64,
    /// The last bit of the same unit.
    #[ptx(bits = 1)]
    pub u1: u64,
    /// A signed `char` bit-field.
    #[ptx(bits = 7)]
    pub c7: i8,
}

/// `enum Mode : unsigned char { Off, On, Auto = 7 }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
pub enum Mode {
    /// 0.
    Off,
    /// 1.
    On,
    /// 7.
    Auto = 7,
}

/// `enum Level : short { Low = -7, Mid = 0, High = 300 }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(i16)]
pub enum Level {
    /// -7.
    Low = -7,
    /// 0.
    Mid = 0,
    /// 300.
    High = 300,
}

/// `enum Wide : long long { MinusOne = -1, Big = LLONG_MAX }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(i64)]
pub enum Wide {
    /// -1.
    MinusOne = -1,
    /// `i64::MAX`.
    Big = i64::MAX,
}

/// `struct Tag { Mode mode; bool ok; Level level; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Tag {
    /// An enum byte.
    pub mode: Mode,
    /// A `bool` byte.
    pub ok: bool,
    /// A two-byte enum.
    pub level: Level,
}

/// `union Payload { unsigned Word; unsigned char Nibble : 4; Tag Tagged; }`, read through
/// `Tagged`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(union)]
pub enum Payload {
    /// A whole word.
    Word(u32),
    /// A bit-field member.
    #[ptx(bits = 4)]
    Nibble(u8),
    /// The member decoding reads.
    #[ptx(decode)]
    Tagged(Tag),
}

/// `union Raw { float f; unsigned u; int i; }`: any four bytes are each member.
#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
pub union Raw {
    /// As a float.
    pub f: f32,
    /// As an unsigned integer.
    pub u: u32,
    /// As a signed integer.
    pub i: i32,
}

impl Raw {
    /// The four bytes as an unsigned integer.
    pub fn bits(&self) -> u32 {
        // SAFETY: every member of `Raw` is a plain 4-byte number with no invalid bit pattern,
        // and every value of `Raw` has all four bytes initialized (each member covers them),
        // so reading `u` is reading those bytes as a `u32`.
        unsafe { self.u }
    }
}

impl PartialEq for Raw {
    fn eq(&self, other: &Raw) -> bool {
        self.bits() == other.bits()
    }
}

impl fmt::Debug for Raw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Raw {{ u: {:#010x} }}", self.bits())
    }
}

/// `struct Vecs { float3 f3; int2 i2; uchar4 c4; double2 d2; float* p; Raw raw; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Vecs {
    /// 12 bytes, aligned to 4.
    pub f3: Float3,
    /// Aligned to 8.
    pub i2: Int2,
    /// Aligned to 4.
    pub c4: UChar4,
    /// Aligned to 16.
    pub d2: Double2,
    /// A pointer.
    pub p: DevicePtr<f32>,
    /// A Rust union.
    pub raw: Raw,
}

/// `struct __align__(16) Aligned { double d; signed char c; }`: 7 bytes of tail padding and 8
/// more to the alignment.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 16)]
pub struct Aligned {
    /// 8 bytes.
    pub d: f64,
    /// 1 byte.
    pub c: i8,
}

/// `struct Nested { Bits grid[2][2]; bool flags[2][3]; Mode modes[3]; Payload payloads[2];
/// Wide w; signed char c; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Nested {
    /// A 2×2 array of bit-field structs.
    pub grid: [[Bits; 2]; 2],
    /// A 2×3 array of `bool`s.
    pub flags: [[bool; 3]; 2],
    /// An array of enums.
    pub modes: [Mode; 3],
    /// An array of unions.
    pub payloads: [Payload; 2],
    /// An 8-byte enum.
    pub w: Wide,
    /// A last byte, then tail padding.
    pub c: i8,
}

/// `struct All { Aligned a; Vecs v; Nested n; Payload p; bool z; }`: all of the above.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct All {
    /// Over-aligned.
    pub a: Aligned,
    /// Vectors, a pointer and a Rust union.
    pub v: Vecs,
    /// Arrays.
    pub n: Nested,
    /// A union.
    pub p: Payload,
    /// A `bool` byte, then tail padding.
    pub z: bool,
}

/// `extern "C" __global__ void k(bool, signed char, short, int, long long, float, double,
/// float*, float3, Aligned, Payload, Mode, Bits)`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k")]
pub struct KArgs {
    /// `.u8`.
    pub b: bool,
    /// `.u8`.
    pub a: i8,
    /// `.u16`.
    pub s: i16,
    /// `.u32`.
    pub i: i32,
    /// `.u64`.
    pub l: i64,
    /// `.f32`.
    pub f: f32,
    /// `.f64`.
    pub d: f64,
    /// `.u64`.
    pub p: DevicePtr<f32>,
    /// `.align 4 .b8 [12]`.
    pub v: Float3,
    /// `.align 16 .b8 [16]`.
    pub agg: Aligned,
    /// `.align 2 .b8 [4]`.
    pub payload: Payload,
    /// `.u8`.
    pub m: Mode,
    /// `.align 8 .b8 [24]`.
    pub bits: Bits,
}

/// `extern "C" __global__ void step_all(All*, All, Nested)`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "step_all")]
pub struct StepArgs {
    /// `.u64`.
    pub out: DevicePtr<All>,
    /// A large aggregate.
    pub all: All,
    /// Arrays of aggregates.
    pub nested: Nested,
}

/// `ns::scale(float*, const float*, unsigned, Tag)`: a C++ kernel, checked by its mangled
/// name.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "ns::scale", abi = "c++")]
pub struct ScaleArgs {
    /// `float*`.
    pub out: DevicePtr<f32>,
    /// `const float*`.
    pub input: ptx_abi::DeviceConstPtr<f32>,
    /// `unsigned`.
    pub n: u32,
    /// A struct by value.
    pub tag: Tag,
}

/// A value of every type of the `decode` target, in its order (see [`DECODED`]), for seeds
/// and tests.
pub struct Samples {
    /// Values of [`Bits`].
    pub bits: Vec<Bits>,
    /// Values of [`Mode`].
    pub modes: Vec<Mode>,
    /// Values of [`Level`].
    pub levels: Vec<Level>,
    /// Values of [`Wide`].
    pub wides: Vec<Wide>,
    /// Values of [`Tag`].
    pub tags: Vec<Tag>,
    /// Values of [`Payload`].
    pub payloads: Vec<Payload>,
    /// Values of [`Raw`].
    pub raws: Vec<Raw>,
    /// Values of [`Vecs`].
    pub vecs: Vec<Vecs>,
    /// Values of [`Aligned`].
    pub aligned: Vec<Aligned>,
    /// Values of [`Nested`].
    pub nested: Vec<Nested>,
    /// Values of [`All`].
    pub all: Vec<All>,
}

/// The names of the types the `decode` target decodes, in the order its first input byte
/// chooses them.
pub const DECODED: [&str; 11] = [
    "Bits", "Mode", "Level", "Wide", "Tag", "Payload", "Raw", "Vecs", "Aligned", "Nested", "All",
];

/// Two values of each type: one with every field at an extreme, one ordinary.
pub fn samples() -> Samples {
    let bits = vec![
        Bits {
            s5: -16,
            u11: 2047,
            b: true,
            pad: Pad::new(),
            s13: -4096,
            flag: true,
            s63: i64::MIN / 2,
            u1: 1,
            c7: -64,
        },
        Bits {
            s5: 3,
            u11: 100,
            b: false,
            pad: Pad::new(),
            s13: 77,
            flag: false,
            s63: -5,
            u1: 0,
            c7: 63,
        },
    ];
    let tags = vec![
        Tag {
            mode: Mode::Auto,
            ok: true,
            level: Level::Low,
        },
        Tag {
            mode: Mode::On,
            ok: false,
            level: Level::High,
        },
    ];
    let payloads = vec![Payload::Tagged(tags[0]), Payload::Tagged(tags[1])];
    let raws = vec![Raw { f: -0.0 }, Raw { u: 0x7fc0_0001 }];
    let vecs = vec![
        Vecs {
            f3: Float3::from([1.0, -2.5, f32::INFINITY]),
            i2: Int2::from([i32::MIN, i32::MAX]),
            c4: UChar4::from([0, 1, 128, 255]),
            d2: Double2::from([f64::MIN_POSITIVE, -1e300]),
            p: DevicePtr::from_raw(0xffff_ffff_ffff_fff0),
            raw: raws[0],
        },
        Vecs {
            f3: Float3::from([0.5, 0.25, 0.125]),
            i2: Int2::from([7, -7]),
            c4: UChar4::from([9, 8, 7, 6]),
            d2: Double2::from([3.5, 0.0]),
            p: DevicePtr::from_raw(0x1000),
            raw: raws[1],
        },
    ];
    let aligned = vec![Aligned { d: -1.5, c: -128 }, Aligned { d: 2.0, c: 5 }];
    let nested = vec![
        Nested {
            grid: [[bits[0], bits[1]], [bits[1], bits[0]]],
            flags: [[true, false, true], [false, true, false]],
            modes: [Mode::Off, Mode::On, Mode::Auto],
            payloads: [payloads[0], payloads[1]],
            w: Wide::Big,
            c: -1,
        },
        Nested {
            grid: [[bits[1]; 2]; 2],
            flags: [[false; 3]; 2],
            modes: [Mode::Auto; 3],
            payloads: [payloads[1]; 2],
            w: Wide::MinusOne,
            c: 42,
        },
    ];
    let all = vec![
        All {
            a: aligned[0],
            v: vecs[0],
            n: nested[0],
            p: payloads[1],
            z: true,
        },
        All {
            a: aligned[1],
            v: vecs[1],
            n: nested[1],
            p: payloads[0],
            z: false,
        },
    ];
    Samples {
        bits,
        modes: vec![Mode::Off, Mode::Auto],
        levels: vec![Level::Low, Level::High],
        wides: vec![Wide::MinusOne, Wide::Big],
        tags,
        payloads,
        raws,
        vecs,
        aligned,
        nested,
        all,
    }
}
