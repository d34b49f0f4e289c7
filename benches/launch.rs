//! Issue 6, target 3: building the parameter buffer of an 8-argument kernel, one argument a
//! 48-byte bit-field struct (target: under 50 ns, no allocation — `tests/alloc_free.rs`),
//! beside the same buffer written by hand. `cargo bench --bench launch`.

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
    group.bench_function("hand_written_buffer", |b| {
        b.iter(|| {
            let buffer = hand_step_buffer(black_box(&args));
            black_box(&buffer);
        })
    });
    group.finish();
}

criterion_group!(benches, launch);
criterion_main!(benches);
