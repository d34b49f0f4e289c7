//! ptx-abi facade.
#![no_std]
pub use ptx_abi_core::*;
pub use ptx_abi_derive::PtxAbi;
