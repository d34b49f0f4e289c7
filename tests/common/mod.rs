//! Access to NVIDIA's tools from integration tests: a test that needs NVRTC or ptxas skips
//! with a message when they are not cached, unless `PTX_ABI_REQUIRE_ORACLE=1` (set by
//! `cargo xtask test`), in which case it fails.

#![allow(dead_code)]

use ptx_abi_oracle::nvrtc::Nvrtc;
use ptx_abi_oracle::ptxas::Ptxas;
use std::io::Write;
use std::process::{Command, Stdio};

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

/// The host clang compiles CUDA for: it decides the device triple (`nvptx-nvidia-cuda` for
/// 32-bit hosts) and so the PTX `.address_size`.
#[derive(Clone, Copy, Debug)]
pub enum Host {
    Arm32,
    X86_64,
    I386,
}

impl Host {
    /// The host's target triple.
    pub fn triple(self) -> &'static str {
        match self {
            Host::Arm32 => "armv7-linux-gnueabihf",
            Host::X86_64 => "x86_64-linux-gnu",
            Host::I386 => "i386-linux-gnu",
        }
    }
}

/// `Some(())` when `clang` is on the PATH; otherwise `None` after printing why, or a failure
/// under `PTX_ABI_REQUIRE_ORACLE=1`.
pub fn clang() -> Option<()> {
    let found = Command::new("clang")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return Some(());
    }
    assert!(
        std::env::var("PTX_ABI_REQUIRE_ORACLE").as_deref() != Ok("1"),
        "clang is required (PTX_ABI_REQUIRE_ORACLE=1) but was not found: apt-get install clang"
    );
    eprintln!("skipped: clang not found (apt-get install clang)");
    None
}

/// clang's arguments for device-only CUDA compilation to PTX, with no CUDA installation.
pub fn clang_args(host: Host) -> Vec<String> {
    [
        "-x",
        "cuda",
        "--cuda-device-only",
        "-nocudainc",
        "-nocudalib",
        "--cuda-gpu-arch=sm_70",
        "-O2",
        "-S",
        "-o",
        "-",
        "-",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--target={}", host.triple())])
    .collect()
}

/// Device-side PTX of `source` for `host`.
pub fn clang_cuda(source: &str, host: Host) -> String {
    let mut child = Command::new("clang")
        .args(clang_args(host))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run clang");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(source.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "clang failed:\n{}\n---\n{source}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ptx = String::from_utf8(out.stdout).unwrap();
    let bits = match host {
        Host::X86_64 => 64,
        Host::Arm32 | Host::I386 => 32,
    };
    assert!(ptx.contains(&format!(".address_size {bits}")), "{ptx}");
    ptx
}
