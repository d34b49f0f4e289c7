//! ptx-abi-import's reader of clang's JSON AST on any text: an error or Rust, never a panic.
//! The property lives in `ptx_abi_fuzz::import_ast` (`fuzz/src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: ptx_abi_fuzz::seeds::write("import_ast"),
    |data: &[u8]| ptx_abi_fuzz::import_ast(data)
);
