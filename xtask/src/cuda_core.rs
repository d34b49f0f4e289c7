//! `cargo xtask test-cuda-core`: the `cuda-core` feature (NVIDIA's cuda-core crate's buffers as
//! kernel arguments) built and tested where no CUDA is installed.
//!
//! cuda-core's `cuda-bindings` generates its bindings when it builds, with bindgen, from a
//! CUDA 13.0+ toolkit's `cuda.h` and `curand.h` (`CUDA_TOOLKIT_PATH`, its `include/`), and
//! bindgen needs libclang. All of it comes from pinned PyPI wheels
//! ([`fetch::CUDA_CORE_TOOLKIT`]): CUDA 13.5's runtime, C runtime and cuRAND headers merged
//! into one `include/` of symbolic links under `<target>/nvidia/cuda-core-toolkit-13.5.37`,
//! libclang 18's `libclang.so`, and the compiler headers (`stddef.h`, …) of zig's clang, which
//! the libclang wheel lacks. The driver itself is opened at run time; the tests run on the
//! fake driver of `tests/fake_cuda/`.
//!
//! The step runs `tests/launch_cuda_core.rs` and `tests/launch_cuda_core_ptx.rs` (with NVRTC)
//! and builds `examples/launch_cuda_core.rs` (which
//! `cargo xtask test-gpu` runs) in `dev`, into the target directory it is given
//! (`$CARGO_TARGET_DIR`), so that it shares the dependencies the suite has built there.

use crate::test::cargo;
use ptx_abi_nvtools::{fetch, pins, toolkit};
use std::fs;
use std::path::{Path, PathBuf};

/// Runs the step; it takes no arguments.
pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err(format!(
            "`test-cuda-core` takes no arguments (got {args:?})"
        ));
    }
    run_with(&[])
}

/// Runs the step with `base` in its environment (a caller's `CARGO_TARGET_DIR`, so that the
/// dependencies its builds share are built once), the toolkit's variables and NVRTC added.
pub fn run_with(base: &[(&str, String)]) -> Result<(), String> {
    let mut env = base.to_vec();
    env.extend(toolkit_env()?);
    // `tests/launch_cuda_core_ptx.rs` checks NVRTC's PTX; as in `cargo xtask test`, a missing
    // tool is then a failure, not a skip.
    let nvrtc = fetch::fetch(&pins::NVRTC_WHEEL, &fetch::cache_dir())?;
    env.push((pins::NVRTC_ENV, nvrtc.display().to_string()));
    env.push((fetch::REQUIRE_ORACLE_ENV, "1".to_string()));
    cargo(
        &[
            "test",
            "--features",
            "cuda-core",
            "--test",
            "launch_cuda_core",
            "--test",
            "launch_cuda_core_ptx",
            "--example",
            "launch_cuda_core",
        ],
        &env,
    )
}

/// The environment that builds the `cuda-core` feature: `CUDA_TOOLKIT_PATH` (the assembled
/// toolkit), `LIBCLANG_PATH` and `BINDGEN_EXTRA_CLANG_ARGS` (the compiler headers), each
/// fetched once into the cache.
pub fn toolkit_env() -> Result<Vec<(&'static str, String)>, String> {
    let cache = fetch::cache_dir();
    let t = fetch::CUDA_CORE_TOOLKIT;
    let toolkit = assemble(&t, &cache)?;
    let libclang = fetch::fetch(&t.libclang, &cache)?;
    let zig = fetch::fetch(&t.compiler_headers, &cache)?;
    let libclang_dir = parent(&libclang)?;
    // zig keeps clang's compiler headers in `lib/include` next to itself.
    let compiler_headers = parent(&zig)?.join("lib").join("include");
    if !compiler_headers.join("stddef.h").is_file() {
        return Err(format!(
            "{} has no stddef.h: not zig's clang headers",
            compiler_headers.display()
        ));
    }
    eprintln!("xtask: cuda-core: CUDA toolkit {}", toolkit.display());
    eprintln!("xtask: cuda-core: libclang {}", libclang.display());
    Ok(vec![
        ("CUDA_TOOLKIT_PATH", toolkit.display().to_string()),
        ("LIBCLANG_PATH", libclang_dir.display().to_string()),
        (
            "BINDGEN_EXTRA_CLANG_ARGS",
            format!("-isystem \"{}\"", compiler_headers.display()),
        ),
    ])
}

fn parent(file: &Path) -> Result<PathBuf, String> {
    file.parent()
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("{} has no parent directory", file.display()))
}

/// The `include/` directory of an unpacked wheel whose file is `…/include/<name>`.
fn include_dir(wheel: &pins::Wheel, cache: &Path) -> Result<PathBuf, String> {
    let at = wheel
        .file
        .find("include/")
        .ok_or_else(|| format!("{} is not under an include/ directory", wheel.file))?;
    Ok(wheel
        .unpack_dir(cache)
        .join(&wheel.file[..at + "include".len()]))
}

/// Fetches the header wheels and merges their `include/` directories into one of symbolic
/// links, `<toolkit>/include` (reused while its stamp names the same pins); returns the
/// toolkit directory.
fn assemble(t: &fetch::CudaCoreToolkit, cache: &Path) -> Result<PathBuf, String> {
    let mut layers = Vec::new();
    for w in t.headers {
        fetch::fetch(&w, cache)?;
        layers.push((include_dir(&w, cache)?, "include"));
    }
    // cuRAND's wheel carries `libcurand.so.10` (100 MB) beside the headers; only the
    // headers are read, so the library is not kept (`fetch` checks for `curand.h` only).
    let curand_lib = t.headers[2].unpack_dir(cache).join("nvidia/cu13/lib");
    if curand_lib.is_dir() {
        fs::remove_dir_all(&curand_lib)
            .map_err(|e| format!("cannot remove {}: {e}", curand_lib.display()))?;
    }
    let dir = t.dir_in(cache);
    toolkit::assemble(&dir, &t.stamp(), &layers, "include/cuda.h")?;
    Ok(dir)
}
