//! §1.1 and §2.3 note B: pointers are generic addresses, as wide as `.address_size`.

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::PtxAbi;
use crate::layout::cxx_type::CxxType;
use crate::layout::desc::{TypeDesc, TypeKind};
use core::fmt;
use core::marker::PhantomData;

/// A generic address of a `T` in the device's address space (§2.3 note B).
///
/// 8 bytes at `.address_size 64`, 4 at `.address_size 32`. The host never dereferences it; it
/// only carries the address the device will use.
#[repr(transparent)]
pub struct DevicePtr<T: ?Sized> {
    addr: u64,
    _pointee: PhantomData<fn() -> *const T>,
}

/// The methods and trait impls both pointer types share: a device address and nothing else
/// (§2.3 note B), so equality, hashing and `Default` (null) are those of the address.
macro_rules! device_pointer {
    ($name:ident) => {
        impl<T: ?Sized> $name<T> {
            /// The null pointer.
            pub const NULL: Self = Self::from_raw(0);

            /// A pointer holding the device address `addr`.
            pub const fn from_raw(addr: u64) -> Self {
                $name {
                    addr,
                    _pointee: PhantomData,
                }
            }

            /// The device address.
            pub const fn addr(self) -> u64 {
                self.addr
            }

            /// Whether the address is 0.
            pub const fn is_null(self) -> bool {
                self.addr == 0
            }
        }

        impl<T: ?Sized> Clone for $name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T: ?Sized> Copy for $name<T> {}
        impl<T: ?Sized> PartialEq for $name<T> {
            fn eq(&self, other: &Self) -> bool {
                self.addr == other.addr
            }
        }
        impl<T: ?Sized> Eq for $name<T> {}
        impl<T: ?Sized> core::hash::Hash for $name<T> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.addr.hash(state)
            }
        }
        impl<T: ?Sized> Default for $name<T> {
            fn default() -> Self {
                Self::NULL
            }
        }
        impl<T: ?Sized> fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({:#x})"), self.addr)
            }
        }
    };
}

device_pointer!(DevicePtr);
device_pointer!(DeviceConstPtr);

impl<T: ?Sized> DevicePtr<T> {
    /// The same address, seen as a pointer to another type.
    pub const fn cast<U: ?Sized>(self) -> DevicePtr<U> {
        DevicePtr::from_raw(self.addr)
    }
}

/// A generic address of a `const T` (C++'s `const T*`), §2.3 note B.
///
/// The same 8 (or 4) bytes as [`DevicePtr<T>`]; it differs only in the C++ name of a function
/// taking it (chapter 7: `PKf` instead of `Pf`), so that a kernel declared
/// `scale(float*, const float*)` gets its mangled name right.
#[repr(transparent)]
pub struct DeviceConstPtr<T: ?Sized> {
    addr: u64,
    _pointee: PhantomData<fn() -> *const T>,
}

impl<T: ?Sized> DevicePtr<T> {
    /// The same address as a pointer to `const T` (C++ converts `T*` to `const T*` implicitly).
    pub const fn as_const(self) -> DeviceConstPtr<T> {
        DeviceConstPtr::from_raw(self.addr)
    }
}

impl<T: ?Sized> From<DevicePtr<T>> for DeviceConstPtr<T> {
    fn from(p: DevicePtr<T>) -> Self {
        p.as_const()
    }
}

/// The description of the pointee of a `void*`.
pub static VOID: TypeDesc = TypeDesc {
    name: "void",
    kind: TypeKind::Phantom,
};

/// The pointee's description, read lazily (a pointer may point to its own type).
pub(crate) const fn pointee<T: PtxAbi>() -> &'static TypeDesc {
    T::TYPE
}

const fn void() -> &'static TypeDesc {
    &VOID
}

macro_rules! pointer_impl {
    ($([$($g:tt)*] $t:ty => $pointee:expr, $cxx:expr, $konst:expr, $to:expr, $from:expr;)*) => {$(
        impl<$($g)*> PtxAbi for $t {
            const TYPE: &'static TypeDesc = &TypeDesc {
                name: "pointer",
                kind: TypeKind::Pointer { pointee: $pointee },
            };
            const CXX: &'static CxxType = &CxxType::Pointer {
                pointee: $cxx,
                pointee_const: $konst,
            };

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                let to: fn(&Self) -> u64 = $to;
                crate::codec::check_out::<Self>(out)?;
                out.copy_from_slice(&to(self).to_le_bytes());
                Ok(())
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn __write(&self, w: &mut crate::codec::writer::ImageWriter<'_>, at: usize) {
                let to: fn(&Self) -> u64 = $to;
                w.bytes(at, to(self).to_le_bytes());
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                let from: fn(u64) -> Result<Self, DecodeError> = $from;
                crate::types::scalars::read_array::<Self, 8>(bytes).map(u64::from_le_bytes).and_then(from)
            }
        }
    )*};
}

/// A device address as a host pointer without provenance: it can be compared and printed, but
/// never dereferenced on the host (which is right: it points into device memory).
fn host_addr(addr: u64) -> Result<usize, DecodeError> {
    usize::try_from(addr).map_err(|_| DecodeError::AddressTooWide { addr })
}

pointer_impl! {
    [T: PtxAbi] DevicePtr<T> => pointee::<T>, T::CXX, false, |p| p.addr, |a| Ok(DevicePtr::from_raw(a));
    [] DevicePtr<core::ffi::c_void> => void, &CxxType::Void, false, |p| p.addr, |a| Ok(DevicePtr::from_raw(a));
    [T: PtxAbi] DeviceConstPtr<T> => pointee::<T>, T::CXX, true, |p| p.addr, |a| Ok(DeviceConstPtr::from_raw(a));
    [] DeviceConstPtr<core::ffi::c_void> => void, &CxxType::Void, true, |p| p.addr, |a| Ok(DeviceConstPtr::from_raw(a));
    [T: PtxAbi] *const T => pointee::<T>, T::CXX, true, |p| p.addr() as u64,
        |a| host_addr(a).map(|a| core::ptr::without_provenance(a));
    [T: PtxAbi] *mut T => pointee::<T>, T::CXX, false, |p| p.addr() as u64,
        |a| host_addr(a).map(|a| core::ptr::without_provenance_mut(a));
}

// A `repr(transparent)` `u64` in Rust, 8 bytes aligned 8 at `.address_size 64`: zero-copy where
// the host aligns `u64` to 8 (not 32-bit x86), as `codec/zero_copy.rs` says of `u64`. Its
// layout does not depend on `T`: `DevicePtr<u8>` stands for every `DevicePtr<T>`.
crate::codec::zero_copy::zero_copy! {
    #[cfg(all(target_endian = "little", not(target_arch = "x86")))]
    [T: PtxAbi] DevicePtr<T> as DevicePtr<u8>;
    [] DevicePtr<core::ffi::c_void> as DevicePtr<core::ffi::c_void>;
}
