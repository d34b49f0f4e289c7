use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx]
struct Pixel {
    rgba: u32,
}

fn main() {}
