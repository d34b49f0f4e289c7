//! Issue 6, target 3: building the parameter buffer of an 8-argument kernel, one argument a
//! 48-byte bit-field struct (target: under 50 ns, no allocation — `tests/alloc_free.rs`),
//! beside the same buffer written by hand, and the `extra` buffers laid out for an
//! architecture or a loaded function's offsets. `cargo bench --bench launch`.
//!
//! Issue 29, item 3 (with `--features cudarc`): a checked launch with cudarc's buffers
//! (`CheckedFunction::launch`) beside cudarc's plain launch builder, the same kernel and
//! arguments, through the fake CUDA driver of `tests/fake_cuda/` (its kernel does nothing, so
//! what is timed is the host side of a launch: target within 5% of cudarc's).

mod common;

use common::{hand_step_buffer, step_args, verify};
use criterion::{criterion_group, criterion_main, Criterion};
use ptx_abi::codec::PtxImage;
use ptx_abi::{KernelLaunch, KernelParams};
use std::hint::black_box;
use std::time::Duration;

fn launch(c: &mut Criterion) {
    let args = step_args();
    // Before timing: what `KernelLaunch` and the image write is the hand-written buffer
    // (issue 20); the buffer has no tail padding, the image is the whole struct.
    let hand = hand_step_buffer(&args).expect("the arguments fit").0;
    let launch = KernelLaunch::new(&args).expect("the arguments fit");
    verify::bytes("KernelLaunch::new", &hand, launch.buffer());
    let image = <common::StepArgs as KernelParams>::Image::new(&args).expect("the arguments fit");
    verify::bytes("PtxImage::new", &hand, image.as_bytes());
    let mut group = c.benchmark_group("launch_8_args");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    // Each routine consumes its result with `black_box(&…)` and returns `()`: returning the
    // 128-byte launch to criterion made its loop spill through a reused stack slot and cost
    // 10–15 ns more than a plain loop, for the launch and the hand-written buffer alike.
    group.bench_function("KernelLaunch::new", |b| {
        b.iter(|| {
            let launch = KernelLaunch::new(black_box(&args));
            black_box(&launch);
        })
    });
    group.bench_function("KernelLaunch::new+extra", |b| {
        b.iter(|| {
            let mut launch = KernelLaunch::new(black_box(&args)).unwrap();
            black_box(launch.extra().unwrap().as_mut_ptr());
            black_box(&launch);
        })
    });
    group.bench_function("KernelLaunch::new+kernel_params", |b| {
        b.iter(|| {
            let mut launch = KernelLaunch::new(black_box(&args)).unwrap();
            black_box(launch.kernel_params().as_mut_ptr());
            black_box(&launch);
        })
    });
    group.bench_function("PtxImage::new", |b| {
        b.iter(|| {
            let image = <common::StepArgs as KernelParams>::Image::new(black_box(&args));
            black_box(&image);
        })
    });
    // `param_buffer` moves each parameter to where the driver reads it on an architecture
    // (here none is aligned above 16 bytes, so every offset is the image's and the bytes are
    // the hand-written buffer's); `param_buffer_at` to offsets the caller gives (a checked
    // function's, as `CheckedFunction::launch_extra` does on every launch).
    let offsets = <common::StepArgs as KernelParams>::PARAM_OFFSETS.to_vec();
    let sm90 = launch
        .param_buffer(ptx_abi::params::Arch::SM_90)
        .expect("fits");
    verify::bytes("KernelLaunch::param_buffer", &hand, sm90.as_bytes());
    let at = launch.param_buffer_at(&offsets).expect("fits");
    verify::bytes("KernelLaunch::param_buffer_at", &hand, at.as_bytes());
    group.bench_function("param_buffer(SM_90)", |b| {
        b.iter(|| {
            let buffer = black_box(&launch).param_buffer(ptx_abi::params::Arch::SM_90);
            black_box(&buffer);
        })
    });
    group.bench_function("param_buffer_at", |b| {
        b.iter(|| {
            let buffer = black_box(&launch).param_buffer_at(black_box(&offsets));
            black_box(&buffer);
        })
    });
    group.bench_function("hand_written_buffer", |b| {
        b.iter(|| {
            let buffer = hand_step_buffer(black_box(&args));
            black_box(&buffer);
        })
    });
    group.finish();
}

#[cfg(feature = "cudarc")]
#[path = "../tests/fake_cuda/mod.rs"]
mod fake_cuda;

#[cfg(feature = "cudarc")]
mod checked {
    use super::fake_cuda::FakeCuda;
    use criterion::Criterion;
    use ptx_abi::codec::PtxImage;
    use ptx_abi::cudarc::driver::{CudaContext, CudaSlice, LaunchConfig, PushKernelArg};
    use ptx_abi::cudarc::nvrtc::Ptx;
    use ptx_abi::params::CheckedFunction;
    use ptx_abi::PtxAbi;
    use std::hint::black_box;
    use std::time::Duration;

    /// `struct Params { unsigned mode : 3; int level : 5; float scale; };`
    #[derive(PtxAbi, Clone, Copy)]
    struct Params {
        #[ptx(bits = 3)]
        mode: u32,
        #[ptx(bits = 5)]
        level: i32,
        scale: f32,
    }

    /// The fake driver's `nothing(float* out, const float* in, unsigned n, Params p)`.
    #[derive(PtxAbi)]
    #[ptx(kernel = "nothing")]
    struct Nothing<'a> {
        out: &'a mut CudaSlice<f32>,
        input: &'a CudaSlice<f32>,
        n: u32,
        p: Params,
    }

    /// The same, with `p` encoded before the launch (what a cudarc user passes).
    #[derive(PtxAbi)]
    #[ptx(kernel = "nothing")]
    struct NothingEncoded<'a> {
        out: &'a mut CudaSlice<f32>,
        input: &'a CudaSlice<f32>,
        n: u32,
        p: ParamsImage,
    }

    /// The arguments of a launch with `p` encoded before it, as each benchmark iteration
    /// builds them.
    #[inline(always)]
    fn encoded<'a>(
        out: &'a mut CudaSlice<f32>,
        input: &'a CudaSlice<f32>,
        n: u32,
        image: &ParamsImage,
    ) -> NothingEncoded<'a> {
        NothingEncoded {
            out,
            input,
            n: black_box(n),
            p: *black_box(image),
        }
    }

    /// The fake driver saw launches (checked after each benchmark that ran: a filter on the
    /// command line may leave any of them out).
    fn launched(fake: &FakeCuda, before: i64) {
        assert!(fake.launches() > before, "the fake driver launched");
    }

    pub fn launches(c: &mut Criterion) {
        let fake = match FakeCuda::load() {
            Ok(f) => f,
            Err(why) => return eprintln!("launch_checked: skipped: {why}"),
        };
        // What is timed is the host side of a launch; the driver's trace is not needed.
        fake.set_tracing(false);
        let ctx = CudaContext::new(0).expect("the fake driver's device");
        let module = ctx
            .load_module(Ptx::from_src(
                ".version 8.0\n.target sm_90\n.address_size 64\n",
            ))
            .expect("module");
        let f = module.load_function("nothing").expect("nothing");
        let checked = CheckedFunction::<Nothing>::new(&f).expect("Nothing matches");
        let checked_image = CheckedFunction::<NothingEncoded>::new(&f).expect("it matches");
        let p = Params {
            mode: 5,
            level: -3,
            scale: 2.0,
        };
        // What a cudarc user passes for a struct parameter: its image (`DeviceRepr`).
        let image = ParamsImage::new(&p).expect("fits");
        let n = 256u32;
        let cfg = LaunchConfig::for_num_elems(n);
        let mut group = c.benchmark_group("launch_checked");
        group
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(4));
        // On the default stream, and in multi-stream mode, where every buffer's read and
        // write events are waited for and recorded.
        for streams in ["default stream", "multi-stream"] {
            let stream = match streams {
                "default stream" => ctx.default_stream(),
                _ => ctx.new_stream().expect("stream"),
            };
            let input = stream.clone_htod(&vec![1.0f32; n as usize]).expect("htod");
            let mut out = stream.alloc_zeros::<f32>(n as usize).expect("alloc");
            group.bench_function(format!("{streams}: cudarc launch builder, image"), |b| {
                let before = fake.launches();
                b.iter(|| {
                    let mut builder = stream.launch_builder(&f);
                    builder
                        .arg(&mut out)
                        .arg(&input)
                        .arg(black_box(&n))
                        .arg(black_box(&image));
                    // SAFETY: `nothing` takes these four parameters and reads none of them.
                    unsafe { builder.launch(cfg) }.expect("launch");
                });
                launched(fake, before);
            });
            group.bench_function(format!("{streams}: CheckedFunction::launch, image"), |b| {
                let before = fake.launches();
                b.iter(|| {
                    let args = encoded(&mut out, &input, n, &image);
                    // SAFETY: as above.
                    unsafe { checked_image.launch(&stream, cfg, args) }.expect("launch");
                });
                launched(fake, before);
            });
            if streams == "default stream" {
                // Through `extra`: the buffer laid out at the offsets the driver reported.
                group.bench_function(
                    format!("{streams}: CheckedFunction::launch_extra, image"),
                    |b| {
                        let before = fake.launches();
                        b.iter(|| {
                            let args = encoded(&mut out, &input, n, &image);
                            // SAFETY: as above.
                            unsafe { checked_image.launch_extra(&stream, cfg, args) }
                                .expect("launch");
                        });
                        launched(fake, before);
                    },
                );
                group.bench_function(format!("{streams}: cudarc launch builder, encode"), |b| {
                    let before = fake.launches();
                    b.iter(|| {
                        let image = ParamsImage::new(black_box(&p)).expect("fits");
                        let mut builder = stream.launch_builder(&f);
                        builder
                            .arg(&mut out)
                            .arg(&input)
                            .arg(black_box(&n))
                            .arg(&image);
                        // SAFETY: as above.
                        unsafe { builder.launch(cfg) }.expect("launch");
                    });
                    launched(fake, before);
                });
                group.bench_function(format!("{streams}: CheckedFunction::launch, encode"), |b| {
                    let before = fake.launches();
                    b.iter(|| {
                        let args = Nothing {
                            out: &mut out,
                            input: &input,
                            n: black_box(n),
                            p: black_box(p),
                        };
                        // SAFETY: as above.
                        unsafe { checked.launch(&stream, cfg, args) }.expect("launch");
                    });
                    launched(fake, before);
                });
            }
        }
        group.finish();
    }
}

#[cfg(feature = "cudarc")]
criterion_group!(benches, launch, checked::launches);
#[cfg(not(feature = "cudarc"))]
criterion_group!(benches, launch);
criterion_main!(benches);
