use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Particle {
    #[ptx(bits = -3)]
    kind: u32,
}

fn main() {}
