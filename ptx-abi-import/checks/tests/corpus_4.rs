//! The golden corpus, part 4, imported from its CUDA definitions (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/corpus_4.rs"));
