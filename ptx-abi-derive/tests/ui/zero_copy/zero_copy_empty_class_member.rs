use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(empty_class)]
struct Tag {}

// The tag is one byte in C++ and none in Rust, so `count` moves.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(zero_copy)]
#[repr(C)]
struct Counted {
    tag: Tag,
    count: u32,
}

fn main() {}
