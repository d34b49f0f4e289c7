//! Device buffers as kernel parameters (§2.3 note B: a pointer parameter is a generic
//! address), and references, which point into host memory otherwise.
//!
//! A field `out: &'a mut CudaSlice<f32>` of a kernel's argument struct is the kernel's
//! `float* out`; `input: &'a CudaSlice<f32>` (or a `CudaView`) is `const float* input`, the
//! `const` mattering only in a C++ kernel's mangled name (chapter 7). Their layout is a
//! pointer's. Their value is not: a CUDA host library hands a buffer's device address out only
//! for a stream, ordering the buffer's uses there (`codec/bind.rs`): cudarc (feature `cudarc`,
//! `DevicePtr::device_ptr`, `DevicePtrMut::device_ptr_mut`) makes the stream wait for the
//! buffer's earlier uses and records the kernel's use after the launch; cuda-core (feature
//! `cuda-core`, `RawDeviceBuffer::acquire`) tracks the buffer's accesses, refusing one that
//! conflicts with another stream's unfinished work, and retains the kernel's access until it
//! completes. So a buffer is written only by a launch that binds it (`PtxAbi::__bind`,
//! `params/checked.rs`, `params/checked_cuda_core.rs`): encoding one outside a launch is
//! [`EncodeError::NotBound`], and decoding one is [`DecodeError::NotABuffer`] (an image holds
//! an address, not a buffer to borrow; decode the parameter as a `DevicePtr<T>`).
//!
//! A shared reference `&B` is a parameter when `B` is a [`DeviceBuffer`], a mutable one
//! `&mut B` when `B` is a [`DeviceBufferMut`]; a reference to anything else is refused at
//! compile time by what it points to ("a reference to `f32` points into host memory"), not by
//! how it is spelled. `&CudaSlice` and the views bind as cudarc's launch builder binds them:
//! read (wait for pending writes, record a read); `&mut CudaSlice` and `CudaViewMut` bind as
//! written (wait for pending reads and writes, record a write). cuda-core's
//! `&mut DeviceBuffer<T>` is a write access; `&DeviceBuffer<T>` and `DeviceBufferView<T>` are
//! the access cuda-core gives a shared kernel reference (`shared_access_writes`: a read for
//! ordinary elements, a write where the elements may be mutated through a shared reference).

use crate::codec::bind::{LaunchGuard, LaunchStream};
use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::PtxAbi;
use crate::layout::cxx_type::CxxType;
use crate::layout::desc::{TypeDesc, TypeKind};
use crate::layout::Placement;
use crate::types::pointer::pointee;

/// A buffer in device memory that a kernel may read through a `const T*` parameter: the
/// argument struct holds `&B` (cudarc's `CudaSlice<T>`, `CudaView<T>`, `CudaViewMut<T>` with
/// the `cudarc` feature; cuda-core's `DeviceBuffer<T>`, `DeviceBufferView<T>` with
/// `cuda-core`). Implemented by ptx-abi for the buffers of the CUDA libraries it
/// integrates, whose streams a launch binds them to.
#[diagnostic::on_unimplemented(
    message = "a reference to `{Self}` points into host memory, which a kernel cannot read",
    label = "a reference into host memory",
    note = "use `DevicePtr<T>` for a device address; a kernel's argument struct may borrow device buffers (`&CudaSlice<T>`, `&mut CudaSlice<T>`, `&CudaView<T>`, `&mut CudaViewMut<T>`, with the `cudarc` feature; `&DeviceBuffer<T>`, `&mut DeviceBuffer<T>`, `&DeviceBufferView<T>` of cuda-core, with the `cuda-core` feature)"
)]
pub trait DeviceBuffer {
    /// The type of the buffer's elements: the parameter is a pointer to it.
    type Elem: PtxAbi;
    /// The buffer's type as messages name it (`CudaSlice<T>`).
    const NAME: &'static str;
    /// The buffer's device address for a launch on `stream`, read for reading: `stream`
    /// waits for the buffer's pending writes, and the guard records the kernel's read
    /// (cudarc); the buffer's access is acquired for `stream`, and the guard retains it
    /// (cuda-core). [`EncodeError::NotBound`] for a stream of another library,
    /// [`EncodeError::StreamOrdering`] for an access the library refuses.
    #[doc(hidden)]
    fn bind_read<'s>(
        &'s self,
        stream: LaunchStream<'s>,
    ) -> Result<(u64, LaunchGuard<'s>), EncodeError>;
}

/// A [`DeviceBuffer`] a kernel may write through a `T*` parameter: the argument struct holds
/// `&mut B`.
#[diagnostic::on_unimplemented(
    message = "a mutable reference to `{Self}` points into host memory, which a kernel cannot write",
    label = "a reference into host memory",
    note = "use `DevicePtr<T>` for a device address; a kernel's argument struct may borrow device buffers mutably (`&mut CudaSlice<T>`, `&mut CudaViewMut<T>`, with the `cudarc` feature; `&mut DeviceBuffer<T>` of cuda-core, with the `cuda-core` feature)"
)]
pub trait DeviceBufferMut: DeviceBuffer {
    /// The buffer's device address for a launch on `stream`, read for writing: `stream` waits
    /// for the buffer's pending reads and writes, and the guard records the kernel's write
    /// (cudarc); a write access is acquired for `stream`, and the guard retains it
    /// (cuda-core). [`EncodeError::NotBound`] for a stream of another library,
    /// [`EncodeError::StreamOrdering`] for an access the library refuses.
    #[doc(hidden)]
    fn bind_write<'s>(
        &'s mut self,
        stream: LaunchStream<'s>,
    ) -> Result<(u64, LaunchGuard<'s>), EncodeError>;
}

/// Writes the device address `addr` as the parameter placed at `p` (a pointer: 8 bytes,
/// little-endian, at `.address_size 64`).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn put_address(
    out: &mut [u8],
    p: &Placement,
    addr: u64,
    ty: &'static str,
) -> Result<(), EncodeError> {
    let len = out.len();
    let end = p.offset.saturating_add(8);
    match out.get_mut(p.offset..end) {
        Some(slot) => {
            slot.copy_from_slice(&addr.to_le_bytes());
            Ok(())
        }
        None => Err(EncodeError::buffer_size(ty, end, len)),
    }
}

/// A buffer parameter: `$t` holds a buffer of elements `$elem`, bound by `$bind`.
macro_rules! buffer_param {
    ($([$($g:tt)*] $t:ty, $elem:ty, $name:expr, $konst:expr, |$b:ident, $s:ident| $bind:expr;)*) => {$(
        impl<$($g)*> PtxAbi for $t {
            // The description `DevicePtr<T>` has: a pointer to the element.
            const TYPE: &'static TypeDesc = &TypeDesc {
                name: "pointer",
                kind: TypeKind::Pointer { pointee: pointee::<$elem> },
            };
            const CXX: &'static CxxType = &CxxType::Pointer {
                pointee: <$elem as PtxAbi>::CXX,
                pointee_const: $konst,
            };

            /// A buffer's address is known only for a launch's stream:
            /// [`EncodeError::NotBound`].
            fn encode(&self, _out: &mut [u8]) -> Result<(), EncodeError> {
                Err(EncodeError::NotBound { ty: $name })
            }

            /// See `encode`: [`EncodeError::NotBound`], recorded in the writer.
            #[inline]
            fn __write(&self, w: &mut crate::codec::writer::ImageWriter<'_>, _: usize) {
                w.fail(EncodeError::NotBound { ty: $name });
            }

            /// An image holds an address, not a buffer: [`DecodeError::NotABuffer`].
            fn decode(_bytes: &[u8]) -> Result<Self, DecodeError> {
                Err(DecodeError::NotABuffer { ty: $name })
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn __bind<'s>(
                &'s mut self,
                out: &mut [u8],
                p: &Placement,
                stream: LaunchStream<'s>,
            ) -> Result<LaunchGuard<'s>, EncodeError> {
                let ($b, $s) = (self, stream);
                let (addr, guard) = $bind?;
                put_address(out, p, addr, $name)?;
                Ok(guard)
            }
        }
    )*};
}

buffer_param! {
    ['a, B: DeviceBuffer] &'a B, B::Elem, B::NAME, true, |b, s| b.bind_read(s);
    ['a, B: DeviceBufferMut] &'a mut B, B::Elem, B::NAME, false, |b, s| b.bind_write(s);
}

#[cfg(feature = "cudarc")]
mod cudarc_buffers {
    use super::{put_address, DeviceBuffer, DeviceBufferMut};
    use crate::codec::bind::{LaunchGuard, LaunchStream};
    use crate::codec::error::{DecodeError, EncodeError};
    use crate::codec::PtxAbi;
    use crate::layout::cxx_type::CxxType;
    use crate::layout::desc::{TypeDesc, TypeKind};
    use crate::layout::Placement;
    use crate::types::pointer::pointee;
    use cudarc::driver::{CudaSlice, CudaStream, CudaView, CudaViewMut, DevicePtr, DevicePtrMut};

    /// The cudarc stream of a launch, or [`EncodeError::NotBound`] for another library's: a
    /// cudarc buffer's uses are ordered by cudarc's events, on cudarc's streams.
    fn cudarc_stream<'s>(
        stream: LaunchStream<'s>,
        buffer: &'static str,
    ) -> Result<&'s CudaStream, EncodeError> {
        match stream {
            LaunchStream::Cudarc(s) => Ok(s),
            #[allow(unreachable_patterns)] // another library's stream, with its feature
            _ => Err(EncodeError::NotBound { ty: buffer }),
        }
    }

    impl<T: PtxAbi> DeviceBuffer for CudaSlice<T> {
        type Elem = T;
        const NAME: &'static str = "CudaSlice<T>";

        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_read<'s>(
            &'s self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let (addr, sync) = self.device_ptr(cudarc_stream(stream, Self::NAME)?);
            Ok((addr, LaunchGuard::cudarc(sync)))
        }
    }

    impl<T: PtxAbi> DeviceBufferMut for CudaSlice<T> {
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_write<'s>(
            &'s mut self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let (addr, sync) = self.device_ptr_mut(cudarc_stream(stream, Self::NAME)?);
            Ok((addr, LaunchGuard::cudarc(sync)))
        }
    }

    impl<T: PtxAbi> DeviceBuffer for CudaView<'_, T> {
        type Elem = T;
        const NAME: &'static str = "CudaView<T>";

        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_read<'s>(
            &'s self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let (addr, sync) = self.device_ptr(cudarc_stream(stream, Self::NAME)?);
            Ok((addr, LaunchGuard::cudarc(sync)))
        }
    }

    impl<T: PtxAbi> DeviceBuffer for CudaViewMut<'_, T> {
        type Elem = T;
        const NAME: &'static str = "CudaViewMut<T>";

        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_read<'s>(
            &'s self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let (addr, sync) = self.device_ptr(cudarc_stream(stream, Self::NAME)?);
            Ok((addr, LaunchGuard::cudarc(sync)))
        }
    }

    impl<T: PtxAbi> DeviceBufferMut for CudaViewMut<'_, T> {
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_write<'s>(
            &'s mut self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let (addr, sync) = self.device_ptr_mut(cudarc_stream(stream, Self::NAME)?);
            Ok((addr, LaunchGuard::cudarc(sync)))
        }
    }

    // A view by value is itself a borrow of its buffer: `input: CudaView<'a, f32>` reads like
    // `&CudaSlice`, `out: CudaViewMut<'a, f32>` writes like `&mut CudaSlice`.
    buffer_param! {
        ['a, T: PtxAbi] CudaView<'a, T>, T, "CudaView<T>", true,
            |b, s| DeviceBuffer::bind_read(&*b, s);
        ['a, T: PtxAbi] CudaViewMut<'a, T>, T, "CudaViewMut<T>", false,
            |b, s| DeviceBufferMut::bind_write(b, s);
    }
}

#[cfg(feature = "cuda-core")]
mod cuda_core_buffers {
    use super::{put_address, DeviceBuffer, DeviceBufferMut};
    use crate::codec::bind::{LaunchGuard, LaunchStream};
    use crate::codec::error::{DecodeError, EncodeError};
    use crate::codec::PtxAbi;
    use crate::layout::cxx_type::CxxType;
    use crate::layout::desc::{TypeDesc, TypeKind};
    use crate::layout::Placement;
    use crate::types::pointer::pointee;
    use cuda_core::{DeviceBufferView, RawDeviceBuffer, Stream};

    /// The name messages give cuda-core's `DeviceBuffer<T>` (not this module's trait).
    const BUFFER: &str = "cuda_core::DeviceBuffer<T>";
    /// The name messages give cuda-core's `DeviceBufferView<T>`.
    const VIEW: &str = "cuda_core::DeviceBufferView<T>";

    /// What cuda-core does before enqueuing work on a buffer (`DeviceBuffer::enqueue_access`):
    /// acquires the allocation's access for `stream` (`RawDeviceBuffer::acquire`: the buffer's
    /// context must be the stream's, and an access conflicting with another stream's unfinished
    /// work is refused, `CUDA_ERROR_NOT_READY`), a write access when `write`. The guard
    /// retains the access after the launch. [`EncodeError::NotBound`] for another library's
    /// stream.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn acquire<'s>(
        storage: &RawDeviceBuffer,
        addr: u64,
        stream: LaunchStream<'s>,
        write: bool,
        ty: &'static str,
    ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
        let stream: &'s Stream = match stream {
            LaunchStream::CudaCore(s) => s,
            #[allow(unreachable_patterns)] // another library's stream, with its feature
            _ => return Err(EncodeError::NotBound { ty }),
        };
        let lease =
            storage
                .acquire(stream, write, false)
                .map_err(|e| EncodeError::StreamOrdering {
                    ty,
                    step: "acquire",
                    code: e.0 as i32,
                })?;
        Ok((addr, LaunchGuard::cuda_core(lease, stream, ty)))
    }

    impl<T: PtxAbi> DeviceBuffer for cuda_core::DeviceBuffer<T> {
        type Elem = T;
        const NAME: &'static str = BUFFER;

        /// The access cuda-core gives a shared kernel reference: a write where the elements
        /// may be mutated through it (`shared_access_writes`), else a read.
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_read<'s>(
            &'s self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let write = self.shared_access_writes();
            acquire(self.storage(), self.cu_deviceptr(), stream, write, BUFFER)
        }
    }

    impl<T: PtxAbi> DeviceBufferMut for cuda_core::DeviceBuffer<T> {
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_write<'s>(
            &'s mut self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            acquire(self.storage(), self.cu_deviceptr(), stream, true, BUFFER)
        }
    }

    impl<T: PtxAbi> DeviceBuffer for DeviceBufferView<'_, T> {
        type Elem = T;
        const NAME: &'static str = VIEW;

        /// As `&DeviceBuffer<T>`'s: a view tracks its accesses on its parent's allocation.
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn bind_read<'s>(
            &'s self,
            stream: LaunchStream<'s>,
        ) -> Result<(u64, LaunchGuard<'s>), EncodeError> {
            let write = self.shared_access_writes();
            acquire(self.storage(), self.cu_deviceptr(), stream, write, VIEW)
        }
    }

    // A view by value borrows its buffer: `input: DeviceBufferView<'a, f32>` reads like
    // `&DeviceBuffer`. (cuda-core 0.5 has no mutable view.)
    buffer_param! {
        ['a, T: PtxAbi] DeviceBufferView<'a, T>, T, VIEW, true,
            |b, s| DeviceBuffer::bind_read(&*b, s);
    }
}
