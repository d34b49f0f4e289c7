use ptx_abi::PtxAbi;

// A `u32` bit-field's unit is aligned to 4, more than `pack = 2` allows.
#[derive(PtxAbi)]
#[ptx(pack = 2)]
struct Flags {
    kind: u8,
    #[ptx(bits = 3)]
    level: u32,
}

fn main() {}
