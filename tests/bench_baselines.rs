//! The benchmarks' baselines (hand-written shift/mask code, modular-bitfield, bitfield-struct)
//! write exactly our bytes for the reference type, and read them back to the same values, so
//! the benchmarks compare equal work.
//!
//! Its tests are marked `#[cfg_attr(test, test)]` and listed in [`TESTS`]: `cargo xtask test`
//! also runs them in `release` and `aggressive` as `oracle-tests`' program `proof_encoders`,
//! where they are plain functions (libtest needs unwinding; `aggressive` aborts on panic).

#[path = "../benches/common/mod.rs"]
mod common;

use common::{bs, hand, mb, sample, Ref};
use ptx_abi::PtxAbi;

#[cfg_attr(test, test)]
fn reference_type_is_48_bytes_aligned_to_16() {
    assert_eq!((Ref::SIZE, Ref::ALIGN), (48, 16));
}

#[cfg_attr(test, test)]
fn reference_type_layout_is_the_c_layout() {
    let v = Ref {
        mode: 5,
        level: -3,
        tag: 0xAB,
        addr: 0x12_3456_789A,
        _z: ptx_abi::Pad::new(),
        flags: -2,
        weight: 1.5,
        color: ptx_abi::types::Float4::new([1.0, 2.0, 3.0, 4.0]),
    };
    let mut ours = [0xFFu8; 48];
    v.encode(&mut ours).unwrap();
    // unit 0: mode 0b101 | level 0b11101 << 3 | tag << 8 | addr << 16
    let unit0 = 5u64 | (0b11101 << 3) | (0xAB << 8) | (0x12_3456_789A << 16);
    assert_eq!(ours[0..8], unit0.to_le_bytes());
    assert_eq!(ours[8..16], 0b111_1110u64.to_le_bytes());
    assert_eq!(ours[16..24], 1.5f64.to_le_bytes());
    assert_eq!(ours[24..32], [0; 8]);
    assert_eq!(ours[32..36], 1.0f32.to_le_bytes());
    assert_eq!(ours[44..48], 4.0f32.to_le_bytes());
}

#[cfg_attr(test, test)]
fn every_baseline_writes_our_bytes_and_reads_our_values() {
    for v in sample(10_000) {
        let mut ours = [0u8; 48];
        v.encode(&mut ours).unwrap();
        let mut theirs = [[0x5Au8; 48]; 4];
        hand::encode(&v, &mut theirs[0]);
        hand::encode_checked(&v, &mut theirs[1]).unwrap();
        mb::encode(&v, &mut theirs[2]).unwrap();
        bs::encode(&v, &mut theirs[3]).unwrap();
        for (i, t) in theirs.iter().enumerate() {
            assert_eq!(t, &ours, "baseline {i} for {v:?}");
        }
        assert_eq!(Ref::decode(&ours).unwrap(), v);
        assert_eq!(hand::decode(&ours), v);
        assert_eq!(mb::decode(&ours), v);
        assert_eq!(bs::decode(&ours), v);
    }
}

/// The non-temporal baseline, at a 16-byte aligned destination (16-byte stores) and at
/// destinations that are not (8-byte stores).
#[cfg_attr(test, test)]
fn the_streaming_baseline_writes_our_bytes_aligned_or_not() {
    #[repr(align(16))]
    struct Aligned([u8; 64]);
    for v in sample(1_000) {
        let mut ours = [0u8; 48];
        v.encode(&mut ours).unwrap();
        for at in [0, 8, 1] {
            let mut buf = Aligned([0x5A; 64]);
            let slot: &mut [u8; 48] = (&mut buf.0[at..at + 48]).try_into().unwrap();
            hand::encode_streaming(&v, slot);
            hand::fence();
            assert_eq!(slot, &ours, "at offset {at} for {v:?}");
        }
    }
}

#[cfg_attr(test, test)]
fn every_checked_baseline_rejects_what_we_reject() {
    let good = sample(1)[0];
    let bad = [
        Ref { mode: 8, ..good },
        Ref { level: 16, ..good },
        Ref { level: -17, ..good },
        Ref {
            addr: 1 << 40,
            ..good
        },
        Ref { flags: 64, ..good },
        Ref { flags: -65, ..good },
    ];
    for v in bad {
        let mut out = [0u8; 48];
        assert!(v.encode(&mut out).is_err(), "{v:?}");
        assert!(hand::encode_checked(&v, &mut out).is_err(), "{v:?}");
        assert!(mb::encode(&v, &mut out).is_err(), "{v:?}");
        assert!(bs::encode(&v, &mut out).is_err(), "{v:?}");
    }
}

#[cfg_attr(test, test)]
fn slices_encode_like_single_values() {
    let values = sample(100);
    let mut ours = vec![0u8; values.len() * 48];
    Ref::encode_slice(&values, &mut ours).unwrap();
    let mut theirs = vec![0u8; values.len() * 48];
    common::each_slot(&values, &mut theirs, |v, out| {
        hand::encode(v, out);
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(ours, theirs);
}

#[cfg_attr(test, test)]
fn hand_written_launch_buffer_is_ours() {
    use common::{hand_step_buffer, step_args, StepArgs, STEP_BUFFER_SIZE, STEP_OFFSETS};
    use ptx_abi::{KernelLaunch, KernelParams};
    assert_eq!(StepArgs::PARAM_OFFSETS, STEP_OFFSETS);
    assert_eq!(StepArgs::BUFFER_SIZE, STEP_BUFFER_SIZE);
    let args = step_args();
    let launch = KernelLaunch::new(&args).unwrap();
    assert_eq!(launch.buffer(), &hand_step_buffer(&args).unwrap().0[..]);
}

#[cfg_attr(test, test)]
fn zero_copy_bytes_are_the_encoded_images() {
    let ps = common::particles(100);
    assert_eq!((common::Particle::SIZE, common::Particle::ALIGN), (32, 4));
    let mut out = vec![0u8; 100 * 32];
    common::Particle::encode_slice(&ps, &mut out).unwrap();
    assert_eq!(ptx_abi::codec::slice_as_ptx_bytes(&ps), &out[..]);
}

/// The benchmarks' pre-timing check (`common::verify`) rejects an encoder that writes wrong
/// bytes: a fast wrong encoder fails the benchmark instead of winning it.
#[test]
#[should_panic(expected = "benchmark variant `zeros` writes other bytes than its baseline")]
fn benchmark_check_rejects_a_wrong_encoder() {
    let values = sample(64);
    let image = common::verify::baseline_image(&values);
    common::verify::encoder("zeros", &image, |out| out.fill(0));
}

/// … and a decoder that does not give the values back (here: one that leaves its output as
/// it found it).
#[test]
#[should_panic(expected = "benchmark variant `idle` decodes value 0 as")]
fn benchmark_check_rejects_a_wrong_decoder() {
    let values = sample(64);
    common::verify::decoder("idle", &values, |_| {});
}

/// The check accepts the baselines themselves and ptx-abi's encoder and decoder.
#[cfg_attr(test, test)]
fn benchmark_check_accepts_ptx_abi() {
    let values = sample(256);
    let image = common::verify::baseline_image(&values);
    common::verify::encoder("ptx-abi", &image, |out| {
        Ref::encode_slice(&values, out).unwrap()
    });
    common::verify::decoder("ptx-abi", &values, |out| {
        for (o, chunk) in out.iter_mut().zip(image.chunks_exact(Ref::SIZE)) {
            *o = Ref::decode(chunk).unwrap();
        }
    });
}

/// Every test of this file but the `should_panic` ones, for `oracle-tests`' `proof_encoders`
/// (a test missing here fails that program's build).
#[allow(dead_code)]
pub const TESTS: &[(&str, fn())] = common::test_list![
    reference_type_is_48_bytes_aligned_to_16,
    reference_type_layout_is_the_c_layout,
    every_baseline_writes_our_bytes_and_reads_our_values,
    the_streaming_baseline_writes_our_bytes_aligned_or_not,
    every_checked_baseline_rejects_what_we_reject,
    slices_encode_like_single_values,
    hand_written_launch_buffer_is_ours,
    zero_copy_bytes_are_the_encoded_images,
    benchmark_check_accepts_ptx_abi,
];
