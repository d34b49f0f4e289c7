use ptx_abi::{DevicePtr, PtxAbi};

// `extern "C"` kernels are C functions: no keyword, no `$` or `%`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "while")]
struct A {
    out: DevicePtr<f32>,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "%k")]
struct B {
    out: DevicePtr<f32>,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k$1")]
struct C {
    out: DevicePtr<f32>,
}

fn main() {}
