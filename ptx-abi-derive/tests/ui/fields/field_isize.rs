use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Step {
    stride: isize,
}

fn main() {}
