use ptx_abi::{DevicePtr, PtxAbi};

// `class::int` names no C++ function: both components are keywords.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "class::int", abi = "c++")]
struct Args {
    out: DevicePtr<f32>,
}

fn main() {}
