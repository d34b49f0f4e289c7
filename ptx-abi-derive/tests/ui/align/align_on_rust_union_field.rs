use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
union Word {
    value: u32,
    #[ptx(align = 8)]
    bytes: [u8; 4],
}

fn main() {}
