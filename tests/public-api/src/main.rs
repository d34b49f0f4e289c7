//! The public API snapshot (issue 24): every item `ptx-abi` and `ptx-abi-core` make public, one
//! a line, as `public-api` lists them from nightly rustdoc's JSON, compared with the files
//! checked in beside this crate. A change to the surface is then a visible diff in review.
//!
//! Run by `cargo xtask public-api` (and by `cargo xtask test`); `--bless` (or
//! `PTX_ABI_BLESS=1`) writes the new listings instead of comparing. Without rustup's nightly it
//! says so and succeeds: rustdoc's JSON output exists only on nightly.
//!
//! Two listings, because rustdoc's JSON of a crate does not inline items re-exported from
//! another crate: `ptx-abi.txt` is the facade's root (the first program's names and the rooms it
//! re-exports whole), `ptx-abi-core.txt` is what those rooms hold.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// rustup's toolchain whose rustdoc writes JSON (`-Z unstable-options --output-format json`).
const NIGHTLY: &str = "nightly";

/// Every optional feature but the `cuda-MMmmm` releases (at most one may be on).
const FEATURES: &[&str] = &["std", "half", "bytemuck", "cudarc", "serde", "nvrtc"];

/// (package's manifest relative to the repository, snapshot file beside this crate).
const CRATES: &[(&str, &str)] = &[
    ("Cargo.toml", "ptx-abi.txt"),
    ("ptx-abi-core/Cargo.toml", "ptx-abi-core.txt"),
];

fn main() -> ExitCode {
    let bless = std::env::args().any(|a| a == "--bless")
        || std::env::var("PTX_ABI_BLESS").is_ok_and(|v| v == "1");
    if !nightly_available() {
        eprintln!(
            "public-api: skipped: rustup has no `{NIGHTLY}` toolchain, whose rustdoc writes the \
             JSON the snapshot is read from (`rustup toolchain install {NIGHTLY}`)"
        );
        return ExitCode::SUCCESS;
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = here.join("../..");
    let mut differ = false;
    for &(manifest, snapshot) in CRATES {
        let listing = match listing(&repo.join(manifest), &target_dir(&repo)) {
            Ok(listing) => listing,
            Err(e) => {
                eprintln!("public-api: {manifest}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let path = here.join(snapshot);
        if bless {
            if let Err(e) = std::fs::write(&path, &listing) {
                eprintln!("public-api: writing {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            eprintln!("public-api: wrote {}", path.display());
            continue;
        }
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        if old == listing {
            eprintln!("public-api: {snapshot}: unchanged");
        } else {
            differ = true;
            eprintln!("public-api: the public API differs from tests/public-api/{snapshot}:");
            eprint!("{}", diff(&old, &listing));
        }
    }
    if differ {
        eprintln!(
            "public-api: if the change is intended, bless it with `cargo xtask public-api \
             --bless` and commit the snapshot with the change"
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn nightly_available() -> bool {
    Command::new("rustup")
        .args(["run", NIGHTLY, "rustdoc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Nightly's builds go beside this program's own build (`<target>/debug/..`), in `rustdoc/`:
/// they never invalidate the pinned toolchain's, and one directory holds all of it.
fn target_dir(repo: &Path) -> PathBuf {
    let exe = std::env::current_exe().ok();
    match exe.as_deref().and_then(|e| e.parent()?.parent()) {
        Some(target) => target.join("rustdoc"),
        None => repo.join("target/public-api/rustdoc"),
    }
}

/// The public items of the package at `manifest`, one a line, sorted as `public-api` sorts them.
fn listing(manifest: &Path, target: &Path) -> Result<String, String> {
    let json = rustdoc_json::Builder::default()
        .toolchain(NIGHTLY)
        .manifest_path(manifest)
        .target_dir(target)
        .features(FEATURES)
        .quiet(true)
        .build()
        .map_err(|e| format!("rustdoc JSON on {NIGHTLY}: {e}"))?;
    let api = public_api::Builder::from_rustdoc_json(json)
        .omit_blanket_impls(true)
        .omit_auto_trait_impls(true)
        .omit_auto_derived_impls(true)
        .build()
        .map_err(|e| {
            format!(
                "reading rustdoc's JSON: {e} (a `{NIGHTLY}` whose JSON format this version of \
                 the `public-api` crate does not read? see tests/public-api/Cargo.toml)"
            )
        })?;
    Ok(api.items().map(|item| format!("{item}\n")).collect())
}

/// The lines only in `old` (`-`) and only in `new` (`+`), each in its file's order: the
/// listings are sorted, so this is the diff a reviewer needs.
fn diff(old: &str, new: &str) -> String {
    use std::collections::HashSet;
    let old_lines: HashSet<&str> = old.lines().collect();
    let new_lines: HashSet<&str> = new.lines().collect();
    let removed = old
        .lines()
        .filter(|l| !new_lines.contains(l))
        .map(|l| format!("-{l}\n"));
    let added = new
        .lines()
        .filter(|l| !old_lines.contains(l))
        .map(|l| format!("+{l}\n"));
    removed.chain(added).collect()
}
