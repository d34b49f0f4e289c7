use ptx_abi::{PtxAbi, Vector};

#[derive(PtxAbi, Clone, Copy, PartialEq, Debug, Default)]
struct Rgb {
    r: u8,
    g: u8,
    b: u8,
}

#[derive(PtxAbi)]
struct Strip {
    pixels: Vector<Rgb, 2>,
}

fn main() {}
