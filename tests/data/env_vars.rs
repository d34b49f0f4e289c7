//! Issue 32: every `PTX_ABI_…` environment variable the workspace reads is in the README's
//! "Environment variables" section, and that section names none that nothing reads.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The Rust files, leaving out every `data` folder.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    crate::doc_paths::walk(
        dir,
        |d| d.file_name().is_some_and(|n| n == "data"),
        |n| n.ends_with(".rs"),
        out,
    );
}

/// The `PTX_ABI_…` names in `text` that are followed by `quote` (`"` for a string literal in
/// Rust, `` ` `` for a name in Markdown's code spans).
fn names(text: &str, quote: char) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("PTX_ABI_") {
        let before = text[..i].chars().next_back();
        if before != Some(quote) {
            continue;
        }
        let rest = &text[i..];
        let end = rest
            .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(rest.len());
        if rest[end..].starts_with(quote) {
            out.insert(rest[..end].to_string());
        }
    }
    out
}

/// C macros the generated checks and the importer's prelude test for are whole string
/// literals too; they are C identifiers, not variables anyone sets.
const C_MACROS: &[&str] = &[
    "PTX_ABI_BITFIELD_PROBES",
    "PTX_ABI_BITFIELD_SETTER",
    "PTX_ABI_IMPORT_HOST_LIBRARY",
];

#[test]
fn every_environment_variable_is_in_the_readme() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &mut files);
    assert!(files.len() > 100, "read only {} files", files.len());
    let mut read = BTreeSet::new();
    for f in &files {
        if f.ends_with(file!()) {
            continue;
        }
        read.extend(names(&std::fs::read_to_string(f).unwrap(), '"'));
    }
    for m in C_MACROS {
        assert!(
            read.remove(*m),
            "{m} is no longer generated: drop it from C_MACROS"
        );
    }
    assert!(read.len() >= 25, "found only {read:?}");

    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme
        .find("\n## Environment variables\n")
        .expect("README.md has an Environment variables section");
    let section = &readme[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let documented = names(section, '`');

    let missing: Vec<_> = read.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "read by the code but not in the README's table: {missing:?}"
    );
    let stale: Vec<_> = documented.difference(&read).collect();
    assert!(
        stale.is_empty(),
        "in the README's table but read by nothing: {stale:?}"
    );
}
