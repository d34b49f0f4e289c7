//! NVIDIA's tools as ptx-abi uses them, on machines without a CUDA install or a GPU: the one
//! home of the NVRTC binding ([`nvrtc`]), the pinned PyPI wheels and their cache ([`fetch`]),
//! clang finding ([`clang`]) and the NVRTC options ptx-abi compiles with ([`options`]).
//!
//! `ptx-abi-core`'s feature `nvrtc` (`ptx_abi::report::nvrtc::assert_matches`),
//! `ptx-abi-import`, the test oracle and `cargo xtask` all use this crate, so a pin, a search
//! path or an option is written once.

pub mod clang;
pub mod fetch;
pub mod nvrtc;
pub mod options;
