//! Chapter 7 and CUDA's own C++ types, against the NVRTC and headers of the CUDA release
//! ptx-abi was built for (12.9 by default; 13.5 with a CUDA 13 feature, see `common`):
//! `#[ptx(kernel = "…", abi = "c++")]` signatures byte for byte, and for every type of
//! `ptx_abi::types::CUDA_TYPES` its size, alignment, image, `.param` lines in both spaces, mangled
//! name and generated header.

// CUDA 13 deprecates `double4` and its siblings; they are tested all the same.
#![allow(deprecated)]

use crate::common;

use ptx_abi::abi::itanium;
use ptx_abi::layout::cuda_version::CUDA_VERSION;
use ptx_abi::params::ParamSpace;
use ptx_abi::types::{
    Bf16, Bf16x2, Double3, Double4, Double4A16, Double4A32, Float4, Fp4x2E2M1, Fp8E4M3, Fp8E5M2,
    Fp8x2E4M3, Fp8x2E5M2, Fp8x4E4M3, Fp8x4E5M2, Half2, Long3, Long4, Long4A16, Long4A32, LongLong3,
    LongLong4, LongLong4A16, LongLong4A32, TensorMap, ULong3, ULong4, ULong4A16, ULong4A32,
    ULongLong3, ULongLong4, ULongLong4A16, ULongLong4A32, CUDA_TYPES,
};
use ptx_abi::{
    cuda_header, entry_signature, param_decl, DeviceConstPtr, DevicePtr, KernelParams, PtxAbi,
};
use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_oracle::ptx;

/// CUDA's include directory plus a directory of stubs `cuda.h` needs (`stdlib.h`,
/// `stdint.h`, which NVRTC lacks); `None` (after saying why) when the headers are not cached.
fn includes() -> Option<Vec<String>> {
    common::cuda_include_options()
}

fn compile(nvrtc: &Nvrtc, inc: &[String], src: &str, names: &[&str]) -> (String, Vec<String>) {
    let mut opts: Vec<&str> = vec![
        "--gpu-architecture=compute_90",
        "-rdc=true",
        "-std=c++20",
        // cuda.h declares host functions; NVRTC only accepts them as device declarations.
        "-default-device",
    ];
    opts.extend(inc.iter().map(String::as_str));
    nvrtc
        .compile_lowered(src, &opts, names)
        .unwrap_or_else(|e| panic!("NVRTC rejected:\n{src}\n{}", e.log))
}

const PRELUDE: &str = "#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n#include <cuda_fp8.h>\n\
                       #include <cuda_fp4.h>\n#include <cuda.h>\n";

struct Case {
    rust: &'static str,
    ty: &'static ptx_abi::layout::desc::TypeDesc,
    cxx: &'static itanium::CxxType,
    image: Vec<u8>,
    c_type: &'static str,
    init: &'static str,
    decl: fn(&str, ParamSpace) -> String,
}

fn case<T: PtxAbi>(rust: &'static str, v: T, c_type: &'static str, init: &'static str) -> Case {
    Case {
        rust,
        ty: T::TYPE,
        cxx: T::CXX,
        image: v.to_ptx_bytes().unwrap(),
        c_type,
        init,
        decl: param_decl::<T>,
    }
}

fn cases() -> Vec<Case> {
    let tm = TensorMap {
        opaque: core::array::from_fn(|i| (i as u64 + 1) * 0x0101_0101_0101),
    };
    vec![
        case("Double3", Double3 { x: 1.5, y: -2.0, z: 3.25 }, "double3", "{1.5, -2.0, 3.25}"),
        case("Double4", Double4 { x: 1.5, y: -2.0, z: 3.0, w: 4.0 }, "double4", "{1.5, -2.0, 3.0, 4.0}"),
        case("Long3", Long3 { x: -1, y: 2, z: i64::MIN }, "long3", "{-1, 2, -9223372036854775807L - 1}"),
        case("Long4", Long4 { x: -1, y: 2, z: 3, w: -4 }, "long4", "{-1, 2, 3, -4}"),
        case("ULong3", ULong3 { x: 1, y: u64::MAX, z: 3 }, "ulong3", "{1, 18446744073709551615UL, 3}"),
        case("ULong4", ULong4 { x: 1, y: 2, z: 3, w: 4 }, "ulong4", "{1, 2, 3, 4}"),
        case("LongLong3", LongLong3 { x: 7, y: -8, z: 9 }, "longlong3", "{7, -8, 9}"),
        case("LongLong4", LongLong4 { x: 7, y: -8, z: 9, w: -10 }, "longlong4", "{7, -8, 9, -10}"),
        case("ULongLong3", ULongLong3 { x: 5, y: 6, z: 1 << 40 }, "ulonglong3", "{5, 6, 1ULL << 40}"),
        case("ULongLong4", ULongLong4 { x: 5, y: 6, z: 7, w: 8 }, "ulonglong4", "{5, 6, 7, 8}"),
        case("Half2", Half2([0x3c00, 0xc000]), "__half2", "__half2(__half_raw{0x3c00}, __half_raw{0xc000})"),
        case("Bf16", Bf16([0x3f80]), "__nv_bfloat16", "__nv_bfloat16_raw{0x3f80}"),
        case("Bf16x2", Bf16x2([0x3f80, 0x4000]), "__nv_bfloat162", "__nv_bfloat162(__nv_bfloat16_raw{0x3f80}, __nv_bfloat16_raw{0x4000})"),
        case("Fp8E4M3", Fp8E4M3([0x38]), "__nv_fp8_e4m3", "__builtin_bit_cast(__nv_fp8_e4m3, (unsigned char)0x38)"),
        case("Fp8E5M2", Fp8E5M2([0x3c]), "__nv_fp8_e5m2", "__builtin_bit_cast(__nv_fp8_e5m2, (unsigned char)0x3c)"),
        case("Fp8x2E4M3", Fp8x2E4M3([0x3840]), "__nv_fp8x2_e4m3", "__builtin_bit_cast(__nv_fp8x2_e4m3, (unsigned short)0x3840)"),
        case("Fp8x2E5M2", Fp8x2E5M2([0x3c40]), "__nv_fp8x2_e5m2", "__builtin_bit_cast(__nv_fp8x2_e5m2, (unsigned short)0x3c40)"),
        case("Fp8x4E4M3", Fp8x4E4M3([0x0102_0304]), "__nv_fp8x4_e4m3", "__builtin_bit_cast(__nv_fp8x4_e4m3, 0x01020304u)"),
        case("Fp8x4E5M2", Fp8x4E5M2([0x0506_0708]), "__nv_fp8x4_e5m2", "__builtin_bit_cast(__nv_fp8x4_e5m2, 0x05060708u)"),
        case("Fp4x2E2M1", Fp4x2E2M1([0x2a]), "__nv_fp4x2_e2m1", "__builtin_bit_cast(__nv_fp4x2_e2m1, (unsigned char)0x2a)"),
        case("Double4A16", Double4A16 { x: -0.5, y: 2.0, z: 1e300, w: 4.0 }, "double4_16a", "{-0.5, 2.0, 1e300, 4.0}"),
        case("Double4A32", Double4A32 { x: 1.0, y: -1.0, z: 0.125, w: 8.0 }, "double4_32a", "{1.0, -1.0, 0.125, 8.0}"),
        case("Long4A16", Long4A16 { x: -1, y: 2, z: i64::MIN, w: -4 }, "long4_16a", "{-1, 2, -9223372036854775807L - 1, -4}"),
        case("Long4A32", Long4A32 { x: 5, y: -6, z: 7, w: i64::MAX }, "long4_32a", "{5, -6, 7, 9223372036854775807L}"),
        case("ULong4A16", ULong4A16 { x: 1, y: u64::MAX, z: 3, w: 4 }, "ulong4_16a", "{1, 18446744073709551615UL, 3, 4}"),
        case("ULong4A32", ULong4A32 { x: 9, y: 8, z: 1 << 63, w: 6 }, "ulong4_32a", "{9, 8, 1UL << 63, 6}"),
        case("LongLong4A16", LongLong4A16 { x: 7, y: -8, z: 9, w: -10 }, "longlong4_16a", "{7, -8, 9, -10}"),
        case("LongLong4A32", LongLong4A32 { x: -11, y: 12, z: -13, w: 14 }, "longlong4_32a", "{-11, 12, -13, 14}"),
        case("ULongLong4A16", ULongLong4A16 { x: 5, y: 6, z: 7, w: 1 << 40 }, "ulonglong4_16a", "{5, 6, 7, 1ULL << 40}"),
        case("ULongLong4A32", ULongLong4A32 { x: 15, y: 16, z: 17, w: u64::MAX }, "ulonglong4_32a", "{15, 16, 17, 18446744073709551615ULL}"),
        case("TensorMap", tm, "CUtensorMap", "{{0x10101010101ULL, 0x20202020202ULL, 0x30303030303ULL, 0x40404040404ULL, 0x50505050505ULL, 0x60606060606ULL, 0x70707070707ULL, 0x80808080808ULL, 0x90909090909ULL, 0xa0a0a0a0a0aULL, 0xb0b0b0b0b0bULL, 0xc0c0c0c0c0cULL, 0xd0d0d0d0d0dULL, 0xe0e0e0e0e0eULL, 0xf0f0f0f0f0fULL, 0x101010101010ULL}}"),
    ]
}

#[test]
fn every_cuda_type_matches_nvrtc_with_cuda_headers() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let Some(inc) = includes() else { return };
    let cases = cases();
    // Every row of the one table is a case here, and nothing else.
    let mut rows: Vec<&str> = CUDA_TYPES.iter().map(|t| t.rust).collect();
    let mut tested: Vec<&str> = cases.iter().map(|c| c.rust).collect();
    rows.sort_unstable();
    tested.sort_unstable();
    assert_eq!(rows, tested);

    // The types this release does not declare (CUDA 13's vectors, for CUDA 12) are checked by
    // `cuda13_types_match_nvrtc`.
    let cases: Vec<Case> = cases.into_iter().filter(|c| !is_cuda13(c)).collect();
    let src = format!("{PRELUDE}{}", case_source(&cases));
    let names: Vec<String> = (0..cases.len()).map(|i| format!("mangled{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (ptx_text, lowered) = compile(&nvrtc, &inc, &src, &names);
    let by_reference = check_cases(&cases, &ptx_text, &lowered);
    assert_eq!(by_reference, 2, "__half2 and __nv_bfloat162");
    eprintln!("{} CUDA types checked against NVRTC", cases.len());

    // The generated header includes CUDA's headers (never redefining their types) and pins
    // size and alignment; NVRTC accepts it (its static_asserts hold).
    let roots: Vec<&'static ptx_abi::layout::desc::TypeDesc> = cases.iter().map(|c| c.ty).collect();
    let header = cuda_header(&roots).unwrap();
    for h in [
        "cuda_fp16.h",
        "cuda_bf16.h",
        "cuda_fp8.h",
        "cuda_fp4.h",
        "cuda.h",
    ] {
        assert!(header.contains(&format!("#include <{h}>")), "{header}");
    }
    assert!(!header.contains("struct double4 {"), "{header}");
    assert!(
        header.contains(&format!("// For CUDA {CUDA_VERSION}")),
        "{header}"
    );
    compile(
        &nvrtc,
        &inc,
        &format!("{header}\n__global__ void k() {{}}\n"),
        &[],
    );
}

/// Whether the release ptx-abi was built for lacks the case's type (CUDA 13's `*_16a` /
/// `*_32a` vectors, for CUDA 12).
fn is_cuda13(c: &Case) -> bool {
    let row = CUDA_TYPES.iter().find(|r| r.rust == c.rust).unwrap();
    !row.declared_in(CUDA_VERSION)
}

/// Per case: an initialized global, a kernel, a device function and a C++ kernel taking it.
fn case_source(cases: &[Case]) -> String {
    let mut src = String::new();
    for (i, c) in cases.iter().enumerate() {
        let grid = if c.rust == "TensorMap" {
            "const __grid_constant__ "
        } else {
            ""
        };
        src.push_str(&format!(
            "extern \"C\" __device__ {t} g{i} = {init};\n\
             extern \"C\" __global__ void ke{i}({grid}{t} p) {{}}\n\
             extern \"C\" __device__ __noinline__ {t} fd{i}({t} p) {{ return p; }}\n\
             __global__ void mangled{i}({grid}{t} p, {grid}{t} q, const {t}* r) {{}}\n",
            t = c.c_type,
            init = c.init
        ));
    }
    src
}

/// Checks every case against NVRTC's PTX; returns how many are passed by reference to a
/// `.func`.
fn check_cases(cases: &[Case], ptx_text: &str, lowered: &[String]) -> usize {
    let mut by_reference = 0;

    for (i, c) in cases.iter().enumerate() {
        let row = CUDA_TYPES.iter().find(|r| r.rust == c.rust).unwrap();
        // Size, alignment and image: the initialized global.
        let g = ptx::global(ptx_text, &format!("g{i}")).expect("global in PTX");
        assert_eq!(
            (g.size(), g.align as usize),
            (row.size, row.align),
            "{}",
            c.rust
        );
        assert_eq!(g.bytes().unwrap(), c.image, "{} image", c.rust);
        // `.param` lines, kernel and device function (parameter and return value).
        let entry = ptx::signature(ptx_text, &format!("ke{i}")).unwrap();
        let func = ptx::signature(ptx_text, &format!("fd{i}")).unwrap();
        let decl = c.decl;
        assert_eq!(
            entry.params[0].text,
            decl(&format!("ke{i}_param_0"), ParamSpace::Entry)
        );
        let fparam = func.params.last().unwrap();
        assert_eq!(
            fparam.text,
            decl(
                &format!("fd{i}_param_{}", func.params.len() - 1),
                ParamSpace::Func
            )
        );
        // The whole `.func` signature, `fd(T p)` returning `T`.
        let params: &'static ptx_abi::layout::desc::TypeDesc =
            Box::leak(Box::new(ptx_abi::layout::desc::TypeDesc {
                name: "params",
                kind: ptx_abi::layout::desc::TypeKind::Aggregate {
                    kind: ptx_abi::layout::desc::AggregateKind::Struct,
                    align: 0,
                    pack: 0,
                    members: Box::leak(Box::new([ptx_abi::layout::desc::Member {
                        name: "p",
                        ty: c.ty,
                        bits: None,
                        align: 0,
                    }])),
                },
            }));
        let sig = ptx_abi::params::signature_text(
            params,
            &format!("fd{i}"),
            ptx_abi::params::SignatureKind::Func(Some(c.ty)),
            ptx_abi::params::Spelling::Nvcc,
            ptx_abi::AddressSize::A64,
        );
        assert!(ptx_text.contains(&sig), "{}: {sig}", c.rust);
        if ptx_abi::types::passed_by_reference(c.ty) {
            // Returned through a hidden pointer (sret): no `func_retval0` at all.
            assert!(ptx_text.contains(&format!(".visible .func fd{i}(\n\t.param .b64 fd{i}_param_0,\n\t.param .b64 fd{i}_param_1\n)")), "{}", c.rust);
            by_reference += 1;
        } else {
            assert_eq!(entry.params.len(), 1);
            assert_eq!(func.params.len(), 1);
            assert!(
                ptx_text.contains(&format!(
                    "({}) fd{i}(",
                    decl("func_retval0", ParamSpace::Func)
                )),
                "{} return value",
                c.rust
            );
        }
        // The mangled name, with a substitution for the repeated type and `PK` for `const T*`.
        let ptr = itanium::CxxType::Pointer {
            pointee: c.cxx,
            pointee_const: true,
        };
        let name = format!("mangled{i}").leak();
        let ours = itanium::mangle(name, &[c.cxx, c.cxx, &ptr]).unwrap();
        assert_eq!(ours.as_str(), lowered[i], "{}", c.rust);
        assert!(ptx_text.contains(&format!(".visible .entry {}(", lowered[i])));
    }
    by_reference
}

/// CUDA 13's `*_16a` and `*_32a` vectors in a build for an older release, with their
/// definitions read from CUDA 13's own `vector_types.h` and compiled by that release's NVRTC
/// (which does not predefine them). A build for CUDA 13 checks them with the others.
#[test]
fn cuda13_types_match_nvrtc() {
    let cases: Vec<Case> = cases().into_iter().filter(is_cuda13).collect();
    if cases.is_empty() {
        return;
    }
    let Some(nvrtc) = common::nvrtc() else { return };
    let dir =
        ptx_abi_nvtools::fetch::cuda13_include_dir().filter(|d| d.join("vector_types.h").is_file());
    let Some(dir) = dir else {
        assert!(
            std::env::var("PTX_ABI_REQUIRE_ORACLE").as_deref() != Ok("1"),
            "CUDA 13 headers are required (PTX_ABI_REQUIRE_ORACLE=1) but were not found"
        );
        eprintln!("skipped: CUDA 13 headers not found, run `cargo xtask cuda-headers`");
        return;
    };
    let header = std::fs::read_to_string(dir.join("vector_types.h")).unwrap();
    let mut src = String::new();
    for c in &cases {
        // `struct __device_builtin__ __builtin_align__(N) double4_Na\n{ … };`, verbatim.
        let start = header
            .find(&format!(") {}\n", c.c_type))
            .and_then(|i| header[..i].rfind("struct __device_builtin__"))
            .unwrap_or_else(|| panic!("{} not in CUDA 13's vector_types.h", c.c_type));
        let end = start + header[start..].find("};").unwrap() + 2;
        src.push_str(&header[start..end]);
        src.push_str(&format!("\ntypedef struct {t} {t};\n", t = c.c_type));
    }
    src.push_str(&case_source(&cases));
    let names: Vec<String> = (0..cases.len()).map(|i| format!("mangled{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (ptx_text, lowered) = compile(&nvrtc, &[], &src, &names);
    assert_eq!(check_cases(&cases, &ptx_text, &lowered), 0);
    eprintln!("{} CUDA 13 types checked against NVRTC", cases.len());
}

// ---- `#[ptx(kernel = "…", abi = "c++")]` ---------------------------------------------------

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
struct Params {
    scale: f32,
    count: u32,
}

/// The example: `ns::inner::scale(float*, const float*, unsigned, Params)`.
#[derive(PtxAbi)]
#[repr(C)]
#[ptx(kernel = "ns::inner::scale", abi = "c++")]
struct ScaleArgs {
    out: DevicePtr<f32>,
    input: DeviceConstPtr<f32>,
    n: u32,
    params: Params,
}

#[derive(PtxAbi)]
#[repr(C)]
#[ptx(kernel = "tiles", abi = "c++")]
struct TilesArgs {
    map: TensorMap,
    rows: DevicePtr<[Float4; 4]>,
    cols: DeviceConstPtr<[Double4; 2]>,
    a: Double4,
    b: Double4,
    p: Params,
    q: DevicePtr<Params>,
    raw: DevicePtr<core::ffi::c_void>,
    craw: DeviceConstPtr<core::ffi::c_void>,
    pp: DevicePtr<DeviceConstPtr<f32>>,
    h: Bf16x2,
    flag: bool,
    c: i8,
}

/// C `long`, `unsigned long` and `size_t` beside `long long`.
#[derive(PtxAbi)]
#[repr(C)]
#[ptx(kernel = "sizes::fill", abi = "c++")]
struct FillArgs {
    out: DevicePtr<ptx_abi::types::CLong>,
    n: ptx_abi::types::CULong,
    count: ptx_abi::types::CULong,
    offset: i64,
    base: DeviceConstPtr<ptx_abi::types::CULong>,
}

const SCALE_C: &str = "struct Params { float scale; unsigned count; };\n\
namespace ns { namespace inner {\n\
__global__ void scale(float* out, const float* input, unsigned n, Params params) {}\n\
} }\n\
__global__ void tiles(const __grid_constant__ CUtensorMap map, float4 (*rows)[4],\n\
    const double4 (*cols)[2], double4 a, double4 b, Params p, Params* q, void* raw,\n\
    const void* craw, const float** pp, __nv_bfloat162 h, bool flag, signed char c) {}\n\
namespace sizes { __global__ void fill(long* out, unsigned long n, size_t count,\n\
    long long offset, const size_t* base) {} }\n";

#[test]
fn cxx_kernel_names_are_constants() {
    const NAME: &str = <ScaleArgs as KernelParams>::KERNEL;
    assert_eq!(NAME, "_ZN2ns5inner5scaleEPfPKfj6Params");
}

#[test]
fn cxx_kernel_signatures_equal_nvrtc() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let Some(inc) = includes() else { return };
    let src = format!("{PRELUDE}{SCALE_C}");
    let names = ["ns::inner::scale", "tiles", "sizes::fill"];
    let (ptx_text, lowered) = compile(&nvrtc, &inc, &src, &names);
    assert_eq!(lowered[0], ScaleArgs::KERNEL);
    assert_eq!(lowered[1], TilesArgs::KERNEL);
    assert_eq!(lowered[2], FillArgs::KERNEL);
    assert_eq!(FillArgs::KERNEL, "_ZN5sizes4fillEPlmmxPKm");
    for sig in [
        entry_signature::<ScaleArgs>(),
        entry_signature::<TilesArgs>(),
        entry_signature::<FillArgs>(),
    ] {
        assert!(
            ptx_text.contains(&sig),
            "NVRTC's text contains ours verbatim:\n{sig}\n---\n{ptx_text}"
        );
    }
    ptx_abi::check_entry::<ScaleArgs>(&ptx_text).unwrap();
    ptx_abi::check_entry::<TilesArgs>(&ptx_text).unwrap();
    ptx_abi::check_entry::<FillArgs>(&ptx_text).unwrap();
}
