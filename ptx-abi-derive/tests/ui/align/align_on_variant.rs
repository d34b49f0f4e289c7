use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum Word {
    Bytes([u8; 4]),
    #[ptx(align = 16)]
    Value(u32),
}

fn main() {}
