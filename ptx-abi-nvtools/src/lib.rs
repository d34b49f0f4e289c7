//! NVIDIA's tools as ptx-abi uses them, on machines without a CUDA install or a GPU: the one
//! home of the NVRTC binding ([`nvrtc`]), nvcc run as a program ([`nvcc`]), NVRTC's pinned wheels and library names ([`pins`])
//! and the NVRTC options ptx-abi compiles with ([`options`]): what `ptx-abi-core`'s feature
//! `nvrtc` (`ptx_abi::report::nvrtc::assert_matches`) needs.
//!
//! With the feature `fetch` (the workspace's tests, `ptx-abi-import` and `cargo xtask`), also
//! every tool's pinned wheel, its download and cache (`fetch`), the toolkits assembled from
//! wheels (`toolkit`: nvcc 13.5, cuda-core's headers) and clang finding (`clang`), so
//! that a pin, a search path or an option is written once.

#[cfg(feature = "fetch")]
pub mod clang;
#[cfg(feature = "fetch")]
pub mod fetch;
pub mod nvcc;
pub mod nvrtc;
pub mod options;
pub mod pins;
pub mod std_headers;
#[cfg(feature = "fetch")]
pub mod toolkit;
