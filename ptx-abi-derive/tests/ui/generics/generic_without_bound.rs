use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Pair<T> {
    first: T,
    second: T,
}

fn main() {}
