//! What the importer's integration tests share.

use ptx_abi_import::clang::Clang;

/// clang as the tests find it (`target/nvidia`'s cache, `$PTX_ABI_CLANG`, `PATH`): `None`
/// skips `what` with a note, and fails under `PTX_ABI_REQUIRE_ORACLE=1`.
pub fn clang(what: &str) -> Option<Clang> {
    let cache = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/nvidia");
    let found = Clang::locate_in(&[cache]);
    if found.is_none() {
        assert!(
            std::env::var("PTX_ABI_REQUIRE_ORACLE").as_deref() != Ok("1"),
            "no clang, but PTX_ABI_REQUIRE_ORACLE=1 requires it"
        );
        eprintln!("SKIPPED {what}: no clang (cargo run -p ptx-abi-import -- --fetch-clang)");
    }
    found
}
