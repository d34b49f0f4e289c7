//! Seeing layouts: the pahole-style report, bit diagrams and CUDA headers. Expectations for
//! the guide's figures are worked out by hand from the figures (`docs/nvidia-notes.md`); the header is
//! checked by NVRTC, which must accept it and must reject it once a number is wrong.

use crate::common;

use ptx_abi::report::{diagram, header, Hole};
use ptx_abi::types::Float4;
use ptx_abi::{cuda_header, AddressSize, DevicePtr, LayoutReport, Pad, PtxAbi};

// The guide's figures, shared with the examples (`examples/shared/guide_types.rs`).
use crate::guide_types::{Fig2, Fig3, Fig4, Fig5, Fig6};

fn hole(bit_offset: usize, bits: usize, tail: bool) -> Hole {
    Hole {
        bit_offset,
        bits,
        tail,
    }
}

/// A member row as (name, offset, size, bit range).
type Row<'a> = (&'a str, usize, usize, Option<(u32, u32)>);

#[test]
fn report_of_figure_3_lists_members_units_and_every_hole() {
    let r = LayoutReport::of::<Fig3>().unwrap();
    assert_eq!((r.size, r.align, r.kind), (12, 4, "struct"));
    let rows: Vec<Row> = r
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.offset, m.size, m.bits))
        .collect();
    assert_eq!(
        rows,
        [
            ("s", 0, 2, Some((0, 9))),
            ("j", 0, 4, Some((9, 9))),
            ("c", 3, 1, None),
            ("t", 4, 2, Some((0, 9))),
            ("u", 6, 2, Some((0, 9))),
            ("d", 8, 1, None),
        ]
    );
    // Bits 18..24 before c, 41..48 after t, 57..64 after u, then 3 bytes of tail padding.
    assert_eq!(
        r.holes,
        [
            hole(18, 6, false),
            hole(41, 7, false),
            hole(57, 7, false),
            hole(72, 24, true)
        ]
    );
    assert_eq!(r.wasted_bits(), 44);
    let units: Vec<(usize, usize, Vec<&str>)> = r
        .units
        .iter()
        .map(|u| {
            (
                u.offset,
                u.size,
                u.members.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    // One entry per storage unit (§1.3: a unit of the bit-field's declared type), with only
    // the bit-fields placed in it: figure 3's `short` at 0 holds s, its `int` at 0 holds j
    // (and c's byte, an ordinary member, which is not listed).
    assert_eq!(
        units,
        [
            (0, 2, vec!["s"]),
            (0, 4, vec!["j"]),
            (4, 2, vec!["t"]),
            (6, 2, vec!["u"]),
        ]
    );
    let text = r.to_string();
    assert!(
        text.contains("\t/* XXX 6 bits hole at offset 2 bit 2 */\n\tsigned char c;"),
        "{text}"
    );
    assert!(text.contains("/* padding: 3 bytes */"), "{text}");
    assert!(text.contains("/* wasted: 5 bytes 4 bits */"), "{text}");
    assert!(
        text.contains(
            "\t/* storage unit at 0 (2 bytes): s */\n\t/* storage unit at 0 (4 bytes): j */\n"
        ),
        "{text}"
    );
}

#[test]
fn report_of_a_union_has_only_tail_padding() {
    let r = LayoutReport::of::<Fig5>().unwrap();
    assert_eq!((r.kind, r.size), ("union", 2));
    assert_eq!(r.holes, [hole(8, 8, true)]);
    assert_eq!(r.suggestion, None);
}

#[test]
fn report_of_figure_6_shows_unnamed_bit_fields_as_c_writes_them() {
    let r = LayoutReport::of::<Fig6>().unwrap();
    let decls: Vec<&str> = r.members.iter().map(|m| m.declaration.as_str()).collect();
    assert_eq!(
        decls,
        [
            "signed char c;",
            "int : 0;",
            "signed char d;",
            "short : 9;",
            "signed char e;",
            "signed char : 0;"
        ]
    );
    assert!(r.units.is_empty(), "unnamed bit-fields hold no data");
}

#[test]
fn reordering_suggestion_keeps_bit_field_runs_together() {
    #[derive(PtxAbi, Clone, Copy)]
    struct Wasteful {
        a: u8,
        b: f64,
        #[ptx(bits = 3)]
        x: u8,
        #[ptx(bits = 6)]
        y: u8,
        d: u32,
    }
    let r = LayoutReport::of::<Wasteful>().unwrap();
    assert_eq!(r.size, 24);
    let (order, size) = r.suggestion.expect("a smaller order exists");
    assert_eq!(order, ["b", "d", "a", "x", "y"]);
    assert_eq!(size, 16);
    // The suggestion is honest: that order really has that size.
    #[derive(PtxAbi, Clone, Copy)]
    struct Reordered {
        b: f64,
        d: u32,
        a: u8,
        #[ptx(bits = 3)]
        x: u8,
        #[ptx(bits = 6)]
        y: u8,
    }
    assert_eq!(Reordered::SIZE, 16);
}

#[test]
fn diagram_of_figure_2() {
    let expected = r"
 3               2               1               0
+---------------------------+-------------+-----------+---------+
|            pad            |      m      |     k     |    j    |
+---------------------------+-------------+-----------+---------+
31                         18            11           5         0
";
    assert_eq!(
        diagram::text(Fig2::TYPE, AddressSize::A64).unwrap(),
        &expected[1..]
    );
}

#[test]
fn diagram_of_figure_4_and_figure_5() {
    let fig4 = r"
 1               0
+---------------+---------------+
|       s       |       c       |
+---------------+---------------+
15              8               0
";
    assert_eq!(
        diagram::text(Fig4::TYPE, AddressSize::A64).unwrap(),
        &fig4[1..]
    );
    let fig5 = r"
member C:
 1               0
+---------------+---------------+
|      pad      |       C       |
+---------------+---------------+
15              8               0
member S:
 1               0
+---------------+---------------+
|      pad      |       S       |
+---------------+---------------+
15              8               0
";
    assert_eq!(
        diagram::text(Fig5::TYPE, AddressSize::A64).unwrap(),
        &fig5[1..]
    );
}

#[test]
fn diagram_rows_of_figure_6_cover_every_bit() {
    let rows = diagram::rows(Fig6::TYPE, AddressSize::A64).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        (rows[2].byte, rows[2].bits),
        (8, 8),
        "a 9-byte struct ends in a 1-byte row"
    );
    for row in &rows {
        let mut at = 0;
        for s in &row.segments {
            assert_eq!(s.lo, at, "segments are contiguous");
            at = s.hi;
        }
        assert_eq!(at, row.bits);
    }
    let labels: Vec<&str> = rows[0]
        .segments
        .iter()
        .filter(|s| !s.padding)
        .map(|s| s.label.as_str())
        .collect();
    assert_eq!(labels, ["c"]);
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(u8)]
enum Mode {
    Off,
    On = 7,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 16)]
struct Particle {
    #[ptx(bits = 3)]
    kind: u32,
    #[ptx(bits = 5)]
    charge: i32,
    tag: u8,
    _brk: Pad<u16, 0>,
    _gap: Pad<u16, 7>,
    #[ptx(bits = 40)]
    addr: u64,
    pos: Float4,
    next: DevicePtr<Particle>,
    history: [[f32; 3]; 2],
    mode: Mode,
    int: u16,
}

#[derive(PtxAbi, Clone, Copy)]
struct Tuple(
    u8,
    Fig3,
    Fig5,
    ptx_abi::types::TexRef,
    DevicePtr<core::ffi::c_void>,
);

fn header_types() -> Vec<&'static ptx_abi::layout::desc::TypeDesc> {
    vec![
        Particle::TYPE,
        Tuple::TYPE,
        Fig2::TYPE,
        Fig4::TYPE,
        Fig6::TYPE,
    ]
}

#[test]
fn header_declares_dependencies_first_with_c_spellings() {
    let h = cuda_header(&header_types()).unwrap();
    let pos = |needle: &str| {
        h.find(needle)
            .unwrap_or_else(|| panic!("{needle} missing:\n{h}"))
    };
    assert!(pos("enum class Mode : unsigned char {") < pos("struct __align__(16) Particle {"));
    assert!(pos("struct Fig3 {") < pos("struct Tuple {"));
    for decl in [
        "    unsigned int kind : 3;",
        "    unsigned short : 0;",
        "    unsigned short : 7;",
        "    float history[2][3];",
        "    Particle* next;",
        "    unsigned short int_;",
        "    Off = 0,",
        "    On = 7,",
        "    unsigned char _0;",
        "    unsigned long long _3;",
        "    void* _4;",
        "union Fig5 {",
        "    short S : 8;",
        "static_assert(PTX_ABI_OFFSETOF(Particle, pos) == 16, \"ptx-abi: offsetof(Particle, pos)\");",
    ] {
        pos(decl);
    }
}

#[test]
fn nvrtc_compiles_the_header_and_its_asserts_hold() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let h = cuda_header(&header_types()).unwrap();
    let src = format!("{h}\nextern \"C\" __global__ void use(Particle p, Tuple t) {{}}\n");
    common::compile(&nvrtc, &src);
    // The asserts are real: a wrong number fails the build.
    let broken = src.replace("sizeof(Particle) == 80", "sizeof(Particle) == 81");
    assert_ne!(broken, src, "the header pins sizeof(Particle) == 80");
    let options = ["--gpu-architecture=compute_90", "-rdc=true", "-std=c++20"];
    let err = nvrtc.compile(&broken, &options).unwrap_err();
    assert!(err.log.contains("ptx-abi: sizeof(Particle)"), "{}", err.log);
}

#[test]
fn svg_is_well_formed_xml() {
    let svg = diagram::svg(&[Fig3::TYPE, Fig5::TYPE, Particle::TYPE], AddressSize::A64).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let rects = root.children().filter(|n| n.has_tag_name("rect")).count();
    assert!(rects > 20, "{rects} rects");
    let texts: Vec<&str> = root.descendants().filter_map(|n| n.text()).collect();
    assert!(
        texts.contains(&"Particle (80 bytes, align 16)"),
        "{texts:?}"
    );
    assert!(texts.contains(&"history"));
}

#[test]
fn write_header_for_build_rs() {
    let path = std::env::temp_dir().join(format!("ptx-abi-header-{}.cuh", std::process::id()));
    header::write_cuda_header(&path, &[Fig4::TYPE]).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert!(text.contains("static_assert(sizeof(Fig4) == 2"));
}

#[cfg(feature = "serde")]
#[test]
fn report_serializes_to_json() {
    let r = LayoutReport::of::<Fig4>().unwrap();
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["size"], 2);
    assert_eq!(json["members"][1]["name"], "s");
    assert_eq!(
        json["members"][1]["bits"],
        serde_json::json!([8, 8]),
        "s: bits 8..16 of its unit"
    );
}

/// C: `struct Big { unsigned char a; unsigned char big[1 << 30]; unsigned int c; }`, by §1.2:
/// `big` at bytes 1 to 2³⁰, `c` at 2³⁰ + 4, size 2³⁰ + 8. Described by hand (no image type
/// of a GiB is needed to draw it).
static BIG: ptx_abi::layout::desc::TypeDesc = ptx_abi::layout::desc::TypeDesc {
    name: "Big",
    kind: ptx_abi::layout::desc::TypeKind::Aggregate {
        kind: ptx_abi::layout::desc::AggregateKind::Struct,
        align: 0,
        pack: 0,
        members: &[
            ptx_abi::layout::desc::Member {
                name: "a",
                ty: <u8 as PtxAbi>::TYPE,
                bits: None,
                align: 0,
            },
            ptx_abi::layout::desc::Member {
                name: "big",
                ty: <[u8; 1 << 30] as PtxAbi>::TYPE,
                bits: None,
                align: 0,
            },
            ptx_abi::layout::desc::Member {
                name: "c",
                ty: <u32 as PtxAbi>::TYPE,
                bits: None,
                align: 0,
            },
        ],
    },
};

/// A diagram is as long as the type has members, not bytes: the 2²⁸ − 1 words that `big`
/// alone fills are one row (it took over 30 s and the SVG ~118 bytes per byte of the type).
#[test]
fn a_gib_array_is_one_row_of_the_diagram() {
    let rows = diagram::rows(&BIG, AddressSize::A64).unwrap();
    let shape: Vec<(usize, usize, usize)> =
        rows.iter().map(|r| (r.byte, r.bits, r.repeat)).collect();
    assert_eq!(
        shape,
        [
            (0, 32, 1),
            (4, 32, (1 << 28) - 1),
            (1 << 30, 32, 1),
            ((1 << 30) + 4, 32, 1)
        ]
    );
    assert_eq!(rows[1].last_byte(), (1 << 30) - 1);
    assert_eq!(rows[1].segments.len(), 1);
    assert_eq!(rows[1].segments[0].label, "big");
    let text = diagram::text(&BIG, AddressSize::A64).unwrap();
    assert!(
        text.contains("  ... big continues through byte 1073741823\n"),
        "{text}"
    );
    assert!(text.len() < 2_000, "{} bytes:\n{text}", text.len());
    let svg = diagram::svg(&[&BIG], AddressSize::A64).unwrap();
    assert!(svg.len() < 10_000, "{} bytes", svg.len());
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(
        texts.contains(&"… continues through byte 1073741823"),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"Big (1073741832 bytes, align 4)"),
        "{texts:?}"
    );
}

/// A union member of a GiB is drawn in two rows: its whole words, then the tail.
#[test]
fn a_gib_union_member_is_two_rows() {
    static U: ptx_abi::layout::desc::TypeDesc = ptx_abi::layout::desc::TypeDesc {
        name: "U",
        kind: ptx_abi::layout::desc::TypeKind::Aggregate {
            kind: ptx_abi::layout::desc::AggregateKind::Union,
            align: 0,
            pack: 0,
            members: &[
                ptx_abi::layout::desc::Member {
                    name: "big",
                    ty: <[u8; (1 << 30) + 1] as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
                ptx_abi::layout::desc::Member {
                    name: "w",
                    ty: <u32 as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
            ],
        },
    };
    // §1.2: size 2³⁰ + 1 rounded up to the alignment 4 of `w`.
    let rows = diagram::rows(&U, AddressSize::A64).unwrap();
    let shape: Vec<(Option<&str>, usize, usize)> = rows
        .iter()
        .map(|r| (r.member.as_deref(), r.byte, r.repeat))
        .collect();
    assert_eq!(
        shape,
        [
            (Some("big"), 0, 1 << 28),
            (Some("big"), 1 << 30, 1),
            (Some("w"), 0, 1),
            (Some("w"), 4, 1 << 28),
        ]
    );
}
