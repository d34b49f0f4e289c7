//! A kernel header that includes a C++ library for its host code (PyTorch's `<torch/all.h>`,
//! 7.3 GB of JSON AST): the importer reads clang's dump as it is written and keeps the
//! declarations, not the function bodies, so the bound on what it holds
//! (`$PTX_ABI_IMPORT_MAX_AST_BYTES`) is met by a header whose whole dump is far over it; and a
//! library found through `-isystem` (as CMake passes an imported target's include directories)
//! is not the header's own: its types are imported where the header's types use them. Its own
//! test binary: it sets `$PTX_ABI_IMPORT_MAX_AST_BYTES` for the whole process. Needs clang
//! (skips without it; fails without it under `PTX_ABI_REQUIRE_ORACLE=1`).

mod common;

use std::fmt::Write as _;
use std::path::Path;

use ptx_abi_import::clang::MAX_DUMP_VAR;
use ptx_abi_import::Importer;

/// The bound the imports run under.
const LIMIT: usize = 2 << 20;

/// A library header of `functions` inline functions with bodies (code: what a library's
/// headers are mostly made of), two structs, and a class template with a method.
fn library(functions: usize) -> String {
    let mut h = String::from(
        "#pragma once\nnamespace mylib {\nstruct Extent { int width; int height; };\n\
         struct Unused { double weight; };\n\
         template <int N> struct Tuning { static int scaled(int x) { return x * N; } };\n",
    );
    for k in 0..functions {
        let _ = write!(h, "inline int step{k}(int x) {{ int a = x + {k};");
        for j in 0..12 {
            let _ = write!(h, " if (a > {j}) {{ a = a * 3 + Tuning<{j}>::scaled(a); }}");
        }
        h.push_str(" return a; }\n");
    }
    h.push_str("}\n");
    h
}

const HEADER: &str = "#include <mylib/core.h>\n\
    struct Params { mylib::Extent extent; float scale; };\n";

#[test]
fn a_library_of_code_is_read_in_the_memory_of_its_declarations() {
    let Some(clang) = common::clang("ptx-abi-import library header test") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("ptx-abi-library-{}", std::process::id()));
    let lib = dir.join("lib");
    std::fs::create_dir_all(lib.join("mylib")).unwrap();
    let library_h = lib.join("mylib/core.h");
    std::fs::write(&library_h, library(400)).unwrap();
    // The library's dump alone is over the bound.
    let dump = clang
        .command()
        .args([
            "-x",
            "cuda",
            "--cuda-device-only",
            "-nocudainc",
            "-nocudalib",
        ])
        .args(["-fsyntax-only", "-Xclang", "-ast-dump=json"])
        .arg(&library_h)
        .output()
        .unwrap();
    assert!(
        dump.status.success(),
        "{}",
        String::from_utf8_lossy(&dump.stderr)
    );
    assert!(
        dump.stdout.len() > 3 * LIMIT,
        "the library dumps {} bytes",
        dump.stdout.len()
    );
    let import = |flag: &str, lib: &Path| {
        Importer::new()
            .clang(clang.program())
            .header_text("params.cuh", HEADER)
            .clang_arg(flag)
            .clang_arg(lib.display().to_string())
            .generate()
    };
    // SAFETY: no other thread of this test binary reads or writes the environment.
    unsafe { std::env::set_var(MAX_DUMP_VAR, LIMIT.to_string()) };
    let system = import("-isystem", &lib).expect("the declarations fit");
    // As an ordinary include directory, the library is the header's own.
    let own = import("-I", &lib).expect("the declarations fit");
    // SAFETY: as above.
    unsafe { std::env::remove_var(MAX_DUMP_VAR) };
    std::fs::remove_dir_all(&dir).unwrap();
    let s = &system.source;
    assert!(s.contains("pub struct Params"), "{s}");
    assert!(s.contains("pub extent: mylib::Extent"), "{s}");
    assert!(s.contains("pub struct Extent"), "imported where used: {s}");
    assert!(
        !s.contains("Unused"),
        "a system header's own types stay out: {s}"
    );
    assert!(own.source.contains("pub struct Unused"), "{}", own.source);
}

/// A clang that writes something that is not an AST and goes on running: the importer stops
/// reading, stops clang (which would otherwise block on the full pipe, or run on) and says
/// the AST is unreadable, not that clang failed.
#[cfg(unix)]
#[test]
fn a_dump_that_is_no_ast_stops_clang_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let Some(clang) = common::clang("ptx-abi-import unreadable dump test") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("ptx-abi-garbled-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("clang");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ncase \"$*\" in *-ast-dump=json*) printf '{{\"kind\": 12x'; exec sleep 600;; esac\n\
             exec '{}' clang \"$@\"\n",
            clang.program().display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let e = Importer::new()
        .clang(&script)
        .header_text("params.cuh", HEADER)
        .generate()
        .expect_err("no AST")
        .to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(e.starts_with("unreadable clang AST: "), "{e}");
}
