//! Issue 31, target 4: `encode_slice_par` (feature `rayon`) against `encode_slice` on one
//! thread, interleaved round by round like `interleaved.rs` (not pinned: the parallel encoder
//! needs every core), each round's ratio kept and the median reported. The bytes are checked
//! equal before anything is timed.
//!
//! `cargo bench --bench par_encode --features rayon -- [--values N] [--rounds R]`. The ratio is
//! one thread's time ÷ the parallel time: 2.0 would be a perfect split on two cores.

mod common;

use common::{arg, sample, Ref};
use ptx_abi::PtxAbi;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let n = arg("--values", 1_000_000);
    let rounds = arg("--rounds", 41);
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
        "par_encode: {n} values of Ref, {rounds} rounds, {} cores, load before: {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        load().trim()
    );
    let mut ratios = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let mut t = [0.0f64; 2];
        for k in 0..2 {
            let which = (k + round) % 2;
            let start = Instant::now();
            if which == 0 {
                Ref::encode_slice(&values, black_box(&mut one)).unwrap();
            } else {
                Ref::encode_slice_par(&values, black_box(&mut par)).unwrap();
            }
            t[which] = start.elapsed().as_secs_f64();
        }
        ratios.push(t[0] / t[1]);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "par_encode: one thread ÷ parallel, median of per-round ratios: {:.3} (quartiles {:.3}..{:.3}); load after: {}",
        ratios[rounds / 2],
        ratios[rounds / 4],
        ratios[rounds * 3 / 4],
        load().trim()
    );
}
