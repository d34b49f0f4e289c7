use ptx_abi::{DeviceConstPtr, DevicePtr, PtxAbi};

// template <typename T> __global__ void scale(const T* x, T* y);
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "scale<float>", abi = "c++", template = "typename T")]
struct Args {
    #[ptx(cxx = "const T*")]
    x: DeviceConstPtr<f32>,
    #[ptx(cxx = "T*")]
    y: DevicePtr<i32>,
}

fn main() {}
