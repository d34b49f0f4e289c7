//! The reference type of the performance targets and its baselines, shared by the benchmarks
//! and by `tests/bench_baselines.rs` (which proves every baseline writes our exact bytes).
//!
//! ```c
//! struct Ref { unsigned mode:3; int level:5; unsigned char tag; unsigned long long addr:40;
//!              short :0; short flags:7; double weight; float4 color; };  // 48 bytes, align 16
//! ```
//!
//! Byte map (§1.3, little-endian, least significant bit first):
//! - 0..8: one `u64` unit: `mode` bits 0..3, `level` 3..8, `tag` 8..16 (byte 1), `addr` 16..56;
//! - 8..10: `short` unit (after `short :0`): `flags` bits 0..7; 10..16 padding;
//! - 16..24: `weight`; 24..32 padding; 32..48: `color`.

// Each bench and the test use a different subset.
#![allow(dead_code)]

use ptx_abi::types::{Float3, Float4};
use ptx_abi::{DevicePtr, Pad, PtxAbi};

/// A test file's `TESTS`, the tests `oracle-tests`' program `proof_encoders` runs as plain
/// functions in the optimized profiles: `(name, function)` pairs, each name written once; a
/// `#[cfg(…)]` before an entry keeps it with its test.
#[allow(unused_macros)]
macro_rules! test_list {
    ($($(#[$cfg:meta])* $test:ident),* $(,)?) => {
        &[$($(#[$cfg])* (stringify!($test), $test as fn())),*]
    };
}
#[allow(unused_imports)]
pub(crate) use test_list;

/// The reference type, derived.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(accessors)]
pub struct Ref {
    #[ptx(bits = 3)]
    pub mode: u32,
    #[ptx(bits = 5)]
    pub level: i32,
    pub tag: u8,
    #[ptx(bits = 40)]
    pub addr: u64,
    pub _z: Pad<i16, 0>,
    #[ptx(bits = 7)]
    pub flags: i16,
    pub weight: f64,
    pub color: Float4,
}

/// The number of values the throughput benchmarks encode and decode.
pub const N: usize = 1_000_000;

/// The number after `name` on the command line (`--values 1000`), else `default`: the
/// options of the benchmarks with their own `main`.
pub fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `n` deterministic values covering every field's range, negative bit-fields included.
pub fn sample(n: usize) -> Vec<Ref> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..n)
        .map(|i| {
            // xorshift64: cheap, and varied enough that no field is constant.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let s = state;
            Ref {
                mode: (s & 7) as u32,
                level: ((s >> 3) & 31) as i32 - 16,
                tag: (s >> 8) as u8,
                addr: (s >> 16) & ((1 << 40) - 1),
                _z: Pad::new(),
                flags: ((s >> 56) & 127) as i16 - 64,
                weight: i as f64 * 0.5,
                color: Float4::new([i as f32, 1.0, -2.0, 0.25]),
            }
        })
        .collect()
}

/// Hand-written shift/mask code for the C layout: what a user would write without a derive.
pub mod hand {
    use super::Ref;
    use ptx_abi::types::Float4;

    /// The two bit-field storage units of `v`, each bit-field masked to its width.
    #[inline(always)]
    fn units(v: &Ref) -> (u64, u64) {
        let unit0 = (v.mode as u64 & 0x7)
            | ((v.level as u64 & 0x1f) << 3)
            | ((v.tag as u64) << 8)
            | ((v.addr & 0xff_ffff_ffff) << 16);
        (unit0, v.flags as u64 & 0x7f)
    }

    /// The image of `v`, masking each bit-field to its width (no range check).
    #[inline(always)]
    pub fn encode(v: &Ref, out: &mut [u8; 48]) {
        let (unit0, unit1) = units(v);
        let [x, y, z, w] = v.color.lanes();
        out[0..8].copy_from_slice(&unit0.to_le_bytes());
        out[8..16].copy_from_slice(&unit1.to_le_bytes());
        out[16..24].copy_from_slice(&v.weight.to_le_bytes());
        out[24..32].copy_from_slice(&0u64.to_le_bytes());
        out[32..36].copy_from_slice(&x.to_le_bytes());
        out[36..40].copy_from_slice(&y.to_le_bytes());
        out[40..44].copy_from_slice(&z.to_le_bytes());
        out[44..48].copy_from_slice(&w.to_le_bytes());
    }

    /// [`encode`] with non-temporal stores, as hand-written code for a large upload would
    /// write it: three 16-byte `MOVNTDQ`s where `out` is 16-byte aligned, else six 8-byte
    /// `MOVNTI`s (ordinary stores off x86-64). The caller fences once after the last image
    /// ([`fence`]).
    #[inline(always)]
    pub fn encode_streaming(v: &Ref, out: &mut [u8; 48]) {
        let (unit0, unit1) = units(v);
        let [x, y, z, w] = v.color.lanes();
        let words: [u64; 6] = [
            unit0,
            unit1,
            v.weight.to_bits(),
            0,
            x.to_bits() as u64 | (y.to_bits() as u64) << 32,
            z.to_bits() as u64 | (w.to_bits() as u64) << 32,
        ];
        #[cfg(target_arch = "x86_64")]
        // `is_multiple_of` is newer than the facade's MSRV (1.85); clippy suggests it only
        // where `oracle-tests`' program `proof_encoders` includes this file.
        #[allow(clippy::manual_is_multiple_of)]
        {
            use std::arch::x86_64::{__m128i, _mm_set_epi64x, _mm_stream_si128, _mm_stream_si64};
            let p = out.as_mut_ptr();
            if p as usize % 16 == 0 {
                for (k, pair) in words.chunks_exact(2).enumerate() {
                    // SAFETY: `p + 16k .. p + 16k + 16` (k < 3) lies inside `out`'s 48 bytes,
                    // which the exclusive borrow lets us write, and it is 16-byte aligned
                    // (tested above) as MOVNTDQ requires; SSE2 is part of x86-64's baseline.
                    unsafe {
                        _mm_stream_si128(
                            p.add(16 * k).cast::<__m128i>(),
                            _mm_set_epi64x(pair[1] as i64, pair[0] as i64),
                        )
                    };
                }
            } else {
                for (k, word) in words.iter().enumerate() {
                    // SAFETY: `p + 8k .. p + 8k + 8` (k < 6) lies inside `out`'s 48 bytes,
                    // which the exclusive borrow lets us write; MOVNTI has no alignment
                    // requirement.
                    unsafe { _mm_stream_si64(p.add(8 * k).cast::<i64>(), *word as i64) };
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        for (chunk, word) in out.chunks_exact_mut(8).zip(words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
    }

    /// Orders [`encode_streaming`]'s stores before what follows (`SFENCE`).
    #[inline(always)]
    pub fn fence() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SFENCE has no preconditions; SSE is part of x86-64's baseline.
        unsafe {
            std::arch::x86_64::_mm_sfence()
        };
    }

    /// Whether every bit-field of `v` fits its width (what `PtxAbi::encode` checks).
    #[inline(always)]
    pub fn fits(v: &Ref) -> bool {
        v.mode < 8
            && (-16..16).contains(&v.level)
            && v.addr < 1 << 40
            && (-64..64).contains(&v.flags)
    }

    /// [`encode`] after the same range checks as ours.
    #[inline(always)]
    pub fn encode_checked(v: &Ref, out: &mut [u8; 48]) -> Result<(), ()> {
        if !fits(v) {
            return Err(());
        }
        encode(v, out);
        Ok(())
    }

    fn word(bytes: &[u8; 48], at: usize) -> u64 {
        let mut w = [0; 8];
        w.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(w)
    }

    fn lane(bytes: &[u8; 48], at: usize) -> f32 {
        let mut w = [0; 4];
        w.copy_from_slice(&bytes[at..at + 4]);
        f32::from_le_bytes(w)
    }

    /// The value of an image, sign-extending the signed bit-fields.
    #[inline(always)]
    pub fn decode(bytes: &[u8; 48]) -> Ref {
        let unit0 = word(bytes, 0);
        let unit1 = u16::from_le_bytes([bytes[8], bytes[9]]);
        Ref {
            mode: (unit0 & 0x7) as u32,
            level: ((unit0 as i32) << 24) >> 27,
            tag: (unit0 >> 8) as u8,
            addr: (unit0 >> 16) & 0xff_ffff_ffff,
            _z: ptx_abi::Pad::new(),
            flags: ((unit1 as i16) << 9) >> 9,
            weight: f64::from_bits(word(bytes, 16)),
            color: Float4::new([
                lane(bytes, 32),
                lane(bytes, 36),
                lane(bytes, 40),
                lane(bytes, 44),
            ]),
        }
    }
}

/// The closest `modular-bitfield` equivalent: it packs bits but has no C layout, so the two
/// storage units are bit-field types placed by hand, and it has no signed fields, so `level`
/// and `flags` are stored as their two's-complement bits (range-checked by hand, like C).
pub mod mb {
    use super::Ref;
    use modular_bitfield::prelude::*;
    use ptx_abi::types::Float4;

    /// The first storage unit (`unsigned long long`, bits 0..56 used).
    #[bitfield]
    #[derive(Clone, Copy)]
    pub struct Unit0 {
        pub mode: B3,
        pub level: B5,
        pub tag: u8,
        pub addr: B40,
        #[skip]
        __: B8,
    }

    /// The second storage unit (`short`, bits 0..7 used).
    #[bitfield]
    #[derive(Clone, Copy)]
    pub struct Unit1 {
        pub flags: B7,
        #[skip]
        __: B9,
    }

    /// The image of `v` through the checked setters.
    #[inline(always)]
    pub fn encode(v: &Ref, out: &mut [u8; 48]) -> Result<(), ()> {
        if !(-16..16).contains(&v.level) || !(-64..64).contains(&v.flags) {
            return Err(());
        }
        let mode = u8::try_from(v.mode).map_err(|_| ())?;
        let unit0 = Unit0::new()
            .with_mode_checked(mode)
            .and_then(|u| u.with_level_checked(v.level as u8 & 0x1f))
            .and_then(|u| u.with_tag_checked(v.tag))
            .and_then(|u| u.with_addr_checked(v.addr))
            .map_err(|_| ())?;
        let unit1 = Unit1::new()
            .with_flags_checked(v.flags as u8 & 0x7f)
            .map_err(|_| ())?;
        let [x, y, z, w] = v.color.lanes();
        out[0..8].copy_from_slice(&unit0.into_bytes());
        out[8..10].copy_from_slice(&unit1.into_bytes());
        out[10..16].fill(0);
        out[16..24].copy_from_slice(&v.weight.to_le_bytes());
        out[24..32].fill(0);
        out[32..36].copy_from_slice(&x.to_le_bytes());
        out[36..40].copy_from_slice(&y.to_le_bytes());
        out[40..44].copy_from_slice(&z.to_le_bytes());
        out[44..48].copy_from_slice(&w.to_le_bytes());
        Ok(())
    }

    fn array<const K: usize>(bytes: &[u8; 48], at: usize) -> [u8; K] {
        let mut a = [0; K];
        a.copy_from_slice(&bytes[at..at + K]);
        a
    }

    /// The value of an image; the signed fields are sign-extended by hand.
    #[inline(always)]
    pub fn decode(bytes: &[u8; 48]) -> Ref {
        let unit0 = Unit0::from_bytes(array(bytes, 0));
        let unit1 = Unit1::from_bytes(array(bytes, 8));
        Ref {
            mode: unit0.mode() as u32,
            level: ((unit0.level() as i32) << 27) >> 27,
            tag: unit0.tag(),
            addr: unit0.addr(),
            _z: ptx_abi::Pad::new(),
            flags: ((unit1.flags() as i16) << 9) >> 9,
            weight: f64::from_le_bytes(array(bytes, 16)),
            color: Float4::new([
                f32::from_le_bytes(array(bytes, 32)),
                f32::from_le_bytes(array(bytes, 36)),
                f32::from_le_bytes(array(bytes, 40)),
                f32::from_le_bytes(array(bytes, 44)),
            ]),
        }
    }
}

/// The closest `bitfield-struct` equivalent: each storage unit is a bit-field integer (it has
/// signed fields); the units and the other members are placed by hand.
pub mod bs {
    use super::Ref;
    use bitfield_struct::bitfield;
    use ptx_abi::types::Float4;

    /// The first storage unit (`unsigned long long`, bits 0..56 used).
    #[bitfield(u64)]
    pub struct Unit0 {
        #[bits(3)]
        pub mode: u32,
        #[bits(5)]
        pub level: i32,
        pub tag: u8,
        #[bits(40)]
        pub addr: u64,
        #[bits(8)]
        __: u8,
    }

    /// The second storage unit (`short`, bits 0..7 used).
    #[bitfield(u16)]
    pub struct Unit1 {
        #[bits(7)]
        pub flags: i16,
        #[bits(9)]
        __: u16,
    }

    /// The image of `v` through the checked setters.
    #[inline(always)]
    pub fn encode(v: &Ref, out: &mut [u8; 48]) -> Result<(), ()> {
        let unit0 = Unit0::new()
            .with_mode_checked(v.mode)?
            .with_level_checked(v.level)?
            .with_tag_checked(v.tag)?
            .with_addr_checked(v.addr)?;
        let unit1 = Unit1::new().with_flags_checked(v.flags)?;
        let [x, y, z, w] = v.color.lanes();
        out[0..8].copy_from_slice(&u64::from(unit0).to_le_bytes());
        out[8..16].copy_from_slice(&(u16::from(unit1) as u64).to_le_bytes());
        out[16..24].copy_from_slice(&v.weight.to_le_bytes());
        out[24..32].fill(0);
        out[32..36].copy_from_slice(&x.to_le_bytes());
        out[36..40].copy_from_slice(&y.to_le_bytes());
        out[40..44].copy_from_slice(&z.to_le_bytes());
        out[44..48].copy_from_slice(&w.to_le_bytes());
        Ok(())
    }

    fn array<const K: usize>(bytes: &[u8; 48], at: usize) -> [u8; K] {
        let mut a = [0; K];
        a.copy_from_slice(&bytes[at..at + K]);
        a
    }

    /// The value of an image.
    #[inline(always)]
    pub fn decode(bytes: &[u8; 48]) -> Ref {
        let unit0 = Unit0::from(u64::from_le_bytes(array(bytes, 0)));
        let unit1 = Unit1::from(u16::from_le_bytes(array(bytes, 8)));
        Ref {
            mode: unit0.mode(),
            level: unit0.level(),
            tag: unit0.tag(),
            addr: unit0.addr(),
            _z: ptx_abi::Pad::new(),
            flags: unit1.flags(),
            weight: f64::from_le_bytes(array(bytes, 16)),
            color: Float4::new([
                f32::from_le_bytes(array(bytes, 32)),
                f32::from_le_bytes(array(bytes, 36)),
                f32::from_le_bytes(array(bytes, 40)),
                f32::from_le_bytes(array(bytes, 44)),
            ]),
        }
    }
}

/// A zero-copy type (32 bytes, align 4): its Rust bytes are its image.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(C)]
#[ptx(zero_copy)]
pub struct Particle {
    pub pos: Float3,
    pub mass: f32,
    pub vel: Float3,
    pub id: u32,
}

/// `n` particles.
pub fn particles(n: usize) -> Vec<Particle> {
    (0..n)
        .map(|i| Particle {
            pos: Float3::new([i as f32, 0.5, -1.0]),
            mass: 1.0,
            vel: Float3::new([0.0, 1.0, 2.0]),
            id: i as u32,
        })
        .collect()
}

/// The arguments of an 8-parameter kernel, one of them the 48-byte bit-field struct:
/// `__global__ void step(float* out, const Ref* in, unsigned n, float scale, Ref r,
/// unsigned long long seed, bool flag, int count)`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "step")]
pub struct StepArgs {
    pub out: DevicePtr<f32>,
    pub input: DevicePtr<Ref>,
    pub n: u32,
    pub scale: f32,
    pub r: Ref,
    pub seed: u64,
    pub flag: bool,
    pub count: i32,
}

/// Parameter offsets of `step`, by hand: `r` is aligned to 16, the rest to their size.
pub const STEP_OFFSETS: [usize; 8] = [0, 8, 16, 20, 32, 80, 88, 92];
/// The end of `count`: the parameter buffer's size (no tail padding).
pub const STEP_BUFFER_SIZE: usize = 96;

/// Arguments for `step`.
pub fn step_args() -> StepArgs {
    StepArgs {
        out: DevicePtr::from_raw(0x7f00_0000_1000),
        input: DevicePtr::from_raw(0x7f00_0100_0000),
        n: 1 << 20,
        scale: 0.5,
        r: sample(1)[0],
        seed: 0x1234_5678_9abc_def0,
        flag: true,
        count: -7,
    }
}

/// The parameter buffer of `step` written by hand (the baseline of the launch benchmark).
#[repr(C, align(16))]
pub struct HandStepBuffer(pub [u8; STEP_BUFFER_SIZE]);

/// Builds `step`'s parameter buffer with hand-written offsets and shift/mask code.
#[inline(always)]
pub fn hand_step_buffer(a: &StepArgs) -> Result<HandStepBuffer, ()> {
    let mut b = HandStepBuffer([0; STEP_BUFFER_SIZE]);
    let o = STEP_OFFSETS;
    b.0[o[0]..o[0] + 8].copy_from_slice(&a.out.addr().to_le_bytes());
    b.0[o[1]..o[1] + 8].copy_from_slice(&a.input.addr().to_le_bytes());
    b.0[o[2]..o[2] + 4].copy_from_slice(&a.n.to_le_bytes());
    b.0[o[3]..o[3] + 4].copy_from_slice(&a.scale.to_le_bytes());
    let r: &mut [u8; 48] = (&mut b.0[o[4]..o[4] + 48]).try_into().map_err(|_| ())?;
    hand::encode_checked(&a.r, r)?;
    b.0[o[5]..o[5] + 8].copy_from_slice(&a.seed.to_le_bytes());
    b.0[o[6]] = a.flag as u8;
    b.0[o[7]..o[7] + 4].copy_from_slice(&a.count.to_le_bytes());
    Ok(b)
}

/// Runs `f` on each value and its 48-byte slot of `out`.
#[inline(always)]
pub fn each_slot<E>(
    values: &[Ref],
    out: &mut [u8],
    mut f: impl FnMut(&Ref, &mut [u8; 48]) -> Result<(), E>,
) -> Result<(), E> {
    for (v, chunk) in values.iter().zip(out.chunks_exact_mut(48)) {
        let slot: &mut [u8; 48] = chunk.try_into().expect("48-byte chunks");
        f(v, slot)?;
    }
    Ok(())
}

/// Runs `f` on each 48-byte image of `bytes`, storing the results in `out`.
#[inline(always)]
pub fn each_image(bytes: &[u8], out: &mut [Ref], mut f: impl FnMut(&[u8; 48]) -> Ref) {
    for (o, chunk) in out.iter_mut().zip(bytes.chunks_exact(48)) {
        let image: &[u8; 48] = chunk.try_into().expect("48-byte chunks");
        *o = f(image);
    }
}

/// Checks made before anything is timed: every encoder and decoder a benchmark times must give
/// the hand-written baseline's bytes and values for the same inputs, so that a fast wrong
/// encoder fails the benchmark instead of winning it (issue 20). A failure panics, naming the
/// variant and the first value that differs, and `cargo bench` exits non-zero.
pub mod verify {
    use super::{hand, Ref};

    /// The image of `values` as the hand-written baseline writes it: the expected bytes.
    pub fn baseline_image(values: &[Ref]) -> Vec<u8> {
        let mut image = vec![0u8; values.len() * 48];
        super::each_slot(values, &mut image, |v, o| {
            hand::encode(v, o);
            Ok::<(), ()>(())
        })
        .expect("the hand-written encoder cannot fail");
        image
    }

    /// Runs `encode` once into a buffer filled with 0xA5 (so that a variant writing nothing,
    /// or not every byte, cannot pass) and compares it with `expected`.
    pub fn encoder(variant: &str, expected: &[u8], encode: impl FnOnce(&mut [u8])) {
        let mut out = vec![0xA5u8; expected.len()];
        encode(&mut out);
        bytes(variant, expected, &out);
    }

    /// Panics unless `ours` is `expected`, naming the first differing byte.
    pub fn bytes(variant: &str, expected: &[u8], ours: &[u8]) {
        if let Some(i) = expected.iter().zip(ours).position(|(a, b)| a != b) {
            panic!(
                "benchmark variant `{variant}` writes other bytes than its baseline: byte {i} is \
                 {:#04x}, the baseline's {:#04x}",
                ours[i], expected[i]
            );
        }
        assert_eq!(
            expected.len(),
            ours.len(),
            "benchmark variant `{variant}` writes {} bytes, the baseline {}",
            ours.len(),
            expected.len()
        );
    }

    /// Runs `decode` once into values that are none of `expected` (every field changed) and
    /// compares the result with `expected`.
    pub fn decoder(variant: &str, expected: &[Ref], decode: impl FnOnce(&mut [Ref])) {
        let mut out = scrambled(expected);
        decode(&mut out);
        values(variant, expected, &out);
    }

    /// Panics unless `ours` is `expected`, naming the first differing value.
    pub fn values(variant: &str, expected: &[Ref], ours: &[Ref]) {
        if let Some(i) = expected.iter().zip(ours).position(|(a, b)| a != b) {
            panic!(
                "benchmark variant `{variant}` decodes value {i} as {:?}, the baseline's value is {:?}",
                ours[i], expected[i]
            );
        }
        assert_eq!(
            expected.len(),
            ours.len(),
            "benchmark variant `{variant}`: value count"
        );
    }

    /// `values`, each changed in every field: what a decoder's output starts as.
    pub fn scrambled(values: &[Ref]) -> Vec<Ref> {
        values.iter().map(|v| other_than(*v)).collect()
    }

    /// A value that differs from `v` in every field.
    fn other_than(v: Ref) -> Ref {
        Ref {
            mode: (v.mode + 1) % 8,
            level: if v.level == 15 { -16 } else { v.level + 1 },
            tag: v.tag.wrapping_add(1),
            addr: (v.addr + 1) & ((1 << 40) - 1),
            flags: if v.flags == 63 { -64 } else { v.flags + 1 },
            weight: v.weight + 1.0,
            color: ptx_abi::types::Float4::new(v.color.lanes().map(|x| x + 1.0)),
            ..v
        }
    }
}
