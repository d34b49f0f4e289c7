use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(abi = "c++")]
struct Args {
    n: u32,
}

fn main() {}
