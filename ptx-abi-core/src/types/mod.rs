//! The PTX types a Rust value can be: §1.1's fundamental types, §1.2's native vectors and
//! arrays, §1.4's pointers and handles, and `Pad` for unnamed bit-fields (§1.3), each with its
//! `PtxAbi` impl; and CUDA's own C++ types beyond the guide ([`cuda`]).

pub(crate) mod align;
mod array;
pub(crate) mod c_long;
pub mod cuda;
pub(crate) mod handle;
pub(crate) mod pad;
pub(crate) mod pointer;
pub(crate) mod scalars;
pub(crate) mod vector;
