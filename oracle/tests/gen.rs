//! Tests of the random aggregate generator that need no NVRTC: determinism, variety of the
//! hard cases, and well-formedness of the model, the values and both emitted languages.

use std::collections::{BTreeMap, HashSet};

use ptx_abi_oracle::gen::model::member_name;
use ptx_abi_oracle::gen::sketch::{aggregate_layout, case_layouts, AggLayout};
use ptx_abi_oracle::gen::{
    cuda_defs, cuda_initializer, cuda_probe, generate, generate_with, rust_defs, rust_value,
    Aggregate, Case, Kind, Member, Options, Scalar, Ty, Value,
};

const SEED: u64 = 0x05ee_dab1_2026;
const N: u32 = 2000;

fn cases() -> impl Iterator<Item = Case> {
    (0..N).map(|id| generate(SEED, id))
}

fn texts(case: &Case) -> [String; 5] {
    [
        cuda_defs(case),
        cuda_probe(case),
        cuda_initializer(case),
        rust_defs(case),
        rust_value(case),
    ]
}

#[test]
fn deterministic() {
    for id in 0..300 {
        let a = generate(SEED, id);
        let b = generate(SEED, id);
        assert_eq!(a, b);
        assert_eq!(texts(&a), texts(&b));
    }
    // A different seed or id gives a different case (almost always).
    let differ = (0..200)
        .filter(|&id| texts(&generate(1, id))[0] != texts(&generate(2, id))[0])
        .count();
    assert!(differ > 190, "{differ}");
    let distinct: HashSet<String> = (0..200)
        .map(|id| rust_defs(&generate(SEED, id)).replace(&format!("T{SEED:x}_{id}_"), "T_"))
        .collect();
    assert!(distinct.len() > 190, "{}", distinct.len());
}

#[test]
fn options_are_honoured() {
    let opts = Options {
        enums: true,
        max_size: 256,
        max_depth: 1,
    };
    let mut enums = 0;
    for id in 0..500 {
        let case = generate_with(SEED, id, &opts);
        enums += case.enums.len();
        assert!(depth(&case, case.top_index()) <= 1);
        assert!(case_layouts(&case).last().unwrap().size <= 4 * 256);
        for e in &case.enums {
            assert!(e.repr.is_integer());
            let (lo, hi) = e.repr.int_range(e.repr.bits());
            assert!(e.variants.iter().all(|(_, d)| (lo..=hi).contains(d)));
        }
        syn::parse_file(&rust_defs(&case)).unwrap();
        syn::parse_str::<syn::Expr>(&rust_value(&case)).unwrap();
        check_value(&case, &Ty::Named(case.top_index()), &case.value);
    }
    assert!(enums > 20, "{enums}");
    assert!(cases().all(|c| c.enums.is_empty()));
}

// ---- the model --------------------------------------------------------------------------

fn visit_ty(ty: &Ty, f: &mut impl FnMut(&Ty)) {
    f(ty);
    if let Ty::Array { elem, .. } = ty {
        visit_ty(elem, f);
    }
}

/// Levels of aggregates below aggregate `k` (0 when it has no aggregate member).
fn depth(case: &Case, k: usize) -> u32 {
    let mut d = 0;
    for m in &case.aggregates[k].members {
        if let Member::Field { ty, .. } = m {
            visit_ty(ty, &mut |t| {
                if let Ty::Named(i) = t {
                    d = d.max(1 + depth(case, *i));
                }
            });
        }
    }
    d
}

#[test]
fn model_is_well_formed() {
    let mut names = HashSet::new();
    for case in cases() {
        let layouts = case_layouts(&case);
        assert!(!case.aggregates.is_empty());
        for (k, agg) in case.aggregates.iter().enumerate() {
            let ctx = format!("case {} {}", case.id, agg.name);
            assert_eq!(
                agg.name,
                format!("T{:x}_{}_{k}", case.seed, case.id),
                "{ctx}"
            );
            assert!(names.insert(agg.name.clone()), "{ctx}: name reused");
            assert!(
                agg.members.iter().any(|m| m.name().is_some()),
                "{ctx}: no named member"
            );
            for (i, m) in agg.members.iter().enumerate() {
                if let Some(n) = m.name() {
                    assert_eq!(n, member_name(i), "{ctx}");
                }
                match m {
                    Member::Field { ty, .. } => visit_ty(ty, &mut |t| match t {
                        Ty::Named(j) => assert!(*j < k, "{ctx}: refers to a later aggregate"),
                        Ty::Enum(j) => assert!(*j < case.enums.len(), "{ctx}"),
                        Ty::Vector { elem, lanes } => {
                            assert!(
                                *elem != Scalar::Bool && (1..=elem.max_lanes()).contains(lanes),
                                "{ctx}"
                            )
                        }
                        Ty::Array { len, .. } => assert!(*len >= 1, "{ctx}"),
                        _ => {}
                    }),
                    Member::BitField { ty, width, .. } => {
                        assert!(
                            ty.is_bit_field_type() && (1..=ty.max_width()).contains(width),
                            "{ctx}"
                        )
                    }
                    Member::Unnamed { ty, width } => {
                        assert!(ty.is_integer() && *width <= ty.bits(), "{ctx}");
                        assert!(
                            agg.kind == Kind::Struct || *width > 0,
                            "{ctx}: zero width in a union"
                        );
                    }
                }
            }
            match agg.kind {
                Kind::Struct => assert_eq!(agg.init_member, None, "{ctx}"),
                Kind::Union => {
                    let init = agg.init_member.expect("union init member");
                    assert!(
                        agg.members[init].is_ordinary(),
                        "{ctx}: init through a bit-field"
                    );
                }
            }
            if let Some(n) = agg.align {
                assert!(n.is_power_of_two() && n <= 128, "{ctx}: align {n}");
                assert!(
                    u64::from(n) >= layouts[k].natural_align,
                    "{ctx}: align {n} below natural"
                );
            }
            // Every aggregate is used by the top type (no leftovers).
            if k + 1 < case.aggregates.len() {
                let used = case.aggregates[k + 1..].iter().any(|a| {
                    a.members.iter().any(|m| {
                        let mut hit = false;
                        if let Member::Field { ty, .. } = m {
                            visit_ty(ty, &mut |t| hit |= *t == Ty::Named(k));
                        }
                        hit
                    })
                });
                assert!(used, "{ctx}: unused");
            }
        }
        assert!(
            layouts.last().unwrap().size <= 4096,
            "case {}: too big for a kernel parameter",
            case.id
        );
        check_value(&case, &Ty::Named(case.top_index()), &case.value);
    }
}

// ---- values -----------------------------------------------------------------------------

fn check_scalar(s: Scalar, width: u32, v: &Value) {
    match (s, v) {
        (Scalar::Bool, Value::Bool(_)) => {}
        (Scalar::F32, Value::Float(f)) => {
            assert!(f.is_finite());
            assert_eq!(
                f64::from(*f as f32).to_bits(),
                f.to_bits(),
                "{f} is not an f32"
            );
        }
        (Scalar::F64, Value::Float(f)) => assert!(f.is_finite()),
        (s, Value::Int(i)) if s.is_signed() => {
            let (lo, hi) = s.int_range(width);
            assert!((lo..=hi).contains(i), "{i} out of range of {s:?}:{width}");
        }
        (s, Value::UInt(u)) if s.is_integer() && !s.is_signed() => {
            let (_, hi) = s.int_range(width);
            assert!(*u <= hi as u128, "{u} out of range of {s:?}:{width}");
        }
        _ => panic!("{v:?} is not a value of {s:?}"),
    }
}

/// The value matches its type, every integer (bit-field or not) is within its width's range,
/// and unions are initialised through their ordinary init member.
fn check_value(case: &Case, ty: &Ty, v: &Value) {
    match (ty, v) {
        (Ty::Scalar(s), _) => check_scalar(*s, s.bits(), v),
        (Ty::Pointer, Value::Pointer(_)) => {}
        (Ty::Vector { elem, lanes }, Value::Vector(vs)) => {
            assert_eq!(vs.len(), usize::from(*lanes));
            vs.iter().for_each(|l| check_scalar(*elem, elem.bits(), l));
        }
        (Ty::Array { elem, len }, Value::Array(vs)) => {
            assert_eq!(vs.len(), *len as usize);
            vs.iter().for_each(|e| check_value(case, elem, e));
        }
        (Ty::Enum(i), Value::Enum(k)) => assert!(*k < case.enums[*i].variants.len()),
        (Ty::Named(i), Value::Struct(vs)) => {
            let agg = &case.aggregates[*i];
            assert_eq!(agg.kind, Kind::Struct);
            assert_eq!(vs.len(), agg.members.len());
            for (m, v) in agg.members.iter().zip(vs) {
                match m {
                    Member::Field { ty, .. } => check_value(case, ty, v),
                    Member::BitField { ty, width, .. } => check_scalar(*ty, *width, v),
                    Member::Unnamed { .. } => assert_eq!(*v, Value::Unnamed),
                }
            }
        }
        (Ty::Named(i), Value::Union { member, value }) => {
            let agg = &case.aggregates[*i];
            assert_eq!(agg.kind, Kind::Union);
            assert_eq!(Some(*member), agg.init_member);
            let Member::Field { ty, .. } = &agg.members[*member] else {
                panic!("{}: union initialised through a bit-field", agg.name)
            };
            check_value(case, ty, value);
        }
        _ => panic!("{v:?} is not a value of {ty:?}"),
    }
}

#[test]
fn bit_field_values_reach_the_extremes() {
    let (mut min, mut max, mut zero, mut other) = (0, 0, 0, 0);
    for case in cases() {
        walk_bit_values(
            &case,
            &Ty::Named(case.top_index()),
            &case.value,
            &mut |s, w, v| {
                let (lo, hi) = s.int_range(w);
                match v {
                    Value::Int(i) if *i == lo => min += 1,
                    Value::Int(i) if *i == hi => max += 1,
                    Value::UInt(u) if *u == hi as u128 => max += 1,
                    Value::Int(0) | Value::UInt(0) => zero += 1,
                    _ => other += 1,
                }
            },
        );
    }
    eprintln!("bit-field values: min {min}, max {max}, zero {zero}, other {other}");
    assert!(min > 300 && max > 600 && zero > 300 && other > 1000);
}

fn walk_bit_values(case: &Case, ty: &Ty, v: &Value, f: &mut impl FnMut(Scalar, u32, &Value)) {
    match (ty, v) {
        (Ty::Array { elem, .. }, Value::Array(vs)) => {
            vs.iter().for_each(|e| walk_bit_values(case, elem, e, f))
        }
        (Ty::Named(i), Value::Struct(vs)) => {
            for (m, v) in case.aggregates[*i].members.iter().zip(vs) {
                match m {
                    Member::Field { ty, .. } => walk_bit_values(case, ty, v, f),
                    Member::BitField { ty, width, .. } if *ty != Scalar::Bool => f(*ty, *width, v),
                    _ => {}
                }
            }
        }
        (Ty::Named(i), Value::Union { member, value }) => {
            if let Member::Field { ty, .. } = &case.aggregates[*i].members[*member] {
                walk_bit_values(case, ty, value, f)
            }
        }
        _ => {}
    }
}

// ---- emitted text -----------------------------------------------------------------------

#[test]
fn rust_parses() {
    let mut all = String::new();
    for case in cases().take(500) {
        let defs = rust_defs(&case);
        let file =
            syn::parse_file(&defs).unwrap_or_else(|e| panic!("case {}: {e}\n{defs}", case.id));
        assert_eq!(file.items.len(), case.aggregates.len() + case.enums.len());
        let value = rust_value(&case);
        syn::parse_str::<syn::Expr>(&value)
            .unwrap_or_else(|e| panic!("case {}: {e}\n{value}", case.id));
        all.push_str(&defs);
    }
    // Many cases share one file: item names never clash.
    let file = syn::parse_file(&all).unwrap();
    let mut names = HashSet::new();
    for item in file.items {
        let name = match item {
            syn::Item::Struct(s) => s.ident.to_string(),
            syn::Item::Enum(e) => e.ident.to_string(),
            _ => panic!("unexpected item"),
        };
        assert!(names.insert(name));
    }
}

#[test]
fn cuda_is_well_formed() {
    for case in cases() {
        let text = cuda_defs(&case) + &cuda_probe(&case);
        let mut stack = Vec::new();
        for c in text.chars() {
            match c {
                '(' | '[' | '{' => stack.push(c),
                ')' | ']' | '}' => {
                    let open = stack.pop();
                    let want = match c {
                        ')' => '(',
                        ']' => '[',
                        _ => '{',
                    };
                    assert_eq!(open, Some(want), "case {}: unbalanced\n{text}", case.id);
                }
                _ => {}
            }
        }
        assert!(stack.is_empty(), "case {}: unbalanced\n{text}", case.id);
        // `long long` and `signed char` only: never `long` or plain `char` (pointers are `char*`).
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '*')
            .collect();
        for (i, w) in words.iter().enumerate() {
            let prev = if i > 0 { words[i - 1] } else { "" };
            let next = words.get(i + 1).copied().unwrap_or("");
            if *w == "long" {
                assert!(
                    prev == "long" || next == "long",
                    "case {}: bare long\n{text}",
                    case.id
                );
            }
            if *w == "char" {
                assert!(
                    prev == "signed" || prev == "unsigned",
                    "case {}: plain char\n{text}",
                    case.id
                );
            }
        }
        // Unions are initialised through ordinary members only.
        for agg in case.aggregates.iter().filter(|a| a.kind == Kind::Union) {
            let init = &agg.members[agg.init_member.unwrap()];
            assert!(init.is_ordinary());
        }
        let probe = cuda_probe(&case);
        let offsets = case
            .top()
            .members
            .iter()
            .filter(|m| m.is_ordinary())
            .count();
        assert_eq!(probe.matches("ptxabi_off_").count(), offsets);
        assert!(probe.contains(&format!("ptxabi_val_{} = {{", case.id)));
    }
}

#[test]
fn text_examples() {
    use ptx_abi_oracle::gen::model::EnumDef;
    let s = |name: &str, kind, align, members, init_member| Aggregate {
        name: name.to_string(),
        kind,
        align,
        members,
        init_member,
    };
    let f = |k: usize, ty| Member::Field {
        name: member_name(k),
        ty,
    };
    let b = |k: usize, ty, width| Member::BitField {
        name: member_name(k),
        ty,
        width,
    };
    let inner = s(
        "U",
        Kind::Union,
        None,
        vec![
            f(0, Ty::Scalar(Scalar::F32)),
            b(1, Scalar::I16, 8),
            f(2, Ty::Scalar(Scalar::U32)),
            Member::Unnamed {
                ty: Scalar::I32,
                width: 20,
            },
        ],
        Some(2),
    );
    let top = s(
        "S",
        Kind::Struct,
        Some(16),
        vec![
            f(0, Ty::Scalar(Scalar::I8)),
            b(1, Scalar::U32, 20),
            Member::Unnamed {
                ty: Scalar::I64,
                width: 0,
            },
            f(
                3,
                Ty::Array {
                    elem: Box::new(Ty::Array {
                        elem: Box::new(Ty::Scalar(Scalar::I32)),
                        len: 3,
                    }),
                    len: 1,
                },
            ),
            f(4, Ty::Pointer),
            f(
                5,
                Ty::Vector {
                    elem: Scalar::F32,
                    lanes: 2,
                },
            ),
            f(6, Ty::Named(0)),
            b(7, Scalar::Bool, 1),
            f(8, Ty::Scalar(Scalar::I64)),
            f(9, Ty::Enum(0)),
        ],
        None,
    );
    let value = Value::Struct(vec![
        Value::Int(-128),
        Value::UInt(703710),
        Value::Unnamed,
        Value::Array(vec![Value::Array(vec![
            Value::Int(i32::MIN.into()),
            Value::Int(0),
            Value::Int(7),
        ])]),
        Value::Pointer(4096),
        Value::Vector(vec![Value::Float(1.5), Value::Float(-0.0)]),
        Value::Union {
            member: 2,
            value: Box::new(Value::UInt(u32::MAX.into())),
        },
        Value::Bool(true),
        Value::Int(i64::MIN.into()),
        Value::Enum(1),
    ]);
    let case = Case {
        seed: 0,
        id: 7,
        aggregates: vec![inner, top],
        enums: vec![EnumDef {
            name: "E".into(),
            repr: Scalar::I16,
            variants: vec![("V0".into(), -3), ("V1".into(), 9)],
        }],
        value,
    };
    assert_eq!(
        cuda_defs(&case),
        "enum class E : short { V0 = -3, V1 = 9 };
union U {
    float m0;
    short m1 : 8;
    unsigned int m2;
    int : 20;
};
struct __align__(16) S {
    signed char m0;
    unsigned int m1 : 20;
    long long : 0;
    int m3[1][3];
    char* m4;
    float2 m5;
    U m6;
    bool m7 : 1;
    long long m8;
    E m9;
};
"
    );
    assert_eq!(
        cuda_initializer(&case),
        "{-128, 703710U, {{(-2147483647 - 1), 0, 7}}, (char*)0 + 4096ULL, {0x1.8000000000000p0f, -0x0.0000000000000p-1022f}, { .m2 = 4294967295U }, true, \
         (-9223372036854775807LL - 1), E::V1}"
    );
    let probe = cuda_probe(&case);
    assert!(
        probe.contains("extern \"C\" __device__ unsigned long long ptxabi_size_7 = sizeof(S);\n")
    );
    assert!(probe.contains(
        "extern \"C\" __device__ unsigned long long ptxabi_off_7_3 = __INTADDR__(&((S*)0)->m3);\n"
    ));
    assert!(!probe.contains("ptxabi_off_7_1 "));
    assert!(probe.contains("extern \"C\" __global__ void ptxabi_k_7(S a) {}\n"));
    assert!(probe.contains("extern \"C\" __device__ S ptxabi_f_7(S a) { return a; }\n"));
    let defs = rust_defs(&case);
    assert!(defs.contains(
        "#[ptx(union)]
pub enum U {
    m0(f32),
    #[ptx(bits = 8)] m1(i16),
    #[ptx(decode)] m2(u32),
    _u3(::ptx_abi::Pad<i32, 20>),
}
"
    ));
    assert!(defs.contains(
        "#[ptx(align = 16)]
pub struct S {
    pub m0: i8,
    #[ptx(bits = 20)] pub m1: u32,
    pub _u2: ::ptx_abi::Pad<i64, 0>,
    pub m3: [[i32; 3]; 1],
    pub m4: ::ptx_abi::DevicePtr<i8>,
    pub m5: ::ptx_abi::types::Float2,
    pub m6: U,
    #[ptx(bits = 1)] pub m7: bool,
    pub m8: i64,
    pub m9: E,
}
"
    ));
    assert!(defs.contains("#[repr(i16)]\npub enum E {\n    V0 = -3,\n    V1 = 9,\n}\n"));
    assert_eq!(
        rust_value(&case),
        "S { m0: -128_i8, m1: 703710_u32, _u2: Default::default(), m3: [[-2147483648_i32, 0_i32, 7_i32]], \
         m4: ::ptx_abi::DevicePtr::from_raw(4096_u64), m5: ::ptx_abi::types::Float2::from([1.5_f32, -0.0_f32]), \
         m6: U::m2(4294967295_u32), m7: true, m8: -9223372036854775808_i64, m9: E::V1 }"
    );
}

// ---- the sketch used for steering and classification ------------------------------------

/// `docs/nvidia-notes.md`'s NVRTC figures, checked against the sketch: (definition, size, align, bit
/// offsets of the members).
#[test]
fn sketch_agrees_with_notes() {
    use Scalar::*;
    type Row = (Kind, Vec<(Option<Scalar>, Scalar, u32)>, u64, u64, Vec<u64>);
    // (named?, type, width); width 99 = ordinary member.
    let named = |t: Scalar, w: u32| (Some(t), t, w);
    let unnamed = |t: Scalar, w: u32| (None, t, w);
    let rows: Vec<Row> = vec![
        (
            Kind::Struct,
            vec![named(I32, 5), named(I32, 6), named(I32, 7)],
            4,
            4,
            vec![0, 5, 11],
        ),
        (
            Kind::Struct,
            vec![
                named(I16, 9),
                named(I32, 9),
                named(I8, 99),
                named(I16, 9),
                named(I16, 9),
                named(I8, 99),
            ],
            12,
            4,
            vec![0, 9, 24, 32, 48, 64],
        ),
        (
            Kind::Struct,
            vec![named(I8, 99), named(I16, 8)],
            2,
            2,
            vec![0, 8],
        ),
        (
            Kind::Union,
            vec![named(I8, 99), named(I16, 8)],
            2,
            2,
            vec![0, 0],
        ),
        (
            Kind::Struct,
            vec![
                named(I8, 99),
                unnamed(I32, 0),
                named(I8, 99),
                unnamed(I16, 9),
                named(I8, 99),
                unnamed(I8, 0),
            ],
            9,
            1,
            vec![0, 32, 32, 48, 64, 72],
        ),
        (
            Kind::Struct,
            vec![named(I8, 99), named(I64, 3)],
            8,
            8,
            vec![0, 8],
        ),
        (
            Kind::Struct,
            vec![named(I8, 99), unnamed(I64, 3)],
            2,
            1,
            vec![0, 8],
        ),
        (
            Kind::Struct,
            vec![named(I8, 99), unnamed(I64, 0), named(I8, 99)],
            9,
            1,
            vec![0, 64, 64],
        ),
        (
            Kind::Union,
            vec![unnamed(I32, 20), named(I8, 99)],
            3,
            1,
            vec![0, 0],
        ),
        (
            Kind::Struct,
            vec![
                named(Bool, 1),
                named(Bool, 1),
                named(I8, 99),
                named(Bool, 1),
            ],
            3,
            1,
            vec![0, 1, 8, 16],
        ),
        (
            Kind::Struct,
            vec![named(U8, 7), named(U8, 2)],
            2,
            1,
            vec![0, 8],
        ),
        (
            Kind::Struct,
            vec![named(U64, 60), named(U32, 8)],
            16,
            8,
            vec![0, 64],
        ),
        (
            Kind::Struct,
            vec![named(I8, 99), named(U32, 20), named(U8, 99)],
            8,
            4,
            vec![0, 8, 32],
        ),
    ];
    for (kind, ms, size, align, offsets) in rows {
        let members: Vec<Member> = ms
            .iter()
            .enumerate()
            .map(|(k, (n, t, w))| match (n, w) {
                (_, 99) => Member::Field {
                    name: member_name(k),
                    ty: Ty::Scalar(*t),
                },
                (Some(_), w) => Member::BitField {
                    name: member_name(k),
                    ty: *t,
                    width: *w,
                },
                (None, w) => Member::Unnamed { ty: *t, width: *w },
            })
            .collect();
        let agg = Aggregate {
            name: "X".into(),
            kind,
            align: None,
            members,
            init_member: None,
        };
        let l = aggregate_layout(&agg, &[], &[]);
        let got: Vec<u64> = l.members.iter().map(|p| p.bit_offset).collect();
        assert_eq!((l.size, l.align, got), (size, align, offsets), "{ms:?}");
    }
    // Vectors: struct { char c; char3 v3; float4 f; double2 d; short3 s; longlong1 l; } is 64/16.
    let tys = [
        Ty::Scalar(I8),
        Ty::Vector { elem: I8, lanes: 3 },
        Ty::Vector {
            elem: F32,
            lanes: 4,
        },
        Ty::Vector {
            elem: F64,
            lanes: 2,
        },
        Ty::Vector {
            elem: I16,
            lanes: 3,
        },
        Ty::Vector {
            elem: I64,
            lanes: 1,
        },
    ];
    let members = tys
        .iter()
        .enumerate()
        .map(|(k, t)| Member::Field {
            name: member_name(k),
            ty: t.clone(),
        })
        .collect();
    let agg = Aggregate {
        name: "V".into(),
        kind: Kind::Struct,
        align: None,
        members,
        init_member: None,
    };
    let l = aggregate_layout(&agg, &[], &[]);
    let got: Vec<u64> = l.members.iter().map(|p| p.bit_offset / 8).collect();
    assert_eq!((l.size, l.align, got), (64, 16, vec![0, 1, 16, 32, 48, 56]));
}

// ---- variety ----------------------------------------------------------------------------

/// Counts, over the cases, of every hard case the generator is meant to produce often.
/// Returns category → (cases containing it, occurrences).
fn categories(cases: &[Case]) -> BTreeMap<&'static str, (u32, u32)> {
    let mut out: BTreeMap<&'static str, (u32, u32)> = BTreeMap::new();
    for case in cases {
        let layouts = case_layouts(case);
        let mut seen: BTreeMap<&'static str, u32> = BTreeMap::new();
        let mut hit = |c: &'static str| *seen.entry(c).or_default() += 1;
        let top = case.top_index();
        let d = depth(case, top);
        for (c, min) in [
            ("nesting >= 1 level", 1),
            ("nesting >= 2 levels", 2),
            ("nesting 3 levels", 3),
        ] {
            if d >= min {
                hit(c);
            }
        }
        if case.top().kind == Kind::Union {
            hit("top type is a union");
        }
        for (k, agg) in case.aggregates.iter().enumerate() {
            classify(case, agg, &layouts[k], &layouts, &mut hit);
        }
        for (c, n) in seen {
            let e = out.entry(c).or_default();
            e.0 += 1;
            e.1 += n;
        }
    }
    out
}

fn classify(
    case: &Case,
    agg: &Aggregate,
    l: &AggLayout,
    layouts: &[AggLayout],
    hit: &mut impl FnMut(&'static str),
) {
    let is_struct = agg.kind == Kind::Struct;
    if let Some(n) = agg.align {
        hit("__align__");
        if u64::from(n) > l.natural_align {
            hit("__align__ above natural");
        }
    }
    if agg.kind == Kind::Union {
        if agg
            .members
            .iter()
            .any(|m| matches!(m, Member::BitField { .. }))
        {
            hit("union of bit-fields");
        }
        if agg.members.iter().any(|m| matches!(m, Member::Field { ty: Ty::Named(i), .. } if case.aggregates[*i].kind == Kind::Struct)) {
            hit("union with a struct member");
        }
        if agg
            .members
            .iter()
            .any(|m| matches!(m, Member::Unnamed { .. }))
        {
            hit("unnamed bit-field in a union");
        }
    }
    for (k, m) in agg.members.iter().enumerate() {
        let p = l.members[k];
        let prev = k.checked_sub(1).map(|j| &agg.members[j]);
        match m {
            Member::Field { ty, .. } => visit_ty(ty, &mut |t| match t {
                Ty::Pointer => hit("pointer"),
                Ty::Vector { .. } => hit("vector"),
                Ty::Array { elem, .. } => {
                    if matches!(**elem, Ty::Named(_)) {
                        hit("array of aggregates");
                    }
                    if matches!(**elem, Ty::Array { .. }) {
                        hit("multi-dimensional array");
                    }
                }
                Ty::Named(i) if over_aligned(case, layouts, *i) => {
                    hit("over-aligned nested aggregate")
                }
                _ => {}
            }),
            Member::BitField { ty, width, .. } | Member::Unnamed { ty, width } => {
                let named = matches!(m, Member::BitField { .. });
                let unit = u64::from(ty.bits());
                let w = u64::from(*width);
                if *ty == Scalar::Bool {
                    hit("bool bit-field");
                }
                if named && ty.size() == 8 {
                    hit("64-bit bit-field");
                }
                if !named && w > 0 {
                    hit("unnamed non-zero bit-field");
                }
                if w == 0 {
                    hit("zero-length bit-field");
                    if u64::from(ty.size()) > l.align {
                        hit("zero-length bit-field wider than the aggregate");
                    }
                }
                if let Some(
                    Member::BitField {
                        ty: pt, width: pw, ..
                    }
                    | Member::Unnamed { ty: pt, width: pw },
                ) = prev
                {
                    if *pw > 0 && w > 0 && pt != ty {
                        hit("type change between adjacent bit-fields");
                    }
                }
                if !is_struct || w == 0 {
                    continue;
                }
                if (p.bit_offset + w).is_multiple_of(unit) && !p.bit_offset.is_multiple_of(unit) {
                    hit("bit-field exactly fills its unit");
                }
                if p.bit_offset != p.unmoved_offset {
                    let over = p.unmoved_offset + w - (p.unmoved_offset / unit + 1) * unit;
                    hit("bit-field overflows its unit");
                    if over <= 3 {
                        hit("bit-field just overflows its unit (by 1-3 bits)");
                    }
                }
                if named
                    && prev.is_some_and(Member::is_ordinary)
                    && p.bit_offset == p.unmoved_offset
                    && !p.bit_offset.is_multiple_of(unit)
                {
                    hit("bit-field shares a unit with the preceding ordinary member");
                }
            }
        }
    }
}

fn over_aligned(case: &Case, layouts: &[AggLayout], i: usize) -> bool {
    case.aggregates[i]
        .align
        .is_some_and(|n| u64::from(n) > layouts[i].natural_align)
}

#[test]
fn variety() {
    let all: Vec<Case> = cases().collect();
    let counts = categories(&all);
    eprintln!(
        "{:<62} {:>6} {:>8}",
        format!("category (over {N} cases)"),
        "cases",
        "times"
    );
    for (c, (n, t)) in &counts {
        eprintln!("{c:<62} {n:>6} {t:>8}");
    }
    let expected = [
        ("type change between adjacent bit-fields", 400),
        ("bit-field exactly fills its unit", 300),
        ("bit-field overflows its unit", 400),
        ("bit-field just overflows its unit (by 1-3 bits)", 200),
        (
            "bit-field shares a unit with the preceding ordinary member",
            400,
        ),
        ("zero-length bit-field", 400),
        ("zero-length bit-field wider than the aggregate", 150),
        ("unnamed non-zero bit-field", 400),
        ("unnamed bit-field in a union", 100),
        ("bool bit-field", 400),
        ("64-bit bit-field", 400),
        ("union of bit-fields", 400),
        ("union with a struct member", 100),
        ("top type is a union", 250),
        ("nesting >= 1 level", 800),
        ("nesting >= 2 levels", 250),
        ("nesting 3 levels", 80),
        ("array of aggregates", 200),
        ("multi-dimensional array", 200),
        ("vector", 600),
        ("pointer", 400),
        ("__align__", 400),
        ("__align__ above natural", 300),
        ("over-aligned nested aggregate", 100),
    ];
    for (c, min) in expected {
        let n = counts.get(c).map_or(0, |x| x.0);
        assert!(n >= min, "{c}: {n} cases, want at least {min}");
    }
    let sizes: Vec<u64> = all
        .iter()
        .map(|c| case_layouts(c).last().unwrap().size)
        .collect();
    eprintln!(
        "top sizes: max {}, mean {}",
        sizes.iter().max().unwrap(),
        sizes.iter().sum::<u64>() / u64::from(N)
    );
}

/// `GEN_DUMP=seed:first:count cargo test -p ptx-abi-oracle --test gen dump -- --ignored
/// --nocapture` prints cases in both languages.
#[test]
#[ignore]
fn dump() {
    let spec = std::env::var("GEN_DUMP").unwrap_or_else(|_| format!("{SEED}:0:5"));
    let v: Vec<u64> = spec.split(':').map(|x| x.parse().unwrap()).collect();
    for id in v[1]..v[1] + v[2] {
        let case = generate(v[0], id as u32);
        println!(
            "// ---- case {id}\n{}{}",
            cuda_defs(&case),
            cuda_probe(&case)
        );
        println!("{}\n// value: {}\n", rust_defs(&case), rust_value(&case));
    }
}
