//! `cargo xtask test-gpu`: the GPU end-to-end suite (`oracle-tests/tests/gpu.rs`, a sample of
//! the corpus plus fresh cases of a live seed on every launch path; `gpu_rust_kernel.rs`, a
//! kernel rustc built, launched with cudarc's buffers), `examples/launch.rs` (cudarc) and
//! `examples/launch_cuda_core.rs` (NVIDIA's cuda-core, built with the toolkit
//! `cargo xtask test-cuda-core` assembles). All run in `dev` and in `release`. Without a GPU
//! they build, and say in one line that they skipped; `PTX_ABI_REQUIRE_GPU=1` makes that a
//! failure. `cargo xtask test` runs this too when [`gpu_present`]; everywhere, it builds the
//! GPU suite (a sample of its cases) in `release` with the optimized proofs
//! (`profiles::EVERY_PROOF`).

use crate::test::{cargo, fresh_seed};
use ptx_abi_nvtools::{fetch, pins};
use std::path::Path;

/// Whether this machine looks like it has an NVIDIA GPU and driver: a `/dev/nvidia0` device
/// node, or `nvidia-smi -L` succeeding.
pub fn gpu_present() -> bool {
    Path::new("/dev/nvidia0").exists()
        || std::process::Command::new("nvidia-smi")
            .arg("-L")
            .output()
            .is_ok_and(|o| o.status.success())
}

/// Runs the suite; `args` may hold `--seed N`.
pub fn run(args: &[String]) -> Result<(), String> {
    let seed = match args {
        [] => fresh_seed(),
        [flag, n] if flag == "--seed" => n
            .parse()
            .map_err(|_| format!("`--seed` takes a number, found `{n}`"))?,
        _ => {
            return Err(format!(
                "usage: cargo xtask test-gpu [--seed N] (got {args:?})"
            ))
        }
    };
    run_with_seed(seed)
}

/// Runs the suite with live seed `seed`.
pub fn run_with_seed(seed: u64) -> Result<(), String> {
    let nvrtc = fetch::fetch(&pins::NVRTC_WHEEL, &fetch::cache_dir())?;
    eprintln!(
        "xtask: GPU suite, live seed {seed} (replay with `cargo xtask test-gpu --seed {seed}`)"
    );
    let mut env = vec![
        (pins::NVRTC_ENV, nvrtc.display().to_string()),
        ("PTX_ABI_LIVE_SEED", seed.to_string()),
        (fetch::REQUIRE_ORACLE_ENV, "1".to_string()),
    ];
    if gpu_present() {
        // A GPU that is there but cannot be used is a failure, not a skip.
        env.push(("PTX_ABI_REQUIRE_GPU", "1".to_string()));
    }
    // In `dev` and in `release` (issue 20: the derived code users ship is optimized).
    let mut cuda_core_env = env.clone();
    cuda_core_env.extend(crate::cuda_core::toolkit_env()?);
    for profile in ["dev", "release"] {
        cargo(&[&SUITE[..], &["--profile", profile]].concat(), &env)?;
        cargo(&[&LAUNCH[..], &["--profile", profile]].concat(), &env)?;
        cargo(
            &[&LAUNCH_CUDA_CORE[..], &["--profile", profile]].concat(),
            &cuda_core_env,
        )?;
    }
    Ok(())
}

/// The GPU suite's `cargo` arguments (before the profile).
const SUITE: [&str; 9] = [
    "test",
    "-p",
    "oracle-tests",
    "--features",
    "gpu",
    "--test",
    "gpu",
    // A kernel written in Rust (issue 29): its PTX built with nightly here, launched there.
    "--test",
    "gpu_rust_kernel",
];
/// `examples/launch.rs`'s.
const LAUNCH: [&str; 5] = ["run", "--example", "launch", "--features", "cudarc"];
/// `examples/launch_cuda_core.rs`'s.
const LAUNCH_CUDA_CORE: [&str; 5] = [
    "run",
    "--example",
    "launch_cuda_core",
    "--features",
    "cuda-core",
];
