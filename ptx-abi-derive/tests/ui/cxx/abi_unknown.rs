use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(kernel = "scale", abi = "ptx-kernel")]
struct Args {
    n: u32,
}

fn main() {}
