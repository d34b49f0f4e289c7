use ptx_abi::{types::Float4, PtxAbi};

#[derive(PtxAbi)]
struct Body {
    mass: f32,
    #[ptx(align = 16)]
    position: Float4,
}

fn main() {}
