//! A loaded kernel checked once against its argument struct, then launched with cudarc's own
//! buffers as arguments (feature `cudarc`; §2.3: the parameters the driver copies into the
//! kernel's parameter space).
//!
//! ```ignore
//! #[derive(PtxAbi)]
//! #[ptx(kernel = "scale")]
//! struct ScaleArgs<'a> { out: &'a mut CudaSlice<f32>, input: &'a CudaSlice<f32>, n: u32, p: Params }
//!
//! let scale = CheckedFunction::<ScaleArgs>::new(&module.load_function("scale")?)?;
//! // SAFETY: `scale` reads `n` floats of `input` and writes `n` of `out`.
//! unsafe { scale.launch(&stream, cfg, ScaleArgs { out: &mut out, input: &input, n, p }) }?;
//! ```
//!
//! [`CheckedFunction::new`] asks the driver once for the loaded function's parameters
//! (`cuFuncGetParamCount` where the driver has it, CUDA 13.2+; `cuFuncGetParamInfo`, 12.4+)
//! and checks the argument struct against them; with an older driver,
//! [`CheckedFunction::with_ptx`] checks it against the kernel's PTX instead
//! ([`check_entry_named`](super::check_entry_named)). Every launch then reuses that answer:
//! [`CheckedFunction::launch`] writes the arguments into an image on the stack, binds each
//! device buffer to the launch's stream as cudarc's launch builder does (the stream waits for
//! the buffer's earlier uses; the kernel's read or write is recorded on it once the launch is
//! enqueued), and enqueues the kernel, with no heap allocation and no driver call but the
//! launch and cudarc's stream ordering.
//!
//! The argument struct may borrow buffers (`ScaleArgs<'a>`): a `CheckedFunction` is checked
//! for the struct's [`KernelParams::Signature`] (the struct with `'static` lifetimes) and
//! launches the struct with any lifetimes, so each launch borrows its buffers only for the
//! call.

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
use cudarc::driver::{result, sys, CudaFunction, CudaStream, DriverError, LaunchConfig};

/// A loaded kernel checked against its argument struct `K` once, then launched any number of
/// times with no further check ([`CheckedFunction::launch`]). `K` is the argument struct with
/// `'static` lifetimes (`CheckedFunction::<ScaleArgs>::new(&f)` infers them); launches take
/// the same struct borrowing buffers for any lifetime.
///
/// It holds a clone of the `CudaFunction` (so its module stays loaded while it lives): what was
/// checked cannot outlive the function it describes. There is deliberately no process-wide
/// cache keyed by the `CUfunction` handle: once a module is unloaded the driver may hand the
/// same handle to another function, and a stale entry would pass a check it should fail.
pub struct CheckedFunction<K: KernelParams<Signature = K>> {
    function: CudaFunction,
    /// The driver's report, when the check read one (not with an older driver's PTX check).
    loaded: Option<LoadedKernel>,
    /// Where the driver reads each parameter from an `extra` buffer.
    offsets: Vec<usize>,
    _args: PhantomData<fn(K)>,
}

impl<K: KernelParams<Signature = K>> Clone for CheckedFunction<K> {
    fn clone(&self) -> Self {
        CheckedFunction {
            function: self.function.clone(),
            loaded: self.loaded.clone(),
            offsets: self.offsets.clone(),
            _args: PhantomData,
        }
    }
}

impl<K: KernelParams<Signature = K>> fmt::Debug for CheckedFunction<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CheckedFunction")
            .field("kernel", &K::KERNEL)
            .field("function", &self.function)
            .field("loaded", &self.loaded)
            .field("offsets", &self.offsets)
            .finish()
    }
}

/// A driver call's failure as [`LoadedError::Driver`].
fn driver_error(call: &'static str) -> impl Fn(DriverError) -> LoadedError {
    move |e| LoadedError::Driver {
        call,
        code: e.0 as i32,
    }
}

impl<K: KernelParams<Signature = K>> CheckedFunction<K> {
    /// Reads `f`'s parameters from the driver once (`cuFuncGetParamCount` and
    /// `cuFuncGetParamInfo`) and checks them against `K`, as
    /// [`check_loaded`](super::check_loaded) does: the number of parameters, each one's size
    /// and offset. Needs driver 12.4 or newer, else [`LoadedError::DriverTooOld`] (then check
    /// the PTX: [`CheckedFunction::with_ptx`]). `f`'s context must be current on this thread
    /// (cudarc makes a context current where it creates it).
    pub fn new(f: &CudaFunction) -> Result<Self, LoadedError> {
        let d = driver()?;
        // SAFETY: `f.cu_function()` is a live `CUfunction` of the driver cudarc loaded it with
        // (the `&CudaFunction` borrow keeps its module loaded), which is the library `driver()`
        // opened; its context is current (this function's documented precondition).
        let checked =
            unsafe { Checked::read(d, f.cu_function().cast::<c_void>(), K::TYPE, K::KERNEL) }?;
        Ok(CheckedFunction {
            function: f.clone(),
            loaded: Some(checked.loaded),
            offsets: checked.offsets,
            _args: PhantomData,
        })
    }

    /// [`CheckedFunction::new`] where the driver has `cuFuncGetParamInfo` (12.4+); with an
    /// older driver, `K` is checked against the kernel's `.entry` in `ptx`, the text `f` was
    /// loaded from ([`check_entry_named`] with [`KernelParams::KERNEL`]: every parameter's
    /// type class, size and alignment), and the `extra` offsets come from the loaded code's
    /// architecture ([`Arch::param_base`](super::Arch::param_base)). A mismatch in the PTX is
    /// [`LoadedError::Ptx`].
    pub fn with_ptx(f: &CudaFunction, ptx: &str) -> Result<Self, LoadedError> {
        match Self::new(f) {
            Err(LoadedError::DriverTooOld { .. }) => {}
            other => return other,
        }
        check_entry_named::<K>(ptx, K::KERNEL).map_err(LoadedError::Ptx)?;
        let d = driver()?;
        // SAFETY: as in `new`.
        let arch = unsafe { d.arch(f.cu_function().cast::<c_void>()) }?;
        Ok(CheckedFunction {
            function: f.clone(),
            loaded: None,
            offsets: arch_offsets::<K>(arch)?,
            _args: PhantomData,
        })
    }

    /// The function.
    pub fn function(&self) -> &CudaFunction {
        &self.function
    }

    /// What the driver reported, read once when the function was checked; `None` when an
    /// older driver's function was checked through its PTX ([`CheckedFunction::with_ptx`]).
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
    /// The arguments are written into an image on the stack; each device buffer among them
    /// (`&CudaSlice<T>`, `&mut CudaSlice<T>`, views) is bound to `stream` as cudarc's launch
    /// builder binds it: `stream` waits for the buffer's earlier writes (a mutable one also
    /// for its earlier reads), and the kernel's read or write is recorded on the buffer once the
    /// launch is enqueued, so other streams' later uses wait for it. No heap allocation.
    ///
    /// # Safety
    /// What was checked is the parameter list: that the loaded kernel takes, in order,
    /// parameters of `K`'s sizes and offsets (and, with [`CheckedFunction::with_ptx`], of its
    /// type classes). What the kernel does with them is not: the kernel must access only
    /// memory it was given, within the lengths it was given (a length argument larger than a
    /// buffer lets it read or write past the buffer), write only through buffers passed
    /// mutably (`&mut CudaSlice<T>`, `CudaViewMut`) or device pointers the caller owns, and
    /// `cfg` must be a launch configuration the kernel accepts.
    pub unsafe fn launch<A: KernelParams<Signature = K>>(
        &self,
        stream: &CudaStream,
        cfg: LaunchConfig,
        mut args: A,
    ) -> Result<(), LoadedError> {
        stream
            .context()
            .bind_to_thread()
            .map_err(driver_error("cuCtxSetCurrent"))?;
        let f = self.function.cu_function();
        args.__bind_params(LaunchStream::Cudarc(stream), |image| {
            let mut pointers = A::pointers(image);
            // SAFETY: `f` is the function checked against `K`, whose parameters `A`'s image
            // holds (same signature); `pointers` has one pointer per parameter into `image`,
            // which lives until the driver has copied them (cuLaunchKernel copies parameters
            // before it returns); the device buffers among them are bound to `stream` and
            // borrowed until after the launch. What the kernel does is the caller's contract.
            unsafe {
                result::launch_kernel(
                    f,
                    cfg.grid_dim,
                    cfg.block_dim,
                    cfg.shared_mem_bytes,
                    stream.cu_stream(),
                    pointers.as_mut(),
                )
            }
            .map_err(driver_error("cuLaunchKernel"))
        })
        .map_err(LoadedError::Encode)?
    }

    /// [`CheckedFunction::launch`] through `cuLaunchKernel`'s `extra` instead: one buffer
    /// with every parameter at the offset the driver reported for the loaded function
    /// ([`CheckedFunction::offsets`]), so over-aligned parameters sit where the kernel reads
    /// them. The buffer ([`ParamBuffer`]) is on the stack.
    ///
    /// # Safety
    /// As [`CheckedFunction::launch`].
    pub unsafe fn launch_extra<A: KernelParams<Signature = K>>(
        &self,
        stream: &CudaStream,
        cfg: LaunchConfig,
        mut args: A,
    ) -> Result<(), LoadedError> {
        stream
            .context()
            .bind_to_thread()
            .map_err(driver_error("cuCtxSetCurrent"))?;
        let f = self.function.cu_function();
        let offsets = &self.offsets;
        args.__bind_params(LaunchStream::Cudarc(stream), |image| {
            let mut buffer = ParamBuffer::empty();
            lay_out_extra::<A>(&mut buffer, image.as_bytes(), offsets)?;
            let mut extra = buffer.extra();
            let (g, b) = (cfg.grid_dim, cfg.block_dim);
            // SAFETY: `f` is the function checked against `K`; `extra` points at `buffer`,
            // holding every parameter at the offset the driver reported for `f`, and its size,
            // both alive until cuLaunchKernel returns (it copies them); `kernelParams` is null,
            // as the driver requires with `extra`. The device buffers are bound to `stream`
            // until after the launch. What the kernel does is the caller's contract.
            unsafe {
                sys::cuLaunchKernel(
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
                .result()
            }
            .map_err(driver_error("cuLaunchKernel"))
        })
        .map_err(LoadedError::Encode)?
    }
}
