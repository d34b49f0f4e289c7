//! Checks Rust types against the structs of a CUDA header with NVIDIA's NVRTC: every size,
//! alignment, member offset, and every bit-field's type, width, signedness and bit positions.
//!
//! ```text
//! cargo run --example check_header --features nvrtc
//! ```
//!
//! NVRTC comes from `$PTX_ABI_NVRTC`, a CUDA install, or the library search path; without
//! one, the error says how to fetch it from PyPI (see `ptx_abi::report::nvrtc`).

use ptx_abi::types::Float3;
use ptx_abi::PtxAbi;

/// Warp's `BVHPackedNodeHalf`: a bound and a 31-bit child index with a leaf flag.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct BVHPackedNodeHalf {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    #[ptx(bits = 31)]
    pub i: u32,
    #[ptx(bits = 1)]
    pub b: u32,
}

/// A ray query; `node` is renamed on the Rust side and mapped below.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct RayQuery {
    pub origin: Float3,
    pub max_t: f32,
    pub dir: Float3,
    #[ptx(c_name = "node")]
    pub node_index: i32,
    pub lower: BVHPackedNodeHalf,
    pub upper: BVHPackedNodeHalf,
}

const HEADER: &str = include_str!("kernels/bvh.cuh");

fn main() {
    // The one-line form, for a test: panics with a report of every difference.
    ptx_abi::report::nvrtc::assert_matches::<BVHPackedNodeHalf>(HEADER, "BVHPackedNodeHalf");
    ptx_abi::report::nvrtc::assert_matches::<RayQuery>(HEADER, "RayQuery");
    println!("bvh.cuh: BVHPackedNodeHalf and RayQuery match their Rust types");

    // What a wrong port looks like: the flag before the index.
    let wrong = HEADER.replace(
        "    unsigned int i : 31;\n    unsigned int b : 1;",
        "    unsigned int b : 1;\n    unsigned int i : 31;",
    );
    match ptx_abi::report::nvrtc::check_matches::<BVHPackedNodeHalf>(&wrong, "BVHPackedNodeHalf") {
        Ok(()) => panic!("the swapped bit-fields went unnoticed"),
        Err(e) => println!("with `b` and `i` swapped:\n{e}"),
    }
}
