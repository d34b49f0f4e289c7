//! Running clang as CUDA's device compiler sees a header: `--target=nvptx64-nvidia-cuda -x cuda
//! --cuda-device-only`, and reading its JSON AST (`-Xclang -ast-dump=json -fsyntax-only`).
//!
//! clang is found as (first wins): the path given to [`crate::Importer::clang`],
//! `$PTX_ABI_CLANG`, `$PTX_ABI_ZIG`, `zig` from the `ziglang` wheel in a cache directory (run as
//! `zig clang`), `clang` on `PATH` ([`Clang::locate_in`]); or fetched from PyPI when allowed
//! (`ptx_abi_nvtools::fetch`, the pinned `ziglang` wheel).
//!
//! There are no CUDA headers (`-nocudainc`, `-nostdinc`): a directory of stand-in headers
//! (`cuda_runtime.h`, `vector_types.h`, `stdint.h`, …) defines CUDA's keywords and types from
//! [`crate::cuda_types`], and C's fixed-width integers from clang's predefined macros.

use std::path::Path;
use std::process::Stdio;

use crate::ast::prune::Pruned;
use crate::error::ImportError;

/// How to start clang ([`Clang::at`] a path, or [`Clang::locate_in`] caches): ptx-abi's one
/// clang finder, `ptx_abi_nvtools::clang::Clang`.
pub use ptx_abi_nvtools::clang::Clang;

/// clang's JSON AST of `main` (a file in `dir`, which also holds the stand-in headers), with
/// `extra` arguments (`-I`, `-D`, `-std=`).
pub fn ast_json(
    clang: &Clang,
    dir: &Path,
    main: &Path,
    extra: &[String],
) -> Result<String, ImportError> {
    run(clang, dir, main, extra, "-ast-dump=json")
}

/// clang's own layout of every complete record of `main`, as text
/// (`-fdump-record-layouts-complete`, read by [`crate::record_layout`]); arguments as for
/// [`ast_json`].
pub fn record_layouts(
    clang: &Clang,
    dir: &Path,
    main: &Path,
    extra: &[String],
) -> Result<String, ImportError> {
    run(clang, dir, main, extra, "-fdump-record-layouts-complete").map_err(|e| match e {
        ImportError::Clang(m) if m.contains("-fdump-record-layouts-complete") => {
            ImportError::Clang(format!(
                "{m}\nthe importer checks every layout against clang's own, printed by \
                 `-fdump-record-layouts-complete`, which this clang lacks: use a newer \
                 clang, or fetch clang 22 with `--fetch-clang`"
            ))
        }
        e => e,
    })
}

/// clang as the device compiler on `main` with the stand-ins of `dir`, printing what the
/// `-Xclang` option `dump` asks for.
fn run(
    clang: &Clang,
    dir: &Path,
    main: &Path,
    extra: &[String],
    dump: &str,
) -> Result<String, ImportError> {
    let mut cmd = clang.command();
    // nvcc's device pass on Linux: the device target (nvptx64), with the host's macros
    // (`__linux__`, `__x86_64__`), as clang's device-only compilation for an x86-64 Linux
    // host defines them; a portable header's `#error "Unknown operating system"` stays off.
    // The architecture is the import's (`Importer::arch`, among `extra`), not the list's.
    let device_only = ptx_abi_nvtools::options::CLANG_DEVICE_ONLY
        .iter()
        .filter(|a| !a.starts_with("--cuda-gpu-arch="));
    cmd.arg(format!("--target={HOST_TRIPLE}"))
        .args(device_only)
        // Neither nvcc's device pass nor NVRTC is clang: a header's `#ifdef __clang__`
        // branch is not the one CUDA builds.
        .arg("-U__clang__")
        // clang's CUDA mode also defines `__CUDA__`, which nvcc does not.
        .arg("-U__CUDA__")
        // `long double` as nvcc's device pass has it, the x86-64 host's 16 bytes aligned to
        // 16 (clang's nvptx64 gives it 8 and 8): `alignof(long double)` and glibc's
        // `max_align_t` then align as in the build. Members of the type are still refused.
        .args(["-Xclang", "-mlong-double-128"])
        .args(["-nostdinc", "-fsyntax-only", "-Xclang", dump])
        .arg("-isystem")
        .arg(dir);
    // The stand-ins for C's and C++'s headers, unless the host's library is read instead
    // (`crate::host_library`).
    if !crate::host_library::in_use(extra) {
        cmd.arg("-isystem").arg(dir.join(STD_DIR));
    }
    cmd.arg("-include").arg(dir.join(PRELUDE_FILE));
    // CUDA's include directory among the user's: its headers the stand-ins replace are
    // replaced wherever they are reached, the rest read as CUDA ships them (`cuda_include`).
    if let Some(overlay) = cuda_include_overlay(dir, extra)? {
        cmd.arg("-ivfsoverlay").arg(overlay);
    }
    if !extra.iter().any(|a| a.starts_with("-std=")) {
        cmd.arg("-std=c++17");
    }
    cmd.args(
        extra
            .iter()
            .filter(|a| !NVCC_ONLY_FLAGS.contains(&a.as_str())),
    )
    .arg(main);
    if dump == "-ast-dump=json" {
        let Streamed {
            status,
            ast,
            stderr,
        } = output_pruned(cmd, max_dump_bytes()).map_err(|e| {
            ImportError::NoClang(format!("cannot run {}: {e}", clang.program().display()))
        })?;
        return match (ast, status) {
            (Err(Pruned::TooLarge(why)), _) => Err(ImportError::Ast(format!(
                "{why} (${MAX_DUMP_VAR}): the header, with what it includes, declares more \
                 types than the importer holds. Import a header that declares the shared types \
                 and includes only what they need, or raise ${MAX_DUMP_VAR} where the machine \
                 has several times that in memory"
            ))),
            // Stopped by the importer: what clang wrote was no AST.
            (Err(e), None) => Err(ImportError::Ast(e.to_string())),
            (_, Some(status)) if !status.success() => Err(clang_failed(&stderr)),
            (ast, _) => ast.map_err(|e| ImportError::Ast(e.to_string())),
        };
    }
    let (status, stdout, stderr) = output_within(cmd, max_dump_bytes()).map_err(|e| match e {
        Bounded::Io(e) => {
            ImportError::NoClang(format!("cannot run {}: {e}", clang.program().display()))
        }
        Bounded::TooLong(limit) => ImportError::Ast(format!(
            "clang's `{dump}` of this header is over {limit} bytes, more than the importer \
             reads (${MAX_DUMP_VAR})"
        )),
    })?;
    if !status.success() {
        return Err(clang_failed(&stderr));
    }
    String::from_utf8(stdout).map_err(|e| ImportError::Ast(e.to_string()))
}

/// clang's log `stderr`, with a hint for each include it did not find, and one for names of
/// CUDA's runtime and driver APIs it did not know ([`runtime_api_hint`]).
fn clang_failed(stderr: &[u8]) -> ImportError {
    let log = String::from_utf8_lossy(stderr).into_owned();
    let mut hints: String = missing_includes(&log).map(missing_include_hint).collect();
    if hints.is_empty() {
        hints.extend(library_error(&log).map(missing_include_hint));
    }
    hints.extend(runtime_api_hint(&log));
    ImportError::Clang(log + &hints)
}

/// The first header of a CUDA C++ library (libcu++, CUB, Thrust, CUTLASS, CuTe) clang's log
/// `log` reports an error in (`…/include/cuda/std/detail/libcxx/include/cmath:656:5: error:
/// …`), from its library directory on: clang found the library but cannot read it beyond
/// the importer's stand-ins, which [`missing_include_hint`] says.
fn library_error(log: &str) -> Option<&str> {
    log.lines()
        .filter(|l| l.contains(": error: ") && !l.contains("/standins/"))
        .find_map(|l| {
            let path = l.split(": error: ").next()?;
            // The library's own directory: the last one of those names in the path
            // (`/usr/local/cuda/include/cuda/std/…`).
            let start = ["/cuda/", "/cub/", "/thrust/", "/cutlass/", "/cute/"]
                .iter()
                .filter_map(|d| path.rfind(d))
                .max()?;
            let path = &path[start + 1..];
            Some(path.split(':').next().unwrap_or(path))
        })
}

/// The names of CUDA's runtime and driver APIs (`cuda…`, `CU…`) clang's log `log` says it did
/// not know (`unknown type name 'cudaChannelFormatDesc'`, `use of undeclared identifier
/// 'cudaMemcpyHostToDevice'`), each once, in order.
fn unknown_runtime_api_names(log: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for line in log.lines() {
        let Some(rest) = [
            "error: unknown type name '",
            "error: use of undeclared identifier '",
        ]
        .iter()
        .find_map(|p| line.split(p).nth(1)) else {
            continue;
        };
        let Some(name) = rest.split('\'').next() else {
            continue;
        };
        let api = name.starts_with("cuda") || name.starts_with("CU");
        if api && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// What to do about names of CUDA's runtime or driver API that clang did not know: the
/// stand-ins declare the part of those APIs that shared structs commonly hold (streams,
/// events, texture and surface objects, `CUdeviceptr`, `CUtensorMap`, …); with CUDA's include
/// directory among the arguments, the APIs are read whole from it.
fn runtime_api_hint(log: &str) -> Option<String> {
    let names = unknown_runtime_api_names(log);
    let first = names.first()?;
    let more = match names.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    Some(format!(
        "\nnote: `{first}`{more} belongs to CUDA's runtime or driver API, which ptx-abi-import's \
         stand-ins declare only in part (the types shared structs commonly hold: streams, \
         events, texture and surface objects, `CUdeviceptr`, `CUtensorMap`, …): give clang \
         CUDA's include directory, as your build does (`-I $CUDA_HOME/include`, \
         `Importer::clang_arg(\"-I…\")`; PyPI's `nvidia/cuda_runtime/include` serves), and the \
         runtime and driver APIs are read from it"
    ))
}

/// What [`output_pruned`] got of clang.
struct Streamed {
    /// clang's exit status; `None` where the importer stopped it.
    status: Option<std::process::ExitStatus>,
    /// The declarations kept of its AST.
    ast: Result<String, Pruned>,
    /// Its log.
    stderr: Vec<u8>,
}

/// Runs `cmd` (clang dumping its JSON AST) and reads the dump as it is written, keeping only
/// what the importer reads ([`crate::ast::prune`]), at most `limit` bytes of it: a header
/// that includes a whole C++ library dumps gigabytes, most of them function bodies. The
/// reading runs on a thread with the AST reader's stack (it recurses once per level); where
/// it stops early and clang is still running, clang is stopped, and there is no exit status.
fn output_pruned(mut cmd: std::process::Command, limit: u64) -> std::io::Result<Streamed> {
    use std::io::Read as _;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let log = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::Builder::new()
        .name("ptx-abi-import AST stream".into())
        .stack_size(crate::ast::READ_STACK)
        .spawn(move || crate::ast::prune::pruned(stdout, limit))?;
    let ast = reader
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    // Stopped reading while clang runs: it would block on a full pipe.
    let stopped = ast.is_err() && child.try_wait()?.is_none();
    if stopped {
        let _ = child.kill();
    }
    let status = child.wait()?;
    let stderr = log.join().unwrap_or_default();
    Ok(Streamed {
        status: (!stopped).then_some(status),
        ast,
        stderr,
    })
}

/// The variable that sets how many bytes of clang's dump the importer reads at most.
pub const MAX_DUMP_VAR: &str = "PTX_ABI_IMPORT_MAX_AST_BYTES";

/// How many bytes of clang's AST the importer keeps at most: `$PTX_ABI_IMPORT_MAX_AST_BYTES`,
/// else 2 GiB. The dump is read as it is written and only declarations are kept
/// ([`crate::ast::prune`]), which the importer then holds in memory several times over; a
/// header whose declarations pass the bound is refused with the reason instead of ending the
/// process. (Of other dumps, such as the record layouts, it reads at most as many bytes.)
fn max_dump_bytes() -> u64 {
    std::env::var(MAX_DUMP_VAR)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(2 << 30)
}

/// Why [`output_within`] gave no output.
enum Bounded {
    Io(std::io::Error),
    /// The output passed this many bytes; the process was stopped.
    TooLong(u64),
}

/// Runs `cmd` as [`std::process::Command::output`] does, but reads at most `limit` bytes of
/// its standard output: past them, the process is killed.
fn output_within(
    mut cmd: std::process::Command,
    limit: u64,
) -> Result<(std::process::ExitStatus, Vec<u8>, Vec<u8>), Bounded> {
    use std::io::Read as _;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(Bounded::Io)?;
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let log = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let mut stdout = Vec::new();
    let read = child
        .stdout
        .take()
        .expect("stdout is piped")
        .take(limit.saturating_add(1))
        .read_to_end(&mut stdout);
    if stdout.len() as u64 > limit {
        let _ = child.kill();
        let _ = child.wait();
        let _ = log.join();
        return Err(Bounded::TooLong(limit));
    }
    read.map_err(Bounded::Io)?;
    let status = child.wait().map_err(Bounded::Io)?;
    let stderr = log.join().unwrap_or_default();
    Ok((status, stdout, stderr))
}

/// Writes the overlay of the CUDA include directories among `extra` into the stand-in
/// directory `dir` (`crate::cuda_include`); its path, or `None` where there is nothing to
/// replace.
fn cuda_include_overlay(
    dir: &Path,
    extra: &[String],
) -> Result<Option<std::path::PathBuf>, ImportError> {
    let dirs = crate::cuda_include::cuda_include_dirs(extra);
    let names: Vec<&str> = CUDA_STANDINS
        .iter()
        .copied()
        .chain(
            crate::cuda_libraries::LIBRARY_STANDINS
                .iter()
                .map(|(n, _)| *n),
        )
        // The stand-ins written for this import: not those of the runtime API where it is
        // read from CUDA's directory.
        .filter(|n| dir.join(n).is_file())
        .collect();
    let Some(text) = crate::cuda_include::overlay(&dirs, dir, &names, COMPILER_INTERNAL) else {
        return Ok(None);
    };
    let path = dir.join(crate::cuda_include::OVERLAY_FILE);
    std::fs::write(&path, text)
        .map_err(|e| ImportError::Io(format!("cannot write {}: {e}", path.display())))?;
    Ok(Some(path))
}

/// The host nvcc compiles for on Linux, whose macros the device pass sees.
pub const HOST_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// nvcc's flags that clang does not take (`ptx_abi_nvtools::options::NVCC_ONLY_FLAGS`): the
/// importer leaves them out of clang's arguments and passes them to the checks.
pub use ptx_abi_nvtools::options::NVCC_ONLY_FLAGS;

/// The macros of [`HOST_TRIPLE`] that clang's (and nvcc's) device pass defines and NVRTC
/// does not: the emitted checks define them for NVRTC, so that it compiles the header as the
/// importer read it.
pub const HOST_MACROS: &[&str] = &[
    "__linux__",
    "__linux",
    "__gnu_linux__",
    "__unix__",
    "__unix",
    "__x86_64__",
    "__x86_64",
    "__amd64__",
    "__amd64",
];

/// The headers clang's log `log` says it could not find (`fatal error: 'x.h' file not found`).
pub(crate) fn missing_includes(log: &str) -> impl Iterator<Item = &str> {
    log.lines().filter_map(|l| {
        let rest = l.split("fatal error: '").nth(1)?;
        rest.strip_suffix("' file not found")
    })
}

/// What to do about header `name` that clang could not find.
fn missing_include_hint(name: &str) -> String {
    const STD: &[&str] = &[
        "cinttypes",
        "inttypes.h",
        "cstdarg",
        "stdarg.h",
        "random",
        "filesystem",
        "queue",
        "stack",
        "bitset",
        "complex",
        "regex",
        "future",
        "any",
        "span",
    ];
    if STD.contains(&name) {
        format!(
            "\nnote: `<{name}>` is the C/C++ standard library's: ptx-abi-import reads headers \
             with stand-ins for its C headers and the common C++ ones (<type_traits>, <limits>, \
             <utility>, <array>; <vector>, <string>, <iostream> and other host containers as \
             declarations), the same NVRTC's checks get, and where the header needs another, \
             with the host's C++ library, which it takes from zig's clang (`--fetch-clang`); \
             this clang is not zig. Read it with zig's clang, or, where the header uses it only \
             in host code, import it with `-D` of a macro that leaves that part out"
        )
    } else if [
        "cub/",
        "thrust/",
        "cutlass/",
        "cute/",
        "cuda/",
        "cooperative_groups/",
    ]
    .iter()
    .any(|p| name.starts_with(p))
    {
        format!(
            "\nnote: `{name}` belongs to a CUDA C++ library, or a part of one, ptx-abi-import does \
             not stand in for (it stands in for cuda_runtime.h, cuda.h, the fp16/bf16/fp8 headers, \
             curand_kernel.h, cooperative_groups.h, CUB's block, warp and device collectives \
             (<cub/cub.cuh>), <nv/target> and libcu++'s <cuda/std/array>, <cuda/std/cstdint>, \
             <cuda/std/cstddef>, <cuda/std/type_traits>, <cuda/atomic> and <cuda/std/atomic>); \
             clang cannot read the library itself here (it needs the host's C \
             library): import a header of the shared types alone, or leave the include out \
             with a `-D` of a macro the header tests. The checks, compiled by nvcc or NVRTC \
             with CUDA's own headers, can include it"
        )
    } else {
        format!(
            "\nnote: `{name}` is not one of the CUDA headers ptx-abi-import stands in for \
             (cuda_runtime.h, cuda.h, cuda_fp16.h, cuda_bf16.h, cuda_fp8.h, vector_types.h, \
             curand_kernel.h, cooperative_groups.h, …): give clang its directory with `-I DIR` \
             (`Importer::clang_arg(\"-IDIR\")`): CUDA's include directory for one of the \
             toolkit's headers (its headers the importer stands in for stay replaced), or the \
             project's own include directory"
        )
    }
}

/// The stand-in directory's subdirectory of the C and C++ standard headers' stand-ins, left
/// off the search path where the host's library is read (`crate::host_library`).
pub(crate) const STD_DIR: &str = "std";

/// The prelude's file name in the stand-in directory.
pub const PRELUDE_FILE: &str = "ptx_abi_import_prelude.h";

/// CUDA's own headers and the host headers CUDA code commonly includes: each includes the
/// prelude, and those that declare types of their own (`cuda_fp16.h`, `cuda.h`, …) declare
/// them ([`crate::cuda_types::standin_header`]).
const CUDA_STANDINS: &[&str] = &[
    "cuda_runtime.h",
    "cuda_runtime_api.h",
    "cuda_device_runtime_api.h",
    "cuda.h",
    "vector_types.h",
    "vector_functions.h",
    "builtin_types.h",
    "device_types.h",
    "driver_types.h",
    "cuda_fp16.h",
    "cuda_bf16.h",
    "cuda_fp8.h",
    "cuda_fp4.h",
    "cudaTypedefs.h",
    "helper_math.h",
    "math_constants.h",
];

/// The headers of CUDA's runtime and driver APIs: stand-ins ([`crate::cuda_types::RUNTIME_API`])
/// unless CUDA's include directory holding them is among clang's arguments, when they are read
/// from it (`crate::cuda_include`).
const RUNTIME_API_HEADERS: &[&str] = &[
    "cuda_runtime_api.h",
    "cuda_device_runtime_api.h",
    "driver_types.h",
    "device_types.h",
    "builtin_types.h",
    "cuda.h",
    "cudaTypedefs.h",
];

/// CUDA's compiler-internal headers that its runtime API headers include: their stand-in is
/// the prelude, which defines what they define (`CUDARTAPI`, `__align__`, …); mapped into a
/// CUDA include directory whether or not it holds them (PyPI's runtime headers come without
/// `crt/`).
const COMPILER_INTERNAL: &[&str] = &["crt/host_defines.h", "host_defines.h"];

const STDINT: &str = "#pragma once\n\
typedef __INT8_TYPE__ int8_t; typedef __INT16_TYPE__ int16_t; typedef __INT32_TYPE__ int32_t; typedef __INT64_TYPE__ int64_t;\n\
typedef __UINT8_TYPE__ uint8_t; typedef __UINT16_TYPE__ uint16_t; typedef __UINT32_TYPE__ uint32_t; typedef __UINT64_TYPE__ uint64_t;\n\
typedef __INTPTR_TYPE__ intptr_t; typedef __UINTPTR_TYPE__ uintptr_t; typedef __INTMAX_TYPE__ intmax_t; typedef __UINTMAX_TYPE__ uintmax_t;\n\
typedef __INT_LEAST8_TYPE__ int_least8_t; typedef __INT_LEAST16_TYPE__ int_least16_t; typedef __INT_LEAST32_TYPE__ int_least32_t; typedef __INT_LEAST64_TYPE__ int_least64_t;\n\
typedef __UINT_LEAST8_TYPE__ uint_least8_t; typedef __UINT_LEAST16_TYPE__ uint_least16_t; typedef __UINT_LEAST32_TYPE__ uint_least32_t; typedef __UINT_LEAST64_TYPE__ uint_least64_t;\n\
typedef __INT_FAST8_TYPE__ int_fast8_t; typedef __INT_FAST16_TYPE__ int_fast16_t; typedef __INT_FAST32_TYPE__ int_fast32_t; typedef __INT_FAST64_TYPE__ int_fast64_t;\n\
typedef __UINT_FAST8_TYPE__ uint_fast8_t; typedef __UINT_FAST16_TYPE__ uint_fast16_t; typedef __UINT_FAST32_TYPE__ uint_fast32_t; typedef __UINT_FAST64_TYPE__ uint_fast64_t;\n\
#define INT8_MIN (-128)\n#define INT8_MAX 127\n#define UINT8_MAX 255\n\
#define INT16_MIN (-32768)\n#define INT16_MAX 32767\n#define UINT16_MAX 65535\n\
#define INT32_MIN (-2147483647 - 1)\n#define INT32_MAX 2147483647\n#define UINT32_MAX 4294967295u\n\
#define INT64_MIN (-9223372036854775807ll - 1)\n#define INT64_MAX 9223372036854775807ll\n#define UINT64_MAX 18446744073709551615ull\n\
#define INTPTR_MIN INT64_MIN\n#define INTPTR_MAX INT64_MAX\n#define UINTPTR_MAX UINT64_MAX\n#define SIZE_MAX UINT64_MAX\n\
#define INT8_C(c) c\n#define INT16_C(c) c\n#define INT32_C(c) c\n#define INT64_C(c) c ## ll\n\
#define UINT8_C(c) c\n#define UINT16_C(c) c\n#define UINT32_C(c) c ## u\n#define UINT64_C(c) c ## ull\n\
#ifdef __cplusplus\nnamespace std { using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t; using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t; using ::intptr_t; using ::uintptr_t; using ::intmax_t; using ::uintmax_t; using ::int_least8_t; using ::int_least16_t; using ::int_least32_t; using ::int_least64_t; using ::uint_least8_t; using ::uint_least16_t; using ::uint_least32_t; using ::uint_least64_t; using ::int_fast8_t; using ::int_fast16_t; using ::int_fast32_t; using ::int_fast64_t; using ::uint_fast8_t; using ::uint_fast16_t; using ::uint_fast32_t; using ::uint_fast64_t; }\n#endif\n";

/// `<stddef.h>` and `<cstddef>`: `size_t`, `ptrdiff_t`, `nullptr_t`, `offsetof`, glibc's
/// (GCC's) `max_align_t` (32 bytes aligned to 16 on x86-64 Linux, as nvcc's device pass and
/// NVRTC give it, `long double` laid out as the host's: see [`run`]), and C++17's `std::byte`,
/// in `std` too; once, though it is written as both files.
const STDDEF: &str = "#pragma once\n\
#ifndef PTX_ABI_IMPORT_STDDEF\n#define PTX_ABI_IMPORT_STDDEF\n\
typedef __SIZE_TYPE__ size_t; typedef __PTRDIFF_TYPE__ ptrdiff_t;\n\
#ifdef __cplusplus\ntypedef decltype(nullptr) nullptr_t;\n#endif\n\
#ifndef NULL\n#define NULL 0\n#endif\n\
#define offsetof(t, m) __builtin_offsetof(t, m)\n\
typedef struct {\n\
    long long __max_align_ll __attribute__((__aligned__(__alignof__(long long))));\n\
    long double __max_align_ld __attribute__((__aligned__(__alignof__(long double))));\n\
} max_align_t;\n\
#define _GCC_MAX_ALIGN_T\n\
#ifdef __cplusplus\nnamespace std { using ::size_t; using ::ptrdiff_t; using ::nullptr_t; using ::max_align_t; }\n\
#if __cplusplus >= 201703L\nnamespace std { enum class byte : unsigned char {}; }\n#endif\n#endif\n#endif\n";

/// Writes the stand-in headers and the prelude for CUDA release `cuda` into `dir`; with
/// `toolkit`, for a CUDA include directory that holds the runtime API
/// ([`crate::cuda_types::prelude_reading_toolkit`]), whose runtime API headers get no
/// stand-in.
pub fn write_standins(
    dir: &Path,
    cuda: ptx_abi_core::layout::cuda_version::CudaVersion,
    toolkit: bool,
) -> Result<(), ImportError> {
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| ImportError::Io(format!("cannot create {}: {e}", parent.display())))?;
        }
        std::fs::write(&path, text)
            .map_err(|e| ImportError::Io(format!("cannot write {}: {e}", path.display())))
    };
    let prelude = if toolkit {
        crate::cuda_types::prelude_reading_toolkit(cuda)
    } else {
        crate::cuda_types::prelude_for(cuda)
    };
    write(PRELUDE_FILE, &prelude)?;
    for h in COMPILER_INTERNAL {
        write(h, &format!("#pragma once\n#include \"{PRELUDE_FILE}\"\n"))?;
    }
    for h in CUDA_STANDINS {
        if toolkit && RUNTIME_API_HEADERS.contains(h) {
            continue;
        }
        let text = crate::cuda_types::standin_header(h, cuda)
            .unwrap_or_else(|| format!("#pragma once\n#include \"{PRELUDE_FILE}\"\n"));
        write(h, &text)?;
    }
    for h in ["stdint.h", "cstdint"] {
        write(&format!("{STD_DIR}/{h}"), STDINT)?;
    }
    for h in ["stddef.h", "cstddef"] {
        write(&format!("{STD_DIR}/{h}"), STDDEF)?;
    }
    // CUDA's library headers (`curand_kernel.h`, cooperative groups, libcu++).
    for (h, text) in crate::cuda_libraries::LIBRARY_STANDINS {
        write(h, text)?;
    }
    // C's and C++'s libraries as NVRTC's checks get them (`ptx_abi_nvtools::std_headers`).
    let std = ptx_abi_nvtools::std_headers::C_HEADERS.iter();
    for (h, text) in std.chain(ptx_abi_nvtools::std_headers::STD_HEADERS) {
        write(
            &format!("{STD_DIR}/{h}"),
            &format!("#include \"{PRELUDE_FILE}\"\n{text}"),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{library_error, runtime_api_hint, unknown_runtime_api_names};

    #[test]
    fn an_error_inside_a_cuda_library_names_its_header() {
        let log = "/x/standins/cuda/std/atomic:3:1: error: stand-in\n\
                   In file included from h.cuh:1:\n\
                   /usr/cuda/include/cuda/std/detail/libcxx/include/cmath:656:5: error: no macro\n";
        assert_eq!(
            library_error(log),
            Some("cuda/std/detail/libcxx/include/cmath")
        );
        assert_eq!(
            library_error("h.cuh:3:1: error: unknown type name 'x'\n"),
            None
        );
    }

    #[test]
    fn unknown_runtime_api_names_are_hinted_once_each() {
        let log = "h.cuh:2:40: error: unknown type name 'cudaChannelFormatDesc'\n\
                   h.cuh:3:5: error: use of undeclared identifier 'cudaMemcpyHostToDevice'\n\
                   h.cuh:4:5: error: unknown type name 'cudaChannelFormatDesc'\n\
                   h.cuh:5:5: error: unknown type name 'MyOwnType'\n";
        assert_eq!(
            unknown_runtime_api_names(log),
            ["cudaChannelFormatDesc", "cudaMemcpyHostToDevice"]
        );
        let hint = runtime_api_hint(log).unwrap_or_default();
        assert!(
            hint.contains("`cudaChannelFormatDesc` (and 1 more)"),
            "{hint}"
        );
        assert!(hint.contains("-I $CUDA_HOME/include"), "{hint}");
        // A header's own unknown name is the header's error: no hint about CUDA.
        assert_eq!(
            runtime_api_hint("h.cuh:5:5: error: unknown type name 'MyOwnType'"),
            None
        );
    }
}
