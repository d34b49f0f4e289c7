//! NVIDIA's PTX assembler, `ptxas`, run as a child process to check that PTX is well formed.
//!
//! Get a copy with `cargo xtask ptxas`, or point `PTX_ABI_PTXAS` at one (see [`ptx_abi_nvtools::fetch`]).
//! No GPU is needed: ptxas only translates PTX to SASS.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A `ptxas` binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ptxas {
    path: PathBuf,
}

/// Files in the temporary directory removed on drop.
struct TempFiles(Vec<PathBuf>);

impl Drop for TempFiles {
    fn drop(&mut self) {
        for p in &self.0 {
            let _ = fs::remove_file(p);
        }
    }
}

impl Ptxas {
    /// The binary at `path` (not checked until [`Ptxas::assemble`] runs it).
    pub fn new(path: impl Into<PathBuf>) -> Ptxas {
        Ptxas { path: path.into() }
    }

    /// `$PTX_ABI_PTXAS`, else the copy `cargo xtask ptxas` cached; `None` when neither exists.
    pub fn locate() -> Option<Ptxas> {
        ptx_abi_nvtools::fetch::locate_ptxas().map(Ptxas::new)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Assembles `ptx` for `gpu_name` (e.g. `"sm_90"`) into a relocatable object (`-c`, as
    /// NVRTC's `-rdc=true` output may reference `.extern` symbols), which is thrown away.
    /// `Err` holds ptxas's diagnostics (stderr, then stdout) when it fails; warnings alone are
    /// not an error.
    pub fn assemble(&self, ptx: &str, gpu_name: &str) -> Result<(), String> {
        self.cubin(ptx, gpu_name).map(drop)
    }

    /// Assembles `ptx` for `gpu_name` into a relocatable cubin (`--compile-only`) and returns
    /// its bytes, or ptxas's diagnostics.
    pub fn cubin(&self, ptx: &str, gpu_name: &str) -> Result<Vec<u8>, String> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let stem = format!(
            "ptx-abi-ptxas-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let dir = std::env::temp_dir();
        let input = dir.join(format!("{stem}.ptx"));
        let output = dir.join(format!("{stem}.cubin"));
        let _cleanup = TempFiles(vec![input.clone(), output.clone()]);
        fs::write(&input, ptx).map_err(|e| format!("cannot write {}: {e}", input.display()))?;

        let out = Command::new(&self.path)
            .arg(format!("--gpu-name={gpu_name}"))
            .arg("--compile-only")
            .arg("--output-file")
            .arg(&output)
            .arg(&input)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.path.display()))?;
        if out.status.success() {
            fs::read(&output).map_err(|e| format!("cannot read {}: {e}", output.display()))
        } else {
            let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
            msg.push_str(&String::from_utf8_lossy(&out.stdout));
            Err(format!("ptxas failed ({}):\n{msg}", out.status))
        }
    }
}
