use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Sample {
    #[ptx(bits = 16)]
    level: f32,
}

fn main() {}
