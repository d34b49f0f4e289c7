use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Hashes {
    digests: [u128; 4],
}

fn main() {}
