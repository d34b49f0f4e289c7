//! Chapters 3–7 against NVIDIA's tools: needs NVRTC and ptxas (clang for the system-call ABI on the
//! host); each test skips without them, and fails under `PTX_ABI_REQUIRE_ORACLE=1`. System calls
//! (ch. 3), atomics (ch. 4), DWARF (ch. 5), C++ names and CUDA's C++ types (ch. 6–7).
//!
//! One test binary of modules (a few binaries link faster and use less disk than one per
//! file); run one module with `cargo test --test abi_nvrtc -- <module>::`.

#[path = "../common/mod.rs"]
mod common;

mod atomics;
mod cxx;
mod dwarf;
mod itanium;
mod itanium_template;
mod syscall;
