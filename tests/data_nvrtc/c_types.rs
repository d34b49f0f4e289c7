//! Issue 13: checking Rust types against the user's own C types and ptx-abi's headers, with
//! NVRTC's answers. Every C declaration here is written by hand (or copied from cuda-samples);
//! each check passes on the faithful declaration and fails, naming the member, on a tampered
//! one: a moved member, a swapped pair of equal-size fields, a bit-field one bit short, a
//! signedness flip, two swapped bit-fields of equal width, a duplicate C name.

#![allow(dead_code)] // types that exist only to be compared with C

use crate::common;

use ptx_abi::types::Float3;
use ptx_abi::{cuda_header, CTypeCheck, HeaderError, PtxAbi};

/// `report::nvrtc::CHECK_OPTIONS`, spelled out so these tests do not need the `nvrtc` feature.
pub(crate) const OPTIONS: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++20",
    "-default-device",
    "-device-int128",
];

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Particle {
    position: Float3,
    velocity_x: f32,
    velocity_y: f32,
    mass: f32,
    #[ptx(bits = 3)]
    kind: u32,
    #[ptx(bits = 5)]
    charge: i32,
    #[ptx(bits = 1)]
    alive: bool,
    id: u64,
}

const PARTICLE_CUH: &str = "
struct Particle {
    float3 position;
    float velocity_x;
    float velocity_y;
    float mass;
    unsigned int kind : 3;
    int charge : 5;
    bool alive : 1;
    unsigned long long id;
};
";

/// NVRTC's verdict on `header` as the C side of `T`, or `None` when NVRTC is missing.
pub(crate) fn verdict<T: PtxAbi>(
    header: &str,
    c_type: &str,
    map: &[(&str, &str)],
) -> Option<Result<(), ptx_abi::report::c_check::CTypeMismatch>> {
    let nvrtc = common::nvrtc()?;
    let check = CTypeCheck::new(T::TYPE, c_type, map).unwrap();
    let src = format!("{header}\n{}", check.source());
    let ptx = nvrtc
        .compile(&src, OPTIONS)
        .unwrap_or_else(|e| panic!("NVRTC rejected:\n{src}\n{}", e.log));
    Some(check.compare(&ptx))
}

fn mismatch_text<T: PtxAbi>(header: &str, c_type: &str, map: &[(&str, &str)]) -> Option<String> {
    match verdict::<T>(header, c_type, map)? {
        Ok(()) => panic!("NVRTC found no difference in:\n{header}"),
        Err(e) => Some(e.to_string()),
    }
}

#[test]
fn faithful_header_matches() {
    if let Some(v) = verdict::<Particle>(PARTICLE_CUH, "Particle", &[]) {
        v.unwrap();
    }
}

#[test]
fn tampered_header_moved_member_is_named() {
    let tampered = PARTICLE_CUH.replace("    float mass;\n", "").replace(
        "    unsigned long long id;",
        "    unsigned long long id;\n    float mass;",
    );
    let Some(msg) = mismatch_text::<Particle>(&tampered, "Particle", &[]) else {
        return;
    };
    assert!(
        msg.contains("`mass`: offset: C has byte 32, Rust has byte 20"),
        "{msg}"
    );
}

#[test]
fn swapped_pair_of_equal_size_fields_is_caught() {
    let swapped = PARTICLE_CUH.replace(
        "    float velocity_x;\n    float velocity_y;",
        "    float velocity_y;\n    float velocity_x;",
    );
    let Some(msg) = mismatch_text::<Particle>(&swapped, "Particle", &[]) else {
        return;
    };
    assert!(
        msg.contains("`velocity_x`: offset: C has byte 16, Rust has byte 12"),
        "{msg}"
    );
    assert!(
        msg.contains("`velocity_y`: offset: C has byte 12, Rust has byte 16"),
        "{msg}"
    );
}

#[test]
fn bit_field_one_bit_short_is_caught() {
    let short = PARTICLE_CUH.replace("kind : 3;", "kind : 2;");
    let Some(msg) = mismatch_text::<Particle>(&short, "Particle", &[]) else {
        return;
    };
    assert!(
        msg.contains("`kind`: width: C has 2 bits wide, Rust has 3 bits wide"),
        "{msg}"
    );
    // `charge` now starts one bit earlier.
    assert!(
        msg.contains("`charge`: offset: C has bits 194..199"),
        "{msg}"
    );
}

#[test]
fn signedness_flip_is_caught() {
    let flipped = PARTICLE_CUH.replace("unsigned int kind : 3;", "int kind : 3;");
    let Some(msg) = mismatch_text::<Particle>(&flipped, "Particle", &[]) else {
        return;
    };
    assert!(
        msg.contains("`kind`: signedness: C has signed, Rust has unsigned"),
        "{msg}"
    );
    assert!(
        msg.contains(
            "`kind`: declared type: C has a type other than `unsigned int`, Rust has `unsigned \
             int`"
        ),
        "{msg}"
    );
}

#[test]
fn swapped_bit_fields_of_equal_width_are_caught_by_position() {
    #[derive(PtxAbi, Clone, Copy)]
    struct Flags {
        #[ptx(bits = 4)]
        low: u32,
        #[ptx(bits = 4)]
        high: u32,
    }
    let ok = "struct Flags { unsigned low : 4; unsigned high : 4; };";
    if let Some(v) = verdict::<Flags>(ok, "Flags", &[]) {
        v.unwrap();
    }
    let swapped = "struct Flags { unsigned high : 4; unsigned low : 4; };";
    let Some(msg) = mismatch_text::<Flags>(swapped, "Flags", &[]) else {
        return;
    };
    assert!(
        msg.contains("`low`: offset: C has bits 4..8 (byte 0, bit 4), Rust has bits 0..4"),
        "{msg}"
    );
}

#[test]
fn member_size_and_kind_are_checked() {
    #[derive(PtxAbi, Clone, Copy)]
    struct Tail {
        a: u32,
        b: f32,
    }
    let Some(msg) = mismatch_text::<Tail>("struct Tail { unsigned a; int b; };", "Tail", &[])
    else {
        return;
    };
    assert!(
        msg.contains("`b`: kind: C has a signed integer, Rust has floating-point"),
        "{msg}"
    );
}

// cuda-samples `Samples/5_Domain_Specific/dxtc/dxtc.cu` (BSD-3-Clause), verbatim: anonymous
// struct members in a union, an anonymous union member, bit-fields, a member function.
const DXTC: &str = "
union Color32 {
  struct {
    unsigned char b, g, r, a;
  };
  unsigned int u;
};

union Color16 {
  struct {
    unsigned short b : 5;
    unsigned short g : 6;
    unsigned short r : 5;
  };
  unsigned short u;
};

struct BlockDXT1 {
  Color16 col0;
  Color16 col1;
  union {
    unsigned char row[4];
    unsigned int indices;
  };

  void decompress(Color32 colors[16]) const;
};
";

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Bgr565 {
    #[ptx(bits = 5)]
    b: u16,
    #[ptx(bits = 6)]
    g: u16,
    #[ptx(bits = 5)]
    r: u16,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(union)]
enum Color16 {
    Bits(Bgr565),
    #[ptx(c_name = "u")]
    U(u16),
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(union)]
enum RowOrIndices {
    #[ptx(c_name = "row")]
    Row([u8; 4]),
    #[ptx(c_name = "indices")]
    Indices(u32),
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct BlockDXT1 {
    col0: Color16,
    col1: Color16,
    rows: RowOrIndices,
}

/// The anonymous members: `Bits` (in both colors) and `rows` have no name in C.
const DXTC_MAP: &[(&str, &str)] = &[("Bits", ""), ("rows", "")];

#[test]
fn dxtc_block_with_anonymous_members_matches() {
    if let Some(v) = verdict::<BlockDXT1>(DXTC, "BlockDXT1", DXTC_MAP) {
        v.unwrap();
    }
}

#[test]
fn dxtc_block_with_green_one_bit_short_is_caught() {
    let short = DXTC.replace("unsigned short g : 6;", "unsigned short g : 5;");
    let Some(msg) = mismatch_text::<BlockDXT1>(&short, "BlockDXT1", DXTC_MAP) else {
        return;
    };
    assert!(
        msg.contains("`col0.Bits.g`: width: C has 5 bits wide, Rust has 6 bits wide"),
        "{msg}"
    );
    assert!(
        msg.contains(
            "`col1.Bits.r`: offset: C has bits 26..31 (byte 3, bit 2), Rust has bits 27..32"
        ),
        "{msg}"
    );
}

#[test]
fn check_source_names_anonymous_members_directly() {
    let check = CTypeCheck::new(BlockDXT1::TYPE, "BlockDXT1", DXTC_MAP).unwrap();
    let src = check.source();
    assert!(
        src.contains("PTX_ABI_OFFSETOF(BlockDXT1, indices)"),
        "{src}"
    );
    // `col1.g`, not `col1.Bits.g`: the probes of the bit-field in the anonymous struct.
    assert!(src.contains(", col1.g, BlockDXT1)\n"), "{src}");
    assert!(!src.contains("rows"), "{src}");
}

// ---- Names -------------------------------------------------------------------------------

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Pair<A: PtxAbi, B: PtxAbi> {
    a: A,
    b: B,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Buf<const N: usize> {
    data: [u8; N],
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Holder {
    fi: Pair<f32, i32>,
    if_: Pair<i32, f32>,
    nested: Pair<Pair<f32, i32>, [u16; 3]>,
    buf: Buf<16>,
}

#[test]
fn generic_instantiations_get_distinct_predictable_c_names() {
    assert_eq!(<Pair<f32, i32>>::TYPE.name, "Pair_float_int");
    assert_eq!(<Pair<i32, f32>>::TYPE.name, "Pair_int_float");
    assert_eq!(
        <Pair<Pair<f32, i32>, [u16; 3]>>::TYPE.name,
        "Pair_Pair_float_int_unsigned_short_3"
    );
    assert_eq!(
        <Pair<u64, Float3>>::TYPE.name,
        "Pair_unsigned_long_long_float3"
    );
    assert_eq!(<Buf<16>>::TYPE.name, "Buf_16");
}

#[test]
fn header_with_two_instantiations_declares_both_and_nvrtc_agrees() {
    let h = cuda_header(&[Holder::TYPE]).unwrap();
    for decl in [
        "struct Pair_float_int {",
        "struct Pair_int_float {",
        "    Pair_float_int a;",
        "struct Buf_16 {",
    ] {
        assert!(h.contains(decl), "{decl} missing:\n{h}");
    }
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(&nvrtc, &h);
}

mod one {
    #[derive(ptx_abi::PtxAbi, Clone, Copy)]
    pub struct Vec2 {
        pub x: f32,
        pub y: f32,
    }
}

mod two {
    #[derive(ptx_abi::PtxAbi, Clone, Copy)]
    pub struct Vec2 {
        pub y: f32,
        pub x: f32,
    }

    #[derive(ptx_abi::PtxAbi, Clone, Copy)]
    #[ptx(c_name = "Vec2YX")]
    pub struct Renamed {
        pub y: f32,
        pub x: f32,
    }
}

#[derive(PtxAbi, Clone, Copy)]
struct Both {
    a: one::Vec2,
    b: two::Vec2,
}

#[derive(PtxAbi, Clone, Copy)]
struct BothRenamed {
    a: one::Vec2,
    b: two::Renamed,
}

#[test]
fn duplicate_c_name_is_an_error_naming_both() {
    let err = cuda_header(&[Both::TYPE]).unwrap_err();
    assert!(matches!(err, HeaderError::NameClash { name: "Vec2", .. }));
    let msg = err.to_string();
    assert!(msg.contains("struct Vec2 { float x; float y; };"), "{msg}");
    assert!(msg.contains("struct Vec2 { float y; float x; };"), "{msg}");
    assert!(msg.contains("#[ptx(c_name = \"…\")]"), "{msg}");
    // Also between roots, not only inside one type.
    assert!(cuda_header(&[one::Vec2::TYPE, two::Vec2::TYPE]).is_err());
    // The same type reached twice is not a clash.
    cuda_header(&[one::Vec2::TYPE, Both::TYPE.members()[0].ty]).unwrap();
}

#[test]
fn c_name_resolves_the_clash_and_nvrtc_compiles_the_header() {
    let h = cuda_header(&[BothRenamed::TYPE]).unwrap();
    assert!(h.contains("struct Vec2YX {"), "{h}");
    assert!(h.contains("    Vec2YX b;"), "{h}");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(&nvrtc, &h);
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(c_name = "token_t")]
struct Token {
    #[ptx(c_name = "type")]
    ty: u32,
    #[ptx(bits = 4, c_name = "class_")]
    class: u8,
}

#[test]
fn member_c_names_are_used_in_headers_and_checks() {
    let h = cuda_header(&[Token::TYPE]).unwrap();
    assert!(
        h.contains("struct token_t {\n    unsigned int type;"),
        "{h}"
    );
    assert!(h.contains("    unsigned char class_ : 4;"), "{h}");
    if let Some(v) = verdict::<Token>(
        "struct token_t { unsigned int type; unsigned char class_ : 4; };",
        "token_t",
        &[],
    ) {
        v.unwrap();
    }
}

// ---- Bit-field checks in every generated header -------------------------------------------

#[derive(PtxAbi, Clone, Copy)]
struct Packed {
    head: u16,
    #[ptx(bits = 3)]
    a: u32,
    #[ptx(bits = 7)]
    b: i32,
    tail: ptx_abi::Pad<u32, 2>,
    #[ptx(bits = 1)]
    c: bool,
    #[ptx(bits = 33)]
    d: i64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum PackedUnion {
    Word(u32),
    #[ptx(bits = 5)]
    Small(i8),
}

fn header_and_nvrtc() -> Option<(String, ptx_abi_nvtools::nvrtc::Nvrtc)> {
    let h = cuda_header(&[Packed::TYPE, PackedUnion::TYPE]).unwrap();
    Some((h, common::nvrtc()?))
}

#[test]
fn header_asserts_every_bit_field_and_nvrtc_evaluates_them() {
    let h = cuda_header(&[Packed::TYPE, PackedUnion::TYPE]).unwrap();
    // One line per bit-field: its declared type, width and signedness (the macro's
    // `static_assert`s, whose messages the next test reads from NVRTC).
    for line in [
        "\nPTX_ABI_CHECK_BITFIELD(Packed, a, unsigned int, 3, unsigned, Packed_",
        "\nPTX_ABI_CHECK_BITFIELD(Packed, b, int, 7, signed, Packed_",
        "\nPTX_ABI_CHECK_BITFIELD(Packed, c, bool, 1, unsigned, Packed_",
        "\nPTX_ABI_CHECK_BITFIELD(Packed, d, long long, 33, signed, Packed_",
        "\nPTX_ABI_CHECK_BITFIELD(PackedUnion, Small, signed char, 5, signed, PackedUnion_",
    ] {
        assert!(h.contains(line), "{line} missing:\n{h}");
    }
    let Some((h, nvrtc)) = header_and_nvrtc() else {
        return;
    };
    common::compile(&nvrtc, &h);
}

#[test]
fn header_asserts_fail_on_a_short_or_sign_flipped_bit_field() {
    let Some((h, nvrtc)) = header_and_nvrtc() else {
        return;
    };
    for (from, to, message) in [
        (
            "unsigned int a : 3;",
            "unsigned int a : 2;",
            "ptx-abi: Packed::a has width 3",
        ),
        (
            "int b : 7;",
            "unsigned int b : 7;",
            "ptx-abi: Packed::b is signed",
        ),
        (
            "bool c : 1;",
            "unsigned char c : 1;",
            "ptx-abi: Packed::c is declared bool",
        ),
        (
            "long long d : 33;",
            "long long d : 32;",
            "ptx-abi: Packed::d has width 33",
        ),
        (
            "signed char Small : 5;",
            "signed char Small : 4;",
            "ptx-abi: PackedUnion::Small has width 5",
        ),
    ] {
        let tampered = h.replace(from, to);
        assert_ne!(tampered, h, "{from} is in the header:\n{h}");
        let err = nvrtc.compile(&tampered, OPTIONS).unwrap_err();
        assert!(err.log.contains(message), "{message}:\n{}", err.log);
    }
}

#[test]
fn header_probes_show_nvrtc_puts_each_bit_field_where_ptx_abi_does() {
    let Some((h, nvrtc)) = header_and_nvrtc() else {
        return;
    };
    let ptx = common::compile(&nvrtc, &format!("#define PTX_ABI_BIT_PROBES\n{h}"));
    assert!(ptx.contains("ptx_abi_probe_Packed_"), "{ptx}");
    for ty in [Packed::TYPE, PackedUnion::TYPE] {
        let check = CTypeCheck::of_header(ty).unwrap();
        check.compare_bit_positions(&ptx).unwrap();
    }
    // A probe that NVRTC laid out elsewhere is reported with both positions.
    let moved = common::compile(
        &nvrtc,
        &format!("#define PTX_ABI_BIT_PROBES\n{h}").replace(
            "    unsigned int a : 3;\n    int b : 7;",
            "    int b : 7;\n    unsigned int a : 3;",
        ),
    );
    let err = CTypeCheck::of_header(Packed::TYPE)
        .unwrap()
        .compare_bit_positions(&moved)
        .unwrap_err()
        .to_string();
    assert!(err.contains("`a`: offset: C has bits 23..26"), "{err}");
    assert!(err.contains("`b`: offset: C has bits 16..23"), "{err}");
}

// ---- The one-line API (feature `nvrtc`) --------------------------------------------------

#[cfg(feature = "nvrtc")]
#[test]
fn nvrtc_feature_checks_a_header_in_one_call() {
    use ptx_abi::report::nvrtc::{MatchError, Nvrtc, NvrtcError};
    // The NVRTC of the release ptx-abi was built for (another one is refused: `cuda_version.rs`).
    let Some(oracle) = common::nvrtc() else {
        return;
    };
    let nvrtc = Nvrtc::load(oracle.path()).unwrap();
    nvrtc
        .check::<Particle>(PARTICLE_CUH, "Particle", &[])
        .unwrap();
    nvrtc
        .check::<BlockDXT1>(DXTC, "BlockDXT1", DXTC_MAP)
        .unwrap();
    let short = PARTICLE_CUH.replace("kind : 3;", "kind : 2;");
    match nvrtc.check::<Particle>(&short, "Particle", &[]) {
        Err(MatchError::Mismatch(m)) => {
            assert!(m.to_string().contains("`kind`: width"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    // A member the C type lacks: NVRTC's own words, with the hint to map names.
    match nvrtc.check::<BlockDXT1>(DXTC, "BlockDXT1", &[]) {
        Err(MatchError::Nvrtc(NvrtcError::Compile { log })) => {
            assert!(log.contains("rows"), "{log}")
        }
        other => panic!("{other:?}"),
    }
    let missing = Nvrtc::load(std::path::Path::new("/nonexistent/libnvrtc.so.12")).unwrap_err();
    assert!(
        missing.to_string().contains("/nonexistent/libnvrtc.so.12"),
        "{missing}"
    );
}

/// Issue 22: the `nvrtc` feature loads NVRTC 11.8 (`libnvrtc.so.11.2`), 12.9 and 13.5
/// (`libnvrtc.so.13`) and reads each one's release; it checks with an NVRTC of the major CUDA
/// release ptx-abi was built for (C++17 options before NVRTC 12), and refuses the others with
/// an error naming both releases.
#[cfg(feature = "nvrtc")]
#[test]
fn nvrtc_feature_loads_every_release_and_checks_with_its_own() {
    use ptx_abi::layout::cuda_version::CUDA_VERSION;
    use ptx_abi::report::nvrtc::{check_options, MatchError, Nvrtc, NvrtcError};
    use ptx_abi_nvtools::fetch::TOOLKITS;
    for release in TOOLKITS {
        let what = format!("ptx_abi::report::nvrtc with NVRTC {}", release.version);
        let Some(path) = release.locate_nvrtc() else {
            ptx_abi_oracle::require::skip(&what, "NVRTC not found (`cargo xtask nvrtc all`)");
            continue;
        };
        let nvrtc = Nvrtc::load(&path).unwrap();
        let version = nvrtc.version();
        let (major, minor) = release.major_minor;
        assert_eq!((version.major, version.minor), (major, minor), "{what}");
        if version.major != CUDA_VERSION.major {
            match nvrtc.check::<Particle>(PARTICLE_CUH, "Particle", &[]) {
                Err(MatchError::Nvrtc(e @ NvrtcError::Version { .. })) => {
                    let msg = e.to_string();
                    assert!(msg.contains(&format!("CUDA {version}")), "{what}: {msg}");
                    assert!(
                        msg.contains(&format!("CUDA {CUDA_VERSION}")),
                        "{what}: {msg}"
                    );
                }
                other => panic!("{what}: not refused: {other:?}"),
            }
            continue;
        }
        let cxx17 = version.major < 12;
        assert_eq!(check_options(version).contains(&"-std=c++17"), cxx17);
        nvrtc
            .check::<Particle>(PARTICLE_CUH, "Particle", &[])
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let short = PARTICLE_CUH.replace("kind : 3;", "kind : 2;");
        match nvrtc.check::<Particle>(&short, "Particle", &[]) {
            Err(MatchError::Mismatch(m)) => {
                assert!(m.to_string().contains("`kind`: width"), "{what}: {m}")
            }
            other => panic!("{what}: {other:?}"),
        }
        // Anonymous structs (a GNU extension): NVRTC 11.8 does not declare their members.
        match nvrtc.check::<BlockDXT1>(DXTC, "BlockDXT1", DXTC_MAP) {
            Ok(()) => assert!(!cxx17, "{what}: accepted anonymous structs"),
            Err(MatchError::Nvrtc(NvrtcError::Compile { log })) if cxx17 => {
                assert!(
                    log.contains("union \"Color16\" has no member \"b\""),
                    "{log}"
                );
                assert!(log.contains("checked with NVRTC 12.0 or later"), "{log}");
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

// ---- Kernels by runtime and mangled names ---------------------------------------------------

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "scale")]
struct ScaleArgs {
    out: ptx_abi::DevicePtr<f32>,
    n: u32,
}

#[test]
fn check_entry_by_mangled_name() {
    let Some(nvrtc) = common::nvrtc() else { return };
    // C++ linkage: NVRTC mangles the entry (Itanium ABI).
    let ptx = common::compile(
        &nvrtc,
        "__global__ void scale(float* out, unsigned n) { out[0] = n; }\n\
         __global__ void scale_wide(float* out, unsigned long long n) { out[0] = n; }",
    );
    assert!(ptx.contains(".entry _Z5scalePfj("), "{ptx}");
    ptx_abi::check_entry_named::<ScaleArgs>(&ptx, "_Z5scalePfj").unwrap();
    // The struct's own name is not in this PTX: C++ mangled it.
    assert!(ptx_abi::check_entry::<ScaleArgs>(&ptx).is_err());
    let err = ptx_abi::check_entry_named::<ScaleArgs>(&ptx, "_Z10scale_widePfy").unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("parameter 1 of `_Z10scale_widePfy`"), "{msg}");
}

#[test]
fn a_long_mangled_name_is_shown_once_then_shortened() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(
        &nvrtc,
        "namespace physics { namespace kernels {\n\
         __global__ void scale(float* out, unsigned long long n) { out[0] = n; }\n\
         } }",
    );
    let name = "_ZN7physics7kernels5scaleEPfy";
    assert!(ptx.contains(&format!(".entry {name}(")), "{ptx}");
    let msg = ptx_abi::check_entry_named::<ScaleArgs>(&ptx, name)
        .unwrap_err()
        .to_string();
    assert_eq!(msg.matches(name).count(), 1, "{msg}");
    assert!(
        msg.contains("parameter 1 of `_ZN7physics7kernels5scaleEPfy` (field `n`"),
        "{msg}"
    );
    assert!(
        msg.contains(
            "the PTX declares `.param .u64 _ZN7physics7kernels5scaleE…_param_1`, \
             the Rust field needs `.param .u32 _ZN7physics7kernels5scaleE…_param_1`"
        ),
        "{msg}"
    );
}
