use ptx_abi::PtxAbi;

// C++ gives an empty class 1 byte, Rust 0: its value is not its image.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(empty_class, zero_copy, pack = 1)]
#[repr(C)]
struct NoDistortion;

fn main() {}
