use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(u8)]
enum Level {
    Low = 1,
    High = 300,
}

fn main() {}
