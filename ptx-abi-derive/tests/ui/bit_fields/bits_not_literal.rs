use ptx_abi::PtxAbi;

const KIND_BITS: u32 = 3;

#[derive(PtxAbi)]
struct Particle {
    #[ptx(bits = KIND_BITS)]
    kind: u32,
}

fn main() {}
