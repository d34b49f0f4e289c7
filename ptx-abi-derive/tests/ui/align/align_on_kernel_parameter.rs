use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScaleArgs {
    data: DevicePtr<f32>,
    #[ptx(align = 16)]
    factor: f32,
}

fn main() {}
