//! Image types: plain `Copy` byte containers with exactly a type's PTX size and alignment,
//! ready to be passed by value to a kernel or stored in a device buffer.

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::PtxAbi;

/// The PTX image of a [`PtxAbi`] type, as its own Rust type (`ParticleImage` for `Particle`).
///
/// `#[derive(PtxAbi)]` gives one to every non-generic type: core's generic
/// [`Image<T>`](crate::types::Image), or with `#[ptx(accessors)]` on the type a struct of its
/// own (`__image!`) with a getter and a fallible setter per member. Images hold bytes, which may come
/// from the device, so [`PtxImage::get`] and the getters decode and can fail (a `bool` byte of
/// 2, an unknown enum discriminant).
///
/// # Safety
/// `size_of::<Self>() == Self::Value::SIZE`, `align_of::<Self>() == Self::Value::ALIGN`, every
/// byte of `Self` is initialized (no padding), and [`PtxImage::as_bytes`] returns all of them.
/// The derive emits a compile-time assertion of the size and alignment.
pub unsafe trait PtxImage: Copy + 'static {
    /// The type this is the image of.
    type Value: PtxAbi;

    /// An image of all zero bytes.
    fn zeroed() -> Self;

    /// The image's bytes ([`PtxAbi::SIZE`] of them).
    fn as_bytes(&self) -> &[u8];

    /// The image's bytes, mutably.
    fn as_bytes_mut(&mut self) -> &mut [u8];

    /// The image of `value`.
    #[inline]
    fn new(value: &Self::Value) -> Result<Self, EncodeError> {
        new_image(value)
    }

    /// An image holding `bytes`, accepted only if they decode as a value.
    fn from_bytes(bytes: &[u8]) -> Result<Self, DecodeError> {
        Self::Value::decode(bytes)?;
        let mut image = Self::zeroed();
        image.as_bytes_mut().copy_from_slice(bytes);
        Ok(image)
    }

    /// The value the image holds.
    fn get(&self) -> Result<Self::Value, DecodeError> {
        Self::Value::decode(self.as_bytes())
    }

    /// Replaces the image with that of `value`; on error the image is unchanged.
    fn set(&mut self, value: &Self::Value) -> Result<(), EncodeError> {
        *self = Self::new(value)?;
        Ok(())
    }

    /// Runs `write` on a copy of the bytes and keeps the result only if it succeeds, so a
    /// failed setter leaves the image unchanged.
    fn update(
        &mut self,
        write: impl FnOnce(&mut [u8]) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        let mut next = *self;
        write(next.as_bytes_mut())?;
        *self = next;
        Ok(())
    }
}

/// A new image `I` holding the image of `value` (`I` of `V`'s size: an error otherwise), its
/// bytes written once, never zeroed first: [`PtxImage::new`], and `KernelLaunch::new` for an
/// argument struct whose image type is its signature's.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn new_image<V: PtxAbi, I: PtxImage>(value: &V) -> Result<I, EncodeError> {
    let mut image = core::mem::MaybeUninit::<I>::uninit();
    // SAFETY: the `size_of::<I>()` bytes of `image`, viewed as `MaybeUninit<u8>` (align 1,
    // any content), borrowed exclusively while `bytes` lives.
    let bytes = unsafe {
        core::slice::from_raw_parts_mut(
            image.as_mut_ptr().cast::<core::mem::MaybeUninit<u8>>(),
            core::mem::size_of::<I>(),
        )
    };
    crate::codec::slice::encode_uninit(value, bytes)?;
    // SAFETY: `encode_uninit` returned `Ok`, so it initialized all of `bytes` (it refuses a
    // buffer that is not `V::SIZE` long), which are all of `I`'s bytes; any bytes are a
    // valid `I` (`PtxImage`'s contract: no padding, its bytes are its image).
    Ok(unsafe { image.assume_init() })
}

/// A slice of images as one byte slice, without copying.
pub fn images_as_bytes<I: PtxImage>(images: &[I]) -> &[u8] {
    // SAFETY: `I: PtxImage` guarantees `I` has no padding and all its bytes are initialized;
    // slice elements are contiguous with stride `size_of::<__PtxAbiImage>()`, so the region of
    // `size_of_val(images)` bytes is initialized and valid for reads while `images` is
    // borrowed.
    unsafe {
        core::slice::from_raw_parts(images.as_ptr().cast::<u8>(), core::mem::size_of_val(images))
    }
}

/// Derive support for an image's own [`PtxAbi`] impl (`__impl_image_ptx_abi!`): an image is a
/// value of its type's PTX layout in its own right, with the same description, C name and C++
/// name, so an argument struct can hold an image encoded once (`p: ParamsImage`) and a device
/// buffer can hold images (`&CudaSlice<ParticleImage>` is a `Particle*`). Its encoding copies
/// its bytes.
#[doc(hidden)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn encode_image<I: PtxImage + PtxAbi>(image: &I, out: &mut [u8]) -> Result<(), EncodeError> {
    crate::codec::check_out::<I>(out)?;
    out.copy_from_slice(image.as_bytes());
    Ok(())
}

/// The image type of a type: `<Particle as HasImage>::Image` is `ParticleImage`, which the
/// derive declares as an alias of exactly that.
pub trait HasImage: PtxAbi {
    /// The image type.
    type Image: PtxImage<Value = Self>;
}

/// Derive support: the image type `$image` of a derived type `$value` with `#[ptx(accessors)]`
/// (`ParticleImage` of `Particle`; every other type's image is `types::Image<$value>`):
/// `#[repr(C)]`, exactly `<$value as PtxAbi>::SIZE` bytes aligned to its `ALIGN`,
/// `Copy`, compared, hashed and printed as its bytes; its `PtxImage` and `PtxAbi` impls and
/// the integrations of the crate's features (`__impl_image_integrations!`).
///
/// Invoked inside the derive's block (`const _: () = { … }`), with the derive's accessors
/// beside it; outside, the derive declares `$image` as the alias
/// `<$value as HasImage>::Image`. Two types given the same image name (`#[ptx(image = Img)]`
/// twice) then collide in their aliases only, one error (E0428), where two structs and their
/// impls collided in ten (issue 32).
#[doc(hidden)]
#[macro_export]
macro_rules! __image {
    ($vis:vis $image:ident for $value:ty) => {
        #[repr(C)]
        $vis struct $image {
            bytes: [::core::primitive::u8; <$value as $crate::__private::v1::PtxAbi>::SIZE],
            _align: [<$crate::__private::v1::AlignTo<
                { <$value as $crate::__private::v1::PtxAbi>::ALIGN },
            > as $crate::__private::v1::Alignment>::Marker; 0],
        }

        const _: () = ::core::assert!(
            ::core::mem::size_of::<$image>() == <$value as $crate::__private::v1::PtxAbi>::SIZE
                && ::core::mem::align_of::<$image>()
                    == <$value as $crate::__private::v1::PtxAbi>::ALIGN
        );

        // SAFETY: the image is `repr(C)`: a `[u8; SIZE]` followed by a zero-length array of a
        // marker aligned to ALIGN. SIZE is a multiple of ALIGN (§1.2 tail padding), so the
        // struct has no padding; the assertion above checks size and alignment. `as_bytes`
        // returns the whole byte array, and every constructor initializes it.
        #[automatically_derived]
        unsafe impl $crate::__private::v1::PtxImage for $image {
            type Value = $value;

            #[inline]
            fn zeroed() -> Self {
                $image {
                    bytes: [0; <$value as $crate::__private::v1::PtxAbi>::SIZE],
                    _align: [],
                }
            }

            #[inline]
            fn as_bytes(&self) -> &[::core::primitive::u8] {
                &self.bytes
            }

            #[inline]
            fn as_bytes_mut(&mut self) -> &mut [::core::primitive::u8] {
                &mut self.bytes
            }
        }

        #[automatically_derived]
        impl $crate::__private::v1::HasImage for $value {
            type Image = $image;
        }

        $crate::__impl_image_integrations!($image);

        #[automatically_derived]
        impl ::core::clone::Clone for $image {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl ::core::marker::Copy for $image {}

        // Written out rather than derived: the derives also compare and hash the zero-length
        // alignment array, add `StructuralPartialEq` and an `Eq` assertion body.
        #[automatically_derived]
        impl ::core::cmp::PartialEq for $image {
            #[inline]
            fn eq(&self, other: &Self) -> ::core::primitive::bool {
                self.bytes == other.bytes
            }
        }

        #[automatically_derived]
        impl ::core::cmp::Eq for $image {}

        #[automatically_derived]
        impl ::core::hash::Hash for $image {
            #[inline]
            fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                ::core::hash::Hash::hash(&self.bytes, state)
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for $image {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_tuple(::core::stringify!($image)).field(&self.bytes).finish()
            }
        }
    };
}
