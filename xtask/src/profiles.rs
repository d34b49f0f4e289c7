//! The proofs that depend on how the derived code is optimized, run in every profile a user
//! ships (issue 20, `docs/release-miscompile.md`): the golden corpus and the live seed through
//! the derive (oracle-tests' `proof_*` programs), the importer's round trip
//! (`ptx-abi-import-checks`) and the reporter's crate of the release-build miscompilation
//! (`tests/repro/release-o3`).
//!
//! `dev` runs them as part of `cargo test --workspace`; this module adds `release` (cargo's
//! defaults: opt-level 3, 16 codegen units, crate-local ThinLTO) and `aggressive` (fat LTO, one
//! codegen unit, `panic = "abort"`, `-C target-cpu=native`; `[profile.aggressive]` in the
//! workspace's `Cargo.toml`), on the pinned toolchain, and the golden corpus and the repro on
//! nightly when rustup has one. What an optimized run leaves out to keep `.ci/run` within 45
//! minutes on two cores is said where it is decided ([`OPTIMIZED_LIVE_CASES`],
//! [`IMPORTER_CORPUS_PARTS`], [`CORPUS_AND_REPRO`]).

use crate::test::cargo_with;
use std::path::Path;
use std::process::Command;

/// A cargo profile the proofs run in, with the `RUSTFLAGS` it is built with.
#[derive(Clone, Copy)]
pub struct Profile {
    /// The name cargo knows it by (`--profile`).
    pub name: &'static str,
    /// `RUSTFLAGS` for the build (empty: none).
    pub rustflags: &'static str,
}

impl Profile {
    /// The directory of the target directory cargo writes this profile's programs to.
    fn dir(self) -> &'static str {
        match self.name {
            "dev" | "test" => "debug",
            "bench" => "release",
            other => other,
        }
    }
}

/// Cargo's `dev` profile, for the repro crate (the rest of `dev` is `cargo test --workspace`).
pub const DEV: Profile = Profile {
    name: "dev",
    rustflags: "",
};

/// The optimized profiles users ship; `dev` is `cargo test --workspace` itself.
pub const OPTIMIZED: [Profile; 2] = [
    Profile {
        name: "release",
        rustflags: "",
    },
    Profile {
        name: "aggressive",
        rustflags: "-C target-cpu=native",
    },
];

/// The toolchain a run uses: the pinned one (`rust-toolchain.toml`) or a rustup toolchain by
/// name, built into its own target directory so the two never rebuild each other's artifacts.
#[derive(Clone, Copy)]
pub enum Toolchain {
    Pinned,
    Rustup(&'static str),
}

impl Toolchain {
    fn label(self) -> &'static str {
        match self {
            Toolchain::Pinned => "pinned toolchain",
            Toolchain::Rustup(name) => name,
        }
    }

    /// The command that runs this toolchain's cargo.
    fn cargo(self) -> Command {
        match self {
            Toolchain::Pinned => {
                Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            }
            Toolchain::Rustup(name) => {
                let mut c = Command::new("rustup");
                c.args(["run", name, "cargo"]);
                c
            }
        }
    }

    /// The target directory of this toolchain's builds: the usual one for the pinned
    /// toolchain, `<target>/<name>` for another.
    fn target_dir(self) -> String {
        let base = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
        match self {
            Toolchain::Pinned => base,
            Toolchain::Rustup(name) => format!("{base}/{name}"),
        }
    }

    /// Whether rustup can run this toolchain here (the pinned one always can).
    pub fn available(self) -> bool {
        match self {
            Toolchain::Pinned => true,
            Toolchain::Rustup(name) => Command::new("rustup")
                .args(["run", name, "cargo", "--version"])
                .output()
                .is_ok_and(|o| o.status.success()),
        }
    }
}

/// NVRTC's image of the repro crate's one value (`tests/repro/release-o3/README.md`).
const REPRO_IMAGE: &str = "5e010000d716a400";

/// Which proofs a run of [`prove`] makes besides the golden corpus and the repro crate.
#[derive(Clone, Copy)]
pub struct Scope {
    /// The live seed's cases (`PTX_ABI_LIVE_SEED`) through the derive.
    pub live: bool,
    /// The importer's round trip (`ptx-abi-import-checks`: its header suites and two of its
    /// corpus parts, [`IMPORTER_CORPUS_PARTS`]).
    pub importer: bool,
}

/// Every proof: the pinned toolchain's runs.
pub const EVERY_PROOF: Scope = Scope {
    live: true,
    importer: true,
};

/// The golden corpus and the repro crate only: the nightly runs, which keep `.ci/run` within
/// its time (the live seed and the importer add no derive input the corpus lacks).
pub const CORPUS_AND_REPRO: Scope = Scope {
    live: false,
    importer: false,
};

/// Runs the optimization-dependent proofs of `scope` in `profile` with `toolchain`; `env`
/// carries the tools and the live seed.
pub fn prove(
    toolchain: Toolchain,
    profile: Profile,
    env: &[(&str, String)],
    scope: Scope,
) -> Result<(), String> {
    eprintln!(
        "xtask: proofs in profile `{}` ({}{})",
        profile.name,
        toolchain.label(),
        if profile.rustflags.is_empty() {
            String::new()
        } else {
            format!(", RUSTFLAGS `{}`", profile.rustflags)
        }
    );
    let mut env = env.to_vec();
    env.push(("CARGO_TARGET_DIR", toolchain.target_dir()));
    env.push(("PTX_ABI_LIVE_CASES", OPTIMIZED_LIVE_CASES.to_string()));
    if !profile.rustflags.is_empty() {
        env.push(("RUSTFLAGS", profile.rustflags.to_string()));
    }
    let mut bins = vec!["proof_corpus_a", "proof_corpus_b"];
    if scope.live {
        bins.push("proof_live");
    }
    let proof = [
        "-p",
        "oracle-tests",
        "--features",
        "proof",
        "--profile",
        profile.name,
    ];
    // Built together (the programs compile in parallel), then run one by one.
    let mut build = vec!["build"];
    for bin in &bins {
        build.extend(["--bin", bin]);
    }
    cargo_with(toolchain.cargo(), &[&build[..], &proof].concat(), &env)?;
    // Run straight from the target directory: a `cargo run` could decide to build again.
    for bin in bins {
        let path = Path::new(&toolchain.target_dir())
            .join(profile.dir())
            .join(bin);
        eprintln!("xtask: {}", path.display());
        let status = Command::new(&path)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .status()
            .map_err(|e| format!("cannot run {}: {e}", path.display()))?;
        if !status.success() {
            return Err(format!("{} failed ({status})", path.display()));
        }
    }
    if scope.importer {
        let mut importer = vec![
            "test",
            "-p",
            "ptx-abi-import-checks",
            "--profile",
            profile.name,
        ];
        importer.extend(IMPORTER_SUITES.iter().flat_map(|t| ["--test", t]));
        let seed: usize = env
            .iter()
            .find(|(k, _)| *k == "PTX_ABI_LIVE_SEED")
            .and_then(|(_, v)| v.parse::<u64>().ok())
            .map_or(0, |s| (s % IMPORTER_CORPUS_PARTS as u64) as usize);
        let parts = [
            seed,
            (seed + IMPORTER_CORPUS_PARTS / 2) % IMPORTER_CORPUS_PARTS,
        ];
        let parts = parts.map(|k| format!("corpus_{k}"));
        eprintln!(
            "xtask: the importer's round trip: every header suite, and of its 8 corpus parts \
             (all run in `dev`) {} and {}, chosen by the live seed",
            parts[0], parts[1]
        );
        for part in &parts {
            importer.extend(["--test", part.as_str()]);
        }
        cargo_with(toolchain.cargo(), &importer, &env)?;
    }
    repro(toolchain, profile, &env)
}

/// The importer's suites that run in every profile: the real, bindgen, naming, C++ and
/// tampered headers (NVRTC asked at build time) and the library's own tests.
const IMPORTER_SUITES: [&str; 5] = ["bindgen", "headers", "names", "cxx", "tamper"];

/// The importer's golden corpus comes in this many test binaries (`corpus_{k}`): all run in
/// `dev` (`cargo test --workspace`); an optimized profile runs two, chosen by the live seed so
/// that successive runs cover all of them. They are the golden corpus's own types, which the
/// `proof_corpus_*` programs already prove whole in every profile; building all eight again
/// in two more profiles would take `.ci/run` past its 45 minutes.
const IMPORTER_CORPUS_PARTS: usize = 8;

/// The live seed's cases in an optimized profile: the first of the `dev` run's (same seed,
/// same ids), so that each is proved in all three profiles within `.ci/run`'s time.
pub const OPTIMIZED_LIVE_CASES: &str = "1000";

/// Builds and runs the repro crate in `profile`, and compares its image with NVRTC's.
pub fn repro(toolchain: Toolchain, profile: Profile, env: &[(&str, String)]) -> Result<(), String> {
    let manifest = Path::new("tests/repro/release-o3/Cargo.toml");
    let target = format!("{}/repro", toolchain.target_dir());
    let mut cmd = toolchain.cargo();
    cmd.args(["run", "--quiet", "--manifest-path"])
        .arg(manifest)
        .args(["--profile", profile.name])
        .envs(env.iter().map(|(k, v)| (k, v)))
        .env("CARGO_TARGET_DIR", &target);
    if !profile.rustflags.is_empty() {
        cmd.env("RUSTFLAGS", profile.rustflags);
    }
    eprintln!(
        "xtask: the release-o3 repro crate, profile `{}` ({})",
        profile.name,
        toolchain.label()
    );
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run cargo for the repro crate: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(format!(
            "the repro crate failed in profile `{}` ({}):\n{stdout}{}",
            profile.name,
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let want = format!("\"enc\":\"{REPRO_IMAGE}\"");
    if !stdout.contains(&want) || !stdout.contains("\"dec\":\"ok\"") {
        return Err(format!(
            "the repro crate in profile `{}` ({}) does not give NVRTC's image {REPRO_IMAGE} \
             (docs/release-miscompile.md):\n{stdout}",
            profile.name,
            toolchain.label()
        ));
    }
    eprintln!(
        "xtask: repro crate, profile `{}`: NVRTC's image {REPRO_IMAGE}",
        profile.name
    );
    Ok(())
}

/// The features checked on the minimum toolchain: the optional integrations whose own
/// dependencies build there (`nvrtc` and `cudarc` need libloading 0.9, Rust 1.88; README).
const MSRV_FEATURES: &str = "ptx-abi/half,ptx-abi/bytemuck,ptx-abi/serde";

/// `cargo check`s the three published crates on the `rust-version` the workspace declares,
/// when rustup has that toolchain (`rustup toolchain install <version>`); says so otherwise.
pub fn msrv() -> Result<(), String> {
    let manifest = std::fs::read_to_string("Cargo.toml")
        .map_err(|e| format!("cannot read the workspace's Cargo.toml: {e}"))?;
    let declared = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("rust-version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or("the workspace's Cargo.toml declares no `rust-version`")?;
    // rustup names releases in full: `1.85` is toolchain `1.85.0`.
    let full = if declared.matches('.').count() == 1 {
        format!("{declared}.0")
    } else {
        declared.to_string()
    };
    let name: &'static str = Box::leak(full.into_boxed_str());
    let toolchain = Toolchain::Rustup(name);
    if !toolchain.available() {
        eprintln!(
            "xtask: rustup has no {name} toolchain (the declared rust-version): the minimum \
             toolchain check is skipped (`rustup toolchain install {name}` enables it)"
        );
        return Ok(());
    }
    let env = [("CARGO_TARGET_DIR", toolchain.target_dir())];
    let args = [
        "check",
        "-p",
        "ptx-abi",
        "-p",
        "ptx-abi-core",
        "-p",
        "ptx-abi-derive",
        "--features",
        MSRV_FEATURES,
    ];
    cargo_with(toolchain.cargo(), &args, &env)?;
    eprintln!("xtask: the published crates build on Rust {name}, their declared rust-version");
    Ok(())
}
