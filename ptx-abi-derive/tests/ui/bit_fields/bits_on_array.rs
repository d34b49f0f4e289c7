use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Flags {
    #[ptx(bits = 4)]
    lanes: [u8; 4],
}

fn main() {}
