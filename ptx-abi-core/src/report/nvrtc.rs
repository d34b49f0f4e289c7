//! A one-line test that a struct in your CUDA header has your Rust type's PTX layout, checked
//! by NVIDIA's own compiler (feature `nvrtc`):
//!
//! ```ignore
//! # use ptx_abi::{PtxAbi, Float3};
//! #[derive(PtxAbi)]
//! struct Particle { position: Float3, mass: f32, #[ptx(bits = 3)] kind: u32, #[ptx(bits = 1)] alive: bool }
//! # let header = "struct Particle { float3 position; float mass; unsigned kind : 3; bool alive : 1; };";
//! // header = include_str!("../kernels/particle.cuh")
//! ptx_abi::nvrtc::assert_matches::<Particle>(header, "Particle");
//! ```
//!
//! NVRTC compiles the header followed by the checks of [`crate::CTypeCheck`] (size, alignment,
//! every member's offset, size and kind, every bit-field's declared type, width, signedness
//! and bit positions; §1.1–§1.3) and the answers are compared with the Rust type's layout. A
//! failure lists every difference: `` `mass`: offset: C has byte 16, Rust has byte 12 ``.
//!
//! **Finding NVRTC** (no GPU needed), first that exists:
//! 1. `$PTX_ABI_NVRTC`: the library file itself;
//! 2. `$CUDA_PATH`, `$CUDA_HOME`, `/usr/local/cuda`: `lib64/` then `libnvrtc.so.12`,
//!    `libnvrtc.so.13` or `libnvrtc.so.11.2` (CUDA 12, 13 and 11.2–11.8 name it so);
//! 3. the system's library search path (`LD_LIBRARY_PATH`): the same names, then `libnvrtc.so`.
//!
//! Any NVRTC from CUDA 11.2 on works (11.8, 12.9 and 13.5 are tested): the functions used here
//! have the same prototypes in all of them. The options follow the library's
//! `nvrtcVersion` ([`Nvrtc::check_options`]): NVRTC 11.x has no `-std=c++20`, so it compiles
//! the checks as C++17, where a constant expression cannot make a union member other than the
//! first active; NVRTC 11.8 also rejects anonymous structs (a GNU extension NVRTC 12 accepts).
//! Types with either are checked with NVRTC 12 or later.
//!
//! Without a CUDA install, one command fetches it from PyPI (90 MB, no dependencies):
//! ```text
//! pip download --no-deps nvidia-cuda-nvrtc-cu12==12.9.86 -d /tmp/nvrtc && \
//!   python3 -m zipfile -e /tmp/nvrtc/nvidia_cuda_nvrtc_cu12-*.whl /tmp/nvrtc/x && \
//!   export PTX_ABI_NVRTC=/tmp/nvrtc/x/nvidia/cuda_nvrtc/lib/libnvrtc.so.12
//! ```
//!
//! NVRTC is loaded with `libloading` at run time: nothing links against it, so tests that use
//! it build everywhere, and [`check_matches`] returns [`NvrtcError::NotFound`] (saying where
//! it looked and the command above) when there is none.

use crate::layout::LayoutError;
use crate::report::c_check::{CTypeCheck, CTypeMismatch};
use crate::PtxAbi;
use std::ffi::{c_char, c_int, c_void, CString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

/// The environment variable naming the NVRTC library file.
pub const NVRTC_ENV: &str = "PTX_ABI_NVRTC";

/// The options [`Nvrtc::check`] compiles with: PTX for `compute_80` (which NVRTC 12 and 13
/// both accept), `.address_size 64`, `-rdc=true` (so the checks' `extern "C" __device__`
/// constants stay in the PTX), C++20 (a constant expression may then set a bit-field in any
/// union member), and `-default-device` (so a header's unannotated inline functions compile).
pub const CHECK_OPTIONS: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++20",
    "-default-device",
];

/// [`CHECK_OPTIONS`] for NVRTC 11.x, whose `-std` stops at `c++17` (NVRTC 12.0 added
/// `c++20`); `compute_80` is known to every NVRTC from 11.0 to 13.5.
pub const CHECK_OPTIONS_CXX17: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++17",
    "-default-device",
];

/// The library names looked for, in order: CUDA 12, CUDA 13, CUDA 11.2–11.8.
const SONAMES: [&str; 3] = ["libnvrtc.so.12", "libnvrtc.so.13", "libnvrtc.so.11.2"];

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
    /// NVRTC rejected the source (the user's header, or a member name the checks use).
    Compile {
        /// NVRTC's log.
        log: String,
    },
    /// The Rust type has no PTX layout.
    Layout(LayoutError),
}

impl fmt::Display for NvrtcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NvrtcError::NotFound { searched } => write!(
                f,
                "NVRTC (libnvrtc.so.12, .13 or .11.2) was not found; looked at: {}. Set {NVRTC_ENV} to the \
                 library, or fetch it from PyPI:\n  pip download --no-deps \
                 nvidia-cuda-nvrtc-cu12==12.9.86 -d /tmp/nvrtc && python3 -m zipfile -e \
                 /tmp/nvrtc/nvidia_cuda_nvrtc_cu12-*.whl /tmp/nvrtc/x && export \
                 {NVRTC_ENV}=/tmp/nvrtc/x/nvidia/cuda_nvrtc/lib/libnvrtc.so.12",
                searched.join(", ")
            ),
            NvrtcError::Load { path, message } => {
                write!(f, "cannot load NVRTC from {}: {message}", path.display())
            }
            NvrtcError::Compile { log } => write!(
                f,
                "NVRTC rejected the header and its checks (a member the checks name may be \
                 missing: map Rust member names to C ones with `check_matches_mapped`):\n{log}"
            ),
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
    version: (i32, i32),
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
    let mut roots: Vec<PathBuf> = ["CUDA_PATH", "CUDA_HOME"]
        .iter()
        .filter_map(|var| std::env::var_os(var).filter(|p| !p.is_empty()))
        .map(PathBuf::from)
        .collect();
    roots.push(PathBuf::from("/usr/local/cuda"));
    for root in roots {
        for name in SONAMES {
            out.push(root.join("lib64").join(name));
        }
    }
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
        for name in SONAMES.iter().chain(&["libnvrtc.so"]) {
            searched.push(format!("{name} on the library search path"));
            if let Ok(n) = Nvrtc::load(Path::new(name)) {
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
        // SAFETY: each type below is transcribed from nvrtc.h (CUDA 12.9; the same in 11.8 and
        // 13.5): `nvrtcResult` is an `int`-sized C enum, `nvrtcProgram` a pointer. The
        // pointers are used only while `lib`, stored beside them, keeps the library mapped.
        let nvrtc = unsafe {
            Nvrtc {
                version: (0, 0),
                create_program: *lib.get(b"nvrtcCreateProgram\0").map_err(err)?,
                compile_program: *lib.get(b"nvrtcCompileProgram\0").map_err(err)?,
                get_log_size: *lib.get(b"nvrtcGetProgramLogSize\0").map_err(err)?,
                get_log: *lib.get(b"nvrtcGetProgramLog\0").map_err(err)?,
                get_ptx_size: *lib.get(b"nvrtcGetPTXSize\0").map_err(err)?,
                get_ptx: *lib.get(b"nvrtcGetPTX\0").map_err(err)?,
                destroy_program: *lib.get(b"nvrtcDestroyProgram\0").map_err(err)?,
                path: path.to_path_buf(),
                _lib: lib,
            }
        };
        // SAFETY: `nvrtcVersion`'s type is transcribed from nvrtc.h (the same in every release
        // since 7.0); the pointer is copied out of the library `nvrtc._lib` keeps mapped and
        // called only below, while `nvrtc` is alive.
        let version_fn: VersionFn = unsafe { *nvrtc._lib.get(b"nvrtcVersion\0").map_err(err)? };
        let (mut major, mut minor): (c_int, c_int) = (0, 0);
        // SAFETY: both arguments are valid, writable `int`s that outlive the call.
        let rc = unsafe { version_fn(&mut major, &mut minor) };
        if rc != 0 {
            return Err(NvrtcError::Load {
                path: path.to_path_buf(),
                message: format!("nvrtcVersion failed with code {rc}"),
            });
        }
        Ok(Nvrtc {
            version: (major, minor),
            ..nvrtc
        })
    }

    /// `nvrtcVersion`: `(major, minor)`, e.g. `(12, 9)`.
    pub fn version(&self) -> (i32, i32) {
        self.version
    }

    /// The options [`Nvrtc::check`] compiles with for this library's version:
    /// [`CHECK_OPTIONS`] (C++20) from NVRTC 12.0 on, [`CHECK_OPTIONS_CXX17`] before.
    pub fn check_options(&self) -> &'static [&'static str] {
        if self.version.0 < 12 {
            CHECK_OPTIONS_CXX17
        } else {
            CHECK_OPTIONS
        }
    }

    /// The library's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Compiles CUDA C++ `source` to PTX with `options`; on failure, NVRTC's log.
    pub fn compile(&self, source: &str, options: &[&str]) -> Result<String, NvrtcError> {
        let text = |what: &str| NvrtcError::Compile {
            log: format!("{what} contains a NUL byte"),
        };
        let src = CString::new(source).map_err(|_| text("the source"))?;
        let opts: Vec<CString> = options
            .iter()
            .map(|o| CString::new(*o).map_err(|_| text("an option")))
            .collect::<Result<_, _>>()?;
        let opt_ptrs: Vec<*const c_char> = opts.iter().map(|o| o.as_ptr()).collect();
        let mut prog: *mut c_void = core::ptr::null_mut();
        // SAFETY: `prog` is a valid out-pointer; `src` and the name are NUL-terminated and
        // live across the call; no headers are passed (count 0, null arrays).
        let rc = unsafe {
            (self.create_program)(
                &mut prog,
                src.as_ptr(),
                c"ptx_abi_check.cu".as_ptr(),
                0,
                core::ptr::null(),
                core::ptr::null(),
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
    /// `members` mapping Rust member names to C ones (see [`CTypeCheck`]), compiled with
    /// [`Nvrtc::check_options`].
    pub fn check<T: PtxAbi>(
        &self,
        header: &str,
        c_type: &str,
        members: &[(&str, &str)],
    ) -> Result<(), MatchError> {
        let check = CTypeCheck::new(T::TYPE, c_type, members)
            .map_err(|e| MatchError::Nvrtc(NvrtcError::Layout(e)))?;
        let source = format!("{header}\n{}", check.source());
        let ptx = match self.compile(&source, self.check_options()) {
            Err(NvrtcError::Compile { log }) if self.version.0 < 12 => {
                let (major, minor) = self.version;
                return Err(MatchError::Nvrtc(NvrtcError::Compile {
                    log: format!(
                        "{log}\nnote: NVRTC {major}.{minor} has no `-std=c++20`, so the checks \
                         are compiled as C++17, where a constant expression cannot make a union \
                         member other than the first active; and NVRTC 11 rejects anonymous \
                         structs (`declaration does not declare anything`). A type that fails \
                         for either reason can be checked with NVRTC 12.0 or later."
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
/// members.
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
/// (see [`check_matches`]); also panics when NVRTC is missing, saying how to get it.
#[track_caller]
pub fn assert_matches<T: PtxAbi>(header: &str, c_type: &str) {
    if let Err(e) = check_matches::<T>(header, c_type) {
        panic!("{e}");
    }
}

/// [`assert_matches`] with a member-name map (see [`check_matches_mapped`]).
#[track_caller]
pub fn assert_matches_mapped<T: PtxAbi>(header: &str, c_type: &str, members: &[(&str, &str)]) {
    if let Err(e) = check_matches_mapped::<T>(header, c_type, members) {
        panic!("{e}");
    }
}
