//! Issue 22: the golden corpus (every case of `tests/data`) and the live seed asked of the
//! other CUDA releases' NVRTC, 11.8 and 13.5, and compared with NVRTC 12.9's recorded answers
//! (`ptx_abi_oracle::releases`). A release's answer that differs from 12.9's is recorded in the
//! data (`cuda 11.8 <field> <value>` lines, written by `cargo xtask corpus`); any answer the
//! data does not predict fails. One summary line per release and suite says how many cases
//! agree and how many differ.
//!
//! Needs NVRTC 11.8 and 13.5 (`cargo xtask nvrtc all`, or `PTX_ABI_NVRTC_11_8` /
//! `PTX_ABI_NVRTC_13_5`); skips without them, fails under `PTX_ABI_REQUIRE_ORACLE=1`. The live
//! part compares the cases `build.rs` asked NVRTC 12.9 about (`PTX_ABI_LIVE_SEED`).

use std::path::Path;

use ptx_abi_nvtools::fetch::{Toolkit, CUDA_11_8, CUDA_13_5};
use ptx_abi_oracle::corpus::cases_of;
use ptx_abi_oracle::releases::compare;
use ptx_abi_oracle::require::{nvrtc_release, say, skip};
use ptx_abi_oracle::suite::{records_in, Record};

/// Compares `records` (their cases regenerated) with `release`'s NVRTC; fails on any answer
/// the data does not predict.
fn check(release: &Toolkit, what: &str, records: &[Record]) {
    let Some(nvrtc) = nvrtc_release(&format!("{what} on NVRTC {}", release.version), release)
    else {
        return;
    };
    let cases = cases_of(records).unwrap_or_else(|d| panic!("{what}: drifted records: {d:?}"));
    let c = compare(release, &nvrtc, records, &cases).unwrap_or_else(|e| {
        panic!(
            "{what}: NVRTC {} cannot answer: {e}\n(the corpus was recorded with NVRTC 12.9; a \
             case another release rejects is a finding: report it)",
            release.version
        )
    });
    say(&c.summary(what));
    assert!(
        c.unexpected.is_empty(),
        "{what}: NVRTC {} answers {} cases otherwise than the data records:\n{}\nStudy the \
         difference; if the release really differs, record it with `cargo xtask corpus` (it \
         writes `cuda {} …` lines into tests/data) and make ptx-abi follow it for that release.",
        release.version,
        c.unexpected.len(),
        c.details(10),
        release.version
    );
}

fn corpus(release: &Toolkit) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data");
    let records = records_in(&dir, "");
    assert!(records.len() > 3000, "{} corpus records", records.len());
    check(release, "golden corpus", &records);
}

fn live(release: &Toolkit) {
    let what = format!("live NVRTC oracle on NVRTC {}", release.version);
    let Ok(seed) = std::env::var("PTX_ABI_LIVE_SEED") else {
        skip(
            &what,
            "PTX_ABI_LIVE_SEED is not set (`cargo xtask test` sets it)",
        );
        return;
    };
    // build.rs wrote NVRTC 12.9's answers for the live cases (empty without NVRTC 12.9).
    let records = records_in(Path::new(env!("OUT_DIR")), "live_");
    if records.is_empty() {
        skip(
            &what,
            "build.rs recorded no live cases (NVRTC 12.9 missing at build time?)",
        );
        return;
    }
    check(release, &format!("live seed {seed}"), &records);
}

#[test]
fn corpus_on_cuda_11_8() {
    corpus(&CUDA_11_8);
}

#[test]
fn corpus_on_cuda_13_5() {
    corpus(&CUDA_13_5);
}

#[test]
fn live_on_cuda_11_8() {
    live(&CUDA_11_8);
}

#[test]
fn live_on_cuda_13_5() {
    live(&CUDA_13_5);
}
