//! Hand-written corpus entries: the figures and the rules table of `docs/nvidia-notes.md`,
//! written as generator cases so they go through the same probe, data and derive check as the
//! generated ones. `char` in the notes is `signed char`; members are named positionally (`m0`,
//! `m1`, …) like generated ones, and `long1` is spelled `longlong1` (the same 8-byte vector).
//!
//! Each entry also carries what the notes say NVRTC answers (size, alignment, image where it
//! gives one); the corpus command refuses to write a corpus in which NVRTC disagrees.
//!
//! They live in the library (not in the `ptx-abi-corpus` binary) because `oracle-tests`'s build
//! script regenerates every recorded case, these included, to check the data against the
//! generator and to render the Rust of the derive sample.

use crate::gen::{Aggregate, Case, Kind, Member, Scalar, Ty, Value};

/// One named entry: its key, the case, and the notes' `(size, align, image)`.
pub struct Named {
    pub key: &'static str,
    pub case: Case,
    pub size: u64,
    pub align: u64,
    pub image: Option<Vec<u8>>,
    /// `(member index, offset)` pairs the notes state.
    pub offsets: Vec<(usize, u64)>,
}

fn f(k: usize, ty: Ty) -> Member {
    Member::Field {
        name: format!("m{k}"),
        ty,
    }
}

fn sc(s: Scalar) -> Ty {
    Ty::Scalar(s)
}

fn bf(k: usize, ty: Scalar, width: u32) -> Member {
    Member::BitField {
        name: format!("m{k}"),
        ty,
        width,
    }
}

fn un(ty: Scalar, width: u32) -> Member {
    Member::Unnamed { ty, width }
}

fn int(v: i128) -> Value {
    Value::Int(v)
}

fn uint(v: u128) -> Value {
    Value::UInt(v)
}

struct Entry {
    key: &'static str,
    ty: &'static str,
    kind: Kind,
    align: Option<u32>,
    members: Vec<Member>,
    value: Value,
    size: u64,
    alignment: u64,
    image: Option<Vec<u8>>,
    offsets: Vec<(usize, u64)>,
}

fn structure(
    key: &'static str,
    ty: &'static str,
    members: Vec<Member>,
    values: Vec<Value>,
) -> Entry {
    Entry {
        key,
        ty,
        kind: Kind::Struct,
        align: None,
        members,
        value: Value::Struct(values),
        size: 0,
        alignment: 0,
        image: None,
        offsets: Vec::new(),
    }
}

impl Entry {
    fn layout(self, size: u64, alignment: u64) -> Entry {
        Entry {
            size,
            alignment,
            ..self
        }
    }
    fn image(self, image: &[u8]) -> Entry {
        Entry {
            image: Some(image.to_vec()),
            ..self
        }
    }
    fn offsets(self, offsets: &[(usize, u64)]) -> Entry {
        Entry {
            offsets: offsets.to_vec(),
            ..self
        }
    }
}

/// A union initialised through its ordinary member `member`.
fn union(
    key: &'static str,
    ty: &'static str,
    members: Vec<Member>,
    member: usize,
    value: Value,
) -> Entry {
    Entry {
        key,
        ty,
        kind: Kind::Union,
        align: None,
        members,
        value: Value::Union {
            member,
            value: Box::new(value),
        },
        size: 0,
        alignment: 0,
        image: None,
        offsets: Vec::new(),
    }
}

/// Ids of named entries (their probe symbols are `ptxabi_*_{id}`): far from generated ids.
pub const FIRST_ID: u32 = 900_000;

/// Every hand-written entry, in corpus order.
pub fn cases() -> Vec<Named> {
    use Scalar::*;
    let u = Value::Unnamed;
    let vec = |elem: Scalar, lanes: u8| Ty::Vector { elem, lanes };
    let lanes = |v: Vec<Value>| Value::Vector(v);
    let float = Value::Float;
    let entries = vec![
        // Fig. 2: struct { int j:5; int k:6; int m:7; }
        structure(
            "fig2_allocation",
            "Fig2Allocation",
            vec![bf(0, I32, 5), bf(1, I32, 6), bf(2, I32, 7)],
            vec![int(-7), int(21), int(-33)],
        )
        .layout(4, 4)
        .image(&[185, 250, 2, 0]),
        // Fig. 3: struct { short s:9; int j:9; char c; short t:9; short u:9; char d; }
        structure(
            "fig3_boundary_alignment",
            "Fig3BoundaryAlignment",
            vec![
                bf(0, I16, 9),
                bf(1, I32, 9),
                f(2, sc(I8)),
                bf(3, I16, 9),
                bf(4, I16, 9),
                f(5, sc(I8)),
            ],
            vec![int(-200), int(200), int(-5), int(-1), int(77), int(100)],
        )
        .layout(12, 4)
        .image(&[56, 145, 1, 251, 255, 1, 77, 0, 100, 0, 0, 0])
        .offsets(&[(2, 3), (5, 8)]),
        // Fig. 4: struct { char c; short s:8; }
        structure(
            "fig4_unit_sharing",
            "Fig4UnitSharing",
            vec![f(0, sc(I8)), bf(1, I16, 8)],
            vec![int(1), int(-2)],
        )
        .layout(2, 2)
        .image(&[1, 254]),
        // Fig. 5: union { char c; short s:8; }
        union(
            "fig5_union",
            "Fig5Union",
            vec![f(0, sc(I8)), bf(1, I16, 8)],
            0,
            int(90),
        )
        .layout(2, 2)
        .image(&[90, 0]),
        // Fig. 6: struct { char c; int :0; char d; short :9; char e; char :0; }
        structure(
            "fig6_unnamed",
            "Fig6Unnamed",
            vec![
                f(0, sc(I8)),
                un(I32, 0),
                f(2, sc(I8)),
                un(I16, 9),
                f(4, sc(I8)),
                un(I8, 0),
            ],
            vec![int(1), u.clone(), int(2), u.clone(), int(3), u.clone()],
        )
        .layout(9, 1)
        .image(&[1, 0, 0, 0, 2, 0, 0, 0, 3])
        .offsets(&[(0, 0), (2, 4), (4, 8)]),
        // struct { char c; long long x:3; }
        structure(
            "rule_named_bit_field_raises_alignment",
            "RuleNamedBitFieldRaisesAlignment",
            vec![f(0, sc(I8)), bf(1, I64, 3)],
            vec![int(5), int(-1)],
        )
        .layout(8, 8)
        .image(&[5, 7, 0, 0, 0, 0, 0, 0]),
        // struct { char c; long long :3; }
        structure(
            "rule_unnamed_bit_field_does_not",
            "RuleUnnamedBitFieldDoesNot",
            vec![f(0, sc(I8)), un(I64, 3)],
            vec![int(-7), u.clone()],
        )
        .layout(2, 1)
        .image(&[249, 0]),
        // struct { char c; long long :0; char d; }
        structure(
            "rule_zero_width_wider_than_struct",
            "RuleZeroWidthWiderThanStruct",
            vec![f(0, sc(I8)), un(I64, 0), f(2, sc(I8))],
            vec![int(1), u.clone(), int(2)],
        )
        .layout(9, 1)
        .image(&[1, 0, 0, 0, 0, 0, 0, 0, 2])
        .offsets(&[(2, 8)]),
        // union { int :20; char c; }
        union(
            "rule_unnamed_bit_field_in_union",
            "RuleUnnamedBitFieldInUnion",
            vec![un(I32, 20), f(1, sc(I8))],
            1,
            int(9),
        )
        .layout(3, 1)
        .image(&[9, 0, 0]),
        // struct { bool a:1; bool b:1; char c; bool d:1; }
        structure(
            "rule_bool_bit_fields",
            "RuleBoolBitFields",
            vec![bf(0, Bool, 1), bf(1, Bool, 1), f(2, sc(I8)), bf(3, Bool, 1)],
            vec![
                Value::Bool(true),
                Value::Bool(true),
                int(0),
                Value::Bool(true),
            ],
        )
        .layout(3, 1)
        .image(&[3, 0, 1]),
        // struct { unsigned char a:7; unsigned char b:2; }
        structure(
            "rule_just_overflowing_a_byte",
            "RuleJustOverflowingAByte",
            vec![bf(0, U8, 7), bf(1, U8, 2)],
            vec![uint(127), uint(3)],
        )
        .layout(2, 1)
        .image(&[127, 3]),
        // struct { unsigned long long a:60; unsigned b:8; }
        structure(
            "rule_type_change_at_a_unit_edge",
            "RuleTypeChangeAtAUnitEdge",
            vec![bf(0, U64, 60), bf(1, U32, 8)],
            vec![uint((1 << 60) - 1), uint(0xA5)],
        )
        .layout(16, 8)
        .image(&[
            255, 255, 255, 255, 255, 255, 255, 15, 0xA5, 0, 0, 0, 0, 0, 0, 0,
        ]),
        // struct { char c; unsigned x:20; unsigned char d; }
        structure(
            "rule_sharing_with_an_ordinary_member",
            "RuleSharingWithAnOrdinaryMember",
            vec![f(0, sc(I8)), bf(1, U32, 20), f(2, sc(U8))],
            vec![int(1), uint(703710), uint(9)],
        )
        .layout(8, 4)
        .image(&[1, 222, 188, 10, 9, 0, 0, 0])
        .offsets(&[(2, 4)]),
        // struct { char c; char3 v3; float4 f; double2 d; short3 s; long1 l; }
        structure(
            "rule_vectors",
            "RuleVectors",
            vec![
                f(0, sc(I8)),
                f(1, vec(I8, 3)),
                f(2, vec(F32, 4)),
                f(3, vec(F64, 2)),
                f(4, vec(I16, 3)),
                f(5, vec(I64, 1)),
            ],
            vec![
                int(-1),
                lanes(vec![int(1), int(-2), int(3)]),
                lanes(vec![float(1.0), float(-2.5), float(0.125), float(-0.0)]),
                lanes(vec![float(1e300), float(-3.75)]),
                lanes(vec![int(-32768), int(32767), int(-1)]),
                lanes(vec![int(-(1 << 40))]),
            ],
        )
        .layout(64, 16)
        .offsets(&[(1, 1), (2, 16), (3, 32), (4, 48), (5, 56)]),
        // struct __align__(64) { char c; }
        Entry {
            align: Some(64),
            ..structure(
                "rule_over_alignment",
                "RuleOverAlignment",
                vec![f(0, sc(I8))],
                vec![int(42)],
            )
            .layout(64, 64)
        },
    ];
    entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| Named {
            key: e.key,
            case: Case {
                seed: 0,
                id: FIRST_ID + i as u32,
                aggregates: vec![Aggregate {
                    name: e.ty.to_string(),
                    kind: e.kind,
                    align: e.align,
                    init_member: match &e.value {
                        Value::Union { member, .. } => Some(*member),
                        _ => None,
                    },
                    members: e.members,
                }],
                enums: Vec::new(),
                value: e.value,
            },
            size: e.size,
            align: e.alignment,
            image: e.image,
            offsets: e.offsets,
        })
        .collect()
}
