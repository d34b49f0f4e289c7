//! The CUDA release whose headers the user's kernels are compiled with, and what depends on it
//! (chapter 7, CUDA's own C++ types; issue 22).
//!
//! The PTX ABI itself (§1–§6) does not change between CUDA releases, but CUDA's headers do:
//!
//! - `cuda.h` declares `CUtensorMap` `alignas(64)` in CUDA 12.x and `alignas(128)` from CUDA
//!   13.0 (read in the headers of 12.9, 13.0 and 13.5; cudarc's bindings of every release
//!   from 12.0 to 13.4 agree): [`tensor_map_align`];
//! - `vector_types.h` of CUDA 13.0 deprecates `double4`, `long4`, `ulong4`, `longlong4` and
//!   `ulonglong4` and declares `*_16a` / `*_32a` replacements that CUDA 12.9 does not have:
//!   [`crate::types::cuda::CudaType::since`] and `deprecated_from`;
//! - some of CUDA's types appear in later releases (`CUtensorMap` in 12.0, `cuda_fp4.h` in
//!   12.8), and the driver's limit on kernel parameter bytes grew in 12.1 (`params/`).
//!
//! [`CUDA_VERSION`] is the release this build describes, chosen at build time (`build.rs`): a
//! feature `cuda-MMmmm` (`cuda-13000`, cudarc's names), `cuda-version-from-build-system`, or
//! CUDA 12.9 by default. Every rule here takes a [`CudaVersion`], so a hand-written impl or a
//! test can ask about any release; the types of `types/cuda.rs` use [`CUDA_VERSION`].

use crate::layout::const_msg::ConstMsg;
use core::fmt;

/// A CUDA toolkit release, `major.minor` (CUDA's `CUDA_VERSION` macro is
/// `1000 × major + 10 × minor`: 12.9 is `12090`). Chapter 7: CUDA's C++ types depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CudaVersion {
    /// The major release (`12` of 12.9).
    pub major: u32,
    /// The minor release (`9` of 12.9).
    pub minor: u32,
}

impl CudaVersion {
    /// CUDA 12.9: the release ptx-abi describes when no feature chooses another, and the one
    /// its proofs run against.
    pub const DEFAULT: CudaVersion = CudaVersion::new(12, 9);

    /// CUDA 13.0: `CUtensorMap` aligned 128, `double4` and its 64-bit siblings deprecated.
    pub const CUDA_13_0: CudaVersion = CudaVersion::new(13, 0);

    /// The oldest release ptx-abi knows (CUDA 11.0; cudarc's oldest is 11.4).
    pub const OLDEST_KNOWN: CudaVersion = CudaVersion::new(11, 0);

    /// The newest release ptx-abi knows the rules of (`build.rs` refuses to detect a newer one).
    pub const NEWEST_KNOWN: CudaVersion = CudaVersion::new(13, 5);

    /// CUDA `major.minor`.
    pub const fn new(major: u32, minor: u32) -> CudaVersion {
        CudaVersion { major, minor }
    }

    /// The release of a `CUDA_VERSION` number (`12090` → 12.9), as `cuda.h` and cudarc's
    /// `driver::sys::CUDA_VERSION` spell it.
    pub const fn from_code(code: u32) -> CudaVersion {
        CudaVersion::new(code / 1000, code % 1000 / 10)
    }

    /// The `CUDA_VERSION` number of this release (12.9 → `12090`), which names its feature
    /// (`cuda-12090`).
    pub const fn code(self) -> u32 {
        self.major * 1000 + self.minor * 10
    }

    /// Whether this release is `other` or newer.
    pub const fn at_least(self, other: CudaVersion) -> bool {
        self.major > other.major || (self.major == other.major && self.minor >= other.minor)
    }

    /// Whether a check made with CUDA `other` (an NVRTC, the headers an import assumed) holds
    /// for code built for this release: the same major release. Every layout difference known
    /// between releases is at a major boundary (13.0: `CUtensorMap`, the `*_16a` vectors), and
    /// within one major release NVIDIA keeps binary compatibility; a minor release only adds
    /// types (`cuda_fp4.h` in 12.8), which a check then fails to compile rather than passing
    /// wrongly.
    pub const fn same_layout_rules(self, other: CudaVersion) -> bool {
        self.major == other.major
    }
}

impl fmt::Display for CudaVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// `"12090"` → `12090`, in a `const fn` (digits only; `None` otherwise).
const fn parse_code(text: &str) -> Option<u32> {
    let b = text.as_bytes();
    if b.is_empty() || b.len() > 6 {
        return None;
    }
    let mut v = 0u32;
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            return None;
        }
        v = v * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    Some(v)
}

/// The CUDA release this build of ptx-abi describes: a feature `cuda-MMmmm`, the build
/// machine's CUDA (feature `cuda-version-from-build-system`), or [`CudaVersion::DEFAULT`]
/// (see [`CUDA_VERSION_SOURCE`]).
pub const CUDA_VERSION: CudaVersion = match parse_code(env!("PTX_ABI_CORE_CUDA_VERSION")) {
    Some(code) => CudaVersion::from_code(code),
    None => panic!("build.rs wrote PTX_ABI_CORE_CUDA_VERSION as a number"),
};

/// How [`CUDA_VERSION`] was chosen: ``"feature `cuda-13000`"``, `"the default"`, or what
/// `cuda-version-from-build-system` read (`` "`nvcc --version`" ``, a `cuda.h`).
pub const CUDA_VERSION_SOURCE: &str = env!("PTX_ABI_CORE_CUDA_VERSION_SOURCE");

// The `cfg` that `repr(align)` and `#[deprecated]` need says what the const says.
const _: () = assert!(
    cfg!(ptx_abi_cuda_13) == CUDA_VERSION.at_least(CudaVersion::CUDA_13_0),
    "build.rs's cfg(ptx_abi_cuda_13) disagrees with PTX_ABI_CORE_CUDA_VERSION"
);

/// Chapter 7: `alignof(CUtensorMap)` in CUDA `v`: 64 before 13.0 (`alignas(64)` in `cuda.h`
/// of 12.x), 128 from 13.0 (`alignas(128)`). Its size is 128 bytes in both. A kernel's
/// `const __grid_constant__ CUtensorMap` parameter is declared `.param .align` this (§2.3).
pub const fn tensor_map_align(v: CudaVersion) -> usize {
    if v.at_least(CudaVersion::CUDA_13_0) {
        128
    } else {
        64
    }
}

/// Unless this build describes the same major CUDA release as `v`
/// ([`CudaVersion::same_layout_rules`]), the message naming the fix. Code generated for one
/// release (`ptx-abi-import`, for the release it imported a header for) raises it in a
/// `const` of its own, so a mismatch is one compile error there rather than a wrong layout.
pub const fn built_for_error(v: CudaVersion) -> Option<ConstMsg<400>> {
    if CUDA_VERSION.same_layout_rules(v) {
        return None;
    }
    Some(
        ConstMsg::new()
            .str("this code was generated for CUDA ")
            .num(v.major as u128)
            .str(".")
            .num(v.minor as u128)
            .str(", but ptx-abi describes CUDA ")
            .num(CUDA_VERSION.major as u128)
            .str(".")
            .num(CUDA_VERSION.minor as u128)
            .str(" (")
            .str(CUDA_VERSION_SOURCE)
            .str("), whose headers lay out CUDA's types differently: enable ptx-abi's feature `cuda-")
            .num(v.code() as u128)
            .str("` (or another of CUDA ")
            .num(v.major as u128)
            .str("), or regenerate the code for CUDA ")
            .num(CUDA_VERSION.major as u128)
            .str(".")
            .num(CUDA_VERSION.minor as u128),
    )
}

/// Panics at compile time with [`built_for_error`]'s message, if any (what code generated
/// by earlier releases of `ptx-abi-import` calls).
pub const fn assert_built_for(v: CudaVersion) {
    if let Some(msg) = built_for_error(v) {
        panic!("{}", msg.as_str());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `CUDA_VERSION` numbers as `cuda.h` spells them (`#define CUDA_VERSION 12090` in 12.9's,
    /// `13000` in 13.0's, `13050` in 13.5's, `11080` in 11.8's).
    #[test]
    fn codes_are_cuda_hs() {
        for (code, major, minor) in [
            (11080, 11, 8),
            (12090, 12, 9),
            (13000, 13, 0),
            (13050, 13, 5),
        ] {
            let v = CudaVersion::from_code(code);
            assert_eq!((v.major, v.minor), (major, minor));
            assert_eq!(v.code(), code);
        }
        assert_eq!(parse_code("13050"), Some(13050));
        assert_eq!(parse_code("13.5"), None);
        assert_eq!(parse_code(""), None);
    }

    /// `alignas(64)` in 12.9's `cuda.h`, `alignas(128)` in 13.0's and 13.5's.
    #[test]
    fn tensor_map_alignment_follows_cuda_h() {
        assert_eq!(tensor_map_align(CudaVersion::new(12, 9)), 64);
        assert_eq!(tensor_map_align(CudaVersion::new(13, 0)), 128);
        assert_eq!(tensor_map_align(CudaVersion::new(13, 5)), 128);
    }

    #[test]
    fn versions_compare_by_major_then_minor() {
        let v = CudaVersion::new;
        assert!(v(12, 10).at_least(v(12, 9)));
        assert!(!v(12, 9).at_least(v(13, 0)));
        assert!(v(13, 0).at_least(v(12, 9)));
        assert!(v(12, 9) < v(13, 0));
        assert!(v(12, 0).same_layout_rules(v(12, 9)));
        assert!(!v(12, 9).same_layout_rules(v(13, 0)));
        assert!(!v(11, 8).same_layout_rules(v(12, 0)));
        extern crate alloc;
        assert_eq!(alloc::format!("{}", v(13, 5)), "13.5");
    }
}
