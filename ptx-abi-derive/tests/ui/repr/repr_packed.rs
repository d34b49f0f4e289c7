use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(C, packed)]
struct Header {
    tag: u8,
    len: u32,
}

fn main() {}
