//! The guide's chapters beyond data layout: system calls (chapter 3, with the `vprintf`
//! argument buffer), the atomics ABI (chapter 4), DWARF address classes (chapter 5) and C++
//! names (chapter 7, the Itanium mangling).

pub mod atomics;
pub mod dwarf;
pub mod itanium;
pub mod syscall;
