use ptx_abi::PtxAbi;
use std::mem::ManuallyDrop;

#[derive(PtxAbi)]
#[repr(C)]
#[ptx(zero_copy)]
struct Halves {
    low: u32,
    high: u32,
}

#[derive(PtxAbi)]
#[repr(C)]
union Word {
    whole: u64,
    halves: ManuallyDrop<Halves>,
}

fn main() {}
