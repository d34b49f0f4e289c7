//! Half of the derive's proofs as a program: the golden corpus's parts 0 to 3 of 8 and the
//! live NVRTC oracle's (`PTX_ABI_LIVE_SEED`) parts 0 and 1 of 5.
//!
//! Built and run by `cargo xtask test` in the `release` and `aggressive` profiles (and in
//! `dev`, as tests, by `tests/*.rs` from the same generated sources): NVRTC's answers must
//! hold for the optimized derived code too (issue 20, `docs/release-miscompile.md`).
//!
//! The derive's proofs are two programs of about the same size, this one and
//! `proof_derive_b.rs`: `aggressive` compiles each as one codegen unit, fat-LTO'd, on one
//! core, so two halves keep both cores busy to the end (with the live seed a program of its own,
//! compiled after the corpus's two, one core compiled it alone for the build's last minute).

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

#[allow(clippy::all, dead_code)]
mod live_0 {
    include!(concat!(env!("OUT_DIR"), "/live_0.rs"));
}

#[allow(clippy::all, dead_code)]
mod live_1 {
    include!(concat!(env!("OUT_DIR"), "/live_1.rs"));
}

fn main() {
    oracle_tests::proof_profile(env!("CARGO_BIN_NAME"));
    corpus_derive_0::run();
    corpus_derive_1::run();
    corpus_derive_2::run();
    corpus_derive_3::run();
    live_0::run();
    live_1::run();
}
