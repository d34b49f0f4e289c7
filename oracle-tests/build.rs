//! Renders the Rust test sources of the differential suites into `OUT_DIR`; only data is
//! checked in.
//!
//! **Golden corpus** (`tests/data/*.txt`, NVIDIA's recorded answers): every record is turned
//! back into its case by `ptx_abi_oracle::corpus::case_of` (regenerated from its seed and id),
//! which fails the build, naming `cargo xtask corpus`, when the generator no longer makes the
//! case the data describes; so does a data file asked with another probe
//! (`ptx_abi_oracle::corpus::check_probe`). **Every** case goes through `#[derive(PtxAbi)]`:
//! the corpus is written in [`CORPUS_PARTS`] parts, `corpus_derive_{k}.rs` (definitions and one
//! `run.check` per case, in a `pub fn run()`) with their records in `corpus_derive_{k}.txt`,
//! for `tests/corpus_derive_{k}.rs` (`cargo test`, dev profile) and for the proof binaries
//! (`src/bin/proof_*.rs`, feature `proof`), which `cargo xtask test` builds and runs in the
//! `release` and `aggressive` profiles too: the release build is where the derived code
//! differs (issue 20, `docs/release-miscompile.md`).
//!
//! **Live mode**: with `PTX_ABI_LIVE_SEED` set and NVRTC available, generates fresh cases from
//! that seed, asks NVRTC about them, and writes the Rust test sources and data of
//! `tests/live_{k}.rs` into `OUT_DIR` (`live_{k}.rs`, `live_{k}.txt`), so that the cases go
//! through `#[derive(PtxAbi)]` exactly like the corpus. The cases are split over [`PARTS`]
//! test binaries so that each compiles in reasonable time and memory. Without the seed or
//! NVRTC, each `live_{k}.rs` holds a `run()` that prints why it is skipped (and fails under
//! `PTX_ABI_REQUIRE_ORACLE=1`).
//!
//! `PTX_ABI_LIVE_CASES` sets the number of live cases (default 2000).
//!
//! **Rust kernels** (`tests/rust_kernels.rs`): a sample of the golden corpus, drawn by the live
//! seed when it is set, as kernels written in Rust (`rust_kernels_device.rs`, which the test
//! compiles with nightly rustc) and their host argument structs (`rust_kernels.rs`);
//! `PTX_ABI_RUST_KERNEL_CASES` sets the sample's size (default 48).

use std::path::Path;

use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::corpus::{cases_of, check_probe, REGENERATE};
use ptx_abi_oracle::gen::{generate, Case};
use ptx_abi_oracle::suite::{
    case_key, parse_data, probe_records, render_data, render_rust, Record, RustOptions,
};

/// Number of `tests/live_{k}.rs` files.
const PARTS: usize = 5;
/// Number of `tests/corpus_derive_{k}.rs` files (about 400 cases each).
const CORPUS_PARTS: usize = 8;
const DEFAULT_CASES: u32 = 2000;

fn main() {
    if std::env::var_os("CARGO_FEATURE_GPU").is_some() {
        gpu_suite();
        gpu_rust_kernel();
    }
    // What `proof_profile` prints: how this build of the proof binaries is optimized.
    let opt_level = std::env::var("OPT_LEVEL").unwrap_or_default();
    let rustflags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    println!("cargo:rustc-env=PTX_ABI_OPT_LEVEL={opt_level}");
    println!(
        "cargo:rustc-env=PTX_ABI_RUSTFLAGS={}",
        rustflags.replace('\n', " ")
    );
    for var in ["PTX_ABI_LIVE_SEED", "PTX_ABI_LIVE_CASES", "PTX_ABI_NVRTC"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=tests/data");
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    let out = Path::new(&out);
    let write = |name: String, text: &str| {
        let path = out.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    };
    let records = corpus_records();
    let cases = corpus_cases(&records);
    for (k, (rust, data)) in corpus_parts(&records, &cases).iter().enumerate() {
        write(format!("corpus_derive_{k}.rs"), rust);
        write(format!("corpus_derive_{k}.txt"), data);
    }
    let (host, device) = rust_kernels(&records, &cases);
    write("rust_kernels.rs".into(), &host);
    write("rust_kernels_device.rs".into(), &device);
    match live() {
        Ok(parts) => {
            for (k, (rust, data)) in parts.iter().enumerate() {
                write(format!("live_{k}.rs"), rust);
                write(format!("live_{k}.txt"), data);
            }
        }
        Err(why) => {
            for k in 0..PARTS {
                let stub = format!(
                    "pub fn run() {{\n    oracle_tests::skip(\"live NVRTC oracle, part {k}\", {why:?});\n}}\n"
                );
                write(format!("live_{k}.rs"), &stub);
                write(format!("live_{k}.txt"), "");
            }
        }
    }
}

/// The records of every data file of the golden corpus (`tests/data/*.txt`), files in name
/// order.
fn corpus_records() -> Vec<Record> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut records = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        if let Err(e) = check_probe(&text) {
            panic!("{}: {e}", f.display());
        }
        let more = parse_data(&text).unwrap_or_else(|e| {
            panic!(
                "{}: unreadable corpus data: {e}\nregenerate it with `{REGENERATE}`",
                f.display()
            )
        });
        records.extend(more);
    }
    records
}

/// The case of every record, regenerated (the build fails, naming `cargo xtask corpus`, when
/// the generator no longer makes the case a record describes).
fn corpus_cases(records: &[Record]) -> Vec<Case> {
    cases_of(records).unwrap_or_else(|drifts| {
        let list: Vec<String> = drifts.iter().take(10).map(|d| format!("  {d}")).collect();
        panic!(
            "the golden corpus (oracle-tests/tests/data) does not match the case generator: \
             {} of {} records drifted, for example\n{}\nRegenerate the data with `{REGENERATE}` \
             (fetches NVRTC from PyPI) and commit it.",
            drifts.len(),
            records.len(),
            list.join("\n")
        )
    })
}

/// The golden corpus, every case, in [`CORPUS_PARTS`] parts: each part's Rust source and
/// its records.
fn corpus_parts(records: &[Record], cases: &[Case]) -> Vec<(String, String)> {
    let per_part = records.len().div_ceil(CORPUS_PARTS).max(1);
    (0..CORPUS_PARTS)
        .map(|k| {
            let range = (k * per_part).min(records.len())..((k + 1) * per_part).min(records.len());
            let keyed: Vec<(String, &Case)> = range
                .clone()
                .map(|i| (records[i].key.clone(), &cases[i]))
                .collect();
            let header = format!(
                "// Golden corpus through the derive, part {k} of {CORPUS_PARTS}: cases {}..{} of \
                 the {} of tests/data. Generated by build.rs.",
                range.start,
                range.end,
                records.len()
            );
            let rust = render_rust(
                &keyed,
                &RustOptions {
                    header: &header,
                    fn_name: "run",
                    run_name: &format!("golden corpus, part {k}"),
                    data_expr: &format!(
                        "include_str!(concat!(env!(\"OUT_DIR\"), \"/corpus_derive_{k}.txt\"))"
                    ),
                    source_expr: &format!(
                        "include_str!(concat!(env!(\"OUT_DIR\"), \"/corpus_derive_{k}.rs\"))"
                    ),
                    part_size: 50,
                },
            );
            (rust, render_data(&records[range]))
        })
        .collect()
}

/// Corpus cases taken by the Rust kernels of `tests/rust_kernels.rs` by default
/// (`PTX_ABI_RUST_KERNEL_CASES`).
const RUST_KERNEL_CASES: usize = 48;

/// `tests/rust_kernels.rs`'s sources: the host side (the sampled cases' derived types and the
/// kernels' argument structs) and the device crate nightly rustc compiles. The sample is drawn
/// by the live seed (`PTX_ABI_LIVE_SEED`) when it is set, else by a fixed seed.
fn rust_kernels(records: &[Record], cases: &[Case]) -> (String, String) {
    use ptx_abi_oracle::rust_kernels::{device_source, host_source, sample, DEFAULT_SEED};
    println!("cargo:rerun-if-env-changed=PTX_ABI_RUST_KERNEL_CASES");
    let n = std::env::var("PTX_ABI_RUST_KERNEL_CASES").map_or(RUST_KERNEL_CASES, |s| {
        s.trim()
            .parse()
            .unwrap_or_else(|e| panic!("PTX_ABI_RUST_KERNEL_CASES={s:?}: {e}"))
    });
    let (seed, origin) = match std::env::var("PTX_ABI_LIVE_SEED") {
        Ok(s) => (
            s.trim()
                .parse()
                .unwrap_or_else(|e| panic!("PTX_ABI_LIVE_SEED={s:?}: {e}")),
            "PTX_ABI_LIVE_SEED",
        ),
        Err(_) => (DEFAULT_SEED, "the fixed seed; PTX_ABI_LIVE_SEED is not set"),
    };
    let picked = sample(records, cases, seed, n);
    let sampled: Vec<_> = picked.iter().map(|&i| (&records[i], &cases[i])).collect();
    let mut host = format!(
        "// Generated by build.rs: {} cases of the golden corpus, drawn by seed {seed} ({origin}).\n\
         pub const SAMPLE: &str = \"{} golden-corpus cases drawn by seed {seed} ({origin})\";\n",
        sampled.len(),
        sampled.len()
    );
    host.push_str(&host_source(&sampled));
    (host, device_source(&sampled))
}

/// The live suite's Rust sources and data, one pair per part, or why there is none.
fn live() -> Result<Vec<(String, String)>, String> {
    let Ok(seed) = std::env::var("PTX_ABI_LIVE_SEED") else {
        return Err("PTX_ABI_LIVE_SEED is not set (`cargo xtask test` sets it)".into());
    };
    let seed: u64 = seed
        .trim()
        .parse()
        .unwrap_or_else(|e| panic!("PTX_ABI_LIVE_SEED={seed:?}: {e}"));
    let n: u32 = match std::env::var("PTX_ABI_LIVE_CASES") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("PTX_ABI_LIVE_CASES={s:?}: {e}")),
        Err(_) => DEFAULT_CASES,
    };
    let nvrtc = match Nvrtc::locate_and_load() {
        None => return Err("NVRTC not found (run `cargo xtask nvrtc`)".into()),
        Some(Err(e)) => panic!("NVRTC was found but does not load: {e}"),
        Some(Ok(nvrtc)) => nvrtc,
    };
    let cases: Vec<Case> = (0..n).map(|id| generate(seed, id)).collect();
    let records = probe_records(&nvrtc, &cases)
        .unwrap_or_else(|e| panic!("live NVRTC oracle, seed {seed}: {e}"));
    println!(
        "cargo:warning=live NVRTC oracle: {n} fresh cases of seed {seed} in {PARTS} parts (replay: PTX_ABI_LIVE_SEED={seed})"
    );
    let per_part = cases.len().div_ceil(PARTS).max(1);
    let case_parts: Vec<&[Case]> = cases.chunks(per_part).collect();
    let record_parts: Vec<_> = records.chunks(per_part).collect();
    Ok((0..PARTS)
        .map(|k| {
            let cases = case_parts.get(k).copied().unwrap_or(&[]);
            let records = record_parts.get(k).copied().unwrap_or(&[]);
            let keyed: Vec<(String, &Case)> = cases.iter().map(|c| (case_key(c), c)).collect();
            let first = cases.first().map_or(0, |c| c.id);
            let header = format!(
                "// Live NVRTC oracle, part {k}: cases {first}..{} of seed {seed}. Generated by build.rs.",
                first as usize + cases.len()
            );
            let rust = render_rust(
                &keyed,
                &RustOptions {
                    header: &header,
                    fn_name: "run",
                    run_name: &format!("live seed {seed}, part {k}"),
                    data_expr: &format!("include_str!(concat!(env!(\"OUT_DIR\"), \"/live_{k}.txt\"))"),
                    source_expr: &format!("include_str!(concat!(env!(\"OUT_DIR\"), \"/live_{k}.rs\"))"),
                    part_size: 50,
                },
            );
            (rust, render_data(records))
        })
        .collect())
}

/// Corpus cases in the GPU suite by default (`PTX_ABI_GPU_CORPUS_CASES`): an evenly spread
/// sample of the checked-in corpus.
const GPU_CORPUS_CASES: usize = 400;
/// Fresh cases of the live seed in the GPU suite by default (`PTX_ABI_GPU_LIVE_CASES`).
const GPU_LIVE_CASES: u32 = 100;

/// With the `gpu` feature: `OUT_DIR/gpu_cases.rs` (the Rust of `tests/gpu.rs`'s cases) and
/// `OUT_DIR/gpu.ptx` (NVRTC's PTX of their kernels), or, without NVRTC, a `gpu_cases.rs` that
/// says why there are none.
fn gpu_suite() {
    use ptx_abi_oracle::gen::cuda_defs;
    use ptx_abi_oracle::suite::parse_data;
    for var in [
        "PTX_ABI_GPU_CORPUS_CASES",
        "PTX_ABI_GPU_LIVE_CASES",
        "PTX_ABI_LIVE_SEED",
        "PTX_ABI_NVRTC",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=tests/data");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let number = |var: &str, default: usize| -> usize {
        std::env::var(var).map_or(default, |s| {
            s.trim()
                .parse()
                .unwrap_or_else(|e| panic!("{var}={s:?}: {e}"))
        })
    };
    let nvrtc = match Nvrtc::locate_and_load() {
        Some(Ok(n)) => n,
        Some(Err(e)) => panic!("NVRTC was found but does not load: {e}"),
        None => {
            let why = "NVRTC not found at build time (run `cargo xtask nvrtc`)";
            std::fs::write(
                out.join("gpu_cases.rs"),
                format!("const NO_CASES: Option<&str> = Some({why:?});\nconst SAMPLE: &str = \"\";\nfn run_all(_: &mut GpuRun) {{}}\n"),
            )
            .unwrap();
            std::fs::write(out.join("gpu.ptx"), "").unwrap();
            return;
        }
    };
    // An evenly spread sample of the corpus, regenerated from each record's seed and id (and
    // checked to be the very case the record holds).
    let dir = std::path::Path::new("tests/data");
    let mut records = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("corpus_"))
        })
        .collect();
    files.sort();
    for f in &files {
        records.extend(parse_data(&std::fs::read_to_string(f).unwrap()).unwrap());
    }
    let want = number("PTX_ABI_GPU_CORPUS_CASES", GPU_CORPUS_CASES).min(records.len());
    let mut cases: Vec<(String, Case)> = Vec::new();
    for k in 0..want {
        let r = &records[k * records.len() / want];
        let case = generate(r.seed, r.id);
        assert_eq!(
            cuda_defs(&case),
            r.cuda,
            "corpus case {} is not generate({:#x}, {})",
            r.key,
            r.seed,
            r.id
        );
        cases.push((r.key.clone(), case));
    }
    let corpus = cases.len();
    let mut live = 0;
    if let Ok(seed) = std::env::var("PTX_ABI_LIVE_SEED") {
        let seed: u64 = seed.trim().parse().expect("PTX_ABI_LIVE_SEED");
        live = number("PTX_ABI_GPU_LIVE_CASES", GPU_LIVE_CASES as usize) as u32;
        for id in 0..live {
            let case = generate(seed, id);
            cases.push((case_key(&case), case));
        }
    }
    let refs: Vec<&Case> = cases.iter().map(|(_, c)| c).collect();
    let cuda = ptx_abi_oracle::gpu::cuda_source(&refs);
    let ptx = nvrtc
        .compile(&cuda, &["--gpu-architecture=compute_70", "-std=c++20"])
        .unwrap_or_else(|e| panic!("NVRTC rejects the GPU suite's kernels:\n{}", e.log));
    std::fs::write(out.join("gpu.ptx"), ptx).unwrap();
    std::fs::write(out.join("gpu.cu"), &cuda).unwrap();
    let keyed: Vec<(String, &Case)> = cases.iter().map(|(k, c)| (k.clone(), c)).collect();
    let seed = std::env::var("PTX_ABI_LIVE_SEED").unwrap_or_else(|_| "none".into());
    let rust = format!(
        "const NO_CASES: Option<&str> = None;\nconst SAMPLE: &str = \"{corpus} corpus cases + {live} fresh cases of live seed {seed}\";\n{}",
        ptx_abi_oracle::gpu::rust_source(&keyed)
    );
    std::fs::write(out.join("gpu_cases.rs"), rust).unwrap();
}

/// `tests/gpu_rust_kernel.rs`'s device code: a kernel written in Rust, compiled here with
/// rustup's nightly rustc (`oracle::rustc`), since the GPU machine runs the test binary and has
/// no Rust toolchain. Written to `gpu_rust_kernel.ptx`, or, without nightly, an empty file and
/// the reason in `gpu_rust_kernel.why`.
fn gpu_rust_kernel() {
    use ptx_abi_oracle::rustc::{NightlyRustc, PRELUDE};
    const DEVICE: &str = "
#[repr(C)]
pub struct Echo { pub tag: u8, pub weight: f64, pub count: u32, pub rgb: [u8; 3] }
impl Copy for Echo {}

/// Writes its by-value parameters where the host asked, for the host to read back.
#[no_mangle]
pub unsafe extern \"ptx-kernel\" fn rk_echo(out: *mut Echo, e: Echo, scale: f32, out_scale: *mut f32) {
    *out = e;
    *out_scale = scale;
}
";
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let (ptx, why) = match NightlyRustc::locate() {
        Err(absent) => (String::new(), absent.0),
        Ok(rustc) => match rustc.compile_ptx(&format!("{PRELUDE}{DEVICE}")) {
            Ok(ptx) => (ptx, String::new()),
            Err(e) => panic!(
                "nightly rustc cannot compile the GPU suite's Rust kernel: {}",
                e.summary()
            ),
        },
    };
    std::fs::write(out.join("gpu_rust_kernel.ptx"), ptx).expect("OUT_DIR is writable");
    std::fs::write(out.join("gpu_rust_kernel.why"), why).expect("OUT_DIR is writable");
}
