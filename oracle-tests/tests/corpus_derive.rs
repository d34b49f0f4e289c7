//! Golden corpus through `#[derive(PtxAbi)]`: a sample of the cases of `tests/data/` (every
//! hand-written entry, the first cases of every data file, and cases covering every form of
//! derive input the generator writes: `ptx_abi_oracle::corpus::sample`), rendered as Rust by
//! `build.rs` and checked against NVIDIA's recorded answers by `oracle_tests::Run`. Every case,
//! sampled or not, is also checked through the layout engine by `corpus_engine.rs`.

#![allow(clippy::all)]

include!(concat!(env!("OUT_DIR"), "/corpus_derive.rs"));
