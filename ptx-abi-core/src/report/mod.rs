//! Seeing layouts: a pahole-style report ([`LayoutReport`]), bit diagrams like the guide's
//! §1.3 figures ([`diagram`]) and CUDA C headers ([`header`]), all computed from a type's
//! description by the layout engine.

pub mod c_check;
pub mod diagram;
pub mod header;
mod name_clash;
#[cfg(feature = "nvrtc")]
pub mod nvrtc;
mod reorder;
mod rows;

pub use name_clash::HeaderError;
pub use rows::{Hole, LayoutReport, MemberRow, StorageUnit};
