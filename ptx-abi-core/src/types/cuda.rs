//! CUDA C++ types beyond the guide's §1.2 vectors: the 3- and 4-lane vectors of 8-byte
//! elements (`double4`, `long3`, …), the reduced-precision types of `cuda_fp16.h`,
//! `cuda_bf16.h`, `cuda_fp8.h` and `cuda_fp4.h`, and `CUtensorMap` — each with CUDA's layout as
//! NVRTC computes it with CUDA's own headers, for the CUDA release this build describes
//! ([`crate::layout::cuda_version::CUDA_VERSION`]: 12.9 unless a feature chooses another; proven against NVRTC 12.9
//! and 13.5).
//!
//! Where §1.2 and CUDA differ, NVRTC decides: the guide's vectors stop at 2 lanes of 8-byte
//! elements, but CUDA declares `double3`/`double4`, `long3`/`long4`, … as ordinary structs
//! (`struct __builtin_align__(16) double4 { double x, y, z, w; }`): 32 bytes aligned 16, passed as
//! `.param .align 16 .b8 p[32]`, never as a PTX vector (`.v4.f64` does not exist). Their 3-lane
//! forms are aligned like the element (24 bytes, aligned 8). They are aggregates here, not
//! [`crate::Vector`]s. CUDA 13 deprecates `double4`, `long4`, `ulong4`, `longlong4` and
//! `ulonglong4` (removal announced) for `*_16a` (the same layout) and `*_32a` (aligned 32):
//! [`Double4A16`], [`Double4A32`], [`Long4A16`], …, predefined by nvcc and NVRTC 13. In a
//! build for CUDA 13 the old Rust names are `#[deprecated]` too. The new types exist in every
//! build, but CUDA before 13.0 does not declare them: for such a build `cuda_header` writes
//! their definition itself (copied from CUDA 13's `vector_types.h`).
//!
//! `CUtensorMap` ([`TensorMap`]) is aligned 64 before CUDA 13.0 and 128 from it
//! ([`crate::layout::cuda_version::tensor_map_align`]); [`TensorMap`] has the alignment of
//! [`crate::layout::cuda_version::CUDA_VERSION`], and [`tensor_map_type`] describes it for any release.
//!
//! [`CUDA_TYPES`] is the one table of CUDA's C++ types ptx-abi provides: each Rust name with its
//! CUDA name, the struct tag C++ mangles it by, the header that declares it, the releases that
//! declare and deprecate it, and its size and alignment. CUDA headers (`report/header.rs`), the
//! C type checks and `ptx-abi-import`'s stand-ins for CUDA's headers all read it. Every
//! [`crate::layout::desc::TypeDesc`] name here is that struct tag, so a kernel taking one gets
//! the right Itanium name (chapter 7).
//! The reduced-precision types carry raw bit patterns (`Bf16(0x3f80)` is 1.0).

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::codec::{check_in, check_out, PtxAbi};
use crate::layout::const_text::same_str;
use crate::layout::cuda_version::{tensor_map_align, CudaVersion, CUDA_VERSION};
use crate::layout::desc::{AggregateKind, Member, Scalar, TypeDesc, TypeKind};

/// One CUDA C++ type ptx-abi provides: where CUDA declares it and how C++ names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CudaType {
    /// The Rust type's name (`Double4`).
    pub rust: &'static str,
    /// The name CUDA code writes (`double4`, `CUtensorMap`).
    pub c_name: &'static str,
    /// The struct tag, which is what an Itanium name encodes (`CUtensorMap` is
    /// `typedef struct CUtensorMap_st {…} CUtensorMap`, so `14CUtensorMap_st`); also the
    /// [`TypeDesc`] name.
    pub tag: &'static str,
    /// The header that declares it, or `None` when NVRTC and nvcc predefine it.
    pub header: Option<&'static str>,
    /// `sizeof` (identical at both address sizes; `long` is 64-bit on LP64 hosts only).
    pub size: usize,
    /// `alignof` in [`crate::layout::cuda_version::CUDA_VERSION`] ([`CudaType::align_in`] for another release).
    pub align: usize,
    /// The first CUDA release that declares it ([`CudaVersion::OLDEST_KNOWN`] for types older
    /// than every release ptx-abi knows).
    pub since: CudaVersion,
    /// The CUDA release that deprecates it, if any.
    pub deprecated_from: Option<CudaVersion>,
}

impl CudaType {
    /// Chapter 7: `alignof` of this type in CUDA `v` (only `CUtensorMap`'s depends on the
    /// release: [`tensor_map_align`]).
    pub const fn align_in(&self, v: CudaVersion) -> usize {
        if same_str(self.tag, TENSOR_MAP_TAG) {
            tensor_map_align(v)
        } else {
            self.align
        }
    }

    /// Whether CUDA `v` declares this type.
    pub const fn declared_in(&self, v: CudaVersion) -> bool {
        v.at_least(self.since)
    }

    /// Whether CUDA `v` deprecates this type.
    pub const fn deprecated_in(&self, v: CudaVersion) -> bool {
        match self.deprecated_from {
            Some(d) => v.at_least(d),
            None => false,
        }
    }
}

/// `CUtensorMap`'s struct tag.
const TENSOR_MAP_TAG: &str = "CUtensorMap_st";

/// Chapter 7 (the Itanium C++ ABI): whether C++ passes `ty` to a device function by invisible
/// reference, because CUDA gives it a user-written copy constructor (`__half2`,
/// `__nv_bfloat162`). NVRTC then declares such a `.func` parameter `.param .b64` (the address
/// of a copy the caller made) and returns such a value through a hidden first `.b64`
/// parameter instead of `func_retval0`. Kernels (`.entry`) still take them by value.
pub const fn passed_by_reference(ty: &TypeDesc) -> bool {
    if !matches!(ty.kind, TypeKind::Aggregate { .. }) {
        return false;
    }
    let mut k = 0;
    while k < BY_REFERENCE.len() {
        if same_str(BY_REFERENCE[k], ty.name) {
            return true;
        }
        k += 1;
    }
    false
}

/// The tags of [`CUDA_TYPES`] with a non-trivial copy constructor (checked against NVRTC).
const BY_REFERENCE: [&str; 2] = ["__half2", "__nv_bfloat162"];

/// The CUDA type whose struct tag is `tag`, if ptx-abi provides it (such a type is included
/// from CUDA's header, never redeclared).
pub const fn cuda_type(tag: &str) -> Option<&'static CudaType> {
    let mut k = 0;
    while k < CUDA_TYPES.len() {
        if same_str(CUDA_TYPES[k].tag, tag) {
            return Some(&CUDA_TYPES[k]);
        }
        k += 1;
    }
    None
}

const fn scalar_desc(s: Scalar) -> &'static TypeDesc {
    match s {
        Scalar::I64 => <i64 as PtxAbi>::TYPE,
        Scalar::U64 => <u64 as PtxAbi>::TYPE,
        Scalar::F64 => <f64 as PtxAbi>::TYPE,
        Scalar::U8 => <u8 as PtxAbi>::TYPE,
        Scalar::U16 => <u16 as PtxAbi>::TYPE,
        Scalar::U32 => <u32 as PtxAbi>::TYPE,
        _ => &F16_DESC,
    }
}

/// `__half`'s single member, as the layout engine sees it.
const F16_DESC: TypeDesc = TypeDesc::scalar("f16", Scalar::F16);

const fn fields(names: &'static [&'static str], s: Scalar) -> [Member; 4] {
    let empty = Member {
        name: "",
        ty: scalar_desc(s),
        bits: None,
        align: 0,
    };
    let mut out = [empty; 4];
    let mut i = 0;
    while i < names.len() && i < 4 {
        out[i] = Member {
            name: names[i],
            ty: scalar_desc(s),
            bits: None,
            align: 0,
        };
        i += 1;
    }
    out
}

macro_rules! lanes_from_le {
    ($t:ty, $bytes:expr, $n:literal) => {{
        let mut lanes = [<$t>::default(); $n];
        for (lane, chunk) in lanes.iter_mut().zip($bytes.chunks_exact(size_of::<$t>())) {
            let mut b = [0u8; size_of::<$t>()];
            b.copy_from_slice(chunk);
            *lane = <$t>::from_le_bytes(b);
        }
        lanes
    }};
}

/// Structs of `n` lanes of one 8-byte type (`double4`, `long3`, …), with public `x, y, z, w`.
/// Each row may carry attributes (its release's doc, `#[deprecated]`).
macro_rules! lane_structs {
    ($($(#[$attr:meta])* $rust:ident, $c:literal, $t:ty, $scalar:ident, $align:literal, [$($f:ident),*], $n:literal;)*) => {$(
        #[doc = concat!("CUDA's `", $c, "`: ", stringify!($n),
            " lanes of `", stringify!($t), "`, aligned ", stringify!($align),
            ". An ordinary struct for the ABI, not a PTX vector (§1.2 has no ", stringify!($n),
            "-lane vectors of 8-byte elements); chapter 7.")]
        $(#[$attr])*
        #[repr(C, align($align))]
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct $rust {
            $(#[doc = concat!("Lane `", stringify!($f), "`.")] pub $f: $t,)*
        }

        #[allow(deprecated)] // CUDA 13's deprecated vectors still have their layout
        impl PtxAbi for $rust {
            const TYPE: &'static TypeDesc = &TypeDesc {
                name: $c,
                kind: TypeKind::Aggregate {
                    kind: AggregateKind::Struct,
                    align: $align,
                    pack: 0,
                    members: {
                        const M: [Member; 4] = fields(&[$(stringify!($f)),*], Scalar::$scalar);
                        let (m, _) = M.split_at($n);
                        m
                    },
                },
            };

            fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                check_out::<Self>(out)?;
                out.fill(0);
                let lanes = [$(self.$f),*];
                for (lane, chunk) in lanes.iter().zip(out.chunks_exact_mut(8)) {
                    chunk.copy_from_slice(&lane.to_le_bytes());
                }
                Ok(())
            }

            #[inline]
            fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
                let mut lane_at = at;
                for lane in [$(self.$f),*] {
                    w.bytes(lane_at, lane.to_le_bytes());
                    lane_at += 8;
                }
            }

            fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                check_in::<Self>(bytes)?;
                let [$($f),*] = lanes_from_le!($t, bytes, $n);
                Ok($rust { $($f),* })
            }
        }
    )*};
}

lane_structs! {
    /// Predefined by nvcc and NVRTC.
    Double3, "double3", f64, F64, 8, [x, y, z], 3;
    /// Predefined by nvcc and NVRTC; deprecated from CUDA 13.0 for [`Double4A16`] (the same
    /// layout) and [`Double4A32`].
    #[cfg_attr(ptx_abi_cuda_13, deprecated(note = "CUDA 13 deprecates `double4` (removal announced): use Double4A16 / Double4A32 (CUDA 13's `double4_16a` / `double4_32a`; Double4A16 has this layout)"))]
    Double4, "double4", f64, F64, 16, [x, y, z, w], 4;
    /// Predefined by nvcc and NVRTC (C's `long`: 64-bit on LP64 hosts).
    Long3, "long3", i64, I64, 8, [x, y, z], 3;
    /// Predefined by nvcc and NVRTC (C's `long`: 64-bit on LP64 hosts); deprecated from CUDA
    /// 13.0 for [`Long4A16`] (the same layout) and [`Long4A32`].
    #[cfg_attr(ptx_abi_cuda_13, deprecated(note = "CUDA 13 deprecates `long4` (removal announced): use Long4A16 / Long4A32 (CUDA 13's `long4_16a` / `long4_32a`; Long4A16 has this layout)"))]
    Long4, "long4", i64, I64, 16, [x, y, z, w], 4;
    /// Predefined by nvcc and NVRTC (C's `unsigned long`: 64-bit on LP64 hosts).
    ULong3, "ulong3", u64, U64, 8, [x, y, z], 3;
    /// Predefined by nvcc and NVRTC (C's `unsigned long`: 64-bit on LP64 hosts); deprecated
    /// from CUDA 13.0 for [`ULong4A16`] (the same layout) and [`ULong4A32`].
    #[cfg_attr(ptx_abi_cuda_13, deprecated(note = "CUDA 13 deprecates `ulong4` (removal announced): use ULong4A16 / ULong4A32 (CUDA 13's `ulong4_16a` / `ulong4_32a`; ULong4A16 has this layout)"))]
    ULong4, "ulong4", u64, U64, 16, [x, y, z, w], 4;
    /// Predefined by nvcc and NVRTC.
    LongLong3, "longlong3", i64, I64, 8, [x, y, z], 3;
    /// Predefined by nvcc and NVRTC; deprecated from CUDA 13.0 for [`LongLong4A16`] (the same
    /// layout) and [`LongLong4A32`].
    #[cfg_attr(ptx_abi_cuda_13, deprecated(note = "CUDA 13 deprecates `longlong4` (removal announced): use LongLong4A16 / LongLong4A32 (CUDA 13's `longlong4_16a` / `longlong4_32a`; LongLong4A16 has this layout)"))]
    LongLong4, "longlong4", i64, I64, 16, [x, y, z, w], 4;
    /// Predefined by nvcc and NVRTC.
    ULongLong3, "ulonglong3", u64, U64, 8, [x, y, z], 3;
    /// Predefined by nvcc and NVRTC; deprecated from CUDA 13.0 for [`ULongLong4A16`] (the
    /// same layout) and [`ULongLong4A32`].
    #[cfg_attr(ptx_abi_cuda_13, deprecated(note = "CUDA 13 deprecates `ulonglong4` (removal announced): use ULongLong4A16 / ULongLong4A32 (CUDA 13's `ulonglong4_16a` / `ulonglong4_32a`; ULongLong4A16 has this layout)"))]
    ULongLong4, "ulonglong4", u64, U64, 16, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `double4` with its layout; predefined by nvcc and NVRTC 13.
    /// CUDA 12 does not declare it: `cuda_header` of a build for CUDA 12 defines it.
    Double4A16, "double4_16a", f64, F64, 16, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `double4` aligned 32; predefined by nvcc and NVRTC 13.
    /// CUDA 12 does not declare it: `cuda_header` of a build for CUDA 12 defines it.
    Double4A32, "double4_32a", f64, F64, 32, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `long4` with its layout (C's `long`: 64-bit on LP64 hosts);
    /// predefined by nvcc and NVRTC 13. CUDA 12 does not declare it: `cuda_header` of a build
    /// for CUDA 12 defines it.
    Long4A16, "long4_16a", i64, I64, 16, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `long4` aligned 32 (C's `long`: 64-bit on LP64 hosts);
    /// predefined by nvcc and NVRTC 13. CUDA 12 does not declare it: `cuda_header` of a build
    /// for CUDA 12 defines it.
    Long4A32, "long4_32a", i64, I64, 32, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `ulong4` with its layout (C's `unsigned long`: 64-bit on
    /// LP64 hosts); predefined by nvcc and NVRTC 13. CUDA 12 does not declare it:
    /// `cuda_header` of a build for CUDA 12 defines it.
    ULong4A16, "ulong4_16a", u64, U64, 16, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `ulong4` aligned 32 (C's `unsigned long`: 64-bit on LP64
    /// hosts); predefined by nvcc and NVRTC 13. CUDA 12 does not declare it: `cuda_header` of
    /// a build for CUDA 12 defines it.
    ULong4A32, "ulong4_32a", u64, U64, 32, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `longlong4` with its layout; predefined by nvcc and NVRTC 13.
    /// CUDA 12 does not declare it: `cuda_header` of a build for CUDA 12 defines it.
    LongLong4A16, "longlong4_16a", i64, I64, 16, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `longlong4` aligned 32; predefined by nvcc and NVRTC 13.
    /// CUDA 12 does not declare it: `cuda_header` of a build for CUDA 12 defines it.
    LongLong4A32, "longlong4_32a", i64, I64, 32, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `ulonglong4` with its layout; predefined by nvcc and NVRTC
    /// 13. CUDA 12 does not declare it: `cuda_header` of a build for CUDA 12 defines it.
    ULongLong4A16, "ulonglong4_16a", u64, U64, 16, [x, y, z, w], 4;
    /// CUDA 13.0's replacement of `ulonglong4` aligned 32; predefined by nvcc and NVRTC 13.
    /// CUDA 12 does not declare it: `cuda_header` of a build for CUDA 12 defines it.
    ULongLong4A32, "ulonglong4_32a", u64, U64, 32, [x, y, z, w], 4;
}

/// Reduced-precision types: raw bit patterns in the storage CUDA's structs hold.
macro_rules! bits_structs {
    ($($rust:ident, $c:literal, $header:literal, $bits:ty, $lanes:literal, $scalar:ident, $align:literal, [$($m:literal),*];)*) => {$(
        #[doc = concat!("CUDA's `", $c, "` (`<", $header, ">`) as raw bits: ", stringify!($lanes),
            " × `", stringify!($bits), "`, aligned ", stringify!($align), ".")]
        #[repr(C, align($align))]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $rust(pub [$bits; $lanes]);

        impl PtxAbi for $rust {
            const TYPE: &'static TypeDesc = &TypeDesc {
                name: $c,
                kind: TypeKind::Aggregate {
                    kind: AggregateKind::Struct,
                    align: $align,
                    pack: 0,
                    members: {
                        const M: [Member; 4] = fields(&[$($m),*], Scalar::$scalar);
                        let (m, _) = M.split_at($lanes);
                        m
                    },
                },
            };

            fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                check_out::<Self>(out)?;
                for (lane, chunk) in self.0.iter().zip(out.chunks_exact_mut(size_of::<$bits>())) {
                    chunk.copy_from_slice(&lane.to_le_bytes());
                }
                Ok(())
            }

            #[inline]
            fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
                let mut lane_at = at;
                for lane in self.0 {
                    w.bytes(lane_at, lane.to_le_bytes());
                    lane_at += size_of::<$bits>();
                }
            }

            fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                check_in::<Self>(bytes)?;
                Ok($rust(lanes_from_le!($bits, bytes, $lanes)))
            }
        }
    )*};
}

bits_structs! {
    Half2, "__half2", "cuda_fp16.h", u16, 2, F16, 4, ["x", "y"];
    Bf16, "__nv_bfloat16", "cuda_bf16.h", u16, 1, U16, 2, ["__x"];
    Bf16x2, "__nv_bfloat162", "cuda_bf16.h", u16, 2, U16, 4, ["x", "y"];
    Fp8E4M3, "__nv_fp8_e4m3", "cuda_fp8.h", u8, 1, U8, 1, ["__x"];
    Fp8E5M2, "__nv_fp8_e5m2", "cuda_fp8.h", u8, 1, U8, 1, ["__x"];
    Fp8x2E4M3, "__nv_fp8x2_e4m3", "cuda_fp8.h", u16, 1, U16, 2, ["__x"];
    Fp8x2E5M2, "__nv_fp8x2_e5m2", "cuda_fp8.h", u16, 1, U16, 2, ["__x"];
    Fp8x4E4M3, "__nv_fp8x4_e4m3", "cuda_fp8.h", u32, 1, U32, 4, ["__x"];
    Fp8x4E5M2, "__nv_fp8x4_e5m2", "cuda_fp8.h", u32, 1, U32, 4, ["__x"];
    Fp4x2E2M1, "__nv_fp4x2_e2m1", "cuda_fp4.h", u8, 1, U8, 1, ["__x"];
}

/// CUDA's `CUtensorMap` (`<cuda.h>`, `typedef struct CUtensorMap_st { alignas(A) unsigned long
/// long opaque[16]; } CUtensorMap;`), chapter 7: 128 bytes aligned `A`, which is 64 before CUDA
/// 13.0 and 128 from it ([`tensor_map_align`] of [`crate::layout::cuda_version::CUDA_VERSION`]; enable the feature of
/// your CUDA release, such as `cuda-13000`). Passed to a kernel as a `const __grid_constant__
/// CUtensorMap` parameter, `.param .align A .b8 p[128]`. Fill it on the host with
/// `cuTensorMapEncodeTiled`.
#[cfg_attr(not(ptx_abi_cuda_13), repr(C, align(64)))]
#[cfg_attr(ptx_abi_cuda_13, repr(C, align(128)))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TensorMap {
    /// The driver-encoded descriptor.
    pub opaque: [u64; 16],
}

/// `CUtensorMap` aligned 64 (CUDA 12) and 128 (CUDA 13).
const TENSOR_MAP_64: TypeDesc = TypeDesc {
    name: TENSOR_MAP_TAG,
    kind: TypeKind::Aggregate {
        kind: AggregateKind::Struct,
        align: 64,
        pack: 0,
        members: &[Member::of::<[u64; 16]>("opaque", None)],
    },
};
const TENSOR_MAP_128: TypeDesc = TypeDesc {
    name: TENSOR_MAP_TAG,
    kind: TypeKind::Aggregate {
        kind: AggregateKind::Struct,
        align: 128,
        pack: 0,
        members: &[Member::of::<[u64; 16]>("opaque", None)],
    },
};

/// Chapter 7: `CUtensorMap` as CUDA `v` declares it (aligned [`tensor_map_align`]`(v)`), for
/// hand-written descriptions and tests of another release than [`crate::layout::cuda_version::CUDA_VERSION`];
/// `TensorMap::TYPE` is `tensor_map_type(CUDA_VERSION)`.
pub const fn tensor_map_type(v: CudaVersion) -> &'static TypeDesc {
    if tensor_map_align(v) == 128 {
        &TENSOR_MAP_128
    } else {
        &TENSOR_MAP_64
    }
}

impl PtxAbi for TensorMap {
    const TYPE: &'static TypeDesc = tensor_map_type(CUDA_VERSION);

    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        check_out::<Self>(out)?;
        for (word, chunk) in self.opaque.iter().zip(out.chunks_exact_mut(8)) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        Ok(())
    }

    #[inline]
    fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
        let mut word_at = at;
        for word in self.opaque {
            w.bytes(word_at, word.to_le_bytes());
            word_at += 8;
        }
    }

    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        check_in::<Self>(bytes)?;
        Ok(TensorMap {
            opaque: lanes_from_le!(u64, bytes, 16),
        })
    }
}

// The Rust type has the PTX layout of the release this build describes.
const _: () = assert!(
    core::mem::align_of::<TensorMap>() == tensor_map_align(CUDA_VERSION)
        && core::mem::size_of::<TensorMap>() == 128,
    "TensorMap's repr(align) disagrees with tensor_map_align(CUDA_VERSION)"
);

/// Releases named in [`CUDA_TYPES`]: every type there is at least as old as 11.0, except
/// these. Read in CUDA's headers of 11.8, 12.9, 13.0 and 13.5 (the releases ptx-abi's tests
/// fetch) and, for the release that added each, NVIDIA's release notes.
const ALWAYS: CudaVersion = CudaVersion::OLDEST_KNOWN;
/// `cuda_fp8.h` (CUDA 11.8's headers have it).
const FP8: CudaVersion = CudaVersion::new(11, 8);
/// `CUtensorMap` in `cuda.h` (absent from 11.8's, present in 12.9's; cudarc's bindings have it
/// from 12.0).
const TENSOR_MAP: CudaVersion = CudaVersion::new(12, 0);
/// `cuda_fp4.h` (absent from 11.8's headers, present in 12.9's).
const FP4: CudaVersion = CudaVersion::new(12, 8);
/// `vector_types.h`'s `*_16a` / `*_32a` vectors and the deprecation of the 4-lane vectors of
/// 64-bit elements they replace (absent from 12.9's headers, present in 13.0's).
const CUDA_13: CudaVersion = CudaVersion::CUDA_13_0;

macro_rules! table {
    ($($rust:ident, $c:literal, $header:expr, $since:expr, $deprecated:expr;)*) => {
        #[allow(deprecated)] // CUDA 13's deprecated vectors are CUDA types all the same
        /// Every CUDA C++ type of this module (chapter 7), the one table of them: Rust name,
        /// CUDA name, struct tag (the Rust type's [`TypeDesc`] name), header, the releases that
        /// declare and deprecate it, size and alignment in
        /// [`crate::layout::cuda_version::CUDA_VERSION`] (read from the Rust type's PTX layout,
        /// which the oracle tests compare with NVRTC's `sizeof`/`alignof`).
        pub const CUDA_TYPES: &[CudaType] = &[$(CudaType {
            rust: stringify!($rust),
            c_name: $c,
            tag: <$rust as PtxAbi>::TYPE.name,
            header: $header,
            size: <$rust as PtxAbi>::SIZE,
            align: <$rust as PtxAbi>::ALIGN,
            since: $since,
            deprecated_from: $deprecated,
        }),*];
    };
}

table! {
    Double3, "double3", None, ALWAYS, None;
    Double4, "double4", None, ALWAYS, Some(CUDA_13);
    Long3, "long3", None, ALWAYS, None;
    Long4, "long4", None, ALWAYS, Some(CUDA_13);
    ULong3, "ulong3", None, ALWAYS, None;
    ULong4, "ulong4", None, ALWAYS, Some(CUDA_13);
    LongLong3, "longlong3", None, ALWAYS, None;
    LongLong4, "longlong4", None, ALWAYS, Some(CUDA_13);
    ULongLong3, "ulonglong3", None, ALWAYS, None;
    ULongLong4, "ulonglong4", None, ALWAYS, Some(CUDA_13);
    Double4A16, "double4_16a", None, CUDA_13, None;
    Double4A32, "double4_32a", None, CUDA_13, None;
    Long4A16, "long4_16a", None, CUDA_13, None;
    Long4A32, "long4_32a", None, CUDA_13, None;
    ULong4A16, "ulong4_16a", None, CUDA_13, None;
    ULong4A32, "ulong4_32a", None, CUDA_13, None;
    LongLong4A16, "longlong4_16a", None, CUDA_13, None;
    LongLong4A32, "longlong4_32a", None, CUDA_13, None;
    ULongLong4A16, "ulonglong4_16a", None, CUDA_13, None;
    ULongLong4A32, "ulonglong4_32a", None, CUDA_13, None;
    Half2, "__half2", Some("cuda_fp16.h"), ALWAYS, None;
    Bf16, "__nv_bfloat16", Some("cuda_bf16.h"), ALWAYS, None;
    Bf16x2, "__nv_bfloat162", Some("cuda_bf16.h"), ALWAYS, None;
    Fp8E4M3, "__nv_fp8_e4m3", Some("cuda_fp8.h"), FP8, None;
    Fp8E5M2, "__nv_fp8_e5m2", Some("cuda_fp8.h"), FP8, None;
    Fp8x2E4M3, "__nv_fp8x2_e4m3", Some("cuda_fp8.h"), FP8, None;
    Fp8x2E5M2, "__nv_fp8x2_e5m2", Some("cuda_fp8.h"), FP8, None;
    Fp8x4E4M3, "__nv_fp8x4_e4m3", Some("cuda_fp8.h"), FP8, None;
    Fp8x4E5M2, "__nv_fp8x4_e5m2", Some("cuda_fp8.h"), FP8, None;
    Fp4x2E2M1, "__nv_fp4x2_e2m1", Some("cuda_fp4.h"), FP4, None;
    TensorMap, "CUtensorMap", Some("cuda.h"), TENSOR_MAP, None;
}

#[cfg(test)]
mod header_names {
    use super::CUDA_TYPES;
    use crate::layout::c_spelling::is_header_name;

    /// A generated header includes CUDA's headers, so none of CUDA's own C++ types can be
    /// redeclared there: every one of `CUDA_TYPES` is among the names `c_spelling` refuses and
    /// renames (its names without a leading `__`, which are reserved to the implementation).
    #[test]
    fn every_cuda_type_is_a_header_name() {
        for t in CUDA_TYPES.iter().filter(|t| !t.c_name.starts_with("__")) {
            assert!(
                is_header_name(t.c_name),
                "{} is not in c_spelling's HEADER_NAMES",
                t.c_name
            );
        }
    }
}
