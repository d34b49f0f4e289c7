//! §2.3: parameter passing. `.param` declarations for any type in the two spaces NVRTC treats
//! differently, kernel and device-function signatures, launch parameter buffers, and a checker
//! of Rust argument structs against real PTX.

mod arch;
mod buffer;
#[cfg(feature = "alloc")]
mod call;
#[cfg(feature = "alloc")]
mod check;
#[cfg(feature = "alloc")]
mod check_named;
#[cfg(feature = "cudarc")]
mod checked;
#[cfg(feature = "cuda-core")]
mod checked_cuda_core;
mod decl;
mod extra;
pub(crate) mod kernel;
mod launch;
mod launch_error;
#[cfg(feature = "alloc")]
pub mod lex;
#[cfg(any(feature = "cudarc", feature = "cuda-core"))]
mod loaded;
#[cfg(feature = "alloc")]
pub mod read;
#[cfg(feature = "alloc")]
mod refusal;
#[cfg(feature = "alloc")]
mod short_name;
#[cfg(feature = "alloc")]
mod signature;
mod slots;
pub mod text;
#[cfg(feature = "alloc")]
mod type_class;

pub use arch::{driver_param_offset, Arch, PtxIsa, ARCH_INDEPENDENT_ALIGN};
pub use buffer::ParamBuffer;
#[cfg(feature = "alloc")]
pub use call::{call_prototype, call_sequence, call_sequence_for, Arg, CallError, Callee, Ret};
#[cfg(feature = "alloc")]
pub use check::{check_entry, check_signature, ParamMismatch, SignatureError};
#[cfg(feature = "alloc")]
pub use check_named::check_entry_named;
pub use decl::{
    is_retval, named_type, param_type, return_type, ParamSpace, ParamType, Spelling, RETVAL,
};
pub use extra::{
    LaunchExtra, CU_LAUNCH_PARAM_BUFFER_POINTER, CU_LAUNCH_PARAM_BUFFER_SIZE, CU_LAUNCH_PARAM_END,
};
// Only generated code calls the `kernel_*_error` checks, `buffer_size`, `param_offsets`,
// `param_pointers`, `params_as_data` and `try_place_params_given`: through `__private::v1`.
#[cfg(feature = "cudarc")]
pub use checked::CheckedFunction;
#[cfg(feature = "cuda-core")]
pub use checked_cuda_core::CheckedCudaCoreFunction;
pub use kernel::{
    entry_param_limit, limit_origin, place_params, try_place_params, KernelParams, PARAM_LIMIT,
    PARAM_LIMIT_VOLTA_CUDA_12_1,
};
pub use launch::{KernelLaunch, KernelParamPointers};
pub use launch_error::LaunchError;
#[cfg(feature = "cudarc")]
pub use loaded::{check_loaded, loaded_params};
#[cfg(any(feature = "cudarc", feature = "cuda-core"))]
pub use loaded::{LoadedError, LoadedKernel, LoadedParam};
#[cfg(feature = "alloc")]
pub use signature::{
    entry_signature, func_signature, param_decl, param_decl_with, signature_text, FnReturn,
    SignatureKind,
};
