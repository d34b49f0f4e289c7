//! Binding a kernel's arguments to the stream of a launch (§2.3: every parameter is a value in
//! the parameter space; a device buffer's value is its device address).
//!
//! Most parameters are plain values, encoded like any member ([`PtxAbi::__put`]). A cudarc
//! device buffer (`&CudaSlice<T>`, `&mut CudaSlice<T>`, `CudaView`, `CudaViewMut`; feature
//! `cudarc`) is a `T*` too, but its address is handed out only for a stream, together with a
//! guard: reading it makes the stream wait for the buffer's pending writes (a `&mut` buffer
//! also for its pending reads), and dropping the guard once the kernel is enqueued records the
//! kernel's read (or write) on the buffer, which is how cudarc orders a buffer's uses across
//! streams. [`PtxAbi::__bind`] is that step for one parameter; the derive's
//! `KernelParams::__bind_params` does it for every parameter of an argument struct and keeps
//! the guards alive while the launch is enqueued (`params/checked.rs`).
//!
//! [`PtxAbi::__put`]: super::PtxAbi::__put
//! [`PtxAbi::__bind`]: super::PtxAbi::__bind

use core::convert::Infallible;
use core::marker::PhantomData;

/// The stream a launch binds its arguments to, of the CUDA host library that launches:
/// cudarc's `CudaStream` with the `cudarc` feature. A device buffer binds only to a stream of
/// its own library (a cudarc buffer in another library's launch is
/// [`EncodeError::NotBound`](crate::codec::EncodeError::NotBound)). Without a library feature
/// there is no stream to launch on, and this type has no values.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum LaunchStream<'s> {
    /// A cudarc stream.
    #[cfg(feature = "cudarc")]
    Cudarc(&'s cudarc::driver::CudaStream),
    #[doc(hidden)]
    __Never(Infallible, PhantomData<&'s ()>),
}

/// What a bound parameter keeps until its kernel is enqueued: nothing for a plain value,
/// cudarc's `SyncOnDrop` for a cudarc buffer, which records the kernel's use of the buffer on
/// the stream when it is dropped. Drop it only after the launch was enqueued.
#[must_use = "dropping the guard before the launch records the buffer's use too early"]
#[derive(Debug)]
pub struct LaunchGuard<'s> {
    #[cfg(feature = "cudarc")]
    sync: Option<cudarc::driver::SyncOnDrop<'s>>,
    _stream: PhantomData<LaunchStream<'s>>,
}

impl LaunchGuard<'_> {
    /// The guard of a plain value: nothing to record.
    pub const NONE: Self = LaunchGuard {
        #[cfg(feature = "cudarc")]
        sync: None,
        _stream: PhantomData,
    };

    /// Whether dropping the guard records something (a device buffer's use).
    pub fn records(&self) -> bool {
        #[cfg(feature = "cudarc")]
        {
            self.sync.is_some()
        }
        #[cfg(not(feature = "cudarc"))]
        {
            false
        }
    }
}

#[cfg(feature = "cudarc")]
impl<'s> LaunchGuard<'s> {
    /// The guard of a cudarc buffer bound to a stream: cudarc's `SyncOnDrop`, from
    /// `DevicePtr::device_ptr` or `DevicePtrMut::device_ptr_mut`.
    pub fn cudarc(sync: cudarc::driver::SyncOnDrop<'s>) -> Self {
        LaunchGuard {
            sync: Some(sync),
            _stream: PhantomData,
        }
    }
}
