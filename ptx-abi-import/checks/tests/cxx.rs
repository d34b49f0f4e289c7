//! CUDA's C++ types (`double4`, `long3`, `__half2`, bf16, fp8, fp4, `CUtensorMap`, CUDA 13's
//! `*_16a`/`*_32a`) imported as ptx-abi's (`ptx_abi::types::CUDA_TYPES`), and every struct of
//! `headers/cxx_types.cuh` checked by NVRTC against the own headers of the CUDA release the
//! build is for (12.9; 13.5 with feature `cuda-13050`, NVRTC from `$PTX_ABI_NVRTC`): size,
//! alignment, every member's offset and size (see `build.rs`). Skips without clang, CUDA's
//! headers or NVRTC; fails without them under `PTX_ABI_REQUIRE_ORACLE=1`.
#![allow(clippy::all, deprecated)]
include!(concat!(env!("OUT_DIR"), "/cxx.rs"));

/// Checks `T` against the C type `c_type` of `header`, compiled by NVRTC with CUDA's
/// include directory `cuda_include` (and the two C headers `cuda.h` needs that NVRTC lacks).
#[allow(dead_code)]
fn check<T: ptx_abi::PtxAbi>(header: &str, cuda_include: &str, c_type: &str) {
    use ptx_abi::report::nvrtc::{Nvrtc, NvrtcError, CHECK_OPTIONS};
    let nvrtc = match Nvrtc::locate() {
        Ok(n) => n,
        Err(e @ NvrtcError::NotFound { .. }) => {
            return oracle_tests::skip("ptx-abi-import cxx", &e.to_string())
        }
        Err(e) => panic!("{e}"),
    };
    // An NVRTC of another major release than ptx-abi describes answers about other headers.
    if let Err(e) = nvrtc.check_version() {
        panic!("{e}");
    }
    let stubs = std::env::temp_dir().join(format!("ptx-abi-import-cxx-{}", std::process::id()));
    std::fs::create_dir_all(&stubs).unwrap();
    std::fs::write(stubs.join("stdlib.h"), "#pragma once\n").unwrap();
    std::fs::write(
        stubs.join("stdint.h"),
        "#pragma once\ntypedef unsigned int uint32_t; typedef unsigned long long uint64_t;\n\
         typedef int int32_t; typedef long long int64_t; typedef unsigned long long uintptr_t;\n",
    )
    .unwrap();
    let check = ptx_abi::CTypeCheck::new(T::TYPE, c_type, &[]).unwrap();
    let source = format!("{header}\n{}", check.source());
    let include = format!("-I{cuda_include}");
    let stub_include = format!("-I{}", stubs.display());
    let mut options: Vec<&str> = CHECK_OPTIONS.to_vec();
    options.extend([include.as_str(), stub_include.as_str()]);
    let ptx = nvrtc
        .compile(&source, &options)
        .unwrap_or_else(|e| panic!("NVRTC rejects {c_type}'s check: {e}"));
    if let Err(m) = check.compare(&ptx) {
        panic!("{m}");
    }
}
