use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
union Bits {
    float: f32,
    int: u32,
}

fn main() {}
