//! Issue 22: the user's CUDA release is an input. Built by default (CUDA 12.9), these tests run
//! against NVRTC 12.9 with CUDA 12.9's headers; built with a CUDA 13 feature
//! (`--features cuda-13050`), against NVRTC 13.5 with CUDA 13.5's headers
//! (`PTX_ABI_NVRTC_13_5`, `PTX_ABI_CUDA_INCLUDE_13_5`; see `common`). Every expected layout is
//! NVRTC's: a struct holding `CUtensorMap` (size, alignment, offsets) and a kernel taking one
//! (`.param` lines), the header `cuda_header` writes (its `static_assert`s compiled by NVRTC),
//! and NVRTC of the other major release refused by `nvrtc::check` (feature `nvrtc`).

#![allow(dead_code)] // types that exist only to be compared with C

use crate::common;

use ptx_abi::layout::cuda_version::{CudaVersion, CUDA_VERSION};
use ptx_abi::types::{Double4A32, Float4, Long4A16, TensorMap};
use ptx_abi::{cuda_header, entry_signature, AddressSize, CTypeCheck, PtxAbi};
use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::{ptx, require};

/// NVRTC's options for these checks: `-default-device` because `cuda.h` declares host
/// functions, which NVRTC accepts only as device declarations; C++20, which NVRTC 11 lacks
/// (C++17 there).
fn options(nvrtc: &Nvrtc) -> Vec<&'static str> {
    let std = if nvrtc.version().0 < 12 {
        "-std=c++17"
    } else {
        "-std=c++20"
    };
    vec![
        "--gpu-architecture=compute_80",
        "-rdc=true",
        std,
        "-default-device",
    ]
}

fn compile(nvrtc: &Nvrtc, includes: &[String], source: &str) -> Result<String, String> {
    let mut options = options(nvrtc);
    options.extend(includes.iter().map(String::as_str));
    nvrtc.compile(source, &options).map_err(|e| e.log)
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
struct TmaArgs {
    n: i32,
    map: TensorMap,
    tail: Float4,
}

const TMA_ARGS_CUH: &str = "#include <cuda.h>\n\
struct TmaArgs { int n; CUtensorMap map; float4 tail; };\n";

#[derive(PtxAbi)]
#[repr(C)]
#[ptx(kernel = "tma")]
struct TmaKernel {
    map: TensorMap,
    args: TmaArgs,
    count: u32,
}

const TMA_KERNEL_CU: &str = "extern \"C\" __global__ void tma(const __grid_constant__ \
CUtensorMap map, TmaArgs args, unsigned count) {}\n\
extern \"C\" __device__ CUtensorMap tm_global;\n\
extern \"C\" __device__ TmaArgs args_global;\n\
extern \"C\" __global__ void touch() { tm_global.opaque[0] = 1; args_global.n = 2; }\n";

/// The release the features name, read from the features themselves (not from ptx-abi):
/// `None` with none of them (CUDA 12.9 is then expected).
fn release_of_features() -> Option<CudaVersion> {
    macro_rules! features {
        ($($name:literal => ($major:literal, $minor:literal),)*) => {
            let mut found = None;
            $(if cfg!(feature = $name) {
                found = Some(CudaVersion::new($major, $minor));
            })*
            found
        };
    }
    features! {
        "cuda-11040" => (11, 4), "cuda-11050" => (11, 5), "cuda-11060" => (11, 6), "cuda-11070" => (11, 7),
        "cuda-11080" => (11, 8), "cuda-12000" => (12, 0), "cuda-12010" => (12, 1), "cuda-12020" => (12, 2),
        "cuda-12030" => (12, 3), "cuda-12040" => (12, 4), "cuda-12050" => (12, 5), "cuda-12060" => (12, 6),
        "cuda-12080" => (12, 8), "cuda-12090" => (12, 9), "cuda-13000" => (13, 0), "cuda-13010" => (13, 1),
        "cuda-13020" => (13, 2), "cuda-13030" => (13, 3), "cuda-13040" => (13, 4), "cuda-13050" => (13, 5),
    }
}

#[test]
fn the_feature_chooses_the_release() {
    if cfg!(feature = "cuda-version-from-build-system") {
        return; // whatever the build machine has
    }
    let expected = release_of_features().unwrap_or(CudaVersion::new(12, 9));
    assert_eq!(
        CUDA_VERSION,
        expected,
        "{}",
        ptx_abi::layout::cuda_version::CUDA_VERSION_SOURCE
    );
    assert_eq!(
        CUDA_VERSION.to_string(),
        format!("{}.{}", expected.major, expected.minor)
    );
    assert_eq!(CUDA_VERSION, CudaVersion::from_code(expected.code()));
}

/// Whether the release ptx-abi describes declares `CUtensorMap` (12.0 and newer; CUDA 11.8's
/// `cuda.h` has none): without it, `cuda_header` refuses to name it.
fn tensor_map_declared() -> bool {
    let row = ptx_abi::types::CUDA_TYPES
        .iter()
        .find(|t| t.rust == "TensorMap")
        .unwrap();
    if row.declared_in(CUDA_VERSION) {
        return true;
    }
    let err = cuda_header(&[TmaArgs::TYPE]).unwrap_err().to_string();
    assert!(
        err.contains("`CUtensorMap` is declared by `cuda.h` from CUDA 12.0"),
        "{err}"
    );
    require::say(&format!(
        "CUDA {CUDA_VERSION} has no CUtensorMap: cuda_header refuses it"
    ));
    false
}

/// A struct holding `CUtensorMap`, and a kernel taking one as a `const __grid_constant__`
/// parameter, against NVRTC and the headers of the release ptx-abi describes.
#[test]
fn a_struct_holding_a_tensor_map_matches_nvrtc_of_this_release() {
    if !tensor_map_declared() {
        return;
    }
    let Some(nvrtc) = common::nvrtc() else { return };
    let Some(includes) = common::cuda_include_options() else {
        return;
    };
    require::say(&format!(
        "CUDA {CUDA_VERSION} ({}) against NVRTC {:?} at {}",
        ptx_abi::layout::cuda_version::CUDA_VERSION_SOURCE,
        nvrtc.version(),
        nvrtc.path().display()
    ));
    // Size, alignment and every member's offset, NVRTC's answers.
    let check = CTypeCheck::new(TmaArgs::TYPE, "TmaArgs", &[]).unwrap();
    let ptx_text = compile(
        &nvrtc,
        &includes,
        &format!("{TMA_ARGS_CUH}{}", check.source()),
    )
    .unwrap_or_else(|log| panic!("NVRTC rejected the check:\n{log}"));
    check.compare(&ptx_text).unwrap();

    // The kernel's `.param` lines, byte for byte, and the globals' alignment.
    let ptx_text = compile(&nvrtc, &includes, &format!("{TMA_ARGS_CUH}{TMA_KERNEL_CU}"))
        .unwrap_or_else(|log| panic!("NVRTC rejected the kernel:\n{log}"));
    let sig = entry_signature::<TmaKernel>();
    assert!(
        ptx_text.contains(&sig),
        "ours:\n{sig}\nNVRTC's:\n{ptx_text}"
    );
    ptx_abi::check_entry::<TmaKernel>(&ptx_text).unwrap();
    let tm = ptx::global(&ptx_text, "tm_global").expect("tm_global in PTX");
    assert_eq!(
        (tm.size(), tm.align as usize),
        (TensorMap::SIZE, TensorMap::ALIGN)
    );
    let args = ptx::global(&ptx_text, "args_global").expect("args_global in PTX");
    assert_eq!(
        (args.size(), args.align as usize),
        (TmaArgs::SIZE, TmaArgs::ALIGN)
    );
    // The Rust type itself has that alignment too.
    assert_eq!(core::mem::align_of::<TensorMap>(), tm.align as usize);
    // And the release-taking rule agrees with the NVRTC of this release.
    let rule = ptx_abi::layout_of(
        ptx_abi::types::tensor_map_type(CUDA_VERSION),
        AddressSize::A64,
    );
    assert_eq!((rule.size, rule.align), (tm.size(), tm.align as usize));
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
struct Wide {
    tag: u8,
    a: Double4A32,
    b: Long4A16,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
struct WideMap {
    wide: Wide,
    map: TensorMap,
}

/// `cuda_header` spells CUDA's types for the release ptx-abi describes: NVRTC of that release
/// compiles it and its `static_assert`s hold. For CUDA 12 the header defines CUDA 13's
/// `*_16a` / `*_32a` vectors itself.
#[test]
fn the_header_compiles_with_nvrtc_of_this_release() {
    let with_map = tensor_map_declared();
    let Some(nvrtc) = common::nvrtc() else { return };
    let Some(includes) = common::cuda_include_options() else {
        return;
    };
    let (root, name) = if with_map {
        (WideMap::TYPE, "WideMap")
    } else {
        (Wide::TYPE, "Wide")
    };
    let header = cuda_header(&[root]).unwrap();
    assert!(
        header.contains(&format!("// For CUDA {CUDA_VERSION}")),
        "{header}"
    );
    let defines_own = header.contains("struct __align__(32) double4_32a {");
    assert_eq!(
        defines_own,
        !CUDA_VERSION.at_least(CudaVersion::CUDA_13_0),
        "{header}"
    );
    compile(
        &nvrtc,
        &includes,
        &format!("{header}\n__global__ void k({name} w) {{}}\n"),
    )
    .unwrap_or_else(|log| panic!("NVRTC rejected:\n{header}\n{log}"));
    // The asserts are real: a wrong alignment fails.
    let (c, align) = if with_map {
        ("CUtensorMap_st", TensorMap::ALIGN)
    } else {
        ("double4_32a", Double4A32::ALIGN)
    };
    let broken = header.replace(
        &format!("alignof({c}) == {align}"),
        &format!("alignof({c}) == {}", 3 * align),
    );
    assert_ne!(broken, header);
    let log = compile(&nvrtc, &includes, &broken).unwrap_err();
    assert!(log.contains(&format!("ptx-abi: alignof({c})")), "{log}");
}

/// The NVRTC and headers of the other major release, or `None` after saying why: for a CUDA
/// 12 build 13.5's (`$PTX_ABI_NVRTC_13_5`, `$PTX_ABI_CUDA_INCLUDE_13_5`); for a CUDA 13 build
/// 12.9's (`$PTX_ABI_NVRTC` when it is a CUDA 12 one, else the copy `cargo xtask nvrtc`
/// cached in `$CARGO_TARGET_DIR/nvidia` or `target/nvidia`; `$PTX_ABI_CUDA_INCLUDE` or the
/// cached headers).
fn other_release() -> Option<(Nvrtc, Vec<String>)> {
    use ptx_abi_nvtools::{fetch, pins};
    let what = "the other major CUDA release";
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|p| !p.is_empty())
            .map(std::path::PathBuf::from)
    };
    let (nvrtc, include) = if CUDA_VERSION.major == 13 {
        let is_12 = |p: &std::path::PathBuf| Nvrtc::load(p).is_ok_and(|n| n.version().0 == 12);
        let workspace_cache =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/nvidia");
        let nvrtc = var("PTX_ABI_NVRTC").filter(is_12).or_else(|| {
            [fetch::cache_dir(), workspace_cache]
                .iter()
                .map(|c| pins::NVRTC_WHEEL.file_in(c))
                .find(is_12)
        });
        (nvrtc, fetch::cuda_include_dir())
    } else {
        (var("PTX_ABI_NVRTC_13_5"), var("PTX_ABI_CUDA_INCLUDE_13_5"))
    };
    let (Some(nvrtc), Some(include)) = (nvrtc, include) else {
        require::skip(
            what,
            "its NVRTC or headers are not set or cached ($PTX_ABI_NVRTC_13_5 and \
             $PTX_ABI_CUDA_INCLUDE_13_5 for a CUDA 12 build; `cargo xtask nvrtc` and \
             `cargo xtask cuda-headers` for a CUDA 13 build)",
        );
        return None;
    };
    let nvrtc = Nvrtc::load(&nvrtc).unwrap_or_else(|e| panic!("{what}: {e}"));
    let (major, _) = nvrtc.version();
    assert_ne!(major, CUDA_VERSION.major, "{what}: {:?}", nvrtc.path());
    let mut includes = common::cuda_include_options()?;
    includes[0] = format!("-I{}", include.display());
    Some((nvrtc, includes))
}

/// The header of one release compiled by the other: the layout drift is a compile error
/// (`alignof(CUtensorMap)`), and for CUDA 12 the guarded definitions of CUDA 13's vectors
/// give way to CUDA 13's own.
#[test]
fn the_header_fails_under_the_other_major_release() {
    if !tensor_map_declared() {
        return;
    }
    let Some((other, includes)) = other_release() else {
        return;
    };
    let header = cuda_header(&[WideMap::TYPE]).unwrap();
    let log = compile(&other, &includes, &header).unwrap_err();
    assert!(log.contains("ptx-abi: alignof(CUtensorMap_st)"), "{log}");
    assert!(!log.contains("ptx-abi: sizeof(CUtensorMap_st)"), "{log}");
    if CUDA_VERSION.major < 13 {
        // Without CUtensorMap the CUDA 12 header holds under CUDA 13 as well.
        let header = cuda_header(&[Wide::TYPE]).unwrap();
        compile(&other, &includes, &header)
            .unwrap_or_else(|log| panic!("NVRTC {:?} rejected:\n{header}\n{log}", other.version()));
    }
}

/// `nvrtc::check` refuses an NVRTC of another major release, naming both, and accepts this
/// release's.
#[cfg(feature = "nvrtc")]
#[test]
fn nvrtc_of_another_major_release_is_refused() {
    use ptx_abi::report::nvrtc::{MatchError, Nvrtc as CoreNvrtc, NvrtcError};
    let Some((other, _)) = other_release() else {
        return;
    };
    let core = CoreNvrtc::load(other.path()).unwrap();
    let (major, minor) = other.version();
    assert_eq!(core.version(), CudaVersion::new(major, minor));
    let header = "struct S { int a; };";
    #[derive(PtxAbi, Clone, Copy)]
    struct S {
        a: i32,
    }
    match core.check::<S>(header, "S", &[]) {
        Err(MatchError::Nvrtc(e @ NvrtcError::Version { .. })) => {
            let msg = e.to_string();
            assert!(
                msg.contains(&format!("is CUDA {}", core.version())),
                "{msg}"
            );
            assert!(
                msg.contains(&format!("ptx-abi describes CUDA {CUDA_VERSION}")),
                "{msg}"
            );
        }
        other => panic!("{other:?}"),
    }
    let Some(this) = common::nvrtc() else { return };
    let this = CoreNvrtc::load(this.path()).unwrap();
    this.check_version().unwrap();
    this.check::<S>(header, "S", &[]).unwrap();
}

/// `nvrtc::assert_matches` names the NVRTC release that answered (`$PTX_ABI_NVRTC`, or where
/// it looks), and refuses one of another major release.
#[cfg(feature = "nvrtc")]
#[test]
fn assert_matches_names_the_nvrtc_release() {
    use ptx_abi::report::nvrtc::Nvrtc as CoreNvrtc;
    #[derive(PtxAbi, Clone, Copy)]
    struct S {
        a: i32,
        b: u8,
    }
    let Ok(found) = CoreNvrtc::locate() else {
        common::nvrtc();
        return;
    };
    let tampered = "struct S { int a; int b; };";
    let msg =
        std::panic::catch_unwind(|| ptx_abi::report::nvrtc::assert_matches::<S>(tampered, "S"))
            .unwrap_err();
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    if CUDA_VERSION.same_layout_rules(found.version()) {
        assert!(msg.contains("`b`"), "{msg}");
        assert!(
            msg.contains(&format!("checked by NVRTC {} at", found.version())),
            "{msg}"
        );
    } else {
        assert!(
            msg.contains(&format!("is CUDA {}", found.version())),
            "{msg}"
        );
    }
}

/// Issue 32: a CUDA 13.5 build checked with CUDA 12.9's include directory said "C has aligned
/// 64, Rust has aligned 128" and never named the headers' release. The headers' release is read
/// from their `cuda.h` and refused at once, naming both releases and what to set.
#[cfg(feature = "nvrtc")]
#[test]
fn headers_of_another_major_release_are_refused_naming_both() {
    use ptx_abi::report::nvrtc::{check_headers_release, headers_release, NvrtcError};
    const WHAT: &str = "headers_of_another_major_release_are_refused_naming_both";
    // The fetched headers of this build's release and of another major release.
    let (own, other) = match CUDA_VERSION.major {
        13 => ("PTX_ABI_CUDA_INCLUDE_13_5", "PTX_ABI_CUDA_INCLUDE"),
        _ => ("PTX_ABI_CUDA_INCLUDE", "PTX_ABI_CUDA_INCLUDE_13_5"),
    };
    let dir = |var: &str| {
        std::env::var_os(var)
            .filter(|p| !p.is_empty())
            .map(std::path::PathBuf::from)
    };
    let (Some(own), Some(other)) = (dir(own), dir(other)) else {
        return require::skip(WHAT, &format!("${own} and ${other} are not both set"));
    };
    assert!(check_headers_release(&own).is_ok());
    let theirs = headers_release(&other).expect("the fetched headers have cuda.h");
    assert!(!CUDA_VERSION.same_layout_rules(theirs));
    let e = check_headers_release(&other).unwrap_err();
    assert!(
        matches!(&e, NvrtcError::Headers { headers, built_for, .. }
            if *headers == theirs && *built_for == CUDA_VERSION),
        "{e:?}"
    );
    let text = e.to_string();
    for part in [
        format!("are CUDA {theirs}'s"),
        format!("ptx-abi describes CUDA {CUDA_VERSION}"),
        other.display().to_string(),
        format!("feature `cuda-{}`", theirs.code()),
    ] {
        assert!(text.contains(&part), "{part:?} missing: {text}");
    }
}
