//! Issue 31, target 4: `encode_slice_par` (feature `rayon`) against `encode_slice` on one
//! thread, interleaved round by round like `interleaved.rs` (not pinned: the parallel encoder
//! needs every core), each round's ratio kept and the median reported. The bytes are checked
//! equal before anything is timed.
//!
//! `cargo bench --bench par_encode --features rayon -- [--values N] [--rounds R] [--calls K]`.
//! The variants run in a fresh pseudo-random order each round. The ratio is one thread's time
//! ÷ the parallel time: 2.0 would be a perfect split on two cores. Each variant makes `K`
//! calls back to back in its turn (default 1): with one call, the pool's threads have gone to
//! sleep during the other variants' turns and each parallel call first wakes them, as in a
//! program that encodes now and then; with several, the calls after the first find them
//! awake, as in a pipeline that encodes chunk after chunk.
//!
//! In the same rounds, a reference for the split: the hand-written encoder with non-temporal
//! stores (`common::hand::encode_streaming`) over all the values on one thread, against the
//! same code over two halves on two threads (`std::thread::scope`, a thread started per call):
//! what splitting the work in two fixed halves gives on the machine.

mod common;

use common::{arg, each_slot, hand, sample, Ref};
use ptx_abi::PtxAbi;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let n = arg("--values", 1_000_000);
    let rounds = arg("--rounds", 41).max(1);
    let calls = arg("--calls", 1).max(1);
    let values = sample(n);
    let mut one = vec![0u8; n * Ref::SIZE];
    let mut par = vec![0xA5u8; n * Ref::SIZE];
    Ref::encode_slice(&values, &mut one).unwrap();
    Ref::encode_slice_par(&values, &mut par).unwrap();
    assert!(
        one == par,
        "encode_slice_par wrote other bytes than encode_slice"
    );
    let load = || std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "par_encode: {n} values of Ref, {rounds} rounds of {calls} call(s) a variant, {} cores, load before: {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        load().trim()
    );
    let mut hand_one = vec![0u8; n * Ref::SIZE];
    let mut hand_two = vec![0x5Au8; n * Ref::SIZE];
    hand_streaming(&values, &mut hand_one);
    hand_streaming_halves(&values, &mut hand_two);
    assert!(
        hand_one == one && hand_two == one,
        "the hand-written streaming encoder wrote other bytes than encode_slice"
    );
    let mut ratios = Vec::with_capacity(rounds);
    let mut halves = Vec::with_capacity(rounds);
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..rounds {
        // A fresh pseudo-random order each round (as `interleaved.rs`): in a fixed rotation
        // each variant would always follow the same one.
        let mut order = [0, 1, 2, 3];
        for i in (1..order.len()).rev() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            order.swap(i, (rng % (i as u64 + 1)) as usize);
        }
        let mut t = [0.0f64; 4];
        for which in order {
            let start = Instant::now();
            for _ in 0..calls {
                match which {
                    0 => Ref::encode_slice(&values, black_box(&mut one)).unwrap(),
                    1 => Ref::encode_slice_par(&values, black_box(&mut par)).unwrap(),
                    2 => hand_streaming(&values, black_box(&mut hand_one)),
                    _ => hand_streaming_halves(&values, black_box(&mut hand_two)),
                }
            }
            t[which] = start.elapsed().as_secs_f64();
        }
        ratios.push(t[0] / t[1]);
        halves.push(t[2] / t[3]);
    }
    println!(
        "par_encode: one thread ÷ parallel, median of per-round ratios: {}; load after: {}",
        summary(&mut ratios),
        load().trim()
    );
    println!(
        "par_encode: reference, hand-written non-temporal encoder on one thread ÷ two halves on two scoped threads: {}",
        summary(&mut halves)
    );
}

/// The median and quartiles of `ratios`.
fn summary(ratios: &mut [f64]) -> String {
    ratios.sort_by(f64::total_cmp);
    let at = |q: usize| ratios[(ratios.len() - 1) * q / 4];
    format!("{:.3} (quartiles {:.3}..{:.3})", at(2), at(1), at(3))
}

/// The hand-written encoder with non-temporal stores over every value, fenced once.
fn hand_streaming(values: &[Ref], out: &mut [u8]) {
    let r = each_slot(values, out, |v, o| {
        hand::encode_streaming(v, o);
        Ok::<(), ()>(())
    });
    hand::fence();
    r.unwrap();
}

/// [`hand_streaming`] over two halves of `values`, one per thread.
fn hand_streaming_halves(values: &[Ref], out: &mut [u8]) {
    let half = values.len().div_ceil(2);
    let (v0, v1) = values.split_at(half);
    let (o0, o1) = out.split_at_mut(half * Ref::SIZE);
    std::thread::scope(|s| {
        s.spawn(|| hand_streaming(v1, o1));
        hand_streaming(v0, o0);
    });
}
