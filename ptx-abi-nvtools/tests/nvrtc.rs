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
    std::fs::remove_dir(&dir).unwrap();
}

/// `<stdint.h>`, `<stddef.h>` and their C++ wrappers, which ptx-abi-core's checks give NVRTC
/// beside the stand-ins (`report::nvrtc::SHIMS`; a leaf crate cannot read them): the widths are
/// §1.1's, so these declare the same types.
const LAYOUT_SHIMS: [(&str, &str); 4] = [
    (
        "stdint.h",
        "#pragma once\ntypedef signed char int8_t; typedef unsigned char uint8_t; typedef short int16_t;\n\
         typedef unsigned short uint16_t; typedef int int32_t; typedef unsigned int uint32_t;\n\
         typedef long long int64_t; typedef unsigned long long uint64_t; typedef long intptr_t;\n\
         typedef unsigned long uintptr_t;\n",
    ),
    (
        "cstdint",
        "#pragma once\n#include <stdint.h>\nnamespace std { using ::int8_t; using ::uint8_t; \
         using ::int16_t; using ::uint16_t; using ::int32_t; using ::uint32_t; using ::int64_t; \
         using ::uint64_t; using ::intptr_t; using ::uintptr_t; }\n",
    ),
    (
        "stddef.h",
        "#pragma once\ntypedef decltype(sizeof(0)) size_t;\n\
         typedef decltype((char*)0 - (char*)0) ptrdiff_t;\ntypedef decltype(nullptr) nullptr_t;\n\
         #define NULL 0\n",
    ),
    (
        "cstddef",
        "#pragma once\n#include <stddef.h>\nnamespace std { using ::size_t; using ::ptrdiff_t; \
         using ::nullptr_t; }\n",
    ),
];

/// Every C and C++ stand-in (`std_headers`) compiles under each CUDA release's NVRTC that is
/// configured or cached, with the options ptx-abi's checks use, and what headers take from them
/// works there: the traits CUTLASS re-exports, `numeric_limits`' rounding and infinities as
/// constants, `std::abs` and `std::sqrt`, a map's `insert` of a `make_pair` and of a braced
/// pair, `EXIT_FAILURE`, `gettimeofday`. The release ptx-abi describes is required under
/// `PTX_ABI_REQUIRE_ORACLE=1`; the others are checked where found.
#[test]
fn every_stand_in_compiles_under_nvrtc() {
    use ptx_abi_nvtools::fetch::{CUDA_12_9, TOOLKITS};
    use ptx_abi_nvtools::options::{check_options, CHECK_DEFINES};
    use ptx_abi_nvtools::std_headers::{C_HEADERS, STD_HEADERS};
    let mut text: String = C_HEADERS
        .iter()
        .chain(STD_HEADERS)
        .map(|(name, _)| format!("#include <{name}>\n"))
        .collect();
    text.push_str(
        r#"struct Base {}; struct Derived : Base {}; enum class Tag : short { A };
static_assert(std::is_base_of<Base, Derived>::value && !std::is_base_of_v<Derived, Base>, "");
static_assert(std::is_convertible<Derived *, Base *>::value && !std::is_convertible_v<Base *, Derived *>, "");
static_assert(std::is_same<std::void_t<int, float>, void>::value && std::is_void_v<const void>, "");
static_assert(std::is_same<decltype(std::declval<int &>()), int &>::value, "");
static_assert(std::is_same<std::decay_t<const int[3]>, const int *>::value, "");
static_assert(std::is_fundamental<std::nullptr_t>::value && std::is_volatile<volatile int>::value, "");
static_assert(std::is_same<std::underlying_type_t<Tag>, short>::value, "");
static_assert(sizeof(std::aligned_storage<4>::type) == 16 && alignof(std::aligned_storage_t<20, 4>) == 4, "");
static_assert(std::numeric_limits<float>::round_style == std::round_to_nearest, "");
static_assert(std::numeric_limits<double>::has_denorm == std::denorm_present, "");
static_assert(std::numeric_limits<float>::infinity() > std::numeric_limits<float>::max(), "");
static_assert(std::numeric_limits<const int>::max() == 2147483647, "");
static_assert(EXIT_FAILURE == 1 && FP_NAN == 0 && sizeof(timeval) == 16, "");
constexpr auto made = std::make_pair(1, 2.0);
static_assert(std::is_same<decltype(made), const std::pair<int, double>>::value, "");
inline int host_code(const char *s) {
    std::map<int, char *> m;
    auto [it, fresh] = m.insert({1, nullptr});
    m.insert(std::make_pair(2, (char *)nullptr));
    struct timeval tv;
    gettimeofday(&tv, nullptr);
    if (!fresh || getenv(s)) exit(EXIT_FAILURE);
    int a = 1, b = 2;
    std::swap(a, b);
    return std::abs(-3) + (int)std::abs(-3l) + (int)std::abs(-1.5f) + std::min(a, b)
        + (int)std::sqrt(4.0f) + (int)std::floor(2.5) + std::isnan(1.0f);
}
__global__ void k(int *out) { *out = host_code("x"); }
"#,
    );
    let headers: Vec<(&str, &str)> = LAYOUT_SHIMS
        .iter()
        .chain(C_HEADERS)
        .chain(STD_HEADERS)
        .copied()
        .collect();
    let source = Source {
        name: "stand_ins.cu",
        text: &text,
        headers: &headers,
    };
    let mut compiled = 0;
    for release in TOOLKITS {
        let nv = match Nvrtc::locate_and_load_release(&release) {
            Some(Ok(n)) => n,
            Some(Err(e)) => panic!("{e}"),
            None if release == CUDA_12_9 => {
                if nvrtc("every_stand_in_compiles_under_nvrtc").is_none() {
                    return;
                }
                panic!("NVRTC 12.9 found by the default search but not as CUDA 12.9's");
            }
            None => continue,
        };
        let mut options = check_options(release.major_minor.0).to_vec();
        options.extend_from_slice(CHECK_DEFINES);
        if let Err(e) = nv.compile_source(&source, &options, &[]) {
            panic!(
                "NVRTC {} rejects the stand-ins:\n{}",
                release.version, e.log
            );
        }
        compiled += 1;
    }
    assert!(compiled > 0);
}
