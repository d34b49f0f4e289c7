//! Access to the tools from integration tests, through `ptx_abi_oracle::require`: a test that
//! needs NVRTC, ptxas or clang skips with a message when they are not cached, unless
//! `PTX_ABI_REQUIRE_ORACLE=1` (set by `cargo xtask test`), in which case it fails.

#![allow(dead_code)]

use ptx_abi_oracle::clang::Clang;
use ptx_abi_oracle::nvrtc::Nvrtc;
use ptx_abi_oracle::ptxas::Ptxas;
use ptx_abi_oracle::require;

/// NVRTC, or `None` (after printing why) when it is not available.
pub fn nvrtc() -> Option<Nvrtc> {
    require::nvrtc(&test_name())
}

/// ptxas, or `None` (after printing why) when it is not available.
pub fn ptxas() -> Option<Ptxas> {
    require::ptxas(&test_name())
}

/// The running test's name (the harness names each test's thread after it).
fn test_name() -> String {
    std::thread::current().name().unwrap_or("test").to_string()
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

/// clang ([`Clang::locate`]), or `None` after printing why (a failure under
/// `PTX_ABI_REQUIRE_ORACLE=1`).
pub fn clang() -> Option<Clang> {
    require::clang(&test_name())
}

/// clang's arguments for device-only CUDA compilation to PTX, with no CUDA installation.
pub fn clang_args(host: Host) -> Vec<String> {
    ptx_abi_oracle::clang::DEVICE_ARGS
        .iter()
        .chain(&["-O2", "-S", "-o", "-", "-"])
        .map(|s| s.to_string())
        .chain([format!("--target={}", host.triple())])
        .collect()
}

/// Device-side PTX of `source` for `host`.
pub fn clang_cuda(clang: &Clang, source: &str, host: Host) -> String {
    let args = clang_args(host);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let ptx = clang
        .run(&args, source)
        .unwrap_or_else(|e| panic!("{e}\n---\n{source}"));
    let bits = match host {
        Host::X86_64 => 64,
        Host::Arm32 | Host::I386 => 32,
    };
    assert!(ptx.contains(&format!(".address_size {bits}")), "{ptx}");
    ptx
}
