use ptx_abi::PtxAbi;

// Getters are named after fields: these would hide methods every image has.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors)]
struct Entry {
    get: u32,
    as_bytes: u8,
    count: u16,
}

fn main() {}
