use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Sample {
    #[ptx(decode)]
    value: u32,
}

fn main() {}
