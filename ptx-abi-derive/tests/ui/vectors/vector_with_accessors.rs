use ptx_abi::{PtxAbi, Vector};

// The image's accessors name the field type too: still one error, at the type.
#[derive(PtxAbi)]
#[ptx(accessors)]
struct Samples {
    taps: Vector<f32, 5>,
}

fn main() {}
