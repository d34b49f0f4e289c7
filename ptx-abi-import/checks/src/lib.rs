//! Proof for ptx-abi-import (not published). `build.rs` imports CUDA definitions with
//! ptx-abi-import and writes, per suite, the imported Rust and a test that checks every case
//! through `#[derive(PtxAbi)]` against NVRTC's answers with `oracle_tests::Run`:
//!
//! - `tests/corpus_*.rs`: the golden corpus of `oracle-tests` (NVRTC's recorded answers): the
//!   cases whose imported Rust differs from oracle-tests' own code for them; the others are
//!   that code, token for token, which oracle-tests checks in every profile (`build.rs`);
//! - `tests/bindgen.rs`: bindgen's bit-field bug reports (answers from NVRTC at build time);
//! - `tests/headers.rs`: structs of real public CUDA headers (answers from NVRTC at build time).
//!
//! The values checked are the C initializers NVRTC compiled, translated into Rust values of the
//! imported types; the expected sizes, offsets, images and `.param` lines are NVRTC's.
//! Without clang (or NVRTC, for the last two) each test prints why it is skipped, and fails
//! under `PTX_ABI_REQUIRE_ORACLE=1`.
