//! A kernel with no parameters (`extern "C" __global__ void init()`): its argument struct may
//! be empty, in every spelling, and expands without a warning.

#![deny(warnings)]

use ptx_abi::{KernelParams, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "init")]
struct InitArgs;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "reset")]
pub struct ResetArgs {}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "ns::start", abi = "c++")]
struct StartArgs();

fn main() {
    assert_eq!(InitArgs::BUFFER_SIZE, 0);
    assert_eq!(ResetArgs::SIZE, 0);
    assert_eq!(StartArgs::KERNEL, "_ZN2ns5startEv");
}
