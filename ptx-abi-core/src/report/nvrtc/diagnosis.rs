//! What to do about NVRTC's log: the one suggestion that fits the error NVRTC reported, read
//! from its own words, never a guess that fits none of them.

use super::include::{cuda_include, include_env};
use crate::layout::cuda_version::CUDA_VERSION;
use std::format;
use std::string::String;
use std::vec::Vec;

/// The file name the checks are compiled under (`#line`), so that the log tells an error in
/// the user's header from one in the checks.
pub const CHECKS_FILE: &str = "ptx_abi_checks.cu";

/// The file name the user's header is compiled under.
pub const HEADER_FILE: &str = "header.cuh";

/// The suggestion for `log`, or `None` when NVRTC's words are all there is to say.
pub fn hint(log: &str) -> Option<String> {
    let missing: Vec<&str> = log.lines().filter_map(missing_include).collect();
    if let Some(first) = missing.first() {
        return Some(missing_include_hint(first));
    }
    let in_checks = log
        .lines()
        .any(|l| l.starts_with(CHECKS_FILE) && l.contains("has no member"));
    if in_checks {
        return Some(
            "hint: a member the checks name is not in the C type: map Rust member names to C \
             ones (and anonymous structs or unions to \"\") with `check_matches_mapped`"
                .into(),
        );
    }
    // The header is compiled as `HEADER_FILE`, or from its own file (`header_file`).
    let in_header = log.lines().any(|l| {
        l.starts_with(HEADER_FILE) || (l.contains("): error") && !l.starts_with(CHECKS_FILE))
    });
    in_header.then(|| {
        format!(
            "hint: NVRTC rejected the header itself (the lines above name it, not \
             {CHECKS_FILE}); it \
             compiles CUDA C++ without the host's C++ library, with CUDA {CUDA_VERSION}'s \
             headers and ptx-abi's stand-ins for the C and C++ standard headers \
             (`ptx_abi_nvtools::std_headers`). A header that needs the host's library, or \
             builds only with nvcc, is checked by nvcc: set PTX_ABI_NVCC to it"
        )
    })
}

/// The file of a `could not open source file "x"` (or `cannot open …`) line.
fn missing_include(line: &str) -> Option<&str> {
    let rest = line.split("open source file \"").nth(1)?;
    rest.split('"').next()
}

fn missing_include_hint(file: &str) -> String {
    let search = cuda_include();
    let var = include_env(CUDA_VERSION.major)[0];
    match search.found {
        None => format!(
            "hint: `{file}` is not found because CUDA {CUDA_VERSION}'s include directory was \
             not found (looked at: {}); set {var} to it (the directory holding cuda_fp16.h), \
             set CUDA_PATH to a CUDA install, or run `cargo xtask cuda-headers` in ptx-abi's \
             workspace",
            join(&search.searched)
        ),
        Some(dir) => format!(
            "hint: `{file}` is neither in {} (CUDA's include directory, from {var} or the \
             places the docs list) nor one of the standard headers ptx-abi provides to NVRTC \
             (`ptx_abi_nvtools::std_headers`). If it is the header's own (a sibling or a \
             project header), give its directory as the check's `-I` option; if it is a \
             library's (the host's C++ library, CUTLASS, …), check with nvcc, which finds what \
             the build finds: set PTX_ABI_NVCC to it",
            dir.display()
        ),
    }
}

fn join(paths: &[std::path::PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| format!("{}", p.display())).collect();
    if names.is_empty() {
        "nowhere".into()
    } else {
        names.join(", ")
    }
}
