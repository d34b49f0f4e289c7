//! `KernelLaunch::param_buffer(arch)` and `param_buffer_at(offsets)` against a buffer built
//! here from each argument's own image: for pseudo-random arguments, architectures and
//! offsets (gaps of any size, overlaps, offsets past the capacity or near `usize::MAX`), the
//! buffer holds every parameter's image at its offset and zeros everywhere else, or the call
//! fails with the error of the first parameter that cannot be placed.
//!
//! The buffer writes only the bytes below its last parameter's end and reads them back as
//! initialized (`params/buffer.rs`, an `unsafe` read): under Miri (`cargo miri test --test
//! param_buffers`, a few cases) a byte it forgot is reported as uninitialized, and `cargo
//! xtask test` also runs this file optimized, in `release` and `aggressive`, as part of
//! `oracle-tests`' program `proof_encoders` (its tests are marked `#[cfg_attr(test, test)]`
//! and listed in [`TESTS`]).

#[path = "../benches/common/mod.rs"]
mod common;

use ptx_abi::params::{Arch, ParamBuffer};
use ptx_abi::{DevicePtr, KernelLaunch, LaunchError, PtxAbi};
use ptx_abi_oracle::images::SplitMix;

/// `struct Flags { unsigned short kind : 4; short bias : 9; unsigned char lane; }`: a
/// 4-byte parameter aligned to 2.
#[derive(PtxAbi, Clone, Copy, Debug)]
struct Flags {
    #[ptx(bits = 4)]
    kind: u16,
    #[ptx(bits = 9)]
    bias: i16,
    lane: u8,
}

/// `struct __align__(32) Tile { float v[3]; }`: aligned above 16, so the driver's offsets
/// differ by architecture from the tile on.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[ptx(align = 32)]
struct Tile {
    v: [f32; 3],
}

/// `mixed(float* out, bool flag, unsigned n, Tile tile, unsigned short h, Flags p, double x,
/// unsigned char c)`.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[ptx(kernel = "mixed")]
struct Mixed {
    out: DevicePtr<f32>,
    flag: bool,
    n: u32,
    tile: Tile,
    h: u16,
    p: Flags,
    x: f64,
    c: u8,
}

const NAMES: [&str; 8] = ["out", "flag", "n", "tile", "h", "p", "x", "c"];

/// Each parameter's own image and alignment, in order.
fn parameters(m: &Mixed) -> Vec<(Vec<u8>, usize)> {
    fn one<T: PtxAbi>(v: &T) -> (Vec<u8>, usize) {
        (v.to_ptx_bytes().expect("in range"), T::ALIGN)
    }
    vec![
        one(&m.out),
        one(&m.flag),
        one(&m.n),
        one(&m.tile),
        one(&m.h),
        one(&m.p),
        one(&m.x),
        one(&m.c),
    ]
}

/// The buffer with each parameter at `offsets[i]`, or the error for the first one that
/// overlaps the one before it or ends past the capacity.
fn expected(m: &Mixed, offsets: &[usize]) -> Result<Vec<u8>, LaunchError> {
    let mut bytes = Vec::new();
    for (index, ((image, _), &offset)) in parameters(m).iter().zip(offsets).enumerate() {
        if offset < bytes.len() {
            return Err(LaunchError::Overlap {
                kernel: "mixed",
                field: NAMES[index],
                index,
                offset,
            });
        }
        let end = offset.saturating_add(image.len());
        if end > ParamBuffer::CAPACITY {
            return Err(LaunchError::TooLarge {
                kernel: "mixed",
                size: end,
                capacity: ParamBuffer::CAPACITY,
            });
        }
        bytes.resize(offset, 0);
        bytes.extend_from_slice(image);
    }
    Ok(bytes)
}

/// Where the driver reads each parameter on `arch`: from its base, each at the next multiple
/// of its alignment (§2.3).
fn driver_offsets(m: &Mixed, base: usize) -> Vec<usize> {
    let mut end = 0;
    parameters(m)
        .iter()
        .map(|(image, align)| {
            let offset = (base + end).next_multiple_of(*align) - base;
            end = offset + image.len();
            offset
        })
        .collect()
}

/// The cases: pseudo-random arguments and offsets.
struct Cases(SplitMix);

impl Cases {
    fn mixed(&mut self) -> Mixed {
        let bits = self.0.next_u64();
        Mixed {
            out: DevicePtr::from_raw(self.0.next_u64()),
            flag: bits & 1 != 0,
            n: (bits >> 32) as u32,
            tile: Tile {
                v: [0; 3].map(|_| f32::from_bits(self.0.next_u64() as u32)),
            },
            h: (bits >> 8) as u16,
            p: Flags {
                kind: self.0.below(16) as u16,
                bias: self.0.below(512) as i16 - 256,
                lane: (bits >> 40) as u8,
            },
            x: f64::from_bits(self.0.next_u64()),
            c: (bits >> 24) as u8,
        }
    }

    /// One offset per parameter: each after the previous end by a gap of up to 80 bytes, or,
    /// unless `gaps_only`, (one time in twenty each) overlapping it, near the capacity, or
    /// near `usize::MAX`.
    fn offsets(&mut self, m: &Mixed, gaps_only: bool) -> Vec<usize> {
        let mut end = 0usize;
        parameters(m)
            .iter()
            .map(|(image, _)| {
                let n = self.0.below(80) as usize;
                let kind = if gaps_only { 3 } else { self.0.below(20) };
                let offset = match kind {
                    0 => end.saturating_sub(n % 8 + 1),
                    1 => ParamBuffer::CAPACITY - n,
                    2 => usize::MAX - n,
                    _ => end.saturating_add(n),
                };
                end = offset.saturating_add(image.len());
                offset
            })
            .collect()
    }
}

/// How many random cases each test runs.
const CASES: usize = if cfg!(miri) { 6 } else { 2000 };

#[cfg_attr(test, test)]
fn a_buffer_at_given_offsets_is_the_images_and_zeros() {
    let mut cases = Cases(SplitMix::new(0x9e37_79b9_7f4a_7c15));
    let (mut placed, mut refused) = (0, 0);
    for i in 0..CASES {
        let m = cases.mixed();
        // Every fourth case places every parameter (gaps never reach the capacity).
        let offsets = cases.offsets(&m, i % 4 == 0);
        let launch = KernelLaunch::new(&m).expect("in range");
        let ours = launch.param_buffer_at(&offsets);
        match expected(&m, &offsets) {
            Ok(bytes) => {
                let ours = ours.expect("placed");
                assert_eq!(ours.as_bytes(), &bytes[..], "offsets {offsets:?}");
                assert_eq!(ours.size(), bytes.len());
                placed += 1;
            }
            Err(e) => {
                assert_eq!(ours.err(), Some(e), "offsets {offsets:?}");
                refused += 1;
            }
        }
    }
    // Both outcomes are exercised.
    assert!(
        placed >= CASES / 4 && refused > 0,
        "{placed} placed, {refused} refused"
    );
}

#[cfg_attr(test, test)]
fn a_buffer_for_an_architecture_is_where_the_driver_reads() {
    let archs = [
        Arch::SM_50,
        Arch::SM_70,
        Arch::SM_80,
        Arch::SM_90,
        Arch::SM_100,
        Arch::SM_120,
    ];
    let mut cases = Cases(SplitMix::new(0x243f_6a88_85a3_08d3));
    for i in 0..CASES {
        let m = cases.mixed();
        let arch = archs[i % archs.len()];
        let base = arch.param_base().expect("a known architecture");
        let offsets = driver_offsets(&m, base);
        let ours = KernelLaunch::new(&m)
            .expect("in range")
            .param_buffer(arch)
            .expect("fits");
        let bytes = expected(&m, &offsets).expect("the driver's offsets never overlap");
        assert_eq!(ours.as_bytes(), &bytes[..], "{arch:?}: offsets {offsets:?}");
    }
}

/// Every test of this file, for `oracle-tests`' `proof_encoders` (a test missing here fails
/// that program's build).
#[allow(dead_code)]
pub const TESTS: &[(&str, fn())] = common::test_list![
    a_buffer_at_given_offsets_is_the_images_and_zeros,
    a_buffer_for_an_architecture_is_where_the_driver_reads,
];
