//! ARCHITECTURE.md's "Arrows between rooms", enforced.
//!
//! Reads every `.rs` file under `ptx-abi-core/src/` (comments, doc comments and literals left
//! out), collects the paths each one names (`crate::…`, `super::…`, `self::…` and a child module
//! named bare, in `use` lines and in code alike) and checks that
//!
//! - (a) every arrow from one room to another is in [`ALLOWED`], the table ARCHITECTURE.md shows;
//! - (b) no module of core names `__private` (it is only for generated code);
//! - (c) no path goes through the crate root's re-exports: after `crate::` comes a room or module
//!   (or a `#[macro_export]` macro, which only exists at the root), never `crate::PtxAbi`;
//! - (d) no two files import each other (paths resolved to the file that defines the item,
//!   through `mod.rs` re-exports).
//!
//! Plain std, no dependencies; the checker is tested on small in-memory trees at the end.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Room → the rooms (or modules of a room, `abi::itanium`) it may name. Mirrors the block in
/// ARCHITECTURE.md; change both together.
const ALLOWED: &[(&str, &[&str])] = &[
    ("layout", &[]),
    ("types", &["layout", "codec"]),
    ("codec", &["layout"]),
    ("params", &["layout", "codec", "types"]),
    ("report", &["layout", "codec", "types::cuda"]),
    ("abi", &["layout", "params", "types"]),
    // Optional `bytemuck` / `cudarc` impls for the types of every room that has some.
    ("integrations", &["layout", "types", "codec", "params"]),
    // Only re-exports for generated code: it may name anything.
    (
        "__private",
        &[
            "layout",
            "types",
            "codec",
            "params",
            "report",
            "abi",
            "integrations",
        ],
    ),
];

/// The table itself has no loop between rooms (issue 32): following its arrows from any room
/// never comes back to it, so every room can be read after the rooms it names.
#[test]
fn the_allowed_arrows_have_no_loop() {
    let room = |name: &str| name.split("::").next().unwrap_or(name).to_string();
    let next: BTreeMap<String, Vec<String>> = ALLOWED
        .iter()
        .filter(|(from, _)| *from != "__private")
        .map(|(from, to)| (from.to_string(), to.iter().map(|t| room(t)).collect()))
        .collect();
    for start in next.keys() {
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        while let Some((at, path)) = stack.pop() {
            for to in next.get(&at).into_iter().flatten() {
                assert!(to != start, "a loop: {} -> {to}", path.join(" -> "));
                if !path.contains(to) {
                    let mut longer = path.clone();
                    longer.push(to.clone());
                    stack.push((to.clone(), longer));
                }
            }
        }
    }
}

#[test]
fn core_keeps_its_arrows() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    read_tree(&src, &src, &mut files);
    assert!(
        files.len() > 40,
        "read only {} files under {src:?}",
        files.len()
    );
    let report = check(&files);
    let arrows: Vec<String> = report
        .arrows
        .iter()
        .map(|(from, to)| {
            format!(
                "{from} -> {}",
                to.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    println!("arrows between rooms:\n  {}", arrows.join("\n  "));
    assert!(
        report.violations.is_empty(),
        "forbidden arrows in ptx-abi-core/src (see ARCHITECTURE.md, \"Arrows between rooms\"):\n  {}",
        report.violations.join("\n  ")
    );
}

fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_tree(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap();
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_str().unwrap())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// What [`check`] found.
struct Report {
    /// Room → the rooms it names (the first segment after `crate::`).
    arrows: BTreeMap<String, BTreeSet<String>>,
    /// One line per broken rule, with file and line.
    violations: Vec<String>,
}

/// One path a file names, resolved from the crate root.
struct Ref {
    line: usize,
    /// Written as `crate::…` (or `$crate::…`).
    from_crate: bool,
    /// Written as `$crate::…`: in a `macro_rules!` body, a template for other crates' code.
    in_macro: bool,
    /// In a `pub use` at the top of the file: a re-export.
    reexport: bool,
    /// Segments from the crate root; the last may be `*`.
    path: Vec<String>,
}

/// Runs every check on `files`: (path relative to `src/`, text).
fn check(files: &[(String, String)]) -> Report {
    let modules: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|(f, _)| (module_of(f), f.clone()))
        .collect();
    // The rooms and modules `lib.rs` declares.
    let root_modules: BTreeSet<String> = files
        .iter()
        .filter(|(f, _)| f == "lib.rs")
        .flat_map(|(_, t)| {
            let toks = tokens(&strip(t));
            toks.windows(3)
                .filter(|w| w[0].text == "mod" && w[2].text == ";")
                .map(|w| w[1].text.clone())
                .collect::<Vec<_>>()
        })
        .collect();
    let mut macros = BTreeSet::new();
    let mut refs: BTreeMap<String, Vec<Ref>> = BTreeMap::new();
    for (file, text) in files {
        let toks = tokens(&strip(text));
        macros.extend(exported_macros(&toks));
        refs.insert(file.clone(), paths(&module_of(file), &toks));
    }
    // Re-exports per module: name → target (`*` for a glob).
    let mut reexports: BTreeMap<Vec<String>, Vec<(String, Vec<String>)>> = BTreeMap::new();
    for (file, rs) in &refs {
        for r in rs.iter().filter(|r| r.reexport) {
            let name = r.path.last().unwrap().clone();
            reexports
                .entry(module_of(file))
                .or_default()
                .push((name, r.path.clone()));
        }
    }
    let defined: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|(f, t)| (module_of(f), strip(t)))
        .collect();

    let mut report = Report {
        arrows: BTreeMap::new(),
        violations: Vec::new(),
    };
    let mut edges: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (file, rs) in &refs {
        let room = module_of(file).first().cloned();
        for r in rs {
            let first = &r.path[0];
            if r.from_crate && !root_modules.contains(first) && !macros.contains(first) {
                report.violations.push(format!(
                    "{file}:{}: `crate::{}` goes through the crate root's re-exports; name the room (c)",
                    r.line,
                    r.path.join("::")
                ));
                continue;
            }
            let Some(room) = &room else { continue };
            // A `#[macro_export]` macro's `$crate::__private::v1::cudarc` is how the code it
            // writes into a user's crate reaches core's dependencies: not an arrow of core.
            if r.in_macro && first == "__private" {
                continue;
            }
            if first == "__private" && room != "__private" {
                report.violations.push(format!(
                    "{file}:{}: `__private` is only for generated code (b)",
                    r.line
                ));
                continue;
            }
            if root_modules.contains(first) && first != room {
                report
                    .arrows
                    .entry(room.clone())
                    .or_default()
                    .insert(first.clone());
                let allowed = ALLOWED
                    .iter()
                    .find(|(from, _)| from == room)
                    .map_or(&[][..], |(_, to)| *to);
                let ok = allowed.iter().any(|to| {
                    let to: Vec<&str> = to.split("::").collect();
                    r.path.len() >= to.len() && to.iter().zip(&r.path).all(|(a, b)| a == b)
                });
                if !ok {
                    report.violations.push(format!(
                        "{file}:{}: {room} -> `crate::{}` is not an arrow ARCHITECTURE.md allows (a)",
                        r.line,
                        r.path.join("::")
                    ));
                }
            }
            if let Some(target) = resolve(&r.path, &modules, &reexports, &defined, 0) {
                if &target != file && !r.reexport {
                    edges.entry((file.clone(), target)).or_insert(r.line);
                }
            }
        }
    }
    for ((a, b), line) in &edges {
        if a < b {
            if let Some(back) = edges.get(&(b.clone(), a.clone())) {
                report
                    .violations
                    .push(format!("{a}:{line} and {b}:{back} import each other (d)"));
            }
        }
    }
    report
}

/// The module a file under `src/` is: `layout/desc.rs` → `[layout, desc]`, `layout/mod.rs` →
/// `[layout]`, `lib.rs` → `[]`.
fn module_of(file: &str) -> Vec<String> {
    let mut segs: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(segs.last().map(String::as_str), Some("mod" | "lib")) {
        segs.pop();
    }
    segs
}

/// The file that defines what `path` names, following `pub use` re-exports of `mod.rs` files.
fn resolve(
    path: &[String],
    modules: &BTreeMap<Vec<String>, String>,
    reexports: &BTreeMap<Vec<String>, Vec<(String, Vec<String>)>>,
    defined: &BTreeMap<Vec<String>, String>,
    depth: usize,
) -> Option<String> {
    let n = (0..=path.len())
        .rev()
        .find(|&n| modules.contains_key(&path[..n]))?;
    let module = &path[..n];
    let file = modules[module].clone();
    let Some(item) = path.get(n) else {
        return Some(file);
    };
    if depth > 8 || item == "*" {
        return Some(file);
    }
    for (name, target) in reexports.get(module).into_iter().flatten() {
        if name == item {
            return resolve(target, modules, reexports, defined, depth + 1);
        }
        if name == "*" {
            let glob = &target[..target.len() - 1];
            if let Some(text) = modules.get(glob).and_then(|_| defined.get(glob)) {
                if defines(text, item) {
                    let mut t = glob.to_vec();
                    t.push(item.clone());
                    return resolve(&t, modules, reexports, defined, depth + 1);
                }
            }
        }
    }
    Some(file)
}

/// Whether stripped source `text` defines an item called `name`.
fn defines(text: &str, name: &str) -> bool {
    let toks = tokens(text);
    toks.windows(2).any(|w| {
        w[1].text == name
            && matches!(
                w[0].text.as_str(),
                "struct" | "enum" | "union" | "trait" | "fn" | "const" | "static" | "type" | "mod"
            )
    })
}

/// Source with comments, doc comments, strings and character literals blanked (newlines kept).
fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(i + k).copied().unwrap_or('\0');
        if at(0) == '/' && at(1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if at(0) == '/' && at(1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    blank(&mut out, ' ');
                    i += 1;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    blank(&mut out, ' ');
                    i += 1;
                    if depth == 0 {
                        blank(&mut out, ' ');
                        i += 1;
                        break;
                    }
                }
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if (at(0) == 'r' || (at(0) == 'b' && at(1) == 'r')) && !prev_is_ident(&c, i) && {
            let s = if at(0) == 'b' { 1 } else { 0 };
            let mut k = s + 1;
            while at(k) == '#' {
                k += 1;
            }
            at(k) == '"'
        } {
            // Raw string: r#"…"#.
            let s = if at(0) == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while at(s + hashes) == '#' {
                hashes += 1;
            }
            i += s + hashes + 1;
            out.push('"');
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (1..=hashes).all(|h| c.get(i + h) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
            out.push('"');
        } else if at(0) == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if at(0) == '\'' && (at(1) == '\\' || at(2) == '\'') {
            // A character literal ('x', '\'', '\u{..}'), not a lifetime.
            out.push('\'');
            i += 1;
            if c[i] == '\\' {
                i += 1;
            }
            i += 1;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            out.push('\'');
            i += 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

struct Tok {
    text: String,
    line: usize,
}

/// Identifiers (and `$crate`), `::`, and single punctuation characters.
fn tokens(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' || ch == '$' {
            let s = i;
            i += 1;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok {
                text: c[s..i].iter().collect(),
                line,
            });
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Tok {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Tok {
                text: ch.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// `#[macro_export] macro_rules! name`: names that exist only at the crate root.
fn exported_macros(toks: &[Tok]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.text == "macro_export" {
            if let Some(j) = (i..toks.len().min(i + 8)).find(|&j| toks[j].text == "macro_rules") {
                if let Some(name) = toks.get(j + 2) {
                    out.push(name.text.clone());
                }
            }
        }
    }
    out
}

/// Every path a file names, resolved against `module` (the file's own module) and the inline
/// modules (`mod tests { … }`) it is written in.
fn paths(module: &[String], toks: &[Tok]) -> Vec<Ref> {
    // Child modules declared with `mod x;` may be named bare (`x::Y`).
    let children: BTreeSet<&str> = toks
        .windows(3)
        .filter(|w| w[0].text == "mod" && w[2].text == ";")
        .map(|w| w[1].text.as_str())
        .collect();
    let mut out = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    // Where the current `use` item began, and whether it is a top-level `pub use`.
    let mut in_use: Option<bool> = None;
    while i < toks.len() {
        let t = toks[i].text.as_str();
        match t {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            ";" => in_use = None,
            "mod" => {
                if let (Some(name), Some(open)) = (toks.get(i + 1), toks.get(i + 2)) {
                    if open.text == "{" {
                        inline.push((name.text.clone(), depth));
                        depth += 1;
                        i += 3;
                        continue;
                    }
                }
            }
            "use" => {
                let vis = i > 0 && matches!(toks[i - 1].text.as_str(), "pub" | ")");
                in_use = Some(vis && inline.is_empty() && depth == 0);
            }
            _ => {}
        }
        let after_sep = i > 0 && toks[i - 1].text == "::";
        let next_sep = toks.get(i + 1).is_some_and(|n| n.text == "::");
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        let base = if after_sep || !next_sep {
            None
        } else if t == "crate" || t == "$crate" {
            Some((Vec::new(), true))
        } else if t == "super" {
            let mut b = here.clone();
            let mut k = i;
            b.pop();
            while toks.get(k + 2).is_some_and(|n| n.text == "super")
                && toks.get(k + 3).is_some_and(|n| n.text == "::")
            {
                b.pop();
                k += 2;
            }
            i = k;
            Some((b, false))
        } else if t == "self" {
            Some((here.clone(), false))
        } else if inline.is_empty() && children.contains(t) {
            let mut b = here.clone();
            b.push(t.to_string());
            Some((b, false))
        } else {
            None
        };
        if let Some((base, from_crate)) = base {
            let line = toks[i].line;
            let mut found = Vec::new();
            let end = tree(toks, i + 2, base, &mut found);
            for path in found {
                if !path.is_empty() {
                    out.push(Ref {
                        line,
                        from_crate,
                        in_macro: t == "$crate",
                        reexport: in_use == Some(true),
                        path,
                    });
                }
            }
            i = end.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// Parses a path tree (`a::b`, `a::{b, c::d}`, `a::*`, `a as b`) starting at `i` below
/// `prefix`; pushes every leaf path to `out` and returns the index after the tree.
fn tree(toks: &[Tok], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    loop {
        let Some(t) = toks.get(i) else {
            out.push(path);
            return i;
        };
        match t.text.as_str() {
            "{" => {
                i += 1;
                loop {
                    match toks.get(i).map(|t| t.text.as_str()) {
                        None => return i,
                        Some("}") => return i + 1,
                        Some(",") => i += 1,
                        _ => i = tree(toks, i, path.clone(), out),
                    }
                }
            }
            "*" => {
                path.push("*".into());
                out.push(path);
                return i + 1;
            }
            "self" => {
                out.push(path);
                return skip_alias(toks, i + 1);
            }
            s if s.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                path.push(s.to_string());
                if toks.get(i + 1).is_some_and(|n| n.text == "::")
                    && toks
                        .get(i + 2)
                        .is_some_and(|n| n.text != "<" && n.text != "super")
                {
                    i += 2;
                } else {
                    out.push(path);
                    return skip_alias(toks, i + 1);
                }
            }
            _ => {
                out.push(path);
                return i;
            }
        }
    }
}

fn skip_alias(toks: &[Tok], i: usize) -> usize {
    if toks.get(i).is_some_and(|t| t.text == "as") {
        i + 2
    } else {
        i
    }
}

#[cfg(test)]
mod checker {
    use super::*;

    fn tree_of(files: &[(&str, &str)]) -> Vec<(String, String)> {
        files
            .iter()
            .map(|(f, t)| (f.to_string(), t.to_string()))
            .collect()
    }

    const LIB: &str = "pub mod layout; pub mod codec; pub mod params; pub mod report;
        #[doc(hidden)] pub mod __private; pub use layout::desc::TypeDesc;";
    const LAYOUT: &str = "pub mod desc;";
    const DESC: &str = "pub struct TypeDesc;";

    #[test]
    fn a_clean_tree_passes() {
        let files = tree_of(&[
            ("lib.rs", LIB),
            ("layout/mod.rs", LAYOUT),
            ("layout/desc.rs", DESC),
            (
                "codec/mod.rs",
                "// crate::PtxAbi in a comment, \"crate::report\" in a string\n\
                 /// [`crate::TypeDesc`]\n\
                 use crate::layout::desc::TypeDesc; pub trait PtxAbi { const C: char = '\"'; }",
            ),
        ]);
        let report = check(&files);
        assert!(report.violations.is_empty(), "{:?}", report.violations);
        assert_eq!(
            report.arrows["codec"].iter().collect::<Vec<_>>(),
            ["layout"]
        );
    }

    #[test]
    fn a_forbidden_arrow_is_reported() {
        let files = tree_of(&[
            ("lib.rs", LIB),
            ("layout/mod.rs", LAYOUT),
            (
                "layout/desc.rs",
                "pub struct TypeDesc; fn f() { crate::report::rows(); }",
            ),
            ("report/mod.rs", "pub fn rows() {}"),
        ]);
        let v = check(&files).violations;
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(
            v[0].starts_with("layout/desc.rs:1: layout -> `crate::report::rows`"),
            "{v:?}"
        );
    }

    #[test]
    fn private_root_reexports_and_cycles_are_reported() {
        let files = tree_of(&[
            ("lib.rs", LIB),
            ("layout/mod.rs", LAYOUT),
            ("layout/desc.rs", DESC),
            (
                "codec/mod.rs",
                "mod a; mod b;\nuse crate::TypeDesc;\nuse crate::__private::v1;",
            ),
            ("codec/a.rs", "use super::b::B; pub struct A;"),
            ("codec/b.rs", "pub struct B; fn f() { super::a::A; }"),
        ]);
        let v = check(&files).violations;
        assert_eq!(v.len(), 3, "{v:?}");
        assert!(
            v[0].contains("codec/mod.rs:2: `crate::TypeDesc` goes through"),
            "{v:?}"
        );
        assert!(v[1].contains("codec/mod.rs:3: `__private`"), "{v:?}");
        assert!(
            v[2].contains("codec/a.rs:1 and codec/b.rs:1 import each other"),
            "{v:?}"
        );
    }

    #[test]
    fn reexports_in_mod_rs_resolve_to_the_defining_file() {
        let files = tree_of(&[
            ("lib.rs", "pub mod params;"),
            (
                "params/mod.rs",
                "mod buffer; mod launch; pub use buffer::Buffer; pub use launch::*;",
            ),
            ("params/buffer.rs", "use super::Launch; pub struct Buffer;"),
            (
                "params/launch.rs",
                "pub struct Launch; fn f() { crate::params::Buffer; }",
            ),
        ]);
        let v = check(&files).violations;
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].contains("params/buffer.rs:1 and params/launch.rs:1 import each other"));
    }
}
