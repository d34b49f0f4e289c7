//! The NVRTC options ptx-abi compiles with: one list per use, spelled one way.
//!
//! Every list targets a virtual architecture (`--gpu-architecture=compute_NN`: PTX, with
//! `.address_size 64`, §1.1) and passes `-rdc=true`, so that `extern "C" __device__` functions
//! and constants stay `.visible` in the PTX instead of being dropped or inlined away.

/// `--gpu-architecture=compute_90` (sm_90 PTX, `.address_size 64`), `-rdc=true`, `-std=c++20`
/// (designated initializers): what the test oracle compiles its own sources with.
pub const DEFAULT_OPTIONS: &[&str] = &["--gpu-architecture=compute_90", "-rdc=true", "-std=c++20"];

/// NVRTC's warning #108, "signed bit field of length 1", which generated definitions produce on
/// purpose (a 1-bit `int` field is legal C, and its layout is what is tested).
pub const SUPPRESS_SIGNED_1_BIT: &str = "--diag-suppress=108";

/// [`DEFAULT_OPTIONS`] plus [`SUPPRESS_SIGNED_1_BIT`]: what generated definitions (the corpus
/// probes, ptx-abi's own CUDA header) compile with.
pub const PROBE_OPTIONS: &[&str] = &[
    "--gpu-architecture=compute_90",
    "-rdc=true",
    "-std=c++20",
    SUPPRESS_SIGNED_1_BIT,
];

/// [`PROBE_OPTIONS`] for NVRTC 11.x, whose `-std` stops at `c++17` (NVRTC 12.0 added
/// `c++20`). `compute_90` is the newest architecture 11.8 knows.
pub const PROBE_OPTIONS_CXX17: &[&str] = &[
    "--gpu-architecture=compute_90",
    "-rdc=true",
    "-std=c++17",
    SUPPRESS_SIGNED_1_BIT,
];

/// What a check of a user's header compiles with (`ptx_abi::report::nvrtc`): PTX for
/// `compute_80` (which NVRTC 11.8, 12 and 13 all accept), `-rdc=true`, C++20 (a constant
/// expression may then set a bit-field in any union member), `-default-device` (so a
/// header's unannotated inline functions compile), and `-device-int128` (so a header that
/// declares an `__int128` anywhere, which nvcc compiles, compiles: NVRTC 11.8 to 13.5 refuse
/// the type without it).
pub const CHECK_OPTIONS: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++20",
    "-default-device",
    "-device-int128",
];

/// [`CHECK_OPTIONS`] for NVRTC 11, which has no C++20: C++17. A check that sets a bit-field of
/// a union member other than the first in a constant expression needs C++20, and NVRTC 11
/// rejects it.
pub const CHECK_OPTIONS_CUDA_11: &[&str] = &[
    "--gpu-architecture=compute_80",
    "-rdc=true",
    "-std=c++17",
    "-default-device",
    "-device-int128",
];

/// The options nvcc compiles the checks with (`ptx_abi::report::nvrtc::Nvcc`): what
/// [`CHECK_OPTIONS`] says to NVRTC, in nvcc's words, without `-default-device` (nvcc compiles
/// a header's unannotated functions for the host, as in the user's build).
pub const NVCC_CHECK_OPTIONS: &[&str] =
    &["--gpu-architecture=compute_80", "-rdc=true", "-std=c++20"];

/// nvcc's flags that change what device code may call, not a layout, and that neither clang
/// nor NVRTC takes: `--expt-relaxed-constexpr` (device code calling `constexpr` host functions
/// such as `std::min`) and the extended-lambda flags. clang allows both by default, and NVRTC
/// compiles the checks with `-default-device`; an import passes them to its checks, and only
/// nvcc gets them.
pub const NVCC_ONLY_FLAGS: &[&str] = &[
    "--expt-relaxed-constexpr",
    "-expt-relaxed-constexpr",
    "--extended-lambda",
    "-extended-lambda",
    "--expt-extended-lambda",
    "-expt-extended-lambda",
];

/// What a header check adds so that headers nvcc accepts compile under NVRTC: `__extension__`
/// (GNU's marker before an anonymous union, which NVRTC does not know) is defined away, and so
/// is `throw`: NVRTC compiles a header's inline host functions as device code
/// (`-default-device`), where `throw std::runtime_error(msg);` is an error: it becomes the
/// expression `(void) std::runtime_error(msg);`. No layout depends on a function's body; nvcc,
/// which compiles host code, gets neither.
pub const CHECK_DEFINES: &[&str] = &["-D__extension__=", "-Dthrow=(void)"];

/// [`CHECK_OPTIONS`] for NVRTC of CUDA `major`, or [`CHECK_OPTIONS_CUDA_11`] before CUDA 12.
pub const fn check_options(major: u32) -> &'static [&'static str] {
    if major < 12 {
        CHECK_OPTIONS_CUDA_11
    } else {
        CHECK_OPTIONS
    }
}

/// clang as CUDA's device compiler on a machine without a CUDA install: CUDA source, the device
/// side only, no CUDA headers or libdevice (`-nocudainc`, `-nocudalib`), for `sm_70`. The test
/// oracle compiles to PTX with it (adding [`CLANG_PTX_7_0`]); `ptx-abi-import` reads headers
/// with it.
pub const CLANG_DEVICE_ONLY: &[&str] = &[
    "-x",
    "cuda",
    "--cuda-device-only",
    "-nocudainc",
    "-nocudalib",
    "--cuda-gpu-arch=sm_70",
];

/// What compiling to PTX with clang adds to [`CLANG_DEVICE_ONLY`]: clang picks the PTX ISA
/// version from the CUDA installation it finds; with none, clang 22 falls back to PTX 4.2,
/// which cannot target sm_70, so PTX 7.0 (CUDA 11.0's) is asked for explicitly.
pub const CLANG_PTX_7_0: &[&str] = &["-Xclang", "-target-feature", "-Xclang", "+ptx70"];

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists differ only where their doc comments say: the C++ dialect, and the probes'
    /// warning suppression on top of the defaults.
    #[test]
    fn the_lists_differ_only_where_documented() {
        assert_eq!(&PROBE_OPTIONS[..3], DEFAULT_OPTIONS);
        let dialect = |o: &[&str]| o.iter().filter(|o| o.starts_with("-std=")).count();
        for list in [
            PROBE_OPTIONS,
            PROBE_OPTIONS_CXX17,
            CHECK_OPTIONS,
            CHECK_OPTIONS_CUDA_11,
        ] {
            assert_eq!(dialect(list), 1, "{list:?}");
            assert!(list.contains(&"-rdc=true"), "{list:?}");
        }
        let without_std = |o: &[&'static str]| -> Vec<&'static str> {
            o.iter()
                .copied()
                .filter(|o| !o.starts_with("-std="))
                .collect()
        };
        assert_eq!(without_std(PROBE_OPTIONS), without_std(PROBE_OPTIONS_CXX17));
        assert_eq!(
            without_std(CHECK_OPTIONS),
            without_std(CHECK_OPTIONS_CUDA_11)
        );
        assert_eq!(check_options(11), CHECK_OPTIONS_CUDA_11);
        assert_eq!(check_options(13), CHECK_OPTIONS);
    }
}
