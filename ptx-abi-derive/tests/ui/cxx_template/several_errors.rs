use ptx_abi::{DevicePtr, PtxAbi};

// Each mistake once, on its own string: the argument, then each declared type.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k<float, -1>", abi = "c++", template = "typename T, unsigned N")]
struct Args {
    #[ptx(cxx = "T[4]")]
    a: DevicePtr<f32>,
    #[ptx(cxx = "unsigned float")]
    b: f32,
}

fn main() {}
