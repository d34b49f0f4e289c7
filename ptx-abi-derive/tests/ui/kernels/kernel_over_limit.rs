use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "blur")]
struct BlurArgs {
    image: DevicePtr<f32>,
    weights: [f32; 1100],
    width: u32,
}

fn main() {}
