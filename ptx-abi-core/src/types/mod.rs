//! The PTX types a Rust value can be: §1.1's fundamental types, §1.2's native vectors and
//! arrays, §1.4's pointers and handles, and `Pad` for unnamed bit-fields (§1.3), each with its
//! `PtxAbi` impl; [`Image`], the PTX image of a derived type; CUDA's own C++ types beyond the guide (`double4`, `__half2`, `CUtensorMap`,
//! … and [`CUDA_TYPES`], their table); and C's `long` ([`CLong`], [`CULong`]).

pub(crate) mod align;
mod array;
pub(crate) mod c_long;
pub(crate) mod cuda;
pub(crate) mod device_buffer;
pub(crate) mod handle;
pub(crate) mod image;
pub(crate) mod pad;
pub(crate) mod pointer;
pub(crate) mod scalars;
pub(crate) mod vector;

pub use align::{
    Align1, Align1024, Align128, Align16, Align2, Align2048, Align256, Align32, Align4, Align4096,
    Align512, Align64, Align8, AlignTo, Alignment,
};
pub use c_long::{CLong, CULong};
#[allow(deprecated)] // CUDA 13's deprecated vectors, re-exported all the same
pub use cuda::{
    cuda_type, passed_by_reference, tensor_map_type, Bf16, Bf16x2, CudaType, Double3, Double4,
    Double4A16, Double4A32, Fp4x2E2M1, Fp8E4M3, Fp8E5M2, Fp8x2E4M3, Fp8x2E5M2, Fp8x4E4M3,
    Fp8x4E5M2, Half2, Long3, Long4, Long4A16, Long4A32, LongLong3, LongLong4, LongLong4A16,
    LongLong4A32, TensorMap, ULong3, ULong4, ULong4A16, ULong4A32, ULongLong3, ULongLong4,
    ULongLong4A16, ULongLong4A32, CUDA_TYPES,
};
pub use device_buffer::{DeviceBuffer, DeviceBufferMut};
pub use handle::{SamplerRef, SurfRef, TexRef};
pub use image::{Image, ImageBytes, ImageLayout, ImageStorage};
pub use pad::Pad;
pub use pointer::{DeviceConstPtr, DevicePtr, VOID};
pub use vector::*;
