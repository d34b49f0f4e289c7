use ptx_abi::{Pad, PtxAbi};

#[derive(PtxAbi)]
struct Gap {
    a: u8,
    _gap: Pad<f32, 5>,
    b: u8,
}

fn main() {}
