use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Inner {
    a: u32,
    b: u32,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy)]
struct Outer {
    inner: Inner,
}

fn main() {}
