//! ARCHITECTURE.md: `ptx-abi-nvtools` is a leaf of the workspace. Core's feature `nvrtc`, the
//! importer, the oracle and xtask all depend on it, so it may depend on none of them (a cycle
//! for core, and a published crate cannot depend on the unpublished oracle).

/// The names of the `[dependencies]`-like tables' entries in `manifest`.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line
                .trim_matches(|c| c == '[' || c == ']')
                .ends_with("dependencies");
            continue;
        }
        if in_deps && !line.is_empty() && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                out.push(name.trim().trim_end_matches(".workspace").to_string());
            }
        }
    }
    out
}

#[test]
fn nvtools_depends_on_no_crate_of_the_workspace() {
    let manifest = include_str!("../Cargo.toml");
    let deps = dependencies(manifest);
    assert!(deps.contains(&"libloading".to_string()), "{deps:?}");
    let workspace: Vec<&String> = deps
        .iter()
        .filter(|d| d.starts_with("ptx-abi") || d.starts_with("oracle") || *d == "xtask")
        .collect();
    assert!(
        workspace.is_empty(),
        "ptx-abi-nvtools must stay a leaf (ARCHITECTURE.md), but depends on {workspace:?}"
    );
}

#[test]
fn the_reader_sees_a_workspace_dependency() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\nlibloading = \"0.9\"\n\
                    ptx-abi-core.workspace = true\n[dev-dependencies]\noracle = { path = \"o\" }\n";
    assert_eq!(
        dependencies(manifest),
        ["libloading", "ptx-abi-core", "oracle"]
    );
}
