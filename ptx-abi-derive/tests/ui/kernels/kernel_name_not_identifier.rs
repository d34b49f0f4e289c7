use ptx_abi::{DevicePtr, PtxAbi};

// `extern "C"` kernel names are PTX identifiers: `.visible .entry scale-2(…)` does not assemble.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "scale-2")]
struct ScaleArgs {
    out: DevicePtr<f32>,
    n: u32,
}

// A namespace path is a C++ name: it needs `abi = "c++"`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "ns::blur")]
struct BlurArgs {
    n: u32,
}

fn main() {}
