use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Wide {
    value: i128,
}

fn main() {}
