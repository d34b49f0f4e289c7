//! A parameter buffer laid out where the driver reads each parameter, for `extra`.

use super::extra::{ExtraWords, LaunchExtra, NO_EXTRA};
use super::kernel::{KernelParams, PARAM_LIMIT};
use super::launch_error::LaunchError;
use crate::codec::slice::as_uninit_ref;
use crate::layout::desc::TypeKind;
use core::ffi::c_void;
use core::mem::MaybeUninit;

/// The bytes of a kernel's parameters at the offsets the driver reads them from on one
/// architecture or for one loaded function (built by
/// [`KernelLaunch::param_buffer`](super::KernelLaunch::param_buffer) and
/// [`KernelLaunch::param_buffer_at`](super::KernelLaunch::param_buffer_at)), for
/// `cuLaunchKernel`'s `extra`. Lives on the stack: no heap allocation. Bytes between
/// parameters are zero.
#[derive(Clone)]
pub struct ParamBuffer {
    /// The parameters at their offsets and zeros between them. `bytes[..size]` is initialized
    /// (`lay_out_in` writes every byte below the end of the last parameter before it sets
    /// `size`); the bytes past `size` are never read, so a buffer costs no zeroing of its
    /// 4,352 bytes.
    bytes: [MaybeUninit<u8>; PARAM_LIMIT],
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
    /// [`KernelParams::PARAM_PLACEMENTS`]) to `place(index, end_of_previous, align)`.
    pub(crate) fn lay_out<A: KernelParams>(
        image: &[u8],
        place: impl FnMut(usize, usize, usize) -> usize,
    ) -> Result<ParamBuffer, LaunchError> {
        let mut out = ParamBuffer::empty();
        out.lay_out_in::<A>(image, place)?;
        Ok(out)
    }

    /// A buffer holding no parameter (`size` 0), none of its bytes written.
    #[inline(always)]
    pub(crate) fn empty() -> ParamBuffer {
        ParamBuffer {
            bytes: [const { MaybeUninit::uninit() }; PARAM_LIMIT],
            size: 0,
            extra: NO_EXTRA,
        }
    }

    /// [`ParamBuffer::lay_out`] into `self`, for a caller that keeps the buffer where it is
    /// built: returning one moves all 4,400 bytes (a `memcpy` of about 40 ns, two thirds of
    /// `param_buffer_at`'s time), so a launch lays out its `extra` buffer in place. On an
    /// error `size` is unchanged (it is set last), and every byte below it still initialized
    /// (bytes are only ever overwritten with initialized ones).
    pub(crate) fn lay_out_in<A: KernelParams>(
        &mut self,
        image: &[u8],
        mut place: impl FnMut(usize, usize, usize) -> usize,
    ) -> Result<(), LaunchError> {
        let mut end = 0;
        for (index, p) in A::PARAM_PLACEMENTS.iter().enumerate() {
            let offset = place(index, end, p.align);
            if offset < end {
                return Err(LaunchError::Overlap {
                    kernel: A::KERNEL,
                    field: param_name::<A>(index),
                    index,
                    offset,
                });
            }
            // Offsets may come from the caller (`param_buffer_at`): an end past `usize::MAX`
            // saturates, and is too large like any end past the capacity.
            let new_end = offset.saturating_add(p.size);
            // `end <= offset <= new_end` (checked above; `saturating_add`).
            let (Some(gap_and_param), Some(src)) = (
                self.bytes.get_mut(end..new_end),
                image.get(p.offset..p.offset.saturating_add(p.size)),
            ) else {
                return Err(LaunchError::TooLarge {
                    kernel: A::KERNEL,
                    size: new_end,
                    capacity: Self::CAPACITY,
                });
            };
            let (gap, dst) = gap_and_param.split_at_mut(offset - end);
            gap.fill(MaybeUninit::new(0));
            dst.copy_from_slice(as_uninit_ref(src));
            end = new_end;
        }
        self.size = end;
        Ok(())
    }

    /// The parameter bytes: [`ParamBuffer::size`] of them.
    pub fn as_bytes(&self) -> &[u8] {
        let bytes = &self.bytes[..self.size];
        // SAFETY: `MaybeUninit<u8>` has `u8`'s layout, and every byte below `size` is
        // initialized: `size` is only set by `lay_out_in` (0 in `empty`), which first writes
        // every byte below the new size (each gap zeroed and each parameter copied, from 0
        // on without a hole), and nothing ever stores an uninitialized byte into `bytes`; the
        // driver only reads through the pointers `extra` hands it (`cuda.h`'s
        // `CU_LAUNCH_PARAM_BUFFER_*`).
        unsafe { &*(bytes as *const [MaybeUninit<u8>] as *const [u8]) }
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

/// The `place` of [`ParamBuffer::lay_out`] for parameters at given `offsets`, one per
/// parameter: a missing one is `usize::MAX`, which every buffer refuses as too large.
pub(crate) fn at_offsets(offsets: &[usize]) -> impl Fn(usize, usize, usize) -> usize + '_ {
    |index, _, _| offsets.get(index).copied().unwrap_or(usize::MAX)
}

/// The field of `A` that is its parameter `index` (for an error).
#[cold]
fn param_name<A: KernelParams>(index: usize) -> &'static str {
    match A::TYPE.kind {
        TypeKind::Aggregate { members, .. } => match members.get(index) {
            Some(member) => member.name,
            None => "",
        },
        _ => "",
    }
}
