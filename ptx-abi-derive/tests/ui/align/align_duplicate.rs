use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(align = 16)]
#[ptx(align = 32)]
struct Block {
    data: u32,
}

fn main() {}
