//! Compile-fail tests: every misuse of `#[derive(PtxAbi)]` fails with a message that says what
//! is wrong and what to write instead, pointing at the user's token (`tests/ui/<topic>/*.rs`,
//! one case per file, grouped by topic: `align`, `bit_fields`, `vectors`, `zero_copy`, …), and
//! every accepted form still compiles (`tests/ui/pass/*.rs`).
//!
//! Re-bless after changing a message: `TRYBUILD=overwrite cargo test --test ui`, then read every
//! changed `.stderr` as a newcomer would.

use std::path::PathBuf;

/// Cases whose output includes rustc's "the following other types implement trait …" list.
/// The optional features change that list (`half` adds `f16`; `cudarc` brings a second
/// `DevicePtr`, so rustc spells ours `ptx_abi::DevicePtr`), so these run only without them;
/// every other case reads the same with any feature set. Add new optional features here.
const LISTS_IMPLS: &[&str] = &[
    "bits_on_pointer.rs",
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
    t.pass("tests/ui/pass/*.rs");
}

fn compile_fail_cases() -> Vec<PathBuf> {
    let mut cases = Vec::new();
    for topic in std::fs::read_dir("tests/ui").expect("tests/ui exists") {
        let topic = topic.expect("readable directory entry").path();
        let Some(topic_name) = topic.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !topic.is_dir() || topic_name == "pass" {
            continue;
        }
        for entry in std::fs::read_dir(&topic).expect("a readable topic directory") {
            let path = entry.expect("readable directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.extension().is_some_and(|e| e == "rs")
                && !(OPTIONAL_FEATURES && LISTS_IMPLS.contains(&name))
            {
                cases.push(PathBuf::from("tests/ui").join(topic_name).join(name));
            }
        }
    }
    cases.sort();
    assert!(
        !cases.is_empty(),
        "no compile-fail cases under tests/ui/<topic>/"
    );
    cases
}
