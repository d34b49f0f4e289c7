//! Issue 30: the checks compiled by nvcc, the compiler users build with, where NVRTC and nvcc
//! disagree. nvcc 13.5 comes from PyPI's wheels (`cargo xtask nvcc`) and runs with the
//! machine's gcc; it answers for a CUDA 13 build (`--features cuda-13050`, what `cargo xtask
//! test`'s CUDA 13.5 step runs these with), and a CUDA 12 build refuses it by release. Every
//! expected layout is the compilers' own: each check compares the Rust type with what nvcc or
//! NVRTC compiled.

#![allow(dead_code)] // types that exist only to be compared with C

use crate::common;

use ptx_abi::layout::cuda_version::CUDA_VERSION;
use ptx_abi::report::nvrtc::{MatchError, Nvcc, NvccError, Nvrtc, DROPPED_ATTRIBUTE_NOTE};
use ptx_abi::types::Float2;
use ptx_abi::{DevicePtr, PtxAbi};
use ptx_abi_oracle::require;

/// How a portability macro (`X_ALIGN_SUFFIX(16)`) expands on Linux: the attribute after the
/// closing brace.
const TRAILING_ALIGNED: &str = "\
#define BVH_ALIGN_SUFFIX(n) __attribute__((aligned(n)))
struct BvhNode { float lo; int child; } BVH_ALIGN_SUFFIX(16);
";

/// The layout nvcc gives `BvhNode`: aligned 16, 16 bytes.
#[derive(PtxAbi, Clone, Copy)]
#[repr(C, align(16))]
#[ptx(align = 16)]
struct BvhNode {
    lo: f32,
    child: i32,
}

/// The layout NVRTC gives it: the attribute dropped.
#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
struct BvhNodeNvrtc {
    lo: f32,
    child: i32,
}

/// The nvcc of this build's CUDA release, or `None` (after saying why) when there is none:
/// only CUDA 13 has an nvcc on PyPI.
fn nvcc_of_this_release(what: &str) -> Option<Nvcc> {
    let path = require::nvcc(what)?;
    let nvcc = Nvcc::load(&path).unwrap_or_else(|e| panic!("{what}: {e}"));
    if CUDA_VERSION.major != nvcc.version().major {
        require::say(&format!(
            "{what}: nvcc {} answers for CUDA {}.x only; this build describes CUDA \
             {CUDA_VERSION} (the CUDA 13.5 step runs this test with nvcc)",
            nvcc.version(),
            nvcc.version().major
        ));
        return None;
    }
    Some(nvcc)
}

fn nvrtc() -> Option<Nvrtc> {
    common::nvrtc()?;
    let path = match CUDA_VERSION.major {
        13 => std::env::var_os("PTX_ABI_NVRTC_13_5"),
        11 => std::env::var_os("PTX_ABI_NVRTC_11_8"),
        _ => None,
    }
    .map(std::path::PathBuf::from)
    .or_else(ptx_abi_nvtools::fetch::locate_nvrtc)?;
    Some(Nvrtc::load(&path).expect("NVRTC loads"))
}

#[test]
fn a_trailing_aligned_attribute_is_nvcc_s_layout_and_nvrtc_s_check_says_so() {
    let Some(nvrtc) = nvrtc() else { return };
    // NVRTC drops the attribute: the type without it matches; the type with it does not, and
    // the report explains the attribute NVRTC dropped.
    nvrtc
        .check_with::<BvhNodeNvrtc>(TRAILING_ALIGNED, "BvhNode", &[], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    match nvrtc.check_with::<BvhNode>(TRAILING_ALIGNED, "BvhNode", &[], &[]) {
        Err(MatchError::Mismatch(m)) => {
            assert!(m.notes.iter().any(|n| n == DROPPED_ATTRIBUTE_NOTE), "{m}");
            let text = m.to_string();
            assert!(text.contains("alignof"), "{text}");
            assert!(text.contains("PTX_ABI_NVCC"), "{text}");
        }
        other => panic!("NVRTC should have dropped the attribute: {other:?}"),
    }
    // nvcc applies it: the other way round.
    let Some(nvcc) = nvcc_of_this_release("trailing attribute under nvcc") else {
        return;
    };
    nvcc.check_with::<BvhNode>(TRAILING_ALIGNED, "BvhNode", &[], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    match nvcc.check_with::<BvhNodeNvrtc>(TRAILING_ALIGNED, "BvhNode", &[], &[]) {
        Err(MatchError::Mismatch(m)) => {
            let text = m.to_string();
            assert!(text.contains("alignof"), "{text}");
            assert!(m.notes.is_empty(), "{text}");
        }
        other => panic!("nvcc should have applied the attribute: {other:?}"),
    }
}

/// A kernel-argument header as real projects write it: the host's C++ library, the CUDA
/// runtime and cuRAND's device API, all of which nvcc finds on its own.
const RNG_ARGS: &str = "\
#pragma once
#include <vector>
#include <cstdint>
#include <cuda_runtime.h>
#include <curand_kernel.h>

namespace sim {
struct RngArgs {
    curandStatePhilox4_32_10_t* states;
    float2 range;
    std::uint64_t seed;
    int n;
};
inline std::vector<float> host_only_buffer(int n) { return std::vector<float>(n); }
}  // namespace sim
";

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
struct RngArgs {
    states: DevicePtr<core::ffi::c_void>,
    range: Float2,
    seed: u64,
    n: i32,
}

#[test]
fn nvcc_compiles_the_header_with_the_host_library_and_curand_as_the_build_does() {
    let Some(nvcc) = nvcc_of_this_release("host library and cuRAND under nvcc") else {
        return;
    };
    nvcc.check_with::<RngArgs>(RNG_ARGS, "sim::RngArgs", &[], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    // And a wrong port is caught by it.
    #[derive(PtxAbi, Clone, Copy)]
    #[repr(C)]
    struct RngArgsWrong {
        states: DevicePtr<core::ffi::c_void>,
        range: Float2,
        n: i32,
        seed: u64,
    }
    let e = nvcc
        .check_with::<RngArgsWrong>(RNG_ARGS, "sim::RngArgs", &[], &[])
        .unwrap_err();
    assert!(e.to_string().contains("`seed`"), "{e}");
}

#[test]
fn nvcc_s_errors_name_the_command_and_the_header_line() {
    let Some(nvcc) = nvcc_of_this_release("nvcc's errors") else {
        return;
    };
    let e = nvcc
        .check_with::<RngArgs>("struct RngArgs { int n }\n", "RngArgs", &[], &[])
        .unwrap_err();
    let MatchError::Nvcc(NvccError::Compile { command, log }) = &e else {
        panic!("expected nvcc's compile error: {e:?}");
    };
    assert!(
        command.contains("nvcc") && command.contains("-ptx"),
        "{command}"
    );
    assert!(log.contains("header.cuh(1)"), "{log}");
    let e = nvcc
        .check_with::<RngArgs>("#include \"sibling.cuh\"\n", "RngArgs", &[], &[])
        .unwrap_err();
    assert!(e.to_string().contains("-I"), "{e}");
}

#[test]
fn an_nvcc_of_another_release_is_refused_by_name() {
    let Some(path) = require::nvcc("nvcc of another release") else {
        return;
    };
    let nvcc = Nvcc::load(&path).expect("nvcc runs");
    if nvcc.version().major == CUDA_VERSION.major {
        require::say("nvcc of another release: this build describes nvcc's own release");
        return;
    }
    match nvcc.check_with::<BvhNode>(TRAILING_ALIGNED, "BvhNode", &[], &[]) {
        Err(MatchError::Nvcc(e @ NvccError::Version { .. })) => {
            let text = e.to_string();
            assert!(text.contains(&path.display().to_string()), "{text}");
            assert!(text.contains("cuda-"), "{text}");
        }
        other => panic!("expected a refusal by release: {other:?}"),
    }
}

/// A wire-format record packed to 2 with one member aligned above the packing, as a capture
/// format keeps its timestamps aligned: with the keyword, nvcc and NVRTC both keep the
/// member's alignment (`stamp` at 8, 16/8); with GNU's attribute, nvcc keeps it and NVRTC caps
/// it at the packing (`stamp` at 2, 8/2). `docs/nvidia-notes.md`.
const WIRE_SAMPLE_ALIGNAS: &str = "\
#pragma pack(push, 2)
struct WireSample { unsigned char kind; alignas(8) unsigned int stamp; unsigned short count; };
#pragma pack(pop)
";
const WIRE_SAMPLE_ATTRIBUTE: &str = "\
#pragma pack(push, 2)
struct WireSample { unsigned char kind; unsigned int stamp __attribute__((aligned(8))); unsigned short count; };
#pragma pack(pop)
";

#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 2)]
struct WireSample {
    kind: u8,
    #[ptx(align = 8)]
    stamp: u32,
    count: u16,
}

#[test]
fn a_member_aligned_above_its_packing_keeps_its_alignment_as_nvcc_and_nvrtc_lay_it_out() {
    let Some(nvrtc) = nvrtc() else { return };
    nvrtc
        .check_with::<WireSample>(WIRE_SAMPLE_ALIGNAS, "WireSample", &[], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    // NVRTC caps the attribute at the packing: the check says where.
    match nvrtc.check_with::<WireSample>(WIRE_SAMPLE_ATTRIBUTE, "WireSample", &[], &[]) {
        Err(MatchError::Mismatch(m)) => {
            let text = m.to_string();
            assert!(text.contains("`stamp`: offset"), "{text}");
        }
        other => panic!("NVRTC should have capped the attribute: {other:?}"),
    }
    // ptx-abi's own header spells the keyword, which NVRTC keeps.
    let h = ptx_abi::cuda_header(&[WireSample::TYPE]).unwrap();
    assert!(h.contains("alignas(8) unsigned int stamp;"), "{h}");
    common::compile(&common::nvrtc().unwrap(), &h);
    let Some(nvcc) = nvcc_of_this_release("member aligned above its packing under nvcc") else {
        return;
    };
    for header in [WIRE_SAMPLE_ALIGNAS, WIRE_SAMPLE_ATTRIBUTE] {
        nvcc.check_with::<WireSample>(header, "WireSample", &[], &[])
            .unwrap_or_else(|e| panic!("{header}: {e}"));
    }
}
