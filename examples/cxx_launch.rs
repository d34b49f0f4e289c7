//! C++ kernels, end to end (the guide's chapters 6 and 7):
//!
//! 1. a C++ kernel `ns::inner::scale(float*, const float*, unsigned, Params)` compiled by
//!    NVRTC and launched through cudarc by the Itanium name ptx-abi computes at compile time
//!    (`ScaleArgs::KERNEL == "_ZN2ns5inner5scaleEPfPKfj6Params"`);
//! 2. C++ `__device__ __noinline__` functions for every scalar type, ten vectors and a
//!    bit-field struct, called from a PTX kernel through the call sequences ptx-abi generates
//!    (`ptx_abi::params::call_sequence`), the bit-field one indirectly via a `.callprototype`;
//!    every returned value is checked.
//!
//! `cargo xtask nvrtc`, then `cargo run --example cxx_launch --features cudarc` on a machine
//! with a GPU. Without the `cudarc` feature, NVRTC, a driver or a GPU it prints one line
//! saying what it skipped and exits 0.

#[path = "../tests/common/call_module.rs"]
mod call_module;

use ptx_abi::{DeviceConstPtr, DevicePtr, KernelParams, PtxAbi};

const SCALE: &str = r#"
struct Params { float scale; int bias; };
namespace ns { namespace inner {
__global__ void scale(float* out, const float* in, unsigned n, Params p) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * p.scale + p.bias;
}
} }
"#;

/// `struct Params`, shared with the kernel.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[repr(C)]
struct Params {
    scale: f32,
    bias: i32,
}

/// The parameters of the C++ kernel `ns::inner::scale`; its symbol is mangled at compile time.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[repr(C)]
#[ptx(kernel = "ns::inner::scale", abi = "c++")]
struct ScaleArgs {
    out: DevicePtr<f32>,
    input: DeviceConstPtr<f32>,
    n: u32,
    p: Params,
}

fn main() {
    println!("ns::inner::scale is `{}`", ScaleArgs::KERNEL);
    let Some(Ok(nvrtc)) = ptx_abi_nvtools::nvrtc::Nvrtc::locate_and_load() else {
        println!("skipped: NVRTC not found (run `cargo xtask nvrtc`)");
        return;
    };
    let opts = ["--gpu-architecture=compute_75", "-rdc=true"];
    let (scale_ptx, lowered) = nvrtc
        .compile_lowered(SCALE, &opts, &["ns::inner::scale"])
        .unwrap_or_else(|e| panic!("NVRTC rejected the kernel:\n{}", e.log));
    assert_eq!(lowered[0], ScaleArgs::KERNEL, "NVRTC's lowered name");
    ptx_abi::check_entry::<ScaleArgs>(&scale_ptx).expect("signature matches");
    let device_ptx = nvrtc
        .compile(&call_module::device_source(), &opts)
        .unwrap_or_else(|e| panic!("NVRTC rejected the device functions:\n{}", e.log));
    let module = call_module::module(&device_ptx);
    #[cfg(feature = "cudarc")]
    gpu::run(&scale_ptx, &module);
    #[cfg(not(feature = "cudarc"))]
    {
        let _ = module;
        println!("skipped: built without `--features cudarc`, nothing launched");
    }
}

#[cfg(feature = "cudarc")]
mod gpu {
    use super::*;
    use ptx_abi::cudarc::driver::{CudaContext, DevicePtr as _, LaunchConfig, PushKernelArg};
    use ptx_abi::cudarc::nvrtc::Ptx;
    use ptx_abi::KernelLaunch;

    pub fn run(scale_ptx: &str, module: &str) {
        // SAFETY: only tries to open the driver library by name (dlopen) and closes it again;
        // no symbol of it is called.
        if !unsafe { ptx_abi::cudarc::driver::sys::is_culib_present() } {
            println!("skipped: no CUDA driver on this machine, nothing launched");
            return;
        }
        let ctx = match CudaContext::new(0) {
            Ok(ctx) => ctx,
            Err(e) => {
                println!("skipped: no GPU to launch on ({e})");
                return;
            }
        };
        if let Err(e) = launch(&ctx, scale_ptx, module) {
            eprintln!("FAILED: {e}");
            std::process::exit(1);
        }
    }

    fn launch(
        ctx: &std::sync::Arc<CudaContext>,
        scale_ptx: &str,
        module: &str,
    ) -> Result<(), Box<dyn std::error::Error>> {
        let stream = ctx.default_stream();

        // 1. The C++ kernel, by its mangled name.
        let f = ctx
            .load_module(Ptx::from_src(scale_ptx))?
            .load_function(ScaleArgs::KERNEL)?;
        let n = 256u32;
        let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let input = stream.clone_htod(&host)?;
        let out = stream.alloc_zeros::<f32>(n as usize)?;
        let (in_ptr, sync_in) = input.device_ptr(&stream);
        let (out_ptr, sync_out) = out.device_ptr(&stream);
        let args = ScaleArgs {
            out: DevicePtr::from_raw(out_ptr),
            input: DeviceConstPtr::from_raw(in_ptr),
            n,
            p: Params {
                scale: 2.0,
                bias: -3,
            },
        };
        let launch = KernelLaunch::new(&args)?;
        let mut builder = stream.launch_builder(&f);
        builder.arg(&launch);
        // SAFETY: `f` is `ns::inner::scale`, whose signature `check_entry` matched against
        // `ScaleArgs`; both buffers hold `n` floats and outlive the launch (synchronized by
        // the copy below).
        unsafe { builder.launch(LaunchConfig::for_num_elems(n))? };
        drop((sync_in, sync_out));
        let result = stream.clone_dtoh(&out)?;
        let expected: Vec<f32> = host.iter().map(|x| x * 2.0 - 3.0).collect();
        if result != expected {
            return Err(format!("{} returned wrong values", ScaleArgs::KERNEL).into());
        }
        println!(
            "ok: launched `{}` by its mangled name, {n} results correct",
            ScaleArgs::KERNEL
        );

        // 2. The generated call sequences.
        let call_all = ctx
            .load_module(Ptx::from_src(module))?
            .load_function("call_all")?;
        let (host_in, expected) = call_module::buffers();
        let input = stream.clone_htod(&host_in)?;
        let out = stream.alloc_zeros::<u8>(expected.len())?;
        let (in_ptr, sync_in) = input.device_ptr(&stream);
        let (out_ptr, sync_out) = out.device_ptr(&stream);
        let mut builder = stream.launch_builder(&call_all);
        builder.arg(&in_ptr);
        builder.arg(&out_ptr);
        // SAFETY: `call_all(u64 in, u64 out)` reads 32 bytes per case from `in` and writes 16
        // per case to `out`; both buffers are exactly that size and outlive the launch.
        unsafe { builder.launch(LaunchConfig::for_num_elems(1))? };
        drop((sync_in, sync_out));
        let got = stream.clone_dtoh(&out)?;
        let cases = call_module::cases();
        let mut bad = Vec::new();
        for (i, c) in cases.iter().enumerate() {
            let (_, _, r) = call_module::slots(i);
            let size = ptx_abi::layout_of(c.ty, ptx_abi::AddressSize::A64).size;
            let ok = if c.c_type == "Bits" {
                // Unused bits of the returned struct are indeterminate: compare the members.
                call_module::Bits::decode(&got[r..r + size])
                    == call_module::Bits::decode(&expected[r..r + size])
            } else {
                got[r..r + size] == expected[r..r + size]
            };
            if !ok {
                bad.push(format!(
                    "{}: got {:02x?}, expected {:02x?}",
                    c.c_type,
                    &got[r..r + size],
                    &expected[r..r + size]
                ));
            }
        }
        if !bad.is_empty() {
            return Err(
                format!("call sequences returned wrong values:\n{}", bad.join("\n")).into(),
            );
        }
        println!(
            "ok: {} device functions called through ptx-abi's call sequences, all results correct",
            cases.len()
        );
        Ok(())
    }
}
