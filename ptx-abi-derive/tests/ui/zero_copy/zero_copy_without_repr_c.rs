use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(zero_copy)]
struct Entry {
    key: u32,
    value: u32,
}

fn main() {}
