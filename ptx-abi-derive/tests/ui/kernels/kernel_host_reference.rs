use ptx_abi::PtxAbi;

// A kernel's argument struct may borrow device buffers (`&CudaSlice<T>`), not host memory.
#[derive(PtxAbi)]
#[ptx(kernel = "scale")]
struct ScaleArgs<'a> {
    n: u32,
    factor: &'a f32,
}

fn main() {}
