use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<float>", abi = "c++")]
struct Args {
    out: DevicePtr<f32>,
}

fn main() {}
