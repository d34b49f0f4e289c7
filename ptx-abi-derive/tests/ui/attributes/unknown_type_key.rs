use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(algin = 16)]
struct Block {
    data: u32,
}

fn main() {}
