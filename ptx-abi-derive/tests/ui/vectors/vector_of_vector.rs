use ptx_abi::{types::Float2, PtxAbi, Vector};

#[derive(PtxAbi)]
struct Quad {
    corners: Vector<Float2, 4>,
}

fn main() {}
