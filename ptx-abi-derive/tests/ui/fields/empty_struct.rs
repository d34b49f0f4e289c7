use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Marker {}

fn main() {}
