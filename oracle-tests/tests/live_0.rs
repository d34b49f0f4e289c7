//! Live NVRTC oracle, part 0 of 5: fresh cases from `PTX_ABI_LIVE_SEED`, asked of NVRTC and
//! rendered by `build.rs`, checked through `#[derive(PtxAbi)]`. Skips without the seed.
//! `cargo xtask test` also runs the same cases optimized (`src/bin/proof_derive_a.rs`).

#[allow(clippy::all, dead_code)]
mod cases {
    include!(concat!(env!("OUT_DIR"), "/live_0.rs"));
}

#[test]
fn live_0() {
    cases::run();
}
