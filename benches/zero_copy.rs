//! Issue 6, target 2: zero-copy types. Viewing a slice as bytes is O(1) (the same time at
//! N = 10 and N = 10,000,000), and encoding a slice is one `memcpy`.
//! `cargo bench --bench zero_copy`.

mod common;

use common::{particles, verify, Particle};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ptx_abi::codec::slice_as_ptx_bytes;
use ptx_abi::PtxAbi;
use std::hint::black_box;
use std::time::Duration;

fn view(c: &mut Criterion) {
    let values = particles(10_000_000);
    let mut group = c.benchmark_group("zero_copy_view");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for n in [10, 10_000_000] {
        let slice = &values[..n];
        group.bench_with_input(BenchmarkId::new("slice_as_ptx_bytes", n), slice, |b, s| {
            b.iter(|| slice_as_ptx_bytes(black_box(s)))
        });
    }
    group.finish();
}

fn encode(c: &mut Criterion) {
    const N: usize = 1_000_000;
    let values = particles(N);
    let bytes = slice_as_ptx_bytes(&values).to_vec();
    let mut out = vec![0u8; N * Particle::SIZE];
    // Before timing: `encode_slice` writes the bytes the `memcpy` baseline copies (issue 20).
    verify::encoder("ptx_abi_encode_slice", &bytes, |o| {
        Particle::encode_slice(&values, o).unwrap()
    });
    let mut group = c.benchmark_group("zero_copy_encode_1M_particle");
    group
        .throughput(Throughput::Bytes((N * Particle::SIZE) as u64))
        .sample_size(50)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    group.bench_function("ptx_abi_encode_slice", |b| {
        b.iter(|| Particle::encode_slice(black_box(&values), black_box(&mut out)).unwrap())
    });
    group.bench_function("memcpy", |b| {
        b.iter(|| black_box(&mut out).copy_from_slice(black_box(&bytes)))
    });
    group.finish();
}

criterion_group!(benches, view, encode);
criterion_main!(benches);
