//! Proof for ptx-abi-import (not published). `build.rs` imports CUDA definitions with
//! ptx-abi-import and writes, per suite, the imported Rust and a test that checks every case
//! through `#[derive(PtxAbi)]` against NVRTC's answers with `oracle_tests::Run`:
//!
//! - `tests/corpus_*.rs`: the golden corpus of `oracle-tests` (NVRTC's recorded answers);
//! - `tests/bindgen.rs`: bindgen's bit-field bug reports (answers from NVRTC at build time);
//! - `tests/headers.rs`: structs of real public CUDA headers (answers from NVRTC at build time).
//!
//! The values checked are the C initializers NVRTC compiled, translated into Rust values of the
//! imported types; the expected sizes, offsets, images and `.param` lines are NVRTC's.
//! Without clang (or NVRTC, for the last two) each test prints why it is skipped, and fails
//! under `PTX_ABI_REQUIRE_ORACLE=1`.

#[cfg(test)]
mod tests {
    /// The importer (published, so it cannot use the test oracle) pins the same `ziglang`
    /// wheel as the oracle's fetcher, so that `cargo xtask test`'s one download serves both.
    #[test]
    fn the_importer_pins_the_oracles_zig_wheel() {
        let oracle = ptx_abi_oracle::fetch::ZIG_WHEEL;
        assert_eq!(ptx_abi_import::fetch::ZIG_PROJECT, oracle.project);
        assert_eq!(ptx_abi_import::fetch::ZIG_VERSION, oracle.version);
        assert_eq!(
            ptx_abi_import::fetch::ZIG_SHA256_X86_64,
            oracle.sha256_x86_64
        );
    }
}
