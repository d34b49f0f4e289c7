//! `cargo xtask corpus`: regenerates the golden corpus of `oracle-tests` (NVRTC's answers for
//! a few thousand generated cases plus NOTES.md's figures) with the `ptx-abi-corpus` binary of
//! the oracle crate, then formats the generated Rust sources so `cargo fmt --check` passes.

use crate::fetch;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Fetches NVRTC, runs the generator (extra `args` such as `--files 4 --per-file 800` are
/// passed on), and rustfmts the result.
pub fn run(args: &[String]) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("xtask has no parent directory")?
        .to_path_buf();
    let nvrtc = fetch::fetch(&fetch::NVRTC_WHEEL, &fetch::cache_dir())?;
    let out = root.join("oracle-tests").join("tests");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(&root)
        .args([
            "run",
            "--release",
            "-p",
            "ptx-abi-oracle",
            "--bin",
            "ptx-abi-corpus",
            "--",
        ])
        .arg("--out")
        .arg(&out)
        .args(args)
        .env(fetch::NVRTC_ENV, &nvrtc);
    run_cmd(&mut cmd)?;
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&out)
        .map_err(|e| format!("{}: {e}", out.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            (name.starts_with("corpus_") || name == "figures.rs") && name.ends_with(".rs")
        })
        .collect();
    sources.sort();
    let mut fmt = Command::new("rustfmt");
    fmt.current_dir(&root)
        .args(["--edition", "2021"])
        .args(&sources);
    run_cmd(&mut fmt)?;
    eprintln!("xtask: corpus written to {}", out.display());
    Ok(())
}

fn run_cmd(cmd: &mut Command) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?} failed ({status})"))
    }
}
