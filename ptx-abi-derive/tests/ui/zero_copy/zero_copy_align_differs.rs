use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy, align = 16)]
struct Slot {
    value: [f32; 4],
}

fn main() {}
