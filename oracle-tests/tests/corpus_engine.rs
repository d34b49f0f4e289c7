//! Golden corpus through the layout engine: every case of `tests/data/` (NVIDIA's recorded
//! answers), its types described at run time (`oracle_tests::engine`), checked for size,
//! alignment, member offsets, the image of its value, the decoding of NVRTC's image and its
//! `.param` declarations. Then, with NVRTC, ptx-abi's CUDA header of every top type must
//! compile (its `static_assert`s pin each layout on the nvcc side).

use std::path::Path;

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
    let (mut total, mut failed) = (0, Vec::new());
    for (name, text) in &files {
        check_probe(text).unwrap_or_else(|e| panic!("tests/data/{name}.txt: {e}"));
        let records = parse_data(text).unwrap_or_else(|e| {
            panic!("tests/data/{name}.txt: unreadable corpus data: {e}; regenerate with `{REGENERATE}`")
        });
        let mut types = Vec::new();
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
        total += records.len();
        check_cuda_header(name, &types);
    }
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
