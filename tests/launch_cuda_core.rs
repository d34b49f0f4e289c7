//! Issue 29, item 2 (last part): kernels launched through NVIDIA's cuda-core with cuda-core's
//! own buffers as arguments (`CheckedCudaCoreFunction::launch`), on the fake CUDA driver of
//! `tests/fake_cuda/` (host memory, kernels written in C that read their parameters through C
//! types): the results read back; the steps that order a buffer's uses are cuda-core's own,
//! compared with what cuda-core's `DeviceBuffer::copy_from_device_async` does around its
//! enqueue (the trace of driver calls, and which accesses cuda-core refuses while the work
//! runs); the check done once; no allocation by ptx-abi per launch; a wrong struct refused. A
//! machine with a real driver skips these (the GPU suite launches for real:
//! `examples/launch_cuda_core.rs`).
#![cfg(feature = "cuda-core")]

#[path = "fake_cuda/mod.rs"]
mod fake_cuda;

use fake_cuda::FakeCuda;
use ptx_abi::cuda_core::{
    Context, DeviceBuffer, DeviceBufferView, DriverError, LaunchConfig, Module, Stream,
};
use ptx_abi::params::{CheckedCudaCoreFunction, LoadedError};
use ptx_abi::{DevicePtr, EncodeError, KernelLaunch, PtxAbi};
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
    out: &'a mut DeviceBuffer<f32>,
    input: &'a DeviceBuffer<f32>,
    n: u32,
    p: Params,
}

/// The same kernel reading a view.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScaleView<'a> {
    out: &'a mut DeviceBuffer<f32>,
    input: DeviceBufferView<'a, f32>,
    n: u32,
    p: Params,
}

/// The same kernel with bare device addresses: no buffer to order.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScalePtrs {
    out: DevicePtr<f32>,
    input: DevicePtr<f32>,
    n: u32,
    p: Params,
}

/// `extern "C" __global__ void copy(float* dst, const float* src, unsigned n)`.
#[derive(PtxAbi)]
#[ptx(kernel = "copy")]
struct CopyArgs<'a> {
    dst: &'a mut DeviceBuffer<f32>,
    src: &'a DeviceBuffer<f32>,
    n: u32,
}

const P: Params = Params {
    mode: 5,
    level: -3,
    scale: 2.0,
};

fn expected(input: &[f32]) -> Vec<f32> {
    input.iter().map(|x| x * 2.0 - 3.0 + 5.0).collect()
}

/// Counts each thread's allocations, to show what a checked launch allocates (other tests'
/// threads, and cuda-core's retirement thread, allocate meanwhile).
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
        Ok(f) => {
            f.hold(false);
            Some((f, turn))
        }
        Err(why) => {
            eprintln!("skipped: the fake CUDA driver cannot be used here: {why}");
            None
        }
    }
}

fn module() -> (Arc<Context>, Arc<Module>) {
    let ctx = Context::new(0).expect("the fake driver has device 0");
    // The fake driver takes any image; its kernels are chosen by name.
    let module = ctx
        .load_module_from_ptx_src(".version 8.0\n.target sm_90\n.address_size 64\n")
        .expect("module");
    (ctx, module)
}

/// A trace with its event handles numbered by first appearance (`record event #1 …`): cuda-core
/// records a fresh event for every access it retains, so two runs differ only there.
fn normalized(trace: &str) -> String {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = String::new();
    for line in trace.lines() {
        let mut prev = "";
        for (i, word) in line.split(' ').enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if prev == "event" {
                let n = seen.iter().position(|e| *e == word).unwrap_or_else(|| {
                    seen.push(word);
                    seen.len() - 1
                });
                out.push_str(&format!("#{}", n + 1));
            } else {
                out.push_str(word);
            }
            prev = word;
        }
        out.push('\n');
    }
    out
}

/// Which accesses cuda-core grants on `other` to a buffer written and a buffer read by work on
/// another stream: (written: read, write; read: read, write). Asked through cuda-core's own
/// access tracking (`RawDeviceBuffer::acquire`), each access released at once.
fn granted(written: &DeviceBuffer<f32>, read: &DeviceBuffer<f32>, other: &Stream) -> [bool; 4] {
    [
        written.storage().acquire(other, false, false).is_ok(),
        written.storage().acquire(other, true, false).is_ok(),
        read.storage().acquire(other, false, false).is_ok(),
        read.storage().acquire(other, true, false).is_ok(),
    ]
}

#[test]
fn a_checked_launch_takes_cuda_core_buffers_and_the_kernel_reads_them() {
    let Some((_fake, _turn)) = fake() else { return };
    let (ctx, module) = module();
    let stream = ctx.new_stream().unwrap();
    let host: Vec<f32> = (0..256).map(|i| i as f32).collect();
    let input = DeviceBuffer::from_host(&stream, &host).unwrap();
    let mut out = DeviceBuffer::<f32>::zeroed(&stream, host.len()).unwrap();

    let scale = CheckedCudaCoreFunction::<ScaleArgs>::new(&module.load_function("scale").unwrap())
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
    assert_eq!(out.to_host_vec(&stream).unwrap(), expected(&host));

    // Through `extra`, at the offsets the driver reported.
    let mut out2 = DeviceBuffer::<f32>::zeroed(&stream, host.len()).unwrap();
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
    assert_eq!(out2.to_host_vec(&stream).unwrap(), expected(&host));

    // A view's address is its first element's.
    let views = CheckedCudaCoreFunction::<ScaleView>::new(scale.function()).unwrap();
    let mut out3 = DeviceBuffer::<f32>::zeroed(&stream, 100).unwrap();
    // SAFETY: the kernel reads the 100 floats of the view and writes 100 of `out3`.
    unsafe {
        views.launch(
            &stream,
            cfg,
            ScaleView {
                out: &mut out3,
                input: input.slice(50..150).unwrap(),
                n: 100,
                p: P,
            },
        )
    }
    .unwrap();
    assert_eq!(out3.to_host_vec(&stream).unwrap(), expected(&host[50..150]));
}

#[test]
fn a_launch_orders_its_buffers_as_cuda_core_orders_its_own_operations() {
    let Some((fake, _turn)) = fake() else { return };
    let (ctx, module) = module();
    let (home, other) = (ctx.new_stream().unwrap(), ctx.new_stream().unwrap());
    let src = DeviceBuffer::from_host(&home, &[1.0f32, 2.0, 3.0, 4.0]).unwrap();
    let mut theirs_dst = DeviceBuffer::<f32>::zeroed(&home, 4).unwrap();
    let mut ours_dst = DeviceBuffer::<f32>::zeroed(&home, 4).unwrap();
    let mut dst2 = DeviceBuffer::<f32>::zeroed(&other, 4).unwrap();
    let copy =
        CheckedCudaCoreFunction::<CopyArgs>::new(&module.load_function("copy").unwrap()).unwrap();
    let cfg = LaunchConfig::for_num_elems(4);

    // cuda-core's own operation on two buffers, the reference: `dst` written, `src` read, on
    // `home`, while that work is held unfinished.
    fake.hold(true);
    fake.clear_trace();
    theirs_dst.copy_from_device_async(&src, &home).unwrap();
    let theirs = normalized(&fake.trace());
    let theirs_granted = granted(&theirs_dst, &src, &other);
    fake.hold(false);
    assert_eq!(theirs_dst.to_host_vec(&home).unwrap(), [1.0, 2.0, 3.0, 4.0]);

    // The same accesses by a kernel.
    fake.hold(true);
    fake.clear_trace();
    // SAFETY: `copy` reads 4 floats of `src` and writes 4 of `dst`.
    unsafe {
        copy.launch(
            &home,
            cfg,
            CopyArgs {
                dst: &mut ours_dst,
                src: &src,
                n: 4,
            },
        )
    }
    .unwrap();
    let ours = normalized(&fake.trace());
    let ours_granted = granted(&ours_dst, &src, &other);

    // The enqueue, then one event recorded on the stream per buffer, which cuda-core's
    // retirement thread watches: nothing waited for (cuda-core refuses conflicts instead).
    let h = theirs
        .strip_prefix("copy stream ")
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("cuda-core's copy: {theirs}"));
    assert_eq!(
        theirs,
        format!("copy stream {h}\nrecord event #1 stream {h}\nrecord event #2 stream {h}\n")
    );
    assert_eq!(
        ours.replace("launch copy", "copy"),
        theirs,
        "ptx-abi's launch:\n{ours}\ncuda-core's copy:\n{theirs}"
    );
    // While the work runs, another stream may read what was only read, and nothing else.
    assert_eq!(theirs_granted, [false, false, true, false]);
    assert_eq!(ours_granted, theirs_granted);

    // A launch that would conflict is refused before anything is enqueued (it reads
    // `ours_dst`, being written on `home`), as cuda-core refuses its own operations
    // (`zero_async` would write `ours_dst` on `other`).
    let launched = fake.launches();
    fake.clear_trace();
    // SAFETY: as above.
    let e = unsafe {
        copy.launch(
            &other,
            cfg,
            CopyArgs {
                dst: &mut dst2,
                src: &ours_dst,
                n: 4,
            },
        )
    }
    .unwrap_err();
    assert_eq!(
        e,
        LoadedError::Encode(EncodeError::StreamOrdering {
            ty: "cuda_core::DeviceBuffer<T>",
            step: "acquire",
            code: 600,
        })
    );
    assert!(e.to_string().contains("CUDA_ERROR_NOT_READY"), "{e}");
    assert_eq!(
        ours_dst.zero_async(&other).unwrap_err(),
        DriverError(600),
        "cuda-core refuses its own operation alike"
    );
    assert_eq!(fake.launches(), launched);
    assert_eq!(fake.trace(), "", "nothing enqueued, no access retained");
    // `dst2`'s access, acquired before `ours_dst`'s was refused, was released: another stream
    // may write it.
    assert!(dst2.storage().acquire(&home, true, false).is_ok());
    // On the stream that runs the work the same launch is ordered by CUDA, and allowed.
    // SAFETY: as above.
    unsafe {
        copy.launch(
            &home,
            cfg,
            CopyArgs {
                dst: &mut dst2,
                src: &ours_dst,
                n: 4,
            },
        )
    }
    .unwrap();

    // Once the work completes, every access is granted again.
    fake.hold(false);
    assert_eq!(granted(&ours_dst, &src, &other), [true; 4]);
    assert_eq!(ours_dst.to_host_vec(&home).unwrap(), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(dst2.to_host_vec(&other).unwrap(), [1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn the_check_runs_once_and_ptx_abi_allocates_nothing_per_launch() {
    let Some((fake, _turn)) = fake() else { return };
    let (ctx, module) = module();
    let stream = ctx.new_stream().unwrap();
    let f = module.load_function("scale").unwrap();
    let (count0, info0) = (fake.param_count_calls(), fake.param_info_calls());
    let scale = CheckedCudaCoreFunction::<ScaleArgs>::new(&f).unwrap();
    let bare = CheckedCudaCoreFunction::<ScalePtrs>::new(&f).unwrap();
    // The driver has `cuFuncGetParamCount`: one count, then one call per parameter, per check.
    assert_eq!(fake.param_count_calls() - count0, 2);
    assert_eq!(fake.param_info_calls() - info0, 8);
    assert_eq!(scale.offsets(), [0, 8, 16, 20]);

    let input = DeviceBuffer::from_host(&stream, &[1.0f32; 64]).unwrap();
    let mut out = DeviceBuffer::<f32>::zeroed(&stream, 64).unwrap();
    let cfg = LaunchConfig::for_num_elems(64);
    let launch = |out: &mut DeviceBuffer<f32>| {
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
    let (out_ptr, in_ptr) = (out.cu_deviceptr(), input.cu_deviceptr());
    let launch_bare = || {
        // SAFETY: as above, through the same buffers' addresses, which outlive the launches
        // (`to_host_vec` below waits for them).
        unsafe {
            bare.launch(
                &stream,
                cfg,
                ScalePtrs {
                    out: DevicePtr::from_raw(out_ptr),
                    input: DevicePtr::from_raw(in_ptr),
                    n: 64,
                    p: P,
                },
            )
        }
        .unwrap()
    };
    // Warm: cuda-bindings looks each driver symbol up once, cuda-core starts its retirement
    // thread.
    launch(&mut out);
    launch_bare();
    out.zero_async(&stream).unwrap();

    // Plain values and device addresses: the image, the pointers, the launch, nothing on the
    // heap.
    let launched = fake.launches();
    let before = allocations();
    for _ in 0..100 {
        launch_bare();
    }
    let bare_allocations = allocations() - before;
    assert_eq!(fake.launches() - launched, 100);
    assert_eq!(
        bare_allocations, 0,
        "100 checked launches allocated {bare_allocations} times"
    );

    // cuda-core buffers: cuda-core's retention of each buffer's access allocates what it does
    // for its own operations; 100 launches with two buffers each allocate no more than 200 of
    // cuda-core's own single-buffer operations (its channel to the retirement thread allocates
    // a block now and then, which may fall into either run).
    let before = allocations();
    for _ in 0..100 {
        launch(&mut out);
    }
    let ours = allocations() - before;
    let before = allocations();
    for _ in 0..200 {
        out.zero_async(&stream).unwrap();
    }
    let theirs = allocations() - before;
    assert!(
        ours <= theirs + 1,
        "100 launches allocated {ours} times, 200 of cuda-core's own operations {theirs}"
    );
    // Nothing was asked of the driver again.
    assert_eq!(fake.param_count_calls() - count0, 2);
    assert_eq!(fake.param_info_calls() - info0, 8);
    // The last launches ran after the zeroing: all on one stream, in order.
    launch(&mut out);
    assert_eq!(out.to_host_vec(&stream).unwrap(), expected(&[1.0; 64]));
}

#[test]
fn a_struct_of_another_kernel_is_refused_before_any_launch() {
    let Some((fake, _turn)) = fake() else { return };
    let (_ctx, module) = module();
    let launched = fake.launches();
    // `axpy`'s parameters are (4, 8, 8, 4) bytes at (0, 8, 16, 24); `ScaleArgs` needs
    // (8, 8, 4, 8) at (0, 8, 16, 20).
    let e = CheckedCudaCoreFunction::<ScaleArgs>::new(&module.load_function("axpy").unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "parameter 0 of the loaded kernel `scale` (field `out` of `ScaleArgs`): the driver \
         reports size 4, the Rust field needs 8"
    );
    // `copy` has three parameters.
    let e = CheckedCudaCoreFunction::<ScaleArgs>::new(&module.load_function("copy").unwrap())
        .unwrap_err();
    assert!(
        matches!(
            e,
            LoadedError::Count {
                loaded: 3,
                rust: 4,
                ..
            }
        ),
        "{e:?}: {e}"
    );
    assert_eq!(fake.launches(), launched);
}

#[test]
fn a_cuda_core_buffer_is_written_only_by_a_launch() {
    let Some((_fake, _turn)) = fake() else { return };
    let (ctx, _module) = module();
    let stream = ctx.new_stream().unwrap();
    let input = DeviceBuffer::from_host(&stream, &[1.0f32]).unwrap();
    let mut out = DeviceBuffer::<f32>::zeroed(&stream, 1).unwrap();
    let args = ScaleArgs {
        out: &mut out,
        input: &input,
        n: 1,
        p: P,
    };
    // Without a stream there is no access to acquire, so no address to write.
    let e = KernelLaunch::new(&args).err().unwrap();
    assert_eq!(
        e,
        EncodeError::NotBound {
            ty: "cuda_core::DeviceBuffer<T>"
        }
    );
    // Its layout is a pointer's: the parameters are those NVRTC 12.9 declares for
    // `scale(float*, const float*, unsigned, Params)` (examples/launch.rs prints them).
    assert_eq!(
        ptx_abi::entry_signature::<ScaleArgs>(),
        ".visible .entry scale(\n\t.param .u64 scale_param_0,\n\t.param .u64 scale_param_1,\n\t\
         .param .u32 scale_param_2,\n\t.param .align 4 .b8 scale_param_3[8]\n)"
    );
}
