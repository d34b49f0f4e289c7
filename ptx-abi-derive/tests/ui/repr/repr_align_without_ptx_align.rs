use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(C, align(16))]
struct Slot {
    value: f32,
}

fn main() {}
