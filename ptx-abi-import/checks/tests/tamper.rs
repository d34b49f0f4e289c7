//! The emitted NVRTC checks can fail: `headers/tamper_particle.cuh` is imported, and its
//! emitted checks run against the header with a member moved and a bit-field one bit short;
//! each must panic with the difference in words (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/tamper.rs"));
