use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(kernel = "ns::sum", abi = "c++")]
struct Args {
    weights: [f32; 4],
    n: u32,
}

fn main() {}
