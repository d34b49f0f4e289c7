use ptx_abi::{PtxAbi, Vector};

#[derive(PtxAbi)]
struct Point {
    xyz: Vector<f64, 3>,
}

fn main() {}
