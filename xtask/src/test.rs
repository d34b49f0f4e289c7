//! `cargo xtask test`: the README's test command. Fetches NVIDIA's tools, then runs every test
//! of the workspace with the live NVRTC oracle switched on, on a fresh random seed.

use crate::fuzz;
use crate::profiles::{self, Toolchain};
use ptx_abi_nvtools::{fetch, pins};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// Runs the whole test suite; `args` may hold `--seed N` to replay a live-oracle run.
///
/// In order: every test of the workspace in `dev` on the pinned toolchain ([`suite`], the UI
/// cases in a second process beside the rest); cuda-core's step ([`cuda_core`]) and the CUDA
/// 13.5 build ([`cuda13`]), the repro crate in `dev` beside them; the optimized proofs on the
/// pinned toolchain ([`profiles::prove`]: every proof in `release`, the derived code's in
/// `aggressive`, each profile's programs two at a time); meanwhile, each in a process of its
/// own with its output to a log, the repro crate's programs in `release` and `aggressive` on nightly ([`nightly`] with
/// [`REPRO_ONLY`], summarized at the end), the public API snapshot (printed whole) and the fuzz
/// targets' build; the minimum-toolchain check; the GPU suite; the fuzz targets' runs.
pub fn run(args: &[String]) -> Result<(), String> {
    let seed = seed_arg("test", args)?;
    let env = tool_env(seed)?;
    eprintln!("xtask: live oracle seed {seed} (replay with `cargo xtask test --seed {seed}`)");
    suite(Toolchain::Pinned, &env)?;
    // The repro crate in `dev` (its own target directory) beside cuda-core's step and the
    // CUDA 13.5 build, whose build scripts and test programs leave a core idle part of the time.
    profiles::repro_beside(Toolchain::Pinned, profiles::DEV, &env, || {
        cuda_core(&env).and_then(|()| cuda13(&env))
    })?;
    // Built on its own: within the workspace run above features unify, so `alloc` (a default
    // feature) would be on for it too. Alone it proves core builds and derives without `alloc`.
    cargo(&["build", "-p", "ptx-abi-no-std-check", "--quiet"], &[])?;
    // The CUDA 13.5 build and the no-std check reused the suite's `dev` dependencies; now
    // nothing reads them.
    discard_dev(Toolchain::Pinned);
    // What users ship (issue 20): the proofs that depend on the optimizer, again in `release`
    // and `aggressive`. Nightly runs beside them in a second process: its builds and the
    // pinned ones rarely keep both cores busy at the same moment.
    let nightly = Toolchain::Rustup(NIGHTLY);
    // Beside them too, in target directories of their own (so that neither waits for the
    // proofs' build lock): the public API check and the fuzz targets' build, whose runs come
    // last.
    let fuzz_seconds = fuzz_seconds()?;
    let fuzz_build = if fuzz_seconds == 0 {
        None
    } else {
        Some(profiles::Background::spawn(
            "the fuzz targets' build".to_string(),
            fuzz::Build::new(false)?.command(),
            &Toolchain::Pinned.log("fuzz-build.log"),
        )?)
    };
    let public_api =
        profiles::Background::xtask("public-api", &[], &Toolchain::Pinned.log("public-api.log"))?;
    let nightly_run = if nightly.available() {
        Some(profiles::Background::start(
            "test-nightly",
            &[REPRO_ONLY],
            seed,
            &nightly.log_path(),
        )?)
    } else {
        eprintln!("xtask: rustup has no nightly toolchain here: the nightly run is skipped");
        None
    };
    let [release, aggressive] = profiles::OPTIMIZED;
    let pinned =
        profiles::prove(Toolchain::Pinned, release, &env, profiles::EVERY_PROOF).and_then(|()| {
            profiles::prove(Toolchain::Pinned, aggressive, &env, profiles::DERIVED_CODE)
        });
    let nightly_result = nightly_run.map_or(Ok(()), profiles::Background::finish);
    // Every change to the public surface is a reviewed diff of tests/public-api/*.txt.
    let public_api_result = public_api.finish_printing_all();
    profiles::discard(crate::public_api::target_dir());
    pinned?;
    nightly_result?;
    public_api_result?;
    profiles::msrv()?;
    if crate::gpu::gpu_present() {
        eprintln!("xtask: a GPU is present: running the GPU end-to-end suite");
        crate::gpu::run_with_seed(seed)?;
    } else {
        eprintln!(
            "xtask: no GPU here: the GPU end-to-end suite (`cargo xtask test-gpu`) was built in \
             release with the proofs, a sample of its cases, and is not run"
        );
    }
    if let Some(build) = fuzz_build {
        build.finish()?;
    }
    fuzz(seed, fuzz_seconds, &env)
}

/// `cargo xtask tools`: fetches (once) every tool [`run`] fetches, printing where each is.
pub fn fetch_tools() -> Result<(), String> {
    tool_env(0).map(|_| ())
}

/// Seconds per fuzz target: [`fuzz::TEST_SECONDS`] or `PTX_ABI_FUZZ_SECONDS` (0: skipped).
fn fuzz_seconds() -> Result<u64, String> {
    match std::env::var("PTX_ABI_FUZZ_SECONDS") {
        Ok(s) => s
            .trim()
            .parse()
            .map_err(|_| format!("PTX_ABI_FUZZ_SECONDS={s:?} is not a number of seconds")),
        Err(_) => Ok(fuzz::TEST_SECONDS),
    }
}

/// The fuzz targets (issue 23), each for `seconds` ([`fuzz_seconds`]), with libFuzzer's seed
/// taken from the live seed so that `--seed` replays them too.
fn fuzz(seed: u64, seconds: u64, env: &[(&str, String)]) -> Result<(), String> {
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

/// The nightly toolchain the suite is also proved on (issue 20).
pub const NIGHTLY: &str = "nightly";

/// `test-nightly`'s flag for what `cargo xtask test` runs of it: the repro crate's programs
/// (both miscompilations of docs/release-miscompile.md) in `release` and `aggressive`. The
/// whole suite in `dev` and the golden corpus in the optimized profiles on nightly take as
/// long again as the rest of `.ci/run` on two cores (a CI run with nightly's `release` corpus
/// beside the pinned builds had taken 70 minutes when it stopped, before its last steps; with
/// the repro crate only, a fresh-clone run took 41); the pinned toolchain proves
/// those, and `cargo xtask test-nightly` without the flag runs them on nightly.
pub const REPRO_ONLY: &str = "--repro-only";

/// `cargo xtask test-nightly [--repro-only] [--seed N]`: the whole suite in `dev` on
/// nightly, then the golden corpus and the repro crate in `release` and `aggressive` on
/// nightly; with `--repro-only`, the repro crate in `release` and `aggressive` only (what
/// `cargo xtask test` runs in the background).
pub fn nightly(args: &[String]) -> Result<(), String> {
    let repro_only = args.first().is_some_and(|a| a == REPRO_ONLY);
    let args = if repro_only { &args[1..] } else { args };
    let seed = seed_arg("test-nightly", args)?;
    let toolchain = Toolchain::Rustup(NIGHTLY);
    if !toolchain.available() {
        return Err(format!(
            "rustup has no `{NIGHTLY}` toolchain (`rustup toolchain install {NIGHTLY}`)"
        ));
    }
    let env = tool_env(seed)?;
    eprintln!("xtask: nightly run, live oracle seed {seed}");
    if repro_only {
        for profile in profiles::OPTIMIZED {
            profiles::repro(toolchain, profile, &env)?;
        }
        return Ok(());
    }
    suite(toolchain, &env)?;
    discard_dev(toolchain);
    for profile in profiles::OPTIMIZED {
        profiles::prove(toolchain, profile, &env, profiles::CORPUS_AND_REPRO)?;
    }
    Ok(())
}

/// `--seed N`, or a fresh seed.
fn seed_arg(cmd: &str, args: &[String]) -> Result<u64, String> {
    match args {
        [] => Ok(fresh_seed()),
        [flag, n] if flag == "--seed" => n
            .parse()
            .map_err(|_| format!("`--seed` takes a number, found `{n}`")),
        _ => Err(format!(
            "usage: cargo xtask {cmd} [--seed N] (got {args:?})"
        )),
    }
}

/// Fetches NVIDIA's tools (once) and returns the environment every test run gets: their
/// paths, the live seed, and `PTX_ABI_REQUIRE_ORACLE=1` (with the tools fetched, a test that
/// cannot find them fails instead of skipping).
fn tool_env(seed: u64) -> Result<Vec<(&'static str, String)>, String> {
    let cache = fetch::cache_dir();
    let nvrtc = fetch::fetch(&pins::NVRTC_WHEEL, &cache)?;
    let ptxas = fetch::fetch(&fetch::PTXAS_WHEEL, &cache)?;
    // CUDA 12.9's runtime headers with cuRAND's and CCCL's, as a CUDA install's include/.
    let include = ptx_abi_nvtools::toolkit::CUDA_12_9_HEADERS
        .assemble(&cache)?
        .display()
        .to_string();
    let headers13 = fetch::fetch(&fetch::CUDA13_HEADERS_WHEEL, &cache)?;
    let include13 = headers13
        .parent()
        .unwrap_or(&headers13)
        .display()
        .to_string();
    let cuobjdump = fetch::fetch(&fetch::CUOBJDUMP_WHEEL, &cache)?;
    // nvcc 13.5 (issue 30): the checks compiled by the compiler users build with.
    let nvcc = ptx_abi_nvtools::toolkit::NVCC_13_5.assemble(&cache)?;
    let zig = fetch::fetch(&fetch::ZIG_WHEEL, &cache)?;
    // The other CUDA releases (issue 22): the golden corpus and the parameter limits are
    // checked against each; the headers serve the checks of the CUDA version a user chooses.
    let mut releases = Vec::new();
    for t in fetch::TOOLKITS
        .iter()
        .filter(|t| t.nvrtc != pins::NVRTC_WHEEL)
    {
        let nvrtc = fetch::fetch(&t.nvrtc, &cache)?;
        let ptxas = fetch::fetch(&t.ptxas, &cache)?;
        let headers = fetch::fetch(&t.headers, &cache)?;
        let include = headers.parent().unwrap_or(&headers).display().to_string();
        // CUDA 13.5's include/ with cuRAND's and CCCL's headers: the nvcc tree's.
        let include = match ptx_abi_nvtools::toolkit::NvccToolkit::include_of(&nvcc) {
            Some(tree) if t.version == ptx_abi_nvtools::toolkit::NVCC_13_5.version => {
                tree.display().to_string()
            }
            _ => include,
        };
        eprintln!("xtask: CUDA {}: NVRTC {}", t.version, nvrtc.display());
        eprintln!("xtask: CUDA {}: ptxas {}", t.version, ptxas.display());
        releases.push((t.nvrtc_env, nvrtc.display().to_string()));
        releases.push((t.ptxas_env, ptxas.display().to_string()));
        releases.push((t.include_env, include));
    }
    eprintln!("xtask: NVRTC      {}", nvrtc.display());
    eprintln!("xtask: ptxas      {}", ptxas.display());
    eprintln!("xtask: cuobjdump  {}", cuobjdump.display());
    eprintln!("xtask: nvcc 13.5  {}", nvcc.display());
    eprintln!("xtask: clang      {} clang", zig.display());
    eprintln!("xtask: CUDA headers {include}");
    let mut env = vec![
        (pins::NVRTC_ENV, nvrtc.display().to_string()),
        (fetch::PTXAS_ENV, ptxas.display().to_string()),
        (fetch::CUDA_INCLUDE_ENV, include),
        (fetch::CUDA13_INCLUDE_ENV, include13),
        (fetch::CUOBJDUMP_ENV, cuobjdump.display().to_string()),
        (
            ptx_abi_nvtools::toolkit::NVCC_13_5.env,
            nvcc.display().to_string(),
        ),
        (fetch::ZIG_ENV, zig.display().to_string()),
        ("PTX_ABI_LIVE_SEED", seed.to_string()),
        (fetch::REQUIRE_ORACLE_ENV, "1".to_string()),
    ];
    env.extend(releases);
    // On CI every build starts from an empty target directory: incremental compilation's
    // bookkeeping would only cost time and disk (it does not change the code `dev` produces).
    if std::env::var_os("CI").is_some() {
        env.push(("CARGO_INCREMENTAL", "0".to_string()));
    }
    Ok(env)
}

/// The user's CUDA release is an input (issue 22): the suites that depend on it, built for
/// CUDA 13.5 (`--features cuda-13050`) and checked against NVRTC 13.5 with its headers, in
/// the suite's target directory (the feature gives the crates that see it their own
/// artifacts; their dependencies are the suite's, already built).
fn cuda13(env: &[(&str, String)]) -> Result<(), String> {
    let mut env = env.to_vec();
    eprintln!("xtask: the CUDA 13.5 build (feature cuda-13050) against NVRTC 13.5");
    cargo(
        &[
            "test",
            "-p",
            "ptx-abi",
            "--features",
            "nvrtc,cuda-13050",
            "--test",
            "data_nvrtc",
            "--test",
            "abi_nvrtc",
            // The modules about the CUDA release: the chosen release's layouts, the C++
            // spellings of CUDA's types, and nvcc 13.5 against NVRTC 13.5.
            "--",
            "cuda_version::",
            "cxx::",
            "nvcc::",
        ],
        &env,
    )?;
    // The importer's emitted checks find NVRTC as a user's program does (`PTX_ABI_NVRTC`),
    // and refuse one of another major release: here, NVRTC 13.5.
    let nvrtc13 = env
        .iter()
        .find(|(k, _)| *k == "PTX_ABI_NVRTC_13_5")
        .map(|(_, v)| v.clone())
        .ok_or("xtask fetched no NVRTC 13.5 (PTX_ABI_NVRTC_13_5)")?;
    env.push((pins::NVRTC_ENV, nvrtc13));
    // nvcc 13.5 with gcc (issue 30), the compiler users build with, found as a user's program
    // finds it (`PTX_ABI_NVCC`). In reach for both runs below, so that one build serves both:
    // the build script then also imports the `includes_nvcc_*` headers, whose layouts only
    // nvcc gives.
    let nvcc = env
        .iter()
        .find(|(k, _)| *k == ptx_abi_nvtools::toolkit::NVCC_13_5.env)
        .map(|(_, v)| v.clone())
        .ok_or("xtask assembled no nvcc 13.5")?;
    env.push((ptx_abi_nvtools::nvcc::NVCC_ENV, nvcc));
    let checks = [
        "test",
        "-p",
        "ptx-abi-import-checks",
        "--features",
        "cuda-13050",
        "--test",
        "cxx",
        "--test",
        "names",
        "--test",
        "tamper",
        "--test",
        "includes",
    ];
    // NVRTC 13.5 checks every header it can compile: not the `includes_nvcc_*` ones, which
    // include host C++ headers (`<bitset>`) NVRTC cannot open; their emitted checks live in
    // modules of the header's name, which `--skip` leaves out of this run.
    let with_checker = |checker: &str| {
        let mut env = env.clone();
        env.push(("PTX_ABI_CHECKER", checker.to_string()));
        env
    };
    let mut nvrtc_run = checks.to_vec();
    nvrtc_run.extend(["--", "--skip", "includes_nvcc_"]);
    cargo(&nvrtc_run, &with_checker("nvrtc"))?;
    // The same build's checks again, every one compiled by nvcc 13.5, chosen explicitly.
    eprintln!("xtask: the importer's checks again, compiled by nvcc 13.5");
    cargo(&checks, &with_checker("nvcc"))
}

/// Every test of the workspace, in `dev`, with `toolchain`, into its own target directory.
fn suite(toolchain: Toolchain, env: &[(&str, String)]) -> Result<(), String> {
    let mut env = env.to_vec();
    env.push(("CARGO_TARGET_DIR", toolchain.target_dir()));
    // Plain `cargo test --workspace`, as a contributor types it (issue 32): the workspace's own
    // manifests turn on every integration the tests need (the facade's dev-dependency on
    // itself, `oracle-tests`' default `half`). Built first, then run in two processes: the UI
    // cases (trybuild's builds of its own crate, a case at a time: four minutes of CPU when it
    // built the facade's dev-dependencies, one since the cases moved to ptx-abi-derive) beside
    // every other test, most of whose programs keep one core busy. `--workspace` in both, so
    // that features unify as in the build and neither rebuilds anything.
    cargo_with(
        toolchain.cargo(),
        &["test", "--workspace", "--no-run"],
        &env,
    )?;
    let mut ui = toolchain.cargo();
    ui.args(["test", "--workspace", "--test", UI_TEST])
        .envs(env.iter().map(|(k, v)| (k, v)));
    let ui = profiles::Background::spawn(
        format!("cargo test --workspace --test {UI_TEST}"),
        ui,
        &toolchain.log("ui-tests.log"),
    )?;
    let rest = cargo_with(
        toolchain.cargo(),
        &["test", "--workspace", "--", "--exact", "--skip", UI_TEST],
        &env,
    );
    let ui = ui.finish_printing_all();
    rest?;
    ui
}

/// NVIDIA's cuda-core behind its feature (issue 29): its toolkit headers and libclang come from
/// PyPI; in the pinned suite's target directory it reuses the suite's dependencies.
fn cuda_core(env: &[(&str, String)]) -> Result<(), String> {
    let mut env = env.to_vec();
    env.push(("CARGO_TARGET_DIR", Toolchain::Pinned.target_dir()));
    crate::cuda_core::run_with(&env)
}

/// The derive's UI test program (`ptx-abi-derive/tests/ui.rs`) and its one test, `ui`: run
/// beside the rest of the suite by [`suite`], which leaves it out of the other run with
/// `--exact --skip ui`.
const UI_TEST: &str = "ui";

/// On CI, removes `toolchain`'s `dev` builds and trybuild's UI-test crates once no later step
/// reads them. The programs at the top of `debug/` stay: xtask itself is one (it starts the
/// nightly run).
fn discard_dev(toolchain: Toolchain) {
    let target = std::path::Path::new(&toolchain.target_dir()).to_path_buf();
    for dir in ["deps", "build", ".fingerprint", "incremental", "examples"] {
        profiles::discard(target.join("debug").join(dir));
    }
    profiles::discard(target.join("tests"));
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
