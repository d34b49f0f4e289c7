//! NVIDIA's nvcc, run as a program: the compiler users build their kernels with, and so the
//! one whose answer is their program's layout where it and NVRTC disagree (a GNU
//! `__attribute__((aligned(N)))` after a struct's closing brace: nvcc applies it, NVRTC drops it
//! with warning #1866-D; `docs/nvidia-notes.md`).
//!
//! nvcc needs its host compiler (gcc on Linux) on the `PATH` even for `-ptx`: it preprocesses
//! with it. Where no CUDA is installed, PyPI's `nvidia-cuda-nvcc`, `nvidia-nvvm` and
//! `nvidia-cuda-crt` wheels (CUDA 13) assembled into one tree with the runtime headers make a
//! working nvcc (`cargo xtask nvcc`; feature `fetch`'s `crate::fetch::NVCC_13_5`).
//!
//! ```no_run
//! use ptx_abi_nvtools::nvcc::Nvcc;
//! let Some(Ok(nvcc)) = Nvcc::locate_installed() else { return };
//! let out = nvcc
//!     .compile("extern \"C\" __device__ int x = 1;", "x.cu", &["-arch=compute_80", "-rdc=true"])
//!     .unwrap();
//! assert!(out.ptx.contains(".visible .global .align 4 .u32 x = 1;"));
//! ```

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// Environment variable naming the `nvcc` program directly; takes precedence over a CUDA
/// installation's.
pub const NVCC_ENV: &str = "PTX_ABI_NVCC";

/// An nvcc that answered `--version`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nvcc {
    path: PathBuf,
    version: (u32, u32),
}

/// A program that is not a working nvcc: missing, not runnable, or not answering `--version`
/// with a CUDA release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvccLoadError {
    /// The program.
    pub path: PathBuf,
    /// Why.
    pub message: String,
}

impl fmt::Display for NvccLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot run nvcc at {}: {}",
            self.path.display(),
            self.message
        )
    }
}

impl std::error::Error for NvccLoadError {}

/// A failed compilation: the command that ran and nvcc's diagnostics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvccCompileError {
    /// The command line, as a user would type it.
    pub command: String,
    /// What nvcc (and its host compiler) printed.
    pub log: String,
}

impl fmt::Display for NvccCompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nvcc failed ({}):\n{}", self.command, self.log)
    }
}

impl std::error::Error for NvccCompileError {}

/// A successful compilation: the PTX and nvcc's warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvccOutput {
    /// The PTX.
    pub ptx: String,
    /// What nvcc printed (warnings), possibly empty.
    pub log: String,
}

/// The release in `nvcc --version`'s answer (`Cuda compilation tools, release 13.5, V13.5.37`).
pub fn parse_release(version_text: &str) -> Option<(u32, u32)> {
    let after = version_text.split("release ").nth(1)?;
    let number: String = after
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let mut parts = number.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

impl Nvcc {
    /// Runs `path --version` and keeps the release it answers.
    pub fn load(path: impl AsRef<Path>) -> Result<Nvcc, NvccLoadError> {
        let path = path.as_ref().to_path_buf();
        let fail = |message: String| NvccLoadError {
            path: path.clone(),
            message,
        };
        let out = Command::new(&path)
            .arg("--version")
            .output()
            .map_err(|e| fail(e.to_string()))?;
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(fail(format!(
                "`--version` failed ({}): {}{}",
                out.status,
                text,
                String::from_utf8_lossy(&out.stderr)
            )));
        }
        let version = parse_release(&text)
            .ok_or_else(|| fail(format!("`--version` named no CUDA release: {text}")))?;
        Ok(Nvcc { path, version })
    }

    /// The nvcc an installed program would use, first that exists: `$PTX_ABI_NVCC` (used even
    /// when wrong, so that the error names it), `bin/nvcc` of `$CUDA_PATH`, `$CUDA_HOME` and
    /// `/usr/local/cuda`, then `nvcc` on the `PATH`. `None` when there is none.
    pub fn locate_installed() -> Option<Result<Nvcc, NvccLoadError>> {
        if let Some(p) = std::env::var_os(NVCC_ENV).filter(|p| !p.is_empty()) {
            return Some(Nvcc::load(PathBuf::from(p)));
        }
        let mut candidates: Vec<PathBuf> = ["CUDA_PATH", "CUDA_HOME"]
            .into_iter()
            .filter_map(|var| std::env::var_os(var).filter(|p| !p.is_empty()))
            .map(|d| PathBuf::from(d).join("bin").join("nvcc"))
            .collect();
        candidates.push(PathBuf::from("/usr/local/cuda/bin/nvcc"));
        if let Some(path) = std::env::var_os("PATH") {
            candidates.extend(std::env::split_paths(&path).map(|d| d.join("nvcc")));
        }
        candidates.into_iter().find(|p| p.is_file()).map(Nvcc::load)
    }

    /// The places [`Nvcc::locate_installed`] looks at, for a "not found" message.
    pub fn searched() -> Vec<String> {
        let mut s = vec![format!("${NVCC_ENV}")];
        for var in ["CUDA_PATH", "CUDA_HOME"] {
            s.push(format!("${var}/bin/nvcc"));
        }
        s.push("/usr/local/cuda/bin/nvcc".into());
        s.push("nvcc on the PATH".into());
        s
    }

    /// The program.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its CUDA release, `(major, minor)`.
    pub fn version(&self) -> (u32, u32) {
        self.version
    }

    /// Compiles `source` to PTX (`nvcc -ptx`), written first to a fresh directory under the
    /// system's temporary directory as `file_name` (which the diagnostics name), with
    /// `options` before the file. The directory is removed afterwards.
    pub fn compile(
        &self,
        source: &str,
        file_name: &str,
        options: &[&str],
    ) -> Result<NvccOutput, NvccCompileError> {
        let dir = scratch_dir();
        let command = |extra: &str| {
            format!(
                "{} -ptx {} {file_name}{extra}",
                self.path.display(),
                options.join(" ")
            )
        };
        let fail = |log: String| NvccCompileError {
            command: command(""),
            log,
        };
        fs::create_dir_all(&dir)
            .map_err(|e| fail(format!("cannot create {}: {e}", dir.display())))?;
        let result = (|| {
            let file = dir.join(file_name);
            fs::write(&file, source)
                .map_err(|e| fail(format!("cannot write {}: {e}", file.display())))?;
            let ptx_file = dir.join("out.ptx");
            let out = Command::new(&self.path)
                .arg("-ptx")
                .args(options)
                .arg(&file)
                .arg("-o")
                .arg(&ptx_file)
                .current_dir(&dir)
                .output()
                .map_err(|e| fail(format!("cannot run it: {e}")))?;
            let mut log = String::from_utf8_lossy(&out.stderr).into_owned();
            log.push_str(&String::from_utf8_lossy(&out.stdout));
            if !out.status.success() {
                return Err(fail(format!("{log}({})", out.status)));
            }
            let ptx = fs::read_to_string(&ptx_file)
                .map_err(|e| fail(format!("{log}cannot read the PTX: {e}")))?;
            Ok(NvccOutput { ptx, log })
        })();
        let _ = fs::remove_dir_all(&dir);
        result
    }
}

/// A directory no other compilation of this or another process uses.
fn scratch_dir() -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    std::env::temp_dir().join(format!("ptx-abi-nvcc-{}-{n}-{nanos}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_is_read_from_nvcc_s_version_text() {
        let text = "nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2026 NVIDIA \
                    Corporation\nBuilt on …\nCuda compilation tools, release 13.5, V13.5.37\n\
                    Build cuda_13.5.r13.5/compiler.0";
        assert_eq!(parse_release(text), Some((13, 5)));
        assert_eq!(parse_release("release 12.9, V12.9.86"), Some((12, 9)));
        assert_eq!(parse_release("no release here"), None);
        assert_eq!(parse_release("release x.y"), None);
    }

    #[test]
    fn a_missing_program_is_a_load_error_naming_it() {
        let e = Nvcc::load("/nonexistent/bin/nvcc").unwrap_err();
        assert_eq!(e.path, PathBuf::from("/nonexistent/bin/nvcc"));
        assert!(e.to_string().contains("/nonexistent/bin/nvcc"), "{e}");
    }

    #[test]
    fn scratch_directories_differ() {
        assert_ne!(scratch_dir(), scratch_dir());
    }
}
