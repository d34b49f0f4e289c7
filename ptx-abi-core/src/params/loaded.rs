//! Checking an argument struct against a kernel the driver loaded (PTX, cubin or fatbin
//! alike), through `cuFuncGetParamInfo` (driver 12.4+): what a user whose kernels come
//! precompiled, with no PTX text to read, checks before launching. Also lays an `extra`
//! buffer out at the loaded function's own offsets.
//!
//! The driver library is opened at run time (`libcuda.so.1`, `nvcuda.dll`), like cudarc does,
//! and its two entry points looked up by name, so this builds without CUDA and an older driver
//! gives [`LoadedError::DriverTooOld`] instead of a missing-symbol panic.

use super::arch::{driver_param_offset, Arch, ARCH_INDEPENDENT_ALIGN};
use super::buffer::ParamBuffer;
use super::kernel::KernelParams;
use super::launch::KernelLaunch;
use super::launch_error::LaunchError;
use crate::layout::Placements;
use crate::AddressSize;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ffi::{c_int, c_void};
use core::fmt;
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
    DriverTooOld,
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
}

impl fmt::Display for LoadedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadedError::NoDriver(e) => write!(f, "cannot open the CUDA driver library: {e}"),
            LoadedError::DriverTooOld => write!(
                f,
                "the CUDA driver has no `cuFuncGetParamInfo` (it needs CUDA 12.4 or newer)"
            ),
            LoadedError::Driver { call, code } => write!(f, "`{call}` failed: CUresult {code}"),
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
        }
    }
}

impl std::error::Error for LoadedError {}

type ParamInfoFn = unsafe extern "C" fn(*mut c_void, usize, *mut usize, *mut usize) -> c_int;
type AttributeFn = unsafe extern "C" fn(*mut c_int, c_int, *mut c_void) -> c_int;

/// `CU_FUNC_ATTRIBUTE_BINARY_VERSION` from `cuda.h`.
const CU_FUNC_ATTRIBUTE_BINARY_VERSION: c_int = 6;
/// `CUDA_ERROR_INVALID_VALUE` from `cuda.h`: past the last parameter.
const CUDA_ERROR_INVALID_VALUE: c_int = 1;

struct Driver {
    param_info: Option<ParamInfoFn>,
    attribute: AttributeFn,
    _lib: libloading::Library,
}

fn driver() -> Result<&'static Driver, LoadedError> {
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
                // SAFETY: opening the CUDA driver runs its initializers, the same library
                // cudarc (which made the `CudaFunction` we are given) has already opened.
                match unsafe { libloading::Library::new(name) } {
                    Ok(lib) => {
                        // SAFETY: the types are the signatures of `cuda.h`'s
                        // `cuFuncGetParamInfo` and `cuFuncGetAttribute`.
                        let param_info = unsafe { lib.get::<ParamInfoFn>(b"cuFuncGetParamInfo\0") }
                            .ok()
                            .map(|s| *s);
                        // SAFETY: as above.
                        let attribute = unsafe { lib.get::<AttributeFn>(b"cuFuncGetAttribute\0") }
                            .map(|s| *s)
                            .map_err(|e| e.to_string())?;
                        return Ok(Driver {
                            param_info,
                            attribute,
                            _lib: lib,
                        });
                    }
                    Err(e) => last = e.to_string(),
                }
            }
            Err(last)
        })
        .as_ref()
        .map_err(|e| LoadedError::NoDriver(e.clone()))
}

/// What the driver reports about `f`'s parameters: each one's offset and size
/// (`cuFuncGetParamInfo`) and the architecture of the loaded code. `f`'s context must be
/// current on this thread (cudarc makes a context current where it creates it).
pub fn loaded_params(f: &CudaFunction) -> Result<LoadedKernel, LoadedError> {
    let d = driver()?;
    let get = d.param_info.ok_or(LoadedError::DriverTooOld)?;
    let func = f.cu_function().cast::<c_void>();
    let mut version: c_int = 0;
    // SAFETY: `func` is a live `CUfunction` (the `&CudaFunction` borrow keeps it and its
    // module loaded), and `version` is a valid place for the result.
    let code = unsafe { (d.attribute)(&mut version, CU_FUNC_ATTRIBUTE_BINARY_VERSION, func) };
    if code != 0 {
        return Err(LoadedError::Driver {
            call: "cuFuncGetAttribute",
            code,
        });
    }
    let mut params = Vec::new();
    loop {
        let (mut offset, mut size) = (0usize, 0usize);
        // SAFETY: as above; `offset` and `size` are valid places for the results.
        let code = unsafe { get(func, params.len(), &mut offset, &mut size) };
        match code {
            0 => params.push(LoadedParam { offset, size }),
            CUDA_ERROR_INVALID_VALUE => break,
            code => {
                return Err(LoadedError::Driver {
                    call: "cuFuncGetParamInfo",
                    code,
                })
            }
        }
    }
    Ok(LoadedKernel {
        arch: Arch::sm(version.max(0) as u32),
        params,
    })
}

/// Checks `A` against the kernel the driver loaded as `f`: the number of parameters, each
/// one's size, and each one's offset — the layout from 0 for parameters aligned to 16 bytes
/// or less before any over-aligned one, [`driver_param_offset`] for the loaded code's
/// architecture after it (offsets after an over-aligned parameter are not checked on an
/// architecture whose origin is unknown). Returns what the driver reported.
pub fn check_loaded<A: KernelParams>(f: &CudaFunction) -> Result<LoadedKernel, LoadedError> {
    let loaded = loaded_params(f)?;
    let rust_struct = A::TYPE.name;
    if loaded.params.len() != A::PARAM_OFFSETS.len() {
        return Err(LoadedError::Count {
            kernel: A::KERNEL,
            loaded: loaded.params.len(),
            rust: A::PARAM_OFFSETS.len(),
            rust_struct,
        });
    }
    let base = loaded.arch.param_base();
    let mut end = 0;
    let mut unknown_from_here = false;
    for (index, (p, theirs)) in Placements::new(A::TYPE, AddressSize::A64)
        .zip(&loaded.params)
        .enumerate()
    {
        let Ok((member, p)) = p else { continue };
        let mismatch = |what, loaded, rust| LoadedError::Param {
            kernel: A::KERNEL,
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

impl<A: KernelParams> KernelLaunch<A> {
    /// The parameter buffer for `extra`, laid out at the offsets the driver reports for the
    /// loaded kernel `f`, after [`check_loaded`] found it matches `A`.
    pub fn param_buffer_for(&self, f: &CudaFunction) -> Result<ParamBuffer, LoadedError> {
        let loaded = check_loaded::<A>(f)?;
        let offsets: Vec<usize> = loaded.params.iter().map(|p| p.offset).collect();
        self.param_buffer_at(&offsets).map_err(LoadedError::Launch)
    }
}
