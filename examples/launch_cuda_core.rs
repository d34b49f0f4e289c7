//! `examples/launch.rs`'s kernel launched through NVIDIA's cuda-core (feature `cuda-core`):
//! compiled with NVRTC, checked against the loaded function once, then launched with
//! cuda-core's own `DeviceBuffer`s as arguments (`CheckedCudaCoreFunction`), which keep
//! cuda-core's access tracking, through `kernelParams` and through `extra`, and the results read
//! back. Without a GPU, or with a CUDA driver older than 13.0 (which cuda-core does not load),
//! it says so and stops after the check of the PTX.
//!
//! Building it needs what `cuda-core` needs (a CUDA 13 toolkit's headers and libclang):
//! `cargo xtask test-cuda-core` assembles them and builds it; `cargo xtask test-gpu` runs it.

use ptx_abi::cuda_core::{self, Context, DeviceBuffer, LaunchConfig};
use ptx_abi::params::CheckedCudaCoreFunction;
use ptx_abi::PtxAbi;
use std::sync::Arc;

const KERNEL: &str = r#"
struct Params {
    unsigned mode : 3;
    int level : 5;
    float scale;
};

extern "C" __global__ void scale(float* out, const float* in, unsigned n, Params p) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * p.scale + p.level + p.mode;
}
"#;

/// `struct Params`, shared with the kernel.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Params {
    #[ptx(bits = 3)]
    mode: u32,
    #[ptx(bits = 5)]
    level: i32,
    scale: f32,
}

/// `scale`'s parameters as a cuda-core program holds them: its own device buffers.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct Scale<'a> {
    out: &'a mut DeviceBuffer<f32>,
    input: &'a DeviceBuffer<f32>,
    n: u32,
    p: Params,
}

const P: Params = Params {
    mode: 5,
    level: -3,
    scale: 2.0,
};

fn main() {
    let Some(Ok(nvrtc)) = ptx_abi_nvtools::nvrtc::Nvrtc::locate_and_load() else {
        eprintln!("NVRTC not found: run `cargo xtask nvrtc` first");
        std::process::exit(2);
    };
    let ptx = match nvrtc.compile(KERNEL, &["--gpu-architecture=compute_75"]) {
        Ok(ptx) => ptx,
        Err(e) => {
            eprintln!("NVRTC rejected the kernel:\n{}", e.log);
            std::process::exit(1);
        }
    };
    if let Err(e) = ptx_abi::check_entry::<Scale>(&ptx) {
        eprintln!("host/device drift: {e}");
        std::process::exit(1);
    }
    println!("check_entry: `Scale` (cuda-core buffers) matches NVRTC's PTX of `scale`");

    match cuda_core::sys::cuda_driver_load_error() {
        None => {}
        Some(e @ cuda_core::sys::DynLoadError::RuntimeTooOld { .. }) => {
            // cuda-core binds CUDA 13's driver API and refuses an older driver: a machine
            // whose GPU runs a CUDA 12 driver cannot run cuda-core at all.
            println!("cuda-core cannot use this machine's CUDA driver ({e}); not launched");
            return;
        }
        Some(e) => {
            println!("no CUDA driver on this machine ({e}); not launched");
            require_gpu();
            return;
        }
    }
    let ctx = match Context::new(0) {
        Ok(ctx) => ctx,
        Err(e) => {
            println!("no GPU to launch on ({e}); not launched");
            require_gpu();
            return;
        }
    };
    if let Err(e) = launch(&ctx, &ptx) {
        eprintln!("launch failed: {e}");
        std::process::exit(1);
    }
}

/// `PTX_ABI_REQUIRE_GPU=1` (`cargo xtask test-gpu` on a GPU machine) makes a missing GPU a
/// failure.
fn require_gpu() {
    if std::env::var("PTX_ABI_REQUIRE_GPU").is_ok_and(|v| v == "1") {
        eprintln!("PTX_ABI_REQUIRE_GPU=1 requires a GPU");
        std::process::exit(1);
    }
}

fn launch(ctx: &Arc<Context>, ptx: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (stream, n) = (ctx.new_stream()?, 256u32);
    let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let input = DeviceBuffer::from_host(&stream, &host)?;
    let mut out = DeviceBuffer::<f32>::zeroed(&stream, n as usize)?;

    // The launch: checked once against the driver's own report of `scale`'s parameters, then
    // launched with cuda-core's buffers, whose accesses cuda-core tracks.
    let module = ctx.load_module_from_ptx_src(ptx)?;
    let scale = CheckedCudaCoreFunction::<Scale>::new(&module.load_function("scale")?)?;
    let args = Scale {
        out: &mut out,
        input: &input,
        n,
        p: P,
    };
    // SAFETY: `scale` reads `n` floats of `input` and writes `n` of `out`, both `n` long.
    unsafe { scale.launch(&stream, LaunchConfig::for_num_elems(n), args)? };

    let expected: Vec<f32> = host.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect();
    assert_eq!(
        out.to_host_vec(&stream)?,
        expected,
        "the kernel read the parameters ptx-abi wrote"
    );
    println!(
        "launched on the GPU with cuda-core's buffers (CheckedCudaCoreFunction::launch, \
         kernelParams): all {n} results correct; the driver's parameters: {:?}",
        scale.loaded()
    );

    // The same launch through `extra`, each parameter at the loaded function's offset.
    let mut out2 = DeviceBuffer::<f32>::zeroed(&stream, n as usize)?;
    let args = Scale {
        out: &mut out2,
        input: &input,
        n,
        p: P,
    };
    // SAFETY: as above.
    unsafe { scale.launch_extra(&stream, LaunchConfig::for_num_elems(n), args)? };
    assert_eq!(out2.to_host_vec(&stream)?, expected, "through `extra`");
    println!("launched on the GPU through `extra` (launch_extra): all {n} results correct");
    Ok(())
}
