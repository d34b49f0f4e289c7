//! The facade's tests of the encoders' optimization tricks as a program: `tests/encode_slices.rs`
//! (the staged and streaming slice encoders at every image size and alignment),
//! `tests/encode_uninit.rs` (the write-only encoders, the parallel one included),
//! `tests/bench_baselines.rs` (the benchmarks' baselines write our bytes) and
//! `tests/param_buffers.rs` (launch buffers that write only the bytes they hold).
//!
//! Built and run by `cargo xtask test` in the `release` and `aggressive` profiles, with the
//! derive's proof programs: the staging relies on the optimizer keeping each image in
//! registers, and the streaming stores exist only there as they are measured (`BENCHMARKS.md`).
//! A program rather than test programs: libtest needs unwinding, so under `aggressive`'s
//! `panic = "abort"` cargo would build every crate of the proofs a second time for them.
//!
//! Each file marks its tests `#[cfg_attr(test, test)]` and lists them in `TESTS`; here they are
//! plain functions, run one after another. `dead_code` is denied on the four modules, so a
//! test missing from its file's list fails this program's build. The two `#[should_panic]`
//! tests of `bench_baselines.rs` (the benchmarks' pre-timing check rejects a wrong encoder and
//! decoder) need unwinding and run in `dev` only, as the facade's tests.

// Each test file declares `mod common;` (the benchmarks' `benches/common/mod.rs`) as a test
// program of its own must: in one program that module is loaded once per file.
#![allow(clippy::duplicate_mod)]

#[deny(dead_code)]
#[path = "../../../tests/encode_slices.rs"]
mod encode_slices;

#[deny(dead_code)]
#[path = "../../../tests/encode_uninit.rs"]
mod encode_uninit;

#[deny(dead_code)]
#[path = "../../../tests/bench_baselines.rs"]
mod bench_baselines;

#[deny(dead_code)]
#[path = "../../../tests/param_buffers.rs"]
mod param_buffers;

fn main() {
    oracle_tests::proof_profile(env!("CARGO_BIN_NAME"));
    let files = [
        ("encode_slices", encode_slices::TESTS),
        ("encode_uninit", encode_uninit::TESTS),
        ("bench_baselines", bench_baselines::TESTS),
        ("param_buffers", param_buffers::TESTS),
    ];
    let mut ran = 0;
    for (file, tests) in files {
        for (name, test) in tests {
            test();
            println!("{file}::{name} ... ok");
            ran += 1;
        }
    }
    println!("{}: {ran} tests passed", env!("CARGO_BIN_NAME"));
}
