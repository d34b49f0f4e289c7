//! Headers as users have them (`headers/includes_*.cuh`: `#include <cuda_fp16.h>`,
//! `<cstdint>`, `__extension__` unions), imported and checked by the importer's emitted
//! `nvrtc::assert_matches` calls against NVRTC with CUDA's real headers (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/includes.rs"));
