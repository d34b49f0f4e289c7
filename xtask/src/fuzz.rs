//! `cargo xtask fuzz`: builds the cargo-fuzz targets of `fuzz/` the way `cargo fuzz build`
//! does (libFuzzer linked in, sanitizer coverage, `--cfg fuzzing`, debug assertions and
//! overflow checks on, release optimizations) without cargo-fuzz, then runs each for a bounded
//! time. Issue 23.
//!
//! On the pinned toolchain there is no sanitizer: `-Zsanitizer=address` is nightly's, and the
//! code under test is safe Rust but for a few `unsafe` blocks with their proofs, so a finding
//! is a panic (a broken property, an overflow, an index out of bounds), a hang (`-timeout`) or
//! running out of memory (`-rss_limit_mb`). `--asan` builds with nightly and AddressSanitizer
//! instead (as `cargo fuzz` does), at about twice the build time.
//!
//! Each target reads and grows `fuzz/corpus/<target>/` (cargo-fuzz's directory, so the two
//! share it), starting from the seeds it writes there itself (`fuzz/src/seeds.rs`), and leaves
//! what makes it fail in `fuzz/artifacts/<target>/`, the path the failure message names.

use crate::test::cargo_with;
use ptx_abi_nvtools::fetch;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The targets, in the order they run, with their libFuzzer dictionary and largest input.
const TARGETS: &[Target] = &[
    Target {
        name: "ptx_reader",
        dict: Some("fuzz/dicts/ptx.dict"),
        max_len: 65536,
    },
    Target {
        name: "check_entry",
        dict: Some("fuzz/dicts/ptx.dict"),
        max_len: 16384,
    },
    Target {
        name: "decode",
        dict: None,
        max_len: 4096,
    },
    Target {
        name: "import_ast",
        dict: Some("fuzz/dicts/json.dict"),
        max_len: 262144,
    },
];

/// One fuzz target (a `[[bin]]` of `fuzz/Cargo.toml`).
struct Target {
    name: &'static str,
    dict: Option<&'static str>,
    max_len: usize,
}

/// The seconds each target runs for in `cargo xtask test` unless `PTX_ABI_FUZZ_SECONDS` says
/// otherwise: with the build (about a minute on two cores) and two targets at a time, the step
/// stays within two and a half.
pub const TEST_SECONDS: u64 = 20;

/// How many targets fuzz at once: two, one per core of CI's machine (the step's time halves;
/// each target still gets its seconds).
const AT_ONCE: usize = 2;

/// An input that runs longer than this many seconds is a finding (a hang or worse than linear
/// time: every target reads its input in time linear in its length).
const TIMEOUT_SECONDS: u64 = 10;

/// What `cargo xtask fuzz` was asked to do.
pub struct Options {
    /// Seconds per target.
    pub seconds: u64,
    /// libFuzzer's `-seed` (its random choices), printed for replay.
    pub seed: u64,
    /// Nightly with AddressSanitizer instead of the pinned toolchain without.
    pub asan: bool,
    /// The targets to run (all when empty).
    pub only: Vec<String>,
}

const USAGE: &str = "usage: cargo xtask fuzz [--seconds N] [--seed S] [--asan] [TARGET...]";

/// `cargo xtask fuzz …`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut opts = Options {
        seconds: 60,
        seed: crate::test::fresh_seed(),
        asan: false,
        only: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut number = |flag: &str| -> Result<u64, String> {
            let v = it
                .next()
                .ok_or_else(|| format!("`{flag}` takes a number\n{USAGE}"))?;
            v.parse()
                .map_err(|_| format!("`{flag}` takes a number, found `{v}`\n{USAGE}"))
        };
        match a.as_str() {
            "--seconds" => opts.seconds = number("--seconds")?,
            "--seed" => opts.seed = number("--seed")?,
            "--asan" => opts.asan = true,
            t if TARGETS.iter().any(|x| x.name == t) => opts.only.push(t.to_string()),
            other => {
                let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
                return Err(format!(
                    "unknown argument `{other}` (targets: {})\n{USAGE}",
                    names.join(", ")
                ));
            }
        }
    }
    // The cached clang, if `cargo xtask clang` (or `test`) fetched it: the AST target's seeds.
    let zig = fetch::ZIG_WHEEL.file_in(&fetch::cache_dir());
    let env: Vec<(&str, String)> = if zig.is_file() {
        vec![(fetch::ZIG_ENV, zig.display().to_string())]
    } else {
        Vec::new()
    };
    fuzz(&opts, &env)
}

/// Builds the targets and runs each of `opts` for `opts.seconds`; `env` goes to the targets
/// (`PTX_ABI_ZIG`: the clang the AST target's seeds come from).
pub fn fuzz(opts: &Options, env: &[(&str, String)]) -> Result<(), String> {
    let started = Instant::now();
    // The fuzz crate is outside the workspace, so `cargo fmt --all` does not see it.
    let fmt = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "fmt",
            "--manifest-path",
            "fuzz/Cargo.toml",
            "--all",
            "--check",
        ])
        .status()
        .map_err(|e| format!("cannot run cargo fmt: {e}"))?;
    if !fmt.success() {
        return Err(
            "the fuzz crate is not formatted: run `cargo fmt --manifest-path fuzz/Cargo.toml --all`"
                .into(),
        );
    }
    let bins = build(opts.asan)?;
    let built = started.elapsed().as_secs();
    eprintln!("xtask: fuzz targets built in {built} s");
    // libFuzzer's seed is an `unsigned int`; 0 would mean "choose one".
    let seed = opts.seed % u64::from(u32::MAX - 1) + 1;
    // Every target runs, so that one run reports every finding; [`AT_ONCE`] of them at a
    // time (each libFuzzer process keeps one core busy).
    let chosen: Vec<&Target> = TARGETS
        .iter()
        .filter(|t| opts.only.is_empty() || opts.only.iter().any(|o| o == t.name))
        .collect();
    let mut ran = Vec::new();
    let mut failed = Vec::new();
    for group in chosen.chunks(AT_ONCE) {
        let results: Vec<_> = std::thread::scope(|s| {
            let runs: Vec<_> = group
                .iter()
                .map(|t| s.spawn(|| run_target(t, &bins, opts.seconds, seed, env)))
                .collect();
            runs.into_iter()
                .map(|r| {
                    r.join().unwrap_or_else(|_| {
                        Err((
                            "the thread running the target panicked".to_string(),
                            "(none)".to_string(),
                        ))
                    })
                })
                .collect()
        });
        for (t, result) in group.iter().zip(results) {
            match result {
                Ok(summary) => ran.push(summary),
                Err((details, input)) => {
                    eprintln!("xtask: {details}");
                    ran.push(format!("`{}` FAILED", t.name));
                    failed.push(format!("`{}`: {input}", t.name));
                }
            }
        }
    }
    let replay = format!(
        "cargo xtask fuzz --seconds {} --seed {seed}{}",
        opts.seconds,
        if opts.asan { " --asan" } else { "" }
    );
    eprintln!(
        "xtask: fuzzing done in {} s (build {built} s): {} (replay the run with `{replay}`)",
        started.elapsed().as_secs(),
        ran.join("; ")
    );
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} fuzz target(s) failed (details above), on the inputs\n{}",
            failed.len(),
            failed.join("\n")
        ))
    }
}

/// The flags `cargo fuzz build` gives rustc (cargo-fuzz 0.12, `src/project.rs`), less
/// `-Clink-dead-code` (longer links, no effect on what is found).
const RUSTFLAGS: &str = "-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares -Cllvm-args=-simplifycfg-branch-fold-threshold=0 \
    -Cllvm-args=-sanitizer-coverage-stack-depth --cfg fuzzing -Cdebug-assertions -Coverflow-checks \
    -Ccodegen-units=1";

/// Builds every target; returns the directory of the binaries.
fn build(asan: bool) -> Result<PathBuf, String> {
    let b = Build::new(asan)?;
    let args: Vec<&str> = b.args.iter().map(String::as_str).collect();
    cargo_with(b.cargo, &args, &b.env)?;
    Ok(b.bins)
}

/// The build of [`build`], not run. `cargo xtask test` starts it early, beside the proofs (the
/// fuzz crate has a target directory of its own), so that [`fuzz`]'s build finds it done.
pub struct Build {
    /// The toolchain's `cargo`.
    cargo: Command,
    /// Its arguments.
    args: Vec<String>,
    /// Its environment (`RUSTFLAGS`: libFuzzer's instrumentation).
    env: Vec<(&'static str, String)>,
    /// Where the binaries go.
    bins: PathBuf,
}

impl Build {
    /// The command, arguments and environment included.
    pub fn command(mut self) -> Command {
        self.cargo
            .args(&self.args)
            .envs(self.env.iter().map(|(k, v)| (k, v)));
        self.cargo
    }

    /// Builds the targets without AddressSanitizer (`asan`: with, on nightly).
    pub fn new(asan: bool) -> Result<Build, String> {
        let triple = host_triple()?;
        let base = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
        let (toolchain, target_dir) = if asan {
            (Some("nightly"), format!("{base}/fuzz-asan"))
        } else {
            (None, format!("{base}/fuzz"))
        };
        let mut rustflags = RUSTFLAGS.to_string();
        if asan {
            rustflags.push_str(" -Zsanitizer=address");
        }
        // Like cargo-fuzz: the user's own flags last.
        if let Ok(more) = std::env::var("RUSTFLAGS") {
            if !more.trim().is_empty() {
                rustflags = format!("{rustflags} {more}");
            }
        }
        let cargo = match toolchain {
            Some(name) => {
                let mut c = Command::new("rustup");
                c.args(["run", name, "cargo"]);
                c
            }
            None => Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())),
        };
        // `--target` keeps the flags off build scripts and proc macros (the derive), which run
        // on the host without libFuzzer.
        let args = [
            "build",
            "--manifest-path",
            "fuzz/Cargo.toml",
            "--release",
            "--bins",
            "--target",
            triple.as_str(),
            "--target-dir",
            target_dir.as_str(),
        ]
        .map(String::from)
        .to_vec();
        let mut env = vec![("RUSTFLAGS", rustflags)];
        if asan {
            env.push(("ASAN_OPTIONS", "detect_odr_violation=0".to_string()));
        }
        let bins = Path::new(&target_dir).join(triple).join("release");
        Ok(Build {
            cargo,
            args,
            env,
            bins,
        })
    }
}

/// The host's target triple (`rustc -vV`).
fn host_triple() -> Result<String, String> {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .map_err(|e| format!("cannot run rustc -vV: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .ok_or_else(|| "rustc -vV names no host".into())
}

/// Runs target `t` for `seconds`; returns its one-line summary, or the failure (its message,
/// the input that makes it fail and how to reproduce it) and the path of that input.
fn run_target(
    t: &Target,
    bins: &Path,
    seconds: u64,
    seed: u64,
    env: &[(&str, String)],
) -> Result<String, (String, String)> {
    let corpus = Path::new("fuzz/corpus").join(t.name);
    let artifacts = Path::new("fuzz/artifacts").join(t.name);
    let setup = |e: String| (e, "(none: the target did not start)".to_string());
    for d in [&corpus, &artifacts] {
        std::fs::create_dir_all(d)
            .map_err(|e| setup(format!("cannot create {}: {e}", d.display())))?;
    }
    let before = listing(&artifacts);
    let bin = bins.join(t.name);
    let log_dir = bins.join("logs");
    std::fs::create_dir_all(&log_dir)
        .map_err(|e| setup(format!("cannot create {}: {e}", log_dir.display())))?;
    let log = log_dir.join(format!("{}.log", t.name));
    let log_file = std::fs::File::create(&log)
        .map_err(|e| setup(format!("cannot create {}: {e}", log.display())))?;
    let mut cmd = Command::new(&bin);
    cmd.arg(format!("-artifact_prefix={}/", artifacts.display()))
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-seed={seed}"))
        .arg(format!("-timeout={TIMEOUT_SECONDS}"))
        .arg("-rss_limit_mb=2048")
        .arg(format!("-max_len={}", t.max_len))
        .arg("-print_final_stats=1");
    if let Some(dict) = t.dict {
        cmd.arg(format!("-dict={dict}"));
    }
    cmd.arg(&corpus)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .env("RUST_BACKTRACE", "1")
        .stdout(Stdio::null())
        .stderr(log_file);
    eprintln!(
        "xtask: fuzzing `{}` for {seconds} s ({}; log {})",
        t.name,
        corpus.display(),
        log.display()
    );
    let status = cmd
        .status()
        .map_err(|e| setup(format!("cannot run {}: {e}", bin.display())))?;
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let stat = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .map_or("?", str::trim)
            .to_string()
    };
    if status.success() {
        let summary = format!(
            "`{}` {} runs, {} new inputs, corpus {} files",
            t.name,
            stat("stat::number_of_executed_units:"),
            stat("stat::new_units_added:"),
            std::fs::read_dir(&corpus).map_or(0, |d| d.count())
        );
        eprintln!("xtask: {summary}");
        return Ok(summary);
    }
    let found: Vec<String> = listing(&artifacts)
        .into_iter()
        .filter(|f| !before.contains(f))
        .collect();
    // The panic's message (up to its backtrace), else libFuzzer's last lines.
    let lines: Vec<&str> = text.lines().collect();
    let why = match lines.iter().rposition(|l| l.contains("panicked at")) {
        Some(at) => lines[at..]
            .iter()
            .take_while(|l| !l.starts_with("stack backtrace:"))
            .take(20)
            .copied()
            .collect::<Vec<_>>(),
        None => lines[lines.len().saturating_sub(20)..].to_vec(),
    };
    let short = if found.is_empty() {
        format!("(none saved in {})", artifacts.display())
    } else {
        found
            .iter()
            .map(|f| artifacts.join(f).display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let inputs = if found.is_empty() {
        format!("no input was saved in {}", artifacts.display())
    } else {
        found
            .iter()
            .map(|f| {
                let path = artifacts.join(f);
                format!(
                    "{}\n  reproduce: {} {}\n  or: cargo fuzz run {} {}",
                    path.display(),
                    bin.display(),
                    path.display(),
                    t.name,
                    path.display()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let details = format!(
        "fuzz target `{}` failed ({status}):\n{}\nthe input that fails it: {inputs}\n\
         (libFuzzer's whole output: {})",
        t.name,
        why.join("\n"),
        log.display()
    );
    Err((details, short))
}

/// The file names in `dir`.
fn listing(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}
