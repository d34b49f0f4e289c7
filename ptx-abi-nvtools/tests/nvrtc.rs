//! The NVRTC binding against NVRTC itself (`cargo xtask nvrtc`, or `PTX_ABI_NVRTC`): in-memory
//! headers, the file name NVRTC's log uses, lowered names, load errors. Without NVRTC each test
//! says it is skipped, and fails under `PTX_ABI_REQUIRE_ORACLE=1`.

use std::path::Path;

use ptx_abi_nvtools::fetch::REQUIRE_ORACLE_ENV;
use ptx_abi_nvtools::nvrtc::{Nvrtc, Source};
use ptx_abi_nvtools::options::DEFAULT_OPTIONS;

/// The cached or configured NVRTC 12.9, or `None` after saying why (a panic when required).
fn nvrtc(what: &str) -> Option<Nvrtc> {
    match Nvrtc::locate_and_load() {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => panic!("{what}: {e}"),
        None if std::env::var_os(REQUIRE_ORACLE_ENV).is_some_and(|v| v == "1") => {
            panic!("{what}: NVRTC not found, and {REQUIRE_ORACLE_ENV}=1 requires it")
        }
        None => {
            eprintln!("skipped {what}: NVRTC not found (run `cargo xtask nvrtc`)");
            None
        }
    }
}

#[test]
fn in_memory_headers_are_included() {
    let Some(nv) = nvrtc("in_memory_headers_are_included") else {
        return;
    };
    let headers = [("defs.h", "struct S { int a; short b; };\n")];
    let source = Source {
        name: "user.cu",
        text: "#include \"defs.h\"\nextern \"C\" __device__ S s = {1, 2};\n",
        headers: &headers,
    };
    let (ptx, lowered) = nv.compile_source(&source, DEFAULT_OPTIONS, &[]).unwrap();
    assert!(lowered.is_empty());
    // §1.1: the struct is 8 bytes aligned 4 (a short after an int, tail-padded).
    assert!(ptx.contains(".visible .global .align 4 .b8 s[8]"), "{ptx}");
}

#[test]
fn the_log_names_the_source_file() {
    let Some(nv) = nvrtc("the_log_names_the_source_file") else {
        return;
    };
    let source = Source {
        name: "user_header.cuh",
        text: "int x = ;\n",
        headers: &[],
    };
    let e = nv
        .compile_source(&source, DEFAULT_OPTIONS, &[])
        .unwrap_err();
    assert!(e.log.contains("user_header.cuh(1)"), "{}", e.log);
    let e = nv.compile("int x = ;\n", DEFAULT_OPTIONS).unwrap_err();
    assert!(e.log.contains("ptx_abi.cu(1)"), "{}", e.log);
}

#[test]
fn lowered_names_are_itanium_names() {
    let Some(nv) = nvrtc("lowered_names_are_itanium_names") else {
        return;
    };
    let src = "namespace ns { __global__ void k(int, float) {} }\n";
    let (ptx, lowered) = nv
        .compile_lowered(src, DEFAULT_OPTIONS, &["ns::k"])
        .unwrap();
    // Chapter 7: `ns::k(int, float)` is `_ZN2ns1kEif`.
    assert_eq!(lowered, ["_ZN2ns1kEif"]);
    assert!(ptx.contains(".entry _ZN2ns1kEif("), "{ptx}");
}

#[test]
fn a_missing_library_is_a_load_error_naming_it() {
    let e = Nvrtc::load("/nonexistent/libnvrtc.so.12").unwrap_err();
    assert_eq!(e.path, Path::new("/nonexistent/libnvrtc.so.12"));
    assert_eq!(e.message, "no such file");
    assert!(e.to_string().contains("/nonexistent/libnvrtc.so.12"), "{e}");
    // A bare name goes to the system's search, which does not find this one.
    let e = Nvrtc::load("libnvrtc-that-does-not-exist.so").unwrap_err();
    assert_ne!(e.message, "no such file");
}

/// Issue 32: each way of pointing at something that is not a working NVRTC is one message
/// naming it and what to give instead.
#[test]
fn a_file_that_is_not_a_library_or_a_directory_says_what_it_is() {
    let dir = std::env::temp_dir().join(format!("ptx-abi-nvrtc-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Not a shared object: the loader's own reason, not libloading's bare "dlopen failed".
    let text = dir.join("libnvrtc.so.12");
    std::fs::write(&text, "not a library\n").unwrap();
    let e = Nvrtc::load(&text).unwrap_err();
    assert!(e.message.starts_with("dlopen failed: "), "{e}");
    assert!(
        e.message.contains(&text.display().to_string()),
        "the loader's reason names the file: {e}"
    );
    // A directory holding the library: named.
    let e = Nvrtc::load(&dir).unwrap_err();
    assert_eq!(
        e.message,
        format!(
            "it is a directory; give the library itself: {}",
            text.display()
        )
    );
    std::fs::remove_file(&text).unwrap();
    let e = Nvrtc::load(&dir).unwrap_err();
    assert!(
        e.message
            .starts_with("it is a directory, not the NVRTC library"),
        "{e}"
    );
}
