//! Golden corpus through `#[derive(PtxAbi)]`, part 1 of 8: every case of `tests/data/` goes
//! through the derive in one of the eight parts, rendered as Rust by `build.rs` and checked
//! against NVIDIA's recorded answers by `oracle_tests::Run`. `cargo xtask test` also runs the
//! same cases optimized (`src/bin/proof_derive_a.rs`, profiles `release` and `aggressive`).

// Not linted (`cfg(clippy)`): the cases are generated test data, which `.ci/run`'s clippy
// would otherwise type-check in full once more; `cargo test` compiles and runs them.
#[cfg(not(clippy))]
#[allow(clippy::all, dead_code)]
mod cases {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_1.rs"));
}

#[cfg(not(clippy))]
#[test]
fn corpus_derive_1() {
    cases::run();
}
