//! Checking an argument struct against a kernel the driver loaded (PTX, cubin or fatbin
//! alike), through `cuFuncGetParamCount` (driver 13.2+) and `cuFuncGetParamInfo` (driver
//! 12.4+): what a user whose kernels come
//! precompiled, with no PTX text to read, checks before launching. Also lays an `extra`
//! buffer out at the loaded function's own offsets.
//!
//! The driver library is opened at run time (`libcuda.so.1`, `nvcuda.dll`), like cudarc does,
//! and its entry points looked up by name, ours alone: cudarc's own table does not hold
//! `cuFuncGetParamInfo` for every driver it supports, and a missing symbol must not stop the
//! program. So this builds without CUDA, and a driver older than 12.4 gives
//! [`LoadedError::DriverTooOld`], naming its version (`cuDriverGetVersion`) and pointing to
//! [`check_entry`](super::check_entry), the check of the kernel's PTX text that needs no driver.
//!
//! The driver rebuilds a function's parameter information on every `cuFuncGetParamInfo` call
//! (one per parameter, and before CUDA 13.2's `cuFuncGetParamCount` one more to find the end):
//! for repeated launches read it once into a [`CheckedFunction`](super::CheckedFunction)
//! (`params/checked.rs`), which launches from what it read.

use super::arch::{driver_param_offset, Arch, ARCH_INDEPENDENT_ALIGN};
use super::buffer::{at_offsets, ParamBuffer};
use super::kernel::{KernelParams, PARAM_LIMIT_VOLTA_CUDA_12_1};
#[cfg(feature = "cudarc")]
use super::launch::KernelLaunch;
use super::launch_error::LaunchError;
use crate::layout::address::AddressSize;
use crate::layout::Placements;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ffi::{c_int, c_void};
use core::fmt;
#[cfg(feature = "cudarc")]
use cudarc::driver::CudaFunction;
use std::sync::OnceLock;

/// One parameter of a loaded kernel, as `cuFuncGetParamInfo` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadedParam {
    /// Its offset in the `extra` parameter buffer.
    pub offset: usize,
    /// Its size in bytes.
    pub size: usize,
}

/// What the driver reports about a loaded kernel's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedKernel {
    /// The architecture of the loaded code (`CU_FUNC_ATTRIBUTE_BINARY_VERSION`).
    pub arch: Arch,
    /// Each parameter, in order.
    pub params: Vec<LoadedParam>,
}

impl LoadedKernel {
    /// The end of the last parameter: the size of the kernel's `extra` buffer.
    pub fn buffer_size(&self) -> usize {
        self.params.last().map_or(0, |p| p.offset + p.size)
    }
}

/// Why a loaded kernel cannot be checked, or does not match the argument struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadedError {
    /// The driver library could not be opened.
    NoDriver(String),
    /// The driver has no `cuFuncGetParamInfo` (it is older than CUDA 12.4).
    DriverTooOld {
        /// What `cuDriverGetVersion` reports (`12020` for 12.2), if the driver answers it.
        version: Option<i32>,
    },
    /// A driver call failed.
    Driver {
        /// The call.
        call: &'static str,
        /// Its `CUresult`.
        code: i32,
    },
    /// A different number of parameters.
    Count {
        /// The kernel.
        kernel: &'static str,
        /// Parameters of the loaded kernel.
        loaded: usize,
        /// Fields of the Rust struct.
        rust: usize,
        /// The Rust struct.
        rust_struct: &'static str,
    },
    /// A parameter of a different size or at a different offset.
    Param {
        /// The kernel.
        kernel: &'static str,
        /// The parameter's position.
        index: usize,
        /// The Rust struct.
        rust_struct: &'static str,
        /// The Rust field.
        field: &'static str,
        /// `"size"` or `"offset"`.
        what: &'static str,
        /// The loaded kernel's value.
        loaded: usize,
        /// The value the Rust field needs.
        rust: usize,
    },
    /// The buffer could not be laid out.
    Launch(LaunchError),
    /// The arguments could not be written (a bit-field value out of range,
    /// [`EncodeError`](crate::codec::EncodeError)).
    Encode(crate::codec::EncodeError),
    /// The driver has no `cuFuncGetParamInfo`, and the kernel's PTX, checked instead, does not
    /// match the argument struct (`CheckedFunction::with_ptx`, `CheckedCudaCoreFunction::with_ptx`).
    Ptx(super::check::SignatureError),
    /// `cuFuncGetParamInfo` never reported the end of the parameters.
    Endless {
        /// How many it reported before giving up.
        params: usize,
    },
}

impl fmt::Display for LoadedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadedError::NoDriver(e) => write!(f, "cannot open the CUDA driver library: {e}"),
            LoadedError::DriverTooOld { version } => {
                match version {
                    Some(v) => write!(
                        f,
                        "the CUDA driver is version {}.{} (cuDriverGetVersion: {v}), which has \
                         no `cuFuncGetParamInfo`",
                        v / 1000,
                        v % 1000 / 10
                    )?,
                    None => write!(f, "the CUDA driver has no `cuFuncGetParamInfo`")?,
                }
                write!(
                    f,
                    ": reading a loaded kernel's parameters needs driver 12.4 or newer. Check \
                     the argument struct against the kernel's PTX instead: \
                     `CheckedFunction::<Args>::with_ptx(&function, ptx)` (it launches the same \
                     way), or `ptx_abi::check_entry::<Args>(ptx)` (`check_entry_named` for a \
                     C++ kernel), which needs no driver, and lay `extra` buffers out with \
                     `param_buffer(arch)`"
                )
            }
            LoadedError::Driver { call, code } => write!(f, "`{call}` failed: CUresult {code}"),
            LoadedError::Endless { params } => write!(
                f,
                "the driver reports more than {params} parameters, more than any \
                 kernel can take: the driver library is not behaving as CUDA's does"
            ),
            LoadedError::Count {
                kernel,
                loaded,
                rust,
                rust_struct,
            } => write!(
                f,
                "the loaded kernel `{kernel}` takes {loaded} parameter(s), but `{rust_struct}` \
                 has {rust}"
            ),
            LoadedError::Param {
                kernel,
                index,
                rust_struct,
                field,
                what,
                loaded,
                rust,
            } => write!(
                f,
                "parameter {index} of the loaded kernel `{kernel}` (field `{field}` of \
                 `{rust_struct}`): the driver reports {what} {loaded}, the Rust field needs \
                 {rust}"
            ),
            LoadedError::Launch(e) => e.fmt(f),
            LoadedError::Encode(e) => e.fmt(f),
            LoadedError::Ptx(e) => write!(
                f,
                "the driver has no `cuFuncGetParamInfo`, so the kernel's PTX was checked \
                 instead: {e}"
            ),
        }
    }
}

impl std::error::Error for LoadedError {}

/// `CUresult cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t* paramOffset,
/// size_t* paramSize)` (cuda.h, 12.4+).
type ParamInfoFn = unsafe extern "C" fn(*mut c_void, usize, *mut usize, *mut usize) -> c_int;
/// `CUresult cuFuncGetParamCount(CUfunction func, size_t* paramCount)` (cuda.h, 13.2+).
type ParamCountFn = unsafe extern "C" fn(*mut c_void, *mut usize) -> c_int;
/// `CUresult cuFuncGetAttribute(int* pi, CUfunction_attribute attrib, CUfunction hfunc)`.
type AttributeFn = unsafe extern "C" fn(*mut c_int, c_int, *mut c_void) -> c_int;
/// `CUresult cuDriverGetVersion(int* driverVersion)`.
type DriverVersionFn = unsafe extern "C" fn(*mut c_int) -> c_int;

/// `CU_FUNC_ATTRIBUTE_BINARY_VERSION` from `cuda.h`.
const CU_FUNC_ATTRIBUTE_BINARY_VERSION: c_int = 6;
/// `CUDA_ERROR_INVALID_VALUE` from `cuda.h`: past the last parameter.
const CUDA_ERROR_INVALID_VALUE: c_int = 1;
/// More parameters than any kernel has: every parameter takes at least one byte of the
/// 32,764 ptxas allows ([`PARAM_LIMIT_VOLTA_CUDA_12_1`]).
const MAX_PARAMS: usize = PARAM_LIMIT_VOLTA_CUDA_12_1;

/// The driver library and the entry points read from it.
pub(super) struct Driver {
    param_info: Option<ParamInfoFn>,
    param_count: Option<ParamCountFn>,
    attribute: AttributeFn,
    driver_version: Option<DriverVersionFn>,
    /// Keeps the library mapped: the function pointers above point into it and are only used
    /// through `&self`.
    _lib: libloading::Library,
}

impl Driver {
    /// Opens the driver library `name` (a file name for the loader's search, or a path) and
    /// reads its entry points; `cuFuncGetParamInfo` and `cuDriverGetVersion` may be missing.
    fn open(name: &std::ffi::OsStr) -> Result<Driver, String> {
        // SAFETY: opening the CUDA driver runs its initializers: it is the library cudarc (which
        // made the `CudaFunction` we are given) has already opened, a C API library loaded by
        // name the same way. (The tests open a stand-in of their own, with no initializers.)
        let lib = unsafe { libloading::Library::new(name) }.map_err(|e| describe(&e))?;
        // SAFETY: each type is the C prototype in cuda.h of the symbol read as it (see the
        // aliases above); the pointers are copied out of libloading's borrow, so they are kept
        // next to `lib` in the `Driver` and used only through it, never after it is dropped.
        unsafe {
            let param_info = lib
                .get::<ParamInfoFn>(b"cuFuncGetParamInfo\0")
                .ok()
                .map(|s| *s);
            let param_count = lib
                .get::<ParamCountFn>(b"cuFuncGetParamCount\0")
                .ok()
                .map(|s| *s);
            let driver_version = lib
                .get::<DriverVersionFn>(b"cuDriverGetVersion\0")
                .ok()
                .map(|s| *s);
            let attribute = lib
                .get::<AttributeFn>(b"cuFuncGetAttribute\0")
                .map(|s| *s)
                .map_err(|e| {
                    format!(
                        "{} has no `cuFuncGetAttribute`, so it is not a CUDA driver ({})",
                        name.to_string_lossy(),
                        describe(&e)
                    )
                })?;
            Ok(Driver {
                param_info,
                param_count,
                attribute,
                driver_version,
                _lib: lib,
            })
        }
    }

    /// `cuDriverGetVersion`, if the driver has it and it succeeds.
    fn version(&self) -> Option<i32> {
        let get = self.driver_version?;
        let mut v: c_int = 0;
        // SAFETY: `get` is cuDriverGetVersion of the library `self` keeps mapped; `v` is a valid
        // place for the result. The call needs no context (nor `cuInit`).
        (unsafe { get(&mut v) } == 0).then_some(v)
    }

    /// What the driver reports about the function `func`'s parameters.
    ///
    /// # Safety
    /// `func` must be a live `CUfunction` of this driver (its module loaded), in a context
    /// current on this thread.
    pub(super) unsafe fn read(&self, func: *mut c_void) -> Result<LoadedKernel, LoadedError> {
        let get = self.param_info.ok_or(LoadedError::DriverTooOld {
            version: self.version(),
        })?;
        // SAFETY: the caller's contract is `arch`'s.
        let arch = unsafe { self.arch(func) }?;
        let mut params = Vec::new();
        // CUDA 13.2's drivers say how many parameters there are; before them, the end is the
        // first index `cuFuncGetParamInfo` refuses.
        let count = match self.param_count {
            Some(count) => {
                let mut n = 0usize;
                // SAFETY: `count` is cuFuncGetParamCount of the library `self` keeps mapped;
                // `func` is a live `CUfunction` (the caller's contract) and `n` a valid place
                // for the result.
                match unsafe { count(func, &mut n) } {
                    0 if n <= MAX_PARAMS => Some(n),
                    0 => return Err(LoadedError::Endless { params: n }),
                    code => {
                        return Err(LoadedError::Driver {
                            call: "cuFuncGetParamCount",
                            code,
                        })
                    }
                }
            }
            None => None,
        };
        loop {
            if count.is_some_and(|n| params.len() == n) {
                break;
            }
            if params.len() > MAX_PARAMS {
                return Err(LoadedError::Endless {
                    params: params.len(),
                });
            }
            let (mut offset, mut size) = (0usize, 0usize);
            // SAFETY: as above; `offset` and `size` are valid places for the results.
            let code = unsafe { get(func, params.len(), &mut offset, &mut size) };
            match code {
                0 => params.push(LoadedParam { offset, size }),
                CUDA_ERROR_INVALID_VALUE if count.is_none() => break,
                code => {
                    return Err(LoadedError::Driver {
                        call: "cuFuncGetParamInfo",
                        code,
                    })
                }
            }
        }
        Ok(LoadedKernel { arch, params })
    }

    /// The architecture of the loaded code (`CU_FUNC_ATTRIBUTE_BINARY_VERSION`).
    ///
    /// # Safety
    /// `func` must be a live `CUfunction` of this driver (its module loaded), in a context
    /// current on this thread.
    pub(super) unsafe fn arch(&self, func: *mut c_void) -> Result<Arch, LoadedError> {
        let mut version: c_int = 0;
        // SAFETY: `attribute` is cuFuncGetAttribute of the library `self` keeps mapped; `func`
        // is a live `CUfunction` (the caller's contract) and `version` a valid place for the
        // result.
        let code =
            unsafe { (self.attribute)(&mut version, CU_FUNC_ATTRIBUTE_BINARY_VERSION, func) };
        if code != 0 {
            return Err(LoadedError::Driver {
                call: "cuFuncGetAttribute",
                code,
            });
        }
        Ok(Arch::sm(version.max(0) as u32))
    }
}

/// A libloading error with the loader's own words (`dlopen failed: libcuda.so.1: cannot open
/// shared object file …`): its `Display` alone says only "dlopen failed".
fn describe(e: &libloading::Error) -> String {
    use std::error::Error as _;
    match e.source() {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

/// The process's CUDA driver, opened once.
pub(super) fn driver() -> Result<&'static Driver, LoadedError> {
    static DRIVER: OnceLock<Result<Driver, String>> = OnceLock::new();
    DRIVER
        .get_or_init(|| {
            let names: &[&str] = if cfg!(windows) {
                &["nvcuda.dll"]
            } else {
                &["libcuda.so.1", "libcuda.so"]
            };
            let mut last = String::new();
            for &name in names {
                match Driver::open(name.as_ref()) {
                    Ok(d) => return Ok(d),
                    Err(e) => last = e,
                }
            }
            Err(last)
        })
        .as_ref()
        .map_err(|e| LoadedError::NoDriver(e.clone()))
}

/// What the driver reports about `f`'s parameters: each one's offset and size
/// (`cuFuncGetParamInfo`, driver 12.4+; an older driver gives [`LoadedError::DriverTooOld`]
/// with its version) and the architecture of the loaded code. `f`'s context must be current on
/// this thread (cudarc makes a context current where it creates it). Asks the driver anew on
/// every call; [`CheckedFunction`](super::CheckedFunction) keeps the answer.
#[cfg(feature = "cudarc")]
pub fn loaded_params(f: &CudaFunction) -> Result<LoadedKernel, LoadedError> {
    let d = driver()?;
    // SAFETY: `f.cu_function()` is a live `CUfunction` of the driver cudarc loaded it with
    // (the `&CudaFunction` borrow keeps its module loaded), which is the library `driver()`
    // opened; its context is current (this function's documented precondition, as for every
    // cudarc call on it).
    unsafe { d.read(f.cu_function().cast::<c_void>()) }
}

/// Checks `A` against the kernel the driver loaded as `f`: the number of parameters, each
/// one's size, and each one's offset — the layout from 0 for parameters aligned to 16 bytes
/// or less before any over-aligned one, [`driver_param_offset`] for the loaded code's
/// architecture after it (offsets after an over-aligned parameter are not checked on an
/// architecture whose origin is unknown). Returns what the driver reported. Needs driver 12.4
/// or newer (else [`LoadedError::DriverTooOld`]: check the PTX with
/// [`check_entry`](super::check_entry) instead); asks the driver anew on every call, see
/// [`CheckedFunction`](super::CheckedFunction) for launching many times.
#[cfg(feature = "cudarc")]
pub fn check_loaded<A: KernelParams>(f: &CudaFunction) -> Result<LoadedKernel, LoadedError> {
    check_against(A::TYPE, A::KERNEL, loaded_params(f)?)
}

/// The comparison of [`check_loaded`]: the argument struct `ty` (whose members are the
/// parameters of `kernel`) against what the driver reported.
fn check_against(
    ty: &'static crate::layout::desc::TypeDesc,
    kernel: &'static str,
    loaded: LoadedKernel,
) -> Result<LoadedKernel, LoadedError> {
    let rust_struct = ty.name;
    let fields = ty.members().len();
    if loaded.params.len() != fields {
        return Err(LoadedError::Count {
            kernel,
            loaded: loaded.params.len(),
            rust: fields,
            rust_struct,
        });
    }
    let base = loaded.arch.param_base();
    let mut end = 0;
    let mut unknown_from_here = false;
    for (index, (p, theirs)) in Placements::new(ty, AddressSize::A64)
        .zip(&loaded.params)
        .enumerate()
    {
        let Ok((member, p)) = p else { continue };
        let mismatch = |what, loaded, rust| LoadedError::Param {
            kernel,
            index,
            rust_struct,
            field: member.name,
            what,
            loaded,
            rust,
        };
        if theirs.size != p.size {
            return Err(mismatch("size", theirs.size, p.size));
        }
        if p.align > ARCH_INDEPENDENT_ALIGN && base.is_none() {
            unknown_from_here = true;
        }
        let offset = driver_param_offset(base.unwrap_or(0), end, p.align);
        if !unknown_from_here && theirs.offset != offset {
            return Err(mismatch("offset", theirs.offset, offset));
        }
        end = theirs.offset.saturating_add(theirs.size);
    }
    Ok(loaded)
}

/// What [`CheckedFunction`](super::CheckedFunction) keeps of one read: the driver's report,
/// checked, and its offsets.
#[derive(Clone, Debug)]
pub(super) struct Checked {
    pub(super) loaded: LoadedKernel,
    pub(super) offsets: Vec<usize>,
}

impl Checked {
    /// Reads `func`'s parameters from `driver` and checks them against `ty` (the argument
    /// struct of `kernel`).
    ///
    /// # Safety
    /// As [`Driver::read`]: `func` is a live `CUfunction` of `driver`, its context current.
    pub(super) unsafe fn read(
        driver: &Driver,
        func: *mut c_void,
        ty: &'static crate::layout::desc::TypeDesc,
        kernel: &'static str,
    ) -> Result<Checked, LoadedError> {
        // SAFETY: the caller's contract is `Driver::read`'s.
        let loaded = check_against(ty, kernel, unsafe { driver.read(func) }?)?;
        Ok(Checked {
            offsets: loaded.params.iter().map(|p| p.offset).collect(),
            loaded,
        })
    }
}

/// Where the driver reads each parameter of `K` from an `extra` buffer on `arch`
/// ([`driver_param_offset`] from [`Arch::param_base`]); an over-aligned parameter on an
/// architecture whose base is unknown is [`LaunchError::UnknownArch`].
pub(super) fn arch_offsets<K: KernelParams>(arch: Arch) -> Result<Vec<usize>, LoadedError> {
    let base = arch.param_base();
    let mut offsets = Vec::with_capacity(K::PARAM_OFFSETS.len());
    let mut end = 0usize;
    for placed in Placements::new(K::TYPE, AddressSize::A64) {
        let Ok((member, p)) = placed else { continue };
        if p.align > ARCH_INDEPENDENT_ALIGN && base.is_none() {
            return Err(LoadedError::Launch(LaunchError::UnknownArch {
                kernel: K::KERNEL,
                arch,
                field: member.name,
                align: p.align,
            }));
        }
        let offset = driver_param_offset(base.unwrap_or(0), end, p.align);
        offsets.push(offset);
        end = offset.saturating_add(p.size);
    }
    Ok(offsets)
}

/// Lays out in `buffer` the `extra` buffer of a launch of `A` whose parameters (written in
/// `image`, the layout from 0) the driver reads at `offsets`, one per parameter (the checked
/// function's). In the caller's buffer, on its stack: returning a `ParamBuffer` would copy it.
pub(super) fn lay_out_extra<A: KernelParams>(
    buffer: &mut ParamBuffer,
    image: &[u8],
    offsets: &[usize],
) -> Result<(), LoadedError> {
    // `offsets` has one offset per parameter (checked when the function was).
    buffer
        .lay_out_in::<A>(image, at_offsets(offsets))
        .map_err(LoadedError::Launch)
}

#[cfg(feature = "cudarc")]
impl<A: KernelParams> KernelLaunch<A> {
    /// The parameter buffer for `extra`, laid out at the offsets the driver reports for the
    /// loaded kernel `f`, after [`check_loaded`] found it matches `A`. Asks the driver on every
    /// call; for repeated launches of one function,
    /// [`CheckedFunction::param_buffer`](super::CheckedFunction::param_buffer).
    pub fn param_buffer_for(&self, f: &CudaFunction) -> Result<ParamBuffer, LoadedError> {
        let loaded = check_loaded::<A>(f)?;
        let offsets: Vec<usize> = loaded.params.iter().map(|p| p.offset).collect();
        self.param_buffer_at(&offsets).map_err(LoadedError::Launch)
    }
}

#[cfg(test)]
mod tests {
    //! `check_loaded` without a GPU: a stand-in driver library, a few lines of C built here
    //! with the system's C compiler (`$CC`, else `cc`), opened exactly as the real driver is
    //! ([`Driver::open`]). Its "CUfunction" is a pointer to a [`Table`] of parameters; it counts
    //! `cuFuncGetParamInfo` calls.

    use super::*;
    use crate::codec::PtxAbi;
    use crate::layout::desc::{AggregateKind, Member, TypeDesc, TypeKind};
    use std::path::PathBuf;
    use std::process::Command;
    use std::string::String;
    use std::{format, vec};

    const STAND_IN: &str = r#"
#include <stddef.h>
struct table { size_t n; size_t offset[8]; size_t size[8]; };
static long long param_info_calls = 0;
long long standin_param_info_calls(void) { return param_info_calls; }
int cuDriverGetVersion(int *v) { *v = STANDIN_VERSION; return 0; }
int cuFuncGetAttribute(int *pi, int attrib, void *f) {
    if (attrib != 6 || f == NULL) return 1; /* CU_FUNC_ATTRIBUTE_BINARY_VERSION */
    *pi = 90;
    return 0;
}
#ifdef STANDIN_PARAM_INFO
int cuFuncGetParamInfo(void *f, size_t i, size_t *offset, size_t *size) {
    const struct table *t = f;
    param_info_calls++;
    if (i >= t->n) return 1; /* CUDA_ERROR_INVALID_VALUE */
    *offset = t->offset[i];
    *size = t->size[i];
    return 0;
}
#endif
#ifdef STANDIN_PARAM_COUNT
int cuFuncGetParamCount(void *f, size_t *count) {
    *count = ((const struct table *)f)->n;
    return 0;
}
#endif
"#;

    /// The stand-in's `struct table`.
    #[repr(C)]
    struct Table {
        n: usize,
        offset: [usize; 8],
        size: [usize; 8],
    }

    impl Table {
        fn new(params: &[(usize, usize)]) -> Table {
            let mut t = Table {
                n: params.len(),
                offset: [0; 8],
                size: [0; 8],
            };
            for (i, &(o, s)) in params.iter().enumerate() {
                t.offset[i] = o;
                t.size[i] = s;
            }
            t
        }

        fn handle(&mut self) -> *mut c_void {
            (self as *mut Table).cast()
        }
    }

    /// Builds the stand-in (`version` for `cuDriverGetVersion`, with or without
    /// `cuFuncGetParamInfo`) and returns its path.
    fn stand_in(name: &str, version: i32, param_info: bool) -> PathBuf {
        stand_in_with(name, version, param_info, false)
    }

    /// [`stand_in`], with `cuFuncGetParamCount` (CUDA 13.2's drivers) when `param_count`.
    fn stand_in_with(name: &str, version: i32, param_info: bool, param_count: bool) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ptx-abi-standin-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join(format!("{name}.c"));
        let lib = dir.join(format!("lib{name}.so"));
        std::fs::write(&src, STAND_IN).unwrap();
        let cc = std::env::var("CC").unwrap_or_else(|_| String::from("cc"));
        let mut cmd = Command::new(&cc);
        cmd.args(["-shared", "-fPIC", "-o"])
            .arg(&lib)
            .arg(&src)
            .arg(format!("-DSTANDIN_VERSION={version}"));
        if param_info {
            cmd.arg("-DSTANDIN_PARAM_INFO");
        }
        if param_count {
            cmd.arg("-DSTANDIN_PARAM_COUNT");
        }
        let out = cmd
            .output()
            .unwrap_or_else(|e| panic!("cannot run the C compiler `{cc}` ($CC): {e}"));
        assert!(
            out.status.success(),
            "{cc} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        lib
    }

    /// The stand-in's call counter.
    fn param_info_calls(lib: &PathBuf) -> i64 {
        // SAFETY: the stand-in has no initializers; `standin_param_info_calls` is
        // `long long (void)`, read as that type, and called while `l` keeps the library mapped
        // (dlopen of an open library returns the same one: the counter is the driver's).
        unsafe {
            let l = libloading::Library::new(lib).unwrap();
            let f = l
                .get::<unsafe extern "C" fn() -> core::ffi::c_longlong>(
                    b"standin_param_info_calls\0",
                )
                .unwrap();
            f()
        }
    }

    /// `struct Args { DevicePtr out; unsigned n; float scale; }` as the derive describes it.
    static ARGS: TypeDesc = TypeDesc {
        name: "Args",
        kind: TypeKind::Aggregate {
            kind: AggregateKind::Struct,
            align: 0,
            pack: 0,
            members: &[
                Member {
                    name: "out",
                    ty: <u64 as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
                Member {
                    name: "n",
                    ty: <u32 as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
                Member {
                    name: "scale",
                    ty: <f32 as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
            ],
        },
    };

    #[test]
    fn a_driver_before_12_4_is_named_and_sent_to_check_entry() {
        let lib = stand_in("cuda_12_2", 12020, false);
        let d = Driver::open(lib.as_os_str()).unwrap();
        assert!(d.param_info.is_none());
        let mut table = Table::new(&[(0, 8)]);
        // SAFETY: the stand-in's "CUfunction" is a pointer to a live `Table`.
        let e = unsafe { d.read(table.handle()) }.unwrap_err();
        assert_eq!(
            e,
            LoadedError::DriverTooOld {
                version: Some(12020)
            }
        );
        let msg = e.to_string();
        for part in [
            "the CUDA driver is version 12.2 (cuDriverGetVersion: 12020)",
            "no `cuFuncGetParamInfo`",
            "needs driver 12.4 or newer",
            "ptx_abi::check_entry::<Args>(ptx)",
        ] {
            assert!(msg.contains(part), "{part:?} missing: {msg}");
        }
        // SAFETY: as above.
        let e = unsafe { Checked::read(&d, table.handle(), &ARGS, "scale") }.unwrap_err();
        assert!(matches!(e, LoadedError::DriverTooOld { .. }), "{e}");
        assert_eq!(param_info_calls(&lib), 0);
        // A driver that does not even answer its version still gets the advice.
        let unknown = LoadedError::DriverTooOld { version: None }.to_string();
        assert!(unknown.contains("check_entry"), "{unknown}");
    }

    #[test]
    fn parameters_are_read_checked_and_kept() {
        let lib = stand_in("cuda_12_4", 12040, true);
        let d = Driver::open(lib.as_os_str()).unwrap();
        assert_eq!(d.version(), Some(12040));
        let mut table = Table::new(&[(0, 8), (8, 4), (12, 4)]);
        // SAFETY: the stand-in's "CUfunction" is a pointer to a live `Table`.
        let loaded = unsafe { d.read(table.handle()) }.unwrap();
        assert_eq!(loaded.arch, Arch::SM_90);
        assert_eq!(loaded.buffer_size(), 16);
        // One call per parameter and one past the last.
        assert_eq!(param_info_calls(&lib), 4);
        check_against(&ARGS, "scale", loaded.clone()).unwrap();

        // Read once: the checked information is kept, the driver asked 4 more times only.
        // SAFETY: as above.
        let checked = unsafe { Checked::read(&d, table.handle(), &ARGS, "scale") }.unwrap();
        assert_eq!(checked.offsets, vec![0, 8, 12]);
        assert_eq!(checked.loaded, loaded);
        assert_eq!(param_info_calls(&lib), 8);
        for _ in 0..100 {
            let again = checked.clone();
            assert_eq!(again.offsets, vec![0, 8, 12]);
        }
        assert_eq!(param_info_calls(&lib), 8);

        // What the driver reports is checked, naming the field.
        let mut wrong = Table::new(&[(0, 8), (8, 8), (16, 4)]);
        // SAFETY: as above.
        let e = unsafe { Checked::read(&d, wrong.handle(), &ARGS, "scale") }.unwrap_err();
        assert_eq!(
            e.to_string(),
            "parameter 1 of the loaded kernel `scale` (field `n` of `Args`): the driver \
             reports size 8, the Rust field needs 4"
        );
        let mut short = Table::new(&[(0, 8), (8, 4)]);
        // SAFETY: as above.
        let e = unsafe { Checked::read(&d, short.handle(), &ARGS, "scale") }.unwrap_err();
        assert!(
            matches!(
                e,
                LoadedError::Count {
                    loaded: 2,
                    rust: 3,
                    ..
                }
            ),
            "{e}"
        );
        let mut moved = Table::new(&[(0, 8), (12, 4), (16, 4)]);
        // SAFETY: as above.
        let e = unsafe { Checked::read(&d, moved.handle(), &ARGS, "scale") }.unwrap_err();
        assert!(
            e.to_string()
                .contains("reports offset 12, the Rust field needs 8"),
            "{e}"
        );
    }

    #[test]
    fn a_driver_with_cu_func_get_param_count_is_asked_for_each_parameter_once() {
        let lib = stand_in_with("cuda_13_2", 13020, true, true);
        let d = Driver::open(lib.as_os_str()).unwrap();
        assert!(d.param_count.is_some());
        let mut table = Table::new(&[(0, 8), (8, 4), (12, 4)]);
        // SAFETY: the stand-in's "CUfunction" is a pointer to a live `Table`.
        let loaded = unsafe { d.read(table.handle()) }.unwrap();
        assert_eq!(
            loaded.params,
            [(0, 8), (8, 4), (12, 4)].map(|(offset, size)| LoadedParam { offset, size })
        );
        // One call per parameter and none past the last: the count says where they end.
        assert_eq!(param_info_calls(&lib), 3);
        check_against(&ARGS, "scale", loaded).unwrap();
        // A kernel without parameters asks `cuFuncGetParamInfo` nothing.
        let mut none = Table::new(&[]);
        // SAFETY: as above.
        let loaded = unsafe { d.read(none.handle()) }.unwrap();
        assert!(loaded.params.is_empty());
        assert_eq!(param_info_calls(&lib), 3);
    }

    #[test]
    fn a_library_without_the_driver_api_is_no_driver() {
        let nowhere = std::path::Path::new("/nonexistent/libcuda.so.1");
        let e = Driver::open(nowhere.as_os_str()).err().unwrap();
        // The loader's words, not libloading's bare "dlopen failed".
        assert!(e.contains("/nonexistent/libcuda.so.1: cannot open"), "{e}");
        // A library without the driver's `cuFuncGetAttribute` is refused, saying so.
        let lib = stand_in("cuda_12_4", 12040, true);
        let libc_like = lib.with_file_name("libempty.so");
        let src = lib.with_file_name("empty.c");
        std::fs::write(&src, "int ptx_abi_nothing(void) { return 0; }\n").unwrap();
        let cc = std::env::var("CC").unwrap_or_else(|_| String::from("cc"));
        let ok = Command::new(&cc)
            .args(["-shared", "-fPIC", "-o"])
            .arg(&libc_like)
            .arg(&src)
            .status()
            .unwrap()
            .success();
        assert!(ok);
        let e = Driver::open(libc_like.as_os_str()).err().unwrap();
        assert!(e.contains("libempty.so has no `cuFuncGetAttribute`"), "{e}");
    }
}
