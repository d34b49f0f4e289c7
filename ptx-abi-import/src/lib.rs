//! Import CUDA headers as checked ptx-abi Rust types.
//!
//! clang reads the header as CUDA's device compiler does (`--target=nvptx64-nvidia-cuda -x cuda
//! --cuda-device-only`, CUDA's vector types and `__align__` understood), its JSON AST becomes a
//! [`model::Model`], and [`emit`] writes one `#[derive(ptx_abi::PtxAbi)]` definition per struct,
//! union, enum and typedef: bit-fields as `#[ptx(bits = N)]` (§1.3), unnamed ones as `Pad<T, N>`,
//! `__align__(N)` as `#[ptx(align = N)]`, CUDA's vectors as ptx-abi's (§1.2), pointers as
//! `DevicePtr<T>`, namespaces as modules. Whatever ptx-abi cannot express is an error naming
//! the declaration and its `file:line`, never a guess.
//!
//! The layouts are then computed by the derive, not by the importer: check them against the
//! header with NVRTC (`ptx_abi::report::nvrtc::assert_matches`, or [`EmitOptions::checks`]).
//!
//! A header is read for one CUDA release ([`Importer::cuda_version`], `--cuda 13.0`): CUDA's
//! types are those that release declares, aligned as it declares them (`CUtensorMap`: 128 from
//! CUDA 13.0), and the generated Rust compiles only against a `ptx_abi` that describes the same
//! major release.
//!
//! ```no_run
//! // build.rs
//! let rust = ptx_abi_import::Importer::new()
//!     .header("kernels/particle.cuh")
//!     .generate()?;
//! std::fs::write(std::env::var("OUT_DIR")? + "/shared.rs", rust.source)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod ast;
pub mod clang;
mod compiler;
mod cuda_include;
pub mod cuda_libraries;
pub mod cuda_types;
pub mod emit;
pub mod error;
mod host_library;
mod include_path;
pub mod model;
mod names;
mod pragma_macros;
pub mod record_layout;
mod rust_layout;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub use compiler::Compiler;
pub use emit::EmitOptions;
pub use error::{ImportError, Unsupported};
use model::{ItemId, ItemKind, Model, Ty};
/// The CUDA release an import is for ([`Importer::cuda_version`]; ptx-abi's type, chapter 7).
pub use ptx_abi_core::layout::cuda_version::CudaVersion;

/// A header to import: a file, or a text with a name.
#[derive(Clone, Debug)]
enum Header {
    File(PathBuf),
    Text(String, String),
}

/// The importer, configured like a builder (bindgen's `Builder` is the model).
#[derive(Clone, Debug, Default)]
pub struct Importer {
    headers: Vec<Header>,
    clang: Option<PathBuf>,
    fetch_clang: bool,
    caches: Vec<PathBuf>,
    args: Vec<String>,
    allow: Vec<String>,
    decode: Vec<(String, String)>,
    open_enums: Vec<String>,
    strict: bool,
    compiler: Compiler,
    /// The GPU architecture the header is read for (`sm_NN`'s `NN`), `None`: [`DEFAULT_ARCH`].
    arch: Option<u32>,
    emit: EmitOptions,
    /// Where the host's C++ library read this import lives (`host_library::cxx_dirs`): its
    /// records are refused.
    host_cxx: Vec<String>,
}

/// The result of an import.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The Rust source.
    pub source: String,
    /// What was understood (every declaration; [`Model::emitted`] lists the emitted ones).
    pub model: Model,
    /// The clang that read the header (`clang --version`'s first line).
    pub clang_version: String,
    /// The declarations left out, each with why: those the importer cannot express, and those
    /// that use one of them by value (a pointer to one is imported as
    /// `DevicePtr<c_void>`). Empty under [`Importer::strict`], where any of them is an error.
    pub skipped: Vec<Unsupported>,
}

static SCRATCH: AtomicUsize = AtomicUsize::new(0);

/// The architecture a header is read for by default: `sm_80`, the one the checks compile for
/// (`ptx_abi::report::nvrtc::CHECK_OPTIONS`' `compute_80`, which NVRTC 11.8 to 13 and nvcc 13,
/// which dropped `sm_70`, all take).
pub const DEFAULT_ARCH: u32 = 80;

/// The architecture an argument to clang names (`--cuda-gpu-arch=sm_90`,
/// `--offload-arch=sm_90`): `90`.
fn arch_of_clang_arg(arg: &str) -> Option<u32> {
    let sm = ["--cuda-gpu-arch=", "--offload-arch="]
        .iter()
        .find_map(|p| arg.strip_prefix(p))?;
    arch_number(sm).filter(|_| sm.starts_with("sm_"))
}

/// The number of GPU architecture `text`: `sm_90`, `sm_90a` (a feature suffix, `a` or `f`,
/// left to the compiler), `compute_90` or `90` is `90`; `None` for anything else.
pub fn arch_number(text: &str) -> Option<u32> {
    let n = text
        .strip_prefix("sm_")
        .or_else(|| text.strip_prefix("compute_"))
        .unwrap_or(text);
    let digits: String = n.chars().take_while(char::is_ascii_digit).collect();
    let rest = &n[digits.len()..];
    if rest.is_empty() || rest == "a" || rest == "f" {
        digits.parse().ok()
    } else {
        None
    }
}

/// Makes sure the pinned `ziglang` wheel (clang 22, `ptx_abi_nvtools::fetch::ZIG_WHEEL`) is
/// unpacked in `cache` and returns the path of `zig` (run as `zig clang …`). Offline once
/// cached; needs `python3` with pip.
pub fn fetch_clang(cache: &Path) -> Result<PathBuf, String> {
    ptx_abi_nvtools::fetch::fetch(&ptx_abi_nvtools::fetch::ZIG_WHEEL, cache)
}

/// The cache directories searched for the `ziglang` wheel's clang: `$PTX_ABI_IMPORT_CACHE`,
/// `$CARGO_TARGET_DIR/nvidia`, `./target/nvidia`, and `<cache>/ptx-abi-import` in the user's
/// cache directory (`$XDG_CACHE_HOME` or `~/.cache`).
pub fn default_caches() -> Vec<PathBuf> {
    let mut v = Vec::new();
    if let Some(c) = std::env::var_os("PTX_ABI_IMPORT_CACHE").filter(|c| !c.is_empty()) {
        v.push(PathBuf::from(c));
    }
    if let Some(t) = std::env::var_os("CARGO_TARGET_DIR").filter(|c| !c.is_empty()) {
        v.push(PathBuf::from(t).join("nvidia"));
    }
    v.push(PathBuf::from("target").join("nvidia"));
    let home_cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|c| !c.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
    if let Some(c) = home_cache {
        v.push(c.join("ptx-abi-import"));
    }
    v
}

impl Importer {
    /// An importer with nothing to import yet.
    pub fn new() -> Importer {
        Importer::default()
    }

    /// Imports the header file at `path` (several calls import several headers together).
    pub fn header(mut self, path: impl AsRef<Path>) -> Importer {
        self.headers.push(Header::File(path.as_ref().to_path_buf()));
        self
    }

    /// Imports `text` as a header named `name` (for messages).
    pub fn header_text(mut self, name: &str, text: &str) -> Importer {
        self.headers
            .push(Header::Text(name.to_string(), text.to_string()));
        self
    }

    /// Uses the clang (or `zig`, run as `zig clang`) at `path`.
    pub fn clang(mut self, path: impl AsRef<Path>) -> Importer {
        self.clang = Some(path.as_ref().to_path_buf());
        self
    }

    /// When no clang is found, fetches the pinned `ziglang` wheel from PyPI (needs `python3`
    /// with pip) into the first cache directory.
    pub fn fetch_clang(mut self, yes: bool) -> Importer {
        self.fetch_clang = yes;
        self
    }

    /// Looks for (and fetches into) `dir` first for the `ziglang` wheel's clang.
    pub fn cache_dir(mut self, dir: impl AsRef<Path>) -> Importer {
        self.caches.insert(0, dir.as_ref().to_path_buf());
        self
    }

    /// Passes `arg` to clang (`-I dir`, `-DNAME=1`, `-std=c++20`).
    pub fn clang_arg(mut self, arg: impl Into<String>) -> Importer {
        self.args.push(arg.into());
        self
    }

    /// Imports only `c_name` (and the types it uses) instead of every type of the headers;
    /// may be given several times. Qualified as in C++: `phys::Particle`.
    pub fn allow(mut self, c_name: impl Into<String>) -> Importer {
        self.allow.push(c_name.into());
        self
    }

    /// Imports for CUDA release `v`: the stand-ins for CUDA's headers declare the types that
    /// release declares (`double4_32a` from 13.0) with its alignments (`CUtensorMap`: 64, then
    /// 128 from 13.0) and its `CUDART_VERSION`. By default the release the importer's
    /// ptx-abi describes ([`ptx_abi_core::layout::cuda_version::CUDA_VERSION`]: 12.9 unless a feature of
    /// `ptx-abi-core` chooses another; in `build.rs` that is the build-dependency's, so name
    /// the release here). The generated Rust asserts at compile time that the `ptx_abi` it is
    /// compiled with describes the same major release
    /// (`ptx_abi::layout::cuda_version::built_for_error`, raised in a `const`).
    pub fn cuda_version(mut self, v: ptx_abi_core::layout::cuda_version::CudaVersion) -> Importer {
        self.emit.cuda_version = v;
        self
    }

    /// Whether a declaration the importer cannot express fails the whole import (`--strict`).
    /// By default it is reported in [`Imported::skipped`] and left out, with every type that
    /// holds it by value, and the rest of the header is imported; a type named by
    /// [`Importer::allow`] that cannot be imported is an error either way.
    pub fn strict(mut self, yes: bool) -> Importer {
        self.strict = yes;
        self
    }

    /// Reads the header for GPU architecture `sm_NN` (`sm` = `NN`, as `90` for `sm_90`;
    /// `--arch sm_90`): the `__CUDA_ARCH__` its `#if`s see (`NN0`), as the build compiling it
    /// for that architecture does, and the architecture its emitted checks are compiled for
    /// (`--gpu-architecture=compute_NN`), so that a layout that depends on it is the same in
    /// the import and the checks. By default [`DEFAULT_ARCH`], the checks' own default. An
    /// architecture given to clang (`--cuda-gpu-arch=sm_NN` or `--offload-arch=sm_NN` among
    /// [`Importer::clang_arg`]s) is taken as this one.
    pub fn arch(mut self, sm: u32) -> Importer {
        self.arch = Some(sm);
        self
    }

    /// Whose layout the Rust follows where nvcc and NVRTC disagree about the header
    /// ([`Compiler`]; `--compiler`): nvcc by default. A GNU `__attribute__((aligned(N)))`
    /// after a struct's closing brace is applied for nvcc, with the struct's checks compiled
    /// by nvcc, and left out for NVRTC, as each compiler does.
    pub fn compiler(mut self, compiler: Compiler) -> Importer {
        self.compiler = compiler;
        self
    }

    /// Makes `member` the member that decoding union `union_c_name` reads (`#[ptx(decode)]`;
    /// by default the first).
    pub fn decode_member(mut self, union_c_name: &str, member: &str) -> Importer {
        self.decode
            .push((union_c_name.to_string(), member.to_string()));
        self
    }

    /// Imports enum `enum_c_name` open: its underlying integer (`pub type E = u32;`) with
    /// its enumerators as constants, for an enum whose members C code sets to values that are
    /// not enumerators (flags combined with `|`). Bit-flag enums are imported open without
    /// it ([`model::Enum::looks_like_flags`]); others become Rust enums, whose `decode`
    /// refuses a value that is not an enumerator.
    pub fn open_enum(mut self, enum_c_name: impl Into<String>) -> Importer {
        self.open_enums.push(enum_c_name.into());
        self
    }

    /// Whether to emit `#[ptx(c_name = "…")]` where a Rust name differs from the C one (on by
    /// default; see [`EmitOptions::c_names`]). Without it, derived names are the Rust ones.
    pub fn c_names(mut self, yes: bool) -> Importer {
        self.emit.c_names = yes;
        self
    }

    /// Emits a `#[cfg(test)]` module checking every imported struct, union and enum against
    /// the header with `ptx_abi::report::nvrtc::assert_matches` (`assert_matches_mapped` where C has
    /// anonymous members; ptx-abi's feature `nvrtc`); `header_expr` is a Rust expression for
    /// the header's text, such as `include_str!("../kernels/particle.cuh")`. NVRTC compiles
    /// that text alone: a header that includes CUDA's library headers (`cuda_fp16.h`, …)
    /// needs a check with include paths instead (`ptx_abi::CTypeCheck`).
    pub fn checks(mut self, header_expr: impl Into<String>) -> Importer {
        self.emit.checks = Some(header_expr.into());
        self
    }

    fn find_clang(&self) -> Result<clang::Clang, ImportError> {
        if let Some(p) = &self.clang {
            return Ok(clang::Clang::at(p));
        }
        let mut caches = self.caches.clone();
        caches.extend(default_caches());
        if let Some(c) = clang::Clang::locate_in(&caches) {
            return Ok(c);
        }
        if self.fetch_clang {
            let zig = fetch_clang(&caches[0]).map_err(ImportError::NoClang)?;
            return Ok(clang::Clang::at(zig));
        }
        Err(ImportError::NoClang(format!(
            "set {} to a clang (or zig) binary, install clang, or fetch clang 22 from PyPI with `cargo run -p ptx-abi-import -- --fetch-clang` (or `Importer::fetch_clang(true)`)",
            ptx_abi_nvtools::fetch::CLANG_ENV
        )))
    }

    /// Runs clang and writes the Rust source.
    pub fn generate(self) -> Result<Imported, ImportError> {
        if self.headers.is_empty() {
            return Err(ImportError::NotFound("no header to import".into()));
        }
        let clang = self.find_clang()?;
        let dir = std::env::temp_dir().join(format!(
            "ptx-abi-import-{}-{}",
            std::process::id(),
            SCRATCH.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|e| ImportError::Io(format!("cannot create {}: {e}", dir.display())))?;
        let result = self.generate_in(&clang, &dir);
        let _ = std::fs::remove_dir_all(&dir);
        result
    }

    fn generate_in(self, clang: &clang::Clang, dir: &Path) -> Result<Imported, ImportError> {
        let standins = dir.join("standins");
        std::fs::create_dir_all(&standins).map_err(|e| ImportError::Io(e.to_string()))?;
        let cuda = self.emit.cuda_version;
        // CUDA's include directory among the arguments: its runtime API is read from it.
        let toolkit = cuda_include::holds_runtime_api(&self.args);
        clang::write_standins(&standins, cuda, toolkit)?;
        let mut main = String::new();
        let mut sources = Vec::new();
        // In-memory headers are written to `<dir>/h<k>/`; messages show their given names.
        let mut renames = Vec::new();
        // The headers as clang names them (the main file includes them by these paths).
        let mut given: Vec<String> = Vec::new();
        for (k, h) in self.headers.iter().enumerate() {
            let path = match h {
                Header::File(p) => {
                    sources.push(p.display().to_string());
                    std::fs::canonicalize(p)
                        .map_err(|e| ImportError::Io(format!("{}: {e}", p.display())))?
                }
                Header::Text(name, text) => {
                    sources.push(name.clone());
                    let sub = dir.join(format!("h{k}"));
                    std::fs::create_dir_all(&sub).map_err(|e| ImportError::Io(e.to_string()))?;
                    let file = Path::new(name)
                        .file_name()
                        .map_or_else(|| format!("header{k}.cuh").into(), |f| f.to_os_string());
                    let p = sub.join(file);
                    std::fs::write(&p, text).map_err(|e| ImportError::Io(e.to_string()))?;
                    renames.push((p.display().to_string(), name.clone()));
                    p
                }
            };
            main.push_str(&format!("#include \"{}\"\n", path.display()));
            given.push(path.display().to_string());
        }
        // The host's macros, which the importer's clang defines as nvcc's device pass does.
        let mut check_options: Vec<String> = clang::HOST_MACROS
            .iter()
            .map(|m| format!("-D{m}=1"))
            .collect();
        // Every bit position was compared with clang's layout (`rust_layout`): where NVRTC
        // cannot observe them (a type with a constructor), the rest is still checked.
        check_options.push("-DPTX_ABI_ACCEPT_UNPROBED=1".to_string());
        for h in &self.headers {
            if let Header::File(p) = h {
                if let Some(parent) = std::fs::canonicalize(p)
                    .ok()
                    .and_then(|p| p.parent().map(|d| format!("-I{}", d.display())))
                {
                    if !check_options.contains(&parent) {
                        check_options.push(parent);
                    }
                }
            }
        }
        // The compiler's own macro (`__NVCC__` for nvcc's device pass, `__CUDACC_RTC__` for
        // NVRTC), for clang and, where NVRTC checks an nvcc build, for NVRTC too: a header's
        // `#ifdef __NVCC__` branch is the one the build compiles.
        let mut clang_args: Vec<String> = self
            .compiler
            .macros()
            .iter()
            .map(|m| format!("-D{m}"))
            .chain(self.compiler.gnu_version_args(compiler::host_gcc()))
            .chain(self.args.iter().cloned())
            .collect();
        if self.compiler == Compiler::Nvcc {
            check_options.push("-D__NVCC__=1".to_string());
        }
        check_options.extend(nvrtc_options(&self.args));
        // One architecture for clang and for the checks: the one given, to the importer or
        // to clang (an architecture given to clang replaces the default rather than adding a
        // second device compilation), else the checks' default.
        let given_arch = clang_args.iter().find_map(|a| arch_of_clang_arg(a));
        let sm = self.arch.or(given_arch).unwrap_or(DEFAULT_ARCH);
        clang_args.retain(|a| arch_of_clang_arg(a).is_none());
        clang_args.push(format!("--cuda-gpu-arch=sm_{sm}"));
        check_options.push(format!("--gpu-architecture=compute_{sm}"));
        let main_file = dir.join("ptx_abi_import_main.cu");
        std::fs::write(&main_file, &main).map_err(|e| ImportError::Io(e.to_string()))?;
        let standins_prefix = format!("{}/", standins.display());
        let main_name = main_file.display().to_string();
        // Nothing declared by the host's library is the header's own (`host_library`).
        let library_root = host_library::root(clang);
        let library_prefix = library_root.as_ref().map(|r| format!("{}/", r.display()));
        // Nor is anything CUDA's include directory declares (`cuda_include`): it is imported
        // where the header uses it, as the stand-ins' declarations are.
        let cuda_prefixes: Vec<String> = cuda_include::cuda_include_dirs(&clang_args)
            .iter()
            .map(|d| format!("{}/", d.display()))
            .collect();
        // Nor what a system include directory holds (`include_path`), but for the headers
        // given to import.
        let system_prefixes: Vec<String> = include_path::system_include_dirs(&clang_args)
            .iter()
            .map(|d| format!("{}/", d.display()))
            .collect();
        let is_header = move || -> Box<dyn Fn(&str) -> bool + Send> {
            let (standins, main_name) = (standins_prefix.clone(), main_name.clone());
            let library = library_prefix.clone();
            let cuda = cuda_prefixes.clone();
            let (system, given) = (system_prefixes.clone(), given.clone());
            Box::new(move |f: &str| {
                f != main_name
                    && !f.starts_with(&standins)
                    && !f.is_empty()
                    && !library.as_ref().is_some_and(|l| f.starts_with(l))
                    && !cuda.iter().any(|c| f.starts_with(c.as_str()))
                    && (!system.iter().any(|s| f.starts_with(s.as_str()))
                        || given.iter().any(|g| g == f))
            })
        };
        let mut json = Self::ast_as_nvcc_reads(
            clang,
            &standins,
            &main_file,
            &mut clang_args,
            dir,
            library_root.as_deref(),
        )?;
        // A typedef of a template instantiation (`typedef Arr<int, 2> Pair;`) does not make
        // clang instantiate it; `sizeof` does, as a kernel taking a `Pair` would.
        let typedefs = instantiations_to_complete(&json, is_header(), cuda)?;
        if !typedefs.is_empty() {
            let mut forced = main.clone();
            for t in &typedefs {
                forced.push_str(&format!(
                    "static_assert(sizeof(::{t}) > 0, \"ptx-abi-import: instantiates {t}\");\n"
                ));
            }
            std::fs::write(&main_file, &forced).map_err(|e| ImportError::Io(e.to_string()))?;
            match clang::ast_json(clang, &standins, &main_file, &clang_args) {
                Ok(j) => json = j,
                // An instantiation that does not compile stays unknown, as without `sizeof`.
                Err(_) => {
                    std::fs::write(&main_file, &main).map_err(|e| ImportError::Io(e.to_string()))?
                }
            }
        }
        let layouts = clang::record_layouts(clang, &standins, &main_file, &clang_args)?;
        let mut this = self;
        this.emit.check_options = check_options;
        if let Some(root) = library_root.filter(|_| host_library::in_use(&clang_args)) {
            this.host_cxx = host_library::cxx_dirs(&root);
        }
        this.import_ast(
            &json,
            Some(&layouts),
            is_header(),
            sources,
            &renames,
            clang.version(),
        )
    }

    /// clang's JSON AST of `main_file`, read as nvcc reads the header: where clang stops at
    /// a macro whose body is a `#pragma` ([`pragma_macros`]), the header is read again through
    /// an overlay that spells it `_Pragma`; where it stops at a standard header no stand-in
    /// provides, again with the host's C++ library ([`host_library`], under `library_root`
    /// where clang is zig). `clang_args` keep what the last run took, for the runs after this
    /// one.
    fn ast_as_nvcc_reads(
        clang: &clang::Clang,
        standins: &Path,
        main_file: &Path,
        clang_args: &mut Vec<String>,
        dir: &Path,
        library_root: Option<&Path>,
    ) -> Result<String, ImportError> {
        let given = clang_args.clone();
        let mut respelled: Vec<PathBuf> = Vec::new();
        let (mut library, mut overlay): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        loop {
            *clang_args = [&given[..], &library[..], &overlay[..]].concat();
            let log = match clang::ast_json(clang, standins, main_file, clang_args) {
                Err(ImportError::Clang(log)) => log,
                other => return other,
            };
            let more: Vec<PathBuf> = pragma_macros::headers_to_respell(&log)
                .into_iter()
                .filter(|h| !respelled.contains(h))
                .collect();
            if !more.is_empty() {
                respelled.extend(more);
                let file = pragma_macros::write_overlay(
                    &dir.join(format!("respelled{}", respelled.len())),
                    &respelled,
                )?;
                overlay = vec!["-ivfsoverlay".into(), file.display().to_string()];
                continue;
            }
            // A standard header no stand-in provides, or one whose stand-in (declarations
            // of the common parts) is too thin for the header (clang's log points into it):
            // the host's library, once.
            let std_standins = format!("{}/", standins.join(clang::STD_DIR).display());
            let root = library_root.filter(|root| {
                library.is_empty()
                    && (clang::missing_includes(&log).any(|h| host_library::provides(root, h))
                        || log.contains(&std_standins))
            });
            match root {
                Some(root) => library = host_library::clang_args(root),
                None => return Err(ImportError::Clang(log)),
            }
        }
    }

    /// The import after clang: reads `json` (clang's JSON AST), whose declarations in files
    /// for which `is_header` holds are the headers', checks every emitted record against
    /// clang's `layouts` (`-fdump-record-layouts-complete`; `None`: unchecked, for the fuzz
    /// target) and writes the Rust source. `renames` maps the paths of in-memory headers to
    /// their given names, for messages.
    fn import_ast(
        self,
        json: &str,
        layouts: Option<&str>,
        is_header: Box<dyn Fn(&str) -> bool + Send>,
        sources: Vec<String>,
        renames: &[(String, String)],
        clang_version: String,
    ) -> Result<Imported, ImportError> {
        let cuda = self.emit.cuda_version;
        let (mut model, mut problems) =
            ast::read(json, is_header, cuda).map_err(ImportError::Ast)?;
        compiler::apply(&mut model, self.compiler);
        host_library::refuse_cxx_records(&model, &mut problems, &self.host_cxx);
        self.select(&mut model)?;
        if let Some(text) = layouts {
            let clang_layouts = record_layout::parse(text)
                .map_err(|e| ImportError::Ast(format!("unreadable clang record layout: {e}")))?;
            // Core's engine recurses once per nesting level, as the AST reader does: the
            // same stack.
            std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .name("ptx-abi-import layouts".into())
                    .stack_size(ast::READ_STACK)
                    .spawn_scoped(scope, || {
                        rust_layout::check(
                            &mut model,
                            &mut problems,
                            &clang_layouts,
                            cuda,
                            self.compiler,
                        )
                    })
                    .map_err(|e| ImportError::Io(format!("cannot start the layout check: {e}")))?
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                Ok::<(), ImportError>(())
            })?;
        }
        let rename = |loc: &mut model::Loc| {
            if let Some((_, n)) = renames.iter().find(|(p, _)| *p == loc.file) {
                loc.file = n.clone();
            }
        };
        for item in &mut model.items {
            rename(&mut item.loc);
            if let ItemKind::Record(r) = &mut item.kind {
                r.members.iter_mut().for_each(|m| rename(&mut m.loc));
            }
        }
        for p in problems.iter_mut().flatten() {
            rename(&mut p.loc);
        }
        let skipped = self.leave_out_what_cannot_be_imported(&mut model, problems)?;
        for (u, m) in &self.decode {
            let id = model
                .find(u)
                .ok_or_else(|| ImportError::NotFound(format!("decode_member: no union `{u}`")))?;
            let ItemKind::Record(r) = &mut model.items[id].kind else {
                return Err(ImportError::NotFound(format!(
                    "decode_member: `{u}` is not a union"
                )));
            };
            let k = r
                .members
                .iter()
                .position(|x| x.c_name.as_deref().unwrap_or(x.name.as_str()) == m)
                .ok_or_else(|| {
                    ImportError::NotFound(format!("decode_member: `{u}` has no member `{m}`"))
                })?;
            r.decode = Some(k);
        }
        for e in &self.open_enums {
            let id = model
                .find(e)
                .ok_or_else(|| ImportError::NotFound(format!("open_enum: no enum `{e}`")))?;
            let ItemKind::Enum(en) = &mut model.items[id].kind else {
                return Err(ImportError::NotFound(format!(
                    "open_enum: `{e}` is not an enum"
                )));
            };
            en.open = true;
        }
        names::make_unique(&mut model);
        let mut opts = self.emit.clone();
        opts.sources = sources;
        Ok(Imported {
            source: emit::emit(&model, &opts),
            clang_version,
            model,
            skipped,
        })
    }

    /// The emitted declarations the importer cannot express (their `problems`, or an
    /// [`ItemKind::Unsupported`] kind): an error under [`Importer::strict`] or when one was
    /// named by [`Importer::allow`]; otherwise each is left out of [`Model::emitted`], with
    /// every declaration that holds one by value, and returned. A pointer to one becomes
    /// `void*` (`DevicePtr<c_void>`): every pointer has the same layout (§1.1).
    fn leave_out_what_cannot_be_imported(
        &self,
        model: &mut Model,
        mut problems: Vec<Vec<Unsupported>>,
    ) -> Result<Vec<Unsupported>, ImportError> {
        for &id in &model.emitted {
            if let ItemKind::Unsupported(why) = &model.items[id].kind {
                problems[id].push(Unsupported {
                    loc: model.items[id].loc.clone(),
                    decl: model.items[id].c_name.clone(),
                    why: why.clone(),
                });
            }
        }
        // One report per declaration and reason (clang may show a member's attribute twice).
        for list in &mut problems {
            let mut seen: Vec<(String, String)> = Vec::new();
            list.retain(|u| {
                let key = (u.decl.clone(), u.why.clone());
                let new = !seen.contains(&key);
                seen.push(key);
                new
            });
        }
        let cannot = |id: ItemId| !problems[id].is_empty();
        if self.strict {
            let errors: Vec<Unsupported> = model
                .emitted
                .iter()
                .flat_map(|&id| problems[id].iter().cloned())
                .collect();
            return if errors.is_empty() {
                Ok(errors)
            } else {
                Err(ImportError::Unsupported(errors))
            };
        }
        let mut bad: Vec<bool> = (0..model.items.len()).map(cannot).collect();
        // Whatever holds a left-out type by value is left out too, naming it.
        let mut skipped: Vec<Unsupported> = model
            .emitted
            .iter()
            .flat_map(|&id| problems[id].iter().cloned())
            .collect();
        loop {
            let mut changed = false;
            for &id in &model.emitted {
                if bad[id] {
                    continue;
                }
                let mut uses = Vec::new();
                match &model.items[id].kind {
                    ItemKind::Record(r) => {
                        r.members.iter().for_each(|m| held_items(&m.ty, &mut uses))
                    }
                    ItemKind::Alias(t) => held_items(t, &mut uses),
                    _ => {}
                }
                if let Some(&u) = uses.iter().find(|&&u| bad[u]) {
                    bad[id] = true;
                    changed = true;
                    let item = &model.items[id];
                    skipped.push(Unsupported {
                        loc: item.loc.clone(),
                        decl: item.c_name.clone(),
                        why: format!(
                            "holds `{}`, which is not imported (see its own entry)",
                            model.items[u].c_name
                        ),
                    });
                }
            }
            if !changed {
                break;
            }
        }
        // Pointers to what is left out, for any reason, point to `void`.
        let c_names: Vec<String> = model.items.iter().map(|i| i.c_name.clone()).collect();
        for &id in &model.emitted.clone() {
            if bad[id] {
                continue;
            }
            match &mut model.items[id].kind {
                ItemKind::Record(r) => {
                    for m in &mut r.members {
                        if let Some(pointee) = erase_pointers_to(&mut m.ty, &bad) {
                            m.note = Some(format!(
                                "C: `{}`; `{}` is not imported, so this points to `void`",
                                m.c_type, c_names[pointee]
                            ));
                        }
                    }
                }
                ItemKind::Alias(t) => {
                    erase_pointers_to(t, &bad);
                }
                _ => {}
            }
        }
        let named_but_left_out = self
            .allow
            .iter()
            .filter_map(|a| model.find(a))
            .any(|id| bad[id]);
        if named_but_left_out {
            return Err(ImportError::Unsupported(skipped));
        }
        let kept: Vec<ItemId> = model.emitted.iter().copied().filter(|&i| !bad[i]).collect();
        let types_kept = kept
            .iter()
            .any(|&i| !matches!(model.items[i].kind, ItemKind::Opaque));
        if !skipped.is_empty() && !types_kept {
            return Err(ImportError::Unsupported(skipped));
        }
        model.emitted = kept;
        Ok(skipped)
    }

    /// Chooses the emitted items: the allowed ones (or every struct, union, enum and typedef
    /// of the headers) and every item they use, in declaration order.
    fn select(&self, model: &mut Model) -> Result<(), ImportError> {
        let mut roots: Vec<ItemId> = Vec::new();
        if self.allow.is_empty() {
            roots.extend((0..model.items.len()).filter(|&i| {
                let it = &model.items[i];
                it.in_header && !it.anonymous && !matches!(it.kind, ItemKind::Opaque)
            }));
        } else {
            for a in &self.allow {
                let id = model.find(a).ok_or_else(|| {
                    ImportError::NotFound(format!("allow: no type `{a}` in the headers"))
                })?;
                roots.push(id);
            }
        }
        let mut keep = vec![false; model.items.len()];
        let mut stack = roots;
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut keep[id], true) {
                continue;
            }
            let mut uses = Vec::new();
            match &model.items[id].kind {
                ItemKind::Record(r) => r.members.iter().for_each(|m| items_of(&m.ty, &mut uses)),
                ItemKind::Alias(t) => items_of(t, &mut uses),
                _ => {}
            }
            stack.extend(uses);
        }
        model.emitted = (0..model.items.len()).filter(|&i| keep[i]).collect();
        Ok(())
    }
}

/// Fuzzing support (`fuzz/fuzz_targets/import_ast.rs`, issue 23), not part of the API: the
/// import after clang, on a JSON AST dump given as text, with every declaration outside a
/// `standins/` directory (the stand-in headers, `clang::write_standins`) counted as the
/// headers', and NVRTC checks emitted. The dump is read as the importer reads clang's:
/// through `ast::prune`, then by the reader. Returns the Rust source, or the error an import
/// would give.
#[doc(hidden)]
pub fn __import_ast_json(json: &str) -> Result<String, ImportError> {
    let pruned = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(ast::READ_STACK)
            .spawn_scoped(scope, || ast::prune::pruned(json.as_bytes(), u64::MAX))
            .map_err(|e| ImportError::Ast(format!("cannot start the AST reader: {e}")))?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            .map_err(|e| ImportError::Ast(e.to_string()))
    })?;
    let is_header = Box::new(|f: &str| !f.is_empty() && !f.contains("/standins/"));
    Importer::new()
        .checks("\"\"")
        .import_ast(&pruned, None, is_header, Vec::new(), &[], String::new())
        .map(|imported| imported.source)
}

/// The clang arguments `args` as NVRTC options for the checks: include directories (made
/// absolute; `-isystem` and `-idirafter` ones as `-I`), macros defined and undefined,
/// pre-included headers, the language standard and nvcc's own flags; no other.
fn nvrtc_options(args: &[String]) -> Vec<String> {
    let absolute = |p: &str| {
        std::path::absolute(p).map_or_else(|_| p.to_string(), |a| a.display().to_string())
    };
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| -> Option<String> {
            match a.strip_prefix(flag) {
                Some("") => it.next().cloned(),
                Some(v) => Some(v.to_string()),
                None => None,
            }
        };
        if a == "-include" || a.starts_with("--include=") {
            let file = a
                .strip_prefix("--include=")
                .map(str::to_string)
                .or_else(|| it.next().cloned());
            // A file here is made absolute; a header name (`cstdint`) is looked up on the
            // include path, as clang looks it up.
            if let Some(f) = file {
                let f = if Path::new(&f).is_file() {
                    absolute(&f)
                } else {
                    f
                };
                out.push(format!("--pre-include={f}"));
            }
        } else if let Some(dir) = value("-I") {
            out.push(format!("-I{}", absolute(&dir)));
        } else if let Some(dir) = value("-isystem").or_else(|| value("-idirafter")) {
            // NVRTC has no system include directory: an ordinary one after the others finds
            // the same headers (nvcc takes the checks' `-I` as well).
            out.push(format!("-I{}", absolute(&dir)));
        } else if let Some(m) = value("-D") {
            out.push(format!("-D{m}"));
        } else if let Some(m) = value("-U") {
            out.push(format!("-U{m}"));
        } else if clang::NVCC_ONLY_FLAGS.contains(&a.as_str()) || a.starts_with("-std=") {
            // The language standard the header is built with is the checks' too.
            out.push(a.clone());
        }
    }
    out
}

/// The C++ names of the header's typedefs of class template instantiations clang has not
/// instantiated (so not laid out) in `json`.
fn instantiations_to_complete(
    json: &str,
    is_header: Box<dyn Fn(&str) -> bool + Send>,
    cuda: CudaVersion,
) -> Result<Vec<String>, ImportError> {
    let (model, _) = ast::read(json, is_header, cuda).map_err(ImportError::Ast)?;
    Ok(model
        .items
        .iter()
        .filter(|i| i.in_header)
        .filter(|i| {
            matches!(&i.kind, ItemKind::Unsupported(why) if why.contains("is a template instantiation"))
        })
        .map(|i| i.c_name.clone())
        .collect())
}

/// Turns every pointer in `t` whose pointee names an item for which `bad` holds into `void*`;
/// returns one such item, if any.
fn erase_pointers_to(t: &mut Ty, bad: &[bool]) -> Option<ItemId> {
    match t {
        Ty::Array(e, _) => erase_pointers_to(e, bad),
        Ty::Pointer(Some(p)) => {
            let mut named = Vec::new();
            items_of(p, &mut named);
            let hit = named.into_iter().find(|&i| bad[i]);
            if hit.is_some() {
                *t = Ty::Pointer(None);
            }
            hit
        }
        _ => None,
    }
}

/// The items `t` holds by value (not through a pointer).
fn held_items(t: &Ty, out: &mut Vec<ItemId>) {
    match t {
        Ty::Item(i) => out.push(*i),
        Ty::Array(e, _) => held_items(e, out),
        _ => {}
    }
}

fn items_of(t: &Ty, out: &mut Vec<ItemId>) {
    match t {
        Ty::Item(i) => out.push(*i),
        Ty::Array(e, _) | Ty::Pointer(Some(e)) => items_of(e, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::{arch_number, arch_of_clang_arg};

    #[test]
    fn architectures_are_read_in_every_spelling() {
        assert_eq!(arch_number("sm_90"), Some(90));
        assert_eq!(arch_number("sm_90a"), Some(90));
        assert_eq!(arch_number("compute_80"), Some(80));
        assert_eq!(arch_number("75"), Some(75));
        assert_eq!(arch_number("sm_9x"), None);
        assert_eq!(arch_number("gfx90a"), None);
        assert_eq!(arch_number(""), None);
    }

    #[test]
    fn an_architecture_given_to_clang_is_read() {
        assert_eq!(arch_of_clang_arg("--cuda-gpu-arch=sm_90"), Some(90));
        assert_eq!(arch_of_clang_arg("--offload-arch=sm_90a"), Some(90));
        assert_eq!(arch_of_clang_arg("--cuda-gpu-arch=sm_120"), Some(120));
        assert_eq!(arch_of_clang_arg("--cuda-gpu-arch=gfx90a"), None);
        assert_eq!(arch_of_clang_arg("-DSM=90"), None);
    }
}
