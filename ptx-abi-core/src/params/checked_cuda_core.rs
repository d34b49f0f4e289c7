//! A kernel loaded by NVIDIA's cuda-core, checked once against its argument struct, then
//! launched with cuda-core's own buffers as arguments (feature `cuda-core`; §2.3: the
//! parameters the driver copies into the kernel's parameter space).
//!
//! ```ignore
//! #[derive(PtxAbi)]
//! #[ptx(kernel = "scale")]
//! struct ScaleArgs<'a> { out: &'a mut DeviceBuffer<f32>, input: &'a DeviceBuffer<f32>, n: u32, p: Params }
//!
//! let scale = CheckedCudaCoreFunction::<ScaleArgs>::new(&module.load_function("scale")?)?;
//! // SAFETY: `scale` reads `n` floats of `input` and writes `n` of `out`.
//! unsafe { scale.launch(&stream, cfg, ScaleArgs { out: &mut out, input: &input, n, p }) }?;
//! ```
//!
//! The check is [`CheckedFunction`](super::CheckedFunction)'s (cudarc's), through the same
//! driver report (`params/loaded.rs`: `cuFuncGetParamCount` and `cuFuncGetParamInfo`, read
//! once; [`CheckedCudaCoreFunction::with_ptx`] checks the kernel's PTX where the driver has no
//! report). cuda-core needs a CUDA 13 driver (its bindings refuse an older major release), and
//! every such driver reports parameters, so the PTX check is the fallback for a driver whose
//! report fails, kept for parity with cudarc.
//!
//! A launch does for each cuda-core buffer among the arguments what cuda-core's own
//! `DeviceBuffer` operations do around their enqueue (`DeviceBuffer::enqueue_access`): acquire
//! the buffer's access for the stream (`RawDeviceBuffer::acquire`: a write for
//! `&mut DeviceBuffer<T>`, for `&DeviceBuffer<T>` and views the access cuda-core gives a shared
//! kernel reference), refused with [`EncodeError::StreamOrdering`] (in [`LoadedError::Encode`])
//! while another stream's unfinished work conflicts with it; enqueue the kernel; then retain
//! every access until the stream's work completes (`AllocationLease::retain_until_complete`),
//! even when the launch failed. The launch's error comes first, then a failed retention
//! (cuda-core's `submitted.and(retained)`).
//!
//! No heap allocation by ptx-abi per launch: the image, the pointers and the `extra` buffer are
//! on the stack. cuda-core's retention of a buffer's access allocates what it allocates for
//! its own operations (an event and the record its retirement thread watches); a launch
//! without cuda-core buffers (plain values, `DevicePtr<T>`) allocates nothing.

use super::buffer::ParamBuffer;
use super::check_named::check_entry_named;
use super::kernel::KernelParams;
use super::launch::KernelLaunch;
use super::launch_error::LaunchError;
use super::loaded::{arch_offsets, driver, lay_out_extra, Checked, LoadedError, LoadedKernel};
use crate::codec::bind::LaunchStream;
use crate::codec::image::PtxImage;
use alloc::vec::Vec;
use core::ffi::c_void;
use core::fmt;
use core::marker::PhantomData;
use cuda_core::{DriverError, Function, LaunchConfig, Stream};

/// A kernel loaded by cuda-core, checked against its argument struct `K` once, then launched
/// any number of times with no further check ([`CheckedCudaCoreFunction::launch`]). `K` is the
/// argument struct with `'static` lifetimes (`CheckedCudaCoreFunction::<ScaleArgs>::new(&f)`
/// infers them); launches take the same struct borrowing buffers for any lifetime.
///
/// It holds a clone of the `Function` (which keeps its module loaded): what was checked cannot
/// outlive the function it describes.
pub struct CheckedCudaCoreFunction<K: KernelParams<Signature = K>> {
    function: Function,
    /// The driver's report, when the check read one (not with [`Self::with_ptx`]'s PTX check).
    loaded: Option<LoadedKernel>,
    /// Where the driver reads each parameter from an `extra` buffer.
    offsets: Vec<usize>,
    _args: PhantomData<fn(K)>,
}

impl<K: KernelParams<Signature = K>> Clone for CheckedCudaCoreFunction<K> {
    fn clone(&self) -> Self {
        CheckedCudaCoreFunction {
            function: self.function.clone(),
            loaded: self.loaded.clone(),
            offsets: self.offsets.clone(),
            _args: PhantomData,
        }
    }
}

impl<K: KernelParams<Signature = K>> fmt::Debug for CheckedCudaCoreFunction<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CheckedCudaCoreFunction")
            .field("kernel", &K::KERNEL)
            .field("function", &self.function)
            .field("loaded", &self.loaded)
            .field("offsets", &self.offsets)
            .finish()
    }
}

/// A cuda-core call's failure as [`LoadedError::Driver`].
fn driver_error(call: &'static str) -> impl Fn(DriverError) -> LoadedError {
    move |e| LoadedError::Driver {
        call,
        code: e.0 as i32,
    }
}

impl<K: KernelParams<Signature = K>> CheckedCudaCoreFunction<K> {
    /// Reads `f`'s parameters from the driver once (`cuFuncGetParamCount` and
    /// `cuFuncGetParamInfo`, after making `f`'s context current) and checks them against `K`:
    /// the number of parameters, each one's size and offset. A driver without the report is
    /// [`LoadedError::DriverTooOld`] (then [`CheckedCudaCoreFunction::with_ptx`]).
    pub fn new(f: &Function) -> Result<Self, LoadedError> {
        f.context()
            .bind_to_thread()
            .map_err(driver_error("cuCtxSetCurrent"))?;
        let d = driver()?;
        // SAFETY: `f.cu_function()` is a live `CUfunction` (the `&Function` borrow keeps its
        // module loaded, which is cuda-core's contract for the handle) of the process's
        // driver, the library cuda-core loaded it with and `driver()` opened (both by the name
        // `libcuda.so.1`: the loader hands out the one already open); its context was made
        // current above.
        let checked = unsafe {
            let func = f.cu_function().cast::<c_void>();
            Checked::read(d, func, K::TYPE, K::KERNEL)
        }?;
        Ok(CheckedCudaCoreFunction {
            function: f.clone(),
            loaded: Some(checked.loaded),
            offsets: checked.offsets,
            _args: PhantomData,
        })
    }

    /// [`CheckedCudaCoreFunction::new`] where the driver reports parameters; where it has no
    /// `cuFuncGetParamInfo`, `K` is checked against the kernel's `.entry` in `ptx`, the text
    /// `f` was loaded from ([`check_entry_named`] with [`KernelParams::KERNEL`]: every
    /// parameter's type class, size and alignment), and the `extra` offsets come from the
    /// loaded code's architecture ([`Arch::param_base`](super::Arch::param_base)). A mismatch
    /// in the PTX is [`LoadedError::Ptx`].
    pub fn with_ptx(f: &Function, ptx: &str) -> Result<Self, LoadedError> {
        match Self::new(f) {
            Err(LoadedError::DriverTooOld { .. }) => {}
            other => return other,
        }
        check_entry_named::<K>(ptx, K::KERNEL).map_err(LoadedError::Ptx)?;
        let d = driver()?;
        // SAFETY: as in `new`, which made `f`'s context current.
        let arch = unsafe { d.arch(f.cu_function().cast::<c_void>()) }?;
        Ok(CheckedCudaCoreFunction {
            function: f.clone(),
            loaded: None,
            offsets: arch_offsets::<K>(arch)?,
            _args: PhantomData,
        })
    }

    /// The function.
    pub fn function(&self) -> &Function {
        &self.function
    }

    /// What the driver reported, read once when the function was checked; `None` when it was
    /// checked through its PTX ([`CheckedCudaCoreFunction::with_ptx`]).
    pub fn loaded(&self) -> Option<&LoadedKernel> {
        self.loaded.as_ref()
    }

    /// Where the driver reads each parameter of an `extra` buffer.
    pub fn offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// The parameter buffer for `extra` at the function's own offsets
    /// ([`KernelLaunch::param_buffer_at`]), with no driver call.
    pub fn param_buffer<A: KernelParams<Signature = K>>(
        &self,
        launch: &KernelLaunch<A>,
    ) -> Result<ParamBuffer, LaunchError> {
        launch.param_buffer_at(&self.offsets)
    }

    /// Launches the kernel on `stream` with `args`, passed through `cuLaunchKernel`'s
    /// `kernelParams` (one pointer per parameter, right for every alignment and architecture).
    ///
    /// `stream`'s context is made current; each cuda-core buffer among the arguments
    /// (`&DeviceBuffer<T>`, `&mut DeviceBuffer<T>`, `DeviceBufferView<T>`) is acquired for
    /// `stream` as cuda-core's own operations acquire a buffer, the arguments are written into
    /// an image on the stack, the kernel is enqueued, and every buffer's access is retained
    /// until the work on `stream` completes. A buffer in use on another stream by unfinished
    /// work that conflicts with this launch is refused before anything is enqueued
    /// ([`EncodeError::StreamOrdering`](crate::codec::EncodeError::StreamOrdering) with
    /// `CUDA_ERROR_NOT_READY`, as cuda-core's own operations refuse it).
    ///
    /// # Safety
    /// What was checked is the parameter list: that the loaded kernel takes, in order,
    /// parameters of `K`'s sizes and offsets (and, with [`CheckedCudaCoreFunction::with_ptx`],
    /// of its type classes). What the kernel does with them is not: the kernel must access
    /// only memory it was given, within the lengths it was given, write only through buffers
    /// passed mutably (`&mut DeviceBuffer<T>`) or device pointers the caller owns, and `cfg`
    /// must be a launch configuration the kernel accepts.
    pub unsafe fn launch<A: KernelParams<Signature = K>>(
        &self,
        stream: &Stream,
        cfg: LaunchConfig,
        mut args: A,
    ) -> Result<(), LoadedError> {
        stream
            .context()
            .bind_to_thread()
            .map_err(driver_error("cuCtxSetCurrent"))?;
        // SAFETY: `self.function` keeps the handle's module loaded while it is used here.
        let f = unsafe { self.function.cu_function() };
        let mut launched = Ok(());
        let bound = args.__bind_params(LaunchStream::CudaCore(stream), |image| {
            let mut pointers = A::pointers(image);
            // SAFETY: `f` is the function checked against `K`, whose parameters `A`'s image
            // holds (same signature); `pointers` has one pointer per parameter into `image`,
            // which lives until the driver has copied them (cuLaunchKernel copies parameters
            // before it returns); `stream` is a live stream of the current context; the
            // buffers among the arguments are acquired for `stream` and borrowed until after
            // the launch. What the kernel does is the caller's contract.
            launched = unsafe {
                cuda_core::launch_kernel(
                    f,
                    cfg.grid_dim,
                    cfg.block_dim,
                    cfg.shared_mem_bytes,
                    stream.cu_stream(),
                    pointers.as_mut(),
                )
            }
            .map_err(driver_error("cuLaunchKernel"));
        });
        launched?;
        bound.map_err(LoadedError::Encode)
    }

    /// [`CheckedCudaCoreFunction::launch`] through `cuLaunchKernel`'s `extra` instead: one
    /// buffer with every parameter at the offset the driver reported for the loaded function
    /// ([`CheckedCudaCoreFunction::offsets`]), so over-aligned parameters sit where the kernel
    /// reads them. The buffer ([`ParamBuffer`]) is on the stack.
    ///
    /// # Safety
    /// As [`CheckedCudaCoreFunction::launch`].
    pub unsafe fn launch_extra<A: KernelParams<Signature = K>>(
        &self,
        stream: &Stream,
        cfg: LaunchConfig,
        mut args: A,
    ) -> Result<(), LoadedError> {
        stream
            .context()
            .bind_to_thread()
            .map_err(driver_error("cuCtxSetCurrent"))?;
        // SAFETY: `self.function` keeps the handle's module loaded while it is used here.
        let f = unsafe { self.function.cu_function() };
        let offsets = &self.offsets;
        let mut launched = Ok(());
        let bound = args.__bind_params(LaunchStream::CudaCore(stream), |image| {
            let mut buffer = ParamBuffer::empty();
            launched = lay_out_extra::<A>(&mut buffer, image.as_bytes(), offsets).and_then(|()| {
                let mut extra = buffer.extra();
                let (g, b) = (cfg.grid_dim, cfg.block_dim);
                // SAFETY: `f` is the function checked against `K`; `extra` points at
                // `buffer`, holding every parameter at the offset the driver reported for `f`,
                // and its size, both alive until cuLaunchKernel returns (it copies them);
                // `kernelParams` is null, as the driver requires with `extra`. The buffers are
                // acquired for `stream` until after the launch. What the kernel does is the
                // caller's contract.
                let code = unsafe {
                    cuda_core::sys::cuLaunchKernel(
                        f,
                        g.0,
                        g.1,
                        g.2,
                        b.0,
                        b.1,
                        b.2,
                        cfg.shared_mem_bytes,
                        stream.cu_stream(),
                        core::ptr::null_mut(),
                        extra.as_mut_ptr(),
                    )
                };
                match code {
                    0 => Ok(()),
                    code => Err(LoadedError::Driver {
                        call: "cuLaunchKernel",
                        code: code as i32,
                    }),
                }
            });
        });
        launched?;
        bound.map_err(LoadedError::Encode)
    }
}
