use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Halves {
    low: u32,
    high: u32,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
union Word {
    whole: u64,
    halves: Halves,
}

fn main() {}
