//! `#[ptx(align = N)]` on fields (C++'s `alignas(N)` on a member), also of array, struct and
//! generic type, and beside a packed struct's own packing.
use ptx_abi::{types::Float4, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
struct Body {
    mass: f32,
    #[ptx(align = 16)]
    position: [f32; 3],
    #[ptx(align = 32)]
    velocity: Float4,
}

#[derive(PtxAbi, Clone, Copy)]
struct Wrap<T: PtxAbi + Copy> {
    tag: u8,
    #[ptx(align = 8)]
    value: T,
}

#[derive(PtxAbi, Clone, Copy)]
struct Holder {
    tag: u8,
    #[ptx(align = 64)]
    body: Body,
}

fn main() {
    // mass 0, position 16..28, velocity 32..48; 64/32.
    assert_eq!((Body::SIZE, Body::ALIGN), (64, 32));
    assert_eq!((<Wrap<u16>>::SIZE, <Wrap<u16>>::ALIGN), (16, 8));
    assert_eq!((Holder::SIZE, Holder::ALIGN), (128, 64));
}
