use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<float>", abi = "c++", template = T)]
struct Args {
    out: DevicePtr<f32>,
}

fn main() {}
