//! The golden corpus through the derive, parts 4 to 7 of 8, as a program.
//!
//! Built and run by `cargo xtask test` in the `release` and `aggressive` profiles (and in
//! `dev`, as tests, by `tests/*.rs` from the same generated sources): NVRTC's answers must
//! hold for the optimized derived code too (issue 20, `docs/release-miscompile.md`).

#[allow(clippy::all, dead_code)]
mod corpus_derive_4 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_4.rs"));
}

#[allow(clippy::all, dead_code)]
mod corpus_derive_5 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_5.rs"));
}

#[allow(clippy::all, dead_code)]
mod corpus_derive_6 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_6.rs"));
}

#[allow(clippy::all, dead_code)]
mod corpus_derive_7 {
    include!(concat!(env!("OUT_DIR"), "/corpus_derive_7.rs"));
}

fn main() {
    oracle_tests::proof_profile(env!("CARGO_BIN_NAME"));
    corpus_derive_4::run();
    corpus_derive_5::run();
    corpus_derive_6::run();
    corpus_derive_7::run();
}
