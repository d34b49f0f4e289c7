//! Issue 29, items 2 and 3: kernels launched through cudarc with cudarc's own buffers as
//! arguments (`CheckedFunction::launch`), on the fake CUDA driver of `tests/fake_cuda/` (host
//! memory, kernels written in C that read their parameters through C types), so that the whole
//! host side of a launch runs on a machine without a GPU: the results read back, the stream
//! ordering compared with cudarc's own launch builder's, the check done once, no allocation per
//! launch. A machine with a real driver skips these (the GPU suite launches for real).
#![cfg(feature = "cudarc")]

#[path = "fake_cuda/mod.rs"]
mod fake_cuda;

use fake_cuda::FakeCuda;
use ptx_abi::cudarc::driver::{
    CudaContext, CudaModule, CudaSlice, CudaStream, CudaView, CudaViewMut, LaunchConfig,
    PushKernelArg,
};
use ptx_abi::cudarc::nvrtc::Ptx;
use ptx_abi::params::{CheckedFunction, LoadedError};
use ptx_abi::{EncodeError, KernelLaunch, PtxAbi};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::{Arc, Mutex, MutexGuard};

/// `struct Params { unsigned mode : 3; int level : 5; float scale; };` (the fake's `scale`
/// reads it as that C struct).
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Params {
    #[ptx(bits = 3)]
    mode: u32,
    #[ptx(bits = 5)]
    level: i32,
    scale: f32,
}

/// `extern "C" __global__ void scale(float* out, const float* in, unsigned n, Params p)`.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScaleArgs<'a> {
    out: &'a mut CudaSlice<f32>,
    input: &'a CudaSlice<f32>,
    n: u32,
    p: Params,
}

/// The same kernel through views.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScaleViews<'a> {
    out: CudaViewMut<'a, f32>,
    input: CudaView<'a, f32>,
    n: u32,
    p: Params,
}

/// `extern "C" __global__ void axpy(float a, const float* x, float* y, int n)`.
#[derive(PtxAbi)]
#[ptx(kernel = "axpy")]
struct AxpyArgs<'a> {
    a: f32,
    x: &'a CudaSlice<f32>,
    y: &'a mut CudaSlice<f32>,
    n: i32,
}

const P: Params = Params {
    mode: 5,
    level: -3,
    scale: 2.0,
};

fn expected(input: &[f32]) -> Vec<f32> {
    input.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect()
}

/// Counts each thread's allocations, to show a checked launch makes none (other tests'
/// threads allocate meanwhile).
struct Counting;
thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}
fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}
// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // A const-initialized thread-local of a `Cell` needs no allocation to reach; during
        // a thread's teardown it may be gone, and is then not counted.
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;

/// The fake driver has one trace and one set of counters: the tests take turns.
fn fake() -> Option<(&'static FakeCuda, MutexGuard<'static, ()>)> {
    static TURN: Mutex<()> = Mutex::new(());
    let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    match FakeCuda::load() {
        Ok(f) => Some((f, turn)),
        Err(why) => {
            eprintln!("skipped: the fake CUDA driver cannot be used here: {why}");
            None
        }
    }
}

fn module() -> (Arc<CudaContext>, Arc<CudaModule>) {
    let ctx = CudaContext::new(0).expect("the fake driver has device 0");
    // The fake driver takes any image; its kernels are chosen by name.
    let module = ctx
        .load_module(Ptx::from_src(
            ".version 8.0\n.target sm_90\n.address_size 64\n",
        ))
        .expect("module");
    (ctx, module)
}

#[test]
fn a_checked_launch_takes_cudarc_buffers_and_the_kernel_reads_them() {
    let Some((_fake, _turn)) = fake() else { return };
    let (ctx, module) = module();
    let stream = ctx.default_stream();
    let host: Vec<f32> = (0..256).map(|i| i as f32).collect();
    let input = stream.clone_htod(&host).unwrap();
    let mut out = stream.alloc_zeros::<f32>(host.len()).unwrap();

    let scale = CheckedFunction::<ScaleArgs>::new(&module.load_function("scale").unwrap())
        .expect("ScaleArgs matches the loaded `scale`");
    let cfg = LaunchConfig::for_num_elems(256);
    // SAFETY: `scale` reads 256 floats of `input` and writes 256 of `out`, both that long.
    unsafe {
        scale.launch(
            &stream,
            cfg,
            ScaleArgs {
                out: &mut out,
                input: &input,
                n: 256,
                p: P,
            },
        )
    }
    .unwrap();
    assert_eq!(stream.clone_dtoh(&out).unwrap(), expected(&host));

    // Through `extra`, at the offsets the driver reported; and through views.
    let mut out2 = stream.alloc_zeros::<f32>(host.len()).unwrap();
    // SAFETY: as above.
    unsafe {
        scale.launch_extra(
            &stream,
            cfg,
            ScaleArgs {
                out: &mut out2,
                input: &input,
                n: 256,
                p: P,
            },
        )
    }
    .unwrap();
    assert_eq!(stream.clone_dtoh(&out2).unwrap(), expected(&host));

    let views = CheckedFunction::<ScaleViews>::new(scale.function()).unwrap();
    let mut out3 = stream.alloc_zeros::<f32>(host.len()).unwrap();
    // SAFETY: the kernel reads the first 100 floats of the view of `input` and writes the
    // view of `out3`, both 100 long.
    unsafe {
        views.launch(
            &stream,
            cfg,
            ScaleViews {
                out: out3.slice_mut(0..100),
                input: input.slice(0..100),
                n: 100,
                p: P,
            },
        )
    }
    .unwrap();
    let mut want = expected(&host[..100]);
    want.resize(256, 0.0);
    assert_eq!(stream.clone_dtoh(&out3).unwrap(), want);
}

#[test]
fn the_launch_orders_streams_as_cudarcs_launch_builder_does() {
    let Some((fake, _turn)) = fake() else { return };
    let (ctx, module) = module();
    // A second stream puts cudarc in multi-stream mode: every buffer then has a read and a
    // write event, which launches wait for and record.
    let home = ctx.new_stream().unwrap();
    let other = ctx.new_stream().unwrap();
    let x = home.clone_htod(&[1.0f32, 2.0, 3.0, 4.0]).unwrap();
    let mut y = home.clone_htod(&[10.0f32, 20.0, 30.0, 40.0]).unwrap();
    let f = module.load_function("axpy").unwrap();
    let cfg = LaunchConfig::for_num_elems(4);

    // cudarc's own launch builder, the reference.
    fake.clear_trace();
    let mut builder = other.launch_builder(&f);
    builder.arg(&2.0f32).arg(&x).arg(&mut y).arg(&4i32);
    // SAFETY: `axpy` reads 4 floats of `x` and updates 4 of `y`.
    unsafe { builder.launch(cfg) }.unwrap();
    let cudarc = fake.trace();
    assert_eq!(home.clone_dtoh(&y).unwrap(), [12.0, 24.0, 36.0, 48.0]);

    let axpy = CheckedFunction::<AxpyArgs>::new(&f).unwrap();
    fake.clear_trace();
    // SAFETY: as above.
    unsafe {
        axpy.launch(
            &other,
            cfg,
            AxpyArgs {
                a: 2.0,
                x: &x,
                y: &mut y,
                n: 4,
            },
        )
    }
    .unwrap();
    let ours = fake.trace();
    assert_eq!(home.clone_dtoh(&y).unwrap(), [14.0, 28.0, 42.0, 56.0]);
    // The same waits before the launch and the same records after it, in the same order.
    assert!(ours.contains("launch axpy"), "{ours}");
    assert!(
        ours.lines().filter(|l| l.starts_with("wait")).count() >= 2,
        "x's write and y's read and write are waited for:\n{ours}"
    );
    assert_eq!(
        ours, cudarc,
        "ptx-abi's launch:\n{ours}\ncudarc's:\n{cudarc}"
    );
}

#[test]
fn the_check_runs_once_and_a_launch_allocates_nothing() {
    let Some((fake, _turn)) = fake() else { return };
    let (ctx, module) = module();
    let stream: Arc<CudaStream> = ctx.default_stream();
    let f = module.load_function("scale").unwrap();
    let (count0, info0) = (fake.param_count_calls(), fake.param_info_calls());
    let scale = CheckedFunction::<ScaleArgs>::new(&f).unwrap();
    // The driver has `cuFuncGetParamCount`: one count, then one call per parameter.
    assert_eq!(fake.param_count_calls() - count0, 1);
    assert_eq!(fake.param_info_calls() - info0, 4);
    assert_eq!(scale.offsets(), [0, 8, 16, 20]);

    let input = stream.clone_htod(&[1.0f32; 64]).unwrap();
    let mut out = stream.alloc_zeros::<f32>(64).unwrap();
    let cfg = LaunchConfig::for_num_elems(64);
    let launch = |out: &mut CudaSlice<f32>| {
        // SAFETY: `scale` reads 64 floats of `input` and writes 64 of `out`.
        unsafe {
            scale.launch(
                &stream,
                cfg,
                ScaleArgs {
                    out,
                    input: &input,
                    n: 64,
                    p: P,
                },
            )
        }
        .unwrap()
    };
    launch(&mut out); // warm: cudarc looks each driver symbol up once
    let launched = fake.launches();
    let before = allocations();
    for _ in 0..100 {
        launch(&mut out);
    }
    let allocations = allocations() - before;
    assert_eq!(fake.launches() - launched, 100);
    assert_eq!(
        allocations, 0,
        "100 checked launches allocated {allocations} times"
    );
    // Nothing was asked of the driver again.
    assert_eq!(fake.param_count_calls() - count0, 1);
    assert_eq!(fake.param_info_calls() - info0, 4);
}

#[test]
fn a_struct_of_another_kernel_is_refused_before_any_launch() {
    let Some((fake, _turn)) = fake() else { return };
    let (_ctx, module) = module();
    let launched = fake.launches();
    // `axpy`'s parameters are (4, 8, 8, 4) bytes at (0, 8, 16, 24); `ScaleArgs` needs
    // (8, 8, 4, 8) at (0, 8, 16, 20).
    let e = CheckedFunction::<ScaleArgs>::new(&module.load_function("axpy").unwrap()).unwrap_err();
    assert!(
        matches!(e, LoadedError::Param { index: 0, .. }),
        "{e:?}: {e}"
    );
    assert_eq!(
        e.to_string(),
        "parameter 0 of the loaded kernel `scale` (field `out` of `ScaleArgs`): the driver \
         reports size 4, the Rust field needs 8"
    );
    assert_eq!(fake.launches(), launched);
}

#[test]
fn a_buffer_is_written_only_by_a_launch() {
    let Some((_fake, _turn)) = fake() else { return };
    let (ctx, _module) = module();
    let stream = ctx.default_stream();
    let input = stream.clone_htod(&[1.0f32]).unwrap();
    let mut out = stream.alloc_zeros::<f32>(1).unwrap();
    let args = ScaleArgs {
        out: &mut out,
        input: &input,
        n: 1,
        p: P,
    };
    // Without a stream there is no address to write (cudarc hands one out per stream).
    let e = KernelLaunch::new(&args).err().unwrap();
    assert_eq!(e, EncodeError::NotBound { ty: "CudaSlice<T>" });
    assert!(e.to_string().contains("CheckedFunction::launch"), "{e}");
    // Its layout is a pointer's: the parameters are those NVRTC 12.9 declares for
    // `scale(float*, const float*, unsigned, Params)` (examples/launch.rs prints them).
    assert_eq!(
        ptx_abi::entry_signature::<ScaleArgs>(),
        ".visible .entry scale(\n\t.param .u64 scale_param_0,\n\t.param .u64 scale_param_1,\n\t\
         .param .u32 scale_param_2,\n\t.param .align 4 .b8 scale_param_3[8]\n)"
    );
}
