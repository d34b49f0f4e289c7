//! The example types that the examples and the tests share, one definition each (included with
//! `#[path]`): the guide's §1.3 bit-field figures (Fig. 2–6) and the tour's `Particle`. The
//! figures the tests check against the guide are the ones the examples draw.
#![allow(dead_code)]

use ptx_abi::types::Float4;
use ptx_abi::{DevicePtr, Pad, PtxAbi};

/// §1.3 Fig. 2, bit-field allocation: `struct { int j:5; int k:6; int m:7; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Fig2 {
    #[ptx(bits = 5)]
    pub j: i32,
    #[ptx(bits = 6)]
    pub k: i32,
    #[ptx(bits = 7)]
    pub m: i32,
}

/// §1.3 Fig. 3, boundary alignment:
/// `struct { short s:9; int j:9; char c; short t:9; short u:9; char d; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Fig3 {
    #[ptx(bits = 9)]
    pub s: i16,
    #[ptx(bits = 9)]
    pub j: i32,
    pub c: i8,
    #[ptx(bits = 9)]
    pub t: i16,
    #[ptx(bits = 9)]
    pub u: i16,
    pub d: i8,
}

/// §1.3 Fig. 4, storage unit sharing: `struct { char c; short s:8; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Fig4 {
    pub c: i8,
    #[ptx(bits = 8)]
    pub s: i16,
}

/// §1.3 Fig. 5, union allocation: `union { char c; short s:8; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(union)]
pub enum Fig5 {
    C(i8),
    #[ptx(bits = 8)]
    S(i16),
}

/// §1.3 Fig. 6, unnamed bit-fields:
/// `struct { char c; int :0; char d; short :9; char e; char :0; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Fig6 {
    pub c: i8,
    pub _z: Pad<i32, 0>,
    pub d: i8,
    pub _p: Pad<i16, 9>,
    pub e: i8,
    pub _z2: Pad<i8, 0>,
}

/// The tour's particle: bit-fields sharing a storage unit with an ordinary member (§1.3), a
/// native vector (§1.2) and a device pointer. In C:
///
/// ```c
/// struct __align__(16) Particle { unsigned kind:3; int charge:5; unsigned char tag;
///     short :0; short :7; unsigned long long addr:40; float4 pos; Particle* next;
///     float history[3]; };                                    // 64 bytes, align 16
/// ```
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 16, accessors)]
pub struct Particle {
    #[ptx(bits = 3)]
    pub kind: u32,
    #[ptx(bits = 5)]
    pub charge: i32,
    pub tag: u8,
    pub _brk: Pad<u16, 0>,
    pub _gap: Pad<u16, 7>,
    #[ptx(bits = 40)]
    pub addr: u64,
    pub pos: Float4,
    pub next: DevicePtr<Particle>,
    pub history: [f32; 3],
}
