use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(empty_class)]
#[repr(u8)]
enum Mode {
    Fast,
    Exact,
}

fn main() {}
