//! `cargo xtask public-api [--bless]`: the public API snapshot (issue 24). Runs the
//! `tests/public-api` crate, its own workspace so that its dependencies (`public-api`,
//! `rustdoc-json`) are built only here, never by the workspace's test builds.

use std::path::Path;

/// Compares the public API of `ptx-abi` and `ptx-abi-core` with `tests/public-api/*.txt`
/// (`--bless`: writes them). Without rustup's nightly the crate says it skipped and succeeds.
pub fn run(args: &[String]) -> Result<(), String> {
    let (result, _) = run_in(args);
    result
}

/// [`run`], then on CI its build directory (the tool's and nightly's rustdoc builds) is
/// removed, as every finished step's is.
pub fn check_and_discard() -> Result<(), String> {
    let (result, target) = run_in(&[]);
    crate::profiles::discard(target);
    result
}

fn run_in(args: &[String]) -> (Result<(), String>, std::path::PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // Its build beside the workspace's, not in tests/public-api/target.
    let target = std::env::var("CARGO_TARGET_DIR")
        .map_or_else(|_| root.join("target"), std::path::PathBuf::from)
        .join("public-api");
    (command(args, &root, &target), target)
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
