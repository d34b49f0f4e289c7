use ptx_abi::{Pad, PtxAbi};

#[derive(PtxAbi)]
struct Gap {
    a: u8,
    _gap: Pad<u8, 9>,
    b: u8,
}

fn main() {}
