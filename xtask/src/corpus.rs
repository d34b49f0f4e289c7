//! `cargo xtask corpus`: regenerates the golden corpus DATA of `oracle-tests` (NVRTC 12.9's
//! answers for a few thousand generated cases plus the figures of `docs/nvidia-notes.md`, in
//! `oracle-tests/tests/data/`, with NVRTC 11.8's and 13.5's where they differ) with the `ptx-abi-corpus` binary of the oracle crate. No Rust is
//! written: `oracle-tests/build.rs` renders it from the data at build time.

use ptx_abi_nvtools::{fetch, pins};
use std::path::Path;
use std::process::Command;

/// Fetches NVRTC and runs the generator (extra `args` such as `--files 4 --per-file 800` are
/// passed on).
pub fn run(args: &[String]) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("xtask has no parent directory")?
        .to_path_buf();
    let nvrtc = fetch::fetch(&pins::NVRTC_WHEEL, &fetch::cache_dir())?;
    // The other releases' NVRTC: their answers are recorded where they differ (issue 22).
    let mut others = Vec::new();
    for t in fetch::TOOLKITS
        .iter()
        .filter(|t| t.nvrtc != pins::NVRTC_WHEEL)
    {
        others.push((t.nvrtc_env, fetch::fetch(&t.nvrtc, &fetch::cache_dir())?));
    }
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
        .env(pins::NVRTC_ENV, &nvrtc)
        .envs(others);
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !status.success() {
        return Err(format!("{cmd:?} failed ({status})"));
    }
    eprintln!(
        "xtask: corpus data written to {}",
        out.join("data").display()
    );
    Ok(())
}
