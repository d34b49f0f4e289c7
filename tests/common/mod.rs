//! Access to NVIDIA's tools from integration tests: a test that needs NVRTC or ptxas skips
//! with a message when they are not cached, unless `PTX_ABI_REQUIRE_ORACLE=1` (set by
//! `cargo xtask test`), in which case it fails.

#![allow(dead_code)]

use ptx_abi_oracle::nvrtc::Nvrtc;
use ptx_abi_oracle::ptxas::Ptxas;

fn required() -> bool {
    std::env::var("PTX_ABI_REQUIRE_ORACLE").is_ok_and(|v| v == "1")
}

fn missing(what: &str, fetch: &str) {
    assert!(
        !required(),
        "{what} is required (PTX_ABI_REQUIRE_ORACLE=1) but was not found"
    );
    eprintln!("skipped: {what} not found, run `cargo xtask {fetch}`");
}

/// NVRTC, or `None` (after printing why) when it is not available.
pub fn nvrtc() -> Option<Nvrtc> {
    match Nvrtc::locate_and_load() {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => panic!("NVRTC was found but does not load: {e}"),
        None => {
            missing("NVRTC", "nvrtc");
            None
        }
    }
}

/// ptxas, or `None` (after printing why) when it is not available.
pub fn ptxas() -> Option<Ptxas> {
    let found = Ptxas::locate();
    if found.is_none() {
        missing("ptxas", "ptxas");
    }
    found
}

/// Compiles CUDA C++ with the project's standard options, panicking with NVRTC's log.
pub fn compile(nvrtc: &Nvrtc, source: &str) -> String {
    let options = [
        "--gpu-architecture=compute_90",
        "-rdc=true",
        "-std=c++20",
        "-diag-suppress=108",
    ];
    nvrtc
        .compile(source, &options)
        .unwrap_or_else(|e| panic!("NVRTC rejected:\n{source}\n{}", e.log))
}
