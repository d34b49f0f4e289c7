use ptx_abi::{Float2, PtxAbi, Vector};

#[derive(PtxAbi)]
struct Quad {
    corners: Vector<Float2, 4>,
}

fn main() {}
