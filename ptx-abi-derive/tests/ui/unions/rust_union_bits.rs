use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
union Bits {
    #[ptx(bits = 8)]
    low: u32,
    int: u32,
}

fn main() {}
