use ptx_abi::PtxAbi;

// `empty_class` is C++'s `struct E {};`: a struct with fields is not one.
#[derive(PtxAbi)]
#[ptx(empty_class)]
struct Policy {
    stride: u32,
}

fn main() {}
