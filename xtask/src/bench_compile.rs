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
//! dominate) and `CARGO_INCREMENTAL=0` (everything the derives emit is compiled again). A last
//! crate with one 1,000-member type checks that the layout is computed within the compiler's
//! const-evaluation limits.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

const TYPES: usize = 200;
const WIDE_MEMBERS: usize = 1000;
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

const WIDE: &str = "bc-wide";

/// Runs the benchmark; `args` may hold `--runs N` (default 5).
pub fn run(args: &[String]) -> Result<(), String> {
    let runs = match args {
        [] => DEFAULT_RUNS,
        [flag, n] if flag == "--runs" => n
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`--runs` takes a positive number, found `{n}`"))?,
        _ => {
            return Err(format!(
                "usage: cargo xtask bench-compile [--runs N] (got {args:?})"
            ))
        }
    };
    let root = workspace_root();
    let dir = target_dir(&root).join("bench-compile");
    generate(&root, &dir)?;
    eprintln!("xtask: building dependencies in {}", dir.display());
    cargo(&dir, &["build", "--workspace"])?;
    for mode in [Mode::Incremental, Mode::Full] {
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); CONTENDERS.len()];
        for run in 0..runs {
            for (c, t) in CONTENDERS.iter().zip(&mut times) {
                let d = rebuild(&dir, c.krate, mode)?;
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

    let wide = rebuild(&dir, WIDE, Mode::Full)?;
    println!(
        "one type with {WIDE_MEMBERS} members (bit-fields included) compiles: {} ms",
        wide.as_millis()
    );
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
            &manifest(root, c.krate, c.deps),
        )?;
        write(
            &dir.join(c.krate).join("src/lib.rs"),
            &types_source(c.derives),
        )?;
        members.push(format!("\"{}\"", c.krate));
    }
    write(
        &dir.join(WIDE).join("Cargo.toml"),
        &manifest(root, WIDE, ""),
    )?;
    write(&dir.join(WIDE).join("src/lib.rs"), &wide_source())?;
    members.push(format!("\"{WIDE}\""));
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

fn manifest(root: &Path, krate: &str, deps: &str) -> String {
    let ptx_abi = if krate == "bc-ptx-abi" || krate == WIDE {
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

/// One type of 1,000 members: scalars, bit-fields sharing storage units, and a vector.
fn wide_source() -> String {
    let mut s = String::from(
        "//! Generated by `cargo xtask bench-compile`.\n\n\
         #[derive(::ptx_abi::PtxAbi)]\npub struct Wide {\n",
    );
    for m in 0..WIDE_MEMBERS {
        let field = match m % 5 {
            0 => format!("    #[ptx(bits = 3)]\n    pub m{m}: u32,"),
            1 => format!("    #[ptx(bits = 9)]\n    pub m{m}: i32,"),
            2 => format!("    pub m{m}: u8,"),
            3 => format!("    pub m{m}: f64,"),
            _ => format!("    pub m{m}: ::ptx_abi::types::Float2,"),
        };
        s.push_str(&field);
        s.push('\n');
    }
    s.push_str(
        "}\n\n/// Makes the encoder and decoder part of the build.\n\
         pub fn round_trip(w: &Wide, out: &mut [u8]) -> bool {\n    \
         use ::ptx_abi::PtxAbi;\n    w.encode(out).is_ok() && Wide::decode(out).is_ok()\n}\n\n\
         pub const SIZE: usize = <Wide as ::ptx_abi::PtxAbi>::SIZE;\n",
    );
    s
}

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

fn touch(path: &Path) -> Result<(), String> {
    fs::File::options()
        .append(true)
        .open(path)
        .and_then(|f| f.set_modified(SystemTime::now()))
        .map_err(|e| format!("cannot touch {}: {e}", path.display()))
}

fn cargo(dir: &Path, args: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let status = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "`cargo {}` failed ({status}) in {}",
            args.join(" "),
            dir.display()
        ))
    }
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
    build(dir, krate, mode)?;
    touch(&dir.join(krate).join("src/lib.rs"))?;
    let start = Instant::now();
    build(dir, krate, mode)?;
    Ok(start.elapsed())
}

/// `cargo build --quiet -p krate`; on failure its output is the error.
fn build(dir: &Path, krate: &str, mode: Mode) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let incremental = match mode {
        Mode::Incremental => "1",
        Mode::Full => "0",
    };
    let out = Command::new(cargo)
        .args(["build", "--quiet", "-p", krate])
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
            "building {krate} failed ({}):\n{}",
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
