use ptx_abi::PtxAbi;

// `#pragma pack(3)` is not a packing C accepts either.
#[derive(PtxAbi)]
#[ptx(pack = 3)]
struct Record {
    tag: u8,
    value: u32,
}

fn main() {}
