//! Access to the tools from integration tests, through `ptx_abi_oracle::require`: a test that
//! needs NVRTC, ptxas or clang skips with a message when they are not cached, unless
//! `PTX_ABI_REQUIRE_ORACLE=1` (set by `cargo xtask test`), in which case it fails.
//!
//! NVRTC and CUDA's headers are those of the CUDA release ptx-abi was built for
//! (`ptx_abi::layout::cuda_version::CUDA_VERSION`, issue 22): 12.9 by default (`PTX_ABI_NVRTC`,
//! `PTX_ABI_CUDA_INCLUDE`, or `cargo xtask nvrtc`'s cache); 13.5 for a build with a CUDA 13
//! feature (`PTX_ABI_NVRTC_13_5`, `PTX_ABI_CUDA_INCLUDE_13_5`); 11.8 for CUDA 11
//! (`PTX_ABI_NVRTC_11_8`, `PTX_ABI_CUDA_INCLUDE_11_8`).

#![allow(dead_code)]

use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::clang::Clang;
use ptx_abi_oracle::ptxas::Ptxas;
use ptx_abi_oracle::require;
use std::path::PathBuf;

/// NVRTC of the CUDA release ptx-abi was built for, or `None` (after printing why) when it is
/// not available.
pub fn nvrtc() -> Option<Nvrtc> {
    let what = test_name();
    let nvrtc = match versioned_env().map(|(nvrtc, _)| nvrtc) {
        None => require::nvrtc(&what)?,
        Some(var) => match std::env::var_os(var).filter(|p| !p.is_empty()) {
            None => {
                require::skip(
                    &what,
                    &format!(
                        "${var} is not set (NVRTC {})",
                        ptx_abi::layout::cuda_version::CUDA_VERSION
                    ),
                );
                return None;
            }
            Some(path) => {
                Nvrtc::load(&path).unwrap_or_else(|e| panic!("{what}: ${var} does not load: {e}"))
            }
        },
    };
    let (major, minor) = nvrtc.version();
    assert!(
        ptx_abi::layout::cuda_version::CUDA_VERSION.same_layout_rules(
            ptx_abi::layout::cuda_version::CudaVersion::new(major, minor)
        ),
        "{what}: NVRTC {major}.{minor} at {} cannot answer for CUDA {}",
        nvrtc.path().display(),
        ptx_abi::layout::cuda_version::CUDA_VERSION
    );
    Some(nvrtc)
}

/// CUDA's include directory (with `cuda.h`) of the release ptx-abi was built for, or `None`
/// (after printing why).
pub fn cuda_include() -> Option<PathBuf> {
    let dir = match versioned_env().map(|(_, include)| include) {
        None => ptx_abi_nvtools::fetch::cuda_include_dir(),
        Some(var) => std::env::var_os(var)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from),
    };
    let dir = dir.filter(|d| d.join("cuda.h").is_file());
    if dir.is_none() {
        require::skip(
            &test_name(),
            &format!(
                "CUDA {}'s headers not found (run `cargo xtask cuda-headers`)",
                ptx_abi::layout::cuda_version::CUDA_VERSION
            ),
        );
    }
    dir
}

/// The variables naming NVRTC and CUDA's include directory for the release ptx-abi was built
/// for, or `None` for CUDA 12 (the oracle's own, `PTX_ABI_NVRTC` and `PTX_ABI_CUDA_INCLUDE`).
fn versioned_env() -> Option<(&'static str, &'static str)> {
    match ptx_abi::layout::cuda_version::CUDA_VERSION.major {
        11 => Some(("PTX_ABI_NVRTC_11_8", "PTX_ABI_CUDA_INCLUDE_11_8")),
        12 => None,
        _ => Some(("PTX_ABI_NVRTC_13_5", "PTX_ABI_CUDA_INCLUDE_13_5")),
    }
}

/// `-I` options for CUDA's include directory and a directory of the two C headers `cuda.h`
/// needs that NVRTC lacks (`stdlib.h`, `stdint.h`); `None` (after saying why) without the
/// headers.
pub fn cuda_include_options() -> Option<Vec<String>> {
    let dir = cuda_include()?;
    let stubs = std::env::temp_dir().join(format!("ptx-abi-cuda-stubs-{}", std::process::id()));
    std::fs::create_dir_all(&stubs).unwrap();
    // Written aside and renamed: tests running at once never see a half-written file.
    let write = |name: &str, text: &str| {
        let tmp = stubs.join(format!("{name}.{:?}", std::thread::current().id()));
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, stubs.join(name)).unwrap();
    };
    write("stdlib.h", "#pragma once\n");
    write(
        "stdint.h",
        "#pragma once\ntypedef unsigned int uint32_t; typedef unsigned long long uint64_t;\n\
         typedef int int32_t; typedef long long int64_t; typedef unsigned long long uintptr_t;\n",
    );
    Some(vec![
        format!("-I{}", dir.display()),
        format!("-I{}", stubs.display()),
    ])
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
    nvrtc
        .compile(source, ptx_abi_nvtools::options::PROBE_OPTIONS)
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
    ptx_abi_oracle::clang::device_args()
        .into_iter()
        .chain(["-O2", "-S", "-o", "-", "-"])
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
