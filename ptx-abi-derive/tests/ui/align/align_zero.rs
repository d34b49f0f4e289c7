use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(align = 0)]
struct Block {
    data: u32,
}

fn main() {}
