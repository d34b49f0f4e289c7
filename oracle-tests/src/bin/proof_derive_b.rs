//! Half of the derive's proofs as a program: the golden corpus's parts 4 to 7 of 8 and the
//! live NVRTC oracle's (`PTX_ABI_LIVE_SEED`) parts 2 to 4 of 5.
//!
//! Built and run by `cargo xtask test` in the `release` and `aggressive` profiles (and in
//! `dev`, as tests, by `tests/*.rs` from the same generated sources): NVRTC's answers must
//! hold for the optimized derived code too (issue 20, `docs/release-miscompile.md`).
//!
//! The derive's proofs are two programs of about the same size, this one and
//! `proof_derive_a.rs`: `aggressive` compiles each as one codegen unit, fat-LTO'd, on one
//! core, so two halves keep both cores busy to the end (with the live seed a program of its own,
//! compiled after the corpus's two, one core compiled it alone for the build's last minute).

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

#[allow(clippy::all, dead_code)]
mod live_2 {
    include!(concat!(env!("OUT_DIR"), "/live_2.rs"));
}

#[allow(clippy::all, dead_code)]
mod live_3 {
    include!(concat!(env!("OUT_DIR"), "/live_3.rs"));
}

#[allow(clippy::all, dead_code)]
mod live_4 {
    include!(concat!(env!("OUT_DIR"), "/live_4.rs"));
}

fn main() {
    oracle_tests::proof_profile(env!("CARGO_BIN_NAME"));
    corpus_derive_4::run();
    corpus_derive_5::run();
    corpus_derive_6::run();
    corpus_derive_7::run();
    live_2::run();
    live_3::run();
    live_4::run();
}
