use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(C, align(16))]
#[ptx(align = 32)]
struct Slot {
    value: f32,
}

fn main() {}
