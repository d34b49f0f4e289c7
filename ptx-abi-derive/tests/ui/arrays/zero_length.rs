use ptx_abi::PtxAbi;

// GCC lays this out in 8 bytes aligned to 4; NVRTC refuses `unsigned int b[0]`.
#[derive(PtxAbi, Clone, Copy)]
struct Header {
    a: u8,
    b: [u32; 0],
    c: u8,
}

fn main() {}
