//! `check_entry` compares type classes (issue 29): kernels compiled by NVRTC (compute_90, whose
//! pointers are plain `.u64`, and compute_100, which writes `.ptr .align 1`) and by clang (a
//! 64-bit and a 32-bit host), each checked against its right argument struct, accepted, and
//! against structs with parameters swapped or drifted, each refused naming the parameter.

use ptx_abi::params::SignatureError;
use ptx_abi::types::Float4;
use ptx_abi::{DeviceConstPtr, DevicePtr, KernelParams, PtxAbi};

use crate::common;

const KERNELS: &str = r#"
struct S { signed char c; int i; double d; };
struct __align__(16) A16 { float x; };
extern "C" __global__ void scale(float* out, double s) {}
extern "C" __global__ void axpy(float a, int n) {}
extern "C" __global__ void widths(short s, float f, bool b, long long l) {}
extern "C" __global__ void gather(const float4* __restrict__ v, int* idx, unsigned long long n) {}
extern "C" __global__ void byval(S s, float4 v, A16 a, unsigned char tail) {}
"#;

#[derive(PtxAbi, Clone, Copy)]
struct S {
    c: i8,
    i: i32,
    d: f64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 16)]
struct A16 {
    x: f32,
}

/// Declares an argument struct for `kernel`: `name { field: Type, … }`.
macro_rules! args {
    ($($name:ident($kernel:literal) { $($f:ident: $t:ty),* })*) => {$(
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(kernel = $kernel)]
        #[allow(dead_code)]
        struct $name { $($f: $t),* }
    )*};
}

args! {
    Scale("scale") { out: DevicePtr<f32>, s: f64 }
    ScaleSwapped("scale") { s: f64, out: DevicePtr<f32> }
    Axpy("axpy") { a: f32, n: i32 }
    AxpyUnsigned("axpy") { a: f32, n: u32 }
    AxpySwapped("axpy") { n: i32, a: f32 }
    Widths("widths") { s: i16, f: f32, b: bool, l: i64 }
    WidthsWider("widths") { s: i32, f: f32, b: bool, l: i64 }
    WidthsDouble("widths") { s: i16, f: f32, b: bool, l: f64 }
    WidthsIntFloat("widths") { s: i16, f: i32, b: bool, l: i64 }
    Gather("gather") { v: DeviceConstPtr<Float4>, idx: DevicePtr<i32>, n: u64 }
    GatherWord("gather") { v: u64, idx: DevicePtr<i32>, n: u64 }
    GatherDouble("gather") { v: DeviceConstPtr<Float4>, idx: DevicePtr<i32>, n: f64 }
    ByVal("byval") { s: S, v: Float4, a: A16, tail: u8 }
    ByValBytes("byval") { s: [u8; 16], v: Float4, a: A16, tail: u8 }
    ByValLanes("byval") { s: S, v: [f32; 4], a: A16, tail: u8 }
    ByValTail("byval") { s: S, v: Float4, a: A16, tail: i16 }
}

/// What `check_entry` must say.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// `Ok(())`.
    Accepted,
    /// `SignatureError::Param` naming this parameter and field.
    Refused(usize, &'static str),
    /// Refused so where the PTX writes `.ptr`; accepted where a pointer is a plain `.u64`
    /// (NVRTC before compute_100), which PTX cannot tell from an integer.
    RefusedWherePtr(usize, &'static str),
}

/// A check of one struct: the parameter it names (index, field), `None` when it accepts.
type Check = fn(&str) -> Option<(usize, &'static str)>;

/// Every struct, what the check must say about it, and the check.
fn cases() -> Vec<(&'static str, Expect, Check)> {
    use Expect::{Accepted, Refused, RefusedWherePtr};
    vec![
        ("Scale", Accepted, drift::<Scale>),
        ("ScaleSwapped", Refused(0, "s"), drift::<ScaleSwapped>),
        ("Axpy", Accepted, drift::<Axpy>),
        // Signedness is not in the PTX: NVRTC and clang write `.u32` for `int`.
        ("AxpyUnsigned", Accepted, drift::<AxpyUnsigned>),
        ("AxpySwapped", Refused(0, "n"), drift::<AxpySwapped>),
        ("Widths", Accepted, drift::<Widths>),
        ("WidthsWider", Refused(0, "s"), drift::<WidthsWider>),
        ("WidthsDouble", Refused(3, "l"), drift::<WidthsDouble>),
        ("WidthsIntFloat", Refused(1, "f"), drift::<WidthsIntFloat>),
        ("Gather", Accepted, drift::<Gather>),
        ("GatherWord", RefusedWherePtr(0, "v"), drift::<GatherWord>),
        ("GatherDouble", Refused(2, "n"), drift::<GatherDouble>),
        ("ByVal", Accepted, drift::<ByVal>),
        ("ByValBytes", Refused(0, "s"), drift::<ByValBytes>),
        ("ByValLanes", Refused(1, "v"), drift::<ByValLanes>),
        ("ByValTail", Refused(3, "tail"), drift::<ByValTail>),
    ]
}

/// The parameter `check_entry::<A>` names in `ptx` (index, field), `None` when it accepts.
fn drift<A: KernelParams>(ptx: &str) -> Option<(usize, &'static str)> {
    match ptx_abi::check_entry::<A>(ptx) {
        Ok(()) => None,
        Err(SignatureError::Param(m)) => {
            // The message names the parameter in both languages.
            let msg = SignatureError::Param(m.clone()).to_string();
            assert!(
                msg.contains(&format!(
                    "parameter {} of `{}` (field `{}` of `{}`",
                    m.index,
                    A::KERNEL,
                    m.field,
                    m.rust_struct
                )) && msg.contains(&format!("C `{}`", m.c_type)),
                "{msg}"
            );
            Some((m.index, m.field))
        }
        Err(e) => panic!("{}: {e}", A::KERNEL),
    }
}

/// Checks every case against one producer's PTX; `ptr`: whether it writes `.ptr`.
fn check_all(producer: &str, ptx: &str, ptr: bool) {
    assert_eq!(ptx.contains(".ptr"), ptr, "{producer}:\n{ptx}");
    for (name, expect, check) in cases() {
        let want = match expect {
            Expect::Accepted => None,
            Expect::Refused(i, f) => Some((i, f)),
            Expect::RefusedWherePtr(i, f) => ptr.then_some((i, f)),
        };
        assert_eq!(check(ptx), want, "{producer}: {name}\n{ptx}");
    }
}

#[test]
fn swaps_are_refused_in_nvrtc_ptx() {
    let Some(nvrtc) = common::nvrtc() else { return };
    for (arch, ptr) in [("compute_90", false), ("compute_100", true)] {
        // compute_100 came with CUDA 12.8 (a build for CUDA 11 is checked with NVRTC 11.8).
        if arch == "compute_100" && nvrtc.version() < (12, 8) {
            let (major, minor) = nvrtc.version();
            ptx_abi_oracle::require::say(&format!(
                "SKIPPED NVRTC {major}.{minor} has no {arch}: its `.ptr` spelling is unchecked here"
            ));
            continue;
        }
        let ptx = nvrtc
            .compile(
                KERNELS,
                &[
                    &format!("--gpu-architecture={arch}"),
                    "-rdc=true",
                    "-std=c++17",
                ],
            )
            .unwrap_or_else(|e| panic!("NVRTC {arch}: {}", e.log));
        check_all(&format!("NVRTC {arch}"), &ptx, ptr);
    }
}

#[test]
fn swaps_are_refused_in_clang_ptx() {
    let Some(clang) = common::clang() else { return };
    let source = format!("{}{KERNELS}", ptx_abi_oracle::clang::PRELUDE);
    for host in [common::Host::X86_64, common::Host::I386] {
        let ptx = common::clang_cuda(&clang, &source, host);
        check_all(&format!("clang for {host:?}"), &ptx, true);
    }
}
