//! Issue 29, item 3: on a driver older than CUDA 12.4 (no `cuFuncGetParamInfo`), a kernel is
//! checked against its PTX instead (`CheckedFunction::with_ptx`, NVRTC's PTX of the kernel)
//! and launched the same way. The fake CUDA driver of `tests/fake_cuda/`, built as a 12.2
//! driver; its own process, since a process has one driver.
#![cfg(feature = "cudarc")]

#[path = "fake_cuda/mod.rs"]
mod fake_cuda;

use fake_cuda::{FakeCuda, Release};
use ptx_abi::cudarc::driver::{CudaContext, CudaSlice, LaunchConfig};
use ptx_abi::cudarc::nvrtc::Ptx;
use ptx_abi::params::{CheckedFunction, LoadedError};
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
    out: &'a mut CudaSlice<f32>,
    input: &'a CudaSlice<f32>,
    n: u32,
    p: Params,
}

/// `scale` with its last two parameters swapped: same count, other types.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct Swapped<'a> {
    out: &'a mut CudaSlice<f32>,
    input: &'a CudaSlice<f32>,
    p: Params,
    n: u32,
}

#[test]
fn an_old_driver_checks_the_ptx_instead_and_launches_the_same_way() {
    const WHAT: &str = "launch_cudarc_old_driver";
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

    let ctx = CudaContext::new(0).unwrap();
    let stream = ctx.default_stream();
    let f = ctx
        .load_module(Ptx::from_src(ptx.clone()))
        .unwrap()
        .load_function("scale")
        .unwrap();

    // The driver cannot say; the error says what to do instead.
    let e = CheckedFunction::<ScaleArgs>::new(&f).unwrap_err();
    assert_eq!(
        e,
        LoadedError::DriverTooOld {
            version: Some(12020)
        }
    );
    assert!(e.to_string().contains("with_ptx"), "{e}");

    // The PTX is checked by type: the swap is refused naming the parameter.
    match CheckedFunction::<Swapped>::with_ptx(&f, &ptx).unwrap_err() {
        LoadedError::Ptx(SignatureError::Param(m)) => {
            assert_eq!((m.index, m.field), (2, "p"), "{m:?}")
        }
        other => panic!("{other:?}: {other}"),
    }

    let scale = CheckedFunction::<ScaleArgs>::with_ptx(&f, &ptx).unwrap();
    assert!(scale.loaded().is_none());
    // sm_90's parameters, none aligned above 16: the C layout from offset 0.
    assert_eq!(scale.offsets(), [0, 8, 16, 20]);
    assert_eq!(fake.param_info_calls(), 0);

    let host: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let input = stream.clone_htod(&host).unwrap();
    let want: Vec<f32> = host.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect();
    let p = Params {
        mode: 5,
        level: -3,
        scale: 2.0,
    };
    let cfg = LaunchConfig::for_num_elems(32);
    for extra in [false, true] {
        let mut out = stream.alloc_zeros::<f32>(32).unwrap();
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
        assert_eq!(stream.clone_dtoh(&out).unwrap(), want, "extra: {extra}");
    }
    assert_eq!(fake.launches(), 2);
}
