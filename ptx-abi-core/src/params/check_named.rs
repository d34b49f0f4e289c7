//! Checking a kernel chosen by a name known only at run time, such as a C++ kernel's mangled
//! name (`_Z5scalePfj` for `__global__ void scale(float*, unsigned)`), against a Rust argument
//! struct (§2.3: the `.param` list of the `.entry`).
//!
//! A parameter `DevicePtr<T>` is checked as what the PTX sees, a `.u64` address; the layout of
//! the `T` it points to is checked against the user's C type by
//! [`crate::report::c_check::CTypeCheck`] (and `ptx_abi::report::nvrtc::assert_matches` with feature `nvrtc`).

use super::check::{check_signature, SignatureError};
use super::decl::ParamSpace;
use super::kernel::KernelParams;

/// Checks the `.entry` named `name` in `ptx` (a runtime or mangled name, whatever the PTX
/// spells) against the fields of `A`, ignoring `A`'s `#[ptx(kernel = "…")]` name. A long
/// mangled name is shown in full once in the error's message and shortened after that (see
/// [`SignatureError`]).
pub fn check_entry_named<A: KernelParams>(ptx: &str, name: &str) -> Result<(), SignatureError> {
    check_signature(ptx, name, A::TYPE, ParamSpace::Entry)
}
