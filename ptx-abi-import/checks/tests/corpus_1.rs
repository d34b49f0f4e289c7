//! The golden corpus, part 1, imported from its CUDA definitions (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/corpus_1.rs"));
