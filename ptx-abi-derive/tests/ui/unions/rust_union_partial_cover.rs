use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
union Payload {
    wide: u64,
    narrow: u32,
}

fn main() {}
