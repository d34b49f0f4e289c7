//! `cargo xtask bench-compile`: what `#[derive(PtxAbi)]` costs to compile (issue 6, target 4).
//!
//! Generates a workspace in `<target>/bench-compile` with one crate per contender, each
//! holding the same 200 `#[repr(C)]` structs of 12 scalar members (no padding, so every
//! derive accepts them): ptx-abi's derive, zerocopy's `IntoBytes, FromBytes, KnownLayout,
//! Immutable`, bytemuck's `Pod, Zeroable`, and no derive at all (the cost of the structs
//! themselves and of cargo). Dependencies are built first (and again before every timed
//! build, untimed, in case ptx-abi's sources changed); then each crate's `lib.rs` is touched
//! and rebuilt (debug), the contenders interleaved so that load from other processes hits
//! them alike, and the median is reported. Two modes: incremental (cargo's debug default,
//! where rustc reuses the previous session's results and the derive's own run and expansion
//! dominate) and `CARGO_INCREMENTAL=0` (everything the derives emit is compiled again).
//! Then the scale figures of [`crate::bench_scale`] (time and peak memory of one 4,000-field
//! type and of a 10,000-member imported header); `--scale-only` runs only these.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::bench_scale;

const TYPES: usize = 200;
const DEFAULT_RUNS: usize = 5;

/// The 12 members: sizes descending and summing to 48, so `#[repr(C)]` adds no padding.
const MEMBERS: [(&str, &str); 12] = [
    ("a", "u64"),
    ("b", "i64"),
    ("c", "f64"),
    ("d", "u32"),
    ("e", "i32"),
    ("f", "f32"),
    ("g", "u32"),
    ("h", "u16"),
    ("i", "i16"),
    ("j", "u16"),
    ("k", "u8"),
    ("l", "i8"),
];

struct Contender {
    krate: &'static str,
    derives: &'static str,
    deps: &'static str,
}

const CONTENDERS: [Contender; 4] = [
    Contender {
        krate: "bc-ptx-abi",
        derives: "::ptx_abi::PtxAbi",
        deps: "", // `manifest` adds ptx-abi by path
    },
    Contender {
        krate: "bc-zerocopy",
        derives: "::zerocopy::IntoBytes, ::zerocopy::FromBytes, ::zerocopy::KnownLayout, \
                  ::zerocopy::Immutable",
        deps: "zerocopy = { version = \"0.8\", features = [\"derive\"] }",
    },
    Contender {
        krate: "bc-bytemuck",
        derives: "::bytemuck::Pod, ::bytemuck::Zeroable",
        deps: "bytemuck = { version = \"1\", features = [\"derive\"] }",
    },
    Contender {
        krate: "bc-plain",
        derives: "",
        deps: "",
    },
];

/// Runs the benchmark; `args` may hold `--runs N` (default 5) and `--scale-only` (skip the
/// comparison with zerocopy and bytemuck, run only [`crate::bench_scale`]).
pub fn run(args: &[String]) -> Result<(), String> {
    let usage =
        || format!("usage: cargo xtask bench-compile [--runs N] [--scale-only] (got {args:?})");
    let mut runs = DEFAULT_RUNS;
    let mut scale_only = false;
    let mut rest = args.iter();
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--scale-only" => scale_only = true,
            "--runs" => {
                let n = rest.next().ok_or_else(usage)?;
                runs = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("`--runs` takes a positive number, found `{n}`"))?;
            }
            _ => return Err(usage()),
        }
    }
    let root = workspace_root();
    let dir = target_dir(&root).join("bench-compile");
    generate(&root, &dir)?;
    eprintln!("xtask: building dependencies in {}", dir.display());
    // Everything but the two scale crates, whose one build is the measurement.
    let deps: &[&str] = if scale_only {
        &["-p", "bc-ptx-abi", "-p", bench_scale::IMPORT_RUN]
    } else {
        &[
            "--workspace",
            "--exclude",
            bench_scale::WIDE,
            "--exclude",
            bench_scale::IMPORTED,
        ]
    };
    build(&dir, deps, Mode::Full)?;
    if !scale_only {
        compare(&dir, runs)?;
        // The comparison may have rebuilt ptx-abi (its sources changed): bring it up to date.
        build(&dir, deps, Mode::Full)?;
    }
    bench_scale::run(&dir)
}

/// The comparison with zerocopy, bytemuck and no derive, `runs` times in each [`Mode`].
fn compare(dir: &Path, runs: usize) -> Result<(), String> {
    for mode in [Mode::Incremental, Mode::Full] {
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); CONTENDERS.len()];
        for run in 0..runs {
            for (c, t) in CONTENDERS.iter().zip(&mut times) {
                let d = rebuild(dir, c.krate, mode)?;
                eprintln!(
                    "xtask: {mode:?} run {}/{runs}: {} {} ms",
                    run + 1,
                    c.krate,
                    d.as_millis()
                );
                t.push(d);
            }
        }
        report(mode, &times);
    }
    Ok(())
}

fn workspace_root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// `$CARGO_TARGET_DIR` if set (made absolute), else `<workspace>/target`.
fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR").filter(|s| !s.is_empty()) {
        Some(t) => {
            let t = PathBuf::from(t);
            if t.is_absolute() {
                t
            } else {
                std::env::current_dir().map(|d| d.join(&t)).unwrap_or(t)
            }
        }
        None => root.join("target"),
    }
}

/// Writes the workspace, rewriting a file only when its content changes (so that dependencies
/// stay built between invocations).
fn generate(root: &Path, dir: &Path) -> Result<(), String> {
    let mut members = Vec::new();
    for c in &CONTENDERS {
        write(
            &dir.join(c.krate).join("Cargo.toml"),
            &manifest(root, c.krate, c.deps, c.krate == "bc-ptx-abi"),
        )?;
        write(
            &dir.join(c.krate).join("src/lib.rs"),
            &types_source(c.derives),
        )?;
        members.push(format!("\"{}\"", c.krate));
    }
    let (wide, run, imported) = (
        dir.join(bench_scale::WIDE),
        dir.join(bench_scale::IMPORT_RUN),
        dir.join(bench_scale::IMPORTED),
    );
    write(
        &wide.join("Cargo.toml"),
        &manifest(root, bench_scale::WIDE, "", true),
    )?;
    write(&wide.join("src/lib.rs"), &bench_scale::wide_source())?;
    let importer = format!(
        "ptx-abi-import = {{ path = {:?} }}",
        root.join("ptx-abi-import").display().to_string()
    );
    write(
        &run.join("Cargo.toml"),
        &manifest(root, bench_scale::IMPORT_RUN, &importer, false),
    )?;
    write(&run.join("src/main.rs"), bench_scale::import_run_source())?;
    write(&run.join("wide.h"), &bench_scale::header_source())?;
    write(
        &imported.join("Cargo.toml"),
        &manifest(root, bench_scale::IMPORTED, "", true),
    )?;
    // A stand-in until `bc-import-run` writes the import there (cargo needs a target).
    if !imported.join("src/lib.rs").exists() {
        write(&imported.join("src/lib.rs"), "")?;
    }
    for krate in [
        bench_scale::WIDE,
        bench_scale::IMPORT_RUN,
        bench_scale::IMPORTED,
    ] {
        members.push(format!("\"{krate}\""));
    }
    let workspace = format!(
        "# Generated by `cargo xtask bench-compile`.\n[workspace]\nmembers = [{}]\nresolver = \"2\"\n",
        members.join(", ")
    );
    write(&dir.join("Cargo.toml"), &workspace)?;
    // The same toolchain and, where they overlap, the same dependency versions as ours.
    for file in ["rust-toolchain.toml", "Cargo.lock"] {
        if !dir.join(file).exists() {
            fs::copy(root.join(file), dir.join(file))
                .map_err(|e| format!("cannot copy {file}: {e}"))?;
        }
    }
    Ok(())
}

/// `krate`'s manifest: `deps`, and ptx-abi by path if `ptx_abi`.
fn manifest(root: &Path, krate: &str, deps: &str, ptx_abi: bool) -> String {
    let ptx_abi = if ptx_abi {
        format!("ptx-abi = {{ path = {:?} }}", root.display().to_string())
    } else {
        String::new()
    };
    format!(
        "[package]\nname = \"{krate}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\n{ptx_abi}\n{deps}\n"
    )
}

fn types_source(derives: &str) -> String {
    let mut s =
        String::from("//! Generated by `cargo xtask bench-compile`.\n#![allow(dead_code)]\n");
    for t in 0..TYPES {
        let _ = write!(s, "\n#[derive(::core::clone::Clone, ::core::marker::Copy");
        if !derives.is_empty() {
            let _ = write!(s, ", {derives}");
        }
        let _ = writeln!(s, ")]\n#[repr(C)]\npub struct T{t} {{");
        for (name, ty) in MEMBERS {
            let _ = writeln!(s, "    pub {name}: {ty},");
        }
        s.push_str("}\n");
    }
    s
}

/// Writes `content` to `path` unless it already holds it (so cargo sees no change).
fn write(path: &Path, content: &str) -> Result<(), String> {
    if fs::read_to_string(path).is_ok_and(|old| old == content) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    fs::write(path, content).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Sets `path`'s modification time to now, so cargo rebuilds its crate.
pub(crate) fn touch(path: &Path) -> Result<(), String> {
    fs::File::options()
        .append(true)
        .open(path)
        .and_then(|f| f.set_modified(SystemTime::now()))
        .map_err(|e| format!("cannot touch {}: {e}", path.display()))
}

/// How the crate under test is rebuilt after `touch`.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// `cargo build`'s debug default: rustc reuses what it can from the previous build.
    Incremental,
    /// `CARGO_INCREMENTAL=0`: rustc compiles everything the derives emitted.
    Full,
}

/// Brings `krate` and its dependencies up to date (other work may have changed ptx-abi's
/// sources), touches its `lib.rs`, and returns the wall time of `cargo build -p krate`.
fn rebuild(dir: &Path, krate: &str, mode: Mode) -> Result<Duration, String> {
    build(dir, &["-p", krate], mode)?;
    touch(&dir.join(krate).join("src/lib.rs"))?;
    let start = Instant::now();
    build(dir, &["-p", krate], mode)?;
    Ok(start.elapsed())
}

/// `cargo build --quiet <which>` (`-p krate`, …); on failure its output is the error.
fn build(dir: &Path, which: &[&str], mode: Mode) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let incremental = match mode {
        Mode::Incremental => "1",
        Mode::Full => "0",
    };
    let out = Command::new(cargo)
        .args(["build", "--quiet"])
        .args(which)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env("CARGO_INCREMENTAL", incremental)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "building {} failed ({}):\n{}",
            which.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

fn median(times: &[Duration]) -> f64 {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    if n % 2 == 1 {
        ms[n / 2]
    } else {
        (ms[n / 2 - 1] + ms[n / 2]) / 2.0
    }
}

fn report(mode: Mode, times: &[Vec<Duration>]) {
    let medians: Vec<f64> = times.iter().map(|t| median(t)).collect();
    let plain = medians[CONTENDERS.len() - 1];
    let how = match mode {
        Mode::Incremental => "incremental (the debug default)",
        Mode::Full => "CARGO_INCREMENTAL=0",
    };
    println!(
        "\ndebug build after `touch`, {how}: {TYPES} types × {} members, median of {} runs",
        MEMBERS.len(),
        times[0].len()
    );
    println!(
        "{:<12} {:>9} {:>9} {:>10} {:>10}",
        "crate", "median", "min-max", "net", "net/type"
    );
    for (c, (t, m)) in CONTENDERS.iter().zip(times.iter().zip(&medians)) {
        let min = t.iter().min().map_or(0, Duration::as_millis);
        let max = t.iter().max().map_or(0, Duration::as_millis);
        let net = m - plain;
        println!(
            "{:<12} {:>6.0} ms {:>9} {:>7.0} ms {:>7.2} ms",
            c.krate,
            m,
            format!("{min}-{max}"),
            net,
            net / TYPES as f64
        );
    }
    let net = |i: usize| medians[i] - plain;
    println!(
        "ptx-abi / zerocopy: {:.2} (net of the plain crate; raw {:.2}); target <= 0.5",
        net(0) / net(1),
        medians[0] / medians[1]
    );
    println!(
        "ptx-abi / bytemuck: {:.2} (net of the plain crate; raw {:.2})",
        net(0) / net(2),
        medians[0] / medians[2]
    );
}
