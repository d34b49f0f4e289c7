use ptx_abi::{PtxAbi, Vector};

#[derive(PtxAbi)]
struct Samples {
    taps: Vector<f32, 5>,
}

fn main() {}
