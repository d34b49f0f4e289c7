//! §2.3, parameters and launches, against NVIDIA's tools: needs NVRTC and ptxas (cuobjdump for the
//! launch layouts; `cargo xtask nvrtc all` fetches them); each test skips without them, and fails
//! under `PTX_ABI_REQUIRE_ORACLE=1`. `.param` declarations, launch buffers per architecture, call
//! sequences, kernel names, parameter limits, the PTX reader, what ptxas refuses and what the
//! checker refuses with it, the checker's type classes against NVRTC's and clang's PTX.
//!
//! One test binary of modules (a few binaries link faster and use less disk than one per
//! file); run one module with `cargo test --test params_ptxas -- <module>::`.

#[path = "../common/call_module.rs"]
mod call_module;
#[path = "../common/mod.rs"]
mod common;

mod call;
mod check_types;
mod declarations;
mod kernel_name;
mod launch_arch;
mod param_limit;
mod ptx_reader;
mod refused;
