//! clang (`--target=nvptx64-nvidia-cuda`, CUDA device mode, no CUDA headers) as a second,
//! independent producer: it compiles the CUDA of every case of the golden corpus
//! (`tests/data/*.txt`) and must agree with NVRTC's recorded size, alignment, member offsets,
//! value image and kernel parameter declaration.
//!
//! Skips when clang is missing (fails instead under `PTX_ABI_REQUIRE_ORACLE=1`). Install it
//! with `apt-get install clang`, or point `PTX_ABI_CLANG` at one.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use oracle_tests::skip;
use ptx_abi_oracle::clang;
use ptx_abi_oracle::suite::{parse_data, Record};

/// Cases where clang and NVRTC disagree, each with the reason: `(case key, what differs)`.
/// The test fails if the set of disagreements found differs from this list, in either
/// direction. clang 14.0.6 agrees with NVRTC 12.9 on every case of the corpus.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[];

/// Cases per clang invocation.
const BATCH: usize = 400;

fn corpus() -> Vec<(String, Vec<Record>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let records = parse_data(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                records,
            )
        })
        .collect()
}

#[test]
fn clang_agrees_with_nvrtc() {
    let Some(clang) = clang::locate_clang() else {
        skip(
            "clang as a second producer",
            "clang not found (apt-get install clang, or set PTX_ABI_CLANG)",
        );
        return;
    };
    let version = clang::version(&clang);
    let corpus = corpus();
    let chunks: Vec<&[Record]> = corpus
        .iter()
        .flat_map(|(_, records)| records.chunks(BATCH))
        .collect();
    let total: usize = chunks.iter().map(|c| c.len()).sum();
    assert!(total >= 3000, "only {total} corpus cases");
    let found: Mutex<Vec<(String, Vec<String>, String)>> = Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(chunk) = chunks.get(i) else { break };
                let answers = clang::answers(&clang, chunk);
                for (r, a) in chunk.iter().zip(&answers) {
                    let d = match a {
                        Ok(a) => clang::differences(r, a),
                        Err(e) => vec![format!("clang cannot compile it: {}", first_lines(e, 6))],
                    };
                    if !d.is_empty() {
                        let src = format!(
                            "{}{}",
                            clang::PRELUDE,
                            format_args!("{}{}", r.cuda, clang::probe(r))
                        );
                        found.lock().unwrap().push((r.key.clone(), d, src));
                    }
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort();
    let mut unexpected = Vec::new();
    for (key, diffs, src) in &found {
        if !KNOWN_DISAGREEMENTS.iter().any(|(k, _)| k == key) {
            eprintln!(
                "\n==== clang disagrees with NVRTC on case {key}:\n  - {}\n{src}",
                diffs.join("\n  - ")
            );
            unexpected.push(key.as_str());
        }
    }
    let gone: Vec<&str> = KNOWN_DISAGREEMENTS
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !found.iter().any(|(f, _, _)| f == k))
        .collect();
    let _ = writeln!(
        std::io::stderr(),
        "clang ({version}) vs NVRTC: {total} corpus cases compared, {} disagreements ({} documented)",
        found.len(),
        KNOWN_DISAGREEMENTS.len()
    );
    assert!(
        unexpected.is_empty(),
        "clang disagrees with NVRTC on undocumented cases {unexpected:?}"
    );
    assert!(
        gone.is_empty(),
        "documented disagreements no longer occur: {gone:?}"
    );
}

/// The first `n` lines of `text` (clang's crash reports are long).
fn first_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().take(n).collect();
    lines.join("\n    ")
}
