//! Compile-fail tests: every misuse of `#[derive(PtxAbi)]` fails with a message that says what
//! is wrong and what to write instead, pointing at the user's token (`tests/ui/<topic>/*.rs`,
//! one case per file, grouped by topic: `align`, `bit_fields`, `vectors`, `zero_copy`, …), and
//! every accepted form still compiles (`tests/ui/pass/*.rs`).
//!
//! Re-bless after changing a message: `TRYBUILD=overwrite cargo test -p ptx-abi-derive --test
//! ui`, then read every changed `.stderr` as a newcomer would.

use std::path::PathBuf;

// The cases compile against the facade with its default features (the dev-dependency in this
// crate's manifest names none), whatever features the workspace's own build unifies: rustc's
// "the following other types implement trait …" lists in the snapshots are the same in every
// run (`half` would add `f16`; `cudarc` a second `DevicePtr`, spelled `ptx_abi::DevicePtr`),
// and the facade describes CUDA 12, the default release, which the `cuda_version` cases are
// written for.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    match other_toolchain() {
        None => {
            for case in compile_fail_cases() {
                t.compile_fail(case);
            }
        }
        // rustc's wording, notes and spans change from release to release: the `.stderr`
        // snapshots are rustc 1.95.0's. On another toolchain (`cargo xtask test` also runs
        // the suite on nightly) the accepted forms must still compile.
        Some(rustc) => println!(
            "ui: the compile-fail snapshots are compared on the pinned toolchain \
             (rust-toolchain.toml: {}) only; this is {rustc}: checking that every `pass` case \
             compiles",
            pinned_channel()
        ),
    }
    t.pass("tests/ui/pass/*.rs");
}

/// The channel `rust-toolchain.toml` pins (`1.95.0`).
fn pinned_channel() -> String {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../rust-toolchain.toml");
    let text = std::fs::read_to_string(file).expect("rust-toolchain.toml is readable");
    text.lines()
        .find_map(|l| l.trim().strip_prefix("channel = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("rust-toolchain.toml names a channel")
        .to_string()
}

/// `rustc -V` of the toolchain that builds the cases (the one running this test, through
/// rustup's `RUSTUP_TOOLCHAIN`), when it is not the pinned release.
fn other_toolchain() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = std::process::Command::new(rustc)
        .arg("-V")
        .output()
        .expect("rustc runs");
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let pinned = format!("rustc {} ", pinned_channel());
    (!version.starts_with(&pinned)).then_some(version)
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
            if path.extension().is_some_and(|e| e == "rs") {
                cases.push(path);
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
