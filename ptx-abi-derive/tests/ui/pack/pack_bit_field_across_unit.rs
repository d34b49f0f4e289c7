use ptx_abi::PtxAbi;

// Under `#pragma pack(1)` nvcc puts `length` at bits 14..18, across a `u8` boundary (a packed
// struct has no padding before a bit-field): no storage unit of its type holds it.
#[derive(PtxAbi)]
#[ptx(pack = 1)]
struct Packet {
    kind: u8,
    #[ptx(bits = 6)]
    version: u8,
    #[ptx(bits = 4)]
    length: u8,
}

fn main() {}
