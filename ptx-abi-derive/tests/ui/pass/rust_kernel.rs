//! A kernel compiled by rustc (`abi = "rust"`): its symbol is the `#[no_mangle]` name as written,
//! and parameters aligned up to 16 bytes (rustc's limit) are accepted, through a pointer above it.

#![deny(warnings)]

use ptx_abi::types::{Double2, Float4};
use ptx_abi::{DevicePtr, KernelParams, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 32)]
struct Tile {
    cells: [f32; 8],
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "blur", abi = "rust")]
struct BlurArgs {
    out: DevicePtr<f32>,
    tile: DevicePtr<Tile>,
    pos: Double2,
    color: Float4,
    n: u32,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "init", abi = "Rust")]
struct InitArgs;

fn main() {
    assert_eq!(BlurArgs::KERNEL, "blur");
    assert_eq!(InitArgs::BUFFER_SIZE, 0);
}
