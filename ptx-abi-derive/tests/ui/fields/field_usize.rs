use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Buffer {
    len: usize,
}

fn main() {}
