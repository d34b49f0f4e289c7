//! Compile-fail tests: every misuse of `#[derive(PtxAbi)]` fails with a message that says what
//! is wrong and what to write instead, pointing at the user's token (`tests/ui/*.rs`, one case
//! per file), and every accepted form still compiles (`tests/ui/pass/*.rs`).
//!
//! Re-bless after changing a message: `TRYBUILD=overwrite cargo test --test ui`, then read every
//! changed `.stderr` as a newcomer would.

use std::path::PathBuf;

/// Cases whose output includes rustc's "the following other types implement trait …" list.
/// The optional features change that list (`half` adds `f16`; `cudarc` brings a second
/// `DevicePtr`, so rustc spells ours `ptx_abi::DevicePtr`), so these run only without them;
/// every other case reads the same with any feature set. Add new optional features here.
const LISTS_IMPLS: &[&str] = &[
    "field_not_ptx_abi.rs",
    "union_member_not_zero_copy.rs",
    "vector_double3.rs",
    "vector_five_lanes.rs",
    "vector_of_struct.rs",
    "vector_of_vector.rs",
    "zero_copy_field_not_zero_copy.rs",
];

const OPTIONAL_FEATURES: bool = cfg!(feature = "half")
    || cfg!(feature = "bytemuck")
    || cfg!(feature = "cudarc")
    || cfg!(feature = "serde");

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    for case in compile_fail_cases() {
        t.compile_fail(case);
    }
    t.compile_fail("tests/ui/cxx/*.rs");
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/names/*.rs");
}

fn compile_fail_cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir("tests/ui")
        .expect("tests/ui exists")
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !(OPTIONAL_FEATURES && LISTS_IMPLS.contains(&name))
        })
        .map(|path| PathBuf::from("tests/ui").join(path.file_name().expect("a file")))
        .collect();
    cases.sort();
    cases
}
