use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(kernel = "ns::scale$1", abi = "c++")]
struct Args {
    n: u32,
}

fn main() {}
