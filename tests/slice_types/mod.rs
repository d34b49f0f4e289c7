//! The sample types of the slice codecs' tests (`encode_slices.rs`, `decode_slices.rs`):
//! images of 1, 3, 12, 40, 48, 256 and 264 bytes (tails of single bytes, sizes that are odd
//! multiples of 8, the largest staged image, one past it), and a [`Sample`] of each from a
//! counter, every field varying, negative bit-fields included.
//!
//! The including file declares `common` (`benches/common/mod.rs`) beside this module.

// Each including file uses a subset.
#![allow(dead_code)]

use super::common::{sample, Ref};
use ptx_abi::types::Float3;
use ptx_abi::{DevicePtr, Pad, PtxAbi};

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct One {
    pub flag: bool,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Three {
    #[ptx(bits = 3)]
    pub kind: u8,
    #[ptx(bits = 5)]
    pub level: i8,
    pub r: u8,
    pub g: u8,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Twelve {
    pub position: Float3,
}

/// 40 bytes: 16 + 16 + 8, so a streaming run's images alternate between aligned and not.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Forty {
    pub next: DevicePtr<Forty>,
    pub weight: f64,
    #[ptx(bits = 40)]
    pub id: u64,
    pub _z: Pad<u32, 0>,
    #[ptx(bits = 7)]
    pub flags: i32,
    pub count: u32,
    pub tag: u8,
}

/// 256 bytes, the largest staged image.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Staged256 {
    pub words: [u64; 31],
    #[ptx(bits = 12)]
    pub low: u16,
    pub tail: [u8; 6],
}

/// 264 bytes, one word past the stage: written in place.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Unstaged264 {
    pub words: [u64; 32],
    #[ptx(bits = 9)]
    pub low: i16,
}

/// A value of each type from a counter: every field varies, negative bit-fields included.
pub trait Sample: PtxAbi + Copy + PartialEq + std::fmt::Debug {
    fn nth(i: usize) -> Self;

    fn many(n: usize) -> Vec<Self> {
        (0..n).map(Self::nth).collect()
    }
}

pub fn mix(i: usize) -> u64 {
    let mut s = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x2545_F491_4F6C_DD1D;
    s ^= s >> 31;
    s.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

impl Sample for One {
    fn nth(i: usize) -> Self {
        One {
            flag: mix(i) & 1 == 1,
        }
    }
}

impl Sample for Three {
    fn nth(i: usize) -> Self {
        let s = mix(i);
        Three {
            kind: (s & 7) as u8,
            level: ((s >> 3) & 31) as i8 - 16,
            r: (s >> 8) as u8,
            g: (s >> 16) as u8,
        }
    }
}

impl Sample for Twelve {
    fn nth(i: usize) -> Self {
        let s = mix(i);
        Twelve {
            position: Float3::new([i as f32, (s >> 40) as f32, -0.5]),
        }
    }
}

impl Sample for Forty {
    fn nth(i: usize) -> Self {
        let s = mix(i);
        Forty {
            next: DevicePtr::from_raw(s & !7),
            weight: i as f64 * 0.25,
            id: s >> 24,
            _z: Pad::new(),
            flags: ((s >> 8) & 127) as i32 - 64,
            count: s as u32,
            tag: (s >> 56) as u8,
        }
    }
}

impl Sample for Staged256 {
    fn nth(i: usize) -> Self {
        let s = mix(i);
        Staged256 {
            words: core::array::from_fn(|k| s.rotate_left(k as u32)),
            low: (s & 0xfff) as u16,
            tail: core::array::from_fn(|k| (s >> (8 * k)) as u8),
        }
    }
}

impl Sample for Unstaged264 {
    fn nth(i: usize) -> Self {
        let s = mix(i);
        Unstaged264 {
            words: core::array::from_fn(|k| s.rotate_right(k as u32)),
            low: ((s & 511) as i16) - 256,
        }
    }
}

impl Sample for Ref {
    fn nth(i: usize) -> Self {
        sample(i + 1)[i]
    }

    fn many(n: usize) -> Vec<Self> {
        sample(n)
    }
}
