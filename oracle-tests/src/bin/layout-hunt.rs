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

use oracle_tests::engine::{decl, Descs};
use ptx_abi::layout::Placements;
use ptx_abi::{layout_of, AddressSize, ParamSpace};
use ptx_abi_oracle::gen::{self, Case, Options};
use ptx_abi_oracle::nvrtc::Nvrtc;
use ptx_abi_oracle::probe::{default_threads, probe_all, Answer, BATCH};

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
