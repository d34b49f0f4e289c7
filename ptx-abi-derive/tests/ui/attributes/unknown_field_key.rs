use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Flags {
    #[ptx(bit = 3)]
    mode: u32,
}

fn main() {}
