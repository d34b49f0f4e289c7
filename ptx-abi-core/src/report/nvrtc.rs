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
//! NVRTC compiles the header followed by the checks of [`crate::report::c_check::CTypeCheck`] (size, alignment,
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
//! ([`SHIMS`]), and GNU's `__extension__` and host code's `throw` are defined away
//! ([`CHECK_DEFINES`]). Members of
//! CUDA's types (`__half`, `__nv_bfloat16`, fp8, vectors) are checked like any other. When
//! NVRTC rejects the source, the error shows its log (the header is `header.cuh` there, the
//! checks `ptx_abi_checks.cu`) and the suggestion that fits it: the variable to set for a
//! missing CUDA header, the member-name map for a member the C type lacks.
//!
//! NVRTC is loaded at run time by `ptx-abi-nvtools`, the one NVRTC binding, search and option
//! list of ptx-abi's crates: nothing links against it, so tests that use it build everywhere,
//! and [`check_matches`] returns [`NvrtcError::NotFound`] (saying where it looked and the
//! command above) when there is none.

mod diagnosis;
mod header_file;
mod include;
mod nvcc;
mod shims;

pub use include::{cuda_include, headers_release, include_env, IncludeSearch};
pub use nvcc::{Checker, Nvcc, NvccError, CHECKER_ENV, NVCC_CHECK_OPTIONS};
pub use shims::SHIMS;

use crate::codec::PtxAbi;
use crate::layout::cuda_version::{CudaVersion, CUDA_VERSION, CUDA_VERSION_SOURCE};
use crate::layout::LayoutError;
use crate::report::c_check::{CTypeCheck, CTypeMismatch};
use ptx_abi_nvtools::nvrtc::{LocateError, Source};
use ptx_abi_nvtools::pins::{nvrtc_library_name, nvrtc_wheel};
use std::fmt;
use std::format;
use std::path::{Path, PathBuf};
use std::string::String;
use std::vec::Vec;

/// The environment variable naming the NVRTC library file.
pub const NVRTC_ENV: &str = ptx_abi_nvtools::pins::NVRTC_ENV;

/// The options [`Nvrtc::check`] compiles with: PTX for `compute_80` (which NVRTC 11.8, 12 and
/// 13 all accept), `.address_size 64`, `-rdc=true` (so the checks' `extern "C" __device__`
/// constants stay in the PTX), C++20 (a constant expression may then set a bit-field in any
/// union member), and `-default-device` (so a header's unannotated inline functions compile).
/// The list is `ptx_abi_nvtools::options::CHECK_OPTIONS`, the workspace's one set of NVRTC
/// options.
pub const CHECK_OPTIONS: &[&str] = ptx_abi_nvtools::options::CHECK_OPTIONS;

/// What [`Nvrtc::check`] adds to [`check_options`] so that headers nvcc accepts compile:
/// `__extension__` (GNU's marker before an anonymous union, which NVRTC does not know) is
/// defined away. CUDA's include directory ([`cuda_include`]) is passed as `-I` as well, and
/// the standard headers NVRTC lacks are given in memory ([`SHIMS`]).
pub const CHECK_DEFINES: &[&str] = ptx_abi_nvtools::options::CHECK_DEFINES;

/// [`CHECK_OPTIONS`] for NVRTC 11, which has no C++20: C++17. A check that sets a bit-field of
/// a union member other than the first in a constant expression needs C++20, and NVRTC 11
/// rejects it.
pub const CHECK_OPTIONS_CUDA_11: &[&str] = ptx_abi_nvtools::options::CHECK_OPTIONS_CUDA_11;

/// The options [`Nvrtc::check`] compiles with on NVRTC of release `v`: [`CHECK_OPTIONS`], or
/// [`CHECK_OPTIONS_CUDA_11`] before CUDA 12.
pub const fn check_options(v: CudaVersion) -> &'static [&'static str] {
    ptx_abi_nvtools::options::check_options(v.major)
}

/// A checker's default options `defaults` with the header's own `-std=` and GPU architecture
/// among `extra` (the standard and the architecture it is built for,
/// `--gpu-architecture=compute_90` or `-arch=compute_90`) replacing the checks' defaults.
fn check_defaults<'a>(defaults: &[&'a str], extra: &[&str]) -> Vec<&'a str> {
    let is_arch = |o: &str| o.starts_with("--gpu-architecture=") || o.starts_with("-arch=");
    let user_std = extra.iter().any(|o| o.starts_with("-std="));
    let user_arch = extra.iter().any(|o| is_arch(o));
    defaults
        .iter()
        .copied()
        .filter(|o| !((user_std && o.starts_with("-std=")) || (user_arch && is_arch(o))))
        .collect()
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
    /// CUDA's include directory found for the checks holds the headers of another major
    /// release than ptx-abi describes: their types' layouts may differ (chapter 7:
    /// `CUtensorMap`), so the check would answer for the wrong release.
    Headers {
        /// The include directory.
        dir: PathBuf,
        /// The release its `cuda.h` names.
        headers: CudaVersion,
        /// The release ptx-abi describes.
        built_for: CudaVersion,
    },
    /// NVRTC could not open its builtins library (`libnvrtc-builtins.so.12.9`): the installation
    /// is broken, whatever the header.
    Builtins {
        /// The NVRTC library.
        path: PathBuf,
        /// NVRTC's log.
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
                    nvrtc_library_name(CUDA_VERSION.major),
                    searched.join(", ")
                )?;
                match nvrtc_wheel(CUDA_VERSION.major) {
                    Some(w) => write!(
                        f,
                        ", or fetch it from PyPI:\n  pip download --no-deps {} -d /tmp/nvrtc && \
                         python3 -m zipfile -e /tmp/nvrtc/{} /tmp/nvrtc/x && export \
                         {NVRTC_ENV}=/tmp/nvrtc/x/{}",
                        w.requirement(),
                        w.file_pattern(),
                        w.file
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
                nvrtc_library_name(built_for.major),
                nvrtc.code()
            ),
            NvrtcError::Compile { log } => {
                write!(f, "NVRTC rejected the header and its checks:\n{log}")?;
                match diagnosis::hint(log) {
                    Some(hint) => write!(f, "\n{hint}"),
                    None => Ok(()),
                }
            }
            NvrtcError::Headers {
                dir,
                headers,
                built_for,
            } => write!(
                f,
                "CUDA's headers in {} are CUDA {headers}'s (its cuda.h), but ptx-abi describes \
                 CUDA {built_for} ({}), and CUDA's types differ between major releases \
                 (CUtensorMap's alignment, CUDA 13's vectors): set {} to the include directory \
                 of CUDA {}.x, or build ptx-abi for CUDA {headers} with its feature `cuda-{}`",
                dir.display(),
                CUDA_VERSION_SOURCE,
                include_env(built_for.major)[0],
                built_for.major,
                headers.code()
            ),
            NvrtcError::Builtins { path, log } => write!(
                f,
                "NVRTC at {} is installed without its builtins library, so it compiles \
                 nothing (the header was not looked at):\n{log}",
                path.display()
            ),
            NvrtcError::Layout(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NvrtcError {}

/// Why a C type does not match: the compiler could not answer, or it did and the layouts
/// differ.
#[derive(Debug)]
pub enum MatchError {
    /// NVRTC is missing or rejected the source.
    Nvrtc(NvrtcError),
    /// nvcc is missing or rejected the source.
    Nvcc(NvccError),
    /// The layouts differ; every difference is listed.
    Mismatch(CTypeMismatch),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Nvrtc(e) => write!(f, "{e}"),
            MatchError::Nvcc(e) => write!(f, "{e}"),
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

/// A loaded NVRTC library (`ptx_abi_nvtools::nvrtc::Nvrtc`, the workspace's one binding) and
/// the CUDA release it answers for.
pub struct Nvrtc {
    inner: ptx_abi_nvtools::nvrtc::Nvrtc,
    version: CudaVersion,
}

impl fmt::Debug for Nvrtc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Nvrtc")
            .field("path", &self.inner.path())
            .field("version", &self.version)
            .finish()
    }
}

impl Nvrtc {
    /// Finds and loads NVRTC (see the module docs for where it looks).
    pub fn locate() -> Result<Nvrtc, NvrtcError> {
        match ptx_abi_nvtools::nvrtc::Nvrtc::locate_installed(CUDA_VERSION.major) {
            Ok(inner) => Ok(Nvrtc::wrap(inner)),
            Err(LocateError::NotFound { searched }) => Err(NvrtcError::NotFound { searched }),
            Err(LocateError::Load(e)) => Err(NvrtcError::Load {
                path: e.path,
                message: e.message,
            }),
        }
    }

    /// Loads the NVRTC library at `path` (a file, or a bare name for the system's search).
    pub fn load(path: &Path) -> Result<Nvrtc, NvrtcError> {
        let inner = ptx_abi_nvtools::nvrtc::Nvrtc::load(path).map_err(|e| NvrtcError::Load {
            path: e.path,
            message: e.message,
        })?;
        Ok(Nvrtc::wrap(inner))
    }

    /// `inner` with its `nvrtcVersion` as a [`CudaVersion`].
    fn wrap(inner: ptx_abi_nvtools::nvrtc::Nvrtc) -> Nvrtc {
        let (major, minor) = inner.version();
        Nvrtc {
            version: CudaVersion::new(major, minor),
            inner,
        }
    }

    /// The library's path.
    pub fn path(&self) -> &Path {
        self.inner.path()
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
                path: self.path().to_path_buf(),
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
        self.compile_logged(source, options, headers)
            .map(|(ptx, _)| ptx)
    }

    /// [`Nvrtc::compile_with_headers`], returning NVRTC's log (its warnings) with the PTX.
    fn compile_logged(
        &self,
        source: &str,
        options: &[&str],
        headers: &[(&str, &str)],
    ) -> Result<(String, String), NvrtcError> {
        let source = Source {
            name: diagnosis::HEADER_FILE,
            text: source,
            headers,
        };
        self.inner.compile_logged(&source, options).map_err(|e| {
            if e.builtins_missing() {
                NvrtcError::Builtins {
                    path: self.inner.path().to_path_buf(),
                    log: e.log,
                }
            } else {
                NvrtcError::Compile { log: e.log }
            }
        })
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
        self.check_with::<T>(header, c_type, members, &[])
    }

    /// [`Nvrtc::check`] compiling the header with `options` too: the include directories,
    /// macros and pre-included headers it is built with (`-I/path/to/kernels`, `-DWIDE`,
    /// `-U…`, `--pre-include=…`), as `ptx-abi-import` passes the header's own directory and
    /// the import's `-I` and `-D`. A header that includes a sibling file, or whose layout
    /// depends on a macro, is checked as it is built.
    pub fn check_with<T: PtxAbi>(
        &self,
        header: &str,
        c_type: &str,
        members: &[(&str, &str)],
        extra: &[&str],
    ) -> Result<(), MatchError> {
        self.check_version()?;
        let check = CTypeCheck::new(T::TYPE, c_type, members)
            .map_err(|e| MatchError::Nvrtc(NvrtcError::Layout(e)))?;
        let header = match header_file::on_disk(header, extra) {
            Some(file) => header_file::include_line(&file),
            None => String::from(header),
        };
        let source = format!(
            "{header}\n#line 1 \"{}\"\n{}",
            diagnosis::CHECKS_FILE,
            check.source()
        );
        let dir = cuda_include().found;
        if let Some(dir) = &dir {
            check_headers_release(dir).map_err(MatchError::Nvrtc)?;
        }
        // CUDA 13 keeps libcu++, CUB and Thrust in `include/cccl` (nvcc adds it as a system
        // directory; `curand_kernel.h` includes `<nv/target>` from it).
        let include: Vec<String> = dir
            .iter()
            .flat_map(|d| [d.clone(), d.join("cccl")])
            .filter(|d| d.is_dir())
            .map(|d| format!("-I{}", d.display()))
            .collect();
        let mut options = check_defaults(check_options(self.version), extra);
        options.extend_from_slice(CHECK_DEFINES);
        // The header's own directories first, CUDA's last, as nvcc searches them.
        let from = options.len();
        // nvcc's own flags (`--expt-relaxed-constexpr`) are not NVRTC's: its checks compile
        // with `-default-device`, which allows what they allow.
        options.extend(
            extra
                .iter()
                .filter(|o| !ptx_abi_nvtools::options::NVCC_ONLY_FLAGS.contains(o)),
        );
        options.extend(include.iter().map(String::as_str));
        let headers: Vec<(&str, &str)> = SHIMS
            .iter()
            .chain(ptx_abi_nvtools::std_headers::C_HEADERS)
            .chain(ptx_abi_nvtools::std_headers::STD_HEADERS)
            .copied()
            .collect();
        let compiled = match self.compile_logged(&source, &options, &headers) {
            Err(NvrtcError::Compile { log }) if shims::libcupp_redeclared_integers(&log) => {
                options.push(shims::LIBCUPP_INTEGERS_FIRST);
                self.compile_logged(&source, &options, &headers)
            }
            other => other,
        };
        let (ptx, warnings) = match compiled {
            Err(NvrtcError::Compile { log }) => {
                let mut log = format!(
                    "{log}\nnote: compiled by NVRTC {} with {}",
                    self.version,
                    if options.len() > from {
                        options[from..].join(" ")
                    } else {
                        String::from("no include directory (no CUDA headers found)")
                    }
                );
                if self.version.major < 12 {
                    log.push_str(
                        "\nnote: NVRTC 11 has no `-std=c++20`, so the checks are compiled as \
                         C++17, where a constant expression cannot make a union member other \
                         than the first active; and NVRTC 11 rejects anonymous structs \
                         (`declaration does not declare anything`). A type that fails for either \
                         reason can be checked with NVRTC 12.0 or later (a CUDA 12 build).",
                    );
                }
                return Err(MatchError::Nvrtc(NvrtcError::Compile { log }));
            }
            other => other?,
        };
        check.compare(&ptx).map_err(|mut m| {
            if warnings.contains("1866-D") || warnings.contains("1097-D") {
                m.notes.push(DROPPED_ATTRIBUTE_NOTE.into());
            }
            MatchError::Mismatch(m)
        })
    }
}

/// What a failed NVRTC check adds when NVRTC dropped an attribute (warnings #1866-D and
/// #1097-D): where nvcc, which users build with, gives the header another layout
/// (`docs/nvidia-notes.md` lists every case the differential test of the two found).
pub const DROPPED_ATTRIBUTE_NOTE: &str = "note: NVRTC dropped an attribute of the header \
    (warning #1866-D: attribute does not apply to any entity, or #1097-D: unknown attribute); \
    nvcc applies it: a GNU `__attribute__((aligned(N)))` after a struct's closing brace, or \
    `[[gnu::aligned(N)]]`, aligns the struct to N in an nvcc build and not at all under NVRTC. \
    A program built with nvcc has the layout with the attribute: check with nvcc (set \
    PTX_ABI_NVCC, or PTX_ABI_CHECKER=nvcc); a program compiled by NVRTC at run time has the \
    layout without it.";

/// Refuses CUDA's include directory `dir` when its `cuda.h` names another major release than
/// ptx-abi describes ([`NvrtcError::Headers`]); a directory without `cuda.h` is taken as it is.
pub fn check_headers_release(dir: &Path) -> Result<(), NvrtcError> {
    match headers_release(dir) {
        Some(headers) if !CUDA_VERSION.same_layout_rules(headers) => Err(NvrtcError::Headers {
            dir: dir.to_path_buf(),
            headers,
            built_for: CUDA_VERSION,
        }),
        _ => Ok(()),
    }
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
    Checker::locate()?.check_with::<T>(header, c_type, members, &[])
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
    assert_matches_with::<T>(header, c_type, members, &[])
}

/// [`check_matches_mapped`] compiling the header with NVRTC `options` too (`-I…`, `-D…`; see
/// [`Nvrtc::check_with`]).
pub fn check_matches_with<T: PtxAbi>(
    header: &str,
    c_type: &str,
    members: &[(&str, &str)],
    options: &[&str],
) -> Result<(), MatchError> {
    Checker::locate()?.check_with::<T>(header, c_type, members, options)
}

/// [`assert_matches_mapped`] compiling the header with NVRTC `options` too (`-I…`, `-D…`;
/// see [`Nvrtc::check_with`]): what `ptx-abi-import` emits for a header read with include
/// directories or macros.
#[track_caller]
pub fn assert_matches_with<T: PtxAbi>(
    header: &str,
    c_type: &str,
    members: &[(&str, &str)],
    options: &[&str],
) {
    assert_checked_by::<T>(Checker::locate(), header, c_type, members, options)
}

/// [`assert_matches_with`] by nvcc only, whatever `$PTX_ABI_CHECKER` says: for a type whose
/// layout only nvcc gives the header (a GNU `aligned` attribute after a struct's closing
/// brace, which NVRTC drops, or on a member above the struct's `#pragma pack`, which NVRTC
/// caps), as `ptx-abi-import` emits for such a type. Panics, saying why, when no nvcc of the
/// release ptx-abi describes is found.
#[track_caller]
pub fn assert_matches_nvcc_with<T: PtxAbi>(
    header: &str,
    c_type: &str,
    members: &[(&str, &str)],
    options: &[&str],
) {
    assert_checked_by::<T>(Checker::nvcc(), header, c_type, members, options)
}

/// Panics with `checker`'s report (naming the compiler that answered) unless it found the
/// compiler and the C type has `T`'s layout.
#[track_caller]
fn assert_checked_by<T: PtxAbi>(
    checker: Result<Checker, MatchError>,
    header: &str,
    c_type: &str,
    members: &[(&str, &str)],
    options: &[&str],
) {
    let checker = match checker {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    if let Err(e) = checker.check_with::<T>(header, c_type, members, options) {
        panic!(
            "{e}\n(checked by {}; ptx-abi describes CUDA {CUDA_VERSION}, {})",
            checker.describe(),
            CUDA_VERSION_SOURCE
        );
    }
}

#[cfg(test)]
mod tests {
    use super::check_defaults;

    #[test]
    fn the_headers_standard_and_architecture_replace_the_defaults() {
        let defaults = ["--gpu-architecture=compute_80", "-rdc=true", "-std=c++20"];
        assert_eq!(check_defaults(&defaults, &["-I/x"]), defaults);
        assert_eq!(
            check_defaults(&defaults, &["--gpu-architecture=compute_90", "-std=c++17"]),
            ["-rdc=true"]
        );
        assert_eq!(
            check_defaults(&defaults, &["-arch=compute_75"]),
            ["-rdc=true", "-std=c++20"]
        );
    }
}
