use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<float>", abi = "c++", template = "typename T")]
struct Args {
    #[ptx(cxx = "T&")]
    out: DevicePtr<f32>,
}

fn main() {}
