//! §1.2 / §2.3: one image type for every derived type: [`Image<T>`], `T`'s PTX bytes with `T`'s PTX size
//! and alignment, declared and implemented once here.
//!
//! A derived type without `#[ptx(accessors)]` gets its image from one impl the derive emits
//! (`__image_layout!`: [`ImageLayout`], naming the storage [`ImageBytes`] of its size and
//! alignment); `Clone`, `Copy`, comparison, hashing, `Debug`, [`PtxImage`], [`PtxAbi`] and the
//! features' integrations are the generic impls below, compiled once for all types instead of
//! once per type (issue 31: a struct and ten impls per type were a third of what 200 derived
//! types cost to compile). A type with accessors keeps a struct of its own (`__image!`), whose
//! inherent methods the accessors are.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::image::{encode_image, HasImage, PtxImage};
use crate::codec::writer::ImageWriter;
use crate::codec::PtxAbi;
use crate::layout::{Layout, LayoutError};
use crate::types::align::{AlignTo, Alignment};

/// The storage of an image: `SIZE` bytes aligned to `ALIGN` (§1.2: a type's size is a multiple
/// of its alignment, so `ImageBytes<SIZE, ALIGN>` of a PTX layout has no padding).
#[repr(C)]
pub struct ImageBytes<const SIZE: usize, const ALIGN: usize>
where
    AlignTo<ALIGN>: Alignment,
{
    bytes: [u8; SIZE],
    _align: [<AlignTo<ALIGN> as Alignment>::Marker; 0],
}

impl<const SIZE: usize, const ALIGN: usize> Clone for ImageBytes<SIZE, ALIGN>
where
    AlignTo<ALIGN>: Alignment,
{
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<const SIZE: usize, const ALIGN: usize> Copy for ImageBytes<SIZE, ALIGN> where
    AlignTo<ALIGN>: Alignment
{
}

/// What [`Image`] needs of its storage: all zeros, and its bytes.
pub trait ImageStorage: Copy + Send + Sync + 'static {
    /// All bytes zero.
    fn zeroed() -> Self;
    /// The bytes.
    fn as_bytes(&self) -> &[u8];
    /// The bytes, mutably.
    fn as_bytes_mut(&mut self) -> &mut [u8];
}

impl<const SIZE: usize, const ALIGN: usize> ImageStorage for ImageBytes<SIZE, ALIGN>
where
    AlignTo<ALIGN>: Alignment,
{
    #[inline]
    fn zeroed() -> Self {
        ImageBytes {
            bytes: [0; SIZE],
            _align: [],
        }
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    #[inline]
    fn as_bytes_mut(&mut self) -> &mut [u8] {
        &mut self.bytes
    }
}

/// A type whose image is [`Image<Self>`], stored as [`ImageLayout::Bytes`].
///
/// # Safety
/// `Bytes` is `ImageBytes<{ Self::SIZE }, { Self::ALIGN }>`: exactly [`PtxAbi::SIZE`] bytes
/// aligned to [`PtxAbi::ALIGN`], with no padding (every PTX size is a multiple of its
/// alignment, §1.2), every byte returned by its `as_bytes`. `#[derive(PtxAbi)]` implements it
/// through `__image_layout!`; [`Image`]'s constructors also assert the size and alignment when
/// compiled.
pub unsafe trait ImageLayout: PtxAbi + 'static {
    /// The image's storage.
    type Bytes: ImageStorage;
}

/// The PTX image of `T` (`ParticleImage` is `Image<Particle>`): `T`'s exact PTX size and
/// alignment (§1.2), `Copy`, compared and hashed as its bytes, ready to be a kernel argument or
/// an element of a device buffer; a [`PtxImage`] and, as `T`'s layout, a [`PtxAbi`] value.
#[repr(transparent)]
pub struct Image<T: ImageLayout> {
    bytes: T::Bytes,
    _of: PhantomData<fn() -> T>,
}

impl<T: ImageLayout> HasImage for T {
    type Image = Image<T>;
}

impl<T: ImageLayout> Clone for Image<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ImageLayout> Copy for Image<T> {}

impl<T: ImageLayout> PartialEq for Image<T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.bytes.as_bytes() == other.bytes.as_bytes()
    }
}

impl<T: ImageLayout> Eq for Image<T> {}

impl<T: ImageLayout> Hash for Image<T> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes.as_bytes().hash(state)
    }
}

impl<T: ImageLayout> fmt::Debug for Image<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Image<{}>(", T::TYPE.name)?;
        fmt::Debug::fmt(self.bytes.as_bytes(), f)?;
        f.write_str(")")
    }
}

// SAFETY: `Image<T>` is `repr(transparent)` over `T::Bytes` (the phantom is zero-sized), which
// `ImageLayout`'s contract makes exactly `T::SIZE` bytes aligned to `T::ALIGN` with no padding;
// `zeroed` asserts size and alignment when compiled; `as_bytes` returns the storage's bytes, all
// of them, and every constructor (`zeroed`, then writes) initializes them.
unsafe impl<T: ImageLayout> PtxImage for Image<T> {
    type Value = T;

    #[inline]
    fn zeroed() -> Self {
        const {
            assert!(
                core::mem::size_of::<Self>() == T::SIZE
                    && core::mem::align_of::<Self>() == T::ALIGN
            )
        };
        Image {
            bytes: T::Bytes::zeroed(),
            _of: PhantomData,
        }
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self.bytes.as_bytes()
    }

    #[inline]
    fn as_bytes_mut(&mut self) -> &mut [u8] {
        self.bytes.as_bytes_mut()
    }
}

/// An image is a value of its type's PTX layout in its own right, with the same description,
/// C name and C++ name, so an argument struct can hold an image encoded once (`p:
/// ParamsImage`) and a device buffer can hold images (`&CudaSlice<ParticleImage>` is a
/// `Particle*`). Its encoding copies its bytes; decoding accepts only bytes that decode as a
/// value.
impl<T: ImageLayout> PtxAbi for Image<T> {
    const TYPE: &'static crate::layout::desc::TypeDesc = T::TYPE;
    #[doc(hidden)]
    const __LAYOUT: Result<Layout, LayoutError> = T::__LAYOUT;
    const CXX: &'static crate::layout::cxx_type::CxxType = T::CXX;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        encode_image(self, out)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
        w.run(at, self.bytes.as_bytes());
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        <Self as PtxImage>::from_bytes(bytes)
    }
}

/// Derive support: `$value`'s image is [`Image<$value>`], stored as `ImageBytes` of its PTX
/// size and alignment.
#[doc(hidden)]
#[macro_export]
macro_rules! __image_layout {
    ($value:ty) => {
        // SAFETY: `ImageBytes<SIZE, ALIGN>` of the type's own PTX size and alignment, as
        // `ImageLayout` requires.
        unsafe impl $crate::__private::v1::ImageLayout for $value {
            type Bytes = $crate::__private::v1::ImageBytes<
                { <$value as $crate::__private::v1::PtxAbi>::SIZE },
                { <$value as $crate::__private::v1::PtxAbi>::ALIGN },
            >;
        }
    };
}
