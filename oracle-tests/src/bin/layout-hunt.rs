//! `layout-hunt`: a fast search for layout bugs, many more cases than the derive-based suites
//! can afford to compile. Generates cases, asks NVRTC, and compares its size, alignment,
//! member offsets and `.param` declarations with ptx-abi's layout engine called at run time on
//! type descriptions built from the cases (the same `const fn`s the derive expands to; values
//! and images are left to the derive-based suites).
//!
//! ```text
//! cargo run --release -p oracle-tests --bin layout-hunt -- [--seed S] [--cases N] [--enums]
//! ```
//!
//! Prints each disagreement with the CUDA definitions and exits non-zero if there was one.

use std::collections::HashMap;
use std::process::ExitCode;

use ptx_abi::layout::Placements;
use ptx_abi::params::param_type;
use ptx_abi::{
    layout_of, AddressSize, AggregateKind, EnumVariant, Member as DescMember, ParamSpace,
    ParamType, PtxAbi, Scalar as DescScalar, Spelling, TypeDesc, TypeKind,
};
use ptx_abi_oracle::gen::{self, Case, Kind, Member, Options, Scalar, Ty};
use ptx_abi_oracle::nvrtc::Nvrtc;
use ptx_abi_oracle::probe::{default_threads, probe_all, Answer, BATCH};

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn scalar(s: Scalar) -> DescScalar {
    match s {
        Scalar::Bool => DescScalar::Bool,
        Scalar::I8 => DescScalar::I8,
        Scalar::U8 => DescScalar::U8,
        Scalar::I16 => DescScalar::I16,
        Scalar::U16 => DescScalar::U16,
        Scalar::I32 => DescScalar::I32,
        Scalar::U32 => DescScalar::U32,
        Scalar::I64 => DescScalar::I64,
        Scalar::U64 => DescScalar::U64,
        Scalar::F32 => DescScalar::F32,
        Scalar::F64 => DescScalar::F64,
    }
}

/// Type descriptions of a case's types, built at run time (leaked: they must be `'static`).
struct Descs<'c> {
    case: &'c Case,
    aggregates: Vec<&'static TypeDesc>,
    enums: Vec<&'static TypeDesc>,
}

impl Descs<'_> {
    fn new(case: &Case) -> Descs<'_> {
        let mut d = Descs {
            case,
            aggregates: Vec::new(),
            enums: Vec::new(),
        };
        for e in &case.enums {
            let variants: Vec<EnumVariant> = e
                .variants
                .iter()
                .map(|(n, v)| EnumVariant {
                    name: Box::leak(n.clone().into_boxed_str()),
                    value: *v,
                })
                .collect();
            d.enums.push(leak(TypeDesc {
                name: Box::leak(e.name.clone().into_boxed_str()),
                kind: TypeKind::Enum {
                    repr: scalar(e.repr),
                    variants: Box::leak(variants.into_boxed_slice()),
                },
            }));
        }
        for agg in &case.aggregates {
            let members: Vec<DescMember> = agg
                .members
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    let name: &'static str =
                        Box::leak(gen::model::rust_member_name(m, k).into_boxed_str());
                    match m {
                        Member::Field { ty, .. } => DescMember {
                            name,
                            ty: d.ty(ty),
                            bits: None,
                        },
                        Member::BitField { ty, width, .. } => DescMember {
                            name,
                            ty: leak(TypeDesc::scalar(ty.rust_name(), scalar(*ty))),
                            bits: Some(*width),
                        },
                        Member::Unnamed { ty, width } => DescMember {
                            name,
                            ty: leak(TypeDesc {
                                name: "Pad",
                                kind: TypeKind::Pad {
                                    unit: scalar(*ty),
                                    width: *width,
                                },
                            }),
                            bits: None,
                        },
                    }
                })
                .collect();
            let desc = leak(TypeDesc {
                name: Box::leak(agg.name.clone().into_boxed_str()),
                kind: TypeKind::Aggregate {
                    kind: match agg.kind {
                        Kind::Struct => AggregateKind::Struct,
                        Kind::Union => AggregateKind::Union,
                    },
                    align: agg.align.unwrap_or(0) as usize,
                    members: Box::leak(members.into_boxed_slice()),
                },
            });
            d.aggregates.push(desc);
        }
        d
    }

    fn ty(&self, ty: &Ty) -> &'static TypeDesc {
        match ty {
            Ty::Scalar(s) => leak(TypeDesc::scalar(s.rust_name(), scalar(*s))),
            Ty::Pointer => <ptx_abi::DevicePtr<u8> as PtxAbi>::TYPE,
            Ty::Vector { elem, lanes } => leak(TypeDesc {
                name: "vector",
                kind: TypeKind::Vector {
                    elem: scalar(*elem),
                    lanes: *lanes as usize,
                },
            }),
            Ty::Array { elem, len } => leak(TypeDesc {
                name: "array",
                kind: TypeKind::Array {
                    elem: self.ty(elem),
                    len: *len as usize,
                },
            }),
            Ty::Named(i) => self.aggregates[*i],
            Ty::Enum(i) => self.enums[*i],
        }
    }

    fn top(&self) -> &'static TypeDesc {
        self.aggregates[self.case.top_index()]
    }
}

fn decl(ty: &TypeDesc, name: &str, space: ParamSpace) -> String {
    match param_type(ty, space, Spelling::Nvcc, AddressSize::A64) {
        ParamType::Scalar(t) => format!(".param {t} {name}"),
        ParamType::Bytes { align, size } => format!(".param .align {align} .b8 {name}[{size}]"),
        ParamType::Absent => String::new(),
    }
}

/// Differences between NVRTC's answer and the engine's layout of the case's top type.
fn compare(case: &Case, a: &Answer) -> Vec<String> {
    let descs = Descs::new(case);
    let top = descs.top();
    let mut d = Vec::new();
    let l = layout_of(top, AddressSize::A64);
    if (l.size as u64, l.align as u64) != (a.size, a.align) {
        d.push(format!(
            "size/align: NVRTC {}/{}, ours {}/{}",
            a.size, a.align, l.size, l.align
        ));
    }
    let placed: Vec<_> = Placements::new(top, AddressSize::A64).collect();
    let offsets: HashMap<usize, usize> = placed
        .iter()
        .enumerate()
        .filter_map(|(k, p)| p.as_ref().ok().map(|(_, p)| (k, p.offset)))
        .collect();
    for &(k, off) in &a.offsets {
        if offsets.get(&k).map(|&o| o as u64) != Some(off) {
            d.push(format!(
                "offset of m{k}: NVRTC {off}, ours {:?}",
                offsets.get(&k)
            ));
        }
    }
    let i = case.id;
    let params = [
        (
            a.entry_params.join(", "),
            decl(top, &format!("ptxabi_k_{i}_param_0"), ParamSpace::Entry),
        ),
        (
            a.func_params.join(", "),
            decl(top, &format!("ptxabi_f_{i}_param_0"), ParamSpace::Func),
        ),
        (
            a.func_ret.clone(),
            decl(top, "func_retval0", ParamSpace::Func),
        ),
    ];
    for (theirs, ours) in params {
        if theirs != ours {
            d.push(format!("param: NVRTC `{theirs}`, ours `{ours}`"));
        }
    }
    d
}

fn main() -> ExitCode {
    let mut seed: u64 = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1);
    let mut n: u32 = 20_000;
    let mut opts = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => seed = args.next().and_then(|v| v.parse().ok()).expect("--seed N"),
            "--cases" => n = args.next().and_then(|v| v.parse().ok()).expect("--cases N"),
            "--enums" => opts.enums = true,
            _ => panic!("unknown argument {a}"),
        }
    }
    let nvrtc = match Nvrtc::locate_and_load() {
        Some(Ok(n)) => n,
        Some(Err(e)) => panic!("{e}"),
        None => panic!("NVRTC not found: run `cargo xtask nvrtc`"),
    };
    eprintln!("layout-hunt: seed {seed}, {n} cases");
    let cases: Vec<Case> = (0..n)
        .map(|id| gen::generate_with(seed, id, &opts))
        .collect();
    let answers =
        probe_all(&nvrtc, &cases, BATCH, default_threads()).unwrap_or_else(|e| panic!("{e}"));
    let mut bad = 0;
    for (c, a) in cases.iter().zip(&answers) {
        let d = compare(c, a);
        if !d.is_empty() {
            bad += 1;
            if bad <= 10 {
                println!(
                    "==== case {} (seed {seed}, id {}):\n  - {}\n{}",
                    c.id,
                    c.id,
                    d.join("\n  - "),
                    gen::cuda_defs(c)
                );
            }
        }
    }
    eprintln!("layout-hunt: seed {seed}: {n} cases, {bad} disagreements");
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
