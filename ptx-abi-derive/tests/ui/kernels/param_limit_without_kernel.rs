use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(param_limit = 32764)]
struct Args {
    n: u32,
}

fn main() {}
