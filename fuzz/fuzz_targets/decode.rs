//! `from_ptx_bytes` of derived types on any bytes: an error, or a value that round-trips.
//! The property lives in `ptx_abi_fuzz::decode` (`fuzz/src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: ptx_abi_fuzz::seeds::write("decode"),
    |data: &[u8]| ptx_abi_fuzz::decode(data)
);
