//! The driver's `extra` launch array (`cuLaunchKernel`): its tags from `cuda.h` and
//! [`LaunchExtra`], the five words that point at a parameter buffer. Used by `launch.rs`
//! (`KernelLaunch::extra`) and `buffer.rs` (`ParamBuffer::extra`), which do not import each other.

use super::slots::Slots;
use core::ffi::c_void;

/// `CU_LAUNCH_PARAM_END` from `cuda.h`: ends the `extra` array.
pub const CU_LAUNCH_PARAM_END: *mut c_void = core::ptr::null_mut();
/// `CU_LAUNCH_PARAM_BUFFER_POINTER` from `cuda.h` (`(void*)0x01`): the next entry is the
/// parameter buffer.
pub const CU_LAUNCH_PARAM_BUFFER_POINTER: *mut c_void = core::ptr::without_provenance_mut(1);
/// `CU_LAUNCH_PARAM_BUFFER_SIZE` from `cuda.h` (`(void*)0x02`): the next entry points to a
/// `size_t` holding the buffer's size.
pub const CU_LAUNCH_PARAM_BUFFER_SIZE: *mut c_void = core::ptr::without_provenance_mut(2);

/// The five words of an `extra` array, kept in the value they point into (`slots.rs`).
pub(crate) type ExtraWords = Slots<[*mut c_void; 5]>;

/// The words before any `extra()` call wrote them.
pub(crate) const NO_EXTRA: ExtraWords = Slots([core::ptr::null_mut(); 5]);

/// The `extra` array of a [`KernelLaunch`](super::KernelLaunch) or a
/// [`ParamBuffer`](super::ParamBuffer), borrowing it. The five words live in the launch or
/// buffer itself, so `launch.extra()?.as_mut_ptr()` stays valid after the statement, for as
/// long as the launch is neither moved nor borrowed again.
pub struct LaunchExtra<'a> {
    words: &'a mut [*mut c_void; 5],
}

impl<'a> LaunchExtra<'a> {
    /// Writes into `words` the array for `buffer`, whose size is `*size`; all three must stay
    /// alive and unmoved for `'a`, which the `&'a mut` borrows of `size` and `words` (fields
    /// of the buffer's owner) ensure.
    pub(crate) fn new(buffer: *mut c_void, size: &'a mut usize, words: &'a mut ExtraWords) -> Self {
        let size = (size as *mut usize).cast::<c_void>();
        words.0 = [
            CU_LAUNCH_PARAM_BUFFER_POINTER,
            buffer,
            CU_LAUNCH_PARAM_BUFFER_SIZE,
            size,
            CU_LAUNCH_PARAM_END,
        ];
        LaunchExtra {
            words: &mut words.0,
        }
    }

    /// The five words: buffer-pointer tag, buffer, buffer-size tag, pointer to the size, end.
    pub fn as_slice(&self) -> &[*mut c_void; 5] {
        self.words
    }

    /// The `void**` to pass as `extra`.
    pub fn as_mut_ptr(&mut self) -> *mut *mut c_void {
        self.words.as_mut_ptr()
    }
}
