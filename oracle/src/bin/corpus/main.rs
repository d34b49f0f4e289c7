//! `ptx-abi-corpus`: (re)generates the golden corpus of `oracle-tests` (run by `cargo xtask
//! corpus`). Needs NVRTC (`cargo xtask nvrtc`).
//!
//! ```text
//! ptx-abi-corpus --out <oracle-tests/tests> [--files K] [--per-file N]
//! ```
//!
//! Writes `data/corpus_{k}.txt` for `k < K`, each holding NVRTC's answers for cases `0..N` of
//! seed `CORPUS_SEED + k`, and `data/figures.txt`, the hand-written entries (the figures and
//! rules of `docs/nvidia-notes.md`). NVRTC 12.9 answers; the other CUDA releases' NVRTC (11.8
//! and 13.5, `ptx_abi_nvtools::fetch::TOOLKITS`, required) are asked too, and where a release
//! answers otherwise its answer is recorded beside 12.9's (`cuda 11.8 <field> <value>` lines;
//! `ptx_abi_oracle::releases`). Only data: `oracle-tests/build.rs` regenerates the cases
//! from their seeds and ids and renders their Rust at build time. Every file is rewritten from
//! scratch; the seeds are fixed, so regenerating with the same generator and NVRTC gives the
//! same files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use ptx_abi_nvtools::fetch::TOOLKITS;
use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::corpus::{
    figures, probe_fingerprint, CORPUS_SEED, FILES, PER_FILE, PROBE_LINE,
};
use ptx_abi_oracle::gen::{generate, Case};
use ptx_abi_oracle::probe::{probe_all, BATCH};
use ptx_abi_oracle::releases::record_differences;
use ptx_abi_oracle::suite::{probe_records, record, render_data, Record};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ptx-abi-corpus: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut out: Option<PathBuf> = None;
    let mut files = FILES;
    let mut per_file = PER_FILE;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("`{a}` needs a value"));
        match a.as_str() {
            "--out" => out = Some(PathBuf::from(value()?)),
            "--files" => files = value()?.parse().map_err(|e| format!("--files: {e}"))?,
            "--per-file" => per_file = value()?.parse().map_err(|e| format!("--per-file: {e}"))?,
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    let out = out.ok_or("usage: ptx-abi-corpus --out <dir> [--files K] [--per-file N]")?;
    let nvrtc = match Nvrtc::locate_and_load() {
        Some(n) => n.map_err(|e| e.to_string())?,
        None => return Err("NVRTC not found: run `cargo xtask nvrtc`".into()),
    };
    let (major, minor) = nvrtc.version();
    eprintln!("NVRTC {major}.{minor} from {}", nvrtc.path().display());
    let mut others = Vec::new();
    for release in TOOLKITS.iter().filter(|t| t.major_minor != (major, minor)) {
        let other = match Nvrtc::locate_and_load_release(release) {
            Some(n) => n.map_err(|e| e.to_string())?,
            None => {
                return Err(format!(
                    "NVRTC {} not found: run `cargo xtask nvrtc {}` (every release's answers \
                     are recorded)",
                    release.version, release.version
                ))
            }
        };
        eprintln!("NVRTC {} from {}", release.version, other.path().display());
        others.push((release, other));
    }
    // Records each other release's answers where they differ from 12.9's.
    let compare = |records: &mut [Record], cases: &[Case]| -> Result<(), String> {
        for (release, other) in &others {
            let n = record_differences(release, other, records, cases)
                .map_err(|e| format!("NVRTC {} cannot answer: {e}", release.version))?;
            eprintln!(
                "  NVRTC {}: {} of {} cases agree with {major}.{minor}, {n} differ",
                release.version,
                cases.len() - n,
                cases.len()
            );
        }
        Ok(())
    };
    std::fs::create_dir_all(out.join("data")).map_err(|e| format!("{}: {e}", out.display()))?;

    let mut total = 0;
    for k in 0..files {
        let seed = CORPUS_SEED + k as u64;
        let t = Instant::now();
        let cases: Vec<Case> = (0..per_file).map(|id| generate(seed, id)).collect();
        let mut records = probe_records(&nvrtc, &cases).map_err(|e| e.to_string())?;
        compare(&mut records, &cases)?;
        let name = format!("corpus_{k}");
        let about = format!("cases 0..{per_file} of seed {seed:#x}");
        write_data(&out, &name, &about, (major, minor), &records)?;
        total += cases.len();
        eprintln!("{name}: {} cases in {:.1?}", cases.len(), t.elapsed());
    }

    // Parts left over from a run with more files.
    for k in files.. {
        let data = out.join("data").join(format!("corpus_{k}.txt"));
        if !data.exists() {
            break;
        }
        std::fs::remove_file(&data).map_err(|e| format!("{}: {e}", data.display()))?;
    }

    let named = figures::cases();
    let cases: Vec<Case> = named.iter().map(|n| n.case.clone()).collect();
    let answers = probe_all(&nvrtc, &cases, BATCH, 1).map_err(|e| e.to_string())?;
    let mut records = Vec::new();
    for (n, a) in named.iter().zip(&answers) {
        let mut wrong = Vec::new();
        if (a.size, a.align) != (n.size, n.align) {
            wrong.push(format!(
                "size/align {}/{}, docs/nvidia-notes.md says {}/{}",
                a.size, a.align, n.size, n.align
            ));
        }
        if n.image.as_ref().is_some_and(|i| *i != a.image) {
            wrong.push(format!(
                "image {:?}, docs/nvidia-notes.md says {:?}",
                a.image, n.image
            ));
        }
        for (k, off) in &n.offsets {
            let got = a.offsets.iter().find(|(i, _)| i == k).map(|(_, o)| *o);
            if got != Some(*off) {
                wrong.push(format!(
                    "offset of m{k} {got:?}, docs/nvidia-notes.md says {off}"
                ));
            }
        }
        if !wrong.is_empty() {
            return Err(format!(
                "{}: NVRTC disagrees with docs/nvidia-notes.md: {}",
                n.key,
                wrong.join("; ")
            ));
        }
        records.push(record(n.key, &n.case, a));
    }
    compare(&mut records, &cases)?;
    let about = "the hand-written entries of `oracle/src/corpus/figures.rs`";
    write_data(&out, "figures", about, (major, minor), &records)?;
    total += cases.len();
    eprintln!("figures: {} cases; {total} cases in all", cases.len());
    Ok(())
}

/// Writes `data/{name}.txt`: a provenance comment, then the records.
fn write_data(
    dir: &Path,
    name: &str,
    about: &str,
    (major, minor): (u32, u32),
    records: &[Record],
) -> Result<(), String> {
    let path = dir.join("data").join(format!("{name}.txt"));
    let text = format!(
        "# Golden corpus `{name}`: {about}, with NVIDIA's answers (NVRTC {major}.{minor}).\n\
         # Written by `cargo xtask corpus`; do not edit. The Rust is rendered by oracle-tests/build.rs.\n\
         {PROBE_LINE}{}: fingerprint of the questions asked (checked by oracle-tests/build.rs)\n\n{}",
        probe_fingerprint(),
        render_data(records)
    );
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}
