use ptx_abi::{DevicePtr, PtxAbi};

// template <typename T, int N> __global__ void k(T* out);
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<float>", abi = "c++", template = "typename T, int N")]
struct Args {
    #[ptx(cxx = "T*")]
    out: DevicePtr<f32>,
}

fn main() {}
