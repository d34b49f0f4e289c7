//! Golden corpus through the layout engine: every case of `tests/data/` (NVIDIA's recorded
//! answers), its types described at run time (`oracle_tests::engine`), checked for size,
//! alignment, member offsets, the image of its value, the decoding of NVRTC's image and its
//! `.param` declarations. Then, with NVRTC, ptx-abi's CUDA header of every top type must
//! compile (its `static_assert`s pin each layout on the nvcc side).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use oracle_tests::{check_cuda_header, engine, say};
use ptx_abi_oracle::corpus::{case_of, check_probe, REGENERATE};
use ptx_abi_oracle::suite::parse_data;

/// The data files of the corpus, in name order: `(name, text)`.
fn data_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name, text)
        })
        .collect()
}

#[test]
fn corpus_engine() {
    let files = data_files();
    assert!(!files.is_empty(), "no corpus data in tests/data");
    // The data files on every core: each one's CUDA header is a few seconds of NVRTC on one
    // thread, and this program is one test.
    let next = AtomicUsize::new(0);
    let lanes = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..lanes.min(files.len()))
            .map(|_| {
                s.spawn(|| {
                    let (mut total, mut failed) = (0, Vec::new());
                    while let Some((name, text)) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let (cases, mismatches) = check_file(name, text);
                        total += cases;
                        failed.extend(mismatches);
                    }
                    (total, failed)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let total: usize = results.iter().map(|(n, _)| n).sum();
    let failed: Vec<String> = results.into_iter().flat_map(|(_, f)| f).collect();
    say(&format!(
        "corpus engine: checked {total} cases of {} data files against NVRTC's answers through the layout engine: {} mismatches",
        files.len(),
        failed.len()
    ));
    assert!(
        failed.is_empty(),
        "{} of {total} corpus cases disagree with NVRTC: {failed:?} (details above)",
        failed.len()
    );
}

/// Checks every case of data file `name` (text `text`) through the layout engine, printing the
/// first 20 mismatches, then its types' CUDA header with NVRTC: the number of cases and the
/// keys of those that disagree.
fn check_file(name: &str, text: &str) -> (usize, Vec<String>) {
    check_probe(text).unwrap_or_else(|e| panic!("tests/data/{name}.txt: {e}"));
    let records = parse_data(text).unwrap_or_else(|e| {
        panic!("tests/data/{name}.txt: unreadable corpus data: {e}; regenerate with `{REGENERATE}`")
    });
    let mut types = Vec::new();
    let mut failed = Vec::new();
    for r in &records {
        let case = case_of(r).unwrap_or_else(|d| panic!("tests/data/{name}.txt: {d}"));
        let (problems, top) = engine::check(&case, &r.answer);
        types.push(top);
        if !problems.is_empty() {
            if failed.len() < 20 {
                eprintln!(
                    "\n==== MISMATCH: case {} (seed {}, id {}), type {}\n  - {}\n  CUDA:\n{}",
                    r.key,
                    r.seed,
                    r.id,
                    r.top,
                    problems.join("\n  - "),
                    r.cuda
                );
            }
            failed.push(r.key.clone());
        }
    }
    check_cuda_header(name, &types);
    (records.len(), failed)
}
