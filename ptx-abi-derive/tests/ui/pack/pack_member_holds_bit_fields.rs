use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Flags {
    #[ptx(bits = 3)]
    level: u32,
    #[ptx(bits = 1)]
    dirty: bool,
}

// `flags` would sit at offset 1, its `u32` storage unit unaligned.
#[derive(PtxAbi)]
#[ptx(pack = 1)]
struct Entry {
    kind: u8,
    flags: Flags,
}

fn main() {}
