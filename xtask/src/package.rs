//! `cargo xtask package`: the published crates as crates.io would receive them, built and
//! tested from the packages themselves (issue 32: the `ptx-abi` package shipped
//! `examples/tour.rs` without the file it includes, and `cargo package` only builds the
//! library).
//!
//! `cargo package` writes each crate's `.crate` (its `include` list, its manifest as
//! published); each is unpacked into `target/package-check/`, where a workspace of the four
//! unpacked crates, patched to one another instead of crates.io, builds every example the
//! packages ship and runs their doc tests (the facade's README is its crate docs).

use crate::test::cargo;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The published crates, in dependency order.
const PUBLISHED: [&str; 4] = [
    "ptx-abi-nvtools",
    "ptx-abi-core",
    "ptx-abi-derive",
    "ptx-abi",
];

/// Runs the check; takes no arguments.
pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err(format!("`package` takes no arguments (got {args:?})"));
    }
    let target =
        PathBuf::from(std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into()));
    let mut package = vec!["package", "--allow-dirty", "--no-verify", "--quiet"];
    for krate in PUBLISHED {
        package.extend(["-p", krate]);
    }
    cargo(&package, &[])?;
    let check = target.join("package-check");
    if check.exists() {
        std::fs::remove_dir_all(&check)
            .map_err(|e| format!("cannot empty {}: {e}", check.display()))?;
    }
    std::fs::create_dir_all(&check)
        .map_err(|e| format!("cannot create {}: {e}", check.display()))?;
    let mut members = Vec::new();
    for krate in PUBLISHED {
        let file = crate_file(&target.join("package"), krate)?;
        let status = Command::new("tar")
            .arg("-xzf")
            .arg(&file)
            .arg("-C")
            .arg(&check)
            .status()
            .map_err(|e| format!("cannot run tar: {e}"))?;
        if !status.success() {
            return Err(format!("tar could not unpack {}", file.display()));
        }
        let dir = file
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".crate"))
            .ok_or_else(|| format!("{} is not a .crate", file.display()))?
            .to_string();
        members.push((krate, dir));
    }
    let mut manifest = String::from(
        "# Written by `cargo xtask package`: the published crates as unpacked from their packages.\n\
         [workspace]\nresolver = \"2\"\nmembers = [",
    );
    manifest.push_str(
        &members
            .iter()
            .map(|(_, d)| format!("\"{d}\""))
            .collect::<Vec<_>>()
            .join(", "),
    );
    manifest.push_str("]\n\n[patch.crates-io]\n");
    for (krate, dir) in &members {
        manifest.push_str(&format!("{krate} = {{ path = \"{dir}\" }}\n"));
    }
    // The workspace's profiles, so that the dependencies built here are the very artifacts
    // the suite builds later in the same target directory (and not built twice).
    manifest.push('\n');
    manifest.push_str(&profiles_of(Path::new("Cargo.toml"))?);
    std::fs::write(check.join("Cargo.toml"), manifest)
        .map_err(|e| format!("cannot write the check's manifest: {e}"))?;
    // The workspace's versions of every dependency, so the packages build as the tests did.
    std::fs::copy("Cargo.lock", check.join("Cargo.lock"))
        .map_err(|e| format!("cannot copy Cargo.lock: {e}"))?;
    let manifest_path = check.join("Cargo.toml").display().to_string();
    // The workspace's target directory: the published crates' own artifacts are apart (their
    // paths differ), their dependencies shared with the suite's `dev` build.
    let env = [("CARGO_TARGET_DIR", target.display().to_string())];
    eprintln!(
        "xtask: the packages, unpacked in {}: their examples and doc tests",
        check.display()
    );
    cargo(
        &[
            "build",
            "--manifest-path",
            &manifest_path,
            "--workspace",
            "--examples",
        ],
        &env,
    )?;
    cargo(
        &[
            "test",
            "--manifest-path",
            &manifest_path,
            "--workspace",
            "--doc",
        ],
        &env,
    )?;
    crate::profiles::discard(check);
    crate::profiles::discard(target.join("package"));
    Ok(())
}

/// The `[profile…]` sections of the manifest at `path`, as written there.
fn profiles_of(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = String::new();
    let mut in_profile = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_profile = line.starts_with("[profile");
        }
        if in_profile {
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(out)
}

/// The `.crate` `cargo package` wrote for `krate` (the one version the workspace has).
fn crate_file(dir: &Path, krate: &str) -> Result<PathBuf, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix(krate))
                .and_then(|rest| rest.strip_prefix('-'))
                .is_some_and(|v| {
                    v.starts_with(|c: char| c.is_ascii_digit()) && v.ends_with(".crate")
                })
        })
        .ok_or_else(|| {
            format!(
                "`cargo package` wrote no .crate for {krate} in {}",
                dir.display()
            )
        })
}
