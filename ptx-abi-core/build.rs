//! Chooses the CUDA release ptx-abi describes (`layout/cuda_version.rs`), first that applies:
//!
//! 1. one feature `cuda-MMmmm` (`cuda-12090` is CUDA 12.9; the names are cudarc's): that
//!    release; two of them are an error, since one build cannot describe two releases;
//! 2. feature `cuda-version-from-build-system`: what the machine has, found the way cudarc
//!    finds it: `$CUDARC_CUDA_VERSION` (`12090`), `nvcc --version` (on `PATH`, then under
//!    `$CUDA_HOME`, `$CUDA_PATH`, `$CUDA_ROOT`, `$CUDA_TOOLKIT_ROOT_DIR`, `/usr/local/cuda`),
//!    then the `#define CUDA_VERSION` of `include/cuda.h` under those directories; nothing
//!    found is the default with a warning;
//! 3. the default, CUDA 12.9.
//!
//! It tells the crate through `PTX_ABI_CORE_CUDA_VERSION` (`13050`) and
//! `PTX_ABI_CORE_CUDA_VERSION_SOURCE` (how it was chosen), and the attributes that need a
//! `cfg` (`repr(align)` of `TensorMap`, `#[deprecated]` on CUDA 13's deprecated vectors)
//! through `cfg(ptx_abi_cuda_13)`; the crate checks that the `cfg` and the const agree.
//! `cfg(ptx_abi_cuda_chosen)` says that 1 or 2 chose (not the default): then a build with
//! `cudarc` checks that cudarc describes the same major release (`integrations.rs`).

#[path = "build/release.rs"]
mod release;

use release::parse_code;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The releases a feature can name: cudarc 0.19's list, and 13.5.
const FEATURES: &[(u32, u32)] = &[
    (11, 4),
    (11, 5),
    (11, 6),
    (11, 7),
    (11, 8),
    (12, 0),
    (12, 1),
    (12, 2),
    (12, 3),
    (12, 4),
    (12, 5),
    (12, 6),
    (12, 8),
    (12, 9),
    (13, 0),
    (13, 1),
    (13, 2),
    (13, 3),
    (13, 4),
    (13, 5),
];

/// CUDA 12.9, the release ptx-abi is proven against when no feature chooses another.
const DEFAULT: (u32, u32) = (12, 9);

/// The newest release ptx-abi knows the layout rules of; detecting a newer one is an error.
const NEWEST: (u32, u32) = (13, 5);

/// Where a CUDA installation may be, as cudarc looks for it.
const ROOT_VARS: &[&str] = &[
    "CUDA_HOME",
    "CUDA_PATH",
    "CUDA_ROOT",
    "CUDA_TOOLKIT_ROOT_DIR",
];

fn feature_name(v: (u32, u32)) -> String {
    format!("cuda-{}", release::code(v))
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=build/release.rs");
    println!("cargo::rustc-check-cfg=cfg(ptx_abi_cuda_13)");
    println!("cargo::rustc-check-cfg=cfg(ptx_abi_cuda_chosen)");
    let chosen: Vec<(u32, u32)> = FEATURES
        .iter()
        .copied()
        .filter(|&v| {
            let var = format!(
                "CARGO_FEATURE_{}",
                feature_name(v).to_uppercase().replace('-', "_")
            );
            std::env::var_os(var).is_some()
        })
        .collect();
    let from_build_system_wanted =
        std::env::var_os("CARGO_FEATURE_CUDA_VERSION_FROM_BUILD_SYSTEM").is_some();
    if !chosen.is_empty() || from_build_system_wanted {
        // The user chose: with `cudarc`, the crate checks that cudarc agrees.
        println!("cargo::rustc-cfg=ptx_abi_cuda_chosen");
    }
    let (version, source) = match chosen.as_slice() {
        [v] => (*v, format!("feature `{}`", feature_name(*v))),
        [] if from_build_system_wanted => from_build_system(),
        [] => (DEFAULT, "the default".to_string()),
        several => {
            let names: Vec<String> = several.iter().map(|&v| feature_name(v)).collect();
            panic!(
                "ptx-abi-core: the features {} are all enabled, but one build describes one CUDA \
                 release: enable one (a dependency may enable another; `cargo tree -e features \
                 -i ptx-abi-core` shows which)",
                names.join(", ")
            );
        }
    };
    let (major, minor) = version;
    println!(
        "cargo::rustc-env=PTX_ABI_CORE_CUDA_VERSION={}",
        release::code((major, minor))
    );
    println!("cargo::rustc-env=PTX_ABI_CORE_CUDA_VERSION_SOURCE={source}");
    if major >= 13 {
        println!("cargo::rustc-cfg=ptx_abi_cuda_13");
    }
}

/// Feature `cuda-version-from-build-system`: the release installed here, or the default.
fn from_build_system() -> ((u32, u32), String) {
    println!("cargo::rerun-if-env-changed=CUDARC_CUDA_VERSION");
    println!("cargo::rerun-if-env-changed=PATH");
    for var in ROOT_VARS {
        println!("cargo::rerun-if-env-changed={var}");
    }
    if let Some(text) = std::env::var("CUDARC_CUDA_VERSION")
        .ok()
        .filter(|t| !t.is_empty())
    {
        let v = parse_code(text.trim())
            .unwrap_or_else(|why| panic!("ptx-abi-core: $CUDARC_CUDA_VERSION is `{text}`: {why}"));
        return (
            known(v, "$CUDARC_CUDA_VERSION"),
            "$CUDARC_CUDA_VERSION".into(),
        );
    }
    let roots: Vec<PathBuf> = ROOT_VARS
        .iter()
        .filter_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .map(PathBuf::from)
        .chain([PathBuf::from("/usr/local/cuda")])
        .collect();
    let nvccs =
        std::iter::once(PathBuf::from("nvcc")).chain(roots.iter().map(|r| r.join("bin/nvcc")));
    for nvcc in nvccs {
        if let Some(v) = nvcc_version(&nvcc) {
            let what = format!("`{} --version`", nvcc.display());
            return (known(v, &what), what);
        }
    }
    for root in &roots {
        let header = root.join("include/cuda.h");
        if let Some(v) = header_version(&header) {
            let what = format!("{}", header.display());
            return (known(v, &what), what);
        }
    }
    println!(
        "cargo::warning=ptx-abi-core: feature `cuda-version-from-build-system` found no CUDA \
         (no $CUDARC_CUDA_VERSION, no nvcc, no include/cuda.h under $CUDA_HOME, $CUDA_PATH, \
         $CUDA_ROOT, $CUDA_TOOLKIT_ROOT_DIR or /usr/local/cuda); describing CUDA {}.{}, the \
         default. Enable a feature such as `cuda-13000` to choose.",
        DEFAULT.0, DEFAULT.1
    );
    (
        DEFAULT,
        "the default, no CUDA found by the build system".into(),
    )
}

/// A release ptx-abi knows the rules of, or an error naming where `v` came from.
fn known(v: (u32, u32), what: &str) -> (u32, u32) {
    if v.0 < 11 || v > NEWEST {
        panic!(
            "ptx-abi-core: {what} says CUDA {}.{}, but this ptx-abi knows the layout rules of \
             CUDA 11.0 to {}.{}: update ptx-abi, or enable a feature such as `{}` to describe a \
             release it knows",
            v.0,
            v.1,
            NEWEST.0,
            NEWEST.1,
            feature_name(NEWEST)
        );
    }
    v
}

/// The release `nvcc --version` names (`Cuda compilation tools, release 12.9, V12.9.86`).
fn nvcc_version(nvcc: &Path) -> Option<(u32, u32)> {
    let out = Command::new(nvcc).arg("--version").output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let rest = text.split("release ").nth(1)?;
    let number = rest.split(|c: char| c == ',' || c.is_whitespace()).next()?;
    let (major, minor) = number.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// The `#define CUDA_VERSION 12090` of a `cuda.h`.
fn header_version(header: &Path) -> Option<(u32, u32)> {
    let text = std::fs::read_to_string(header).ok()?;
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("#define")?.trim_start();
        let value = rest.strip_prefix("CUDA_VERSION")?;
        // `CUDA_VERSION_…` is another macro.
        if !value.starts_with(char::is_whitespace) {
            return None;
        }
        parse_code(value.trim()).ok()
    })
}
