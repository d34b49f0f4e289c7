use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy = true)]
struct Pair {
    a: u32,
    b: u32,
}

fn main() {}
