//! Storage, inside a launch value, for the pointer arrays `cuLaunchKernel` takes
//! (`kernelParams`, `extra`).
//!
//! The arrays live in the value they point into ([`KernelLaunch`](super::KernelLaunch),
//! [`ParamBuffer`](super::ParamBuffer)), not in the short-lived view that hands them out, so
//! that `launch.kernel_params().as_mut_ptr()` in one expression points at memory that is
//! still there when the driver reads it (the array in a temporary died at the end of the
//! statement: the driver read freed stack, `CUDA_ERROR_INVALID_VALUE` at best).

/// A pointer array kept in its owner; written by every call that hands it out.
#[derive(Clone, Copy)]
pub(crate) struct Slots<P>(pub(crate) P);

// SAFETY: the slots hold addresses inside their owner (or addresses the owner was built
// from) and are only ever written and handed out through `&mut` borrows of that owner, which
// recompute them first; nothing in this crate dereferences them. Sharing or sending the
// owner therefore shares or sends no access to another thread's memory, as the owner's own
// bytes (already `Send + Sync`) would.
unsafe impl<P> Send for Slots<P> {}
// SAFETY: as for `Send`: through `&Slots` nothing reads the addresses' targets.
unsafe impl<P> Sync for Slots<P> {}
