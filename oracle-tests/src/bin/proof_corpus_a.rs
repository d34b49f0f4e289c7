//! The golden corpus through the derive, parts 0 to 3 of 8, as a program.
//!
//! Built and run by `cargo xtask test` in the `release` and `aggressive` profiles (and in
//! `dev`, as tests, by `tests/*.rs` from the same generated sources): NVRTC's answers must
//! hold for the optimized derived code too (issue 20, `docs/release-miscompile.md`).

#[allow(clippy::all, dead_code)]
mod corpus_derive_0 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_0.rs"));
}

#[allow(clippy::all, dead_code)]
mod corpus_derive_1 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_1.rs"));
}

#[allow(clippy::all, dead_code)]
mod corpus_derive_2 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_2.rs"));
}

#[allow(clippy::all, dead_code)]
mod corpus_derive_3 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_3.rs"));
}

fn main() {
    oracle_tests::proof_profile(env!("CARGO_BIN_NAME"));
    corpus_derive_0::run();
    corpus_derive_1::run();
    corpus_derive_2::run();
    corpus_derive_3::run();
}
