use ptx_abi::{types::Float4, PtxAbi};

#[derive(PtxAbi)]
#[ptx(align = 8)]
struct Body {
    position: Float4,
}

fn main() {}
