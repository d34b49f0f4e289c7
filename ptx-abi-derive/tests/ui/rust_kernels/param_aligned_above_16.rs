//! rustc's nvptx64 backend cannot pass a kernel parameter aligned above 16 bytes (it stops with
//! an internal compiler error): `abi = "rust"` names the field first. `pos` (a `double2`,
//! aligned 16) is fine; `tile` (aligned 32) and `map` (a `CUtensorMap`, aligned 64) are not.

use ptx_abi::types::{Double2, TensorMap};
use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 32)]
struct Tile {
    cells: [f32; 8],
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "blur", abi = "rust")]
struct BlurArgs {
    out: DevicePtr<f32>,
    pos: Double2,
    tile: Tile,
    map: TensorMap,
}

fn main() {}
