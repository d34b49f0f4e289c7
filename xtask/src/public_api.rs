//! `cargo xtask public-api [--bless]`: the public API snapshot (issue 24). Runs the
//! `tests/public-api` crate, its own workspace so that its dependencies (`public-api`,
//! `rustdoc-json`) are built only here, never by the workspace's test builds.

use std::path::Path;

/// Compares the public API of `ptx-abi` and `ptx-abi-core` with `tests/public-api/*.txt`
/// (`--bless`: writes them). Without rustup's nightly the crate says it skipped and succeeds.
pub fn run(args: &[String]) -> Result<(), String> {
    command(args, &root(), &target_dir())
}

/// The build directory of the check (the tool's and nightly's rustdoc builds), beside the
/// workspace's, not in tests/public-api/target: `cargo xtask test` removes it on CI when the
/// check is done, as every finished step's.
pub fn target_dir() -> std::path::PathBuf {
    std::env::var("CARGO_TARGET_DIR")
        .map_or_else(|_| root().join("target"), std::path::PathBuf::from)
        .join("public-api")
}

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn command(args: &[String], root: &Path, target: &Path) -> Result<(), String> {
    let bless = match args {
        [] => false,
        [flag] if flag == "--bless" => true,
        _ => return Err(format!("`public-api` takes only `--bless` (got {args:?})")),
    };
    let manifest = root.join("tests/public-api/Cargo.toml");
    let manifest = manifest.to_string_lossy();
    let target = target.to_string_lossy();
    let mut cargo_args = vec!["run", "--quiet", "--manifest-path", &manifest];
    cargo_args.extend(["--target-dir", &target]);
    if bless {
        cargo_args.extend(["--", "--bless"]);
    }
    crate::test::cargo(&cargo_args, &[])
}
