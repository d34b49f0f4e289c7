//! The quiet benchmark (issue 15): every variant timed round by round in one process, in a
//! fresh pseudo-random order each round, the process pinned to one core, and each variant
//! reported as the **median of its per-round ratio** to the hand-written shift/mask code of
//! the same round.
//!
//! criterion (`benches/bitfields.rs`) times each variant in its own block of seconds, so load
//! that comes and goes on a shared machine lands on one variant and not the next. Here a round
//! runs every variant once over the same values, back to back, and only ratios within a round
//! are kept: a slow round slows all variants alike and cancels out of the ratio.
//!
//! The order is shuffled because what runs before a variant decides what of its buffers is
//! still in the cache. In a fixed rotation (`--order 0`, the default until issue 31's second
//! look) variant i always follows i-1, so the baseline always followed the last decoder, which
//! leaves the cache full of decoded values, and each encoder after it found more of the
//! output cached than the one before. The control variant, the baseline's own code timed a
//! second time, measures that bias: in rotation, at 100,000 values on a 2-core AMD EPYC, it
//! came out 2.9 times as fast as itself (`BENCHMARKS.md`); shuffled, 1.0.
//!
//! `cargo bench --bench interleaved -- [--values N] [--rounds R] [--core C] [--prep P]
//! [--order O]` (`--prep 1` flushes every buffer from the cache before each timed pass,
//! `--prep 2` runs the variant once untimed first; `--order 0` rotates the variants instead
//! of shuffling them), or `cargo xtask bench` (criterion's benches too). Throughput ratios:
//! ≥ 1 is at least as fast as the baseline.

mod common;

use common::{bs, each_image, each_slot, hand, mb, sample, verify, Ref};
use ptx_abi::PtxAbi;
use std::hint::black_box;
use std::mem::MaybeUninit;
use std::time::Instant;

/// What one variant does to the shared buffers in one pass.
struct Variant {
    name: &'static str,
    /// The variant this one is compared with in every round.
    baseline: &'static str,
    run: fn(&mut Buffers),
}

/// The values, their images and the outputs every variant writes.
struct Buffers {
    values: Vec<Ref>,
    image: Vec<u8>,
    out_bytes: Vec<u8>,
    out_values: Vec<Ref>,
}

const ENCODE_BASE: &str = "encode: hand-written shift/mask";
const DECODE_BASE: &str = "decode: hand-written shift/mask";

/// The encode baseline's pass, which the control variant runs too.
fn hand_encode(b: &mut Buffers) {
    let r = each_slot(&b.values, black_box(&mut b.out_bytes), |v, o| {
        hand::encode(v, o);
        Ok::<(), ()>(())
    });
    black_box(r).unwrap();
}

const VARIANTS: &[Variant] = &[
    Variant {
        name: ENCODE_BASE,
        baseline: ENCODE_BASE,
        run: hand_encode,
    },
    Variant {
        name: "encode: ptx-abi encode (per value)",
        baseline: ENCODE_BASE,
        run: |b| {
            let r = each_slot(&b.values, black_box(&mut b.out_bytes), |v, o| v.encode(o));
            black_box(r).unwrap();
        },
    },
    Variant {
        name: "encode: ptx-abi encode_slice",
        baseline: ENCODE_BASE,
        run: |b| Ref::encode_slice(&b.values, black_box(&mut b.out_bytes)).unwrap(),
    },
    Variant {
        name: "encode: ptx-abi encode_slice_into",
        baseline: ENCODE_BASE,
        run: |b| {
            let out = black_box(&mut b.out_bytes);
            // SAFETY: `MaybeUninit<u8>` has `u8`'s layout and every `u8` is a valid
            // `MaybeUninit<u8>`; `encode_slice_into` stores only initialized bytes, so
            // `out_bytes` is initialized again when the borrow ends.
            let out = unsafe { &mut *(out.as_mut_slice() as *mut [u8] as *mut [MaybeUninit<u8>]) };
            Ref::encode_slice_into(&b.values, out).unwrap();
        },
    },
    Variant {
        name: "encode: hand-written, range-checked",
        baseline: ENCODE_BASE,
        run: |b| each_slot(&b.values, black_box(&mut b.out_bytes), hand::encode_checked).unwrap(),
    },
    Variant {
        name: "encode: modular-bitfield",
        baseline: ENCODE_BASE,
        run: |b| each_slot(&b.values, black_box(&mut b.out_bytes), mb::encode).unwrap(),
    },
    Variant {
        name: "encode: bitfield-struct",
        baseline: ENCODE_BASE,
        run: |b| each_slot(&b.values, black_box(&mut b.out_bytes), bs::encode).unwrap(),
    },
    Variant {
        name: "encode: hand-written, again (control)",
        baseline: ENCODE_BASE,
        run: hand_encode,
    },
    Variant {
        name: "encode: hand-written, non-temporal",
        baseline: ENCODE_BASE,
        run: |b| {
            let r = each_slot(&b.values, black_box(&mut b.out_bytes), |v, o| {
                hand::encode_streaming(v, o);
                Ok::<(), ()>(())
            });
            hand::fence();
            black_box(r).unwrap();
        },
    },
    Variant {
        name: "encode: hand-written, checked, non-temporal",
        baseline: ENCODE_BASE,
        run: |b| {
            let r = each_slot(&b.values, black_box(&mut b.out_bytes), |v, o| {
                if !hand::fits(v) {
                    return Err(());
                }
                hand::encode_streaming(v, o);
                Ok(())
            });
            hand::fence();
            black_box(r).unwrap();
        },
    },
    Variant {
        name: "encode: memcpy of the images",
        baseline: ENCODE_BASE,
        run: |b| black_box(&mut b.out_bytes).copy_from_slice(&b.image),
    },
    Variant {
        name: DECODE_BASE,
        baseline: DECODE_BASE,
        run: |b| each_image(&b.image, black_box(&mut b.out_values), hand::decode),
    },
    Variant {
        name: "decode: ptx-abi decode",
        baseline: DECODE_BASE,
        run: |b| {
            let out = black_box(&mut b.out_values);
            for (o, chunk) in out.iter_mut().zip(b.image.chunks_exact(Ref::SIZE)) {
                *o = Ref::decode(chunk).unwrap();
            }
        },
    },
    Variant {
        name: "decode: ptx-abi decode_slice",
        baseline: DECODE_BASE,
        run: |b| Ref::decode_slice(&b.image, black_box(&mut b.out_values)).unwrap(),
    },
    Variant {
        name: "decode: modular-bitfield",
        baseline: DECODE_BASE,
        run: |b| each_image(&b.image, black_box(&mut b.out_values), mb::decode),
    },
    Variant {
        name: "decode: bitfield-struct",
        baseline: DECODE_BASE,
        run: |b| each_image(&b.image, black_box(&mut b.out_values), bs::decode),
    },
];

struct Options {
    values: usize,
    rounds: usize,
    core: usize,
    /// Cache state before each timed run: 0 as left by the previous variant, 1 every buffer
    /// flushed to memory, 2 the variant run once untimed first.
    prep: usize,
    /// 0: rotate (variant i always follows i-1); 1 (the default): a fresh pseudo-random order
    /// each round.
    order: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        values: 1_000_000,
        rounds: 41,
        core: 0,
        prep: 0,
        order: 1,
    };
    // `cargo bench` passes `--bench` to every benchmark binary, and hands on whatever follows
    // `--`: a criterion filter (`cargo bench -- encode`) is a word, not an option of ours, and
    // is ignored here rather than failing the whole `cargo bench` run.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let (args, ignored): (Vec<String>, Vec<String>) = {
        let mut keep = Vec::new();
        let mut skip = Vec::new();
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            if a.starts_with("--") {
                keep.push(a);
                keep.extend(it.next());
            } else {
                skip.push(a);
            }
        }
        (keep, skip)
    };
    if !ignored.is_empty() {
        eprintln!("interleaved: ignoring {ignored:?} (filters are criterion's; this benchmark takes --values, --rounds, --core)");
    }
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("`{flag}` needs a number"))?;
        let n: usize = value
            .parse()
            .map_err(|_| format!("`{flag}` takes a number, found `{value}`"))?;
        match flag.as_str() {
            "--values" if n > 0 => o.values = n,
            "--rounds" if n > 0 => o.rounds = n,
            "--core" => o.core = n,
            "--prep" => o.prep = n,
            "--order" => o.order = n,
            _ => return Err(format!("unknown or zero option `{flag} {value}`")),
        }
    }
    Ok(o)
}

/// Pins this process to `core`, so that the scheduler does not move it between caches
/// mid-round. Linux only; elsewhere the benchmark runs unpinned and says so.
fn pin_to(core: usize) -> String {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `cpu_set_t` is a plain bit array for which all-zero bytes are a valid (empty)
        // value; CPU_ZERO/CPU_SET only write inside it, and `sched_setaffinity(0, …)` reads
        // `size_of::<cpu_set_t>()` bytes from a live, initialized local.
        let ok = unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_ZERO(&mut set);
            libc::CPU_SET(core, &mut set);
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
        };
        if ok {
            format!("pinned to core {core}")
        } else {
            format!(
                "could not pin to core {core}: {}",
                std::io::Error::last_os_error()
            )
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = core;
        "not pinned (pinning is implemented for Linux only)".to_string()
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!(
                "interleaved: {e}\nusage: [--values N] [--rounds R] [--core C] [--prep P] [--order O]"
            );
            std::process::exit(2);
        }
    };
    let pinned = pin_to(o.core);
    let values = sample(o.values);
    // The images decoders read, and encoders must write: the hand-written baseline's.
    let image = verify::baseline_image(&values);
    let mut b = Buffers {
        out_values: values.clone(),
        values,
        out_bytes: vec![0u8; image.len()],
        image,
    };
    println!(
        "interleaved: {} values of Ref ({} bytes each), {} rounds, {pinned}, load before: {}",
        o.values,
        Ref::SIZE,
        o.rounds,
        load_average()
    );
    // One untimed warm-up round, which also checks every variant before anything is timed:
    // an encoder must write the baseline's bytes, a decoder give back the values (issue 20).
    for v in VARIANTS {
        if v.baseline == ENCODE_BASE {
            b.out_bytes.fill(0xA5);
            (v.run)(&mut b);
            verify::bytes(v.name, &b.image, &b.out_bytes);
        } else {
            b.out_values = verify::scrambled(&b.values);
            (v.run)(&mut b);
            verify::values(v.name, &b.values, &b.out_values);
        }
    }
    println!("interleaved: every variant gives the hand-written baseline's bytes and values");
    let mut seconds = vec![Vec::with_capacity(o.rounds); VARIANTS.len()];
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..o.rounds {
        let mut order: Vec<usize> = (0..VARIANTS.len())
            .map(|k| (k + round) % VARIANTS.len())
            .collect();
        if o.order == 1 {
            for i in (1..order.len()).rev() {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                order.swap(i, (rng % (i as u64 + 1)) as usize);
            }
        }
        for i in order {
            match o.prep {
                1 => flush(&b),
                2 => (VARIANTS[i].run)(&mut b),
                _ => {}
            }
            let start = Instant::now();
            (VARIANTS[i].run)(&mut b);
            seconds[i].push(start.elapsed().as_secs_f64());
        }
    }
    report(&seconds, o.rounds);
    println!("interleaved: load after: {}", load_average());
}

/// Writes every cache line of every buffer back to memory and evicts it.
fn flush(b: &Buffers) {
    #[cfg(target_arch = "x86_64")]
    {
        fn lines<T>(v: &[T]) {
            let p = v.as_ptr().cast::<u8>();
            let n = std::mem::size_of_val(v);
            let mut at = 0;
            while at < n {
                // SAFETY: `p + at` is inside the live allocation of `v`; clflush only evicts.
                unsafe { std::arch::x86_64::_mm_clflush(p.add(at)) };
                at += 64;
            }
        }
        lines(&b.values);
        lines(&b.image);
        lines(&b.out_bytes);
        lines(&b.out_values);
        // SAFETY: a fence has no preconditions.
        unsafe { std::arch::x86_64::_mm_mfence() };
    }
}

/// Prints each variant's median time and the median of its per-round throughput ratio against
/// its baseline (baseline time ÷ variant time: ≥ 1 means at least as fast).
fn report(seconds: &[Vec<f64>], rounds: usize) {
    println!(
        "{:<44} {:>10} {:>12} {:>16}",
        "variant", "median ms", "ratio (med)", "ratio min..max"
    );
    for (i, v) in VARIANTS.iter().enumerate() {
        let base = VARIANTS
            .iter()
            .position(|b| b.name == v.baseline)
            .expect("every baseline is a variant");
        let ratios: Vec<f64> = (0..rounds)
            .map(|r| seconds[base][r] / seconds[i][r])
            .collect();
        let (lo, hi) = ratios
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        println!(
            "{:<44} {:>10.3} {:>12.3} {:>9.3}..{:.3}",
            v.name,
            median(seconds[i].clone()) * 1e3,
            median(ratios),
            lo,
            hi
        );
    }
}
