//! Issue 29, item 6: a kernel written in Rust (`rk_echo`, compiled by nightly rustc's nvptx64
//! backend when this test was built, `build.rs`) launched on the GPU through a checked
//! function with cudarc's buffers, its by-value parameters written back by the device and read
//! here. Its parameter list is checked against rustc's PTX everywhere (no GPU needed); the
//! launch runs where there is a GPU (`cargo xtask test-gpu`), and without one the test says it
//! skipped (`PTX_ABI_REQUIRE_GPU=1` makes that a failure).

use oracle_tests::gpu::skip_gpu;
use ptx_abi::codec::PtxImage;
use ptx_abi::cudarc::driver::{sys, CudaContext, CudaSlice, LaunchConfig};
use ptx_abi::cudarc::nvrtc::Ptx;
use ptx_abi::params::CheckedFunction;
use ptx_abi::{check_entry, PtxAbi};

const PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/gpu_rust_kernel.ptx"));
const WHY: &str = include_str!(concat!(env!("OUT_DIR"), "/gpu_rust_kernel.why"));

/// The device's `#[repr(C)] struct Echo { tag: u8, weight: f64, count: u32, rgb: [u8; 3] }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Echo {
    tag: u8,
    weight: f64,
    count: u32,
    rgb: [u8; 3],
}

/// `rk_echo(out: *mut Echo, e: Echo, scale: f32, out_scale: *mut f32)`.
#[derive(PtxAbi)]
#[ptx(kernel = "rk_echo", abi = "rust")]
struct EchoArgs<'a> {
    out: &'a mut CudaSlice<EchoImage>,
    e: Echo,
    scale: f32,
    out_scale: &'a mut CudaSlice<f32>,
}

#[test]
fn a_rust_kernel_reads_the_parameters_ptx_abi_writes() {
    if PTX.is_empty() {
        ptx_abi_oracle::require::say(&format!("SKIPPED the Rust-built kernel on the GPU: {WHY}"));
        return;
    }
    check_entry::<EchoArgs>(PTX).unwrap_or_else(|e| panic!("{e}\n{PTX}"));
    // SAFETY: only tries to open the driver library by name; no symbol is called.
    if !unsafe { sys::is_culib_present() } {
        return skip_gpu("no CUDA driver (libcuda) on this machine");
    }
    let ctx = match CudaContext::new(0) {
        Ok(c) => c,
        Err(e) => return skip_gpu(&format!("no usable GPU ({e})")),
    };
    let stream = ctx.default_stream();
    let f = ctx
        .load_module(Ptx::from_src(PTX))
        .and_then(|m| m.load_function("rk_echo"))
        .expect("the driver loads rustc's PTX");
    let echo = CheckedFunction::<EchoArgs>::new(&f).expect("EchoArgs matches the loaded rk_echo");
    let e = Echo {
        tag: 0xa5,
        weight: -2.5e-3,
        count: 0xdead_beef,
        rgb: [1, 2, 3],
    };
    let one = LaunchConfig {
        grid_dim: (1, 1, 1),
        block_dim: (1, 1, 1),
        shared_mem_bytes: 0,
    };
    for extra in [false, true] {
        let mut out = stream.alloc_zeros::<EchoImage>(1).unwrap();
        let mut out_scale = stream.alloc_zeros::<f32>(1).unwrap();
        let args = EchoArgs {
            out: &mut out,
            e,
            scale: 0.75,
            out_scale: &mut out_scale,
        };
        // SAFETY: `rk_echo` writes one `Echo` through `out` and one `f32` through
        // `out_scale`, each a buffer of one element.
        let launched = unsafe {
            if extra {
                echo.launch_extra(&stream, one, args)
            } else {
                echo.launch(&stream, one, args)
            }
        };
        launched.unwrap();
        let back = stream.clone_dtoh(&out).unwrap()[0];
        assert_eq!(back.get().unwrap(), e, "extra: {extra}");
        assert_eq!(
            stream.clone_dtoh(&out_scale).unwrap(),
            [0.75],
            "extra: {extra}"
        );
    }
    ptx_abi_oracle::require::say(
        "GPU: a kernel built by rustc read its parameters through kernelParams and extra",
    );
}
