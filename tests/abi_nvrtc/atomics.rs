//! Chapter 4, the atomics ABI, against the guide and NVIDIA's tools:
//!
//! - the table, row by row, against the guide's five tables transcribed below as text (API cell
//!   and mapping cell, exactly as printed), and no rows the guide does not have;
//! - `is_valid_mapping` against a reference built from that transcription alone, for every
//!   sequence of up to three fence/ld/st/atom instructions, every operation, order and scope;
//! - ptxas (sm_90) assembles every rendered sequence: every row × sequence × scope, with 32- and
//!   64-bit operands, every `atom` operation, generic and `.global` addresses;
//! - what NVRTC itself emits for `__nv_atomic_*` builtins (every order × scope × operation) is a
//!   valid mapping by `is_valid_mapping` (NVRTC strengthens some orders: a valid use of the
//!   guide's note).

use crate::common;

use ptx_abi::abi::atomics::{
    is_valid_mapping, is_valid_mapping_text, mapping, render, template, Instr, MemoryOrder, Opcode,
    Operands, Operation, ParseError, RmwOp, Scope, Sem, Step, TABLE,
};
use std::fmt::Write as _;

/// Chapter 4 (release 13.2), the five tables in order: (API cell, mapping cell) as printed.
const GUIDE: [(&str, &str); 15] = [
    // sequentially consistent
    (
        "atomic_thread_fence(memory_order_seq_cst, thread_scope_<scope>)",
        "fence.sc.<scope>;",
    ),
    (
        "atomic_load(memory_order_seq_cst, thread_scope_<scope>)",
        "fence.sc.<scope>; ld.acquire.<scope>; (recommended) OR fence.sc.<scope>; ld.relaxed.<scope>; fence.acquire.<scope>;",
    ),
    (
        "atomic_store(memory_order_seq_cst, thread_scope_<scope>)",
        "fence.sc.<scope>; st.relaxed.<scope>;",
    ),
    (
        "atomic_<rmw op>(memory_order_seq_cst, thread_scope_<scope>)",
        "fence.sc.<scope>; atom.acquire.<scope>.<rmw op>; (recommended) OR fence.sc.<scope>; atom.relaxed.<scope>.<rmw op>; fence.acquire.<scope>;",
    ),
    // release
    (
        "atomic_thread_fence(memory_order_release, thread_scope_<scope>)",
        "fence.release.<scope>;",
    ),
    (
        "atomic_store(memory_order_release, thread_scope_<scope>)",
        "st.release.<scope>; (recommended) OR fence.release.<scope>; st.relaxed.<scope>;",
    ),
    (
        "atomic_<rmw op>(memory_order_release, thread_scope_<scope>)",
        "atom.release.<scope>.<rmw op>; (recommended) OR fence.release.<scope>; atom.relaxed.<scope>.<rmw op>;",
    ),
    // acquire
    (
        "atomic_thread_fence(memory_order_acquire, thread_scope_<scope>)",
        "fence.acquire.<scope>;",
    ),
    (
        "atomic_load(memory_order_acquire, thread_scope_<scope>)",
        "ld.acquire.<scope>; (recommended) OR ld.relaxed.<scope>; fence.acquire.<scope>;",
    ),
    (
        "atomic_<rmw op>(memory_order_acquire, thread_scope_<scope>)",
        "atom.acquire.<scope>.<rmw op>; (recommended) OR atom.relaxed.<scope>.<rmw op>; fence.acquire.<scope>;",
    ),
    // acquire-release
    (
        "atomic_thread_fence(memory_order_acq_rel, thread_scope_<scope>)",
        "fence.acq_rel.<scope>;",
    ),
    (
        "atomic_<rmw op>(memory_order_acq_rel, thread_scope_<scope>)",
        "atom.acq_rel.<scope>.<rmw op>; (recommended) OR fence.release.<scope>; atom.acquire.<scope>.<rmw op>; OR fence.release.<scope>; atom.relaxed.<scope>.<rmw op>; fence.acquire.<scope>;",
    ),
    // relaxed
    (
        "atomic_load(memory_order_relaxed, thread_scope_<scope>)",
        "ld.relaxed.<scope>;",
    ),
    (
        "atomic_store(memory_order_relaxed, thread_scope_<scope>)",
        "st.relaxed.<scope>;",
    ),
    (
        "atomic_<rmw op>(memory_order_relaxed, thread_scope_<scope>)",
        "atom.relaxed.<scope>.<rmw op>;",
    ),
];

/// A guide row read from its text alone: operation, order, sequences (recommended first), each
/// as its instructions' text (`ld.acquire.<scope>`).
struct GuideRow {
    op: Operation,
    order: MemoryOrder,
    sequences: Vec<Vec<String>>,
}

fn guide_rows() -> Vec<GuideRow> {
    GUIDE
        .iter()
        .map(|(api, cell)| {
            let (func, args) = api.split_once('(').unwrap();
            let op = match func {
                "atomic_thread_fence" => Operation::Fence,
                "atomic_load" => Operation::Load,
                "atomic_store" => Operation::Store,
                "atomic_<rmw op>" => Operation::Rmw,
                other => panic!("{other}"),
            };
            let order = match args.split(',').next().unwrap() {
                "memory_order_relaxed" => MemoryOrder::Relaxed,
                "memory_order_acquire" => MemoryOrder::Acquire,
                "memory_order_release" => MemoryOrder::Release,
                "memory_order_acq_rel" => MemoryOrder::AcqRel,
                "memory_order_seq_cst" => MemoryOrder::SeqCst,
                other => panic!("{other}"),
            };
            assert!(args.ends_with(" thread_scope_<scope>)"));
            let sequences = cell
                .split(" OR ")
                .enumerate()
                .map(|(i, seq)| {
                    let seq = if i == 0 && cell.contains(" OR ") {
                        seq.strip_suffix(" (recommended)")
                            .expect("first is recommended")
                    } else {
                        seq
                    };
                    seq.split(';')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect()
                })
                .collect();
            GuideRow {
                op,
                order,
                sequences,
            }
        })
        .collect()
}

#[test]
fn table_matches_the_guide_row_by_row() {
    let rows = guide_rows();
    assert_eq!(TABLE.len(), rows.len());
    for (m, row) in TABLE.iter().zip(&rows) {
        assert_eq!((m.op, m.order), (row.op, row.order), "row order");
        let ours: Vec<String> = m.sequences().map(|s| template(s).to_string()).collect();
        let theirs: Vec<String> = row
            .sequences
            .iter()
            .map(|s| {
                s.iter()
                    .map(|i| format!("{i};"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(ours, theirs, "{:?} {:?}", m.op, m.order);
        assert_eq!(m.recommended, m.sequences().next().unwrap());
        assert_eq!(m.alternatives.len(), row.sequences.len() - 1);
        assert_eq!(mapping(m.op, m.order), Some(m));
    }
    // Every (operation, order) the guide has no row for has no mapping.
    for op in Operation::ALL {
        for order in MemoryOrder::ALL {
            let in_guide = rows.iter().any(|r| r.op == op && r.order == order);
            assert_eq!(mapping(op, order).is_some(), in_guide, "{op:?} {order:?}");
        }
    }
    assert!(mapping(Operation::Fence, MemoryOrder::Relaxed).is_none());
    assert!(mapping(Operation::Load, MemoryOrder::Release).is_none());
    assert!(mapping(Operation::Store, MemoryOrder::Acquire).is_none());
}

// ---------------------------------------------------------------------------------------------
// Validity and strengthening
// ---------------------------------------------------------------------------------------------

/// Every instruction PTX has among fence/ld/st/atom with a memory-ordering qualifier.
fn all_steps() -> Vec<(&'static str, &'static str)> {
    let mut v = Vec::new();
    for sem in ["sc", "acq_rel", "acquire", "release"] {
        v.push(("fence", sem));
    }
    for sem in ["relaxed", "acquire"] {
        v.push(("ld", sem));
    }
    for sem in ["relaxed", "release"] {
        v.push(("st", sem));
    }
    for sem in ["relaxed", "acquire", "release", "acq_rel"] {
        v.push(("atom", sem));
    }
    v
}

/// The note's order on qualifiers, written out: relaxed < acquire, release < acq_rel < sc.
fn stronger_or_equal(a: &str, b: &str) -> bool {
    let rank = |s: &str| -> Vec<&str> {
        match s {
            "relaxed" => vec!["relaxed"],
            "acquire" => vec!["relaxed", "acquire"],
            "release" => vec!["relaxed", "release"],
            "acq_rel" => vec!["relaxed", "acquire", "release", "acq_rel"],
            "sc" => vec!["relaxed", "acquire", "release", "acq_rel", "sc"],
            _ => unreachable!(),
        }
    };
    rank(a).contains(&b)
}

/// C++: an implementation of a stronger order implements the weaker one.
fn order_implies(stronger: MemoryOrder, weaker: MemoryOrder) -> bool {
    use MemoryOrder::*;
    stronger == weaker
        || weaker == Relaxed
        || stronger == SeqCst
        || (stronger == AcqRel && matches!(weaker, Acquire | Release))
}

/// The reference: a candidate (instructions as `(opcode, sem)`) is valid for (op, order) iff a
/// guide sequence of a row of `op` with an order implying `order` has the same opcodes and
/// weaker-or-equal qualifiers.
fn reference_valid(
    rows: &[GuideRow],
    op: Operation,
    order: MemoryOrder,
    cand: &[(&str, &str)],
) -> bool {
    rows.iter()
        .filter(|r| r.op == op && order_implies(r.order, order))
        .flat_map(|r| &r.sequences)
        .any(|seq| {
            seq.len() == cand.len()
                && seq.iter().zip(cand).all(|(g, (opc, sem))| {
                    let mut parts = g.split('.');
                    let (gop, gsem) = (parts.next().unwrap(), parts.next().unwrap());
                    gop == *opc && stronger_or_equal(sem, gsem)
                })
        })
}

#[test]
fn validity_agrees_with_the_guide_and_its_strengthening_note() {
    let rows = guide_rows();
    let steps = all_steps();
    let mut candidates: Vec<Vec<(&str, &str)>> = vec![vec![]];
    for len in 1..=3 {
        let mut next = Vec::new();
        for c in candidates.iter().filter(|c| c.len() == len - 1) {
            for s in &steps {
                let mut c = c.clone();
                c.push(*s);
                next.push(c);
            }
        }
        candidates.extend(next);
    }
    let mut valid_count = 0;
    for op in Operation::ALL {
        for order in MemoryOrder::ALL {
            for scope in Scope::ALL {
                for cand in &candidates {
                    let text: String = cand
                        .iter()
                        .map(|(o, s)| format!("{o}.{s}.{}; ", scope.ptx()))
                        .collect();
                    let want = reference_valid(&rows, op, order, cand);
                    let got = is_valid_mapping_text(op, order, scope, &text).unwrap();
                    assert_eq!(got, want, "{op:?} {order:?} {scope:?}: {text}");
                    valid_count += usize::from(got);
                }
            }
        }
    }
    assert!(valid_count > 100, "{valid_count}");
}

#[test]
fn strengthening_examples() {
    use MemoryOrder::*;
    use Operation::*;
    let ok = |op, order, text: &str| {
        assert!(
            is_valid_mapping_text(op, order, Scope::Gpu, text).unwrap(),
            "{op:?} {order:?}: {text} should be valid"
        )
    };
    let bad = |op, order, text: &str| {
        assert!(
            !is_valid_mapping_text(op, order, Scope::Gpu, text).unwrap(),
            "{op:?} {order:?}: {text} should be invalid"
        )
    };
    // The note's own example.
    ok(Load, SeqCst, "fence.sc.gpu; ld.acquire.gpu;");
    ok(
        Load,
        SeqCst,
        "fence.sc.gpu; ld.relaxed.gpu; fence.acquire.gpu;",
    );
    ok(Load, SeqCst, "fence.sc.gpu; ld.acquire.gpu; fence.sc.gpu;");
    ok(Load, Relaxed, "ld.acquire.gpu.b32 %r1, [%rd1];");
    ok(
        Load,
        Acquire,
        "fence.sc.gpu; ld.acquire.gpu.b32 %r1, [%rd1];",
    );
    ok(Fence, Acquire, "fence.sc.gpu;");
    ok(Fence, Release, "fence.acq_rel.gpu;");
    ok(Fence, Release, "membar.gl;");
    ok(Rmw, Release, "atom.acq_rel.gpu.add.u32 %r1, [%rd1], %r2;");
    ok(Rmw, AcqRel, "atom.add.acq_rel.gpu.s32 %r1,[%rd1],%r2;"); // NVRTC's qualifier order
    ok(Rmw, Relaxed, "atom.global.add.u32 %r1, [%rd1], %r2;"); // PTX defaults .relaxed.gpu
    ok(
        Store,
        SeqCst,
        "fence.sc.gpu; st.release.gpu.b32 [%rd1], %r2;",
    );
    bad(Load, Acquire, "ld.relaxed.gpu;");
    bad(Load, SeqCst, "ld.acquire.gpu;");
    bad(Load, SeqCst, "fence.acq_rel.gpu; ld.acquire.gpu;");
    bad(Store, Release, "st.relaxed.gpu; fence.release.gpu;");
    bad(Fence, Release, "fence.acquire.gpu;");
    bad(Fence, Acquire, "fence.release.gpu;");
    // A relaxed fence has no row, but a fence of any stronger order implements it.
    ok(Fence, Relaxed, "fence.sc.gpu;");
    bad(Fence, Relaxed, "");
    bad(Load, Relaxed, "ld.acquire.cta;"); // another scope
    bad(
        Load,
        Relaxed,
        "ld.relaxed.gpu; ld.relaxed.gpu; ld.relaxed.gpu; ld.relaxed.gpu;",
    );
    bad(
        Rmw,
        SeqCst,
        "fence.sc.gpu; atom.acquire.sys.add.u32 %r1, [%rd1], %r2;",
    );
    // Instructions that PTX does not have are not strengthenings.
    assert_eq!(
        is_valid_mapping_text(
            Store,
            Relaxed,
            Scope::Gpu,
            "st.acquire.gpu.b32 [%rd1], %r1;"
        ),
        Err(ParseError::SemNotAllowed)
    );
    let fake = [Step::ld(Sem::Release).at(Scope::Gpu)];
    assert!(!is_valid_mapping(Load, Relaxed, Scope::Gpu, &fake));
}

#[test]
fn parsing_instructions() {
    let i = |t: &str| Instr::parse(t);
    let instr = |opcode, sem, scope| Ok(Instr { opcode, sem, scope });
    assert_eq!(
        i("fence.sc.gpu;"),
        instr(Opcode::Fence, Sem::Sc, Scope::Gpu)
    );
    assert_eq!(
        i("fence.cta"),
        instr(Opcode::Fence, Sem::AcqRel, Scope::Cta)
    );
    assert_eq!(i("membar.cta;"), instr(Opcode::Fence, Sem::Sc, Scope::Cta));
    assert_eq!(i("membar.sys"), instr(Opcode::Fence, Sem::Sc, Scope::Sys));
    assert_eq!(
        i("  @%p1 ld.acquire.cluster.shared::cluster.b64 %rd2, [%rd1+8];"),
        instr(Opcode::Ld, Sem::Acquire, Scope::Cluster)
    );
    assert_eq!(
        i("atom.cas.b32 %r1, [%rd1], %r2, %r3"),
        instr(Opcode::Atom, Sem::Relaxed, Scope::Gpu)
    );
    assert_eq!(i(""), Err(ParseError::Empty));
    assert_eq!(i(" ; "), Err(ParseError::Empty));
    assert_eq!(i("add.u32 %r1, %r2, %r3"), Err(ParseError::UnknownOpcode));
    assert_eq!(i("ld.global.u32 %r1, [%rd1]"), Err(ParseError::NotAtomic));
    assert_eq!(
        i("ld.relaxed.b32 %r1, [%rd1]"),
        Err(ParseError::MissingScope)
    );
    assert_eq!(i("fence.sc"), Err(ParseError::MissingScope));
    assert_eq!(i("fence.proxy.async;"), Err(ParseError::UnsupportedFence));
    assert_eq!(i("membar.proxy"), Err(ParseError::UnsupportedFence));
    assert_eq!(i("fence.sc.acq_rel.gpu"), Err(ParseError::Duplicate));
    assert_eq!(
        i("ld.acquire.gpu.sys.b32 %r1, [%rd1]"),
        Err(ParseError::Duplicate)
    );
    assert_eq!(i("fence.relaxed.gpu"), Err(ParseError::SemNotAllowed));
    assert_eq!(
        i("atom.sc.gpu.add.u32 %r1, [%rd1], %r2"),
        Err(ParseError::SemNotAllowed)
    );
    // Every rendered instruction reads back as itself.
    for m in &TABLE {
        for seq in m.sequences() {
            for scope in Scope::ALL {
                let text = render(seq, scope, &Operands::placeholder(RmwOp::Cas)).to_string();
                let back: Vec<Instr> = text
                    .split(';')
                    .filter(|p| !p.trim().is_empty())
                    .map(|p| Instr::parse(p).unwrap())
                    .collect();
                let want: Vec<Instr> = seq.iter().map(|s| s.at(scope)).collect();
                assert_eq!(back, want, "{text}");
                assert!(is_valid_mapping(m.op, m.order, scope, &back));
            }
        }
    }
}

#[test]
fn rendering() {
    let load = mapping(Operation::Load, MemoryOrder::SeqCst).unwrap();
    assert_eq!(
        render(load.recommended, Scope::Gpu, &Operands::PLACEHOLDER).to_string(),
        "fence.sc.gpu; ld.acquire.gpu.b32 %r1, [%rd1];"
    );
    assert_eq!(
        format!(
            "{:#}",
            render(load.alternatives[0], Scope::Sys, &Operands::PLACEHOLDER)
        ),
        "\tfence.sc.sys;\n\tld.relaxed.sys.b32 %r1, [%rd1];\n\tfence.acquire.sys;\n"
    );
    let rmw = mapping(Operation::Rmw, MemoryOrder::AcqRel).unwrap();
    let ops = Operands {
        ty: ".b64",
        space: ".global",
        dst: "%rd2",
        src: "%rd3",
        src2: "%rd4",
        addr: "%rd1+16",
        rmw: RmwOp::Cas,
    };
    assert_eq!(
        render(rmw.alternatives[1], Scope::Cluster, &ops).to_string(),
        "fence.release.cluster; atom.relaxed.cluster.global.cas.b64 %rd2, [%rd1+16], %rd3, %rd4; fence.acquire.cluster;"
    );
    let store = mapping(Operation::Store, MemoryOrder::Release).unwrap();
    assert_eq!(
        render(
            store.recommended,
            Scope::Cta,
            &Operands::placeholder(RmwOp::Add)
        )
        .to_string(),
        "st.release.cta.u32 [%rd1], %r2;"
    );
    assert_eq!(
        template(rmw.alternatives[0]).to_string(),
        "fence.release.<scope>; atom.acquire.<scope>.<rmw op>;"
    );
    assert_eq!(
        Step::atom(Sem::Relaxed).at(Scope::Gpu).to_string(),
        "atom.relaxed.gpu"
    );
    assert_eq!(Scope::Gpu.cuda_name(), "thread_scope_device");
    assert_eq!(MemoryOrder::AcqRel.name(), "memory_order_acq_rel");
}

// ---------------------------------------------------------------------------------------------
// ptxas
// ---------------------------------------------------------------------------------------------

/// Every rendered sequence: (label, text) for each row × sequence × scope × operand variant.
fn every_rendering() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (r, m) in TABLE.iter().enumerate() {
        for (s, seq) in m.sequences().enumerate() {
            for scope in Scope::ALL {
                let mut variants: Vec<Operands<'static>> = Vec::new();
                let b32 = Operands::PLACEHOLDER;
                let b64 = Operands {
                    ty: ".b64",
                    dst: "%rd2",
                    src: "%rd3",
                    src2: "%rd4",
                    ..Operands::PLACEHOLDER
                };
                if m.op == Operation::Rmw {
                    for rmw in RmwOp::ALL {
                        variants.push(Operands::placeholder(rmw));
                        if let Some(ty) = rmw.type64() {
                            variants.push(Operands { ty, rmw, ..b64 });
                        }
                    }
                } else {
                    variants.push(b32);
                    variants.push(b64);
                }
                let globals: Vec<Operands<'static>> = variants
                    .iter()
                    .map(|v| Operands {
                        space: ".global",
                        ..*v
                    })
                    .collect();
                variants.extend(globals);
                for (v, ops) in variants.iter().enumerate() {
                    out.push((
                        format!("r{r}_s{s}_{}_{v}", scope.ptx()),
                        format!("{:#}", render(seq, scope, ops)),
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn ptxas_assembles_every_rendered_sequence() {
    let Some(ptxas) = common::ptxas() else { return };
    let all = every_rendering();
    // 13 non-RMW sequences × 2 types, 10 RMW sequences × 18 operation/type pairs, × 4 scopes,
    // × generic and .global addresses.
    assert_eq!(all.len(), (13 * 2 + 10 * 18) * 4 * 2);
    let mut module = String::from(".version 8.8\n.target sm_90\n.address_size 64\n\n");
    for (label, body) in &all {
        writeln!(
            module,
            ".visible .entry {label}(.param .u64 p)\n{{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<5>;\n\
             \tld.param.u64 %rd1, [p];\n\tmov.u32 %r2, 1;\n\tmov.u32 %r3, 2;\n\
             \tmov.u64 %rd3, 1;\n\tmov.u64 %rd4, 2;\n{body}\tst.u32 [%rd1], %r1;\n\tst.u64 [%rd1], %rd2;\n\tret;\n}}\n"
        )
        .unwrap();
    }
    if let Err(e) = ptxas.assemble(&module, "sm_90") {
        // Name the offending sequences.
        let lines: Vec<&str> = module.lines().collect();
        let mut context = String::new();
        for l in e.lines().filter_map(|l| {
            l.split(", line ")
                .nth(1)
                .and_then(|r| r.split(';').next())
                .and_then(|n| n.parse::<usize>().ok())
        }) {
            writeln!(context, "line {l}: {}", lines.get(l - 1).unwrap_or(&"?")).unwrap();
        }
        panic!("{e}\n{context}");
    }
}

// ---------------------------------------------------------------------------------------------
// NVRTC
// ---------------------------------------------------------------------------------------------

const NV_ORDERS: [(&str, MemoryOrder); 6] = [
    ("RELAXED", MemoryOrder::Relaxed),
    ("CONSUME", MemoryOrder::Acquire), // C++ consume is implemented as acquire
    ("ACQUIRE", MemoryOrder::Acquire),
    ("RELEASE", MemoryOrder::Release),
    ("ACQ_REL", MemoryOrder::AcqRel),
    ("SEQ_CST", MemoryOrder::SeqCst),
];
const NV_SCOPES: [(&str, Scope); 4] = [
    ("BLOCK", Scope::Cta),
    ("CLUSTER", Scope::Cluster),
    ("DEVICE", Scope::Gpu),
    ("SYSTEM", Scope::Sys),
];

/// The atomic instructions of each function of the PTX, by name.
fn atomic_bodies(ptx: &str) -> Vec<(String, Vec<Instr>)> {
    let mut out: Vec<(String, Vec<Instr>)> = Vec::new();
    for line in ptx.lines() {
        if let Some(rest) = line.strip_prefix(".visible .func") {
            let name = rest
                .split_whitespace()
                .find(|w| w.starts_with("nv_"))
                .and_then(|w| w.split('(').next())
                .unwrap_or_default();
            out.push((name.to_string(), Vec::new()));
            continue;
        }
        let t = line.trim();
        let mnemonic = t.split_whitespace().next().unwrap_or("");
        let parts: Vec<&str> = mnemonic.split('.').collect();
        let atomic = match parts[0] {
            "fence" | "membar" | "atom" | "red" => true,
            "ld" | "st" => parts
                .iter()
                .any(|p| matches!(*p, "relaxed" | "acquire" | "release" | "volatile")),
            _ => false,
        };
        if atomic {
            let instr = Instr::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            out.last_mut().expect("inside a function").1.push(instr);
        }
    }
    out
}

#[test]
fn what_nvrtc_emits_is_a_valid_mapping() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let mut src = String::new();
    let mut expect: Vec<(String, Operation, MemoryOrder, Scope)> = Vec::new();
    for (o, order) in NV_ORDERS {
        for (s, scope) in NV_SCOPES {
            let mo = format!("__NV_ATOMIC_{o}");
            let sc = format!("__NV_THREAD_SCOPE_{s}");
            let mut f = |op: Operation, name: &str, sig: &str, body: String| {
                let name = format!("nv_{name}_{o}_{s}").to_lowercase();
                writeln!(
                    src,
                    "extern \"C\" __device__ {sig} {{ {body}; }}",
                    sig = sig.replace("NAME", &name)
                )
                .unwrap();
                expect.push((name, op, order, scope));
            };
            // A relaxed fence has no row (C++: it does nothing); NVRTC emits fence.sc for it.
            f(
                Operation::Fence,
                "fence",
                "void NAME()",
                format!("__nv_atomic_thread_fence({mo}, {sc})"),
            );
            if !matches!(order, MemoryOrder::Release | MemoryOrder::AcqRel) {
                f(
                    Operation::Load,
                    "load",
                    "int NAME(int* p)",
                    format!("return __nv_atomic_load_n(p, {mo}, {sc})"),
                );
                f(
                    Operation::Load,
                    "load64",
                    "double NAME(double* p)",
                    format!("double v; __nv_atomic_load(p, &v, {mo}, {sc}); return v"),
                );
            }
            if matches!(
                order,
                MemoryOrder::Relaxed | MemoryOrder::Release | MemoryOrder::SeqCst
            ) {
                f(
                    Operation::Store,
                    "store",
                    "void NAME(int* p, int v)",
                    format!("__nv_atomic_store_n(p, v, {mo}, {sc})"),
                );
            }
            for (name, call) in [
                ("add", "__nv_atomic_fetch_add(p, v, MO, SC)"),
                ("sub", "__nv_atomic_fetch_sub(p, v, MO, SC)"),
                ("and", "__nv_atomic_fetch_and(p, v, MO, SC)"),
                ("or", "__nv_atomic_fetch_or(p, v, MO, SC)"),
                ("xor", "__nv_atomic_fetch_xor(p, v, MO, SC)"),
                ("min", "__nv_atomic_fetch_min(p, v, MO, SC)"),
                ("max", "__nv_atomic_fetch_max(p, v, MO, SC)"),
                ("exch", "__nv_atomic_exchange_n(p, v, MO, SC)"),
                ("cas", "int e = 0; return __nv_atomic_compare_exchange_n(p, &e, v, false, MO, __NV_ATOMIC_RELAXED, SC)"),
            ] {
                let call = call.replace("MO", &mo).replace("SC", &sc);
                let body = if call.starts_with("int e") { call } else { format!("return {call}") };
                f(Operation::Rmw, name, "int NAME(int* p, int v)", body);
            }
        }
    }
    let ptx = nvrtc
        .compile(
            &src,
            &["--gpu-architecture=compute_90", "-rdc=true", "-std=c++20"],
        )
        .unwrap_or_else(|e| panic!("{}\n{src}", e.log));
    let bodies = atomic_bodies(&ptx);
    let mut recommended = 0;
    for (name, op, order, scope) in &expect {
        let seq = &bodies
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no function {name} in NVRTC's PTX"))
            .1;
        assert!(
            is_valid_mapping(*op, *order, *scope, seq),
            "NVRTC's {name}: {seq:?} is not a valid mapping of {op:?} {order:?} {scope:?}"
        );
        if let Some(m) = mapping(*op, *order) {
            let rec: Vec<Instr> = m.recommended.iter().map(|s| s.at(*scope)).collect();
            recommended += usize::from(*seq == rec);
        }
    }
    // NVRTC 12.9 follows the recommended mapping for everything but fences, which it
    // strengthens to fence.sc (acquire, release) — still valid by the note.
    assert!(
        recommended * 2 > expect.len(),
        "{recommended} of {}",
        expect.len()
    );
}
