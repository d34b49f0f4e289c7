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
    use super::Params;
    use ptx_abi::cudarc::driver::{CudaContext, CudaSlice, LaunchConfig};
    use ptx_abi::cudarc::nvrtc::Ptx;
    use ptx_abi::params::CheckedFunction;
    use ptx_abi::PtxAbi;

    const P: Params = Params {
        mode: 5,
        level: -3,
        scale: 2.0,
    };

    /// `scale`'s parameters as a cudarc program holds them: its own device buffers.
    #[derive(PtxAbi)]
    #[ptx(kernel = "scale")]
    struct Scale<'a> {
        out: &'a mut CudaSlice<f32>,
        input: &'a CudaSlice<f32>,
        n: u32,
        p: Params,
    }

    pub fn run(ptx: &str) {
        // The same parameters as `ScaleArgs`: the buffers are `float*` and `const float*`.
        if let Err(e) = ptx_abi::check_entry::<Scale>(ptx) {
            eprintln!("host/device drift: {e}");
            std::process::exit(1);
        }
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
        let (stream, n) = (ctx.default_stream(), 256u32);
        let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let (input, mut out) = (stream.clone_htod(&host)?, stream.alloc_zeros::<f32>(256)?);

        // The launch: checked once against the driver's own report of `scale`'s parameters,
        // then launched with cudarc's buffers, which keep cudarc's stream ordering.
        let module = ctx.load_module(Ptx::from_src(ptx))?;
        let scale = CheckedFunction::<Scale>::new(&module.load_function("scale")?)?;
        let args = Scale {
            out: &mut out,
            input: &input,
            n,
            p: P,
        };
        // SAFETY: `scale` reads `n` floats of `input` and writes `n` of `out`, both `n` long.
        unsafe { scale.launch(&stream, LaunchConfig::for_num_elems(n), args)? };

        let result = stream.clone_dtoh(&out)?;
        let expected: Vec<f32> = host.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect();
        assert_eq!(
            result, expected,
            "the kernel read the parameters ptx-abi wrote"
        );
        println!(
            "launched on the GPU with cudarc's buffers (CheckedFunction::launch, kernelParams): \
             all {n} results correct; the driver's parameters: {:?}",
            scale.loaded()
        );

        // The same launch through `extra`, each parameter at the loaded function's offset.
        let mut out2 = stream.alloc_zeros::<f32>(n as usize)?;
        let args = Scale {
            out: &mut out2,
            input: &input,
            n,
            p: P,
        };
        // SAFETY: as above.
        unsafe { scale.launch_extra(&stream, LaunchConfig::for_num_elems(n), args)? };
        assert_eq!(stream.clone_dtoh(&out2)?, expected, "through `extra`");
        println!("launched on the GPU through `extra` (launch_extra): all {n} results correct");
        Ok(())
    }
}
