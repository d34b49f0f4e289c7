//! Feature-gated integrations with the crates a Rust GPU developer uses next to ptx-abi.
//!
//! With `cudarc` and a CUDA release chosen for ptx-abi (a feature `cuda-MMmmm` or
//! `cuda-version-from-build-system`; `layout/cuda_version.rs`), the build also checks that
//! cudarc was built for the same major release (`cudarc::driver::sys::CUDA_VERSION`): ptx-abi's
//! features select cudarc's of the same name, so the two disagree only when cudarc's release
//! came from elsewhere (its own `cuda-version-from-build-system` finding another nvcc, or its
//! `fallback-latest`). Without a chosen release ptx-abi describes CUDA 12.9 whatever cudarc's.
//!
//! Derived types get their impls through the hidden macros below, which the derive invokes
//! for every image struct of its own (a type with accessors) and zero-copy type; each macro
//! expands to nothing when its feature is off, so the user's crate needs no feature of its own.
//! The generic image `types::Image<T>` gets them once, in the modules at the end.

/// Implements the integrations for a derived image struct (`#[repr(C)]` bytes plus a
/// zero-sized alignment marker: no padding, every bit pattern valid, all zeros included).
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_image_integrations {
    ($image:ty) => {
        $crate::__impl_image_ptx_abi!($image);
        $crate::__impl_bytemuck_pod!($image);
        $crate::__impl_cudarc_repr!($image);
    };
}

/// An image's own `PtxAbi` impl: the layout, C name and C++ name of the type it is the image
/// of, its bytes as they are (`codec::image::encode_image`), and decoding that accepts only
/// bytes that decode as a value (`PtxImage::from_bytes`).
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_image_ptx_abi {
    ($image:ty) => {
        impl $crate::__private::v1::PtxAbi for $image {
            const TYPE: &'static $crate::__private::v1::TypeDesc =
                <<$image as $crate::__private::v1::PtxImage>::Value as $crate::__private::v1::PtxAbi>::TYPE;
            #[doc(hidden)]
            const __LAYOUT: ::core::result::Result<
                $crate::__private::v1::Layout,
                $crate::__private::v1::LayoutError,
            > = <<$image as $crate::__private::v1::PtxImage>::Value as $crate::__private::v1::PtxAbi>::__LAYOUT;
            const CXX: &'static $crate::__private::v1::CxxType =
                <<$image as $crate::__private::v1::PtxImage>::Value as $crate::__private::v1::PtxAbi>::CXX;

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn encode(
                &self,
                out: &mut [::core::primitive::u8],
            ) -> ::core::result::Result<(), $crate::__private::v1::EncodeError> {
                $crate::__private::v1::encode_image(self, out)
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn __write(&self, w: &mut $crate::__private::v1::ImageWriter<'_>, at: usize) {
                w.run(at, <Self as $crate::__private::v1::PtxImage>::as_bytes(self));
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn decode(
                bytes: &[::core::primitive::u8],
            ) -> ::core::result::Result<Self, $crate::__private::v1::DecodeError> {
                <Self as $crate::__private::v1::PtxImage>::from_bytes(bytes)
            }
        }
    };
}

/// Implements the integrations for a derived zero-copy type: its bytes are its image and all
/// zeros are a valid value (every zero-copy field type is a number, `bool`, a pointer, a handle,
/// or built from those).
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_zero_copy_integrations {
    ($ty:ty) => {
        $crate::__impl_cudarc_repr!($ty);
    };
}

#[cfg(feature = "bytemuck")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_bytemuck_pod {
    ($t:ty) => {
        // SAFETY: the type is `repr(C)`, has no padding (its size equals its byte array's, a
        // compile-time assertion next to its definition), every bit pattern of its bytes is
        // valid, it is `Copy` and `'static`, and all zeros are valid.
        unsafe impl $crate::__private::v1::bytemuck::Zeroable for $t {}
        // SAFETY: as above.
        unsafe impl $crate::__private::v1::bytemuck::Pod for $t {}
    };
}

#[cfg(not(feature = "bytemuck"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_bytemuck_pod {
    ($t:ty) => {};
}

#[cfg(feature = "cudarc")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_cudarc_repr {
    ($t:ty) => {
        // SAFETY: the value's bytes are exactly its PTX image (an image type, or a zero-copy type
        // whose layout equality is proved at compile time), so the device reads it correctly.
        unsafe impl $crate::__private::v1::cudarc::driver::DeviceRepr for $t {}
        // SAFETY: all-zero bytes are a valid image / value (see the macro's callers).
        unsafe impl $crate::__private::v1::cudarc::driver::ValidAsZeroBits for $t {}
    };
}

#[cfg(not(feature = "cudarc"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_cudarc_repr {
    ($t:ty) => {};
}

// Chapter 7: CUtensorMap's alignment and CUDA 13's vectors differ between major releases.
#[cfg(all(feature = "cudarc", ptx_abi_cuda_chosen))]
const _: () = {
    let ours = crate::layout::cuda_version::CUDA_VERSION;
    let theirs =
        crate::layout::cuda_version::CudaVersion::from_code(cudarc::driver::sys::CUDA_VERSION);
    if !ours.same_layout_rules(theirs) {
        let msg = crate::layout::const_msg::ConstMsg::<500>::new()
            .str("ptx-abi describes CUDA ")
            .num(ours.major as u128)
            .str(".")
            .num(ours.minor as u128)
            .str(" (")
            .str(crate::layout::cuda_version::CUDA_VERSION_SOURCE)
            .str("), but cudarc was built for CUDA ")
            .num(theirs.major as u128)
            .str(".")
            .num(theirs.minor as u128)
            .str(
                " (its own feature, nvcc, or its `fallback-latest`): choose the release once, \
                  with ptx-abi's feature `cuda-MMmmm` (such as `cuda-",
            )
            .num(theirs.code() as u128)
            .str("`), which also selects cudarc's feature of that name");
        panic!("{}", msg.as_str());
    }
};

#[cfg(feature = "bytemuck")]
mod bytemuck_impls {
    use crate::types::handle::{SamplerRef, SurfRef, TexRef};
    use crate::types::image::{Image, ImageLayout};
    use crate::types::pointer::DevicePtr;
    use crate::types::vector::{Lanes, Vector, VectorElement, VectorShape};
    use bytemuck::{Pod, Zeroable};

    // SAFETY: `repr(transparent)` over `T::Bytes`: bytes and a zero-length alignment array, no
    // padding (`ImageLayout`'s contract), every bit pattern valid, all zeros valid; `Copy` and
    // `'static`.
    unsafe impl<T: ImageLayout> Zeroable for Image<T> {}
    // SAFETY: as above.
    unsafe impl<T: ImageLayout> Pod for Image<T> {}
    // SAFETY: `repr(C)` lanes of a `Pod` type plus a zero-length array of a zero-sized marker:
    // no padding (size = N × size_of::<T>(), a multiple of the alignment, §1.2), all zeros and
    // every bit pattern valid.
    unsafe impl<T: VectorElement + Pod, const N: usize> Zeroable for Vector<T, N> where
        Lanes<N>: VectorShape<T>
    {
    }
    // SAFETY: as above.
    unsafe impl<T: VectorElement + Pod, const N: usize> Pod for Vector<T, N> where
        Lanes<N>: VectorShape<T>
    {
    }
    // SAFETY: `repr(transparent)` over `u64` (the phantom is zero-sized); any address is valid.
    unsafe impl<T: ?Sized + 'static> Zeroable for DevicePtr<T> {}
    // SAFETY: as above.
    unsafe impl<T: ?Sized + 'static> Pod for DevicePtr<T> {}
    macro_rules! handles {
        ($($t:ty),*) => {$(
            // SAFETY: `repr(transparent)` over `u64`.
            unsafe impl Zeroable for $t {}
            // SAFETY: `repr(transparent)` over `u64`.
            unsafe impl Pod for $t {}
        )*};
    }
    handles!(TexRef, SamplerRef, SurfRef);
}

#[cfg(feature = "cudarc")]
mod cudarc_impls {
    use crate::params::{KernelLaunch, KernelParams};
    use crate::types::handle::{SamplerRef, SurfRef, TexRef};
    use crate::types::image::{Image, ImageLayout};
    use crate::types::pointer::DevicePtr;
    use crate::types::vector::{Lanes, Vector, VectorElement, VectorShape};
    use cudarc::driver::{DeviceRepr, LaunchArgs, PushKernelArg, ValidAsZeroBits};

    // SAFETY: the image's bytes are exactly `T`'s PTX image, so the device reads it correctly.
    unsafe impl<T: ImageLayout> DeviceRepr for Image<T> {}
    // SAFETY: all-zero bytes are a valid image.
    unsafe impl<T: ImageLayout> ValidAsZeroBits for Image<T> {}

    // SAFETY: a vector's Rust layout is its PTX layout (§1.2; see `ZeroCopy` for `Vector`).
    unsafe impl<T: VectorElement + DeviceRepr, const N: usize> DeviceRepr for Vector<T, N> where
        Lanes<N>: VectorShape<T>
    {
    }
    // SAFETY: zero lanes are valid values of every numeric lane type.
    unsafe impl<T: VectorElement + ValidAsZeroBits, const N: usize> ValidAsZeroBits for Vector<T, N> where
        Lanes<N>: VectorShape<T>
    {
    }
    // SAFETY: a generic address is a `u64` at `.address_size 64`, which cudarc targets.
    unsafe impl<T: ?Sized> DeviceRepr for DevicePtr<T> {}
    // SAFETY: the null address is a valid value.
    unsafe impl<T: ?Sized> ValidAsZeroBits for DevicePtr<T> {}
    macro_rules! handles {
        ($($t:ty),*) => {$(
            // SAFETY: a handle is a `.b64` (§1.4), `repr(transparent)` over `u64`.
            unsafe impl DeviceRepr for $t {}
            // SAFETY: zero is a valid handle value (the null handle).
            unsafe impl ValidAsZeroBits for $t {}
        )*};
    }
    handles!(TexRef, SamplerRef, SurfRef);

    /// All parameters of a [`KernelLaunch`] as cudarc launch arguments:
    /// `stream.launch_builder(&f).arg(&launch)`.
    // SAFETY: each pushed pointer points at the first byte of one parameter's image inside
    // `launch`, which the `'b` borrow keeps alive and unmoved until the launch; the driver reads
    // each parameter's size from there, and the image holds the whole parameter.
    unsafe impl<'a, 'b: 'a, A: KernelParams> PushKernelArg<&'b KernelLaunch<A>> for LaunchArgs<'a> {
        fn arg(&mut self, launch: &'b KernelLaunch<A>) -> &mut Self {
            let bytes = crate::codec::image::PtxImage::as_bytes(launch.image());
            for &offset in A::PARAM_OFFSETS {
                if let Some(first) = bytes.get(offset) {
                    <Self as PushKernelArg<&'b u8>>::arg(self, first);
                }
            }
            self
        }
    }
}
