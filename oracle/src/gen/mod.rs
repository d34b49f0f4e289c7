//! A deterministic generator of random aggregate definitions, emitted twice — as CUDA C++ for
//! NVRTC and as Rust for ptx-abi's derive — with a random in-range value of the top type.
//!
//! ```ignore
//! let case = ptx_abi_oracle::gen::generate(seed, id);
//! let cuda = ptx_abi_oracle::gen::cuda_defs(&case) + &ptx_abi_oracle::gen::cuda_probe(&case);
//! let rust = ptx_abi_oracle::gen::rust_defs(&case); // plus rust_value(&case)
//! ```
//!
//! Names embed the seed and id (`T{seed:x}_{id}_{k}`), so cases with distinct `(seed, id)`
//! can share a compile unit and a Rust file; [`cuda_probe`]'s symbols (`ptxabi_*_{id}`) only
//! embed the id, so one compile unit must not hold two cases with the same id.

mod compact;
pub mod cuda;
pub mod model;
pub mod random;
pub mod rust;
mod shapes;
pub mod sketch;
pub mod value;

pub use cuda::{cuda17_source, cuda_defs, cuda_initializer, cuda_probe};
pub use model::{Aggregate, Case, EnumDef, Kind, Member, Scalar, Ty, Value};
pub use random::{generate, generate_with, Options};
pub use rust::{rust_defs, rust_value};
