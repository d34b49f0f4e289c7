use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<Mode(1)>", abi = "c++", template = "Mode M")]
struct Args {
    out: DevicePtr<f32>,
}

fn main() {}
