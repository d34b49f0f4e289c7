//! Issue 32: doc comments named test files renamed since (the old `syscall` test file for
//! `tests/abi_nvrtc/syscall.rs`). Every test file a source file or a Markdown page names
//! (`tests/….rs`) must exist in one of the workspace's crates (the texts name other crates'
//! tests by their path inside the crate).

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()) {
        let name = entry.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if entry.is_dir() {
            // Build output, fuzzers' inputs and the golden corpus's data are no one's docs.
            let data = entry.ends_with("oracle-tests/tests/data");
            if !matches!(name, "target" | ".git" | "artifacts" | "corpus") && !data {
                files(&entry, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".md") {
            out.push(entry);
        }
    }
}

/// The paths to `.rs` files under a `tests` folder that `text` names.
fn named_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices(".rs") {
        let bytes = text.as_bytes();
        let end = i + 3;
        if bytes
            .get(end)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            continue;
        }
        let mut start = i;
        while start > 0 {
            let c = bytes[start - 1];
            if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'/' | b'-' | b'.') {
                start -= 1;
            } else {
                break;
            }
        }
        let path = &text[start..end];
        let first = path.split('/').next().unwrap_or("");
        if first == "tests" && !path.contains("..") {
            out.push(path.to_string());
        }
    }
    out
}

#[test]
fn every_rust_file_a_doc_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(root, &mut all);
    assert!(all.len() > 100, "read only {} files", all.len());
    // Every crate of the workspace (and the nested workspaces: fuzz/, tests/repro/…).
    let crates: Vec<&Path> = all
        .iter()
        .filter_map(|f| f.parent())
        .chain([root])
        .filter(|d| d.join("Cargo.toml").is_file())
        .collect();
    let mut missing = Vec::new();
    for file in &all {
        let text = std::fs::read_to_string(file).unwrap();
        for path in named_paths(&text) {
            if !crates.iter().any(|c| c.join(&path).exists()) {
                let rel = file.strip_prefix(root).unwrap_or(file);
                missing.push(format!("{}: {path}", rel.display()));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "files named that do not exist:\n  {}",
        missing.join("\n  ")
    );
}
