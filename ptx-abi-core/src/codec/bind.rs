//! Binding a kernel's arguments to the stream of a launch (§2.3: every parameter is a value in
//! the parameter space; a device buffer's value is its device address).
//!
//! Most parameters are plain values, encoded like any member ([`PtxAbi::__put`]). A device
//! buffer of a CUDA host library is a `T*` too, but its address is handed out only for a
//! stream, together with a guard, so that the library orders the buffer's uses as its own
//! launches do:
//!
//! - cudarc (feature `cudarc`: `&CudaSlice<T>`, `&mut CudaSlice<T>`, `CudaView`,
//!   `CudaViewMut`): reading the address makes the stream wait for the buffer's pending writes
//!   (a `&mut` buffer also for its pending reads), and the guard, finished once the kernel is
//!   enqueued, records the kernel's read (or write) on the buffer (cudarc's `SyncOnDrop`).
//! - cuda-core (feature `cuda-core`: `&DeviceBuffer<T>`, `&mut DeviceBuffer<T>`,
//!   `DeviceBufferView`): the buffer's access is acquired for the stream
//!   (`RawDeviceBuffer::acquire`, which refuses an access that conflicts with unfinished work
//!   of another stream), and the guard, finished once the kernel is enqueued, retains that
//!   access until the stream's work completes (`AllocationLease::retain_until_complete`):
//!   what cuda-core's own `DeviceBuffer` operations do around their enqueue.
//!
//! [`PtxAbi::__bind`] is that step for one parameter; the derive's
//! `KernelParams::__bind_params` does it for every parameter of an argument struct, runs the
//! launch, then [`finish_guards`] finishes every guard, returning the first error: a step after
//! the launch that fails (cuda-core's) reaches the caller, it is not swallowed by a `Drop`.
//! A guard dropped unfinished (a later parameter failed to bind, so nothing was launched)
//! releases what it holds without recording a use.
//!
//! [`PtxAbi::__put`]: super::PtxAbi::__put
//! [`PtxAbi::__bind`]: super::PtxAbi::__bind

use super::error::EncodeError;
use core::convert::Infallible;
use core::marker::PhantomData;

/// The stream a launch binds its arguments to, of the CUDA host library that launches:
/// cudarc's `CudaStream` with the `cudarc` feature, cuda-core's `Stream` with `cuda-core`. A
/// device buffer binds only to a stream of its own library (a cudarc buffer in another
/// library's launch is [`EncodeError::NotBound`](crate::codec::EncodeError::NotBound)).
/// Without a library feature there is no stream to launch on, and this type has no values.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum LaunchStream<'s> {
    /// A cudarc stream.
    #[cfg(feature = "cudarc")]
    Cudarc(&'s cudarc::driver::CudaStream),
    /// A cuda-core stream.
    #[cfg(feature = "cuda-core")]
    CudaCore(&'s cuda_core::Stream),
    #[doc(hidden)]
    __Never(Infallible, PhantomData<&'s ()>),
}

/// What a bound parameter keeps until its kernel is enqueued: nothing for a plain value;
/// cudarc's `SyncOnDrop` for a cudarc buffer, which records the kernel's use of the buffer on
/// the stream; cuda-core's `AllocationLease` for a cuda-core buffer, retained until the stream's
/// work completes. [`LaunchGuard::finish`] it once the launch was enqueued (or refused).
#[must_use = "a guard is finished after the launch (`finish`), else the buffer's use is not recorded"]
#[derive(Debug)]
pub struct LaunchGuard<'s> {
    held: Held<'s>,
}

/// What a [`LaunchGuard`] holds.
#[derive(Debug)]
enum Held<'s> {
    /// A plain value's: nothing.
    Nothing(PhantomData<LaunchStream<'s>>),
    /// A cudarc buffer's: dropping it records the kernel's use on the stream.
    #[cfg(feature = "cudarc")]
    Cudarc(cudarc::driver::SyncOnDrop<'s>),
    /// A cuda-core buffer's: its access, acquired for `stream`; dropped unretained, the
    /// access ends at once (nothing was enqueued).
    #[cfg(feature = "cuda-core")]
    CudaCore {
        lease: cuda_core::AllocationLease,
        stream: &'s cuda_core::Stream,
        ty: &'static str,
    },
}

impl LaunchGuard<'_> {
    /// The guard of a plain value: nothing to record.
    pub const NONE: Self = LaunchGuard {
        held: Held::Nothing(PhantomData),
    };

    /// Whether finishing the guard records something (a device buffer's use).
    pub fn records(&self) -> bool {
        !matches!(self.held, Held::Nothing(_))
    }

    /// Ends the parameter's part in a launch that was enqueued, or that the driver refused:
    /// records the kernel's use of a cudarc buffer on the stream (dropping cudarc's
    /// `SyncOnDrop`, whose recording cudarc itself does not report); retains a cuda-core
    /// buffer's access until the work now on the stream completes
    /// (`AllocationLease::retain_until_complete`: an event recorded on the stream, watched by
    /// cuda-core's retirement thread), which cuda-core does even when its enqueue failed.
    /// [`EncodeError::StreamOrdering`] when that step fails; cuda-core then keeps the
    /// buffer's allocation (it leaks it rather than free memory a kernel may use).
    #[inline]
    pub fn finish(self) -> Result<(), EncodeError> {
        match self.held {
            Held::Nothing(_) => Ok(()),
            #[cfg(feature = "cudarc")]
            Held::Cudarc(sync) => {
                drop(sync);
                Ok(())
            }
            #[cfg(feature = "cuda-core")]
            Held::CudaCore { lease, stream, ty } => {
                lease
                    .retain_until_complete(stream)
                    .map_err(|e| EncodeError::StreamOrdering {
                        ty,
                        step: "retain_until_complete",
                        code: e.0 as i32,
                    })
            }
        }
    }
}

/// Finishes every guard of a launch, in parameter order ([`LaunchGuard::finish`]), and returns
/// the first error: each one is finished even after another failed, as cuda-core retains
/// every access of an operation whatever the others do. What the derive's
/// `KernelParams::__bind_params` calls after the launch.
#[inline]
pub fn finish_guards<const N: usize>(guards: [LaunchGuard<'_>; N]) -> Result<(), EncodeError> {
    let mut first = Ok(());
    for guard in guards {
        let finished = guard.finish();
        if first.is_ok() {
            first = finished;
        }
    }
    first
}

#[cfg(feature = "cudarc")]
impl<'s> LaunchGuard<'s> {
    /// The guard of a cudarc buffer bound to a stream: cudarc's `SyncOnDrop`, from
    /// `DevicePtr::device_ptr` or `DevicePtrMut::device_ptr_mut`.
    #[inline]
    pub fn cudarc(sync: cudarc::driver::SyncOnDrop<'s>) -> Self {
        LaunchGuard {
            held: Held::Cudarc(sync),
        }
    }
}

#[cfg(feature = "cuda-core")]
impl<'s> LaunchGuard<'s> {
    /// The guard of a cuda-core buffer (of type `ty`, as messages name it) whose access was
    /// acquired for `stream` (`RawDeviceBuffer::acquire`): [`LaunchGuard::finish`] retains it
    /// until the stream's work completes.
    pub fn cuda_core(
        lease: cuda_core::AllocationLease,
        stream: &'s cuda_core::Stream,
        ty: &'static str,
    ) -> Self {
        LaunchGuard {
            held: Held::CudaCore { lease, stream, ty },
        }
    }
}
