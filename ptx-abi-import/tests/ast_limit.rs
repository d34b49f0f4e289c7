//! A header whose declarations are more than the importer keeps of clang's AST is refused
//! with the reason, and clang stopped, instead of the process running out of memory (the dump
//! is read as it is written and only declarations are kept: `tests/library_headers.rs`). Its own test
//! binary: it sets `$PTX_ABI_IMPORT_MAX_AST_BYTES` for the whole process. Needs clang (skips
//! without it; fails without it under `PTX_ABI_REQUIRE_ORACLE=1`).

mod common;

use ptx_abi_import::clang::{Clang, MAX_DUMP_VAR};
use ptx_abi_import::Importer;

fn clang() -> Option<Clang> {
    common::clang("ptx-abi-import AST limit test")
}

#[test]
fn an_ast_over_the_limit_is_refused_with_the_reason() {
    let Some(clang) = clang() else { return };
    let header = "struct Params { float x; int n; };\n";
    let import = || {
        Importer::new()
            .clang(clang.program())
            .header_text("params.cuh", header)
            .generate()
    };
    // The prelude alone dumps far more than 64 KiB.
    // SAFETY: no other thread of this test binary reads or writes the environment.
    unsafe { std::env::set_var(MAX_DUMP_VAR, "65536") };
    let err = import().expect_err("over the limit").to_string();
    assert!(err.contains("over 65536 bytes"), "{err}");
    assert!(err.contains(MAX_DUMP_VAR), "{err}");
    // SAFETY: as above.
    unsafe { std::env::remove_var(MAX_DUMP_VAR) };
    let imported = import().expect("the default limit reads it");
    assert!(imported.source.contains("pub struct Params"));
}
