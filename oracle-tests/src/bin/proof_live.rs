//! The live NVRTC oracle's cases (`PTX_ABI_LIVE_SEED`) through the derive, as a program.
//!
//! Built and run by `cargo xtask test` in the `release` and `aggressive` profiles (and in
//! `dev`, as tests, by `tests/*.rs` from the same generated sources): NVRTC's answers must
//! hold for the optimized derived code too (issue 20, `docs/release-miscompile.md`).

#[allow(clippy::all, dead_code)]
mod live_0 {
    include!(concat!(env!("OUT_DIR"), "/live_0.rs"));
}

#[allow(clippy::all, dead_code)]
mod live_1 {
    include!(concat!(env!("OUT_DIR"), "/live_1.rs"));
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
    live_0::run();
    live_1::run();
    live_2::run();
    live_3::run();
    live_4::run();
}
