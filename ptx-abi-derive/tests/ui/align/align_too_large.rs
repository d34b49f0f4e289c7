use ptx_abi::PtxAbi;

// `alignas(8192)`: nvcc lays it out, but ptx-abi's alignments stop at 4096 (a page).
#[derive(PtxAbi)]
#[ptx(align = 8192)]
struct Page {
    data: [u8; 256],
}

fn main() {}
