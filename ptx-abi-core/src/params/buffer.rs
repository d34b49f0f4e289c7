//! A parameter buffer laid out where the driver reads each parameter, for `extra`.

use super::extra::{ExtraWords, LaunchExtra, NO_EXTRA};
use super::kernel::{KernelParams, PARAM_LIMIT};
use super::launch_error::LaunchError;
use crate::layout::address::AddressSize;
use crate::layout::Placements;
use core::ffi::c_void;

/// The bytes of a kernel's parameters at the offsets the driver reads them from on one
/// architecture or for one loaded function (built by
/// [`KernelLaunch::param_buffer`](super::KernelLaunch::param_buffer) and
/// [`KernelLaunch::param_buffer_at`](super::KernelLaunch::param_buffer_at)), for
/// `cuLaunchKernel`'s `extra`. Lives on the stack: no heap allocation. Bytes between
/// parameters are zero.
#[derive(Clone)]
pub struct ParamBuffer {
    bytes: [u8; PARAM_LIMIT],
    size: usize,
    /// [`ParamBuffer::extra`]'s array, kept here so that it outlives the `LaunchExtra`.
    extra: ExtraWords,
}

impl ParamBuffer {
    /// The most parameter bytes a `ParamBuffer` holds: 4,352, the limit of every target
    /// ([`PARAM_LIMIT`]). Kernels declared with a larger limit that also have a parameter
    /// aligned above 16 bytes are launched through `kernelParams`.
    pub const CAPACITY: usize = PARAM_LIMIT;

    /// Copies each parameter of `A` from `image` (the layout from 0, at
    /// [`KernelParams::PARAM_OFFSETS`]) to `place(end_of_previous, align)`.
    pub(crate) fn lay_out<A: KernelParams>(
        image: &[u8],
        mut place: impl FnMut(usize, usize) -> usize,
    ) -> Result<ParamBuffer, LaunchError> {
        let mut out = ParamBuffer {
            bytes: [0; PARAM_LIMIT],
            size: 0,
            extra: NO_EXTRA,
        };
        let mut end = 0;
        for (index, p) in Placements::new(A::TYPE, AddressSize::A64).enumerate() {
            // A kernel argument struct's layout is checked at compile time
            // (`kernel_param_error`), so it has no layout error; skip defensively.
            let Ok((member, p)) = p else { continue };
            let offset = place(end, p.align);
            if offset < end {
                return Err(LaunchError::Overlap {
                    kernel: A::KERNEL,
                    field: member.name,
                    index,
                    offset,
                });
            }
            // Offsets may come from the caller (`param_buffer_at`): an end past `usize::MAX`
            // saturates, and is too large like any end past the capacity.
            let new_end = offset.saturating_add(p.size);
            let (Some(dst), Some(src)) = (
                out.bytes.get_mut(offset..new_end),
                image.get(p.offset..p.offset.saturating_add(p.size)),
            ) else {
                return Err(LaunchError::TooLarge {
                    kernel: A::KERNEL,
                    size: new_end,
                    capacity: Self::CAPACITY,
                });
            };
            dst.copy_from_slice(src);
            end = new_end;
        }
        out.size = end;
        Ok(out)
    }

    /// The parameter bytes: [`ParamBuffer::size`] of them.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.size]
    }

    /// The value for `CU_LAUNCH_PARAM_BUFFER_SIZE`: the end of the last parameter.
    pub fn size(&self) -> usize {
        self.size
    }

    /// `cuLaunchKernel`'s `extra` array, pointing into this buffer and its size. The array is
    /// kept in `self`: its pointer stays valid until `self` is moved or borrowed again.
    pub fn extra(&mut self) -> LaunchExtra<'_> {
        let buffer = self.bytes.as_mut_ptr().cast::<c_void>();
        LaunchExtra::new(buffer, &mut self.size, &mut self.extra)
    }
}
