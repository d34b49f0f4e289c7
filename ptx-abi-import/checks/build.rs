//! Imports every suite's CUDA definitions with ptx-abi-import and writes, into `OUT_DIR`, per
//! suite the NVRTC data (`{suite}.txt`) and a test source (`{suite}.rs`): the imported Rust in
//! a module `imported`, and one `run.check(key, value)` per case, `value` being the case's C
//! initializer translated into a value of the imported type.
//!
//! Suites: `corpus_{0..8}` (the golden corpus of `oracle-tests`, NVRTC's recorded answers),
//! `bindgen` (`headers/bindgen_*.cuh`) and `headers` (`headers/real_*.cuh`), whose answers
//! NVRTC gives here. A header names its cases in comments: `// check: Type = {initializer}`.
//! `includes` (`headers/includes_*.cuh`, headers with `#include <cuda_fp16.h>` and
//! `<cstdint>` as users write them, imported from their files with the arguments of their
//! `// import-args:` line) runs the importer's emitted checks instead.
//!
//! The golden corpus's cases whose imported Rust is, token for token, the code oracle-tests
//! renders and checks for them (in every profile) are not compiled a second time here: a corpus
//! suite holds the cases whose code differs ([`same_as_derive_corpus`]; about one in eleven),
//! and says how many it left to oracle-tests. `PTX_ABI_IMPORT_WHOLE_CORPUS=1` compiles them all.
//!
//! clang: `$PTX_ABI_CLANG`, the `ziglang` wheel in `<target>/nvidia`, or `clang` on `PATH`;
//! fetched from PyPI when `PTX_ABI_REQUIRE_ORACLE=1` or `PTX_ABI_FETCH_CLANG=1`.
//!
//! The CUDA release (issue 22): with feature `cuda-13050` (which builds ptx-abi for CUDA 13.5)
//! every header is imported for CUDA 13.5 and the `cxx` suite is checked with CUDA 13.5's
//! headers (`$PTX_ABI_CUDA_INCLUDE_13_5`); the emitted checks then need `$PTX_ABI_NVRTC` to
//! be NVRTC 13 (ptx-abi refuses another). Such a build runs the suites about CUDA's types and
//! the emitted checks (`cxx`, `names`, `tamper`); the corpus, bindgen and real-header suites,
//! which hold no type whose layout depends on the release, run in the default build only.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use ptx_abi_import::clang::Clang;
use ptx_abi_import::model::{ItemKind, Ty};
use ptx_abi_import::{CudaVersion, EmitOptions, Importer};
use ptx_abi_import_c_init::{item_path, parse_init, value};
use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::gen::{rust_defs, rust_value};
use ptx_abi_oracle::probe::{PtxIndex, PROBE_OPTIONS};
use ptx_abi_oracle::suite::{parse_data, render_data, rust_definitions, Record, RUST_MARK};
use ptx_abi_oracle::tokens::same_code;

const CORPUS_PARTS: usize = 8;

/// The CUDA release this build imports for (and ptx-abi describes), and the variable naming
/// its include directory (`None`: the oracle's `cuda_include_dir`, CUDA 12.9).
fn release() -> (CudaVersion, Option<&'static str>) {
    if std::env::var_os("CARGO_FEATURE_CUDA_13050").is_some() {
        (CudaVersion::new(13, 5), Some("PTX_ABI_CUDA_INCLUDE_13_5"))
    } else {
        (CudaVersion::DEFAULT, None)
    }
}

/// An importer for this build's CUDA release, under `--strict`: every suite but `includes`
/// expects each of its types imported.
fn importer() -> Importer {
    Importer::new().cuda_version(release().0).strict(true)
}

/// One case: its key, the C++ name of its type and its C initializer.
struct Case {
    key: String,
    top: String,
    init: String,
}

fn main() {
    for v in [
        "CUDA_PATH",
        "CUDA_HOME",
        "PTX_ABI_CUDA_INCLUDE",
        "PTX_ABI_CUDA_INCLUDE_13_5",
        "PTX_ABI_CLANG",
        "PTX_ABI_NVRTC",
        "PTX_ABI_NVCC",
        "PTX_ABI_REQUIRE_ORACLE",
        "PTX_ABI_FETCH_CLANG",
        WHOLE_CORPUS_ENV,
    ] {
        println!("cargo:rerun-if-env-changed={v}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=headers");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = manifest.join("../..");
    let data_dir = root.join("oracle-tests/tests/data");
    let clang = find_clang(&root);
    let (cuda, _) = release();
    // Suites that hold none of CUDA's own types run in the default build only.
    let not_this_release = |name: &str| -> Result<(), String> {
        if cuda == CudaVersion::DEFAULT {
            return Ok(());
        }
        Err(format!(
            "NOT RUN: {name} holds no type whose layout depends on the CUDA release; it runs in \
             the default (CUDA {}) build",
            CudaVersion::DEFAULT
        ))
    };

    for k in 0..CORPUS_PARTS {
        let path = data_dir.join(format!("corpus_{k}.txt"));
        println!("cargo:rerun-if-changed={}", path.display());
        let name = format!("corpus_{k}");
        let result = not_this_release(&name)
            .and_then(|()| clang.as_ref().map_err(Clone::clone))
            .and_then(|clang| {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let records = parse_data(&text)?;
                let mut header = String::new();
                let mut cases = Vec::new();
                for r in &records {
                    writeln!(header, "namespace case_{} {{\n{}}}", r.key, r.cuda).unwrap();
                    cases.push(Case {
                        key: r.key.clone(),
                        top: format!("case_{}::{}", r.key, r.top),
                        init: r.init.clone(),
                    });
                }
                suite(clang, &name, &header, &cases, Some(records))
            });
        write_suite(&out, &name, result);
    }

    let headers = manifest.join("headers");
    println!("cargo:rustc-check-cfg=cfg(ptx_abi_import_names)");
    let names = clang
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|clang| names_suite(clang, &headers.join("names_cxx.cuh")));
    if names.is_ok() {
        println!("cargo:rustc-cfg=ptx_abi_import_names");
    }
    write_rust(&out, "names", names);
    let tamper = clang
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|clang| tamper_suite(clang, &headers.join("tamper_particle.cuh")));
    write_rust(&out, "tamper", tamper);

    let cxx = clang
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|clang| cxx_suite(clang, &headers.join("cxx_types.cuh")));
    write_rust(&out, "cxx", cxx);

    let includes = clang
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|clang| includes_suite(clang, &headers));
    println!("cargo:rustc-check-cfg=cfg(ptx_abi_import_includes)");
    println!("cargo:rustc-check-cfg=cfg(ptx_abi_import_nvcc)");
    if includes.is_ok() {
        println!("cargo:rustc-cfg=ptx_abi_import_includes");
        if nvcc_set() {
            println!("cargo:rustc-cfg=ptx_abi_import_nvcc");
        }
    }
    write_rust(&out, "includes", includes);

    for (name, prefix) in [("bindgen", "bindgen_"), ("headers", "real_")] {
        let result = not_this_release(name)
            .and_then(|()| clang.as_ref().map_err(Clone::clone))
            .and_then(|clang| {
                let mut files: Vec<PathBuf> = std::fs::read_dir(&headers)
                    .map_err(|e| e.to_string())?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
                    .collect();
                files.sort();
                let mut header = String::new();
                let mut cases = Vec::new();
                for f in &files {
                    let stem = f.file_stem().unwrap().to_string_lossy().replace('-', "_");
                    let text = std::fs::read_to_string(f).map_err(|e| e.to_string())?;
                    writeln!(header, "namespace {stem} {{\n{text}\n}}").unwrap();
                    for (n, line) in text.lines().enumerate() {
                        if let Some(spec) = line.trim().strip_prefix("// check: ") {
                            let (top, init) = spec.split_once(" = ").ok_or_else(|| {
                                format!(
                                    "{}:{}: expected `// check: Type = {{init}}`",
                                    f.display(),
                                    n + 1
                                )
                            })?;
                            cases.push(Case {
                                key: format!("{stem}_{}", top.trim().replace("::", "_")),
                                top: format!("{stem}::{}", top.trim()),
                                init: init.trim().to_string(),
                            });
                        }
                    }
                }
                let nvrtc = match Nvrtc::locate_and_load() {
                    None => return Err("NVRTC not found (run `cargo xtask nvrtc`)".to_string()),
                    Some(Err(e)) => panic!("NVRTC was found but does not load: {e}"),
                    Some(Ok(n)) => n,
                };
                let records = probe(&nvrtc, clang, &header, &cases)?;
                suite(clang, name, &header, &cases, Some(records))
            });
        write_suite(&out, name, result);
    }
}

/// The clang to import with, or why there is none.
fn find_clang(root: &Path) -> Result<Clang, String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let cache = target.join("nvidia");
    if let Some(c) = Clang::locate_in(std::slice::from_ref(&cache)) {
        return Ok(c);
    }
    let want = |v: &str| std::env::var(v).is_ok_and(|x| x == "1");
    if want("PTX_ABI_REQUIRE_ORACLE") || want("PTX_ABI_FETCH_CLANG") {
        return ptx_abi_import::fetch_clang(&cache)
            .map(Clang::at)
            .map_err(|e| format!("cannot fetch clang: {e}"));
    }
    Err("no clang (set PTX_ABI_CLANG, run `cargo run -p ptx-abi-import -- --fetch-clang`, or set PTX_ABI_FETCH_CLANG=1)".into())
}

/// What a suite's test is: the Rust source and data, or why it is skipped.
type SuiteResult = Result<(String, String), String>;

fn write_suite(out: &Path, name: &str, result: SuiteResult) {
    let (rust, data) = match result {
        Ok(x) => x,
        Err(why) if why.starts_with("NOT RUN") => (format!("// {why}\n"), String::new()),
        // The message as an argument, not as the format string: it may hold braces.
        Err(why) if why.starts_with("IMPORT FAILED") => (
            format!("#[test]\nfn {name}() {{\n    panic!(\"{{}}\", {why:?});\n}}\n"),
            String::new(),
        ),
        Err(why) => (
            format!("#[test]\nfn {name}() {{\n    oracle_tests::skip(\"ptx-abi-import {name}\", {why:?});\n}}\n"),
            String::new(),
        ),
    };
    std::fs::write(out.join(format!("{name}.rs")), rust).unwrap();
    std::fs::write(out.join(format!("{name}.txt")), data).unwrap();
}

/// Writes `OUT_DIR/{name}.rs`: the source, or a test that skips (or fails) saying why not.
fn write_rust(out: &Path, name: &str, result: Result<String, String>) {
    let rust = match result {
        Ok(rust) => rust,
        Err(why) if why.starts_with("IMPORT FAILED") => {
            format!("#[test]\nfn {name}() {{\n    panic!(\"{{}}\", {why:?});\n}}\n")
        }
        Err(why) => format!(
            "#[test]\nfn {name}() {{\n    oracle_tests::skip(\"ptx-abi-import {name}\", {why:?});\n}}\n"
        ),
    };
    std::fs::write(out.join(format!("{name}.rs")), rust).unwrap();
}

/// `names_cxx.cuh` imported with its emitted NVRTC checks, in a module `imported` (the test
/// compares the derived names with the header's by hand).
fn names_suite(clang: &Clang, path: &Path) -> Result<String, String> {
    println!("cargo:rerun-if-changed={}", path.display());
    let header = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut imp = importer()
        .clang(clang.program())
        .header_text("names_cxx.cuh", &header);
    let checks = emitted_checks("names", &header)?;
    if let Some(expr) = &checks {
        imp = imp.checks(expr);
    }
    let imported = imp
        .generate()
        .map_err(|e| format!("IMPORT FAILED: names: {e}"))?;
    let mut s = format!(
        "#[allow(clippy::all, unused)]\nmod imported {{\n{}}}\n",
        imported.source
    );
    if checks.is_none() {
        writeln!(s, "#[test]\nfn names_emitted_checks() {{\n    oracle_tests::skip(\"ptx-abi-import names: the emitted NVRTC checks\", {NO_NVRTC_FOR_CHECKS:?});\n}}").unwrap();
    }
    Ok(s)
}

/// Every `headers/includes_*.cuh` imported as a user imports it, `#include <cuda_fp16.h>` and
/// `<cstdint>` untouched, each in a module named after the file, with the importer's emitted
/// `nvrtc::assert_matches` tests: ptx-abi hands NVRTC CUDA's include directory and the C
/// headers it lacks (issue 21). Skipped when ptx-abi would find no NVRTC or no CUDA headers.
fn includes_suite(clang: &Clang, dir: &Path) -> Result<String, String> {
    let (cuda, include_var) = release();
    let include = match include_var {
        None => ptx_abi_nvtools::fetch::cuda_include_dir(),
        Some(var) => std::env::var_os(var)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from),
    };
    let Some(include) = include.filter(|d| d.join("cuda_fp16.h").is_file()) else {
        return Err(format!(
            "CUDA {cuda}'s headers not found (run `cargo xtask cuda-headers`{})",
            include_var.map_or(String::new(), |v| format!(", set ${v}"))
        ));
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            // `includes_nvcc_*`: layouts only nvcc gives, checked by nvcc: imported where
            // the checks find one (`PTX_ABI_NVCC`, as `cargo xtask test`'s nvcc run sets).
            name.starts_with("includes_") && (!name.starts_with("includes_nvcc_") || nvcc_set())
        })
        .collect();
    files.sort();
    let mut s = String::new();
    for path in &files {
        let stem = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace('-', "_");
        let header =
            std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(checks) = emitted_checks(&stem, &header)? else {
            return Err(NO_NVRTC_FOR_CHECKS.to_string());
        };
        let name = format!("{stem}.cuh");
        // As a user imports: the file itself (its siblings found beside it), with the
        // header's `// import-args:` as clang arguments (`$CUDA_INCLUDE`: this release's
        // include directory, as a build passes CUDA's); what cannot be imported is left out
        // and reported (issue 30).
        let mut imp = importer()
            .strict(false)
            .clang(clang.program())
            .header(path)
            .checks(checks);
        for args in header
            .lines()
            .filter_map(|l| l.strip_prefix("// import-args: "))
        {
            for a in args.split_whitespace() {
                imp = imp.clang_arg(a.replace("$CUDA_INCLUDE", &include.display().to_string()));
            }
        }
        // `// import-open-enum: NAME`: `--open-enum NAME`.
        for name in header
            .lines()
            .filter_map(|l| l.strip_prefix("// import-open-enum: "))
        {
            imp = imp.open_enum(name.trim());
        }
        let imported = imp
            .generate()
            .map_err(|e| format!("IMPORT FAILED: {}: {e}", path.display()))?;
        let skipped: Vec<String> = imported.skipped.iter().map(|u| u.decl.clone()).collect();
        writeln!(
            s,
            "/// `headers/{name}`.\n#[allow(clippy::all, unused)]\nmod {stem} {{\n\
             /// What the importer left out, by C++ name.\n\
             pub const SKIPPED: &[&str] = &{skipped:?};\n{}}}\n",
            imported.source
        )
        .unwrap();
    }
    Ok(s)
}

/// Whether the emitted checks will find nvcc: `$PTX_ABI_NVCC` is set.
fn nvcc_set() -> bool {
    std::env::var_os("PTX_ABI_NVCC").is_some_and(|v| !v.is_empty())
}

/// `tamper_particle.cuh` imported once per `// tamper:` line, each import's emitted checks
/// reading the header changed by that line and expected to fail with its message.
fn tamper_suite(clang: &Clang, path: &Path) -> Result<String, String> {
    println!("cargo:rerun-if-changed={}", path.display());
    let header = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !ptx_abi_finds_nvrtc() {
        return Err(NO_NVRTC_FOR_CHECKS.to_string());
    }
    let mut s = String::new();
    for (k, line) in header
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// tamper: "))
        .enumerate()
    {
        let bad = || {
            format!(
                "IMPORT FAILED: {}: `// tamper: FROM => TO | MESSAGE`",
                path.display()
            )
        };
        let (change, message) = line.split_once(" | ").ok_or_else(bad)?;
        let (from, to) = change.split_once(" => ").ok_or_else(bad)?;
        let (from, to) = (from.replace("\\n", "\n"), to.replace("\\n", "\n"));
        if !header.contains(&from) {
            return Err(format!(
                "IMPORT FAILED: tamper {k}: {from:?} is not in the header"
            ));
        }
        let name = format!("tamper_{k}");
        let checks =
            emitted_checks(&name, &header.replacen(&from, &to, 1))?.expect("NVRTC was found above");
        let imported = importer()
            .clang(clang.program())
            .header_text("tamper_particle.cuh", &header)
            .checks(checks)
            .generate()
            .map_err(|e| format!("IMPORT FAILED: {name}: {e}"))?;
        let source = imported.source.replace(
            "    #[test]\n",
            &format!("    #[test]\n    #[should_panic(expected = {message:?})]\n"),
        );
        writeln!(
            s,
            "/// `{}` changed to `{}` in the header.\n#[allow(clippy::all, unused)]\nmod {name} {{\n{source}}}\n",
            from.escape_debug(),
            to.escape_debug()
        )
        .unwrap();
    }
    Ok(s)
}

/// `cxx_types.cuh` imported with the importer's stand-ins for CUDA's headers, and one
/// `check::<T>(HEADER, CUDA_INCLUDE, "C name")` per struct (`tests/cxx.rs`: NVRTC with CUDA's real headers). The
/// header includes `cuda.h`, which includes `<stdlib.h>`, a host header that neither NVRTC nor
/// `nvrtc::assert_matches`' shims provide, so the test gives NVRTC its own stubs.
fn cxx_suite(clang: &Clang, path: &Path) -> Result<String, String> {
    println!("cargo:rerun-if-changed={}", path.display());
    let header = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (cuda, include_var) = release();
    let include = match include_var {
        None => ptx_abi_nvtools::fetch::cuda_include_dir(),
        Some(var) => std::env::var_os(var)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from),
    };
    let Some(include) = include.filter(|d| d.join("cuda.h").is_file()) else {
        return Err(format!(
            "CUDA {cuda}'s headers not found (run `cargo xtask cuda-headers`{})",
            include_var.map_or(String::new(), |v| format!(", set ${v}"))
        ));
    };
    let imported = importer()
        .clang(clang.program())
        .header_text("cxx_types.cuh", &header)
        .generate()
        .map_err(|e| format!("IMPORT FAILED: cxx: {e}"))?;
    let model = &imported.model;
    let mut s = format!(
        "const HEADER: &str = {:?};\nconst CUDA_INCLUDE: &str = {:?};\n#[allow(clippy::all, unused)]\nmod imported {{\n{}}}\n",
        header,
        include.display().to_string(),
        imported.source
    );
    for &id in &model.emitted {
        let item = &model.items[id];
        if item.in_header && matches!(item.kind, ItemKind::Record(_)) {
            writeln!(
                s,
                "\n#[test]\nfn {}_matches_cuda() {{\n    check::<{}>(HEADER, CUDA_INCLUDE, {:?});\n}}",
                item.name.to_lowercase(),
                item_path(model, id),
                item.c_name
            )
            .unwrap();
        }
    }
    Ok(s)
}

/// Imports `header` and renders the test of `cases` against `records`.
fn suite(
    clang: &Clang,
    name: &str,
    header: &str,
    cases: &[Case],
    records: Option<Vec<Record>>,
) -> SuiteResult {
    let imported = importer()
        .clang(clang.program())
        .header_text(&format!("{name}.cuh"), header)
        .generate()
        .map_err(|e| format!("IMPORT FAILED: {name}: {e}"))?;
    // The suites of real and bindgen headers also carry the importer's own NVRTC checks
    // (`Importer::checks`), compiled as emitted, against the header text in `OUT_DIR`.
    let checks = if name.starts_with("corpus") {
        None
    } else {
        Some(emitted_checks(name, header)?)
    };
    let mut model = imported.model;
    let mut values: Vec<(String, String)> = Vec::new();
    for c in cases {
        let id = model
            .find(&c.top)
            .ok_or_else(|| format!("IMPORT FAILED: {name}: `{}` was not imported", c.top))?;
        let init = parse_init(&c.init)
            .map_err(|e| format!("IMPORT FAILED: case {}: initializer: {e}", c.key))?;
        let value = value(&mut model, &Ty::Item(id), &init)
            .map_err(|e| format!("IMPORT FAILED: case {}: value: {e}", c.key))?;
        values.push((c.key.clone(), value));
    }
    let opts = EmitOptions {
        checks: checks.clone().flatten(),
        ..EmitOptions::default()
    };
    let mut source = ptx_abi_import::emit::emit(&model, &opts);
    for c in cases {
        let ns = c.top.rsplit_once("::").map_or("", |(ns, _)| ns);
        let mark = format!("/// C++ `namespace {ns}`.");
        source = source.replacen(&mark, &format!("{RUST_MARK}{}\n{mark}", c.key), 1);
    }
    let mut records = records.unwrap_or_default();
    // The golden corpus: the cases whose imported Rust is the derive corpus's own code are
    // proven by oracle-tests; only the others are compiled here.
    let mut summary = String::new();
    if name.starts_with("corpus") && !whole_corpus() {
        let same = same_as_derive_corpus(&source, &values, &records);
        source = without_cases(&source, &same);
        values.retain(|(key, _)| !same.contains(key));
        records.retain(|r| !same.contains(&r.key));
        summary = format!(
            "    oracle_tests::say({:?});\n",
            format!(
                "{name} (imported by ptx-abi-import): {} of {} cases are imported as the very Rust \
                 of oracle-tests' golden corpus, token for token, which oracle-tests checks against \
                 NVRTC in every profile; the other {} are checked here (`{WHOLE_CORPUS_ENV}=1`: \
                 all of them)",
                same.len(),
                same.len() + values.len(),
                values.len()
            )
        );
    }
    let data = render_data(&records);
    let mut s = String::new();
    writeln!(
        s,
        "// ptx-abi-import suite `{name}`, generated by build.rs.\n"
    )
    .unwrap();
    writeln!(
        s,
        "#[allow(clippy::all, unused)]\nmod imported {{\n{source}}}\n"
    )
    .unwrap();
    if let Some(None) = &checks {
        writeln!(s, "#[test]\nfn {name}_emitted_checks() {{\n    oracle_tests::skip(\"ptx-abi-import {name}: the emitted NVRTC checks\", {NO_NVRTC_FOR_CHECKS:?});\n}}\n").unwrap();
    }
    writeln!(
        s,
        "#[test]\nfn {name}() {{\n{summary}    let mut run = oracle_tests::Run::new({:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}.txt\")), include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}.rs\"))){};",
        format!("{name} (imported by ptx-abi-import)"),
        // Only the corpus's cases are also made by its generator.
        if checks.is_some() { ".without_engine()" } else { "" }
    )
    .unwrap();
    let parts: Vec<_> = values.chunks(50).collect();
    for k in 0..parts.len() {
        writeln!(s, "    part_{k}(&mut run);").unwrap();
    }
    s.push_str("    run.finish();\n}\n");
    for (k, part) in parts.iter().enumerate() {
        writeln!(s, "\nfn part_{k}(run: &mut oracle_tests::Run) {{").unwrap();
        for (key, value) in part.iter() {
            writeln!(s, "    run.check({key:?}, {value});").unwrap();
        }
        s.push_str("}\n");
    }
    Ok((s, data))
}

/// `PTX_ABI_IMPORT_WHOLE_CORPUS=1`: every case of the golden corpus is compiled and checked
/// here, the ones [`same_as_derive_corpus`] finds identical included.
const WHOLE_CORPUS_ENV: &str = "PTX_ABI_IMPORT_WHOLE_CORPUS";

fn whole_corpus() -> bool {
    std::env::var(WHOLE_CORPUS_ENV).is_ok_and(|v| v == "1")
}

/// The keys of the corpus cases whose imported Rust is, token for token
/// (`ptx_abi_oracle::tokens::same_code`), the code oracle-tests compiles for them: the case's
/// module in `source` (from its [`RUST_MARK`] to the next) is exactly `pub mod case_KEY { … }`
/// holding the oracle's definitions of the case (`rust_defs`), and its value in `values`,
/// the module's path left out, is the oracle's (`rust_value`). oracle-tests renders the same
/// records with the same functions (`oracle-tests/build.rs`) and checks them against NVRTC
/// in `dev` (`tests/corpus_derive_*.rs`) and, optimized, in `release` and `aggressive`
/// (`proof_derive_*`): compiled here again, such a case would be the same program twice. A
/// case the generator no longer makes (oracle-tests' build fails on it), or whose text is not
/// whole Rust tokens, counts as different.
fn same_as_derive_corpus(
    source: &str,
    values: &[(String, String)],
    records: &[Record],
) -> std::collections::HashSet<String> {
    let mut same = std::collections::HashSet::new();
    for (key, value) in values {
        let Some(record) = records.iter().find(|r| &r.key == key) else {
            continue;
        };
        let Ok(case) = ptx_abi_oracle::corpus::case_of(record) else {
            continue;
        };
        let Some(module) = rust_definitions(source, key) else {
            continue;
        };
        let oracle_module = format!("pub mod case_{key} {{\n{}}}", rust_defs(&case));
        let imported_value = value.replace(&format!("imported::case_{key}::"), "");
        // Text that is not whole tokens (a module the case's text only opens) is compiled.
        let same_module = same_code(module, &oracle_module) == Ok(true);
        let same_value = same_code(&imported_value, &rust_value(&case)) == Ok(true);
        if same_module && same_value {
            same.insert(key.clone());
        }
    }
    same
}

/// `source` without the modules of the cases `keys`: a case's text runs from its
/// [`RUST_MARK`] line to the next case's, or to the end.
fn without_cases(source: &str, keys: &std::collections::HashSet<String>) -> String {
    let first = source.find(RUST_MARK).unwrap_or(source.len());
    let mut out = source[..first].to_string();
    for case in source[first..].split(RUST_MARK).skip(1) {
        let key = case.lines().next().unwrap_or_default().trim();
        if !keys.contains(key) {
            out.push_str(RUST_MARK);
            out.push_str(case);
        }
    }
    out
}

/// Why the emitted checks are skipped.
const NO_NVRTC_FOR_CHECKS: &str =
    "ptx_abi::report::nvrtc finds no NVRTC (set PTX_ABI_NVRTC=$(cargo xtask nvrtc))";

/// Whether `ptx_abi::report::nvrtc` will find NVRTC when the tests run (the places it looks, less the
/// library search path): the emitted `assert_matches` panic without it, so they are compiled
/// only then.
fn ptx_abi_finds_nvrtc() -> bool {
    if let Some(p) = std::env::var_os("PTX_ABI_NVRTC").filter(|p| !p.is_empty()) {
        return Path::new(&p).is_file();
    }
    let library = format!("lib64/libnvrtc.so.{}", release().0.major);
    ["CUDA_PATH", "CUDA_HOME"]
        .iter()
        .filter_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .map(PathBuf::from)
        .chain([PathBuf::from("/usr/local/cuda")])
        .any(|d| d.join(&library).is_file())
}

/// Writes `header` to `OUT_DIR/{name}.cuh` and returns the expression the emitted checks read
/// it with, or `None` when ptx-abi will not find NVRTC to run them.
fn emitted_checks(name: &str, header: &str) -> Result<Option<String>, String> {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::write(out.join(format!("{name}.cuh")), header).map_err(|e| e.to_string())?;
    Ok(ptx_abi_finds_nvrtc()
        .then(|| format!("include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}.cuh\"))")))
}

/// NVRTC's answers for `cases` of `header`: size, alignment, the offset of every ordinary named
/// member, the image of the initializer and the `.param` lines.
fn probe(
    nvrtc: &Nvrtc,
    clang: &Clang,
    header: &str,
    cases: &[Case],
) -> Result<Vec<Record>, String> {
    // The members of each top type, to know which have offsets (named, not bit-fields).
    let imported = importer()
        .clang(clang.program())
        .header_text("probe.cuh", header)
        .generate()
        .map_err(|e| format!("IMPORT FAILED: {e}"))?;
    let model = imported.model;
    let mut src = String::from(header);
    let mut fields = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let id = model
            .find(&c.top)
            .ok_or_else(|| format!("IMPORT FAILED: no `{}`", c.top))?;
        let ItemKind::Record(r) = &model.items[id].kind else {
            return Err(format!("IMPORT FAILED: `{}` is not a struct", c.top));
        };
        let t = &c.top;
        writeln!(
            src,
            "extern \"C\" __device__ unsigned long long ptxabi_size_{i} = sizeof({t});"
        )
        .unwrap();
        writeln!(
            src,
            "extern \"C\" __device__ unsigned long long ptxabi_align_{i} = alignof({t});"
        )
        .unwrap();
        let mut f = Vec::new();
        if !r.is_union {
            for (k, m) in r.members.iter().enumerate() {
                if m.bits.is_none() && !m.anonymous {
                    let cn = m.c_name.clone().unwrap_or_else(|| m.name.clone());
                    writeln!(src, "extern \"C\" __device__ unsigned long long ptxabi_off_{i}_{k} = __INTADDR__(&(({t}*)0)->{cn});").unwrap();
                    f.push(k);
                }
            }
        }
        writeln!(
            src,
            "extern \"C\" __device__ {t} ptxabi_val_{i} = {};",
            c.init
        )
        .unwrap();
        writeln!(src, "extern \"C\" __global__ void ptxabi_k_{i}({t} a) {{}}").unwrap();
        writeln!(
            src,
            "extern \"C\" __device__ {t} ptxabi_f_{i}({t} a) {{ return a; }}"
        )
        .unwrap();
        fields.push(f);
    }
    let ptx = nvrtc
        .compile(&src, PROBE_OPTIONS)
        .map_err(|e| format!("IMPORT FAILED: NVRTC rejects the probe: {}\n{src}", e.log))?;
    let index = PtxIndex::new(&ptx).map_err(|e| format!("IMPORT FAILED: {e}"))?;
    cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let answer = index
                .answer_of(i as u32, &fields[i])
                .map_err(|e| format!("IMPORT FAILED: case {}: {e}", c.key))?;
            Ok(Record {
                key: c.key.clone(),
                seed: 0,
                id: i as u32,
                top: c.top.clone(),
                answer,
                cuda: String::new(),
                init: c.init.clone(),
                // NVRTC 12.9's answers only: the importer's suites are not asked of the other
                // CUDA releases (the golden corpus is, by oracle-tests' cuda_releases).
                releases: Vec::new(),
            })
        })
        .collect()
}
