//! Launch parameter buffers for `cuLaunchKernel`, built without heap allocation.
//!
//! Two ways to hand parameters to `cuLaunchKernel(f, grid…, block…, shmem, stream,
//! kernelParams, extra)`:
//! - `kernelParams`: an array of one pointer per parameter, each to that parameter's image
//!   ([`KernelLaunch::kernel_params`]). The driver copies each parameter to wherever it
//!   belongs, so this is right for every alignment and every architecture;
//! - `extra`: `{CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
//!   CU_LAUNCH_PARAM_END}`, one buffer the driver copies as is into the constant bank, so
//!   every parameter must already sit at the offset the kernel reads it from.
//!
//! **Where the driver reads a parameter** is not always its offset in a C struct of the
//! parameters: the parameters start at an architecture-dependent byte of constant bank 0
//! ([`Arch::param_base`](super::Arch::param_base), `0x210` on sm_90), and ptxas aligns each
//! parameter's address in the bank. For parameters aligned to 16 bytes or less both agree,
//! and [`KernelLaunch::extra`] hands out the argument struct's image. A parameter aligned to
//! 32, 64 or 128 bytes may start later, by an amount that depends on the architecture
//! (sm_90, `(S a, ...)` with `S` aligned 64: offset 48, not 0); [`KernelLaunch::extra`]
//! refuses such a kernel with [`LaunchError::OverAligned`], and [`KernelLaunch::param_buffer`]
//! lays the buffer out for a named [`Arch`](super::Arch) ([`ParamBuffer`]).
//!
//! **The size to declare** is the end of the last parameter — its offset plus its size —
//! *not* the size of a C struct of the parameters, which adds tail padding up to the
//! strictest alignment. The driver rejects a size that counts tail padding: for
//! `(int* a, short b)` it expects 10 bytes, not 16 (LLVM's offload runtime and Slang both hit
//! `cuLaunchKernel` failures from exactly this and fixed it by dropping the tail padding;
//! llvm-project PRs 156229 and 172249, shader-slang issue 9007). [`KernelParams::BUFFER_SIZE`]
//! is that number for the layout from offset 0; [`ParamBuffer::size`] for an architecture's.

use super::arch::{Arch, ARCH_INDEPENDENT_ALIGN};
use super::buffer::{at_offsets, ParamBuffer};
use super::extra::{ExtraWords, LaunchExtra, NO_EXTRA};
use super::kernel::KernelParams;
use super::launch_error::LaunchError;
use super::slots::Slots;
use crate::codec::error::EncodeError;
use crate::codec::image::new_image;
use crate::codec::image::PtxImage;
use crate::layout::address::AddressSize;
use crate::layout::aggregate::first_member_aligned_above;
use core::ffi::c_void;
use core::marker::PhantomData;
use core::mem::MaybeUninit;

/// A kernel's parameters, encoded and ready for `cuLaunchKernel`. Building one encodes the
/// arguments into an image on the stack: no heap allocation.
pub struct KernelLaunch<A: KernelParams> {
    image: A::Image,
    size: usize,
    /// [`KernelLaunch::kernel_params`]'s array, kept here so that it outlives the
    /// `KernelParamPointers` (`slots.rs`); written by every `kernel_params()` before it is
    /// handed out, and never read before (a launch moves, and with it its image).
    pointers: Slots<MaybeUninit<A::Pointers>>,
    /// [`KernelLaunch::extra`]'s array, likewise.
    extra: ExtraWords,
}

impl<A: KernelParams> KernelLaunch<A> {
    /// Encodes `args` (bit-field values are range-checked).
    #[inline]
    pub fn new(args: &A) -> Result<Self, EncodeError> {
        // No pointer into the image is taken here: the image moves with the returned value,
        // and a pointer to a local would keep it in memory (copied out through loads that
        // straddle its stores) instead of written straight into the launch.
        Ok(KernelLaunch {
            image: new_image(args)?,
            size: A::BUFFER_SIZE,
            pointers: Slots(MaybeUninit::uninit()),
            extra: NO_EXTRA,
        })
    }

    /// The parameters laid out from offset 0: [`KernelParams::BUFFER_SIZE`] bytes, each
    /// parameter at its [`KernelParams::PARAM_OFFSETS`] entry. What the driver reads through
    /// `extra` only when no parameter is aligned above 16 bytes (see the module docs).
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
    /// buffer. The array is kept in `self`, so `launch.kernel_params().as_mut_ptr()` stays
    /// valid after the statement, until `self` is moved or borrowed again.
    pub fn kernel_params(&mut self) -> KernelParamPointers<'_, A> {
        KernelParamPointers {
            pointers: self.pointers.0.write(A::pointers(&mut self.image)),
        }
    }

    /// `cuLaunchKernel`'s `extra` array, pointing into this launch's buffer and size. Valid
    /// while the returned value borrows `self`.
    ///
    /// The buffer is the layout from offset 0 ([`KernelParams::PARAM_OFFSETS`]), which is
    /// where the driver reads every parameter only when none is aligned above 16 bytes; for a
    /// kernel with such a parameter this is [`LaunchError::OverAligned`] (use
    /// [`KernelLaunch::kernel_params`], or [`KernelLaunch::param_buffer`] for a named
    /// architecture).
    pub fn extra(&mut self) -> Result<LaunchExtra<'_>, LaunchError> {
        if let Some((index, field, align)) = first_over_aligned::<A>() {
            return Err(LaunchError::OverAligned {
                kernel: A::KERNEL,
                field,
                index,
                align,
            });
        }
        let buffer = self.image.as_bytes_mut().as_mut_ptr().cast::<c_void>();
        Ok(LaunchExtra::new(buffer, &mut self.size, &mut self.extra))
    }

    /// The parameter buffer for `extra` as the driver reads it on `arch`: each parameter at
    /// [`driver_param_offset`](super::driver_param_offset) for
    /// [`Arch::param_base`](super::Arch::param_base), the size the end of the last one.
    /// Without a parameter aligned above 16 bytes this is [`KernelLaunch::buffer`] for every
    /// architecture. Errors: [`LaunchError::UnknownArch`] for an over-aligned parameter on an
    /// architecture whose base is unknown, [`LaunchError::TooLarge`] past
    /// [`ParamBuffer::CAPACITY`].
    pub fn param_buffer(&self, arch: Arch) -> Result<ParamBuffer, LaunchError> {
        let base = match (arch.param_base(), first_over_aligned::<A>()) {
            (Some(base), _) => base,
            (None, None) => 0,
            (None, Some((_, field, align))) => {
                return Err(LaunchError::UnknownArch {
                    kernel: A::KERNEL,
                    arch,
                    field,
                    align,
                })
            }
        };
        let bytes = self.image.as_bytes();
        ParamBuffer::lay_out::<A>(bytes, |_, end, align| {
            super::arch::driver_param_offset(base, end, align)
        })
    }

    /// The parameter buffer for `extra` with the parameters at `offsets` (for instance the
    /// offsets `cuFuncGetParamInfo` reports for the loaded function), the size the end of the
    /// last one. Errors: [`LaunchError::Count`] when `offsets` has not one offset per
    /// parameter, [`LaunchError::Overlap`] when a parameter would overlap the one before it,
    /// [`LaunchError::TooLarge`] past [`ParamBuffer::CAPACITY`] (also for an offset so large
    /// that the parameter would end past `usize::MAX`).
    pub fn param_buffer_at(&self, offsets: &[usize]) -> Result<ParamBuffer, LaunchError> {
        let params = A::PARAM_OFFSETS.len();
        if offsets.len() != params {
            return Err(LaunchError::Count {
                kernel: A::KERNEL,
                given: offsets.len(),
                params,
            });
        }
        ParamBuffer::lay_out::<A>(self.image.as_bytes(), at_offsets(offsets))
    }
}

/// The first parameter of `A` aligned above 16 bytes: its position, field and alignment.
/// Computed when `A`'s launch is compiled (`OverAligned::FIRST`): walking the layout at run
/// time made each `extra()` about 330 ns, seventy times `KernelLaunch::new` (`BENCHMARKS.md`).
#[inline]
fn first_over_aligned<A: KernelParams>() -> Option<(usize, &'static str, usize)> {
    OverAligned::<A>::FIRST
}

/// Holds [`first_over_aligned`]'s answer for `A` as an associated `const`.
struct OverAligned<A>(PhantomData<A>);

impl<A: KernelParams> OverAligned<A> {
    const FIRST: Option<(usize, &'static str, usize)> =
        first_member_aligned_above(A::TYPE, AddressSize::A64, ARCH_INDEPENDENT_ALIGN);
}

/// The `kernelParams` array of a [`KernelLaunch`], borrowing it (the array itself lives in
/// the launch).
pub struct KernelParamPointers<'a, A: KernelParams> {
    pointers: &'a mut A::Pointers,
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
