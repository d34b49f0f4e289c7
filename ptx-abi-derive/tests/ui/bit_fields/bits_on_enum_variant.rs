use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(u8)]
enum Mode {
    #[ptx(bits = 2)]
    Off,
    On,
}

fn main() {}
