use ptx_abi::{Pad, PtxAbi};

#[derive(PtxAbi)]
#[ptx(align = 12)]
struct Everything {
    len: usize,
    #[ptx(bits = 9)]
    small: u8,
    #[ptx(bits = 3)]
    ratio: f32,
    _gap: Pad<u16, 17>,
    name: String,
}

fn main() {}
