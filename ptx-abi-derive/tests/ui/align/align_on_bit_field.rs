use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Flags {
    kind: u8,
    #[ptx(bits = 3, align = 4)]
    level: u32,
}

fn main() {}
