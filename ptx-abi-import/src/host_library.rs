//! The host's C and C++ library for the device pass, as nvcc has it (issue 30, item 1).
//!
//! nvcc compiles a header's device side with the host compiler's library in reach: a header
//! that includes `<iterator>`, `<sstream>` or a logging library built on them (spdlog's
//! bundled fmt) compiles. The importer first reads a header with its stand-ins for the C and
//! C++ headers (`ptx_abi_nvtools::std_headers`, the ones NVRTC's checks get too); where clang
//! then stops at a standard header no stand-in provides, it reads the header again with zig's
//! libc++ and glibc headers (x86-64 Linux, the host [`crate::clang::HOST_TRIPLE`] names),
//! configured as `zig c++` configures them, with `_GNU_SOURCE` as g++ defines it for C++.
//! CUDA's own headers stay stand-ins; the C library's functions are host and device
//! (`#pragma clang force_cuda_host_device`, in the prelude), as nvcc's headers declare them.
//! Declarations in the library are never the header's own.

use std::path::{Path, PathBuf};

use crate::clang::Clang;
use crate::error::Unsupported;
use crate::model::{ItemKind, Model};

/// The macro that switches the prelude to the host's library.
pub const MACRO: &str = "PTX_ABI_IMPORT_HOST_LIBRARY";

/// Whether clang's arguments `args` read the host's library ([`clang_args`] define [`MACRO`]).
pub fn in_use(args: &[String]) -> bool {
    args.iter().any(|a| a.strip_prefix("-D") == Some(MACRO))
}

/// zig's `lib` directory when `clang` is zig (`<dir of zig>/lib`, holding `libcxx/include`);
/// `None` for another clang, whose library the importer does not take.
pub fn root(clang: &Clang) -> Option<PathBuf> {
    let program = clang.program();
    let name = program.file_name()?.to_string_lossy();
    if !(name == "zig" || name.starts_with("zig-")) {
        return None;
    }
    let lib = program.parent()?.join("lib");
    lib.join("libcxx/include").is_dir().then_some(lib)
}

/// Whether `name` (an include clang did not find) is one of the library's headers.
pub fn provides(root: &Path, name: &str) -> bool {
    include_dirs(root).iter().any(|d| d.join(name).is_file())
}

/// clang's arguments for the library under `root`: its include directories, searched after
/// the stand-ins' and the user's, and the configuration `zig c++` gives libc++ and glibc.
pub fn clang_args(root: &Path) -> Vec<String> {
    let mut args = Vec::new();
    for d in include_dirs(root) {
        args.push("-isystem".to_string());
        args.push(d.display().to_string());
    }
    args.extend(
        [
            MACRO,
            "_GNU_SOURCE",
            "__GLIBC_MINOR__=31",
            "_LIBCPP_ABI_VERSION=1",
            "_LIBCPP_ABI_NAMESPACE=__1",
            "_LIBCPP_HAS_THREADS=1",
            "_LIBCPP_HAS_MONOTONIC_CLOCK",
            "_LIBCPP_HAS_TERMINAL",
            "_LIBCPP_HAS_MUSL_LIBC=0",
            "_LIBCPP_HAS_VENDOR_AVAILABILITY_ANNOTATIONS=0",
            "_LIBCPP_HAS_FILESYSTEM=1",
            "_LIBCPP_HAS_RANDOM_DEVICE",
            "_LIBCPP_HAS_LOCALIZATION",
            "_LIBCPP_HAS_UNICODE",
            "_LIBCPP_HAS_WIDE_CHARACTERS",
            "_LIBCPP_HAS_NO_STD_MODULES",
            "_LIBCPP_HAS_TIME_ZONE_DATABASE",
            "_LIBCPP_PSTL_BACKEND_SERIAL",
            "_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_NONE",
            "_LIBCPP_ASSERTION_SEMANTIC_DEFAULT=_LIBCPP_ASSERTION_SEMANTIC_IGNORE",
            "_LIBCPP_DISABLE_VISIBILITY_ANNOTATIONS",
        ]
        .iter()
        .map(|m| format!("-D{m}")),
    );
    args
}

/// The directories of the library's C++ part (libc++ and libc++abi) under `root`, each ending
/// in `/`, as clang names the files in them.
pub fn cxx_dirs(root: &Path) -> Vec<String> {
    ["libcxx/include", "libcxxabi/include"]
        .iter()
        .map(|d| format!("{}/", root.join(d).display()))
        .collect()
}

/// Refuses every record and enum `model` has from the C++ library (`cxx_dirs`), in
/// `problems`: libc++'s layouts are not libstdc++'s, which nvcc's host compiler brings
/// (`std::string` is 24 bytes in one and 32 in the other, an iterator's member has another
/// name), so a record holding one by value is left out naming it and a pointer to one points
/// to `void`. glibc's records are the host's C library's, the same for both.
pub fn refuse_cxx_records(model: &Model, problems: &mut [Vec<Unsupported>], cxx_dirs: &[String]) {
    if cxx_dirs.is_empty() {
        return;
    }
    for (item, list) in model.items.iter().zip(problems.iter_mut()) {
        let from_cxx = cxx_dirs
            .iter()
            .any(|d| item.loc.file.starts_with(d.as_str()));
        if from_cxx && matches!(item.kind, ItemKind::Record(_) | ItemKind::Enum(_)) {
            list.push(Unsupported {
                loc: item.loc.clone(),
                decl: item.c_name.clone(),
                why: "a type of the host's C++ library, which the importer reads as zig's \
                      libc++, whose layouts are not those of the libstdc++ nvcc's host compiler \
                      brings"
                    .into(),
            });
        }
    }
}

fn include_dirs(root: &Path) -> Vec<PathBuf> {
    [
        "libcxx/include",
        "libcxxabi/include",
        "include",
        "libc/include/x86-linux-gnu",
        "libc/include/generic-glibc",
        "libc/include/x86-linux-any",
        "libc/include/any-linux-any",
    ]
    .iter()
    .map(|d| root.join(d))
    .collect()
}
