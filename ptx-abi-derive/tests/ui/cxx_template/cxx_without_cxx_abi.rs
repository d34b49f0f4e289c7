use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k")]
struct Args {
    #[ptx(cxx = "float*")]
    out: DevicePtr<f32>,
}

fn main() {}
