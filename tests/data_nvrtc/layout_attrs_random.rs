//! Core's engine against NVRTC on random structs and unions with `#pragma pack(N)`, a member's
//! `alignas(N)` or `__attribute__((aligned(N)))` (the keyword over a packing, which it does not
//! cap) and `__align__(N)` (issue 30): a deterministic generator writes
//! each type twice, as a run-time description for the engine (the one the derive and the
//! importer use) and, independently, as CUDA C++; NVRTC's `sizeof`, `alignof` and every
//! member's `offsetof` are the expected values. Types nest (a packed struct inside an aligned
//! one, an aligned member of a packed type, …). Bit-fields are left out: a packing's
//! bit-fields are tested by hand in `packing.rs`.

use crate::common;

use ptx_abi::layout::desc::{AggregateKind, Member, Scalar, TypeDesc, TypeKind};
use ptx_abi::layout::{try_layout_of, AddressSize, LayoutError, Placements};
use ptx_abi_oracle::images::SplitMix;

/// A member type: the description the engine reads and the C spelling (`base`, `dims`).
#[derive(Clone)]
struct Ty {
    desc: &'static TypeDesc,
    base: String,
    dims: String,
}

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn scalar(name: &'static str, s: Scalar, c: &str) -> Ty {
    Ty {
        desc: leak(TypeDesc::scalar(name, s)),
        base: c.into(),
        dims: String::new(),
    }
}

fn vector(elem: Scalar, lanes: usize, c: &str) -> Ty {
    Ty {
        desc: leak(TypeDesc {
            name: "vector",
            kind: TypeKind::Vector { elem, lanes },
        }),
        base: c.into(),
        dims: String::new(),
    }
}

fn leaves() -> Vec<Ty> {
    vec![
        scalar("u8", Scalar::U8, "unsigned char"),
        scalar("i16", Scalar::I16, "short"),
        scalar("i32", Scalar::I32, "int"),
        scalar("u64", Scalar::U64, "unsigned long long"),
        scalar("f32", Scalar::F32, "float"),
        scalar("f64", Scalar::F64, "double"),
        vector(Scalar::F32, 2, "float2"),
        vector(Scalar::F32, 4, "float4"),
        vector(Scalar::F64, 2, "double2"),
        vector(Scalar::U8, 4, "uchar4"),
    ]
}

/// One generated aggregate: its description, C definition and member names.
struct Agg {
    ty: Ty,
    definition: String,
    members: Vec<String>,
}

/// Aggregate `name` from random members of `pool`, with a random packing, member alignments
/// and requested alignment; `None` when the engine refuses it for a requested alignment below
/// the natural one, of the aggregate or of a member (the only refusals these types may meet;
/// below it, nvcc and NVRTC disagree about a member's).
fn aggregate(rng: &mut SplitMix, name: &str, pool: &[Ty]) -> Option<Agg> {
    let union = rng.chance(20);
    let pack = if rng.chance(60) {
        1usize << rng.below(5)
    } else {
        0
    };
    let mut members = Vec::new();
    let mut body = String::new();
    let mut names = Vec::new();
    for k in 0..1 + rng.below(6) {
        let mut t = pool[rng.below(pool.len() as u64) as usize].clone();
        if rng.chance(20) {
            let n = 1 + rng.below(3) as usize;
            t = Ty {
                desc: leak(TypeDesc {
                    name: "array",
                    kind: TypeKind::Array {
                        elem: t.desc,
                        len: n,
                    },
                }),
                base: t.base,
                dims: format!("{}[{n}]", t.dims),
            };
        }
        let align = if !union && rng.chance(30) {
            1usize << rng.below(7)
        } else {
            0
        };
        let m = format!("m{k}");
        // Above a packing only the keyword keeps its alignment in NVRTC (nvcc keeps both;
        // `docs/nvidia-notes.md`); elsewhere the two spellings are one.
        let (keyword, attr) = if align == 0 {
            (String::new(), String::new())
        } else if pack != 0 || rng.chance(50) {
            (format!("alignas({align}) "), String::new())
        } else {
            (String::new(), format!(" __attribute__((aligned({align})))"))
        };
        body.push_str(&format!("    {keyword}{} {m}{}{attr};\n", t.base, t.dims));
        members.push(Member {
            name: leak_str(&m),
            ty: t.desc,
            bits: None,
            align,
        });
        names.push(m);
    }
    let requested = if rng.chance(20) {
        1usize << rng.below(8)
    } else {
        0
    };
    let desc: &'static TypeDesc = leak(TypeDesc {
        name: leak_str(name),
        kind: TypeKind::Aggregate {
            kind: if union {
                AggregateKind::Union
            } else {
                AggregateKind::Struct
            },
            align: requested,
            pack,
            members: Box::leak(members.into_boxed_slice()),
        },
    });
    match try_layout_of(desc, AddressSize::A64) {
        Ok(_) => {}
        Err(
            LayoutError::AlignBelowNatural { .. } | LayoutError::MemberAlignBelowNatural { .. },
        ) => return None,
        Err(e) => panic!("the engine refused `{name}`: {e}"),
    }
    let keyword = if union { "union" } else { "struct" };
    let align_attr = if requested == 0 {
        String::new()
    } else {
        format!("__align__({requested}) ")
    };
    let mut definition = format!("{keyword} {align_attr}{name} {{\n{body}}};\n");
    if pack != 0 {
        definition = format!("#pragma pack(push, {pack})\n{definition}#pragma pack(pop)\n");
    }
    Some(Agg {
        ty: Ty {
            desc,
            base: name.into(),
            dims: String::new(),
        },
        definition,
        members: names,
    })
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// The `unsigned long long`s of `.global … name[N] = {a, b, …};` in `ptx`, written as `.u64`
/// values or as `.b8` bytes (little-endian, §1.3).
fn numbers(ptx: &str, name: &str) -> Vec<u64> {
    let line = ptx
        .lines()
        .find(|l| l.contains(&format!(" {name}[")))
        .unwrap_or_else(|| panic!("no `{name}` in the PTX"));
    // NVRTC leaves out trailing zeros; the array's length is in its declaration.
    let len: usize = line
        .split(&format!(" {name}["))
        .nth(1)
        .and_then(|r| r.split(']').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("`{name}` has no length: {line}"));
    let inside = line.split('{').nth(1).and_then(|r| r.split('}').next());
    let mut values: Vec<u64> = inside
        .unwrap_or_else(|| panic!("`{name}` has no initializer: {line}"))
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    if !line.contains(".b8") {
        values.resize(len, 0);
        return values;
    }
    values.resize(len, 0);
    values
        .chunks(8)
        .map(|b| b.iter().rev().fold(0u64, |acc, &x| (acc << 8) | x))
        .collect()
}

#[test]
fn packing_and_member_alignment_match_nvrtc_on_random_types() {
    let mut rng = SplitMix::new(0x9e37_79b9_7f4a_7c15);
    let mut pool = leaves();
    let mut aggs = Vec::new();
    let mut source = String::from("#define OFF(T, m) __INTADDR__(&((T*)0)->m)\n");
    while aggs.len() < 300 {
        let name = format!("R{}", aggs.len());
        let Some(a) = aggregate(&mut rng, &name, &pool) else {
            continue;
        };
        source.push_str(&a.definition);
        let offsets: Vec<String> = a
            .members
            .iter()
            .map(|m| format!("OFF({name}, {m})"))
            .collect();
        source.push_str(&format!(
            "__device__ unsigned long long q_{name}[] = {{sizeof({name}), alignof({name}), {}}};\n",
            offsets.join(", ")
        ));
        pool.push(a.ty.clone());
        aggs.push(a);
    }
    let packed = aggs
        .iter()
        .filter(|a| matches!(a.ty.desc.kind, TypeKind::Aggregate { pack, .. } if pack != 0))
        .count();
    let aligned = aggs
        .iter()
        .filter(|a| a.ty.desc.members().iter().any(|m| m.align != 0))
        .count();
    // Members whose `alignas` is above their struct's packing (which caps the rest).
    let over_pack = aggs
        .iter()
        .filter(|a| match a.ty.desc.kind {
            TypeKind::Aggregate { pack, members, .. } => {
                pack != 0 && members.iter().any(|m| m.align > pack)
            }
            _ => false,
        })
        .count();
    assert!(
        packed > 100 && aligned > 50 && over_pack > 10,
        "{packed} packed, {aligned} aligned, {over_pack} aligned above the packing"
    );
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(&nvrtc, &source);
    let mut wrong = Vec::new();
    for a in &aggs {
        let l = try_layout_of(a.ty.desc, AddressSize::A64).unwrap();
        let mut ours = vec![l.size as u64, l.align as u64];
        for placed in Placements::new(a.ty.desc, AddressSize::A64) {
            ours.push(placed.unwrap().1.offset as u64);
        }
        let theirs = numbers(&ptx, &format!("q_{}", a.ty.base));
        if ours != theirs {
            wrong.push(format!("{}engine {ours:?}, NVRTC {theirs:?}", a.definition));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 300 differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
