//! The seed corpus, made from the repository at start-up (each target's `init`), so that it
//! follows the sources: the PTX the tests quote (string literals holding `.entry`, `.func` or
//! `.version` in the files of [`PTX_SOURCES`], compiled in), the signatures ptx-abi writes for
//! the kernel structs of [`crate::types`], the images of [`crate::types::samples`], and clang's
//! JSON AST of the repository's CUDA headers ([`HEADERS`]) when a clang is found
//! (`ptx_abi_import::clang::Clang::locate_in`, as the importer finds it), else one small dump kept
//! in `fuzz/seeds/`.
//!
//! They are written into the first directory given on the command line, the corpus that
//! libFuzzer reads and adds to (`cargo fuzz run` and `cargo xtask fuzz` both give one), as
//! `seed-<name>` files; nothing is written when the binary is given a file (a reproduction).

use std::path::{Path, PathBuf};

use ptx_abi::entry_signature;
use ptx_abi::params::KernelParams;

use crate::types::{KArgs, ScaleArgs, StepArgs};

/// Source files whose string literals hold the PTX the tests quote.
pub const PTX_SOURCES: &[(&str, &str)] = &[
    (
        "params-read",
        include_str!("../../ptx-abi-core/src/params/read.rs"),
    ),
    (
        "params-check",
        include_str!("../../ptx-abi-core/src/params/check.rs"),
    ),
    (
        "params-signature",
        include_str!("../../ptx-abi-core/src/params/signature.rs"),
    ),
    (
        "params-call",
        include_str!("../../ptx-abi-core/src/params/call.rs"),
    ),
    (
        "params-decl",
        include_str!("../../ptx-abi-core/src/params/decl.rs"),
    ),
    ("oracle-ptx", include_str!("../../oracle/src/ptx.rs")),
    ("tests-params", include_str!("../../tests/params.rs")),
    (
        "tests-address32",
        include_str!("../../tests/data_nvrtc/address32.rs"),
    ),
    (
        "tests-call-module",
        include_str!("../../tests/common/call_module.rs"),
    ),
    (
        "oracle-tests-regressions",
        include_str!("../../oracle-tests/tests/regressions.rs"),
    ),
];

/// The repository's CUDA headers: the importer's checks and examples.
pub const HEADERS: &[(&str, &str)] = &[
    (
        "particle.cuh",
        include_str!("../../ptx-abi-import/examples/kernels/particle.cuh"),
    ),
    ("bvh.cuh", include_str!("../../examples/kernels/bvh.cuh")),
    (
        "bindgen_1160.cuh",
        include_str!("../../ptx-abi-import/checks/headers/bindgen_1160.cuh"),
    ),
    (
        "bindgen_1947.cuh",
        include_str!("../../ptx-abi-import/checks/headers/bindgen_1947.cuh"),
    ),
    (
        "bindgen_3238.cuh",
        include_str!("../../ptx-abi-import/checks/headers/bindgen_3238.cuh"),
    ),
    (
        "bindgen_3384.cuh",
        include_str!("../../ptx-abi-import/checks/headers/bindgen_3384.cuh"),
    ),
    (
        "bindgen_743.cuh",
        include_str!("../../ptx-abi-import/checks/headers/bindgen_743.cuh"),
    ),
    (
        "bindgen_981.cuh",
        include_str!("../../ptx-abi-import/checks/headers/bindgen_981.cuh"),
    ),
    (
        "cxx_types.cuh",
        include_str!("../../ptx-abi-import/checks/headers/cxx_types.cuh"),
    ),
    (
        "names_cxx.cuh",
        include_str!("../../ptx-abi-import/checks/headers/names_cxx.cuh"),
    ),
    (
        "real_alignedtypes.cuh",
        include_str!("../../ptx-abi-import/checks/headers/real_alignedtypes.cuh"),
    ),
    (
        "real_c_typedefs.cuh",
        include_str!("../../ptx-abi-import/checks/headers/real_c_typedefs.cuh"),
    ),
    (
        "real_curand.cuh",
        include_str!("../../ptx-abi-import/checks/headers/real_curand.cuh"),
    ),
    (
        "real_dxtc.cuh",
        include_str!("../../ptx-abi-import/checks/headers/real_dxtc.cuh"),
    ),
    (
        "real_optix.cuh",
        include_str!("../../ptx-abi-import/checks/headers/real_optix.cuh"),
    ),
    (
        "real_pytorch.cuh",
        include_str!("../../ptx-abi-import/checks/headers/real_pytorch.cuh"),
    ),
    (
        "tamper_particle.cuh",
        include_str!("../../ptx-abi-import/checks/headers/tamper_particle.cuh"),
    ),
];

/// clang's dump of `particle.cuh` as [`prune`] leaves it: the AST seed when no clang is found.
/// A run of the `import_ast` target with a clang writes it as
/// `seed-particle.cuh.json` in its corpus directory; copy that here when the importer's
/// stand-ins or the header change.
const FALLBACK_AST: &str = include_str!("../seeds/import_ast/particle.json");

/// Writes the seeds of `target` into the corpus directory the binary was given (see the
/// module's documentation); says on stderr how many, or why none.
pub fn write(target: &str) {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let seeds = match target {
        "ptx_reader" => ptx(),
        "check_entry" => ptx()
            .into_iter()
            .chain(crate::check_model::seeds())
            .collect(),
        "decode" => crate::decode_inputs(),
        "import_ast" => ast(),
        other => panic!("no seeds for a target named `{other}`"),
    };
    let mut written = 0;
    for (name, bytes) in &seeds {
        let path = dir.join(format!("seed-{name}"));
        if std::fs::read(&path).is_ok_and(|old| old == *bytes) {
            continue;
        }
        match std::fs::write(&path, bytes) {
            Ok(()) => written += 1,
            Err(e) => eprintln!("ptx-abi-fuzz: cannot write {}: {e}", path.display()),
        }
    }
    eprintln!(
        "ptx-abi-fuzz: {} seeds of `{target}` in {} ({written} written now)",
        seeds.len(),
        dir.display()
    );
}

/// The first command-line argument that is not a libFuzzer flag, when it is a directory.
fn corpus_dir() -> Option<PathBuf> {
    std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(PathBuf::from)
        .filter(|p| p.is_dir())
}

/// The PTX seeds: every quoted module, and a module per kernel struct at both address sizes.
pub fn ptx() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (file, text) in PTX_SOURCES {
        for (k, lit) in string_literals(text).into_iter().enumerate() {
            if [".entry", ".func", ".version"]
                .iter()
                .any(|w| lit.contains(w))
            {
                out.push((format!("{file}-{k}.ptx"), lit.into_bytes()));
            }
        }
    }
    for (name, sig) in [
        (KArgs::KERNEL, entry_signature::<KArgs>()),
        (StepArgs::KERNEL, entry_signature::<StepArgs>()),
        (ScaleArgs::KERNEL, entry_signature::<ScaleArgs>()),
    ] {
        for bits in [64, 32] {
            let module = format!(
                "//\n// Generated by ptx-abi\n//\n.version 8.8\n.target sm_90\n.address_size {bits}\n\n\t\
                 // .globl\t{name}\n{sig}\n{{\n\t.reg .b32 \t%r<2>;\n\tret;\n\n}}\n"
            );
            out.push((format!("{name}-{bits}.ptx"), module.into_bytes()));
        }
    }
    out
}

/// The string literals of a Rust source, unescaped (`"…"`, `r"…"`, `r#"…"#`); format strings'
/// `{{` and `}}` become `{` and `}`.
pub fn string_literals(src: &str) -> Vec<String> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = src[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = src[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
            }
            b'r' if (i == 0 || !ident(b[i - 1])) && matches!(b.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                let open = i + 1 + hashes;
                if b.get(open) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                match src[open + 1..].find(&close) {
                    Some(n) => {
                        out.push(unbrace(&src[open + 1..open + 1 + n]));
                        i = open + 1 + n + close.len();
                    }
                    None => break,
                }
            }
            b'\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a).
                if b.get(i + 1) == Some(&b'\\') {
                    i = src[i + 2..].find('\'').map_or(b.len(), |n| i + 2 + n + 1);
                } else {
                    let c = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                    i += if b.get(i + 1 + c) == Some(&b'\'') {
                        c + 2
                    } else {
                        1
                    };
                }
            }
            b'"' => {
                let (lit, end) = unescape(&src[i + 1..]);
                out.push(unbrace(&lit));
                i += 1 + end;
            }
            _ => i += 1,
        }
    }
    out
}

/// Reads a string literal's body up to its closing `"`; returns the text and the length read
/// (the `"` included).
fn unescape(s: &str) -> (String, usize) {
    let mut out = String::new();
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, i + 1),
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, 'r')) => out.push('\r'),
                Some((_, '0')) => out.push('\0'),
                Some((_, '\n')) => {
                    while chars.peek().is_some_and(|(_, c)| c.is_whitespace()) {
                        chars.next();
                    }
                }
                Some((_, c)) => out.push(c),
                None => break,
            },
            _ => out.push(c),
        }
    }
    (out, s.len())
}

fn unbrace(s: &str) -> String {
    s.replace("{{", "{").replace("}}", "}")
}

/// The AST seeds: clang's dump of every header of [`HEADERS`] when a clang is found, each less
/// its implicit declarations; the kept dump of `particle.cuh` otherwise.
pub fn ast() -> Vec<(String, Vec<u8>)> {
    let mut out = vec![(
        "particle-kept.json".to_string(),
        FALLBACK_AST.as_bytes().to_vec(),
    )];
    let caches = ptx_abi_import::default_caches();
    let Some(clang) = ptx_abi_import::clang::Clang::locate_in(&caches) else {
        eprintln!(
            "ptx-abi-fuzz: no clang found (PTX_ABI_CLANG, PTX_ABI_ZIG, `cargo xtask clang`): the \
             AST seeds are the one dump kept in fuzz/seeds/"
        );
        return out;
    };
    let dir = std::env::temp_dir().join(format!("ptx-abi-fuzz-seeds-{}", std::process::id()));
    match dumps(&clang, &dir) {
        Ok(dumps) => out.extend(dumps),
        Err(e) => eprintln!("ptx-abi-fuzz: clang's AST seeds: {e}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Runs `clang` on every header of [`HEADERS`] in `dir` (stand-ins in `dir/standins/`, as the
/// importer lays them out).
fn dumps(
    clang: &ptx_abi_import::clang::Clang,
    dir: &Path,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let standins = dir.join("standins");
    let headers = dir.join("headers");
    for d in [&standins, &headers] {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    // The stand-ins without a CUDA include directory (the fuzzer's headers give none).
    ptx_abi_import::clang::write_standins(
        &standins,
        ptx_abi::layout::cuda_version::CudaVersion::DEFAULT,
        false,
    )
    .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (name, text) in HEADERS {
        let path = headers.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        match ptx_abi_import::clang::ast_json(clang, &standins, &path, &[]) {
            // Paths under `/seeds/`, so that a dump does not change from run to run.
            Ok(json) => out.push((
                format!("{name}.json"),
                prune(&json)
                    .replace(&dir.display().to_string(), "/seeds")
                    .into_bytes(),
            )),
            Err(e) => eprintln!("ptx-abi-fuzz: clang rejects {name}: {e}"),
        }
    }
    Ok(out)
}

/// The dump less what the headers do not use: clang's implicit declarations (`__int128_t`,
/// builtins) and the stand-in headers' declarations whose names the headers' declarations do
/// not mention (most of CUDA's vector types), which make nearly all of its bytes. A kept
/// declaration whose file clang left implicit (the dump omits a location's `file` when it is
/// the previous location's) gets it written out.
pub fn prune(json: &str) -> String {
    use serde_json::Value;
    let Ok(mut root) = serde_json::from_str::<Value>(json) else {
        return json.to_string();
    };
    let Some(inner) = root.get_mut("inner").and_then(Value::as_array_mut) else {
        return json.to_string();
    };
    inner.retain(|node| node.get("isImplicit").and_then(Value::as_bool) != Some(true));
    // The file of each top-level declaration, replaying the omitted ones.
    let mut files = Vec::with_capacity(inner.len());
    let mut cur = String::new();
    for node in inner.iter() {
        let before = cur.clone();
        replay(node, &mut cur);
        // A declaration is in the file its own location names (the first one it sets).
        let mut first = before;
        first_file(node, &mut first);
        files.push(first);
    }
    let standin = |f: &str| f.is_empty() || f.contains("/standins/");
    let mut words = std::collections::HashSet::new();
    for (node, file) in inner.iter().zip(&files) {
        if !standin(file) {
            let text = node.to_string();
            words.extend(
                text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map(str::to_string),
            );
        }
    }
    let mut kept = Vec::new();
    let mut last = String::new();
    for (mut node, file) in std::mem::take(inner).into_iter().zip(files) {
        let used = node
            .get("name")
            .and_then(Value::as_str)
            .is_some_and(|n| words.contains(n));
        if standin(&file) && !used {
            continue;
        }
        if file != last {
            if let Some(loc) = node.get_mut("loc").and_then(Value::as_object_mut) {
                let at = match loc.get_mut("expansionLoc").and_then(Value::as_object_mut) {
                    Some(e) => e,
                    None => loc,
                };
                at.insert("file".into(), Value::String(file.clone()));
            }
            last = file;
        }
        kept.push(node);
    }
    *inner = kept;
    serde_json::to_string(&root).unwrap_or_else(|_| json.to_string())
}

/// Replays the locations of `v` in the order ptx-abi-import's reader does (`loc`, with its
/// spelling then expansion location, `range`'s begin and end, then `inner`), leaving in `cur`
/// the file the next location starts from.
fn replay(v: &serde_json::Value, cur: &mut String) {
    fn step(l: &serde_json::Value, cur: &mut String) {
        if let Some(s) = l.get("spellingLoc") {
            step(s, cur);
        }
        if let Some(e) = l.get("expansionLoc") {
            step(e, cur);
            return;
        }
        if let Some(f) = l.get("file").and_then(serde_json::Value::as_str) {
            *cur = f.to_string();
        }
    }
    if let Some(a) = v.as_array() {
        a.iter().for_each(|c| replay(c, cur));
        return;
    }
    if let Some(l) = v.get("loc") {
        step(l, cur);
    }
    if let Some(r) = v.get("range") {
        for end in ["begin", "end"] {
            if let Some(l) = r.get(end) {
                step(l, cur);
            }
        }
    }
    if let Some(inner) = v.get("inner") {
        replay(inner, cur);
    }
}

/// The file of a declaration's own location: `cur` updated by its `loc` alone.
fn first_file(v: &serde_json::Value, cur: &mut String) {
    if let Some(l) = v.get("loc") {
        let mut probe = serde_json::json!({ "loc": l });
        if let Some(o) = probe.as_object_mut() {
            o.remove("inner");
        }
        replay(&probe, cur);
    }
}
