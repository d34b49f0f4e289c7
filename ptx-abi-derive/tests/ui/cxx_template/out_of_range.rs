use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<float, 300>", abi = "c++", template = "typename T, unsigned char N")]
struct Args {
    #[ptx(cxx = "T*")]
    out: DevicePtr<f32>,
}

fn main() {}
