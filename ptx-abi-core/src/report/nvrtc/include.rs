//! Where CUDA's own headers (`cuda_fp16.h`, `vector_types.h`, …) are for the CUDA release
//! ptx-abi describes ([`crate::layout::cuda_version::CUDA_VERSION`]), so that a header that includes them compiles
//! under NVRTC as under nvcc (chapter 7: CUDA's C++ types live in those headers). NVRTC itself
//! knows no include directory.
//!
//! First that holds `cuda_fp16.h`:
//! 1. the release's variable ([`include_env`]: `$PTX_ABI_CUDA_INCLUDE` for CUDA 12,
//!    `$PTX_ABI_CUDA_INCLUDE_13_5` or `$PTX_ABI_CUDA13_INCLUDE` for 13,
//!    `$PTX_ABI_CUDA_INCLUDE_11_8` for 11): the include directory itself, used even when wrong
//!    so that the error names it;
//! 2. `$CUDA_PATH/include`, `$CUDA_HOME/include`, `/usr/local/cuda/include`;
//! 3. the copy `cargo xtask cuda-headers` caches under the workspace's `target/nvidia/`
//!    (`$CARGO_TARGET_DIR/nvidia`, or `target/nvidia` in the current directory or above it).

use crate::layout::cuda_version::{CudaVersion, CUDA_VERSION};
use std::path::{Path, PathBuf};
use std::vec::Vec;

/// The variables naming CUDA's include directory for CUDA `major`, first the one to set.
pub fn include_env(major: u32) -> &'static [&'static str] {
    match major {
        11 => &["PTX_ABI_CUDA_INCLUDE_11_8"],
        12 => &["PTX_ABI_CUDA_INCLUDE"],
        _ => &["PTX_ABI_CUDA_INCLUDE_13_5", "PTX_ABI_CUDA13_INCLUDE"],
    }
}

/// The wheels `cargo xtask cuda-headers` unpacks for CUDA `major`: the directory under
/// `target/nvidia/` and the include directory inside it.
fn cached(major: u32) -> &'static [(&'static str, &'static str)] {
    match major {
        11 => &[(
            "nvidia-cuda-runtime-cu11-11.8.89",
            "nvidia/cuda_runtime/include",
        )],
        12 => &[
            // `cargo xtask`'s tree of the runtime's, cuRAND's and CCCL's headers first.
            ("cuda-headers-12.9.79", "include"),
            (
                "nvidia-cuda-runtime-cu12-12.9.79",
                "nvidia/cuda_runtime/include",
            ),
        ],
        _ => &[
            ("nvcc-13.5.37", "include"),
            ("nvidia-cuda-runtime-13.5.37", "nvidia/cu13/include"),
            ("nvidia-cuda-runtime-13.0.96", "nvidia/cu13/include"),
        ],
    }
}

/// Where CUDA's include directory was looked for and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncludeSearch {
    /// The directory NVRTC is given (`-I`), if any.
    pub found: Option<PathBuf>,
    /// Every place looked at, in order.
    pub searched: Vec<PathBuf>,
}

/// CUDA's include directory for the release ptx-abi describes (see the module docs).
pub fn cuda_include() -> IncludeSearch {
    let mut searched = Vec::new();
    for var in include_env(CUDA_VERSION.major) {
        if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
            let p = PathBuf::from(p);
            searched.push(p.clone());
            return IncludeSearch {
                found: Some(p),
                searched,
            };
        }
    }
    for dir in candidates() {
        let holds = dir.join("cuda_fp16.h").is_file();
        searched.push(dir.clone());
        if holds {
            return IncludeSearch {
                found: Some(dir),
                searched,
            };
        }
    }
    IncludeSearch {
        found: None,
        searched,
    }
}

/// Steps 2 and 3 of the module docs.
fn candidates() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for var in ["CUDA_PATH", "CUDA_HOME"] {
        if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
            out.push(Path::new(&p).join("include"));
        }
    }
    out.push(PathBuf::from("/usr/local/cuda/include"));
    let mut caches = Vec::new();
    if let Some(t) = std::env::var_os("CARGO_TARGET_DIR").filter(|p| !p.is_empty()) {
        caches.push(Path::new(&t).join("nvidia"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        caches.extend(cwd.ancestors().map(|a| a.join("target").join("nvidia")));
    }
    for cache in caches.iter().filter(|c| c.is_dir()) {
        for (wheel, include) in cached(CUDA_VERSION.major) {
            out.push(cache.join(wheel).join(include));
        }
    }
    out
}

/// The CUDA release of the headers in `dir`: the `#define CUDA_VERSION 12090` of its
/// `cuda.h`, or `None` when it has none (a directory of the user's own headers).
pub fn headers_release(dir: &Path) -> Option<CudaVersion> {
    let text = std::fs::read_to_string(dir.join("cuda.h")).ok()?;
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("#define")?.trim_start();
        let value = rest.strip_prefix("CUDA_VERSION")?;
        // `CUDA_VERSION_…` is another macro.
        if !value.starts_with(|c: char| c.is_ascii_whitespace()) {
            return None;
        }
        let code: u32 = value.trim().parse().ok()?;
        (code >= 1000 && code % 10 == 0).then(|| CudaVersion::from_code(code))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headers_release_is_read_from_cuda_h() {
        let dir = std::env::temp_dir().join(std::format!("ptx-abi-cuda-h-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(headers_release(&dir), None);
        std::fs::write(
            dir.join("cuda.h"),
            "#define CUDA_VERSION_MAJOR 13\n#define  CUDA_VERSION   13050\n",
        )
        .unwrap();
        assert_eq!(headers_release(&dir), Some(CudaVersion::new(13, 5)));
        std::fs::write(dir.join("cuda.h"), "#define CUDA_VERSION 12091\n").unwrap();
        assert_eq!(headers_release(&dir), None);
    }
}
