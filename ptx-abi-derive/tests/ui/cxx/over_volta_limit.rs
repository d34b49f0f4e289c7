use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(kernel = "big", param_limit = 32764)]
struct Args {
    table: [u64; 4096],
}

fn main() {}
