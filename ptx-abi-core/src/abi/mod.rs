//! The guide's chapters beyond data layout: system calls (chapter 3, with the `vprintf`
//! argument buffer), the atomics ABI (chapter 4) and DWARF address classes (chapter 5).

pub mod atomics;
pub mod dwarf;
pub mod syscall;
