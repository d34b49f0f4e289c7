//! A one-line test that a struct in your CUDA header has your Rust type's PTX layout, checked
//! by NVIDIA's own compiler (feature `nvrtc`):
//!
//! ```ignore
//! # use ptx_abi::{PtxAbi, types::Float3};
//! #[derive(PtxAbi)]
//! struct Particle { position: Float3, mass: f32, #[ptx(bits = 3)] kind: u32, #[ptx(bits = 1)] alive: bool }
//! # let header = "struct Particle { float3 position; float mass; unsigned kind : 3; bool alive : 1; };";
//! // header = include_str!("../kernels/particle.cuh")
//! ptx_abi::report::nvrtc::assert_matches::<Particle>(header, "Particle");
//! ```
//!
//! NVRTC compiles the header followed by the checks of [`crate::report::CTypeCheck`] (size, alignment,
//! every member's offset, size and kind, every bit-field's declared type, width, signedness
//! and bit positions; §1.1–§1.3) and the answers are compared with the Rust type's layout. A
//! failure lists every difference: `` `mass`: offset: C has byte 16, Rust has byte 12 ``.
//!
//! **The CUDA release.** NVRTC answers for its own release's headers: `CUtensorMap` is aligned
//! 64 by CUDA 12 and 128 by CUDA 13. A check therefore needs an NVRTC of the major release
//! ptx-abi describes ([`crate::layout::cuda_version::CUDA_VERSION`], 12.9 unless a feature such as `cuda-13000`
//! chooses another; [`crate::layout::cuda_version::CudaVersion::same_layout_rules`]): with another one it is refused
//! with [`NvrtcError::Version`], naming both releases, and a failed assertion names the NVRTC
//! release and file that answered.
//!
//! **Finding NVRTC** (no GPU needed; `libnvrtc.so.12` for CUDA 12, `libnvrtc.so.13` for CUDA
//! 13, `libnvrtc.so.11.2` for CUDA 11), first that exists:
//! 1. `$PTX_ABI_NVRTC`: the library file itself;
//! 2. `$CUDA_PATH`, `$CUDA_HOME`, `/usr/local/cuda`: `lib64/` and that file name;
//! 3. the system's library search path (`LD_LIBRARY_PATH`): that file name, `libnvrtc.so`.
//!
//! Without a CUDA install, one command fetches it from PyPI (about 90 MB, no dependencies), for
//! CUDA 12:
//! ```text
//! pip download --no-deps nvidia-cuda-nvrtc-cu12==12.9.86 -d /tmp/nvrtc && \
//!   python3 -m zipfile -e /tmp/nvrtc/nvidia_cuda_nvrtc_cu12-*.whl /tmp/nvrtc/x && \
//!   export PTX_ABI_NVRTC=/tmp/nvrtc/x/nvidia/cuda_nvrtc/lib/libnvrtc.so.12
//! ```
//! and for CUDA 13 (`nvidia-cuda-nvrtc==13.5.37`, `nvidia/cu13/lib/libnvrtc.so.13`) or 11
//! (`nvidia-cuda-nvrtc-cu11==11.8.89`, `nvidia/cuda_nvrtc/lib/libnvrtc.so.11.2`) likewise; the
//! [`NvrtcError::NotFound`] message spells the command for the release ptx-abi describes.
//!
//! **Headers as nvcc takes them.** The header may include CUDA's own headers
//! (`#include <cuda_fp16.h>`): NVRTC is given CUDA's include directory for the release
//! ptx-abi describes ([`cuda_include`]: `$PTX_ABI_CUDA_INCLUDE` for CUDA 12, its per-release
//! siblings ([`include_env`]), `$CUDA_PATH/include`, `$CUDA_HOME/include`,
//! `/usr/local/cuda/include`, or the copy `cargo xtask cuda-headers` caches). C's `<cstdint>`,
//! `<stdint.h>`, `<cstddef>` and `<stddef.h>`, which NVRTC lacks, are given to it in memory
//! ([`SHIMS`]), and GNU's `__extension__` is defined away ([`CHECK_DEFINES`]). Members of
//! CUDA's types (`__half`, `__nv_bfloat16`, fp8, vectors) are checked like any other. When
//! NVRTC rejects the source, the error shows its log (the header is `header.cuh` there, the
//! checks `ptx_abi_checks.cu`) and the suggestion that fits it: the variable to set for a
//! missing CUDA header, the member-name map for a member the C type lacks.
//!
//! NVRTC is loaded with `libloading` at run time: nothing links against it, so tests that use
//! it build everywhere, and [`check_matches`] returns [`NvrtcError::NotFound`] (saying where
//! it looked and the command above) when there is none.

mod diagnosis;
mod include;
mod shims;

pub use include::{cuda_include, include_env, IncludeSearch};
pub use shims::SHIMS;

use crate::codec::PtxAbi;
use crate::layout::cuda_version::{CudaVersion, CUDA_VERSION, CUDA_VERSION_SOURCE};
use crate::layout::LayoutError;
use crate::report::c_check::{CTypeCheck, CTypeMismatch};
use std::ffi::{c_char, c_int, c_void, CString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

/// The environment variable naming the NVRTC library file.
pub const NVRTC_ENV: &str = "PTX_ABI_NVRTC";

/// The options [`Nvrtc::check`] compiles with: PTX for `compute_80` (which NVRTC 11.8, 12 and
/// 13 all accept), `.address_size 64`, `-rdc=true` (so the checks' `extern "C" __device__`
/// constants stay in the PTX), C++20 (a constant expression may then set a bit-field in any
/// union member), and `-default-device` (so a header's unannotated inline functions compile).
pub const CHECK_OPTIONS: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++20",
    "-default-device",
];

/// What [`Nvrtc::check`] adds to [`check_options`] so that headers nvcc accepts compile:
/// `__extension__` (GNU's marker before an anonymous union, which NVRTC does not know) is
/// defined away. CUDA's include directory ([`cuda_include`]) is passed as `-I` as well, and
/// the standard headers NVRTC lacks are given in memory ([`SHIMS`]).
pub const CHECK_DEFINES: &[&str] = &["-D__extension__="];

/// [`CHECK_OPTIONS`] for NVRTC 11, which has no C++20: C++17. A check that sets a bit-field of
/// a union member other than the first in a constant expression needs C++20, and NVRTC 11
/// rejects it.
pub const CHECK_OPTIONS_CUDA_11: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++17",
    "-default-device",
];

/// The options [`Nvrtc::check`] compiles with on NVRTC of release `v`: [`CHECK_OPTIONS`], or
/// [`CHECK_OPTIONS_CUDA_11`] before CUDA 12.
pub const fn check_options(v: CudaVersion) -> &'static [&'static str] {
    if v.major < 12 {
        CHECK_OPTIONS_CUDA_11
    } else {
        CHECK_OPTIONS
    }
}

type CreateProgramFn = unsafe extern "C" fn(
    *mut *mut c_void,
    *const c_char,
    *const c_char,
    c_int,
    *const *const c_char,
    *const *const c_char,
) -> c_int;
type CompileProgramFn = unsafe extern "C" fn(*mut c_void, c_int, *const *const c_char) -> c_int;
type GetSizeFn = unsafe extern "C" fn(*mut c_void, *mut usize) -> c_int;
type GetTextFn = unsafe extern "C" fn(*mut c_void, *mut c_char) -> c_int;
type DestroyProgramFn = unsafe extern "C" fn(*mut *mut c_void) -> c_int;
type VersionFn = unsafe extern "C" fn(*mut c_int, *mut c_int) -> c_int;

/// Where PyPI has NVRTC for CUDA `major`: the wheel and the library inside it.
struct Wheel {
    /// `nvidia-cuda-nvrtc-cu12==12.9.86`.
    requirement: &'static str,
    /// The wheel file's name pattern.
    file: &'static str,
    /// The library's path inside the unpacked wheel.
    library: &'static str,
}

/// The NVRTC wheel of the major release ptx-abi describes (`None` for a release that has
/// none on PyPI).
const fn wheel(major: u32) -> Option<Wheel> {
    match major {
        11 => Some(Wheel {
            requirement: "nvidia-cuda-nvrtc-cu11==11.8.89",
            file: "nvidia_cuda_nvrtc_cu11-*.whl",
            library: "nvidia/cuda_nvrtc/lib/libnvrtc.so.11.2",
        }),
        12 => Some(Wheel {
            requirement: "nvidia-cuda-nvrtc-cu12==12.9.86",
            file: "nvidia_cuda_nvrtc_cu12-*.whl",
            library: "nvidia/cuda_nvrtc/lib/libnvrtc.so.12",
        }),
        13 => Some(Wheel {
            requirement: "nvidia-cuda-nvrtc==13.5.37",
            file: "nvidia_cuda_nvrtc-*.whl",
            library: "nvidia/cu13/lib/libnvrtc.so.13",
        }),
        _ => None,
    }
}

/// The file name of NVRTC for CUDA `major` (`libnvrtc.so.12`; CUDA 11's is `.so.11.2`).
fn library_name(major: u32) -> String {
    if major == 11 {
        "libnvrtc.so.11.2".to_string()
    } else {
        format!("libnvrtc.so.{major}")
    }
}

/// Why NVRTC could not answer.
#[derive(Debug)]
pub enum NvrtcError {
    /// No NVRTC library was found; `searched` lists where.
    NotFound {
        /// Every place looked at.
        searched: Vec<String>,
    },
    /// A library was found but could not be loaded or lacks an NVRTC function.
    Load {
        /// The library.
        path: PathBuf,
        /// The loader's message.
        message: String,
    },
    /// The NVRTC found is of another major CUDA release than ptx-abi describes
    /// ([`crate::layout::cuda_version::CUDA_VERSION`]); its answers would be about other headers (chapter 7:
    /// `CUtensorMap` is aligned 64 by CUDA 12 and 128 by CUDA 13).
    Version {
        /// The library.
        path: PathBuf,
        /// Its `nvrtcVersion`.
        nvrtc: CudaVersion,
        /// The release ptx-abi describes.
        built_for: CudaVersion,
    },
    /// NVRTC rejected the source (the user's header, or a member name the checks use); the
    /// message adds the suggestion that fits NVRTC's error (a missing include: where CUDA's
    /// headers were looked for and the variable to set; a member the C type lacks: the
    /// member-name map).
    Compile {
        /// NVRTC's log (the header is `header.cuh` in it, the checks `ptx_abi_checks.cu`).
        log: String,
    },
    /// The Rust type has no PTX layout.
    Layout(LayoutError),
}

impl fmt::Display for NvrtcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NvrtcError::NotFound { searched } => {
                write!(
                    f,
                    "NVRTC ({}, for CUDA {CUDA_VERSION}, the release ptx-abi describes) was not \
                     found; looked at: {}. Set {NVRTC_ENV} to the library",
                    library_name(CUDA_VERSION.major),
                    searched.join(", ")
                )?;
                match wheel(CUDA_VERSION.major) {
                    Some(w) => write!(
                        f,
                        ", or fetch it from PyPI:\n  pip download --no-deps {} -d /tmp/nvrtc && \
                         python3 -m zipfile -e /tmp/nvrtc/{} /tmp/nvrtc/x && export \
                         {NVRTC_ENV}=/tmp/nvrtc/x/{}",
                        w.requirement, w.file, w.library
                    ),
                    None => Ok(()),
                }
            }
            NvrtcError::Load { path, message } => {
                write!(f, "cannot load NVRTC from {}: {message}", path.display())
            }
            NvrtcError::Version {
                path,
                nvrtc,
                built_for,
            } => write!(
                f,
                "NVRTC {} is CUDA {nvrtc}, but ptx-abi describes CUDA {built_for} ({}), and \
                 CUDA's headers differ between major releases (CUtensorMap's alignment, CUDA \
                 13's vectors): set {NVRTC_ENV} to an NVRTC of CUDA {}.x ({}), or build \
                 ptx-abi for CUDA {nvrtc} with its feature `cuda-{}`",
                path.display(),
                CUDA_VERSION_SOURCE,
                built_for.major,
                library_name(built_for.major),
                nvrtc.code()
            ),
            NvrtcError::Compile { log } => {
                write!(f, "NVRTC rejected the header and its checks:\n{log}")?;
                match diagnosis::hint(log) {
                    Some(hint) => write!(f, "\n{hint}"),
                    None => Ok(()),
                }
            }
            NvrtcError::Layout(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NvrtcError {}

/// Why a C type does not match: NVRTC could not answer, or it did and the layouts differ.
#[derive(Debug)]
pub enum MatchError {
    /// NVRTC is missing or rejected the source.
    Nvrtc(NvrtcError),
    /// The layouts differ; every difference is listed.
    Mismatch(CTypeMismatch),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Nvrtc(e) => write!(f, "{e}"),
            MatchError::Mismatch(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<NvrtcError> for MatchError {
    fn from(e: NvrtcError) -> Self {
        MatchError::Nvrtc(e)
    }
}

/// A loaded NVRTC library.
pub struct Nvrtc {
    path: PathBuf,
    version: CudaVersion,
    create_program: CreateProgramFn,
    compile_program: CompileProgramFn,
    get_log_size: GetSizeFn,
    get_log: GetTextFn,
    get_ptx_size: GetSizeFn,
    get_ptx: GetTextFn,
    destroy_program: DestroyProgramFn,
    // Keeps the library mapped while the function pointers above are used.
    _lib: libloading::Library,
}

impl fmt::Debug for Nvrtc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Nvrtc")
            .field("path", &self.path)
            .field("version", &self.version)
            .finish()
    }
}

/// Every candidate library, in the order of the module docs.
fn candidates() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(p) = std::env::var_os(NVRTC_ENV).filter(|p| !p.is_empty()) {
        out.push(PathBuf::from(p));
        return out;
    }
    let name = library_name(CUDA_VERSION.major);
    for var in ["CUDA_PATH", "CUDA_HOME"] {
        if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
            out.push(Path::new(&p).join("lib64").join(&name));
        }
    }
    out.push(Path::new("/usr/local/cuda/lib64").join(&name));
    out
}

impl Nvrtc {
    /// Finds and loads NVRTC (see the module docs for where it looks).
    pub fn locate() -> Result<Nvrtc, NvrtcError> {
        let explicit = std::env::var_os(NVRTC_ENV).is_some_and(|p| !p.is_empty());
        let mut searched = Vec::new();
        for path in candidates() {
            searched.push(path.display().to_string());
            // An explicit setting is used even when wrong, so that the error names it.
            if explicit || path.is_file() {
                return Nvrtc::load(&path);
            }
        }
        for name in [library_name(CUDA_VERSION.major), "libnvrtc.so".to_string()] {
            searched.push(format!("{name} on the library search path"));
            if let Ok(n) = Nvrtc::load(Path::new(&name)) {
                return Ok(n);
            }
        }
        Err(NvrtcError::NotFound { searched })
    }

    /// Loads the NVRTC library at `path` (a file, or a bare name for the system's search).
    pub fn load(path: &Path) -> Result<Nvrtc, NvrtcError> {
        let err = |e: libloading::Error| NvrtcError::Load {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        // SAFETY: loading runs the library's initializers; NVRTC is a C API library whose
        // initializers only set up its own state, and the path is the user's choice of NVRTC.
        let lib = unsafe { libloading::Library::new(path) }.map_err(err)?;
        // SAFETY: each type below is transcribed from nvrtc.h (CUDA 12.9, unchanged since
        // 11.0 and in 13.5): `nvrtcResult` is an `int`-sized C enum, `nvrtcProgram` a
        // pointer. The pointers are used only while `lib`, stored beside them, keeps the
        // library mapped; `nvrtc_version` is called below while `lib` is still alive.
        let (nvrtc_version, nvrtc) = unsafe {
            let nvrtc_version: VersionFn = *lib.get(b"nvrtcVersion\0").map_err(err)?;
            let nvrtc = Nvrtc {
                create_program: *lib.get(b"nvrtcCreateProgram\0").map_err(err)?,
                compile_program: *lib.get(b"nvrtcCompileProgram\0").map_err(err)?,
                get_log_size: *lib.get(b"nvrtcGetProgramLogSize\0").map_err(err)?,
                get_log: *lib.get(b"nvrtcGetProgramLog\0").map_err(err)?,
                get_ptx_size: *lib.get(b"nvrtcGetPTXSize\0").map_err(err)?,
                get_ptx: *lib.get(b"nvrtcGetPTX\0").map_err(err)?,
                destroy_program: *lib.get(b"nvrtcDestroyProgram\0").map_err(err)?,
                path: path.to_path_buf(),
                version: CudaVersion::new(0, 0),
                _lib: lib,
            };
            (nvrtc_version, nvrtc)
        };
        let (mut major, mut minor): (c_int, c_int) = (0, 0);
        // SAFETY: `nvrtc_version` has nvrtcVersion's type (`nvrtcResult nvrtcVersion(int
        // *major, int *minor)`) and points into `nvrtc._lib`, alive here; both arguments are
        // valid, writable `int`s that outlive the call.
        let rc = unsafe { nvrtc_version(&mut major, &mut minor) };
        let (Ok(major), Ok(minor)) = (u32::try_from(major), u32::try_from(minor)) else {
            return Err(NvrtcError::Load {
                path: path.to_path_buf(),
                message: format!("nvrtcVersion answered {major}.{minor}"),
            });
        };
        if rc != 0 {
            return Err(NvrtcError::Load {
                path: path.to_path_buf(),
                message: format!("nvrtcVersion failed with code {rc}"),
            });
        }
        Ok(Nvrtc {
            version: CudaVersion::new(major, minor),
            ..nvrtc
        })
    }

    /// The library's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The CUDA release of this NVRTC (`nvrtcVersion`), whose headers its answers are about.
    pub fn version(&self) -> CudaVersion {
        self.version
    }

    /// `Ok` when this NVRTC answers for the major CUDA release ptx-abi describes
    /// ([`crate::layout::cuda_version::CUDA_VERSION`]; [`CudaVersion::same_layout_rules`]), else
    /// [`NvrtcError::Version`].
    pub fn check_version(&self) -> Result<(), NvrtcError> {
        if CUDA_VERSION.same_layout_rules(self.version) {
            Ok(())
        } else {
            Err(NvrtcError::Version {
                path: self.path.clone(),
                nvrtc: self.version,
                built_for: CUDA_VERSION,
            })
        }
    }

    /// Compiles CUDA C++ `source` to PTX with `options`; on failure, NVRTC's log.
    pub fn compile(&self, source: &str, options: &[&str]) -> Result<String, NvrtcError> {
        self.compile_with_headers(source, options, &[])
    }

    /// [`Nvrtc::compile`] with in-memory headers, `(include name, text)` (NVRTC looks for
    /// them before the `-I` directories; [`SHIMS`] are such headers).
    pub fn compile_with_headers(
        &self,
        source: &str,
        options: &[&str],
        headers: &[(&str, &str)],
    ) -> Result<String, NvrtcError> {
        let text = |what: &str| NvrtcError::Compile {
            log: format!("{what} contains a NUL byte"),
        };
        let src = CString::new(source).map_err(|_| text("the source"))?;
        let names: Vec<CString> = headers
            .iter()
            .map(|(n, _)| CString::new(*n).map_err(|_| text("a header name")))
            .collect::<Result<_, _>>()?;
        let bodies: Vec<CString> = headers
            .iter()
            .map(|(_, b)| CString::new(*b).map_err(|_| text("a header")))
            .collect::<Result<_, _>>()?;
        let name_ptrs: Vec<*const c_char> = names.iter().map(|n| n.as_ptr()).collect();
        let body_ptrs: Vec<*const c_char> = bodies.iter().map(|b| b.as_ptr()).collect();
        let file = CString::new(diagnosis::HEADER_FILE).map_err(|_| text("the file name"))?;
        let opts: Vec<CString> = options
            .iter()
            .map(|o| CString::new(*o).map_err(|_| text("an option")))
            .collect::<Result<_, _>>()?;
        let opt_ptrs: Vec<*const c_char> = opts.iter().map(|o| o.as_ptr()).collect();
        let mut prog: *mut c_void = core::ptr::null_mut();
        // SAFETY: `prog` is a valid out-pointer; `src`, `file` and every header name and
        // text are NUL-terminated and live across the call; the two arrays hold
        // `headers.len()` pointers each (NVRTC reads none when the count is 0).
        let rc = unsafe {
            (self.create_program)(
                &mut prog,
                src.as_ptr(),
                file.as_ptr(),
                headers.len() as c_int,
                body_ptrs.as_ptr(),
                name_ptrs.as_ptr(),
            )
        };
        if rc != 0 {
            return Err(NvrtcError::Compile {
                log: format!("nvrtcCreateProgram failed with code {rc}"),
            });
        }
        // SAFETY: `prog` was created above and is destroyed only at the end of this function;
        // `opt_ptrs` holds `opts.len()` pointers to NUL-terminated strings alive here.
        let rc =
            unsafe { (self.compile_program)(prog, opt_ptrs.len() as c_int, opt_ptrs.as_ptr()) };
        // SAFETY: as above; each buffer is sized by the matching size query, which includes
        // the terminating NUL NVRTC writes.
        let result = unsafe {
            if rc == 0 {
                read_text(prog, self.get_ptx_size, self.get_ptx).ok_or_else(|| {
                    NvrtcError::Compile {
                        log: "nvrtcGetPTX failed".to_string(),
                    }
                })
            } else {
                Err(NvrtcError::Compile {
                    log: read_text(prog, self.get_log_size, self.get_log)
                        .unwrap_or_else(|| format!("nvrtcCompileProgram failed with code {rc}")),
                })
            }
        };
        // SAFETY: `prog` is a live program, destroyed once.
        unsafe { (self.destroy_program)(&mut prog) };
        result
    }

    /// Checks that the C type `c_type` declared by `header` has `T`'s PTX layout, with
    /// `members` mapping Rust member names to C ones (see [`CTypeCheck`]). Refused with
    /// [`NvrtcError::Version`] when this NVRTC is of another major CUDA release than ptx-abi
    /// describes.
    pub fn check<T: PtxAbi>(
        &self,
        header: &str,
        c_type: &str,
        members: &[(&str, &str)],
    ) -> Result<(), MatchError> {
        self.check_version()?;
        let check = CTypeCheck::new(T::TYPE, c_type, members)
            .map_err(|e| MatchError::Nvrtc(NvrtcError::Layout(e)))?;
        let source = format!(
            "{header}\n#line 1 \"{}\"\n{}",
            diagnosis::CHECKS_FILE,
            check.source()
        );
        let include = cuda_include().found.map(|d| format!("-I{}", d.display()));
        let mut options: Vec<&str> = check_options(self.version).to_vec();
        options.extend_from_slice(CHECK_DEFINES);
        options.extend(include.as_deref());
        let ptx = match self.compile_with_headers(&source, &options, SHIMS) {
            Err(NvrtcError::Compile { log }) if self.version.major < 12 => {
                return Err(MatchError::Nvrtc(NvrtcError::Compile {
                    log: format!(
                        "{log}\nnote: NVRTC {} has no `-std=c++20`, so the checks are compiled \
                         as C++17, where a constant expression cannot make a union member other \
                         than the first active; and NVRTC 11 rejects anonymous structs \
                         (`declaration does not declare anything`). A type that fails for either \
                         reason can be checked with NVRTC 12.0 or later (a CUDA 12 build).",
                        self.version
                    ),
                }));
            }
            other => other?,
        };
        check.compare(&ptx).map_err(MatchError::Mismatch)
    }
}

/// Reads one of NVRTC's texts (log or PTX) through its size and copy functions.
///
/// # Safety
/// `prog` must be a live `nvrtcProgram` and the two functions NVRTC's own.
unsafe fn read_text(prog: *mut c_void, size: GetSizeFn, text: GetTextFn) -> Option<String> {
    let mut n = 0usize;
    // SAFETY: the caller guarantees `prog` and `size`; `n` is a valid out-pointer.
    if unsafe { size(prog, &mut n) } != 0 {
        return None;
    }
    let mut buf = vec![0u8; n.max(1)];
    // SAFETY: `buf` has the `n` bytes (NUL included) NVRTC said it writes.
    if unsafe { text(prog, buf.as_mut_ptr().cast()) } != 0 {
        return None;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    Some(String::from_utf8_lossy(&buf[..end]).into_owned())
}

/// Checks with NVRTC that the C type `c_type` in `header` has `T`'s PTX layout, where every
/// Rust member has the same name in C. See [`check_matches_mapped`] for renamed and anonymous
/// members. Refused ([`NvrtcError::Version`]) when the NVRTC found is of another major CUDA
/// release than ptx-abi describes.
pub fn check_matches<T: PtxAbi>(header: &str, c_type: &str) -> Result<(), MatchError> {
    check_matches_mapped::<T>(header, c_type, &[])
}

/// [`check_matches`] with a map from Rust member names (or dotted paths) to C member names;
/// `""` marks a member that is an anonymous struct or union in C.
pub fn check_matches_mapped<T: PtxAbi>(
    header: &str,
    c_type: &str,
    members: &[(&str, &str)],
) -> Result<(), MatchError> {
    Nvrtc::locate()?.check::<T>(header, c_type, members)
}

/// Panics with a readable report unless the C type `c_type` in `header` has `T`'s PTX layout
/// (see [`check_matches`]); also panics when NVRTC is missing, saying how to get it, and when
/// it is of another major CUDA release than ptx-abi describes. The report names the NVRTC
/// release that answered.
#[track_caller]
pub fn assert_matches<T: PtxAbi>(header: &str, c_type: &str) {
    assert_matches_mapped::<T>(header, c_type, &[])
}

/// [`assert_matches`] with a member-name map (see [`check_matches_mapped`]).
#[track_caller]
pub fn assert_matches_mapped<T: PtxAbi>(header: &str, c_type: &str, members: &[(&str, &str)]) {
    let nvrtc = match Nvrtc::locate() {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    };
    if let Err(e) = nvrtc.check::<T>(header, c_type, members) {
        panic!(
            "{e}\n(checked by NVRTC {} at {}; ptx-abi describes CUDA {CUDA_VERSION}, {})",
            nvrtc.version,
            nvrtc.path.display(),
            CUDA_VERSION_SOURCE
        );
    }
}
