//! Live NVRTC oracle, part 2 of 5: fresh cases from `PTX_ABI_LIVE_SEED`, asked of NVRTC and
//! rendered by `build.rs`, checked through `#[derive(PtxAbi)]`. Skips without the seed.

#![allow(clippy::all)]

include!(concat!(env!("OUT_DIR"), "/live_2.rs"));
