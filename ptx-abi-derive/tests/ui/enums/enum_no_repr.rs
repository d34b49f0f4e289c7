use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
enum Mode {
    Off,
    On,
}

fn main() {}
