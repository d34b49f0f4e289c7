//! What ptx-abi-core's `nvrtc` feature needs of NVRTC's packaging: the variable that names
//! the library (`PTX_ABI_NVRTC`), each CUDA release's NVRTC library name, and the pinned PyPI
//! wheel of each, which the "NVRTC not found" message spells as a `pip download` command.
//! Downloading and the test tools' caches are the `fetch` feature's (`crate::fetch`).

use std::path::Path;

/// Environment variable naming `libnvrtc.so.12` directly; takes precedence over the cache.
pub const NVRTC_ENV: &str = "PTX_ABI_NVRTC";
/// A pinned PyPI wheel and the file inside it that we want.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wheel {
    /// PyPI project name.
    pub project: &'static str,
    /// Exact version (`==` pin).
    pub version: &'static str,
    /// SHA-256 of the `manylinux…_x86_64` wheel of that version; checked by pip (hash-checking
    /// mode) when downloading on x86-64 Linux. Other platforms get a different wheel and are
    /// pinned by version only.
    pub sha256_x86_64: &'static str,
    /// Path of the wanted file relative to the unpacked wheel's root.
    pub file: &'static str,
    /// Whether the file must be made executable after unpacking (zip extraction drops modes).
    pub executable: bool,
}

impl Wheel {
    /// The pip requirement that pins it: `nvidia-cuda-nvrtc-cu12==12.9.86`.
    pub fn requirement(&self) -> String {
        format!("{}=={}", self.project, self.version)
    }

    /// The name pattern of its wheel files: `nvidia_cuda_nvrtc_cu12-*.whl`.
    pub fn file_pattern(&self) -> String {
        format!("{}-*.whl", self.project.replace('-', "_"))
    }
}

/// NVRTC 12.9.86, the compiler `docs/nvidia-notes.md`'s figures were produced with. The wheel holds
/// `libnvrtc.so.12` and `libnvrtc-builtins.so.12.9` in the same directory; NVRTC finds the
/// builtins library next to itself, so they are kept together.
pub const NVRTC_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvrtc-cu12",
    version: "12.9.86",
    sha256_x86_64: "210cf05005a447e29214e9ce50851e83fc5f4358df8b453155d5e1918094dcb4",
    file: "nvidia/cuda_nvrtc/lib/libnvrtc.so.12",
    executable: false,
};

/// NVRTC 11.8.89, the oldest CUDA release the tests compare with (issue 22). Its library keeps
/// the soname of CUDA 11.2, `libnvrtc.so.11.2`, next to `libnvrtc-builtins.so.11.8`.
pub const NVRTC_11_8_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvrtc-cu11",
    version: "11.8.89",
    sha256_x86_64: "a8d02f3cba345be56b1ffc3e74d8f61f02bb758dd31b0f20e12277a5a244f756",
    file: "nvidia/cuda_nvrtc/lib/libnvrtc.so.11.2",
    executable: false,
};

/// NVRTC 13.5.37, the newest CUDA release the tests compare with (issue 22). CUDA 13's wheels
/// drop the `-cu13` suffix and unpack under `nvidia/cu13/`: `libnvrtc.so.13` next to
/// `libnvrtc-builtins.so.13.5`.
pub const NVRTC_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvrtc",
    version: "13.5.37",
    sha256_x86_64: "86b4d68058807988b7d9af5b44917a0601e9c337f35ccd657bfb3c759ff8d8bc",
    file: "nvidia/cu13/lib/libnvrtc.so.13",
    executable: false,
};

/// The pinned NVRTC wheel of CUDA `major` (11, 12 or 13).
pub fn nvrtc_wheel(major: u32) -> Option<&'static Wheel> {
    match major {
        11 => Some(&NVRTC_11_8_WHEEL),
        12 => Some(&NVRTC_WHEEL),
        13 => Some(&NVRTC_13_5_WHEEL),
        _ => None,
    }
}

/// The file name of NVRTC for CUDA `major`: the pinned wheel's (`libnvrtc.so.12`, and CUDA 11's
/// `libnvrtc.so.11.2`), else `libnvrtc.so.<major>`.
pub fn nvrtc_library_name(major: u32) -> String {
    nvrtc_wheel(major)
        .and_then(|w| {
            Path::new(w.file)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| format!("libnvrtc.so.{major}"))
}
