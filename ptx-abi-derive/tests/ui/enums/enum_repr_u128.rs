use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(u128)]
enum Id {
    A,
    B,
}

fn main() {}
