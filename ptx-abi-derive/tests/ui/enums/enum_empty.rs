use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
enum Never {}

fn main() {}
