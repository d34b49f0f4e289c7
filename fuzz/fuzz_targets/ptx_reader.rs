//! The PTX signature reader (`ptx_abi::params::read`) on any text.
//! The property lives in `ptx_abi_fuzz::ptx_reader` (`fuzz/src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: ptx_abi_fuzz::seeds::write("ptx_reader"),
    |data: &[u8]| ptx_abi_fuzz::ptx_reader(data)
);
