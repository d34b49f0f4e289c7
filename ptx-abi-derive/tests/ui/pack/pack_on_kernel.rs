use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi)]
#[ptx(kernel = "scale", pack = 1)]
struct ScaleArgs {
    data: DevicePtr<f32>,
    factor: f32,
}

fn main() {}
