use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(kernel = "step")]
#[repr(u8)]
enum Mode {
    Off,
    On,
}

fn main() {}
