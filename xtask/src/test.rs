//! `cargo xtask test`: the README's test command. Fetches NVIDIA's tools, then runs every test
//! of the workspace with the live NVRTC oracle switched on, on a fresh random seed.

use crate::fetch;
use crate::fuzz;
use crate::profiles::{self, Toolchain};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// Runs the whole test suite; `args` may hold `--seed N` to replay a live-oracle run.
pub fn run(args: &[String]) -> Result<(), String> {
    let seed = match args {
        [] => fresh_seed(),
        [flag, n] if flag == "--seed" => n
            .parse()
            .map_err(|_| format!("`--seed` takes a number, found `{n}`"))?,
        _ => return Err(format!("usage: cargo xtask test [--seed N] (got {args:?})")),
    };
    let cache = fetch::cache_dir();
    let nvrtc = fetch::fetch(&fetch::NVRTC_WHEEL, &cache)?;
    let ptxas = fetch::fetch(&fetch::PTXAS_WHEEL, &cache)?;
    let headers = fetch::fetch(&fetch::CUDA_HEADERS_WHEEL, &cache)?;
    let include = headers.parent().unwrap_or(&headers).display().to_string();
    let headers13 = fetch::fetch(&fetch::CUDA13_HEADERS_WHEEL, &cache)?;
    let include13 = headers13
        .parent()
        .unwrap_or(&headers13)
        .display()
        .to_string();
    let cuobjdump = fetch::fetch(&fetch::CUOBJDUMP_WHEEL, &cache)?;
    let zig = fetch::fetch(&fetch::ZIG_WHEEL, &cache)?;
    eprintln!("xtask: NVRTC      {}", nvrtc.display());
    eprintln!("xtask: ptxas      {}", ptxas.display());
    eprintln!("xtask: cuobjdump  {}", cuobjdump.display());
    eprintln!("xtask: clang      {} clang", zig.display());
    eprintln!("xtask: CUDA headers {include}");
    eprintln!("xtask: live oracle seed {seed} (replay with `cargo xtask test --seed {seed}`)");
    let env = [
        (fetch::NVRTC_ENV, nvrtc.display().to_string()),
        (fetch::PTXAS_ENV, ptxas.display().to_string()),
        (fetch::CUDA_INCLUDE_ENV, include),
        (fetch::CUDA13_INCLUDE_ENV, include13),
        (fetch::CUOBJDUMP_ENV, cuobjdump.display().to_string()),
        (fetch::ZIG_ENV, zig.display().to_string()),
        ("PTX_ABI_LIVE_SEED", seed.to_string()),
        // With the tools fetched, a test that cannot find them fails instead of skipping.
        (fetch::REQUIRE_ORACLE_ENV, "1".to_string()),
    ];
    cargo(
        &[
            "test",
            "--workspace",
            "--features",
            "ptx-abi/half,ptx-abi/bytemuck,ptx-abi/cudarc,ptx-abi/nvrtc",
        ],
        &env,
    )?;
    // Built on its own: within the workspace run above features unify, so `alloc` (a default
    // feature) would be on for it too. Alone it proves core builds and derives without `alloc`.
    cargo(&["build", "-p", "ptx-abi-no-std-check", "--quiet"], &[])?;
    // What users ship (issue 20): the proofs that depend on the optimizer, again in `release`
    // and `aggressive`, and on nightly; the workspace run above was `dev`.
    profiles::repro(Toolchain::Pinned, profiles::DEV, &env)?;
    for profile in profiles::OPTIMIZED {
        profiles::prove(Toolchain::Pinned, profile, &env, profiles::EVERY_PROOF)?;
    }
    let nightly = Toolchain::Rustup("nightly");
    if nightly.available() {
        for profile in profiles::OPTIMIZED {
            profiles::prove(nightly, profile, &env, profiles::CORPUS_AND_REPRO)?;
        }
    } else {
        eprintln!("xtask: rustup has no nightly toolchain here: the nightly proofs are skipped");
    }
    profiles::msrv()?;
    if crate::gpu::gpu_present() {
        eprintln!("xtask: a GPU is present: running the GPU end-to-end suite");
        crate::gpu::run_with_seed(seed)?;
    } else {
        eprintln!(
            "xtask: no GPU here: the GPU end-to-end suite (`cargo xtask test-gpu`) is only built, in release"
        );
        crate::gpu::build_only(&env)?;
    }
    fuzz(seed, &env)
}

/// The fuzz targets (issue 23), each for [`fuzz::TEST_SECONDS`] or `PTX_ABI_FUZZ_SECONDS`
/// (0: skipped), with libFuzzer's seed taken from the live seed so that `--seed` replays them
/// too.
fn fuzz(seed: u64, env: &[(&str, String)]) -> Result<(), String> {
    let seconds = match std::env::var("PTX_ABI_FUZZ_SECONDS") {
        Ok(s) => s
            .trim()
            .parse()
            .map_err(|_| format!("PTX_ABI_FUZZ_SECONDS={s:?} is not a number of seconds"))?,
        Err(_) => fuzz::TEST_SECONDS,
    };
    if seconds == 0 {
        eprintln!("xtask: PTX_ABI_FUZZ_SECONDS=0: the fuzz targets are skipped");
        return Ok(());
    }
    let zig: Vec<(&str, String)> = env
        .iter()
        .filter(|(k, _)| *k == fetch::ZIG_ENV)
        .cloned()
        .collect();
    let opts = fuzz::Options {
        seconds,
        seed,
        asan: false,
        only: Vec::new(),
    };
    fuzz::fuzz(&opts, &zig)
}

pub fn fresh_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (now as u64) ^ ((now >> 64) as u64) ^ u64::from(std::process::id()).rotate_left(32)
}

/// Runs `cargo` with `args` and extra environment variables `env`, failing on a non-zero exit.
pub(crate) fn cargo(args: &[&str], env: &[(&str, String)]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    cargo_with(Command::new(cargo), args, env)
}

/// [`cargo`] through `command` (a toolchain's cargo, see `profiles::Toolchain`).
pub(crate) fn cargo_with(
    mut command: Command,
    args: &[&str],
    env: &[(&str, String)],
) -> Result<(), String> {
    eprintln!("xtask: cargo {}", args.join(" "));
    let status = command
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed ({status})", args.join(" ")))
    }
}
