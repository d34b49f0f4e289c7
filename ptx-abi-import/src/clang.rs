//! Running clang as CUDA's device compiler sees a header: `--target=nvptx64-nvidia-cuda -x cuda
//! --cuda-device-only`, and reading its JSON AST (`-Xclang -ast-dump=json -fsyntax-only`).
//!
//! clang is found as (first wins): the path given to [`crate::Importer::clang`],
//! `$PTX_ABI_CLANG`, `zig` from the `ziglang` wheel in a cache directory (run as `zig clang`),
//! `clang` on `PATH`; or fetched from PyPI when allowed ([`crate::fetch`]).
//!
//! There are no CUDA headers (`-nocudainc`, `-nostdinc`): a directory of stand-in headers
//! (`cuda_runtime.h`, `vector_types.h`, `stdint.h`, …) defines CUDA's keywords and types from
//! [`crate::cuda_types`], and C's fixed-width integers from clang's predefined macros.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::ImportError;

/// Environment variable naming a clang binary (or `zig`, then run as `zig clang`).
pub const CLANG_ENV: &str = "PTX_ABI_CLANG";
/// Environment variable naming a `zig` binary whose `zig clang` to use (`cargo xtask test` sets
/// it to the wheel it fetched).
pub const ZIG_ENV: &str = "PTX_ABI_ZIG";

/// How to start clang: a program and the arguments before clang's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clang {
    /// The program (`clang` or `zig`).
    pub program: PathBuf,
    /// `["clang"]` for `zig`, empty for clang itself.
    pub prefix: Vec<OsString>,
}

impl Clang {
    /// clang at `path`; a file named `zig` runs as `zig clang`.
    pub fn at(path: impl Into<PathBuf>) -> Clang {
        let program = path.into();
        let is_zig = program
            .file_stem()
            .is_some_and(|s| s == "zig" || s.to_string_lossy().starts_with("zig-"));
        Clang {
            prefix: if is_zig {
                vec!["clang".into()]
            } else {
                Vec::new()
            },
            program,
        }
    }

    /// The first clang found: `$PTX_ABI_CLANG`, `$PTX_ABI_ZIG` (a `zig` binary, run as
    /// `zig clang`), `zig` in one of `caches`, `clang` on `PATH`.
    pub fn locate(caches: &[PathBuf]) -> Option<Clang> {
        if let Some(p) = std::env::var_os(CLANG_ENV).filter(|p| !p.is_empty()) {
            return Some(Clang::at(p));
        }
        if let Some(zig) = std::env::var_os(ZIG_ENV).filter(|p| !p.is_empty()) {
            return Some(Clang::at(zig));
        }
        if let Some(zig) = caches
            .iter()
            .map(|c| crate::fetch::zig_in(c))
            .find(|z| z.is_file())
        {
            return Some(Clang::at(zig));
        }
        let ok = Command::new("clang")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| Clang::at("clang"))
    }

    /// `clang --version`'s first line.
    pub fn version(&self) -> String {
        Command::new(&self.program)
            .args(&self.prefix)
            .arg("--version")
            .output()
            .map(|o| {
                let out = String::from_utf8_lossy(&o.stdout).into_owned();
                out.lines().next().unwrap_or("").to_string()
            })
            .unwrap_or_else(|e| format!("({} --version failed: {e})", self.program.display()))
    }

    /// clang's JSON AST of `main` (a file in `dir`, which also holds the stand-in headers),
    /// with `extra` arguments (`-I`, `-D`, `-std=`).
    pub fn ast_json(
        &self,
        dir: &Path,
        main: &Path,
        extra: &[String],
    ) -> Result<String, ImportError> {
        self.run(dir, main, extra, "-ast-dump=json")
    }

    /// clang's own layout of every complete record of `main`, as text
    /// (`-fdump-record-layouts-complete`, read by [`crate::record_layout`]); arguments as
    /// for [`Clang::ast_json`].
    pub fn record_layouts(
        &self,
        dir: &Path,
        main: &Path,
        extra: &[String],
    ) -> Result<String, ImportError> {
        self.run(dir, main, extra, "-fdump-record-layouts-complete")
            .map_err(|e| match e {
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
        &self,
        dir: &Path,
        main: &Path,
        extra: &[String],
        dump: &str,
    ) -> Result<String, ImportError> {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.prefix)
            .args([
                "--target=nvptx64-nvidia-cuda",
                "-x",
                "cuda",
                "--cuda-device-only",
                "-nocudainc",
                "-nocudalib",
                "--cuda-gpu-arch=sm_70",
                "-nostdinc",
                "-fsyntax-only",
                "-Xclang",
                dump,
            ])
            .arg("-isystem")
            .arg(dir)
            .arg("-include")
            .arg(dir.join(PRELUDE_FILE));
        if !extra.iter().any(|a| a.starts_with("-std=")) {
            cmd.arg("-std=c++17");
        }
        cmd.args(extra).arg(main);
        let out = cmd.stdin(Stdio::null()).output().map_err(|e| {
            ImportError::NoClang(format!("cannot run {}: {e}", self.program.display()))
        })?;
        if !out.status.success() {
            return Err(ImportError::Clang(
                String::from_utf8_lossy(&out.stderr).into_owned(),
            ));
        }
        String::from_utf8(out.stdout).map_err(|e| ImportError::Ast(e.to_string()))
    }
}

/// The prelude's file name in the stand-in directory.
pub const PRELUDE_FILE: &str = "ptx_abi_import_prelude.h";

/// Headers that only include the prelude (CUDA's own headers and the host headers CUDA code
/// commonly includes).
const CUDA_STANDINS: &[&str] = &[
    "cuda_runtime.h",
    "cuda_runtime_api.h",
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
    "math.h",
    "cmath",
    "assert.h",
    "cassert",
    "float.h",
    "cfloat",
    "limits.h",
    "climits",
    "stdbool.h",
];

const STDINT: &str = "#pragma once\n\
typedef __INT8_TYPE__ int8_t; typedef __INT16_TYPE__ int16_t; typedef __INT32_TYPE__ int32_t; typedef __INT64_TYPE__ int64_t;\n\
typedef __UINT8_TYPE__ uint8_t; typedef __UINT16_TYPE__ uint16_t; typedef __UINT32_TYPE__ uint32_t; typedef __UINT64_TYPE__ uint64_t;\n\
typedef __INTPTR_TYPE__ intptr_t; typedef __UINTPTR_TYPE__ uintptr_t; typedef __INTMAX_TYPE__ intmax_t; typedef __UINTMAX_TYPE__ uintmax_t;\n\
typedef __INT_LEAST8_TYPE__ int_least8_t; typedef __INT_LEAST16_TYPE__ int_least16_t; typedef __INT_LEAST32_TYPE__ int_least32_t; typedef __INT_LEAST64_TYPE__ int_least64_t;\n\
typedef __UINT_LEAST8_TYPE__ uint_least8_t; typedef __UINT_LEAST16_TYPE__ uint_least16_t; typedef __UINT_LEAST32_TYPE__ uint_least32_t; typedef __UINT_LEAST64_TYPE__ uint_least64_t;\n\
typedef __INT_FAST8_TYPE__ int_fast8_t; typedef __INT_FAST16_TYPE__ int_fast16_t; typedef __INT_FAST32_TYPE__ int_fast32_t; typedef __INT_FAST64_TYPE__ int_fast64_t;\n\
typedef __UINT_FAST8_TYPE__ uint_fast8_t; typedef __UINT_FAST16_TYPE__ uint_fast16_t; typedef __UINT_FAST32_TYPE__ uint_fast32_t; typedef __UINT_FAST64_TYPE__ uint_fast64_t;\n\
#ifdef __cplusplus\nnamespace std { using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t; using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t; using ::intptr_t; using ::uintptr_t; }\n#endif\n";

const STDDEF: &str = "#pragma once\n\
typedef __SIZE_TYPE__ size_t; typedef __PTRDIFF_TYPE__ ptrdiff_t;\n\
#ifndef NULL\n#define NULL 0\n#endif\n\
#define offsetof(t, m) __builtin_offsetof(t, m)\n\
#ifdef __cplusplus\nnamespace std { using ::size_t; using ::ptrdiff_t; }\n#endif\n";

/// Writes the stand-in headers and the prelude for CUDA release `cuda` into `dir`.
pub fn write_standins(
    dir: &Path,
    cuda: ptx_abi_core::layout::cuda_version::CudaVersion,
) -> Result<(), ImportError> {
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text)
            .map_err(|e| ImportError::Io(format!("cannot write {}: {e}", dir.join(name).display())))
    };
    write(PRELUDE_FILE, &crate::cuda_types::prelude_for(cuda))?;
    for h in CUDA_STANDINS {
        write(h, &format!("#pragma once\n#include \"{PRELUDE_FILE}\"\n"))?;
    }
    for h in ["stdint.h", "cstdint"] {
        write(h, STDINT)?;
    }
    for h in ["stddef.h", "cstddef"] {
        write(h, STDDEF)?;
    }
    Ok(())
}
