use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(kernel = "scale", abi = "rust")]
struct Args {
    n: u32,
}

fn main() {}
