//! Finding a clang that compiles CUDA device code (`--target=nvptx64-nvidia-cuda -x cuda
//! --cuda-device-only`) on a machine without a CUDA install: the test oracle's second producer of
//! PTX layouts and `ptx-abi-import`'s reader of headers both start it from here.
//!
//! [`Clang::locate_in`] takes, first that exists: `$PTX_ABI_CLANG` (a clang, or a `zig` run as
//! `zig clang`), `$PTX_ABI_ZIG`, `zig` from the pinned `ziglang` wheel ([`crate::fetch::ZIG_WHEEL`],
//! clang 22) unpacked in one of the given caches, `clang` on `PATH`.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::fetch::{CLANG_ENV, ZIG_ENV, ZIG_WHEEL};

/// How to start clang: a program and the arguments before clang's own (`zig` needs `clang`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clang {
    program: PathBuf,
    prefix: Vec<OsString>,
}

impl Clang {
    /// How to get one when [`Clang::locate`] finds none.
    pub const HOW_TO_GET: &'static str =
        "run `cargo xtask clang` (fetches zig's clang from PyPI), or set PTX_ABI_CLANG";

    /// clang at `path`; a file named `zig` (or `zig-…`) runs as `zig clang`.
    pub fn at(path: impl Into<PathBuf>) -> Clang {
        let program = path.into();
        let is_zig = program
            .file_stem()
            .is_some_and(|s| s == "zig" || s.to_string_lossy().starts_with("zig-"));
        Clang {
            prefix: if is_zig {
                vec!["clang".into()]
            } else {
                Vec::new()
            },
            program,
        }
    }

    /// [`Clang::locate_in`] the workspace's tool caches ([`crate::fetch::candidate_cache_dirs`],
    /// which `cargo xtask clang` and `cargo xtask test` fill).
    pub fn locate() -> Option<Clang> {
        Clang::locate_in(&crate::fetch::candidate_cache_dirs())
    }

    /// The first clang found: `$PTX_ABI_CLANG` (taken as given), `$PTX_ABI_ZIG` (a `zig` binary,
    /// run as `zig clang`), `zig` of the pinned wheel in one of `caches`, `clang` on `PATH` if it
    /// runs; `None` otherwise.
    pub fn locate_in(caches: &[PathBuf]) -> Option<Clang> {
        for var in [CLANG_ENV, ZIG_ENV] {
            if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
                return Some(Clang::at(p));
            }
        }
        if let Some(zig) = caches
            .iter()
            .map(|c| ZIG_WHEEL.file_in(c))
            .find(|z| z.is_file())
        {
            return Some(Clang::at(zig));
        }
        let on_path = Clang::at("clang");
        let runs = on_path
            .command()
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        runs.then_some(on_path)
    }

    /// The program started (`clang`, or `zig`).
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// A command running this clang, ready for clang's own arguments.
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.prefix);
        c
    }

    /// `clang --version`'s first line.
    pub fn version(&self) -> String {
        self.command()
            .arg("--version")
            .output()
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .unwrap_or_else(|e| format!("({} --version failed: {e})", self.program.display()))
    }

    /// Runs clang with `args` on `src` (given on stdin, so `args` should read `-`) and returns
    /// its stdout, or its diagnostics.
    pub fn run(&self, args: &[&str], src: &str) -> Result<String, String> {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {:?}: {e}", self.program))?;
        let mut stdin = child.stdin.take().ok_or("clang's stdin is not piped")?;
        let src = src.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(src.as_bytes()));
        let out = child
            .wait_with_output()
            .map_err(|e| format!("clang: {e}"))?;
        writer
            .join()
            .map_err(|_| "the thread writing to clang panicked".to_string())?
            .map_err(|e| format!("writing to clang: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "clang failed ({}):\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        String::from_utf8(out.stdout).map_err(|e| format!("clang's output is not UTF-8: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zig_runs_as_zig_clang_and_clang_as_itself() {
        assert_eq!(
            Clang::at("/c/ziglang/zig").prefix,
            vec![OsString::from("clang")]
        );
        assert_eq!(
            Clang::at("/usr/bin/zig-0.17").prefix,
            vec![OsString::from("clang")]
        );
        assert!(Clang::at("/usr/bin/clang-22").prefix.is_empty());
        assert_eq!(Clang::at("clang").program(), Path::new("clang"));
    }
}
