//! The golden corpus, part 4, imported from its CUDA definitions (see `build.rs`).
#![allow(clippy::all)]
// Not linted (`cfg(clippy)`): the importer's rendering of the golden corpus is generated test
// data, which `.ci/run`'s clippy would otherwise type-check in full once more; `cargo test`
// compiles and runs it. The importer's output for real headers (`headers.rs`, `bindgen.rs`…)
// is linted.
#[cfg(not(clippy))]
include!(concat!(env!("OUT_DIR"), "/corpus_4.rs"));
