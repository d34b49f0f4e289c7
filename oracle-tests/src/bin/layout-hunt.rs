//! `layout-hunt`: a fast search for layout bugs, many more cases than the derive-based suites
//! can afford to compile. Generates cases, asks NVRTC, and checks each through ptx-abi's
//! layout engine called at run time on type descriptions built from the case
//! ([`oracle_tests::engine::check`], as the golden corpus's engine test does): size,
//! alignment, member offsets, the value's image and its decoding, `.param` declarations.
//!
//! ```text
//! cargo run --release -p oracle-tests --bin layout-hunt -- [--seed S] [--cases N] [--enums]
//! ```
//!
//! Prints each disagreement with the CUDA definitions and exits non-zero if there was one.

use std::process::ExitCode;

use oracle_tests::engine;
use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::gen::{self, Case, Options};
use ptx_abi_oracle::probe::{default_threads, probe_all, BATCH};

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
        let (d, _) = engine::check(c, a);
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
