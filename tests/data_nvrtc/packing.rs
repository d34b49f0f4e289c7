//! `#[ptx(pack = N)]` against NVRTC: C's `#pragma pack(N)` (issue 30). Each C declaration is
//! written by hand, in the idioms of headers that pack records (a binary capture format's
//! file and operation records, a packed descriptor union, a packed header inside an unpacked
//! launch argument). NVRTC answers, through `CTypeCheck` (sizes, alignments, offsets,
//! bit-field positions) and through the static_asserts of ptx-abi's own header for the types;
//! a check fails, naming the member, when the C side packs differently.

#![allow(dead_code)] // types that exist only to be compared with C

use crate::common;

use crate::c_types::verdict;
use ptx_abi::types::{Float3, Pad};
use ptx_abi::{cuda_header, PtxAbi};

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(pack = 1)]
struct CaptureFileHeader {
    magic: [u8; 4],
    version: u32,
    flags: u32,
    section_count: u32,
    section_table_offset: u64,
    device_kind: u8,
    reserved_kind: [u8; 3],
    target_arch: u32,
    reserved: [u32; 8],
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(u32)]
enum OpKind {
    Launch = 1,
    Copy = 2,
    Fill = 3,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(pack = 1)]
struct OpHeader {
    kind: OpKind,
    total_size: u32,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(pack = 1)]
struct LaunchRecord {
    header: OpHeader,
    shape: [i32; 4],
    ndim: i32,
    size: u64,
    is_forward: u8,
    block_dim: u16,
    param_count: u16,
    value_bytes: u64,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(pack = 2)]
struct Pack2 {
    tag: u8,
    scale: f64,
    origin: Float3,
    count: u32,
    last: u8,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(pack = 4)]
struct Pack4Bits {
    tag: u8,
    #[ptx(bits = 4)]
    lane: u32,
    #[ptx(bits = 20)]
    offset: u32,
    stamp: u64,
    flag: u8,
    gap: Pad<u32, 0>,
    last: u8,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 2, union)]
enum PackedWord {
    Bytes([u8; 3]),
    Word(u32),
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(pack = 1, align = 8)]
struct AlignedPacked {
    tag: u8,
    value: u32,
}

/// An unpacked struct holding a packed one: the packed member is aligned to 1.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct StepArgs {
    tag: u8,
    header: OpHeader,
    scale: f64,
}

const CAPTURE_CUH: &str = "
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#pragma pack(push, 1)
struct CaptureFileHeader {
    uint8_t magic[4];
    uint32_t version;
    uint32_t flags;
    uint32_t section_count;
    uint64_t section_table_offset;
    uint8_t device_kind;
    uint8_t reserved_kind[3];
    uint32_t target_arch;
    uint32_t reserved[8];
};
enum OpKind : uint32_t { OP_LAUNCH = 1, OP_COPY = 2, OP_FILL = 3 };
struct OpHeader {
    OpKind kind;
    uint32_t total_size;
};
struct LaunchRecord {
    OpHeader header;
    int32_t shape[4];
    int32_t ndim;
    uint64_t size;
    uint8_t is_forward;
    uint16_t block_dim;
    uint16_t param_count;
    uint64_t value_bytes;
};
#pragma pack(pop)

#pragma pack(push, 2)
struct Pack2 { unsigned char tag; double scale; float3 origin; unsigned int count; unsigned char last; };
union PackedWord { unsigned char bytes[3]; unsigned int word; };
#pragma pack(pop)

#pragma pack(push, 4)
struct Pack4Bits {
    unsigned char tag;
    unsigned int lane : 4;
    unsigned int offset : 20;
    unsigned long long stamp;
    unsigned char flag;
    unsigned int : 0;
    unsigned char last;
};
#pragma pack(pop)

#pragma pack(1)
struct __align__(8) AlignedPacked { unsigned char tag; unsigned int value; };
#pragma pack()

struct StepArgs { unsigned char tag; OpHeader header; double scale; };
";

#[test]
fn layouts_by_pack_are_known_before_nvrtc() {
    // The figures nvcc and NVRTC give (`sizeof`, `alignof`, `offsetof` asserted in the
    // faithful C above, checked by the tests below).
    assert_eq!((CaptureFileHeader::SIZE, CaptureFileHeader::ALIGN), (64, 1));
    assert_eq!((LaunchRecord::SIZE, LaunchRecord::ALIGN), (49, 1));
    assert_eq!((Pack2::SIZE, Pack2::ALIGN), (28, 2));
    assert_eq!((Pack4Bits::SIZE, Pack4Bits::ALIGN), (20, 4));
    assert_eq!((OpHeader::SIZE, OpHeader::ALIGN), (8, 1));
    assert_eq!((PackedWord::SIZE, PackedWord::ALIGN), (4, 2));
    assert_eq!((AlignedPacked::SIZE, AlignedPacked::ALIGN), (8, 8));
    assert_eq!((StepArgs::SIZE, StepArgs::ALIGN), (24, 8));
}

#[test]
fn faithful_packed_headers_match() {
    macro_rules! each {
        ($($t:ty),*) => {$(
            if let Some(v) = verdict::<$t>(CAPTURE_CUH, stringify!($t), &[]) {
                v.unwrap_or_else(|e| panic!("{}: {e}", stringify!($t)));
            }
        )*};
    }
    each!(
        CaptureFileHeader,
        OpHeader,
        LaunchRecord,
        Pack2,
        Pack4Bits,
        AlignedPacked,
        StepArgs
    );
    let map = [("Bytes", "bytes"), ("Word", "word")];
    if let Some(v) = verdict::<PackedWord>(CAPTURE_CUH, "PackedWord", &map) {
        v.unwrap();
    }
}

#[test]
fn a_different_packing_in_c_is_named_by_member() {
    let wider = CAPTURE_CUH.replace("#pragma pack(push, 2)", "#pragma pack(push, 4)");
    let Some(Err(e)) = verdict::<Pack2>(&wider, "Pack2", &[]) else {
        if common::nvrtc().is_some() {
            panic!("NVRTC found no difference under pack(4)");
        }
        return;
    };
    let msg = e.to_string();
    assert!(
        msg.contains("`scale`: offset: C has byte 4, Rust has byte 2"),
        "{msg}"
    );
}

#[test]
fn an_unpacked_c_struct_is_not_a_packed_rust_one() {
    let unpacked = CAPTURE_CUH
        .replace("#pragma pack(1)\n", "")
        .replace("#pragma pack()\n", "");
    let Some(Err(e)) = verdict::<AlignedPacked>(&unpacked, "AlignedPacked", &[]) else {
        if common::nvrtc().is_some() {
            panic!("NVRTC found no difference without the packing");
        }
        return;
    };
    assert!(
        e.to_string()
            .contains("`value`: offset: C has byte 4, Rust has byte 1"),
        "{e}"
    );
}

#[test]
fn ptx_abis_header_for_packed_types_compiles_with_its_asserts() {
    let h = cuda_header(&[
        LaunchRecord::TYPE,
        CaptureFileHeader::TYPE,
        Pack2::TYPE,
        Pack4Bits::TYPE,
        PackedWord::TYPE,
        AlignedPacked::TYPE,
        StepArgs::TYPE,
    ])
    .unwrap();
    assert!(
        h.contains("#pragma pack(push, 1)\nstruct OpHeader {"),
        "{h}"
    );
    assert!(
        h.contains("#pragma pack(push, 2)\nunion PackedWord {"),
        "{h}"
    );
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(&nvrtc, &h);
}

#[test]
fn a_packed_image_puts_each_member_at_its_packed_offset() {
    let r = LaunchRecord {
        header: OpHeader {
            kind: OpKind::Copy,
            total_size: 0x0102_0304,
        },
        shape: [1, -2, 3, -4],
        ndim: 2,
        size: 0x1122_3344_5566_7788,
        is_forward: 1,
        block_dim: 256,
        param_count: 3,
        value_bytes: 0xA0B0_C0D0_E0F0_0102,
    };
    let mut image = vec![0u8; LaunchRecord::SIZE];
    r.encode(&mut image).unwrap();
    let mut expected = Vec::new();
    expected.extend(2u32.to_le_bytes());
    expected.extend(0x0102_0304u32.to_le_bytes());
    for s in [1i32, -2, 3, -4, 2] {
        expected.extend(s.to_le_bytes());
    }
    expected.extend(0x1122_3344_5566_7788u64.to_le_bytes());
    expected.push(1);
    expected.extend(256u16.to_le_bytes());
    expected.extend(3u16.to_le_bytes());
    expected.extend(0xA0B0_C0D0_E0F0_0102u64.to_le_bytes());
    assert_eq!(image, expected);
    assert_eq!(LaunchRecord::decode(&image).unwrap(), r);
}

/// A kernel taking a packed record and a struct with an aligned member by value: the `.param`
/// lines ptx-abi derives are NVRTC's (`.align 1 .b8 …[9]`, `.align 16 .b8 …[32]`).
#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 1)]
struct Wire {
    kind: u8,
    body_a: u32,
    body_b: u32,
}

#[derive(PtxAbi, Clone, Copy)]
struct Lane {
    tag: u8,
    #[ptx(align = 16)]
    v: [f32; 3],
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "wire_step")]
struct WireStepArgs {
    wire: Wire,
    lane: Lane,
    n: u32,
}

#[test]
fn kernel_parameters_of_packed_and_aligned_types_are_nvrtcs() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(
        &nvrtc,
        "#pragma pack(push, 1)\n\
         struct Wire { unsigned char kind; unsigned int body_a; unsigned int body_b; };\n\
         #pragma pack(pop)\n\
         struct Lane { unsigned char tag; float v[3] __attribute__((aligned(16))); };\n\
         extern \"C\" __global__ void wire_step(Wire wire, Lane lane, unsigned n) {}\n",
    );
    assert!(
        ptx.contains(".param .align 1 .b8 wire_step_param_0[9]")
            && ptx.contains(".param .align 16 .b8 wire_step_param_1[32]"),
        "{ptx}"
    );
    ptx_abi::check_entry::<WireStepArgs>(&ptx).unwrap_or_else(|e| panic!("{e}"));
    // A kernel whose record is not packed in C is told apart.
    let unpacked = common::compile(
        &nvrtc,
        "struct Wire { unsigned char kind; unsigned int body_a; unsigned int body_b; };\n\
         struct Lane { unsigned char tag; float v[3] __attribute__((aligned(16))); };\n\
         extern \"C\" __global__ void wire_step(Wire wire, Lane lane, unsigned n) {}\n",
    );
    assert!(ptx_abi::check_entry::<WireStepArgs>(&unpacked).is_err());
}
