use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy)]
struct Entry {
    tag: u8,
    value: u32,
}

fn main() {}
