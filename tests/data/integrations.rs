//! Feature-gated integrations: bytemuck (`Pod`/`Zeroable` for image types, vectors, pointers)
//! and cudarc (`DeviceRepr`/`ValidAsZeroBits` for image and zero-copy types, a whole
//! `KernelLaunch` as launch arguments). No GPU is needed: cudarc is only compiled against.

#![allow(dead_code)]

use ptx_abi::types::Float4;
use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Packed {
    #[ptx(bits = 5)]
    a: u8,
    #[ptx(bits = 11)]
    b: i16,
    c: Float4,
}

/// With accessors, the image is a struct of this crate's own (core's `__image!`), not core's
/// generic `Image<T>`: both kinds get the integrations.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(accessors)]
struct Lit {
    #[ptx(bits = 3)]
    level: u8,
    flux: f32,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(C)]
#[ptx(zero_copy)]
struct Plain {
    p: DevicePtr<f32>,
    n: u32,
    k: f32,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "step")]
struct StepArgs {
    items: DevicePtr<Packed>,
    count: u32,
    first: Packed,
}

#[cfg(feature = "bytemuck")]
#[test]
fn bytemuck_views_image_types_and_vectors() {
    use ptx_abi::codec::PtxImage;
    let values = [
        Packed {
            a: 1,
            b: -1,
            c: Float4::from([1.0, 2.0, 3.0, 4.0]),
        },
        Packed {
            a: 31,
            b: 1023,
            c: Float4::default(),
        },
    ];
    let images: Vec<PackedImage> = values
        .iter()
        .map(|v| PackedImage::new(v).unwrap())
        .collect();
    let bytes: &[u8] = bytemuck::cast_slice(&images);
    assert_eq!(bytes.len(), 2 * Packed::SIZE);
    assert_eq!(
        &bytes[..Packed::SIZE],
        values[0].to_ptx_bytes().unwrap().as_slice()
    );
    let back: &[PackedImage] = bytemuck::cast_slice(bytes);
    assert_eq!(back[1].get().unwrap(), values[1]);
    let zero: PackedImage = bytemuck::Zeroable::zeroed();
    assert_eq!(zero.as_bytes(), &[0u8; 32][..]);
    let v: Float4 = bytemuck::cast([1.0f32, 2.0, 3.0, 4.0]);
    assert_eq!(v, Float4::from([1.0, 2.0, 3.0, 4.0]));
    let lit = LitImage::new(&Lit {
        level: 5,
        flux: 2.5,
    })
    .unwrap();
    let lit_bytes: &[u8] = bytemuck::bytes_of(&lit);
    assert_eq!(lit_bytes, lit.as_bytes());
    assert_eq!(
        bytemuck::pod_read_unaligned::<LitImage>(lit_bytes).level(),
        Ok(5)
    );
    let p: DevicePtr<u8> = bytemuck::cast(0x1000u64);
    assert_eq!(p.addr(), 0x1000);
}

#[cfg(feature = "cudarc")]
mod with_cudarc {
    use super::*;
    use ptx_abi::cudarc::driver::{
        CudaFunction, CudaStream, DeviceRepr, LaunchConfig, PushKernelArg, ValidAsZeroBits,
    };
    use ptx_abi::KernelLaunch;

    fn is_device_repr<T: DeviceRepr + ValidAsZeroBits>() {}

    #[test]
    fn image_zero_copy_and_builtin_types_are_device_reprs() {
        is_device_repr::<PackedImage>();
        is_device_repr::<LitImage>();
        is_device_repr::<StepArgsImage>();
        is_device_repr::<Plain>();
        is_device_repr::<Float4>();
        is_device_repr::<DevicePtr<f32>>();
        is_device_repr::<ptx_abi::types::TexRef>();
    }

    /// Compiled, not run (no GPU here): how a launch looks with cudarc.
    fn launch(
        stream: &std::sync::Arc<CudaStream>,
        f: &CudaFunction,
        args: &StepArgs,
        one: &PackedImage,
    ) {
        let launch = KernelLaunch::new(args).expect("encodes");
        let mut builder = stream.launch_builder(f);
        builder.arg(&launch);
        // SAFETY: not executed in tests; a real caller guarantees `f` is `step`.
        let _ = unsafe { builder.launch(LaunchConfig::for_num_elems(1)) };
        let mut single = stream.launch_builder(f);
        single.arg(one);
    }

    #[test]
    fn kernel_launches_are_cudarc_arguments() {
        let _: fn(&std::sync::Arc<CudaStream>, &CudaFunction, &StepArgs, &PackedImage) = launch;
    }
}
