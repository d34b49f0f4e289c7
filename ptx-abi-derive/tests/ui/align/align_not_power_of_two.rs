use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(align = 24)]
struct Block {
    data: [f32; 6],
}

fn main() {}
