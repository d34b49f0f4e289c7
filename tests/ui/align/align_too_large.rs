use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(align = 256)]
struct Page {
    data: [u8; 256],
}

fn main() {}
