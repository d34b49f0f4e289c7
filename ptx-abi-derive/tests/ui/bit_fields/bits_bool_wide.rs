use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Switches {
    #[ptx(bits = 2)]
    on: bool,
}

fn main() {}
