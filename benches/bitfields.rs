//! Issue 6, target 1: encoding and decoding 1,000,000 values of the reference bit-field type
//! (48 bytes, align 16) into and from one contiguous buffer, side by side with hand-written
//! shift/mask code, `modular-bitfield`, `bitfield-struct` and a plain `memcpy` of the same
//! bytes. `cargo bench --bench bitfields`.

mod common;

use common::{bs, each_image, each_slot, hand, mb, sample, Ref, N};
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use ptx_abi::PtxAbi;
use std::hint::black_box;
use std::time::Duration;

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .throughput(Throughput::Bytes((N * Ref::SIZE) as u64))
        // ~10 ms per iteration: flat sampling keeps each group near 5 s.
        .sampling_mode(SamplingMode::Flat)
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    group
}

fn encode(c: &mut Criterion) {
    let values = sample(N);
    let mut image = vec![0u8; N * Ref::SIZE];
    Ref::encode_slice(&values, &mut image).unwrap();
    let mut out = vec![0u8; N * Ref::SIZE];
    let mut group = configure(c, "encode_1M_ref");
    group.bench_function("ptx_abi_encode_slice", |b| {
        b.iter(|| Ref::encode_slice(black_box(&values), black_box(&mut out)).unwrap())
    });
    group.bench_function("hand_shift_mask", |b| {
        b.iter(|| {
            each_slot(black_box(&values), black_box(&mut out), |v, o| {
                hand::encode(v, o);
                Ok::<(), ()>(())
            })
        })
    });
    group.bench_function("hand_shift_mask_checked", |b| {
        b.iter(|| {
            each_slot(
                black_box(&values),
                black_box(&mut out),
                hand::encode_checked,
            )
        })
    });
    group.bench_function("modular_bitfield", |b| {
        b.iter(|| each_slot(black_box(&values), black_box(&mut out), mb::encode))
    });
    group.bench_function("bitfield_struct", |b| {
        b.iter(|| each_slot(black_box(&values), black_box(&mut out), bs::encode))
    });
    group.bench_function("memcpy", |b| {
        b.iter(|| black_box(&mut out).copy_from_slice(black_box(&image)))
    });
    group.finish();
}

fn decode(c: &mut Criterion) {
    let values = sample(N);
    let mut image = vec![0u8; N * Ref::SIZE];
    Ref::encode_slice(&values, &mut image).unwrap();
    let mut out = values.clone();
    let mut copy = vec![0u8; N * Ref::SIZE];
    let mut group = configure(c, "decode_1M_ref");
    group.bench_function("ptx_abi_decode", |b| {
        b.iter(|| {
            let (image, out) = (black_box(&image), black_box(&mut out));
            for (o, chunk) in out.iter_mut().zip(image.chunks_exact(Ref::SIZE)) {
                *o = Ref::decode(chunk)?;
            }
            Ok::<(), ptx_abi::DecodeError>(())
        })
    });
    group.bench_function("hand_shift_mask", |b| {
        b.iter(|| each_image(black_box(&image), black_box(&mut out), hand::decode))
    });
    group.bench_function("modular_bitfield", |b| {
        b.iter(|| each_image(black_box(&image), black_box(&mut out), mb::decode))
    });
    group.bench_function("bitfield_struct", |b| {
        b.iter(|| each_image(black_box(&image), black_box(&mut out), bs::decode))
    });
    group.bench_function("memcpy", |b| {
        b.iter(|| black_box(&mut copy).copy_from_slice(black_box(&image)))
    });
    group.finish();
}

criterion_group!(benches, encode, decode);
criterion_main!(benches);
