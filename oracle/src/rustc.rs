//! rustc's own nvptx64 backend as a producer of PTX: a kernel written in Rust is an
//! `extern "ptx-kernel"` function under its `#[no_mangle]` name, compiled by nightly rustc with
//! `--target nvptx64-nvidia-cuda --emit asm`.
//!
//! No target download is needed: rustc has the backend, and the source is a `#![no_core]`
//! crate that declares the few lang items this nightly asks for ([`PRELUDE`]: `pointee_sized`,
//! `meta_sized`, `sized`, `copy` and `freeze`; without `freeze` rustc 1.97 says "requires
//! `freeze` lang_item"), plus the `Copy` impls union fields need. The toolchain is rustup's
//! `nightly` ([`NIGHTLY`]); where rustup or that toolchain is missing, [`NightlyRustc::locate`]
//! says so and the tests skip.

use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The rustup toolchain that compiles Rust kernels (xtask's `test-nightly` uses the same).
pub const NIGHTLY: &str = "nightly";

/// The target triple of rustc's 64-bit NVPTX backend.
pub const TARGET: &str = "nvptx64-nvidia-cuda";

/// The `sm_` architecture the kernels are compiled for (the default of rustc 1.97's nvptx64
/// target, written out so that a change of default changes nothing here).
pub const TARGET_CPU: &str = "sm_70";

/// The start of every device source: the features a `#![no_core]` kernel crate needs, the
/// lang items rustc asks for, and `Copy` for the types union fields hold.
pub const PRELUDE: &str = r#"#![feature(no_core, lang_items, abi_ptx, auto_traits, f16)]
#![no_core]
#![allow(internal_features, improper_ctypes_definitions, dead_code, unused_variables)]
#![allow(non_camel_case_types, non_snake_case)]

#[lang = "pointee_sized"]
pub trait PointeeSized {}
#[lang = "meta_sized"]
pub trait MetaSized: PointeeSized {}
#[lang = "sized"]
pub trait Sized: MetaSized {}
#[lang = "copy"]
pub trait Copy {}
#[lang = "freeze"]
pub unsafe auto trait Freeze {}

impl<T: Copy, const N: usize> Copy for [T; N] {}
impl Copy for bool {}
impl Copy for i8 {}
impl Copy for u8 {}
impl Copy for i16 {}
impl Copy for u16 {}
impl Copy for i32 {}
impl Copy for u32 {}
impl Copy for i64 {}
impl Copy for u64 {}
impl Copy for f16 {}
impl Copy for f32 {}
impl Copy for f64 {}
impl<T> Copy for *mut T {}
impl<T> Copy for *const T {}
"#;

/// The smallest kernel crate: [`PRELUDE`] and one kernel taking a `u32`. If nightly cannot
/// compile it, nightly (or this prelude) is broken, not the source under test.
pub const PROBE: &str =
    "#[no_mangle]\npub unsafe extern \"ptx-kernel\" fn ptx_abi_probe(n: u32) {}\n";

/// What rustc's nvptx64 backend says when a by-value kernel parameter is aligned above 16
/// bytes (its internal compiler error, `compiler/rustc_target/src/callconv/nvptx64.rs`).
pub const ALIGN_ICE: &str = "Align is given as power of 2 no larger than 16 bytes";

/// Why there is no nightly rustc to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Absent(pub String);

/// A failed compilation: rustc's exit status and what it printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exit code (`None` when rustc was killed by a signal; 101 for an internal compiler
    /// error).
    pub code: Option<i32>,
    /// rustc's stderr.
    pub stderr: String,
}

impl Failure {
    /// Whether rustc stopped with an internal compiler error ("the compiler unexpectedly
    /// panicked").
    pub fn is_ice(&self) -> bool {
        self.code == Some(101) || self.stderr.contains("the compiler unexpectedly panicked")
    }

    /// The lines of stderr that say what went wrong: `error…` lines and the panic message
    /// (the line after "panicked at"), without the backtrace.
    pub fn summary(&self) -> String {
        let mut out = Vec::new();
        let mut lines = self.stderr.lines().peekable();
        while let Some(line) = lines.next() {
            if line.starts_with("error") {
                out.push(line.to_string());
            } else if line.contains("panicked at") {
                out.push(line.to_string());
                if let Some(next) = lines.peek() {
                    out.push(next.to_string());
                }
            }
        }
        if out.is_empty() {
            self.stderr.lines().take(5).collect::<Vec<_>>().join("\n")
        } else {
            out.join("\n")
        }
    }
}

/// rustup's nightly rustc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightlyRustc {
    version: String,
}

impl NightlyRustc {
    /// `rustup run nightly rustc`, if rustup runs it; [`Absent`] says why not.
    pub fn locate() -> Result<NightlyRustc, Absent> {
        let out = Command::new("rustup")
            .args(["run", NIGHTLY, "rustc", "-V"])
            .output()
            .map_err(|e| Absent(format!("rustup does not run ({e})")))?;
        if !out.status.success() {
            let why = String::from_utf8_lossy(&out.stderr);
            return Err(Absent(format!(
                "rustup has no `{NIGHTLY}` toolchain (`rustup toolchain install {NIGHTLY}`): {}",
                why.trim()
            )));
        }
        Ok(NightlyRustc {
            version: String::from_utf8_lossy(&out.stdout).trim().to_string(),
        })
    }

    /// `rustc -V` of this toolchain.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Compiles `source` (a whole crate, [`PRELUDE`] included) for [`TARGET`] and returns the
    /// PTX. It runs in a directory of its own, removed afterwards, with `RUSTC_ICE=0` so that
    /// an internal compiler error leaves no report file behind.
    pub fn compile_ptx(&self, source: &str) -> Result<String, Failure> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ptx-abi-rustc-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _cleanup = RemoveDir(dir.clone());
        let io_failure = |what: &str, e: std::io::Error| Failure {
            code: None,
            stderr: format!("{what} {}: {e}", dir.display()),
        };
        fs::create_dir_all(&dir).map_err(|e| io_failure("cannot create", e))?;
        fs::write(dir.join("kernels.rs"), source).map_err(|e| io_failure("cannot write to", e))?;
        let out = Command::new("rustup")
            .args(["run", NIGHTLY, "rustc"])
            .args(["--edition", "2021", "--crate-type", "rlib"])
            .args(["--crate-name", "ptx_abi_rust_kernels"])
            .args(["--target", TARGET])
            .arg(format!("-Ctarget-cpu={TARGET_CPU}"))
            .args(["--emit", "asm", "-o", "kernels.ptx", "kernels.rs"])
            .current_dir(&dir)
            .env("RUSTC_ICE", "0")
            .output()
            .map_err(|e| Failure {
                code: None,
                stderr: format!("rustup does not run: {e}"),
            })?;
        if !out.status.success() {
            return Err(Failure {
                code: out.status.code(),
                stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            });
        }
        fs::read_to_string(dir.join("kernels.ptx")).map_err(|e| io_failure("no PTX in", e))
    }
}

/// A directory removed on drop.
struct RemoveDir(PathBuf);

impl Drop for RemoveDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_keeps_the_error_and_the_panic_message_without_the_backtrace() {
        let f = Failure {
            code: Some(101),
            stderr: "\nthread 'rustc' panicked at compiler/x.rs:78:14:\ninternal error: entered \
                     unreachable code: Align is given as power of 2 no larger than 16 bytes\n\
                     stack backtrace:\n   0: a\n   1: b\nerror: the compiler unexpectedly \
                     panicked. This is a bug\n"
                .into(),
        };
        assert!(f.is_ice());
        let s = f.summary();
        assert!(s.contains(ALIGN_ICE), "{s}");
        assert!(s.contains("unexpectedly panicked"), "{s}");
        assert!(!s.contains("backtrace"), "{s}");
    }
}
