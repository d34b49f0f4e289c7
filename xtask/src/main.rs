//! Workspace automation: `cargo xtask <command>` (alias in `.cargo/config.toml`).
//!
//! Its one dependency, `ptx-abi-nvtools` (std and libloading), keeps it building in seconds. The
//! download logic and the cache layout are that crate's ([`ptx_abi_nvtools::fetch`]): what
//! `cargo xtask nvrtc` writes is exactly what the tests' `fetch::locate_nvrtc` looks for.

use std::env;
use std::process::ExitCode;

use ptx_abi_nvtools::{fetch, pins};

mod bench;
mod bench_compile;
mod bench_scale;
mod corpus;
mod cuda_core;
mod fuzz;
mod gpu;
mod package;
mod profiles;
mod public_api;
mod test;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  nvrtc [VERSION|all]
          download (once) the pinned NVRTC wheel into <target>/nvidia and print the absolute
          path of libnvrtc.so.12 (libnvrtc-builtins is next to it); with a CUDA VERSION (11.8,
          12.9, 13.5) that release's NVRTC (libnvrtc.so.11.2, libnvrtc.so.13), with `all`
          every release's, one path a line, oldest first
  ptxas [VERSION|all]
          download (once) the pinned nvcc wheel into <target>/nvidia and print the absolute
          path of ptxas (CUDA 12.9's; VERSION and `all` as for nvrtc)
  cuda-headers [VERSION|all]
          download (once) the pinned CUDA runtime wheel (cuda_fp16.h, cuda_bf16.h, cuda_fp8.h,
          cuda.h, …) and CUDA 13's (double4_16a, …) into <target>/nvidia and print the absolute
          paths of their include directories (12.9's and 13.5's with cuRAND's and CCCL's
          headers beside the runtime's, as trees of links); with a VERSION (11.8, 12.9, 13.5) that release's
          include directory, with `all` every release's, oldest first
  nvcc    download (once) CUDA 13.5's nvcc, NVVM, C runtime, runtime and cuRAND wheels, assemble
          them into <target>/nvidia/nvcc-13.5.37 (a CUDA tree of links; it runs with the
          machine's gcc) and print the absolute path of its nvcc
  cuobjdump
          download (once) the pinned cuobjdump wheel into <target>/nvidia and print the
          absolute path of cuobjdump
  clang   download (once) the pinned ziglang wheel (clang 22 as `zig clang`) into
          <target>/nvidia and print the absolute path of zig
  tools   fetch (once) every tool `test` fetches, and nothing more: .ci/run starts it beside the
          lints, so that the downloads do not wait for them
  test    fetch NVRTC, ptxas, cuobjdump, zig and the CUDA headers (NVRTC, ptxas and headers of
          CUDA 11.8, 12.9 and 13.5), then run every test of the
          workspace with the live NVRTC oracle on a fresh random seed (`--seed N` replays a run)
          in `dev`, and the optimization-dependent proofs in `release` (all of them) and
          `aggressive` (the golden corpus, the live seed and the repro crate); beside them,
          `test-nightly --repro-only` in a second process (output in
          target/nightly/xtask-test.log)
  test-nightly [--repro-only] [--seed N]
          on rustup's nightly: every test in `dev`, then the golden corpus and the repro
          crate in `release` and `aggressive` (into target/nightly); with --repro-only the
          repro crate's programs in `release` and `aggressive` only
  test-cuda-core
          fetch CUDA 13.5's runtime, C runtime and cuRAND headers, libclang and zig's clang
          (the toolkit NVIDIA's cuda-core crate builds with; one include directory assembled
          under <target>/nvidia/cuda-core-toolkit-13.5.37) and NVRTC, then run
          tests/launch_cuda_core.rs and tests/launch_cuda_core_ptx.rs on the fake CUDA driver
          and build examples/launch_cuda_core.rs, with `--features cuda-core`
  test-gpu [--seed N]
          fetch NVRTC, then run the GPU end-to-end suite (a corpus sample and fresh cases of a
          live seed launched every way, read and written by device code), examples/launch.rs
          and examples/launch_cuda_core.rs (with the toolkit of test-cuda-core);
          without a GPU they say they skipped (PTX_ABI_REQUIRE_GPU=1 makes that a failure).
          `test` runs it too when a GPU is present
  fuzz [--seconds N] [--seed S] [--asan] [TARGET...]
          build the cargo-fuzz targets of fuzz/ without cargo-fuzz (sanitizer coverage,
          debug assertions; --asan: nightly with AddressSanitizer) and run each for N seconds
          (default 60) on fuzz/corpus/<target>; a failing input is left in
          fuzz/artifacts/<target>/. `test` runs every target for 20 s
          (PTX_ABI_FUZZ_SECONDS=N changes that, 0 skips them)
  corpus  fetch NVRTC and regenerate oracle-tests' golden corpus data (tests/data/*.txt) with
          NVRTC 12.9's answers, and NVRTC 11.8's and 13.5's where they differ (`cuda 11.8 …`
          lines; the Rust is rendered from it at build time)
  bench [--quick] [--values N] [--rounds R] [--core C]
          the interleaved benchmark (variants timed round by round on one core, median of
          per-round ratios), then criterion's benchmarks unless --quick
  bench-compile [--runs N] [--scale-only]
          time debug builds of 200 derived types against zerocopy and bytemuck (issue 6),
          then the wall time and peak memory of compiling one type of 4,000 fields and a
          10,000-member struct imported from a C header (issue 31); --scale-only: only those
  package build the published crates' packages (cargo package), unpack them into
          <target>/package-check and, there, build every example they ship and run their doc
          tests, so what crates.io receives builds as it ships (.ci/run runs it)
  public-api [--bless]
          list the public API of ptx-abi and ptx-abi-core (rustdoc JSON on rustup's nightly,
          read by the `public-api` crate) and compare it with tests/public-api/*.txt; --bless
          writes them. Without nightly it says so and succeeds. `test` runs it
  help    show this message

<target> is $CARGO_TARGET_DIR if set, else the workspace's target/ directory. Once cached, both
commands work offline. The oracle tests find the cache on their own, or take
PTX_ABI_NVRTC / PTX_ABI_PTXAS / PTX_ABI_CUOBJDUMP / PTX_ABI_CLANG (explicit paths) instead;
the other releases' tools PTX_ABI_NVRTC_11_8, PTX_ABI_NVRTC_13_5, PTX_ABI_PTXAS_11_8,
PTX_ABI_PTXAS_13_5, PTX_ABI_CUDA_INCLUDE_11_8, PTX_ABI_CUDA_INCLUDE_13_5.";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((cmd, rest)) => (cmd.as_str(), rest),
        None => ("help", &[][..]),
    };
    let result = match cmd {
        "nvrtc" => per_release(cmd, rest, |t| t.nvrtc, &[pins::NVRTC_WHEEL])
            .and_then(|wheels| wheels.iter().try_for_each(print_fetched)),
        "ptxas" => per_release(cmd, rest, |t| t.ptxas, &[fetch::PTXAS_WHEEL])
            .and_then(|wheels| wheels.iter().try_for_each(print_fetched)),
        "cuda-headers" => per_release(
            cmd,
            rest,
            |t| t.headers,
            &[fetch::CUDA_HEADERS_WHEEL, fetch::CUDA13_HEADERS_WHEEL],
        )
        .and_then(|wheels| {
            let cache = fetch::cache_dir();
            for wheel in &wheels {
                // CUDA 12.9's and 13.5's include directories hold cuRAND's and CCCL's
                // headers too, as a CUDA install's do (trees of links, `ptx_abi_nvtools::toolkit`).
                let include = if *wheel == fetch::CUDA_HEADERS_WHEEL {
                    ptx_abi_nvtools::toolkit::CUDA_12_9_HEADERS.assemble(&cache)?
                } else if *wheel == fetch::CUDA_13_5.headers {
                    let nvcc = ptx_abi_nvtools::toolkit::NVCC_13_5.assemble(&cache)?;
                    ptx_abi_nvtools::toolkit::NvccToolkit::include_of(&nvcc)
                        .ok_or("the nvcc tree has no include directory")?
                } else {
                    let f = fetch::fetch(wheel, &cache)?;
                    f.parent().unwrap_or(&f).to_path_buf()
                };
                println!("{}", include.display());
            }
            Ok(())
        }),
        "nvcc" => no_args(cmd, rest).and_then(|()| {
            let nvcc = ptx_abi_nvtools::toolkit::NVCC_13_5.assemble(&fetch::cache_dir())?;
            println!("{}", nvcc.display());
            Ok(())
        }),
        "cuobjdump" => no_args(cmd, rest).and_then(|()| print_fetched(&fetch::CUOBJDUMP_WHEEL)),
        "clang" => no_args(cmd, rest).and_then(|()| print_fetched(&fetch::ZIG_WHEEL)),
        "tools" => no_args(cmd, rest).and_then(|()| test::fetch_tools()),
        "test" => test::run(rest),
        "test-nightly" => test::nightly(rest),
        "test-cuda-core" => cuda_core::run(rest),
        "test-gpu" => gpu::run(rest),
        "fuzz" => fuzz::run(rest),
        "bench" => bench::run(rest),
        "bench-compile" => bench_compile::run(rest),
        "corpus" => corpus::run(rest),
        "public-api" => public_api::run(rest),
        "package" => package::run(rest),
        "help" | "-h" | "--help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn no_args(cmd: &str, rest: &[String]) -> Result<(), String> {
    match rest {
        [] => Ok(()),
        _ => Err(format!("`{cmd}` takes no arguments (got {rest:?})")),
    }
}

/// The wheels `cargo xtask nvrtc|ptxas|cuda-headers [VERSION|all]` fetches: `default` without
/// an argument, one release's ([`fetch::Toolkit::named`]) with a version, every release's
/// with `all` (issue 22).
fn per_release(
    cmd: &str,
    rest: &[String],
    wheel: fn(&fetch::Toolkit) -> pins::Wheel,
    default: &[pins::Wheel],
) -> Result<Vec<pins::Wheel>, String> {
    let known = || {
        let v: Vec<&str> = fetch::TOOLKITS.iter().map(|t| t.version).collect();
        v.join(", ")
    };
    match rest {
        [] => Ok(default.to_vec()),
        [all] if all == "all" => Ok(fetch::TOOLKITS.iter().map(wheel).collect()),
        [v] => fetch::Toolkit::named(v)
            .map(|t| vec![wheel(&t)])
            .ok_or_else(|| format!("`{cmd}`: no CUDA release `{v}` (known: {}, all)", known())),
        _ => Err(format!(
            "usage: cargo xtask {cmd} [VERSION|all] (VERSION: {}; got {rest:?})",
            known()
        )),
    }
}

/// Fetches `wheel` into the cache if needed and prints the wanted file's absolute path (alone on
/// stdout, so `$(cargo xtask nvrtc)` can be used in scripts; progress goes to stderr).
fn print_fetched(wheel: &pins::Wheel) -> Result<(), String> {
    let cache = fetch::cache_dir();
    if !wheel.file_in(&cache).is_file() {
        eprintln!(
            "xtask: fetching {}=={} into {}",
            wheel.project,
            wheel.version,
            cache.display()
        );
    }
    let path = fetch::fetch(wheel, &cache)?;
    println!("{}", path.display());
    Ok(())
}
