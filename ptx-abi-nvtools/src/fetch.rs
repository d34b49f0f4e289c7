//! Where the tests' tools live on this machine, and how `cargo xtask nvrtc|ptxas|cuobjdump|clang`
//! gets them.
//!
//! There is no CUDA install and no GPU here. NVRTC, ptxas and cuobjdump come from NVIDIA's PyPI
//! wheels (`nvidia-cuda-nvrtc-cu12`, `nvidia-cuda-nvcc-cu12`, `nvidia-cuda-cuobjdump`), clang
//! from the `ziglang` wheel (`zig clang`), all downloaded with `python3 -m pip download`
//! and unpacked with `python3 -m zipfile` into a cache under the workspace's target directory:
//!
//! ```text
//! <target>/nvidia/nvidia-cuda-nvrtc-cu12-<version>/nvidia/cuda_nvrtc/lib/libnvrtc.so.12
//! <target>/nvidia/nvidia-cuda-nvcc-cu12-<version>/nvidia/cuda_nvcc/bin/ptxas
//! ```
//!
//! Three CUDA releases are pinned ([`TOOLKITS`]): 12.9, whose NVRTC recorded the golden corpus
//! (the unversioned names: [`NVRTC_WHEEL`], `PTX_ABI_NVRTC`, [`locate_nvrtc`], …), and 11.8 and
//! 13.5 beside it (issue 22: the corpus and the parameter limits are checked against each),
//! named with their release (`PTX_ABI_NVRTC_11_8`, [`CUDA_13_5`]'s `locate_nvrtc`, …). CUDA 13's wheels
//! have no `-cu13` suffix and unpack under `nvidia/cu13/`:
//!
//! ```text
//! <target>/nvidia/nvidia-cuda-nvrtc-cu11-11.8.89/nvidia/cuda_nvrtc/lib/libnvrtc.so.11.2
//! <target>/nvidia/nvidia-cuda-nvrtc-13.5.37/nvidia/cu13/lib/libnvrtc.so.13
//! <target>/nvidia/nvidia-cuda-nvcc-13.5.37/nvidia/cu13/bin/ptxas
//! ```
//!
//! The versions (and, for x86-64 Linux, the wheels' SHA-256) are pinned below so every run of
//! the oracle tests uses the same compiler. The version is part of the cache directory's name, so
//! changing a pin never reuses a stale cache.
//!
//! One definition of the pins and the cache layout serves the tool that fills the cache
//! (`cargo xtask`), the tests that read it, and `ptx-abi-import`, which fetches zig's clang into
//! a cache of its own with [`fetch`]. The tests only ever *locate* ([`locate_nvrtc`],
//! [`locate_ptxas`]); downloading is [`fetch`]'s job.

use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::pins::{Wheel, NVRTC_11_8_WHEEL, NVRTC_13_5_WHEEL, NVRTC_ENV, NVRTC_WHEEL};

/// Environment variable naming the `ptxas` binary directly; takes precedence over the cache.
pub const PTXAS_ENV: &str = "PTX_ABI_PTXAS";

/// ptxas from CUDA 12.9.86 (the `nvcc` wheel carries `ptxas`, not `nvcc` itself).
pub const PTXAS_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvcc-cu12",
    version: "12.9.86",
    sha256_x86_64: "5d6a0d32fdc7ea39917c20065614ae93add6f577d840233237ff08e9a38f58f0",
    file: "nvidia/cuda_nvcc/bin/ptxas",
    executable: true,
};

/// CUDA 12.9's runtime headers (`cuda_fp16.h`, `cuda_bf16.h`, `cuda_fp8.h`, `cuda_fp4.h`,
/// `vector_types.h`, `cuda.h` for `CUtensorMap`, …), all in one include directory of this
/// wheel; NVRTC gets it with `-I` ([`cuda_include_dir`]).
pub const CUDA_HEADERS_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-runtime-cu12",
    version: "12.9.79",
    sha256_x86_64: "25bba2dfb01d48a9b59ca474a1ac43c6ebf7011f1b0b8cc44f54eb6ac48a96c3",
    file: "nvidia/cuda_runtime/include/cuda_fp16.h",
    executable: false,
};

/// CUDA 13.0's runtime headers, for the types CUDA 13 added (`double4_16a`, `double4_32a` in
/// `vector_types.h`); [`cuda13_include_dir`].
pub const CUDA13_HEADERS_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-runtime",
    version: "13.0.96",
    sha256_x86_64: "7f82250d7782aa23b6cfe765ecc7db554bd3c2870c43f3d1821f1d18aebf0548",
    file: "nvidia/cu13/include/vector_types.h",
    executable: false,
};

/// ptxas from CUDA 11.8.89.
pub const PTXAS_11_8_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvcc-cu11",
    version: "11.8.89",
    sha256_x86_64: "f8e1e995166c884f2f5bf94975d7abb89175363b8712f7f81cd38d0df1b2cd85",
    file: "nvidia/cuda_nvcc/bin/ptxas",
    executable: true,
};

/// ptxas from CUDA 13.5.37 (`nvidia/cu13/bin/ptxas`; a static binary: it needs nothing else
/// of the wheel, and none of the headers CUDA 13 moved to `nvidia-cuda-crt`).
pub const PTXAS_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvcc",
    version: "13.5.37",
    sha256_x86_64: "f5c4f7ead5d964fb4af42bbf1e6d3ec3c1e6e9d83b53749f691d387e7fcaa3a7",
    file: "nvidia/cu13/bin/ptxas",
    executable: true,
};

/// CUDA 11.8's runtime headers (one include directory, like [`CUDA_HEADERS_WHEEL`]'s).
pub const CUDA_HEADERS_11_8_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-runtime-cu11",
    version: "11.8.89",
    sha256_x86_64: "92d04069a987e1fbc9213f8376d265df0f7bb42617d44f5eda1f496acea7f2d1",
    file: "nvidia/cuda_runtime/include/cuda_fp16.h",
    executable: false,
};

/// CUDA 13.5's runtime headers (`nvidia/cu13/include`).
pub const CUDA_HEADERS_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-runtime",
    version: "13.5.37",
    sha256_x86_64: "df2b79a8852f10d1fef8c848489c49eebb5754051bf870202a862831412b179d",
    file: "nvidia/cu13/include/cuda_fp16.h",
    executable: false,
};

/// CUDA 13.5's C runtime headers (`crt/host_config.h`, `crt/host_defines.h`, …), which CUDA 13
/// moved out of the runtime wheel into their own: `curand.h` includes `cuda_runtime.h`, which
/// includes them. One of the four parts of the toolkit NVIDIA's `cuda-core` crate is built
/// with ([`CUDA_CORE_TOOLKIT`]).
pub const CUDA_CRT_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-crt",
    version: "13.5.37",
    sha256_x86_64: "e898b7f73d3035fa89915a3f7bf3b54a73e90249746111aed295822c4729bb29",
    file: "nvidia/cu13/include/crt/host_config.h",
    executable: false,
};

/// cuRAND 10.4.5 of CUDA 13.5: its `curand.h`, which `cuda-bindings` (under `cuda-core`) binds
/// beside `cuda.h`. Only the headers are used; the wheel also carries `libcurand.so.10`
/// (100 MB), which `cargo xtask test-cuda-core` deletes once unpacked.
pub const CURAND_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-curand",
    version: "10.4.5.25",
    sha256_x86_64: "22bb226a857e5888fe6b54ae465fc4371296bcff13a35f79e19691bcf454f529",
    file: "nvidia/cu13/include/curand.h",
    executable: false,
};

/// libclang 18.1.1 (PyPI's `libclang`, the LLVM project's library in a wheel): what bindgen
/// loads to read `cuda.h` and `curand.h` when `cuda-bindings` builds (`LIBCLANG_PATH` is the
/// directory of this file). It has no compiler headers (`stddef.h`); those come from zig's
/// clang ([`ZIG_WHEEL`]'s `lib/include`).
pub const LIBCLANG_WHEEL: Wheel = Wheel {
    project: "libclang",
    version: "18.1.1",
    sha256_x86_64: "c533091d8a3bbf7460a00cb6c1a71da93bffe148f172c7d03b1c31fbf8aa2a0b",
    file: "libclang-18.1.1.data/platlib/clang/native/libclang.so",
    executable: false,
};

/// What building NVIDIA's `cuda-core` crate needs where no CUDA is installed: its
/// `cuda-bindings` generates its bindings with bindgen from a CUDA 13.0+ toolkit's `cuda.h` and
/// `curand.h` (found through `CUDA_TOOLKIT_PATH`, in `include/`). The headers of CUDA 13.5
/// (runtime, C runtime, cuRAND) are assembled into one include directory; libclang and the
/// compiler headers are given to bindgen (`LIBCLANG_PATH`, `BINDGEN_EXTRA_CLANG_ARGS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CudaCoreToolkit {
    /// The wheels whose `include/` directories are merged, in this order.
    pub headers: [Wheel; 3],
    /// libclang.
    pub libclang: Wheel,
    /// The clang whose compiler headers bindgen reads (zig's `lib/include`).
    pub compiler_headers: Wheel,
}

/// The toolkit `cargo xtask test-cuda-core` builds the `cuda-core` feature with.
pub const CUDA_CORE_TOOLKIT: CudaCoreToolkit = CudaCoreToolkit {
    headers: [
        CUDA_HEADERS_13_5_WHEEL,
        CUDA_CRT_13_5_WHEEL,
        CURAND_13_5_WHEEL,
    ],
    libclang: LIBCLANG_WHEEL,
    compiler_headers: ZIG_WHEEL,
};

impl CudaCoreToolkit {
    /// The toolkit directory assembled in `cache` (`<cache>/cuda-core-toolkit-13.5.37`; the
    /// runtime headers' version names it, and the other pins are part of a marker file inside,
    /// so a changed pin never reuses a stale directory).
    pub fn dir_in(&self, cache: &Path) -> PathBuf {
        cache.join(format!("cuda-core-toolkit-{}", self.headers[0].version))
    }

    /// The pins the assembled directory was made from, one requirement a line: written into it,
    /// compared before it is reused.
    pub fn stamp(&self) -> String {
        let mut s = String::new();
        for w in self.headers {
            s.push_str(&w.requirement());
            s.push('\n');
        }
        s
    }
}

/// Environment variable naming NVRTC 11.8's `libnvrtc.so.11.2` directly.
pub const NVRTC_11_8_ENV: &str = "PTX_ABI_NVRTC_11_8";
/// Environment variable naming NVRTC 13.5's `libnvrtc.so.13` directly.
pub const NVRTC_13_5_ENV: &str = "PTX_ABI_NVRTC_13_5";
/// Environment variable naming CUDA 11.8's `ptxas` directly.
pub const PTXAS_11_8_ENV: &str = "PTX_ABI_PTXAS_11_8";
/// Environment variable naming CUDA 13.5's `ptxas` directly.
pub const PTXAS_13_5_ENV: &str = "PTX_ABI_PTXAS_13_5";
/// Environment variable naming CUDA 11.8's include directory directly.
pub const CUDA_INCLUDE_11_8_ENV: &str = "PTX_ABI_CUDA_INCLUDE_11_8";
/// Environment variable naming CUDA 13.5's include directory directly.
pub const CUDA_INCLUDE_13_5_ENV: &str = "PTX_ABI_CUDA_INCLUDE_13_5";

/// One CUDA release's tools: its NVRTC, ptxas and runtime headers, each with the environment
/// variable that names it directly (issue 22: the golden corpus and the parameter limits are
/// checked against every release of [`TOOLKITS`]; the headers serve the checks of the CUDA
/// version a user chooses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toolkit {
    /// `"11.8"`, `"12.9"`, `"13.5"`: the release as users name it.
    pub version: &'static str,
    /// `(major, minor)`, what `nvrtcVersion` answers.
    pub major_minor: (u32, u32),
    /// The NVRTC wheel.
    pub nvrtc: Wheel,
    /// The variable naming its library.
    pub nvrtc_env: &'static str,
    /// The wheel carrying ptxas.
    pub ptxas: Wheel,
    /// The variable naming its ptxas.
    pub ptxas_env: &'static str,
    /// The runtime headers' wheel.
    pub headers: Wheel,
    /// The variable naming its include directory.
    pub include_env: &'static str,
}

/// CUDA 11.8.
pub const CUDA_11_8: Toolkit = Toolkit {
    version: "11.8",
    major_minor: (11, 8),
    nvrtc: NVRTC_11_8_WHEEL,
    nvrtc_env: NVRTC_11_8_ENV,
    ptxas: PTXAS_11_8_WHEEL,
    ptxas_env: PTXAS_11_8_ENV,
    headers: CUDA_HEADERS_11_8_WHEEL,
    include_env: CUDA_INCLUDE_11_8_ENV,
};

/// CUDA 12.9: the release the golden corpus was recorded with ([`NVRTC_WHEEL`] and the other
/// unversioned names).
pub const CUDA_12_9: Toolkit = Toolkit {
    version: "12.9",
    major_minor: (12, 9),
    nvrtc: NVRTC_WHEEL,
    nvrtc_env: NVRTC_ENV,
    ptxas: PTXAS_WHEEL,
    ptxas_env: PTXAS_ENV,
    headers: CUDA_HEADERS_WHEEL,
    include_env: CUDA_INCLUDE_ENV,
};

/// CUDA 13.5.
pub const CUDA_13_5: Toolkit = Toolkit {
    version: "13.5",
    major_minor: (13, 5),
    nvrtc: NVRTC_13_5_WHEEL,
    nvrtc_env: NVRTC_13_5_ENV,
    ptxas: PTXAS_13_5_WHEEL,
    ptxas_env: PTXAS_13_5_ENV,
    headers: CUDA_HEADERS_13_5_WHEEL,
    include_env: CUDA_INCLUDE_13_5_ENV,
};

/// Every CUDA release the tests know, oldest first.
pub const TOOLKITS: [Toolkit; 3] = [CUDA_11_8, CUDA_12_9, CUDA_13_5];

impl Toolkit {
    /// The pinned release of CUDA `major` (11, 12 or 13), if one is pinned.
    pub fn of_major(major: u32) -> Option<Toolkit> {
        TOOLKITS.into_iter().find(|t| t.major_minor.0 == major)
    }

    /// The release called `version` (`"11.8"`, `"12.9"`, `"13.5"`) in [`TOOLKITS`].
    pub fn named(version: &str) -> Option<Toolkit> {
        TOOLKITS.into_iter().find(|t| t.version == version)
    }

    /// Its NVRTC library: `$<nvrtc_env>` if set (returned as given), else the cached copy.
    /// Never downloads.
    pub fn locate_nvrtc(&self) -> Option<PathBuf> {
        locate(self.nvrtc_env, &self.nvrtc)
    }

    /// Its ptxas: `$<ptxas_env>` if set (returned as given), else the cached copy. Never
    /// downloads.
    pub fn locate_ptxas(&self) -> Option<PathBuf> {
        locate(self.ptxas_env, &self.ptxas)
    }

    /// Its include directory: `$<include_env>` if set, else the cached one. Never downloads.
    pub fn include_dir(&self) -> Option<PathBuf> {
        if let Some(p) = non_empty(env::var_os(self.include_env)) {
            return Some(include_of(absolute(p)));
        }
        // The assembled trees hold the libraries' headers (cuRAND, CCCL) too.
        let tree = match self.version {
            "12.9" => crate::toolkit::CUDA_12_9_HEADERS.locate(),
            "13.5" => crate::toolkit::NVCC_13_5
                .locate()
                .and_then(|nvcc| crate::toolkit::NvccToolkit::include_of(&nvcc)),
            _ => None,
        };
        tree.filter(|d| d.join("cuda_fp16.h").is_file())
            .or_else(|| locate("", &self.headers).map(include_of))
    }
}

/// The include directory of a located header file (or of a directory given directly).
fn include_of(found: PathBuf) -> PathBuf {
    if found.is_file() {
        found.parent().map(Path::to_path_buf).unwrap_or(found)
    } else {
        found
    }
}

/// Environment variable naming CUDA 13's include directory directly.
pub const CUDA13_INCLUDE_ENV: &str = "PTX_ABI_CUDA13_INCLUDE";

/// CUDA 13's include directory: `$PTX_ABI_CUDA13_INCLUDE`, else the one `cargo xtask
/// cuda-headers` cached. Never downloads.
pub fn cuda13_include_dir() -> Option<PathBuf> {
    locate(CUDA13_INCLUDE_ENV, &CUDA13_HEADERS_WHEEL).map(include_of)
}

/// Environment variable naming the CUDA include directory directly (one holding
/// `cuda_fp16.h`); takes precedence over the cache.
pub const CUDA_INCLUDE_ENV: &str = "PTX_ABI_CUDA_INCLUDE";

/// The CUDA include directory: `$PTX_ABI_CUDA_INCLUDE`, else the one `cargo xtask
/// cuda-headers` cached. Never downloads.
pub fn cuda_include_dir() -> Option<PathBuf> {
    if let Some(p) = non_empty(env::var_os(CUDA_INCLUDE_ENV)) {
        return Some(absolute(p));
    }
    // The assembled tree holds cuRAND's and CCCL's headers too.
    if let Some(tree) = crate::toolkit::CUDA_12_9_HEADERS.locate() {
        return Some(tree);
    }
    locate("", &CUDA_HEADERS_WHEEL).and_then(|f| f.parent().map(Path::to_path_buf))
}

/// `PTX_ABI_REQUIRE_ORACLE`: when `1` (set by `cargo xtask test` once it has fetched every
/// tool), a test whose tool is missing fails instead of skipping (`crate::require`).
pub const REQUIRE_ORACLE_ENV: &str = "PTX_ABI_REQUIRE_ORACLE";

/// Environment variable naming the `cuobjdump` binary directly; takes precedence over the cache.
pub const CUOBJDUMP_ENV: &str = "PTX_ABI_CUOBJDUMP";
/// Environment variable naming a clang to run instead of the cached one (a binary that takes
/// clang's arguments, such as Debian's `clang`); takes precedence over the cache.
pub const CLANG_ENV: &str = "PTX_ABI_CLANG";
/// Environment variable naming the `zig` binary whose `zig clang` to use; takes precedence over
/// the cache (`PTX_ABI_CLANG` takes precedence over both).
pub const ZIG_ENV: &str = "PTX_ABI_ZIG";

/// cuobjdump from CUDA 13.5 (PyPI has no `-cu12` cuobjdump wheel; the CUDA 13 tool reads the
/// ELF of cubins ptxas 12.9 writes). Used to read `EIATTR_KPARAM_INFO` and
/// `EIATTR_PARAM_CBANK`, where the driver puts each kernel parameter.
pub const CUOBJDUMP_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-cuobjdump",
    version: "13.5.37",
    sha256_x86_64: "38780fee50863252a0b8926357faa91615ca1c8346490563f33a06100cd73f58",
    file: "nvidia/cu13/bin/cuobjdump",
    executable: true,
};

/// Zig 0.17.1, whose `zig clang` is clang 22 with the NVPTX back end: the clang the tests use
/// when none is given (`zig clang --target=nvptx64-nvidia-cuda …` emits PTX at address size
/// 64, `nvptx-nvidia-cuda` at 32). The whole wheel is kept: zig needs its `lib/` next to it.
pub const ZIG_WHEEL: Wheel = Wheel {
    project: "ziglang",
    version: "0.17.1",
    sha256_x86_64: "ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54",
    file: "ziglang/zig",
    executable: true,
};

impl Wheel {
    /// Directory the wheel is unpacked into, inside `cache` (`<target>/nvidia`).
    pub fn unpack_dir(&self, cache: &Path) -> PathBuf {
        cache.join(format!("{}-{}", self.project, self.version))
    }

    /// Where the wanted file is once the wheel is unpacked into `cache`.
    pub fn file_in(&self, cache: &Path) -> PathBuf {
        self.unpack_dir(cache).join(self.file)
    }
}

/// Absolute form of a path given relative to the current directory (as cargo treats a relative
/// `CARGO_TARGET_DIR`).
fn absolute(p: PathBuf) -> PathBuf {
    if p.is_absolute() {
        p
    } else {
        env::current_dir().map(|d| d.join(&p)).unwrap_or(p)
    }
}

fn non_empty(v: Option<OsString>) -> Option<PathBuf> {
    v.filter(|s| !s.is_empty()).map(PathBuf::from)
}

/// The workspace's default target directory: `<this crate's manifest dir>/../target` (this crate
/// sits directly under the workspace root; built from crates.io, the directory does not exist
/// and only `$CARGO_TARGET_DIR` counts).
fn default_target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("target")
}

/// The cache directory (`<target>/nvidia`) xtask fills: `$CARGO_TARGET_DIR/nvidia` when that is
/// set, else `<workspace>/target/nvidia`.
pub fn cache_dir() -> PathBuf {
    let target = non_empty(env::var_os("CARGO_TARGET_DIR"))
        .map(absolute)
        .unwrap_or_else(default_target_dir);
    target.join("nvidia")
}

/// Every cache directory a reader should look in, most specific first: `$CARGO_TARGET_DIR` at run
/// time, `CARGO_TARGET_DIR` as it was when this crate was compiled, `<workspace>/target`.
pub fn candidate_cache_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(t) = non_empty(env::var_os("CARGO_TARGET_DIR")) {
        dirs.push(absolute(t).join("nvidia"));
    }
    if let Some(t) = option_env!("CARGO_TARGET_DIR").filter(|s| !s.is_empty()) {
        dirs.push(PathBuf::from(t).join("nvidia"));
    }
    dirs.push(default_target_dir().join("nvidia"));
    dirs.dedup();
    dirs
}

fn locate(env_var: &str, wheel: &Wheel) -> Option<PathBuf> {
    // An empty `env_var`: no override (env::var_os may panic on an empty key).
    let set = Some(env_var)
        .filter(|v| !v.is_empty())
        .and_then(env::var_os);
    if let Some(p) = non_empty(set) {
        // An explicit setting wins even when it is wrong: the caller then gets a load error
        // naming the path instead of silently testing against some other copy.
        return Some(absolute(p));
    }
    candidate_cache_dirs()
        .into_iter()
        .map(|c| wheel.file_in(&c))
        .find(|p| p.is_file())
        .map(canonical)
}

/// `path` without `..` components or symlinks, when that can be worked out.
fn canonical(path: PathBuf) -> PathBuf {
    fs::canonicalize(&path).unwrap_or(path)
}

/// Path of `libnvrtc.so.12`: `$PTX_ABI_NVRTC` if set (returned as given, existing or not), else
/// the copy `cargo xtask nvrtc` cached, if there is one. Never downloads.
pub fn locate_nvrtc() -> Option<PathBuf> {
    locate(NVRTC_ENV, &NVRTC_WHEEL)
}

/// Path of `ptxas`: `$PTX_ABI_PTXAS` if set (returned as given, existing or not), else the copy
/// `cargo xtask ptxas` cached, if there is one. Never downloads.
pub fn locate_ptxas() -> Option<PathBuf> {
    locate(PTXAS_ENV, &PTXAS_WHEEL)
}

/// Path of `cuobjdump`: `$PTX_ABI_CUOBJDUMP` if set (returned as given, existing or not), else
/// the copy `cargo xtask cuobjdump` cached, if there is one. Never downloads.
pub fn locate_cuobjdump() -> Option<PathBuf> {
    locate(CUOBJDUMP_ENV, &CUOBJDUMP_WHEEL)
}

/// Path of `zig`: `$PTX_ABI_ZIG` if set, else the copy `cargo xtask clang` cached (from
/// [`ZIG_WHEEL`]), if there is one. Never downloads.
pub fn locate_zig() -> Option<PathBuf> {
    locate(ZIG_ENV, &ZIG_WHEEL)
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    // Tool chatter goes to stderr: xtask's stdout carries only the resulting path.
    cmd.stdout(Stdio::from(std::io::stderr()));
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed: {status}"))
    }
}

/// Makes sure `wheel` is unpacked in `cache` and returns the absolute path of its wanted file.
///
/// Idempotent and offline once cached: if the file is already there, nothing else happens (pip
/// is not even started). Otherwise `python3 -m pip download --no-deps` fetches the pinned wheel
/// (hash-checked on x86-64 Linux) into a scratch directory, `python3 -m zipfile -e` unpacks it
/// into another, and that directory is renamed into place only once complete, so an interrupted
/// run never leaves a half-unpacked cache behind.
pub fn fetch(wheel: &Wheel, cache: &Path) -> Result<PathBuf, String> {
    let cache = absolute(cache.to_path_buf());
    let wanted = wheel.file_in(&cache);
    if wanted.is_file() {
        return Ok(canonical(wanted));
    }
    fs::create_dir_all(&cache).map_err(|e| format!("cannot create {}: {e}", cache.display()))?;

    let scratch = cache.join(format!(".fetch-{}-{}", wheel.project, std::process::id()));
    let result = fetch_into(wheel, &cache, &scratch);
    let _ = fs::remove_dir_all(&scratch);
    result?;
    if wanted.is_file() {
        Ok(canonical(wanted))
    } else {
        Err(format!(
            "{} {} was unpacked but {} is not in it",
            wheel.project, wheel.version, wheel.file
        ))
    }
}

fn fetch_into(wheel: &Wheel, cache: &Path, scratch: &Path) -> Result<(), String> {
    let _ = fs::remove_dir_all(scratch);
    let download = scratch.join("download");
    let unpacked = scratch.join("unpacked");
    fs::create_dir_all(&download)
        .map_err(|e| format!("cannot create {}: {e}", download.display()))?;

    let requirement = format!("{}=={}", wheel.project, wheel.version);
    let mut pip = Command::new("python3");
    pip.args([
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary=:all:",
        "--disable-pip-version-check",
    ]);
    pip.arg("-d").arg(&download);
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        // A requirements file with a --hash switches pip into hash-checking mode.
        let req = scratch.join("requirements.txt");
        fs::write(
            &req,
            format!("{requirement} --hash=sha256:{}\n", wheel.sha256_x86_64),
        )
        .map_err(|e| format!("cannot write {}: {e}", req.display()))?;
        pip.arg("-r").arg(&req);
    } else {
        pip.arg(&requirement);
    }
    run(&mut pip)?;

    let whl = fs::read_dir(&download)
        .map_err(|e| format!("cannot read {}: {e}", download.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| {
            format!(
                "pip downloaded no .whl for {requirement} into {}",
                download.display()
            )
        })?;

    run(Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&whl)
        .arg(&unpacked))?;

    let file = unpacked.join(wheel.file);
    if !file.is_file() {
        return Err(format!("{} does not contain {}", whl.display(), wheel.file));
    }
    if wheel.executable {
        make_executable(&file)?;
    }

    if wheel.file_in(cache).is_file() {
        // Another process finished the same fetch meanwhile; keep its copy.
        return Ok(());
    }
    let dest = wheel.unpack_dir(cache);
    // A leftover without the wanted file (the check in `fetch` failed) is stale: replace it.
    let _ = fs::remove_dir_all(&dest);
    fs::rename(&unpacked, &dest).map_err(|e| {
        format!(
            "cannot move {} to {}: {e}",
            unpacked.display(),
            dest.display()
        )
    })
}

#[cfg(unix)]
pub(crate) fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mut perm = fs::metadata(path)
        .map_err(|e| format!("cannot stat {}: {e}", path.display()))?
        .permissions();
    perm.set_mode(perm.mode() | 0o755);
    fs::set_permissions(path, perm).map_err(|e| format!("cannot chmod {}: {e}", path.display()))
}

#[cfg(not(unix))]
pub(crate) fn make_executable(_path: &Path) -> Result<(), String> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_release_has_its_own_names_and_cache_directories() {
        let mut names = Vec::new();
        let mut dirs = Vec::new();
        for t in TOOLKITS {
            assert_eq!(Toolkit::named(t.version), Some(t));
            let (major, minor) = t.version.split_once('.').unwrap();
            assert_eq!(
                (major.parse().unwrap(), minor.parse().unwrap()),
                t.major_minor
            );
            names.extend([t.nvrtc_env, t.ptxas_env, t.include_env]);
            for w in [t.nvrtc, t.ptxas, t.headers] {
                assert_eq!(w.sha256_x86_64.len(), 64, "{w:?}");
                assert!(
                    w.version.starts_with(t.version),
                    "{w:?} in CUDA {}",
                    t.version
                );
                dirs.push(w.unpack_dir(Path::new("/c")));
            }
        }
        assert_eq!(Toolkit::named("12.0"), None);
        assert_eq!((names.len(), dirs.len()), (9, 9));
        names.sort();
        names.dedup();
        dirs.sort();
        dirs.dedup();
        assert_eq!((names.len(), dirs.len()), (9, 9), "{names:?} {dirs:?}");
        assert_eq!(CUDA_12_9.nvrtc, NVRTC_WHEEL);
        assert_eq!(CUDA_11_8.nvrtc_env, "PTX_ABI_NVRTC_11_8");
        assert_eq!(CUDA_13_5.include_env, "PTX_ABI_CUDA_INCLUDE_13_5");
    }

    #[test]
    fn the_cuda_core_toolkit_is_cuda_13_and_pinned() {
        let t = CUDA_CORE_TOOLKIT;
        let wheels = [t.headers[0], t.headers[1], t.headers[2], t.libclang];
        for w in wheels {
            assert_eq!(w.sha256_x86_64.len(), 64, "{w:?}");
        }
        // The runtime, C runtime and cuRAND headers of one CUDA 13 release, in `nvidia/cu13/`:
        // cuda-bindings refuses a `cuda.h` older than 13.0.
        assert_eq!(t.headers[0], CUDA_13_5.headers);
        assert_eq!(t.headers[1].version, CUDA_13_5.headers.version);
        for w in t.headers {
            assert!(w.file.starts_with("nvidia/cu13/include/"), "{w:?}");
        }
        assert_eq!(
            t.dir_in(Path::new("/c")),
            Path::new("/c/cuda-core-toolkit-13.5.37")
        );
        assert_eq!(
            t.stamp(),
            "nvidia-cuda-runtime==13.5.37\nnvidia-cuda-crt==13.5.37\nnvidia-curand==10.4.5.25\n"
        );
    }

    #[test]
    fn nvrtc_file_names_and_requirements_are_the_wheels() {
        use crate::pins::{nvrtc_library_name, nvrtc_wheel};
        for t in TOOLKITS {
            assert_eq!(
                nvrtc_wheel(t.major_minor.0),
                Some(&t.nvrtc),
                "{}",
                t.version
            );
        }
        assert_eq!(nvrtc_library_name(11), "libnvrtc.so.11.2");
        assert_eq!(nvrtc_library_name(12), "libnvrtc.so.12");
        assert_eq!(nvrtc_library_name(13), "libnvrtc.so.13");
        assert_eq!(nvrtc_library_name(14), "libnvrtc.so.14");
        assert_eq!(Toolkit::of_major(13), Some(CUDA_13_5));
        assert_eq!(Toolkit::of_major(10), None);
        assert_eq!(NVRTC_WHEEL.requirement(), "nvidia-cuda-nvrtc-cu12==12.9.86");
        assert_eq!(NVRTC_WHEEL.file_pattern(), "nvidia_cuda_nvrtc_cu12-*.whl");
        assert_eq!(CUDA_13_5.nvrtc.file_pattern(), "nvidia_cuda_nvrtc-*.whl");
    }

    #[test]
    fn an_include_directory_is_the_header_s_parent_or_the_directory_given() {
        let dir = std::env::temp_dir();
        assert_eq!(include_of(dir.clone()), dir);
        let header = dir.join(format!("ptx-abi-include-{}.h", std::process::id()));
        fs::write(&header, "").unwrap();
        assert_eq!(include_of(header.clone()), dir);
        fs::remove_file(&header).unwrap();
        // A directory named explicitly but missing stays as given (the error then names it).
        let missing = PathBuf::from("/nonexistent/include");
        assert_eq!(include_of(missing.clone()), missing);
    }
}
