//! A real kernel, end to end: compile a small CUDA C kernel with NVRTC, check the Rust argument
//! struct against the PTX it produced, and build the launch buffer. Runs without a GPU. With
//! `--features cudarc` and a GPU present it also launches the kernel and checks the results.
//!
//! `cargo xtask nvrtc` fetches NVRTC first; then `cargo run --example launch`.

use ptx_abi::{DevicePtr, KernelLaunch, KernelParams, PtxAbi};

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

/// The parameters of `scale`, in order.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[ptx(kernel = "scale")]
struct ScaleArgs {
    out: DevicePtr<f32>,
    input: DevicePtr<f32>,
    n: u32,
    p: Params,
}

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
    println!("NVRTC's signature of `scale`:");
    for line in ptx
        .lines()
        .skip_while(|l| !l.contains(".entry"))
        .take_while(|l| !l.starts_with('{'))
    {
        println!("  {line}");
    }
    println!(
        "ptx-abi's:\n  {}",
        ptx_abi::entry_signature::<ScaleArgs>().replace('\n', "\n  ")
    );
    if let Err(e) = ptx_abi::check_entry::<ScaleArgs>(&ptx) {
        eprintln!("host/device drift: {e}");
        std::process::exit(1);
    }
    println!("check_entry: the Rust argument struct matches the PTX");

    let args = ScaleArgs {
        out: DevicePtr::from_raw(0x7f00_0000_1000),
        input: DevicePtr::from_raw(0x7f00_0000_2000),
        n: 256,
        p: Params {
            mode: 5,
            level: -3,
            scale: 2.0,
        },
    };
    let launch = match KernelLaunch::new(&args) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("cannot encode the arguments: {e}");
            std::process::exit(1);
        }
    };
    println!(
        "launch buffer: {} bytes (CU_LAUNCH_PARAM_BUFFER_SIZE), parameters at offsets {:?}",
        launch.buffer_size(),
        ScaleArgs::PARAM_OFFSETS
    );
    println!("  {:02x?}", launch.buffer());

    #[cfg(feature = "cudarc")]
    gpu::run(&ptx);
    #[cfg(not(feature = "cudarc"))]
    println!("(build with `--features cudarc` on a machine with a GPU to launch it)");
}

#[cfg(feature = "cudarc")]
mod gpu {
    use super::*;
    use ptx_abi::cudarc::driver::{CudaContext, DevicePtr as _, LaunchConfig, PushKernelArg};
    use ptx_abi::cudarc::nvrtc::Ptx;

    pub fn run(ptx: &str) {
        // SAFETY: only tries to open the driver library by name (dlopen) and closes it again;
        // no symbol of it is called.
        if !unsafe { ptx_abi::cudarc::driver::sys::is_culib_present() } {
            println!(
                "no CUDA driver on this machine; the launch buffer above is what a GPU would get"
            );
            require_gpu();
            return;
        }
        let ctx = match CudaContext::new(0) {
            Ok(ctx) => ctx,
            Err(e) => {
                println!("no GPU to launch on ({e}); the launch buffer above is what it would get");
                require_gpu();
                return;
            }
        };
        if let Err(e) = launch(&ctx, ptx) {
            eprintln!("launch failed: {e}");
            std::process::exit(1);
        }
    }

    /// `PTX_ABI_REQUIRE_GPU=1` (`cargo xtask test-gpu` on a GPU machine) makes a missing GPU
    /// a failure.
    fn require_gpu() {
        if std::env::var("PTX_ABI_REQUIRE_GPU").is_ok_and(|v| v == "1") {
            eprintln!("PTX_ABI_REQUIRE_GPU=1 requires a GPU");
            std::process::exit(1);
        }
    }

    fn launch(
        ctx: &std::sync::Arc<CudaContext>,
        ptx: &str,
    ) -> Result<(), Box<dyn std::error::Error>> {
        let stream = ctx.default_stream();
        let f = ctx
            .load_module(Ptx::from_src(ptx))?
            .load_function("scale")?;
        // The runtime check of the loaded kernel: what the driver itself says about `scale`'s
        // parameters (`cuFuncGetParamInfo`), against `ScaleArgs`.
        let loaded = ptx_abi::params::check_loaded::<ScaleArgs>(&f)?;
        println!(
            "check_loaded: the driver's {} parameters of `scale` ({}) match ScaleArgs: {:?}",
            loaded.params.len(),
            loaded.arch,
            loaded.params
        );
        let n = 256u32;
        let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let input = stream.clone_htod(&host)?;
        let out = stream.alloc_zeros::<f32>(n as usize)?;
        let (in_ptr, _sync_in) = input.device_ptr(&stream);
        let (out_ptr, _sync_out) = out.device_ptr(&stream);
        let args = ScaleArgs {
            out: DevicePtr::from_raw(out_ptr),
            input: DevicePtr::from_raw(in_ptr),
            n,
            p: Params {
                mode: 5,
                level: -3,
                scale: 2.0,
            },
        };
        let launch = KernelLaunch::new(&args)?;
        let mut builder = stream.launch_builder(&f);
        builder.arg(&launch);
        // SAFETY: `f` is `scale`, whose signature `check_entry` matched against `ScaleArgs`;
        // both buffers hold `n` floats and outlive the launch (synchronized below).
        unsafe { builder.launch(LaunchConfig::for_num_elems(n))? };
        drop((_sync_in, _sync_out));
        let result = stream.clone_dtoh(&out)?;
        let expected: Vec<f32> = host.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect();
        assert_eq!(
            result, expected,
            "the kernel read the parameters ptx-abi wrote"
        );
        println!("launched on the GPU through cudarc's launch builder: all {n} results correct");

        // The same launch through `extra`, with the buffer laid out at the loaded function's
        // own parameter offsets.
        let out2 = stream.alloc_zeros::<f32>(n as usize)?;
        let (out2_ptr, _sync_out2) = out2.device_ptr(&stream);
        let launch = KernelLaunch::new(&ScaleArgs {
            out: DevicePtr::from_raw(out2_ptr),
            ..args
        })?;
        let mut buffer = launch.param_buffer_for(&f)?;
        let cfg = LaunchConfig::for_num_elems(n);
        // SAFETY: `f` is `scale`, checked against `ScaleArgs` by `check_loaded`; `buffer` holds
        // its parameters at the driver's offsets and outlives the launch, and the buffers hold
        // `n` floats (synchronized below).
        unsafe {
            ptx_abi::cudarc::driver::sys::cuLaunchKernel(
                f.cu_function(),
                cfg.grid_dim.0,
                1,
                1,
                cfg.block_dim.0,
                1,
                1,
                0,
                stream.cu_stream(),
                std::ptr::null_mut(),
                buffer.extra().as_mut_ptr(),
            )
            .result()?
        };
        stream.synchronize()?;
        drop(_sync_out2);
        assert_eq!(stream.clone_dtoh(&out2)?, expected, "through `extra`");
        println!("launched on the GPU through `extra` (param_buffer_for): all {n} results correct");
        Ok(())
    }
}
