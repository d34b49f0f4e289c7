//! The proofs that depend on how the derived code is optimized, run in every profile a user
//! ships (issue 20, `docs/release-miscompile.md`): the golden corpus and the live seed through
//! the derive (oracle-tests' `proof_*` programs), the importer's round trip
//! (`ptx-abi-import-checks`) and the reporter's crate of the release-build miscompilation
//! (`tests/repro/release-o3`).
//!
//! `dev` runs them as part of `cargo test --workspace`; this module adds `release` (cargo's
//! defaults: opt-level 3, 16 codegen units, crate-local ThinLTO) and `aggressive` (fat LTO, one
//! codegen unit, `panic = "abort"`, `-C target-cpu=native`; `[profile.aggressive]` in the
//! workspace's `Cargo.toml`), on the pinned toolchain and on nightly when rustup has one.

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

/// Runs every optimization-dependent proof in `profile` with `toolchain`; `env` carries the
/// tools and the live seed. `importer`: also the importer's round trip.
pub fn prove(
    toolchain: Toolchain,
    profile: Profile,
    env: &[(&str, String)],
    importer: bool,
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
    if !profile.rustflags.is_empty() {
        env.push(("RUSTFLAGS", profile.rustflags.to_string()));
    }
    let p = profile.name;
    // Built together (the programs compile in parallel), then run one by one.
    let proof = ["-p", "oracle-tests", "--features", "proof", "--profile", p];
    cargo_with(
        toolchain.cargo(),
        &[&["build", "--bins"][..], &proof].concat(),
        &env,
    )?;
    for bin in ["proof_corpus_a", "proof_corpus_b", "proof_live"] {
        cargo_with(
            toolchain.cargo(),
            &[&["run", "--bin", bin][..], &proof].concat(),
            &env,
        )?;
    }
    if importer {
        let importer = ["test", "-p", "ptx-abi-import-checks", "--profile", p];
        cargo_with(toolchain.cargo(), &importer, &env)?;
    }
    repro(toolchain, profile, &env)
}

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
