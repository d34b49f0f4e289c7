//! The golden corpus, part 3, imported from its CUDA definitions (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/corpus_3.rs"));
