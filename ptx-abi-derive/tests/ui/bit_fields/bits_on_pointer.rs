use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi)]
struct Tagged {
    #[ptx(bits = 48)]
    ptr: DevicePtr<f32>,
}

fn main() {}
