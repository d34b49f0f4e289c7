//! `#[ptx(empty_class)]`: C++'s `struct E {};` (chapter 7, the Itanium C++ ABI). Written in
//! the idioms that use one: a renderer's "no distortion" parameter block, passed to a kernel
//! template instantiated for it; a policy tag held as a member; an over-aligned tag; an
//! array of tags. NVRTC answers every layout (through `CTypeCheck` and ptx-abi's own header)
//! and every `.param` list (a kernel and an external device function take and return an
//! empty class as its bytes).

#![allow(dead_code)] // types that exist only to be compared with C

use crate::common;

use crate::c_types::verdict;
use ptx_abi::params::{call_prototype, check_signature};
use ptx_abi::{cuda_header, DevicePtr, ParamSpace, PtxAbi};

/// What a camera model takes when there is no lens distortion to undo.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(empty_class)]
struct NoDistortion {}

/// A unit struct is an empty class too.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(empty_class, align = 16)]
struct VectorizedTag;

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Projection {
    distortion: NoDistortion,
    focal: [f32; 2],
    width: u16,
    tag: VectorizedTag,
    frame: u8,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct TagTrio {
    tags: [NoDistortion; 3],
}

/// The parameters of `project` (a kernel) and of `undistort` (a device function).
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "project")]
struct ProjectArgs {
    d: NoDistortion,
    n: i32,
    tag: VectorizedTag,
    p: Projection,
    trio: TagTrio,
    out: DevicePtr<f32>,
}

#[derive(PtxAbi, Clone, Copy)]
struct UndistortParams {
    d: NoDistortion,
    trio: TagTrio,
    x: f32,
    tag: VectorizedTag,
}

const HEADER: &str = "
struct NoDistortion {};
struct alignas(16) VectorizedTag {};
struct Projection {
    NoDistortion distortion;
    float focal[2];
    unsigned short width;
    VectorizedTag tag;
    unsigned char frame;
};
struct TagTrio { NoDistortion tags[3]; };
";

#[test]
fn empty_classes_are_laid_out_as_cxx_does() {
    // C++: 1 byte; 16 with alignas(16). distortion 0, focal 4..12, width 12, tag 16..32,
    // frame 32; 48 / 16. Three tags: 3 bytes.
    assert_eq!((NoDistortion::SIZE, NoDistortion::ALIGN), (1, 1));
    assert_eq!((VectorizedTag::SIZE, VectorizedTag::ALIGN), (16, 16));
    assert_eq!((Projection::SIZE, Projection::ALIGN), (48, 16));
    assert_eq!((TagTrio::SIZE, TagTrio::ALIGN), (3, 1));
    for v in [
        verdict::<NoDistortion>(HEADER, "NoDistortion", &[]),
        verdict::<VectorizedTag>(HEADER, "VectorizedTag", &[]),
        verdict::<Projection>(HEADER, "Projection", &[]),
        verdict::<TagTrio>(HEADER, "TagTrio", &[]),
    ]
    .into_iter()
    .flatten()
    {
        v.unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_one_byte_class_with_data_is_not_an_empty_class() {
    // `struct NoDistortion { char unused; }` has the same size and alignment: the check
    // still tells them apart (`__is_empty`).
    let with_data = HEADER.replace(
        "struct NoDistortion {};",
        "struct NoDistortion { char unused; };",
    );
    let Some(Err(e)) = verdict::<NoDistortion>(&with_data, "NoDistortion", &[]) else {
        if common::nvrtc().is_some() {
            panic!("NVRTC found no difference with a data member");
        }
        return;
    };
    assert!(
        e.to_string()
            .contains("emptiness: C has a class with data, Rust has an empty class"),
        "{e}"
    );
}

#[test]
fn ptx_abis_header_declares_empty_classes_and_nvrtc_agrees() {
    let h = cuda_header(&[Projection::TYPE, TagTrio::TYPE]).unwrap();
    assert!(h.contains("struct NoDistortion {};"), "{h}");
    assert!(h.contains("struct alignas(16) VectorizedTag {};"), "{h}");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(&nvrtc, &h);
}

#[test]
fn an_empty_class_is_padding_in_the_image() {
    let p = Projection {
        distortion: NoDistortion {},
        focal: [1.5, 2.5],
        width: 640,
        tag: VectorizedTag,
        frame: 9,
    };
    let mut image = [0xAAu8; 48];
    p.encode(&mut image).unwrap();
    assert_eq!(image[0..4], [0u8; 4]);
    assert_eq!(image[4..8], 1.5f32.to_le_bytes());
    assert_eq!(image[12..14], 640u16.to_le_bytes());
    assert_eq!(image[14..32], [0u8; 18]);
    assert_eq!(image[32], 9);
    assert_eq!(image[33..], [0u8; 15]);
    // Whatever a C++ program left in an empty class's byte, it holds no value.
    image[0] = 0x5C;
    image[20] = 0xFF;
    assert_eq!(Projection::decode(&image).unwrap(), p);
    let mut one = [0x77u8; 1];
    NoDistortion {}.encode(&mut one).unwrap();
    assert_eq!(one, [0]);
    assert_eq!(NoDistortion::decode(&[0x77]).unwrap(), NoDistortion {});
    assert!(NoDistortion::decode(&[]).is_err());
}

const KERNELS: &str = "
extern \"C\" __global__ void project(NoDistortion d, int n, VectorizedTag tag, Projection p,
                                   TagTrio trio, float* out) {
    out[n] = p.focal[0] + sizeof(d) + sizeof(tag) + sizeof(trio);
}
extern \"C\" __device__ __noinline__ float undistort(NoDistortion d, TagTrio trio, float x,
                                                    VectorizedTag tag) {
    return x * 2.0f;
}
extern \"C\" __device__ __noinline__ NoDistortion model(float* out) {
    *out = 1.0f;
    return NoDistortion();
}
extern \"C\" __global__ void run(float* out) {
    NoDistortion d = model(out);
    TagTrio trio;
    VectorizedTag tag;
    out[1] = undistort(d, trio, out[0], tag);
}
";

#[test]
fn kernels_and_device_functions_pass_an_empty_class_as_its_bytes() {
    // What ptx-abi declares without a compiler.
    let proto = call_prototype(
        "proto",
        &[
            NoDistortion::TYPE,
            TagTrio::TYPE,
            f32::TYPE,
            VectorizedTag::TYPE,
        ],
        Some(NoDistortion::TYPE),
        ptx_abi::AddressSize::A64,
    )
    .unwrap();
    assert_eq!(
        proto,
        "proto: .callprototype (.param .align 1 .b8 _[1]) _ (.param .align 1 .b8 _[1], \
         .param .align 1 .b8 _[3], .param .b32 _, .param .align 16 .b8 _[16]);"
    );
    // NVRTC, with external linkage (`-rdc=true`): an internal function whose empty-class
    // argument is unused loses it to LLVM's dead-argument elimination, which is not the ABI.
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(&nvrtc, &format!("{HEADER}{KERNELS}"));
    for decl in [
        ".param .align 1 .b8 project_param_0[1]",
        ".param .align 16 .b8 project_param_2[16]",
        ".param .align 16 .b8 project_param_3[48]",
        ".param .align 1 .b8 project_param_4[3]",
        ".param .align 1 .b8 undistort_param_0[1]",
        ".func  (.param .align 1 .b8 func_retval0[1]) model(",
    ] {
        assert!(ptx.contains(decl), "{decl}\n{ptx}");
    }
    check_signature(&ptx, "project", ProjectArgs::TYPE, ParamSpace::Entry)
        .unwrap_or_else(|e| panic!("{e}"));
    check_signature(&ptx, "undistort", UndistortParams::TYPE, ParamSpace::Func)
        .unwrap_or_else(|e| panic!("{e}"));
}
