use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<32, 4>", abi = "c++", template = "typename T, int BLOCK")]
struct Args {
    out: DevicePtr<f32>,
}

fn main() {}
