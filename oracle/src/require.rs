//! The one place that decides whether a missing tool skips a test or fails it.
//!
//! A test that needs NVRTC, ptxas, cuobjdump or clang calls one of the functions below. When
//! the tool is missing it prints one `SKIPPED …` line saying what to run, unless
//! `PTX_ABI_REQUIRE_ORACLE=1` (set by `cargo xtask test`, which fetches every tool first): then
//! the missing tool is a failure.

use std::io::Write as _;

use crate::clang::Clang;
use crate::cuobjdump::Cuobjdump;
use crate::ptxas::Ptxas;
use ptx_abi_nvtools::fetch::Toolkit;
use ptx_abi_nvtools::nvrtc::Nvrtc;

pub use ptx_abi_nvtools::fetch::REQUIRE_ORACLE_ENV;

/// Whether `PTX_ABI_REQUIRE_ORACLE=1`.
pub fn oracle_required() -> bool {
    std::env::var(REQUIRE_ORACLE_ENV).is_ok_and(|v| v == "1")
}

/// Prints a line on stderr even from a passing test (the test harness captures `eprintln!`,
/// not direct writes).
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Says that `what` is skipped because of `why`, or panics when `PTX_ABI_REQUIRE_ORACLE=1`.
pub fn skip(what: &str, why: &str) {
    assert!(
        !oracle_required(),
        "{what}: {why}, but {REQUIRE_ORACLE_ENV}=1 requires it"
    );
    say(&format!("SKIPPED {what}: {why}"));
}

/// NVRTC, or `None` after [`skip`]ping `what`. A copy that is found but does not load is a
/// failure.
pub fn nvrtc(what: &str) -> Option<Nvrtc> {
    match Nvrtc::locate_and_load() {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => panic!("{what}: NVRTC was found but does not load: {e}"),
        None => {
            skip(what, "NVRTC not found (run `cargo xtask nvrtc`)");
            None
        }
    }
}

/// One CUDA release's NVRTC ([`Nvrtc::locate_and_load_release`]), or `None` after
/// [`skip`]ping `what`. A copy that is found but does not load is a failure.
pub fn nvrtc_release(what: &str, release: &Toolkit) -> Option<Nvrtc> {
    match Nvrtc::locate_and_load_release(release) {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => panic!("{what}: NVRTC {} does not load: {e}", release.version),
        None => {
            skip(
                what,
                &format!(
                    "NVRTC {} not found (run `cargo xtask nvrtc {}` or set {})",
                    release.version, release.version, release.nvrtc_env
                ),
            );
            None
        }
    }
}

/// nvcc 13.5 assembled from PyPI's wheels ([`ptx_abi_nvtools::toolkit::NVCC_13_5`]: `cargo
/// xtask nvcc`, or `PTX_ABI_NVCC_13_5`), or `None` after [`skip`]ping `what`. It runs with
/// the machine's gcc.
pub fn nvcc(what: &str) -> Option<std::path::PathBuf> {
    let t = ptx_abi_nvtools::toolkit::NVCC_13_5;
    match t.locate() {
        Some(p) => Some(p),
        None => {
            skip(
                what,
                &format!(
                    "nvcc {} not found (run `cargo xtask nvcc` or set {})",
                    t.version, t.env
                ),
            );
            None
        }
    }
}

/// One CUDA release's ptxas, or `None` after [`skip`]ping `what`.
pub fn ptxas_release(what: &str, release: &Toolkit) -> Option<Ptxas> {
    let found = release.locate_ptxas().map(Ptxas::new);
    if found.is_none() {
        skip(
            what,
            &format!(
                "ptxas {} not found (run `cargo xtask ptxas {}` or set {})",
                release.version, release.version, release.ptxas_env
            ),
        );
    }
    found
}

/// ptxas, or `None` after [`skip`]ping `what`.
pub fn ptxas(what: &str) -> Option<Ptxas> {
    let found = Ptxas::locate();
    if found.is_none() {
        skip(what, "ptxas not found (run `cargo xtask ptxas`)");
    }
    found
}

/// cuobjdump, or `None` after [`skip`]ping `what`.
pub fn cuobjdump(what: &str) -> Option<Cuobjdump> {
    let found = Cuobjdump::locate();
    if found.is_none() {
        skip(what, "cuobjdump not found (run `cargo xtask cuobjdump`)");
    }
    found
}

/// clang ([`Clang::locate`]), or `None` after [`skip`]ping `what`.
pub fn clang(what: &str) -> Option<Clang> {
    let found = Clang::locate();
    if found.is_none() {
        skip(what, &format!("clang not found ({})", Clang::HOW_TO_GET));
    }
    found
}
