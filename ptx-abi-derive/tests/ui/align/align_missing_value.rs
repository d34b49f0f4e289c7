use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(align)]
struct Block {
    data: u32,
}

fn main() {}
