//! The checks compiled by nvcc, the compiler users build with (issue 30): where nvcc and NVRTC
//! disagree about a header, nvcc's answer is the layout the user's program has.
//!
//! The one known disagreement (`docs/nvidia-notes.md`, found by the differential test of the
//! two, `oracle-tests/tests/nvcc_nvrtc.rs`): a GNU `__attribute__((aligned(N)))` after a
//! struct's closing brace, how portability macros such as `X_ALIGN_SUFFIX(16)` expand on
//! Linux. nvcc applies it (`alignof == N`, arrays of the struct strided by it); NVRTC drops it
//! with `warning #1866-D: attribute does not apply to any entity`.
//!
//! **Which compiler checks** ([`Checker::locate`], what [`super::assert_matches`] and its
//! siblings use): `$PTX_ABI_CHECKER` (`nvcc` or `nvrtc`) when set; else nvcc when one of the
//! release ptx-abi describes is installed ([`Nvcc::locate`]: `$PTX_ABI_NVCC`, `bin/nvcc` of
//! `$CUDA_PATH`, `$CUDA_HOME`, `/usr/local/cuda`, then the `PATH`); else NVRTC. nvcc runs with
//! its host compiler (gcc on Linux), which must be on the `PATH`, and with its own CUDA
//! headers and the host's C++ library: the header compiles exactly as in the user's build.

use super::{diagnosis, MatchError, Nvrtc};
use crate::codec::PtxAbi;
use crate::layout::cuda_version::{CudaVersion, CUDA_VERSION, CUDA_VERSION_SOURCE};
use crate::layout::LayoutError;
use crate::report::c_check::CTypeCheck;
use ptx_abi_nvtools::nvcc::{Nvcc as Program, NVCC_ENV};
use std::fmt;
use std::format;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::vec::Vec;

/// The variable choosing the compiler that answers a check: `nvcc` or `nvrtc`.
pub const CHECKER_ENV: &str = "PTX_ABI_CHECKER";

/// Why nvcc could not answer.
#[derive(Debug)]
pub enum NvccError {
    /// No nvcc was found; `searched` lists where.
    NotFound {
        /// Every place looked at.
        searched: Vec<String>,
    },
    /// The program found does not run or does not answer `--version`.
    Load {
        /// The program.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// The nvcc found is of another major CUDA release than ptx-abi describes.
    Version {
        /// The program.
        path: PathBuf,
        /// Its release.
        nvcc: CudaVersion,
        /// The release ptx-abi describes.
        built_for: CudaVersion,
    },
    /// nvcc rejected the header or its checks.
    Compile {
        /// The command that ran.
        command: String,
        /// nvcc's diagnostics (the header is `header.cuh` in it, the checks
        /// `ptx_abi_checks.cu`).
        log: String,
    },
    /// The type's layout is one only nvcc gives the header, and no nvcc was found.
    NvccOnly {
        /// Every place looked at.
        searched: Vec<String>,
    },
    /// `$PTX_ABI_CHECKER` names no compiler ptx-abi knows.
    Checker {
        /// Its value.
        value: String,
    },
    /// The Rust type has no PTX layout.
    Layout(LayoutError),
}

impl fmt::Display for NvccError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NvccError::NotFound { searched } => write!(
                f,
                "nvcc (CUDA {CUDA_VERSION}, the release ptx-abi describes) was not found; \
                 looked at: {}. Set {NVCC_ENV} to it, or unset {CHECKER_ENV} to check with \
                 NVRTC",
                searched.join(", ")
            ),
            NvccError::Load { path, message } => {
                write!(f, "cannot run nvcc at {}: {message}", path.display())
            }
            NvccError::Version {
                path,
                nvcc,
                built_for,
            } => write!(
                f,
                "nvcc {} is CUDA {nvcc}, but ptx-abi describes CUDA {built_for} ({}), and \
                 CUDA's headers differ between major releases: set {NVCC_ENV} to an nvcc of \
                 CUDA {}.x, or build ptx-abi for CUDA {nvcc} with its feature `cuda-{}`",
                path.display(),
                CUDA_VERSION_SOURCE,
                built_for.major,
                nvcc.code()
            ),
            NvccError::Compile { command, log } => {
                write!(
                    f,
                    "nvcc rejected the header and its checks:\n{log}\nnote: {command}"
                )?;
                if log.lines().any(|l| l.contains("No such file or directory")) {
                    write!(
                        f,
                        "\nhint: nvcc did not find an include: give the header's include \
                         directories and macros as the check's options (`-I…`, `-D…`), as in \
                         the build"
                    )?;
                }
                if log.contains("failed to preprocess host compiler properties")
                    || log.contains("cannot find compiler")
                    || log.contains("gcc: not found")
                {
                    write!(
                        f,
                        "\nhint: nvcc runs its host compiler (gcc) even for PTX: put it on the \
                         PATH"
                    )?;
                }
                Ok(())
            }
            NvccError::NvccOnly { searched } => write!(
                f,
                "this type's layout is nvcc's: the header aligns it (or a struct it holds) with \
                 a GNU `aligned` attribute after the closing brace, which nvcc applies and NVRTC \
                 drops (warning #1866-D), or on a member above the struct's `#pragma pack`, \
                 which nvcc keeps and NVRTC caps, so only nvcc can check it; no nvcc of CUDA \
                 {CUDA_VERSION} was found (looked at: {}). Set {NVCC_ENV} to it, or import the \
                 header for NVRTC (`ptx-abi-import --compiler nvrtc`) if the program compiles \
                 its kernels with NVRTC",
                searched.join(", ")
            ),
            NvccError::Checker { value } => write!(
                f,
                "{CHECKER_ENV}={value:?}: the checks are compiled by `nvcc` or `nvrtc`"
            ),
            NvccError::Layout(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NvccError {}

/// nvcc and the CUDA release it answers for.
#[derive(Clone, Debug)]
pub struct Nvcc {
    inner: Program,
    version: CudaVersion,
}

/// The options the checks are compiled with by nvcc: PTX for `compute_80`, `-rdc=true` (the
/// checks' `extern "C" __device__` constants stay in the PTX) and C++20, as
/// [`super::CHECK_OPTIONS`] for NVRTC (nvcc compiles unannotated functions for the host, as in
/// the user's build, so it needs no `-default-device`).
pub const NVCC_CHECK_OPTIONS: &[&str] = ptx_abi_nvtools::options::NVCC_CHECK_OPTIONS;

impl Nvcc {
    /// nvcc of the release ptx-abi describes, as [`Checker::locate`] finds it: `Ok(None)` when
    /// none is installed (or only one of another release, found by searching); an error for
    /// one that does not run, and for `$PTX_ABI_NVCC` of another release.
    pub fn locate() -> Result<Option<Nvcc>, NvccError> {
        let explicit = std::env::var_os(NVCC_ENV).is_some_and(|v| !v.is_empty());
        match Program::locate_installed() {
            None => Ok(None),
            Some(Err(e)) => Err(NvccError::Load {
                path: e.path,
                message: e.message,
            }),
            Some(Ok(p)) => {
                let nvcc = Nvcc::wrap(p);
                match nvcc.check_version() {
                    Ok(()) => Ok(Some(nvcc)),
                    Err(e) if explicit => Err(e),
                    Err(_) => Ok(None),
                }
            }
        }
    }

    /// The nvcc at `path`.
    pub fn load(path: &Path) -> Result<Nvcc, NvccError> {
        Program::load(path)
            .map(Nvcc::wrap)
            .map_err(|e| NvccError::Load {
                path: e.path,
                message: e.message,
            })
    }

    fn wrap(inner: Program) -> Nvcc {
        let (major, minor) = inner.version();
        Nvcc {
            version: CudaVersion::new(major, minor),
            inner,
        }
    }

    /// The program.
    pub fn path(&self) -> &Path {
        self.inner.path()
    }

    /// Its CUDA release.
    pub fn version(&self) -> CudaVersion {
        self.version
    }

    /// `Ok` when this nvcc answers for the major CUDA release ptx-abi describes.
    pub fn check_version(&self) -> Result<(), NvccError> {
        if CUDA_VERSION.same_layout_rules(self.version) {
            Ok(())
        } else {
            Err(NvccError::Version {
                path: self.path().to_path_buf(),
                nvcc: self.version,
                built_for: CUDA_VERSION,
            })
        }
    }

    /// [`Nvrtc::check_with`] by nvcc: the header compiled with `extra` (`-I…`, `-D…`,
    /// `-include …`) and the checks, by nvcc with its own CUDA headers and host compiler.
    pub fn check_with<T: PtxAbi>(
        &self,
        header: &str,
        c_type: &str,
        members: &[(&str, &str)],
        extra: &[&str],
    ) -> Result<(), MatchError> {
        self.check_version().map_err(MatchError::Nvcc)?;
        let check = CTypeCheck::new(T::TYPE, c_type, members)
            .map_err(|e| MatchError::Nvcc(NvccError::Layout(e)))?;
        let header = match super::header_file::on_disk(header, extra) {
            Some(file) => super::header_file::include_line(&file),
            None => format!("#line 1 \"{}\"\n{header}", diagnosis::HEADER_FILE),
        };
        let source = format!(
            "{header}\n#line 1 \"{}\"\n{}",
            diagnosis::CHECKS_FILE,
            check.source()
        );
        let mut options = super::check_defaults(NVCC_CHECK_OPTIONS, extra);
        // NVRTC's spellings the importer emits (`-I`, `-D`, `-U`, `--pre-include=`) are
        // nvcc's too.
        options.extend_from_slice(extra);
        let out = self
            .inner
            .compile(&source, diagnosis::CHECKS_FILE, &options)
            .map_err(|e| {
                MatchError::Nvcc(NvccError::Compile {
                    command: e.command,
                    log: e.log,
                })
            })?;
        check.compare(&out.ptx).map_err(MatchError::Mismatch)
    }
}

/// The compiler that answers a check: nvcc where the user builds with it, NVRTC otherwise.
#[derive(Debug)]
pub enum Checker {
    /// nvcc.
    Nvcc(Nvcc),
    /// NVRTC.
    Nvrtc(Nvrtc),
}

impl Checker {
    /// `$PTX_ABI_CHECKER` (`nvcc`, `nvrtc`) when set; else nvcc of the release ptx-abi
    /// describes when one is installed ([`Nvcc::locate`]); else NVRTC ([`Nvrtc::locate`]).
    pub fn locate() -> Result<Checker, MatchError> {
        let chosen = std::env::var(CHECKER_ENV).unwrap_or_default();
        match chosen.trim() {
            "nvrtc" => Ok(Checker::Nvrtc(Nvrtc::locate()?)),
            "nvcc" => Checker::nvcc_or(|searched| NvccError::NotFound { searched }),
            "" => match Nvcc::locate().map_err(MatchError::Nvcc)? {
                Some(n) => Ok(Checker::Nvcc(n)),
                None => Ok(Checker::Nvrtc(Nvrtc::locate()?)),
            },
            other => Err(MatchError::Nvcc(NvccError::Checker {
                value: other.to_string(),
            })),
        }
    }

    /// nvcc only, for a layout NVRTC does not give the header (an `aligned` attribute after a
    /// closing brace): `$PTX_ABI_CHECKER` is not consulted, and no nvcc of the release ptx-abi
    /// describes is [`NvccError::NvccOnly`].
    pub fn nvcc() -> Result<Checker, MatchError> {
        Checker::nvcc_or(|searched| NvccError::NvccOnly { searched })
    }

    /// nvcc of the release ptx-abi describes, or `missing` of the places looked at.
    fn nvcc_or(missing: fn(Vec<String>) -> NvccError) -> Result<Checker, MatchError> {
        match Nvcc::locate().map_err(MatchError::Nvcc)? {
            Some(n) => Ok(Checker::Nvcc(n)),
            None => Err(MatchError::Nvcc(missing(Program::searched()))),
        }
    }

    /// [`Nvrtc::check_with`] or [`Nvcc::check_with`].
    pub fn check_with<T: PtxAbi>(
        &self,
        header: &str,
        c_type: &str,
        members: &[(&str, &str)],
        extra: &[&str],
    ) -> Result<(), MatchError> {
        match self {
            Checker::Nvcc(n) => n.check_with::<T>(header, c_type, members, extra),
            Checker::Nvrtc(n) => n.check_with::<T>(header, c_type, members, extra),
        }
    }

    /// `nvcc 13.5 at /usr/local/cuda/bin/nvcc`, `NVRTC 12.9 at …`: what a report names.
    pub fn describe(&self) -> String {
        match self {
            Checker::Nvcc(n) => format!("nvcc {} at {}", n.version(), n.path().display()),
            Checker::Nvrtc(n) => format!("NVRTC {} at {}", n.version(), n.path().display()),
        }
    }
}

impl From<NvccError> for MatchError {
    fn from(e: NvccError) -> Self {
        MatchError::Nvcc(e)
    }
}
