//! `check_entry` of fixed kernel argument structs against any text: `Ok` or an error.
//! The property lives in `ptx_abi_fuzz::check_entry` (`fuzz/src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: ptx_abi_fuzz::seeds::write("check_entry"),
    |data: &[u8]| ptx_abi_fuzz::check_entry(data)
);
