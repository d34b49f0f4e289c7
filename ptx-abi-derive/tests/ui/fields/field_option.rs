use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi)]
struct Link {
    next: Option<DevicePtr<u32>>,
}

fn main() {}
