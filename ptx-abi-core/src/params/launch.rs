//! Launch parameter buffers for `cuLaunchKernel`, built without heap allocation.
//!
//! Two ways to hand parameters to `cuLaunchKernel(f, grid…, block…, shmem, stream,
//! kernelParams, extra)`:
//! - `kernelParams`: an array of one pointer per parameter, each to that parameter's image
//!   ([`KernelLaunch::kernel_params`]);
//! - `extra`: `{CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
//!   CU_LAUNCH_PARAM_END}` with every parameter packed in one buffer at an offset aligned to
//!   its own alignment ([`KernelLaunch::extra`]).
//!
//! **The size to declare** is the end of the last parameter — its offset plus its size —
//! *not* the size of a C struct of the parameters, which adds tail padding up to the
//! strictest alignment. The driver rejects a size that counts tail padding: for
//! `(int* a, short b)` it expects 10 bytes, not 16 (LLVM's offload runtime and Slang both hit
//! `cuLaunchKernel` failures from exactly this and fixed it by dropping the tail padding;
//! llvm-project PRs 156229 and 172249, shader-slang issue 9007). [`KernelParams::BUFFER_SIZE`]
//! is that number; the buffer itself is the argument struct's image, whose alignment is the
//! strictest parameter's, so parameters aligned above 16 bytes land where the kernel reads
//! them.

use super::kernel::KernelParams;
use crate::codec::error::EncodeError;
use crate::codec::image::PtxImage;
use core::ffi::c_void;
use core::marker::PhantomData;

/// `CU_LAUNCH_PARAM_END` from `cuda.h`: ends the `extra` array.
pub const CU_LAUNCH_PARAM_END: *mut c_void = core::ptr::null_mut();
/// `CU_LAUNCH_PARAM_BUFFER_POINTER` from `cuda.h` (`(void*)0x01`): the next entry is the
/// parameter buffer.
pub const CU_LAUNCH_PARAM_BUFFER_POINTER: *mut c_void = core::ptr::without_provenance_mut(1);
/// `CU_LAUNCH_PARAM_BUFFER_SIZE` from `cuda.h` (`(void*)0x02`): the next entry points to a
/// `size_t` holding the buffer's size.
pub const CU_LAUNCH_PARAM_BUFFER_SIZE: *mut c_void = core::ptr::without_provenance_mut(2);

/// A kernel's parameters, encoded and ready for `cuLaunchKernel`. Building one encodes the
/// arguments into an image on the stack: no heap allocation.
pub struct KernelLaunch<A: KernelParams> {
    image: A::Image,
    size: usize,
}

impl<A: KernelParams> KernelLaunch<A> {
    /// Encodes `args` (bit-field values are range-checked).
    #[inline]
    pub fn new(args: &A) -> Result<Self, EncodeError> {
        Ok(KernelLaunch {
            image: A::Image::new(args)?,
            size: A::BUFFER_SIZE,
        })
    }

    /// The packed parameter buffer: [`KernelParams::BUFFER_SIZE`] bytes, each parameter at
    /// its offset in the parameter space.
    pub fn buffer(&self) -> &[u8] {
        let bytes = self.image.as_bytes();
        bytes.get(..self.size).unwrap_or(bytes)
    }

    /// The value for `CU_LAUNCH_PARAM_BUFFER_SIZE`.
    pub fn buffer_size(&self) -> usize {
        self.size
    }

    /// The whole image, parameters and tail padding.
    pub fn image(&self) -> &A::Image {
        &self.image
    }

    /// `cuLaunchKernel`'s `kernelParams`: one pointer per parameter, into this launch's
    /// buffer. Valid while the returned value borrows `self`.
    pub fn kernel_params(&mut self) -> KernelParamPointers<'_, A> {
        KernelParamPointers {
            pointers: A::pointers(&mut self.image),
            _launch: PhantomData,
        }
    }

    /// `cuLaunchKernel`'s `extra` array, pointing into this launch's buffer and size. Valid
    /// while the returned value borrows `self`.
    pub fn extra(&mut self) -> LaunchExtra<'_> {
        let buffer = self.image.as_bytes_mut().as_mut_ptr().cast::<c_void>();
        let size = (&mut self.size as *mut usize).cast::<c_void>();
        LaunchExtra {
            words: [
                CU_LAUNCH_PARAM_BUFFER_POINTER,
                buffer,
                CU_LAUNCH_PARAM_BUFFER_SIZE,
                size,
                CU_LAUNCH_PARAM_END,
            ],
            _launch: PhantomData,
        }
    }
}

/// The `kernelParams` array of a [`KernelLaunch`], borrowing it.
pub struct KernelParamPointers<'a, A: KernelParams> {
    pointers: A::Pointers,
    _launch: PhantomData<&'a mut KernelLaunch<A>>,
}

impl<A: KernelParams> KernelParamPointers<'_, A> {
    /// The pointers, one per parameter.
    pub fn as_slice(&self) -> &[*mut c_void] {
        self.pointers.as_ref()
    }

    /// The `void**` to pass as `kernelParams`.
    pub fn as_mut_ptr(&mut self) -> *mut *mut c_void {
        self.pointers.as_mut().as_mut_ptr()
    }
}

/// The `extra` array of a [`KernelLaunch`], borrowing it.
pub struct LaunchExtra<'a> {
    words: [*mut c_void; 5],
    _launch: PhantomData<&'a mut ()>,
}

impl LaunchExtra<'_> {
    /// The five words: buffer-pointer tag, buffer, buffer-size tag, pointer to the size, end.
    pub fn as_slice(&self) -> &[*mut c_void; 5] {
        &self.words
    }

    /// The `void**` to pass as `extra`.
    pub fn as_mut_ptr(&mut self) -> *mut *mut c_void {
        self.words.as_mut_ptr()
    }
}
