//! The proofs that depend on how the derived code is optimized, run in every profile a user
//! ships (issue 20, `docs/release-miscompile.md`): the golden corpus and the live seed through
//! the derive (oracle-tests' `proof_derive_*` programs, [`DERIVE_PROOFS`]), the importer's
//! round trip (`ptx-abi-import-checks`), the encoders' tests of their staged and streaming
//! stores ([`ENCODERS_PROGRAM`]) and the reporter's crate of the release-build miscompilation
//! (`tests/repro/release-o3`).
//!
//! `dev` runs them as part of `cargo test --workspace`; this module adds `release` (cargo's
//! defaults: opt-level 3, 16 codegen units, crate-local ThinLTO) and `aggressive` (fat LTO, one
//! codegen unit, `panic = "abort"`, `-C target-cpu=native`; `[profile.aggressive]` in the
//! workspace's `Cargo.toml`): every proof on the pinned toolchain ([`EVERY_PROOF`]: all of the
//! corpus, the live seed's first [`OPTIMIZED_LIVE_CASES`] cases, every suite of the importer,
//! the repro crate), and, with `cargo xtask test-nightly`, the golden corpus and the repro on
//! nightly ([`CORPUS_AND_REPRO`]; nightly's `dev` run is the whole suite). Each profile's
//! proofs are one `cargo build` with one feature set ([`PROOF_FEATURES`]), so that nothing is
//! compiled twice: the proof programs (with the GPU suite, compiled with a sample of its cases:
//! issue 20 point 5, and the encoders' tests) and the importer's tests.

use crate::test::cargo_with;
use std::collections::VecDeque;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

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
    /// How messages name it.
    pub fn label(self) -> &'static str {
        match self {
            Toolchain::Pinned => "pinned toolchain",
            Toolchain::Rustup(name) => name,
        }
    }

    /// The command that runs this toolchain's cargo.
    pub fn cargo(self) -> Command {
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
    pub fn target_dir(self) -> String {
        let base = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
        match self {
            Toolchain::Pinned => base,
            Toolchain::Rustup(name) => format!("{base}/{name}"),
        }
    }

    /// Where a background run of this toolchain writes its output.
    pub fn log_path(self) -> PathBuf {
        self.log("xtask-test.log")
    }

    /// The log file `name` in this toolchain's target directory.
    pub fn log(self, name: &str) -> PathBuf {
        Path::new(&self.target_dir()).join(name)
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
    /// The importer's round trip (`ptx-abi-import-checks`: every suite, the golden corpus's
    /// eight parts included, each holding the cases whose imported Rust is not the code the
    /// proof programs compile for them, token for token).
    pub importer: bool,
    /// The GPU suite, built with a sample of [`GPU_BUILD_CORPUS_CASES`] and
    /// [`GPU_BUILD_LIVE_CASES`] cases: it proves the suite compiles in this profile
    /// (`cargo xtask test-gpu` builds and runs the whole suite and the launch examples where
    /// there is a GPU).
    pub gpu: bool,
    /// The slice encoders' tests ([`ENCODERS_PROGRAM`]): the staged and streaming stores of
    /// `codec/slice.rs` exist as measured only in optimized code.
    pub encoders: bool,
}

/// The derive's proof programs: the golden corpus and, where the scope has `live`, the live
/// seed's cases, in two halves of about the same size
/// (`oracle-tests/src/bin/proof_derive_a.rs`), so that `aggressive`'s two single-threaded,
/// fat-LTO'd builds of them end together.
pub const DERIVE_PROOFS: [&str; 2] = ["proof_derive_a", "proof_derive_b"];

/// The facade's tests of the encoders' optimization tricks, run by [`prove`] in each optimized
/// profile whose scope has `encoders`: the staged and streaming slice encoders at every image
/// size and alignment (`encode_slices`), the write-only encoders (`encode_uninit`, the parallel
/// one included), and the benchmarks' baselines (`bench_baselines`), as one program of
/// oracle-tests (its feature `encoders`) built in the proof programs' own build. A program,
/// not test programs: libtest unwinds, so beside `aggressive`'s `panic = "abort"` programs
/// cargo built every crate they share a second time, and a package's test programs bring its
/// every program into the build (`layout-hunt`). As a program, with the derive's proofs in two
/// halves ([`DERIVE_PROOFS`]), `aggressive`'s build took 894 s of CPU and 7 min 44 s against
/// 1,077 s and 9 min 27 s (two cores, nothing beside it).
pub const ENCODERS_PROGRAM: &str = "proof_encoders";

/// Every proof: the pinned toolchain's runs.
pub const EVERY_PROOF: Scope = Scope {
    live: true,
    importer: true,
    gpu: true,
    encoders: true,
};

/// The derived code itself, fat-LTO'd: the golden corpus, the live seed, the encoders' tests
/// and the repro crate;
/// the pinned toolchain's `aggressive` run. The importer's round trip (a dozen test programs
/// of its own, each linked with fat LTO) and the GPU suite are proved in `release` only, which
/// keeps `.ci/run` within its time on two cores; the corpus cases the importer turns into the
/// proof programs' own code, token for token, are proved here as that code.
pub const DERIVED_CODE: Scope = Scope {
    live: true,
    importer: false,
    gpu: false,
    encoders: true,
};

/// The golden corpus and the repro crate only: nightly's optimized runs (its `dev` run is the
/// whole suite, the live seed and the importer included), which keep `.ci/run` within its time.
pub const CORPUS_AND_REPRO: Scope = Scope {
    live: false,
    importer: false,
    gpu: false,
    encoders: false,
};

/// The number of live-seed cases (`PTX_ABI_LIVE_CASES`) the optimized proofs check, the first
/// of the 2,000 that `dev` checks (case `i` of a seed is the same in every build): the golden
/// corpus (3,215 cases) is proved whole in every profile, and each live case is one more type
/// through the optimizer, in each optimized profile. Set `PTX_ABI_LIVE_CASES` to prove more.
pub const OPTIMIZED_LIVE_CASES: u32 = 500;

/// The variable that sets the number of live-seed cases (`oracle-tests/build.rs`).
const LIVE_CASES_ENV: &str = "PTX_ABI_LIVE_CASES";

/// Corpus cases of the GPU suite that [`prove`] builds (`PTX_ABI_GPU_CORPUS_CASES`; the suite
/// `cargo xtask test-gpu` runs has 400). That build only proves the suite compiles optimized:
/// nothing launches it, and its code is the same for 40 types as for 400, while the 400 took
/// 2 min 45 s of the `release` build on two cores, beside the proof programs.
pub const GPU_BUILD_CORPUS_CASES: u32 = 40;

/// Live-seed cases of the GPU suite that [`prove`] builds (`PTX_ABI_GPU_LIVE_CASES`; 100 in
/// the suite `cargo xtask test-gpu` runs).
pub const GPU_BUILD_LIVE_CASES: u32 = 10;

/// The variable that sets the GPU suite's corpus cases (`oracle-tests/build.rs`).
const GPU_CORPUS_CASES_ENV: &str = "PTX_ABI_GPU_CORPUS_CASES";

/// The variable that sets the GPU suite's live-seed cases (`oracle-tests/build.rs`).
const GPU_LIVE_CASES_ENV: &str = "PTX_ABI_GPU_LIVE_CASES";

/// The features every optimized build of the proofs gets, whichever package it selects, so
/// that `ptx-abi`, the oracle and `oracle-tests` compile once per profile: the facade's
/// optional integrations (as in `dev`), the proof programs, the GPU suite, and the encoders'
/// tests (oracle-tests' feature `encoders`, the facade's `rayon` with it).
pub const PROOF_FEATURES: &str = "ptx-abi/half,ptx-abi/bytemuck,ptx-abi/cudarc,ptx-abi/nvrtc,\
                                  oracle-tests/proof,oracle-tests/gpu,oracle-tests/encoders";

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
    if !scope.live {
        // The proof programs hold the live seed's parts beside the corpus's: none of its cases.
        env.push((LIVE_CASES_ENV, "0".to_string()));
    }
    let mut unless_set = |var: &'static str, value: u32| {
        if std::env::var_os(var).is_none() {
            env.push((var, value.to_string()));
        }
    };
    if scope.live {
        unless_set(LIVE_CASES_ENV, OPTIMIZED_LIVE_CASES);
    }
    if scope.gpu {
        unless_set(GPU_CORPUS_CASES_ENV, GPU_BUILD_CORPUS_CASES);
        unless_set(GPU_LIVE_CASES_ENV, GPU_BUILD_LIVE_CASES);
    }
    if !profile.rustflags.is_empty() {
        env.push(("RUSTFLAGS", profile.rustflags.to_string()));
    }
    let mut bins = DERIVE_PROOFS.to_vec();
    if scope.encoders {
        bins.push(ENCODERS_PROGRAM);
    }
    let common = ["--profile", profile.name, "--features", PROOF_FEATURES];
    // The proof programs (and the GPU suite where the scope has it) and the importer's tests,
    // in one build, so that the importer's build script (clang on every test header) runs
    // while the proof programs compile. Each test program is named: `--tests` would select
    // the test programs of every package named, oracle-tests' whole suite and the proof
    // programs' test harnesses included, and compile each corpus twice more.
    let importer_tests = if scope.importer {
        importer_tests()?
    } else {
        Vec::new()
    };
    let mut build = vec!["build", "-p", "oracle-tests"];
    if scope.importer {
        build.extend(["-p", "ptx-abi-import-checks"]);
        for t in &importer_tests {
            build.extend(["--test", t.as_str()]);
        }
    }
    for bin in &bins {
        build.extend(["--bin", bin]);
    }
    if scope.gpu {
        build.extend(["--test", "gpu", "--test", "gpu_rust_kernel"]);
    }
    build.extend(common);
    cargo_with(toolchain.cargo(), &build, &env)?;
    // What was built, run [`LANES`] at a time: each proof program checks its cases on one
    // thread, so two side by side keep both cores busy where one after another left one idle
    // (about 25 s of each profile's step on two cores). Run straight from the target
    // directory: a `cargo run` could decide to build again.
    let mut runs = Vec::new();
    for bin in bins {
        let path = Path::new(&toolchain.target_dir())
            .join(profile.dir())
            .join(bin);
        let mut command = Command::new(&path);
        command.envs(env.iter().map(|(k, v)| (k, v)));
        let log = toolchain.log(&format!("{}-{bin}.log", profile.name));
        runs.push((path.display().to_string(), command, log));
    }
    let cargo_run = |what: &str, args: &[&str], log: &str| {
        let mut command = toolchain.cargo();
        command
            .args(args)
            .args(common)
            .envs(env.iter().map(|(k, v)| (k, v)));
        let what = format!("{what}: cargo {} {}", args.join(" "), common.join(" "));
        (
            what,
            command,
            toolchain.log(&format!("{}-{log}.log", profile.name)),
        )
    };
    if scope.importer {
        runs.push(cargo_run(
            "the importer's round trip, every suite (of the corpus, the cases not imported as \
             the proof programs' own code)",
            &["test", "-p", "ptx-abi-import-checks", "--tests"],
            "importer-round-trip",
        ));
    }
    if scope.gpu {
        // Built above; `cargo xtask test-gpu` runs it, and `examples/launch.rs`, in `dev` and
        // `release` where there is a GPU (`cargo test` builds the example in `dev`).
        eprintln!(
            "xtask: the GPU suite builds in profile `{}` (a sample of its cases)",
            profile.name
        );
    }
    // The repro crate (its own target directory, its own small build) beside them.
    repro_beside(toolchain, profile, &env, || run_in_lanes(runs, LANES))?;
    discard(Path::new(&toolchain.target_dir()).join(profile.dir()));
    Ok(())
}

/// The importer's round-trip test programs: `ptx-abi-import-checks`' `tests/*.rs`, each a test
/// target cargo discovers (the crate declares none by hand).
fn importer_tests() -> Result<Vec<String>, String> {
    let dir = Path::new("ptx-abi-import/checks/tests");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(format!("{} holds no test program", dir.display()));
    }
    Ok(names)
}

/// How many of a step's programs run at once ([`run_in_lanes`]): the cores CI has.
pub const LANES: usize = 2;

/// Runs `commands` (each named, its output to its own log), at most `lanes` at a time, and
/// prints each one's whole output once it ends, in the order given (waiting for the oldest
/// first). The first that fails stops the rest (a [`Background`] dropped is stopped).
pub fn run_in_lanes(commands: Vec<(String, Command, PathBuf)>, lanes: usize) -> Result<(), String> {
    let mut running = VecDeque::new();
    for (what, command, log) in commands {
        if running.len() >= lanes.max(1) {
            if let Some(oldest) = running.pop_front() {
                Background::finish_printing_all(oldest)?;
            }
        }
        running.push_back(Background::spawn(what, command, &log)?);
    }
    while let Some(oldest) = running.pop_front() {
        oldest.finish_printing_all()?;
    }
    Ok(())
}

/// A command run in a second process, its output written to a log, so that it can work beside
/// the rest of `cargo xtask test`: a `cargo xtask` subcommand ([`Background::start`]) or any
/// command ([`Background::spawn`]).
pub struct Background {
    child: Child,
    log: PathBuf,
    what: String,
}

impl Background {
    /// Starts `cargo xtask <cmd> --seed <seed>` (this program, run again), its output to `log`.
    pub fn start(cmd: &str, args: &[&str], seed: u64, log: &Path) -> Result<Background, String> {
        let seed = seed.to_string();
        Background::xtask(cmd, &[args, &["--seed", &seed]].concat(), log)
    }

    /// Starts `cargo xtask <cmd> <args>` (this program, run again), its output to `log`.
    pub fn xtask(cmd: &str, args: &[&str], log: &Path) -> Result<Background, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
        let what = std::iter::once(format!("cargo xtask {cmd}"))
            .chain(args.iter().map(|a| a.to_string()))
            .collect::<Vec<_>>()
            .join(" ");
        let mut command = Command::new(exe);
        command.arg(cmd).args(args);
        Background::spawn(what, command, log)
    }

    /// Starts `command` (named `what` in messages), its output to `log`.
    pub fn spawn(what: String, mut command: Command, log: &Path) -> Result<Background, String> {
        if let Some(dir) = log.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let out = File::create(log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let err = out
            .try_clone()
            .map_err(|e| format!("cannot share {}: {e}", log.display()))?;
        eprintln!(
            "xtask: started `{what}` beside this run; its output goes to {}",
            log.display()
        );
        let child = command
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("cannot start `{what}`: {e}"))?;
        Ok(Background {
            child,
            log: log.to_path_buf(),
            what,
        })
    }

    /// Waits for it, then prints its summary (the test runner's result lines and the proofs'
    /// verdicts) or, when it failed, the end of its output.
    pub fn finish(self) -> Result<(), String> {
        self.finish_printing(false)
    }

    /// Waits for it, then prints its whole output, and fails if it failed: for a command whose
    /// output is short and read in full when it fails (a test program's).
    pub fn finish_printing_all(self) -> Result<(), String> {
        self.finish_printing(true)
    }

    fn finish_printing(mut self, whole: bool) -> Result<(), String> {
        eprintln!("xtask: waiting for `{}`", self.what);
        let status = self
            .child
            .wait()
            .map_err(|e| format!("cannot wait for `{}`: {e}", self.what))?;
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        if whole {
            eprintln!("xtask: the output of `{}`:", self.what);
            for line in log.lines() {
                eprintln!("  {line}");
            }
            return if status.success() {
                Ok(())
            } else {
                Err(format!("`{}` failed ({status})", self.what))
            };
        }
        if status.success() {
            eprintln!("xtask: `{}` passed ({}):", self.what, self.log.display());
            for line in log.lines().filter(|l| is_summary(l)) {
                eprintln!("  {line}");
            }
            return Ok(());
        }
        let lines: Vec<&str> = log.lines().collect();
        eprintln!("xtask: the end of `{}`'s output:", self.what);
        for line in &lines[lines.len().saturating_sub(80)..] {
            eprintln!("  {line}");
        }
        Err(format!(
            "`{}` failed ({status}); its whole output is in {}",
            self.what,
            self.log.display()
        ))
    }
}

/// On CI (`CI` set), removes the build directory `dir` of a finished step, which no later
/// step reads: CI's disk holds one step's builds at a time, not every profile's and
/// toolchain's at once. Elsewhere, keeps it (a developer's next run reuses it).
pub fn discard(dir: impl AsRef<Path>) {
    let dir = dir.as_ref();
    if std::env::var_os("CI").is_none() || !dir.exists() {
        return;
    }
    match std::fs::remove_dir_all(dir) {
        Ok(()) => eprintln!("xtask: CI: removed {} (its step is done)", dir.display()),
        Err(e) => eprintln!("xtask: CI: cannot remove {}: {e}", dir.display()),
    }
}

/// A run that stops early (a step before [`Background::finish`] failed) leaves no process
/// behind: the command is stopped with it.
impl Drop for Background {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Whether a line of a background run's output belongs in its summary.
fn is_summary(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("test result:")
        || line.starts_with("xtask: proofs in")
        || line.starts_with("xtask: repro crate")
        || line.contains(": opt-level")
}

/// The repro crate's programs, each with the JSON key and value its output must hold: the
/// reporter's release-build zeros (NVRTC's image of `S6`), and the `aggressive` profile's
/// AVX-512 decode of golden-corpus case `c02b0a_67` (its round trip).
const REPRO_PROGRAMS: [(&str, &str, &str); 2] = [
    ("release-o3", "enc", REPRO_IMAGE),
    ("c02b0a_67", "round_trip", "ok"),
];

/// Builds and runs the repro crate's programs in `profile` (docs/release-miscompile.md): each
/// must print what it prints when the compiler gets it right.
pub fn repro(toolchain: Toolchain, profile: Profile, env: &[(&str, String)]) -> Result<(), String> {
    let manifest = Path::new("tests/repro/release-o3/Cargo.toml");
    let target = format!("{}/repro", toolchain.target_dir());
    eprintln!(
        "xtask: the release-o3 repro crate, profile `{}` ({})",
        profile.name,
        toolchain.label()
    );
    for (bin, key, value) in REPRO_PROGRAMS {
        let want = format!("\"{key}\":\"{value}\"");
        let mut cmd = toolchain.cargo();
        cmd.args(["run", "--quiet", "--manifest-path"])
            .arg(manifest)
            .args(["--bin", bin, "--profile", profile.name])
            .envs(env.iter().map(|(k, v)| (k, v)))
            .env("CARGO_TARGET_DIR", &target);
        if !profile.rustflags.is_empty() {
            cmd.env("RUSTFLAGS", profile.rustflags);
        }
        let out = cmd
            .output()
            .map_err(|e| format!("cannot run cargo for the repro crate: {e}"))?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!(
                "the repro crate's `{bin}` failed in profile `{}` ({}):\n{stdout}{}",
                profile.name,
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let decoded = bin != "release-o3" || stdout.contains("\"dec\":\"ok\"");
        if !stdout.contains(&want) || !decoded {
            return Err(format!(
                "the repro crate's `{bin}` in profile `{}` ({}) does not print {want} \
                 (docs/release-miscompile.md):\n{stdout}",
                profile.name,
                toolchain.label()
            ));
        }
    }
    eprintln!(
        "xtask: repro crate, profile `{}`: NVRTC's image {REPRO_IMAGE}; c02b0a_67 round-trips",
        profile.name
    );
    discard(Path::new(&target).join(profile.dir()));
    Ok(())
}

/// Runs [`repro`] in `profile` on a thread of its own while `work` runs (the repro crate
/// builds in a target directory of its own, so neither waits for the other's lock); fails
/// with `work`'s error first, then the repro's.
pub fn repro_beside(
    toolchain: Toolchain,
    profile: Profile,
    env: &[(&str, String)],
    work: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    std::thread::scope(|s| {
        let repro = s.spawn(|| repro(toolchain, profile, env));
        let worked = work();
        let repro = repro
            .join()
            .unwrap_or_else(|_| Err("the repro crate's run panicked".to_string()));
        worked.and(repro)
    })
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
    discard(toolchain.target_dir());
    eprintln!("xtask: the published crates build on Rust {name}, their declared rust-version");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Background;
    use std::process::Command;

    /// A background command still running when its `Background` is dropped is stopped and
    /// reaped: nothing of an interrupted `cargo xtask test` keeps running.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_dropped_background_command_is_stopped() {
        let log = std::env::temp_dir().join(format!("xtask-bg-{}.log", std::process::id()));
        let mut sleep = Command::new("sleep");
        sleep.arg("60");
        let bg = Background::spawn("sleep 60".to_string(), sleep, &log).unwrap();
        let proc_entry = std::path::PathBuf::from(format!("/proc/{}", bg.child.id()));
        assert!(proc_entry.exists(), "the command was not started");
        drop(bg);
        assert!(!proc_entry.exists(), "the command outlived its Background");
        let _ = std::fs::remove_file(log);
    }

    /// Commands run two at a time, every one to its end, and a failing one fails the lot.
    #[cfg(unix)]
    #[test]
    fn commands_run_in_lanes_and_a_failure_is_reported() {
        let dir = std::env::temp_dir().join(format!("xtask-lanes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let command = |n: u32, code: u32| {
            let mut c = Command::new("sh");
            c.args(["-c", &format!("echo lane {n} > {n}.out; exit {code}")])
                .current_dir(&dir);
            (format!("command {n}"), c, dir.join(format!("{n}.log")))
        };
        let all = (0..5).map(|n| command(n, 0)).collect();
        super::run_in_lanes(all, 2).unwrap();
        for n in 0..5 {
            let out = std::fs::read_to_string(dir.join(format!("{n}.out"))).unwrap();
            assert_eq!(out.trim(), format!("lane {n}"));
        }
        let one_fails = vec![command(5, 0), command(6, 3), command(7, 0)];
        let err = super::run_in_lanes(one_fails, 2).unwrap_err();
        assert!(err.contains("command 6") && err.contains("failed"), "{err}");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A finished command's output is read back and its failure reported.
    #[test]
    fn a_failed_background_command_is_an_error() {
        let log = std::env::temp_dir().join(format!("xtask-bg-fail-{}.log", std::process::id()));
        let mut fail = Command::new("sh");
        fail.args(["-c", "echo it went wrong; exit 3"]);
        let bg = Background::spawn("sh".to_string(), fail, &log).unwrap();
        let err = bg.finish_printing_all().unwrap_err();
        assert!(err.contains("failed"), "{err}");
        assert!(std::fs::read_to_string(&log)
            .unwrap()
            .contains("it went wrong"));
        let _ = std::fs::remove_file(log);
    }
}
