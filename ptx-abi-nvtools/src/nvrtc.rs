//! NVIDIA's NVRTC, loaded at run time: CUDA 12.9's `libnvrtc.so.12`, or any release's library
//! by path (11.8's `libnvrtc.so.11.2`, 13.5's `libnvrtc.so.13`). The functions used here have the same prototypes in
//! every release since CUDA 11.0 (nvrtc.h of 11.8, 12.9 and 13.5 compared).
//!
//! Nothing links against NVRTC: the library is opened with `libloading` when it is asked for,
//! so everything that uses it builds, and runs its other parts, on machines without it. Point
//! `PTX_ABI_NVRTC` at a copy ([`Nvrtc::locate_installed`] also looks in a CUDA installation);
//! in the workspace, `cargo xtask nvrtc` fetches one (feature `fetch`).
//! This is the one binding of the workspace: `ptx_abi::report::nvrtc` (core's feature
//! `nvrtc`) and the test oracle both compile through it.
//!
//! ```no_run
//! use ptx_abi_nvtools::nvrtc::Nvrtc;
//! use ptx_abi_nvtools::options::DEFAULT_OPTIONS;
//! let Ok(nvrtc) = Nvrtc::locate_installed(12) else { return };
//! let ptx = nvrtc.compile("extern \"C\" __device__ int x = 1;", DEFAULT_OPTIONS).unwrap();
//! assert!(ptx.contains(".visible .global .align 4 .u32 x = 1;"));
//! ```
//!
//! Thread safety: `Nvrtc` is `Send + Sync`. Each compilation creates, uses and destroys its own
//! `nvrtcProgram`, never shared between threads; `nvrtc.h` (12.9) singles out only
//! `nvrtcGetTypeName` (not wrapped here) as not thread-safe.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::fmt;
use std::path::{Path, PathBuf};

use libloading::Library;

use crate::options::DEFAULT_OPTIONS;

/// Name under which [`Nvrtc::compile`] hands sources to NVRTC; it appears in diagnostics
/// (`ptx_abi.cu(3): …`).
pub const SOURCE_NAME: &str = "ptx_abi.cu";

/// `nvrtcResult`: a C enum, `int`-sized; `NVRTC_SUCCESS` is 0.
type NvrtcResult = c_int;
const NVRTC_SUCCESS: NvrtcResult = 0;
const NVRTC_ERROR_COMPILATION: NvrtcResult = 6;
/// NVRTC could not open its builtins library (`libnvrtc-builtins.so.12.9`, next to it).
const NVRTC_ERROR_BUILTIN_OPERATION_FAILURE: NvrtcResult = 7;
/// `nvrtcProgram`: `typedef struct _nvrtcProgram *nvrtcProgram;`.
type NvrtcProgram = *mut c_void;

// The prototypes below are transcribed from nvrtc.h (CUDA 12.9). Each must match the C
// declaration exactly, since calling through a mismatched function pointer type is undefined.

/// `nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
/// int numHeaders, const char * const *headers, const char * const *includeNames);`
type CreateProgramFn = unsafe extern "C" fn(
    *mut NvrtcProgram,
    *const c_char,
    *const c_char,
    c_int,
    *const *const c_char,
    *const *const c_char,
) -> NvrtcResult;
/// `nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char * const *options);`
type CompileProgramFn =
    unsafe extern "C" fn(NvrtcProgram, c_int, *const *const c_char) -> NvrtcResult;
/// `nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet);` and
/// `nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet);`
type GetSizeFn = unsafe extern "C" fn(NvrtcProgram, *mut usize) -> NvrtcResult;
/// `nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);` and
/// `nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);`
type GetTextFn = unsafe extern "C" fn(NvrtcProgram, *mut c_char) -> NvrtcResult;
/// `nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);`
type DestroyProgramFn = unsafe extern "C" fn(*mut NvrtcProgram) -> NvrtcResult;
/// `nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char * const name_expression);`
type AddNameExpressionFn = unsafe extern "C" fn(NvrtcProgram, *const c_char) -> NvrtcResult;
/// `nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
/// const char** lowered_name);`
type GetLoweredNameFn =
    unsafe extern "C" fn(NvrtcProgram, *const c_char, *mut *const c_char) -> NvrtcResult;
/// `nvrtcResult nvrtcVersion(int *major, int *minor);`
type VersionFn = unsafe extern "C" fn(*mut c_int, *mut c_int) -> NvrtcResult;
/// `const char *nvrtcGetErrorString(nvrtcResult result);`
type GetErrorStringFn = unsafe extern "C" fn(NvrtcResult) -> *const c_char;

/// A loaded NVRTC library.
pub struct Nvrtc {
    path: PathBuf,
    version: (u32, u32),
    create_program: CreateProgramFn,
    compile_program: CompileProgramFn,
    get_program_log_size: GetSizeFn,
    get_program_log: GetTextFn,
    get_ptx_size: GetSizeFn,
    get_ptx: GetTextFn,
    destroy_program: DestroyProgramFn,
    get_error_string: GetErrorStringFn,
    add_name_expression: AddNameExpressionFn,
    get_lowered_name: GetLoweredNameFn,
    /// Keeps the shared object mapped: the function pointers above point into it, and they are
    /// only reachable through `&self`, so they can never outlive it.
    _lib: Library,
}

impl fmt::Debug for Nvrtc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Nvrtc")
            .field("path", &self.path)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

/// A failed compilation: NVRTC's program log (the compiler's diagnostics), preceded by the API
/// status when the failure was not a plain compile error (e.g. an invalid option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    pub log: String,
}

impl CompileError {
    /// Whether NVRTC failed because it could not open its builtins library
    /// (`libnvrtc-builtins.so.12.9`), which it looks for beside itself and on the library
    /// search path: a broken installation, not a problem of the source.
    pub fn builtins_missing(&self) -> bool {
        self.log.contains("NVRTC_ERROR_BUILTIN_OPERATION_FAILURE")
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NVRTC compilation failed:\n{}", self.log)
    }
}

impl std::error::Error for CompileError {}

/// An NVRTC library that could not be used: missing, not loadable, lacking a function, or not
/// answering `nvrtcVersion`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The library (a path, or a bare name looked up on the system's library search path).
    pub path: PathBuf,
    /// Why, in the loader's words.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot load NVRTC from {}: {}",
            self.path.display(),
            self.message
        )
    }
}

impl std::error::Error for LoadError {}

/// A libloading error in the loader's own words (`dlopen failed: /etc/passwd: invalid ELF
/// header`): its `Display` alone says only "dlopen failed".
fn loader_error(e: &libloading::Error) -> String {
    use std::error::Error as _;
    match e.source() {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

/// Why a directory is not NVRTC, naming the NVRTC libraries in it when there are any.
fn directory_hint(dir: &Path) -> String {
    let mut libs: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("libnvrtc.so") || n.starts_with("nvrtc64"))
        .collect();
    libs.sort();
    match libs.first() {
        Some(lib) => format!(
            "it is a directory; give the library itself: {}",
            dir.join(lib).display()
        ),
        None => "it is a directory, not the NVRTC library (libnvrtc.so.12 in CUDA's lib64, or \
                 the wheel's nvidia/cuda_nvrtc/lib)"
            .to_string(),
    }
}

/// Why [`Nvrtc::locate_installed`] has no NVRTC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocateError {
    /// None was found; every place looked at, in order.
    NotFound {
        /// The paths tried, and "`<name>` on the library search path".
        searched: Vec<String>,
    },
    /// One was found (or named by `$PTX_ABI_NVRTC`) but does not load.
    Load(LoadError),
}

/// One compilation's input: the source, the file name NVRTC's log gives it, and headers held in
/// memory (`(include name, text)`: NVRTC looks for them before the `-I` directories).
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file name the log uses (`header.cuh(3): error: …`).
    pub name: &'a str,
    /// The CUDA C++ text.
    pub text: &'a str,
    /// In-memory headers, `(include name, text)`.
    pub headers: &'a [(&'a str, &'a str)],
}

impl<'a> Source<'a> {
    /// `text` under [`SOURCE_NAME`], without headers.
    pub fn new(text: &'a str) -> Source<'a> {
        Source {
            name: SOURCE_NAME,
            text,
            headers: &[],
        }
    }
}

/// Looks up `name` (NUL-terminated) in `lib` as a function pointer of type `T`.
///
/// # Safety
/// `T` must be the `unsafe extern "C" fn` type matching the C declaration of `name`, and the
/// returned pointer, which is copied out of libloading's lifetime-checked `Symbol`, must not be
/// called once `lib` is dropped ([`Nvrtc`] guarantees this by owning `lib` next to the pointers).
unsafe fn symbol<T: Copy>(lib: &Library, name: &CStr) -> Result<T, String> {
    // SAFETY: `Library::get` requires `T` to be the symbol's true type; the caller guarantees it
    // (see above), so reading the symbol's address as a `T` is what the C declaration promises.
    let sym = unsafe { lib.get::<T>(name) };
    sym.map(|s| *s)
        .map_err(|e| format!("symbol {} not found: {e}", name.to_string_lossy()))
}

impl Nvrtc {
    /// Opens the NVRTC library at `path` (a file, such as `libnvrtc.so.12`, whose
    /// `libnvrtc-builtins.so.12.*` is in the same directory; or a bare file name, looked up on
    /// the system's library search path) and checks that it answers `nvrtcVersion`.
    pub fn load(path: impl AsRef<Path>) -> Result<Nvrtc, LoadError> {
        let path = path.as_ref();
        let err = |message: String| LoadError {
            path: path.to_path_buf(),
            message,
        };
        let bare_name = path.components().count() == 1 && !path.has_root();
        if !bare_name && path.is_dir() {
            return Err(err(directory_hint(path)));
        }
        if !bare_name && !path.is_file() {
            return Err(err("no such file".to_string()));
        }
        // SAFETY: loading a shared object runs its initialisers, which may demand anything of the
        // process. The only libraries loaded here are NVIDIA's NVRTC (from a pinned wheel, an
        // explicit PTX_ABI_NVRTC, or the user's CUDA install): a C API library whose initialisers
        // are ordinary C++ static constructors with no preconditions on the caller; it is
        // designed to be dlopen'ed by applications (that is how CUDA's own runtime-compilation
        // users load it).
        let lib = unsafe { Library::new(path) }.map_err(|e| err(loader_error(&e)))?;
        // SAFETY: every symbol is read as the type alias transcribed from nvrtc.h's prototype of
        // that very function (see the aliases above), and every pointer ends up in the same
        // `Nvrtc` as `lib` (moving a `Library` does not unload it), so none outlives the mapping:
        // that is `symbol`'s whole contract. `nvrtc_version` is only called below, while `nvrtc`
        // (and so `lib`) is alive.
        let (nvrtc_version, nvrtc) = unsafe {
            let nvrtc_version: VersionFn = symbol(&lib, c"nvrtcVersion").map_err(err)?;
            let nvrtc = Nvrtc {
                path: path.to_path_buf(),
                version: (0, 0),
                create_program: symbol(&lib, c"nvrtcCreateProgram").map_err(err)?,
                compile_program: symbol(&lib, c"nvrtcCompileProgram").map_err(err)?,
                get_program_log_size: symbol(&lib, c"nvrtcGetProgramLogSize").map_err(err)?,
                get_program_log: symbol(&lib, c"nvrtcGetProgramLog").map_err(err)?,
                get_ptx_size: symbol(&lib, c"nvrtcGetPTXSize").map_err(err)?,
                get_ptx: symbol(&lib, c"nvrtcGetPTX").map_err(err)?,
                destroy_program: symbol(&lib, c"nvrtcDestroyProgram").map_err(err)?,
                get_error_string: symbol(&lib, c"nvrtcGetErrorString").map_err(err)?,
                add_name_expression: symbol(&lib, c"nvrtcAddNameExpression").map_err(err)?,
                get_lowered_name: symbol(&lib, c"nvrtcGetLoweredName").map_err(err)?,
                _lib: lib,
            };
            (nvrtc_version, nvrtc)
        };
        let (mut major, mut minor): (c_int, c_int) = (0, 0);
        // SAFETY: `nvrtc_version` has nvrtcVersion's type and points into `nvrtc._lib`, which is
        // alive; both arguments are valid, writable `int`s that outlive the call.
        let status = unsafe { nvrtc_version(&mut major, &mut minor) };
        nvrtc.check(status, "nvrtcVersion").map_err(err)?;
        let (Ok(major), Ok(minor)) = (u32::try_from(major), u32::try_from(minor)) else {
            return Err(err(format!("nvrtcVersion answered {major}.{minor}")));
        };
        Ok(Nvrtc {
            version: (major, minor),
            ..nvrtc
        })
    }

    /// Finds and loads NVRTC of CUDA `major` as an installed program does, first that exists:
    /// `$PTX_ABI_NVRTC` (the library itself, used even when wrong so that the error names it);
    /// `lib64/` of `$CUDA_PATH`, `$CUDA_HOME` and `/usr/local/cuda`, with the release's file
    /// name ([`crate::pins::nvrtc_library_name`]); that name and `libnvrtc.so` on the system's
    /// library search path. It does not look in the workspace's tool cache (`locate_and_load`,
    /// feature `fetch`).
    pub fn locate_installed(major: u32) -> Result<Nvrtc, LocateError> {
        let name = crate::pins::nvrtc_library_name(major);
        if let Some(p) = std::env::var_os(crate::pins::NVRTC_ENV).filter(|p| !p.is_empty()) {
            return Nvrtc::load(PathBuf::from(p)).map_err(LocateError::Load);
        }
        let mut searched = Vec::new();
        let mut dirs: Vec<PathBuf> = ["CUDA_PATH", "CUDA_HOME"]
            .into_iter()
            .filter_map(|var| std::env::var_os(var).filter(|p| !p.is_empty()))
            .map(PathBuf::from)
            .collect();
        dirs.push(PathBuf::from("/usr/local/cuda"));
        for dir in dirs {
            let path = dir.join("lib64").join(&name);
            searched.push(path.display().to_string());
            if path.is_file() {
                return Nvrtc::load(&path).map_err(LocateError::Load);
            }
        }
        for bare in [name.as_str(), "libnvrtc.so"] {
            searched.push(format!("{bare} on the library search path"));
            if let Ok(n) = Nvrtc::load(bare) {
                return Ok(n);
            }
        }
        Err(LocateError::NotFound { searched })
    }

    /// [`crate::fetch::locate_nvrtc`] then [`Nvrtc::load`]: `None` when no NVRTC is configured or
    /// cached (callers should skip, pointing at `cargo xtask nvrtc`), `Some(Err)` when one was
    /// found but does not load.
    #[cfg(feature = "fetch")]
    pub fn locate_and_load() -> Option<Result<Nvrtc, LoadError>> {
        crate::fetch::locate_nvrtc().map(Nvrtc::load)
    }

    /// [`crate::fetch::Toolkit::locate_nvrtc`] then [`Nvrtc::load`]: one release's NVRTC,
    /// `None` when it is neither configured nor cached. A library that loads but reports
    /// another version than the release's is an error (a wrong `PTX_ABI_NVRTC_*` path).
    #[cfg(feature = "fetch")]
    pub fn locate_and_load_release(
        release: &crate::fetch::Toolkit,
    ) -> Option<Result<Nvrtc, LoadError>> {
        release.locate_nvrtc().map(|path| {
            let nvrtc = Nvrtc::load(&path)?;
            if nvrtc.version() == release.major_minor {
                Ok(nvrtc)
            } else {
                let (major, minor) = nvrtc.version();
                Err(LoadError {
                    path,
                    message: format!(
                        "it is NVRTC {major}.{minor}, not CUDA {}'s (check {})",
                        release.version, release.nvrtc_env
                    ),
                })
            }
        })
    }

    /// The library this was loaded from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `nvrtcVersion`: `(major, minor)`, e.g. `(12, 9)`.
    pub fn version(&self) -> (u32, u32) {
        self.version
    }

    /// Compiles CUDA C++ `source` with [`DEFAULT_OPTIONS`].
    pub fn compile_default(&self, source: &str) -> Result<String, CompileError> {
        self.compile(source, DEFAULT_OPTIONS)
    }

    /// Compiles CUDA C++ `source` with `options` (e.g. [`DEFAULT_OPTIONS`]) and returns the PTX.
    ///
    /// No in-memory headers (those are [`Nvrtc::compile_source`]'s); the CUDA vector types are
    /// built in. Warnings do not fail a compilation; the log is only returned on failure.
    pub fn compile(&self, source: &str, options: &[&str]) -> Result<String, CompileError> {
        self.compile_lowered(source, options, &[])
            .map(|(ptx, _)| ptx)
    }

    /// Compiles `source` like [`Nvrtc::compile`] and returns, next to the PTX, NVRTC's lowered
    /// (mangled) name of each of `names` (`nvrtcAddNameExpression` before the compile,
    /// `nvrtcGetLoweredName` after): name expressions such as `ns::scale` or `&f<int>`. NVRTC
    /// only accepts `__global__` functions and `__device__`/`__constant__` variables.
    pub fn compile_lowered(
        &self,
        source: &str,
        options: &[&str],
        names: &[&str],
    ) -> Result<(String, Vec<String>), CompileError> {
        self.compile_source(&Source::new(source), options, names)
    }

    /// The general form: compiles `source` (its text, file name and in-memory headers) with
    /// `options`, and returns the PTX and the lowered name of each of `names` (see
    /// [`Nvrtc::compile_lowered`]).
    pub fn compile_source(
        &self,
        source: &Source<'_>,
        options: &[&str],
        names: &[&str],
    ) -> Result<(String, Vec<String>), CompileError> {
        self.compile_full(source, options, names)
            .map(|(ptx, lowered, _)| (ptx, lowered))
    }

    /// [`Nvrtc::compile_source`] without names, returning NVRTC's log (its warnings, such as
    /// `#1866-D: attribute does not apply to any entity`) beside the PTX.
    pub fn compile_logged(
        &self,
        source: &Source<'_>,
        options: &[&str],
    ) -> Result<(String, String), CompileError> {
        self.compile_full(source, options, &[])
            .map(|(ptx, _, log)| (ptx, log))
    }

    /// The PTX, the lowered names and the log.
    fn compile_full(
        &self,
        source: &Source<'_>,
        options: &[&str],
        names: &[&str],
    ) -> Result<(String, Vec<String>, String), CompileError> {
        let api = |log: String| CompileError { log };
        let c_string = |text: &str, what: &str| {
            CString::new(text).map_err(|_| api(format!("{what} {text:?} contains a NUL byte")))
        };
        let names = names
            .iter()
            .map(|n| c_string(n, "name"))
            .collect::<Result<Vec<_>, _>>()?;
        let file = c_string(source.name, "the file name")?;
        let text =
            CString::new(source.text).map_err(|_| api("source contains a NUL byte".into()))?;
        let header_names = source
            .headers
            .iter()
            .map(|(n, _)| c_string(n, "header name"))
            .collect::<Result<Vec<_>, _>>()?;
        let header_texts = source
            .headers
            .iter()
            .map(|(n, t)| {
                CString::new(*t).map_err(|_| api(format!("header {n:?} contains a NUL byte")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let header_name_ptrs: Vec<*const c_char> =
            header_names.iter().map(|h| h.as_ptr()).collect();
        let header_text_ptrs: Vec<*const c_char> =
            header_texts.iter().map(|h| h.as_ptr()).collect();
        let num_headers =
            c_int::try_from(header_name_ptrs.len()).map_err(|_| api("too many headers".into()))?;
        let options = options
            .iter()
            .map(|o| c_string(o, "option"))
            .collect::<Result<Vec<_>, _>>()?;
        let option_ptrs: Vec<*const c_char> = options.iter().map(|o| o.as_ptr()).collect();
        let num_options =
            c_int::try_from(option_ptrs.len()).map_err(|_| api("too many options".into()))?;

        let mut prog: NvrtcProgram = std::ptr::null_mut();
        // SAFETY: `create_program` has nvrtcCreateProgram's type and `self._lib` is alive. `prog`
        // is a valid out-pointer; `text` and `file` are NUL-terminated strings that outlive the
        // call (NVRTC copies them); the two header arrays hold `num_headers` pointers each, to
        // NUL-terminated strings owned by `header_texts` and `header_names`, alive across the
        // call (NVRTC reads none when the count is 0).
        let status = unsafe {
            (self.create_program)(
                &mut prog,
                text.as_ptr(),
                file.as_ptr(),
                num_headers,
                header_text_ptrs.as_ptr(),
                header_name_ptrs.as_ptr(),
            )
        };
        self.check(status, "nvrtcCreateProgram").map_err(api)?;
        // From here on the program is destroyed on every path, including panics.
        let prog = Program {
            nvrtc: self,
            handle: prog,
        };

        for name in &names {
            // SAFETY: `add_name_expression` has nvrtcAddNameExpression's type and `self._lib`
            // is alive; `prog.handle` is a live program not yet compiled (the function's
            // precondition); `name` is NUL-terminated and outlives the call (NVRTC copies it).
            let status = unsafe { (self.add_name_expression)(prog.handle, name.as_ptr()) };
            self.check(status, "nvrtcAddNameExpression").map_err(api)?;
        }
        // SAFETY: `prog.handle` is a live program created above; `option_ptrs` holds
        // `num_options` pointers to NUL-terminated strings owned by `options`, which outlives the
        // call.
        let status =
            unsafe { (self.compile_program)(prog.handle, num_options, option_ptrs.as_ptr()) };
        if status != NVRTC_SUCCESS {
            let log = prog.log().unwrap_or_else(|e| format!("(no log: {e})"));
            return Err(api(match self.check(status, "nvrtcCompileProgram") {
                Err(e) if status == NVRTC_ERROR_BUILTIN_OPERATION_FAILURE => format!(
                    "{e}\n{log}\nNVRTC at {} could not open its builtins library, which it \
                     loads from its own directory or the library search path: keep the \
                     libnvrtc-builtins file of the same release next to it (NVIDIA's wheel \
                     and toolkit ship both in one lib directory), or add its directory to \
                     LD_LIBRARY_PATH",
                    self.path.display()
                ),
                // Anything but a plain compile error (e.g. an invalid option): say which.
                Err(e) if status != NVRTC_ERROR_COMPILATION => format!("{e}\n{log}"),
                _ => log,
            }));
        }
        let mut lowered = Vec::with_capacity(names.len());
        for name in &names {
            let mut out: *const c_char = std::ptr::null();
            // SAFETY: `get_lowered_name` has nvrtcGetLoweredName's type and `self._lib` is
            // alive; `prog.handle` is a live, successfully compiled program to which `name` was
            // added; `out` is a valid out-pointer. NVRTC owns the returned string until the
            // program is destroyed (after this loop, when `prog` drops), and it is checked for
            // NULL and copied before then.
            let status = unsafe { (self.get_lowered_name)(prog.handle, name.as_ptr(), &mut out) };
            self.check(status, "nvrtcGetLoweredName").map_err(api)?;
            if out.is_null() {
                return Err(api(format!("no lowered name for {name:?}")));
            }
            // SAFETY: `out` is non-null and points to NVRTC's NUL-terminated string, alive
            // while `prog` is (see above).
            lowered.push(
                unsafe { CStr::from_ptr(out) }
                    .to_string_lossy()
                    .into_owned(),
            );
        }
        let log = prog.log().unwrap_or_default();
        Ok((prog.ptx().map_err(api)?, lowered, log))
    }

    /// `Ok` for `NVRTC_SUCCESS`, else an error naming `what` and NVRTC's name for `status`.
    fn check(&self, status: NvrtcResult, what: &str) -> Result<(), String> {
        if status == NVRTC_SUCCESS {
            return Ok(());
        }
        // SAFETY: `get_error_string` has nvrtcGetErrorString's type and `self._lib` is alive. It
        // accepts any value ("for unrecognized enumeration values, it returns NVRTC_ERROR
        // unknown") and returns a pointer to a static NUL-terminated string, or conceivably NULL,
        // which is checked before it is read.
        let name = unsafe {
            let p = (self.get_error_string)(status);
            if p.is_null() {
                format!("nvrtcResult {status}")
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        };
        Err(format!("{what} failed: {name} ({status})"))
    }
}

/// A live `nvrtcProgram`, destroyed on drop.
struct Program<'a> {
    nvrtc: &'a Nvrtc,
    handle: NvrtcProgram,
}

impl Program<'_> {
    /// Reads one of the program's texts (log or PTX) with its size query and fill call.
    fn text(&self, size_fn: GetSizeFn, text_fn: GetTextFn, what: &str) -> Result<String, String> {
        let mut size: usize = 0;
        // SAFETY: `size_fn` is nvrtcGetProgramLogSize or nvrtcGetPTXSize (same type, from the live
        // library); `self.handle` is a live program; `size` is a valid out-pointer.
        let status = unsafe { size_fn(self.handle, &mut size) };
        self.nvrtc.check(status, &format!("nvrtcGet{what}Size"))?;
        // The size counts the terminating NUL; allocate at least one byte regardless.
        let mut buf = vec![0u8; size.max(1)];
        // SAFETY: `text_fn` is the matching nvrtcGetProgramLog / nvrtcGetPTX; it writes exactly
        // the `size` bytes the size query just reported for this same, unchanged program, and
        // `buf` has at least that many writable bytes.
        let status = unsafe { text_fn(self.handle, buf.as_mut_ptr().cast::<c_char>()) };
        self.nvrtc.check(status, &format!("nvrtcGet{what}"))?;
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        buf.truncate(end);
        Ok(String::from_utf8(buf)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    fn log(&self) -> Result<String, String> {
        self.text(
            self.nvrtc.get_program_log_size,
            self.nvrtc.get_program_log,
            "ProgramLog",
        )
    }

    fn ptx(&self) -> Result<String, String> {
        self.text(self.nvrtc.get_ptx_size, self.nvrtc.get_ptx, "PTX")
    }
}

impl Drop for Program<'_> {
    fn drop(&mut self) {
        // SAFETY: `destroy_program` has nvrtcDestroyProgram's type and the library is alive
        // (`self.nvrtc` borrows it); `self.handle` was created by nvrtcCreateProgram and this is
        // the only place that destroys it, exactly once. The status is ignored: nothing useful
        // can be done about a failed destroy.
        unsafe {
            (self.nvrtc.destroy_program)(&mut self.handle);
        }
    }
}
