//! Issue 29, item 2: a cuda-core function checked through the kernel's PTX where the driver
//! gives no report of its parameters (`CheckedCudaCoreFunction::with_ptx`, NVRTC's PTX of the
//! kernel), then launched the same way. cuda-core loads only a CUDA 13 driver, and every CUDA
//! 13 driver reports parameters, so the stand-in here is contrived: the fake CUDA driver of
//! `tests/fake_cuda/` built without `cuFuncGetParamInfo` (as a 12.2 driver), answering
//! version 13.0. Its own process, since a process has one driver.
#![cfg(feature = "cuda-core")]

#[path = "fake_cuda/mod.rs"]
mod fake_cuda;

use fake_cuda::{FakeCuda, Release};
use ptx_abi::cuda_core::{Context, DeviceBuffer, LaunchConfig};
use ptx_abi::params::{CheckedCudaCoreFunction, LoadedError};
use ptx_abi::{PtxAbi, SignatureError};
use ptx_abi_oracle::require;

/// The CUDA C kernel the fake driver's `scale` implements.
const KERNEL: &str = r#"
struct Params { unsigned mode : 3; int level : 5; float scale; };
extern "C" __global__ void scale(float* out, const float* in, unsigned n, Params p) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * p.scale + p.level + p.mode;
}
"#;

#[derive(PtxAbi, Clone, Copy)]
struct Params {
    #[ptx(bits = 3)]
    mode: u32,
    #[ptx(bits = 5)]
    level: i32,
    scale: f32,
}

#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScaleArgs<'a> {
    out: &'a mut DeviceBuffer<f32>,
    input: &'a DeviceBuffer<f32>,
    n: u32,
    p: Params,
}

/// `scale` with its last two parameters swapped: same count, other types.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct Swapped<'a> {
    out: &'a mut DeviceBuffer<f32>,
    input: &'a DeviceBuffer<f32>,
    p: Params,
    n: u32,
}

#[test]
fn without_the_drivers_report_the_ptx_is_checked_and_the_launch_is_the_same() {
    const WHAT: &str = "launch_cuda_core_ptx";
    let Some(nvrtc) = require::nvrtc(WHAT) else {
        return;
    };
    let ptx = nvrtc
        .compile(KERNEL, &["--gpu-architecture=compute_90"])
        .unwrap_or_else(|e| panic!("NVRTC rejected the kernel:\n{}", e.log));
    // After NVRTC's compile: NVRTC looks for a CUDA driver too, and must not find the fake.
    let fake = match FakeCuda::load_release(Release::Cuda12_2) {
        Ok(f) => f,
        Err(why) => return require::skip(WHAT, &why),
    };
    // Before cuda-core's first call: it loads no driver older than its CUDA 13 headers.
    fake.set_version(13000);

    let ctx = Context::new(0).unwrap();
    let stream = ctx.new_stream().unwrap();
    let f = ctx
        .load_module_from_ptx_src(&ptx)
        .unwrap()
        .load_function("scale")
        .unwrap();

    // The driver cannot say; the error says what to do instead.
    let e = CheckedCudaCoreFunction::<ScaleArgs>::new(&f).unwrap_err();
    assert_eq!(
        e,
        LoadedError::DriverTooOld {
            version: Some(13000)
        }
    );

    // The PTX is checked by type: the swap is refused naming the parameter.
    match CheckedCudaCoreFunction::<Swapped>::with_ptx(&f, &ptx).unwrap_err() {
        LoadedError::Ptx(SignatureError::Param(m)) => {
            assert_eq!((m.index, m.field), (2, "p"), "{m:?}")
        }
        other => panic!("{other:?}: {other}"),
    }

    let scale = CheckedCudaCoreFunction::<ScaleArgs>::with_ptx(&f, &ptx).unwrap();
    assert!(scale.loaded().is_none());
    // sm_90's parameters, none aligned above 16: the C layout from offset 0.
    assert_eq!(scale.offsets(), [0, 8, 16, 20]);
    assert_eq!(fake.param_info_calls(), 0);

    let host: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let input = DeviceBuffer::from_host(&stream, &host).unwrap();
    let want: Vec<f32> = host.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect();
    let p = Params {
        mode: 5,
        level: -3,
        scale: 2.0,
    };
    let cfg = LaunchConfig::for_num_elems(32);
    for extra in [false, true] {
        let mut out = DeviceBuffer::<f32>::zeroed(&stream, 32).unwrap();
        let args = ScaleArgs {
            out: &mut out,
            input: &input,
            n: 32,
            p,
        };
        // SAFETY: `scale` reads 32 floats of `input` and writes 32 of `out`.
        let launched = unsafe {
            if extra {
                scale.launch_extra(&stream, cfg, args)
            } else {
                scale.launch(&stream, cfg, args)
            }
        };
        launched.unwrap();
        assert_eq!(out.to_host_vec(&stream).unwrap(), want, "extra: {extra}");
    }
    assert_eq!(fake.launches(), 2);
}
