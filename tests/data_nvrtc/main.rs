//! Chapter 1 against NVIDIA's compiler: needs NVRTC (`cargo xtask nvrtc`, or `PTX_ABI_NVRTC`); each
//! test skips without it, and fails under `PTX_ABI_REQUIRE_ORACLE=1`. C types and generated
//! headers, C/C++ keywords, `.address_size 32`, reports, real headers with CUDA's includes, the
//! chosen CUDA release, input corners.
//!
//! One test binary of modules (a few binaries link faster and use less disk than one per
//! file); run one module with `cargo test --test data_nvrtc -- <module>::`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../examples/shared/guide_types.rs"]
mod guide_types;

mod address32;
mod c_keywords;
mod c_types;
mod cuda_version;
mod empty_class;
mod input_corners;
mod layout_attrs_random;
mod member_align;
mod nvcc;
mod packing;
mod real_headers;
mod report;
