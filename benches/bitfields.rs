//! Issue 6, target 1: encoding and decoding 1,000,000 values of the reference bit-field type
//! (48 bytes, align 16) into and from one contiguous buffer, side by side with hand-written
//! shift/mask code, `modular-bitfield`, `bitfield-struct` and a plain `memcpy` of the same
//! bytes. Every variant is checked against the hand-written baseline's bytes and values
//! before anything is timed. `cargo bench --bench bitfields`.

mod common;

use common::{bs, each_image, each_slot, hand, mb, sample, verify, Ref, N};
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

/// An encoder of the whole buffer: the values, then the images' buffer.
type Encoder = fn(&[Ref], &mut [u8]);
/// A decoder of the whole buffer: the images, then the values' buffer.
type Decoder = fn(&[u8], &mut [Ref]);

/// The encoders timed, by name; `hand_shift_mask` is the baseline.
const ENCODERS: [(&str, Encoder); 5] = [
    ("ptx_abi_encode_slice", |v, o| {
        Ref::encode_slice(v, o).unwrap()
    }),
    ("hand_shift_mask", |v, o| {
        each_slot(v, o, |v, o| {
            hand::encode(v, o);
            Ok::<(), ()>(())
        })
        .unwrap()
    }),
    ("hand_shift_mask_checked", |v, o| {
        each_slot(v, o, hand::encode_checked).unwrap()
    }),
    ("modular_bitfield", |v, o| {
        each_slot(v, o, mb::encode).unwrap()
    }),
    ("bitfield_struct", |v, o| {
        each_slot(v, o, bs::encode).unwrap()
    }),
];

/// The decoders timed, by name; `hand_shift_mask` is the baseline.
const DECODERS: [(&str, Decoder); 4] = [
    ("ptx_abi_decode", |image, out| {
        for (o, chunk) in out.iter_mut().zip(image.chunks_exact(Ref::SIZE)) {
            *o = Ref::decode(chunk).unwrap();
        }
    }),
    ("hand_shift_mask", |image, out| {
        each_image(image, out, hand::decode)
    }),
    ("modular_bitfield", |image, out| {
        each_image(image, out, mb::decode)
    }),
    ("bitfield_struct", |image, out| {
        each_image(image, out, bs::decode)
    }),
];

fn encode(c: &mut Criterion) {
    let values = sample(N);
    let image = verify::baseline_image(&values);
    // Before timing: every encoder writes the hand-written baseline's bytes (issue 20).
    for (name, f) in ENCODERS {
        verify::encoder(name, &image, |out| f(&values, out));
    }
    let mut out = vec![0u8; N * Ref::SIZE];
    let mut group = configure(c, "encode_1M_ref");
    for (name, f) in ENCODERS {
        group.bench_function(name, |b| {
            b.iter(|| f(black_box(&values), black_box(&mut out)))
        });
    }
    group.bench_function("memcpy", |b| {
        b.iter(|| black_box(&mut out).copy_from_slice(black_box(&image)))
    });
    group.finish();
}

fn decode(c: &mut Criterion) {
    let values = sample(N);
    let image = verify::baseline_image(&values);
    // Before timing: every decoder gives back the values the baseline encoded (issue 20).
    for (name, f) in DECODERS {
        verify::decoder(name, &values, |out| f(&image, out));
    }
    let mut out = values.clone();
    let mut copy = vec![0u8; N * Ref::SIZE];
    let mut group = configure(c, "decode_1M_ref");
    for (name, f) in DECODERS {
        group.bench_function(name, |b| {
            b.iter(|| f(black_box(&image), black_box(&mut out)))
        });
    }
    group.bench_function("memcpy", |b| {
        b.iter(|| black_box(&mut copy).copy_from_slice(black_box(&image)))
    });
    group.finish();
}

criterion_group!(benches, encode, decode);
criterion_main!(benches);
