//! Test support for ptx-abi: NVIDIA's NVRTC as an oracle (loaded at run time through
//! `ptx-abi-nvtools`, which also finds and fetches the tools), PTX readers,
//! a generator of random aggregate definitions, and random images of a type with the codec's
//! round-trip property ([`images`]); nightly rustc's nvptx64 backend as a producer of kernels
//! written in Rust ([`rustc`], [`rust_kernels`]). Not published.

pub mod clang;
pub mod corpus;
pub mod cuobjdump;
pub mod cxx;
pub mod gen;
pub mod gpu;
pub mod images;
pub mod nvcc;
pub mod probe;
pub mod ptx;
pub mod ptxas;
pub mod releases;
pub mod require;
pub mod rust_kernels;
pub mod rustc;
pub mod suite;
pub mod tokens;
