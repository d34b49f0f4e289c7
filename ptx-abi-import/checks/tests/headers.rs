//! The `headers` suite of ptx-abi-import's checks (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/headers.rs"));
