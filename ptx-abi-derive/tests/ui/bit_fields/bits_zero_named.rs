use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Header {
    #[ptx(bits = 0)]
    boundary: u32,
    kind: u8,
}

fn main() {}
