//! Issue 21, item 3: the one-line check (`ptx_abi::report::nvrtc::assert_matches`) on headers as real
//! projects write them — quantization blocks modelled on llama.cpp's `ggml-common.h` (CUDA
//! branch, as of llama.cpp b4000, 2024-10), which include `<cuda_fp16.h>` and `<cstdint>`,
//! put `half` members in `__extension__` unions and give unnamed structs a member name by
//! macro. The header below is written for this test; what decides the layouts (member types
//! and order, the macros, the includes, `__extension__`) is as in that file. Every expected
//! layout is NVRTC's answer, never ptx-abi's: the check compiles the header with NVRTC and
//! compares. Needs NVRTC (skips with a message without it, fails under
//! `PTX_ABI_REQUIRE_ORACLE=1`) and the features `nvrtc` and `half`.

#![cfg(all(feature = "nvrtc", feature = "half"))]
#![allow(non_camel_case_types)]
// The types below exist for their layouts; their values are never built.
#![allow(dead_code)]

use crate::common;

use ptx_abi::half::f16;
use ptx_abi::report::nvrtc::{assert_matches, assert_matches_mapped, MatchError, Nvrtc};
use ptx_abi::types::{Bf16, Bf16x2, Float4, Fp8E4M3, Half2};
use ptx_abi::PtxAbi;

const GGML_COMMON: &str = r#"
#include <cuda_fp16.h>
#include <cstdint>

#define GGML_EXTENSION __extension__
typedef half ggml_half;
typedef half2 ggml_half2;
#define GGML_COMMON_AGGR_U
#define GGML_COMMON_AGGR_S data

#define QK4_0 32
typedef struct {
    ggml_half d;
    uint8_t qs[QK4_0 / 2];
} block_q4_0;

#define QK4_1 32
typedef struct {
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half m;
        } GGML_COMMON_AGGR_S;
        ggml_half2 dm;
    } GGML_COMMON_AGGR_U;
    uint8_t qs[QK4_1 / 2];
} block_q4_1;

#define QK8_1 32
typedef struct {
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half s;
        } GGML_COMMON_AGGR_S;
        ggml_half2 ds;
    } GGML_COMMON_AGGR_U;
    int8_t qs[QK8_1];
} block_q8_1;

#define QK_K 256
typedef struct {
    uint8_t scales[QK_K / 16];
    uint8_t qs[QK_K / 4];
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half dmin;
        } GGML_COMMON_AGGR_S;
        ggml_half2 dm;
    } GGML_COMMON_AGGR_U;
} block_q2_K;

typedef union {
    ggml_half f16;
    uint16_t u16;
} iq1m_scale_t;
"#;

#[derive(PtxAbi, Clone, Copy)]
struct block_q4_0 {
    d: f16,
    qs: [u8; 16],
}

#[derive(PtxAbi, Clone, Copy)]
struct HalfDm {
    d: f16,
    m: f16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum DmUnion {
    #[ptx(c_name = "data")]
    Data(HalfDm),
    #[ptx(c_name = "dm")]
    Dm(Half2),
}

#[derive(PtxAbi, Clone, Copy)]
struct block_q4_1 {
    u: DmUnion,
    qs: [u8; 16],
}

#[derive(PtxAbi, Clone, Copy)]
struct HalfDs {
    d: f16,
    s: f16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum DsUnion {
    #[ptx(c_name = "data")]
    Data(HalfDs),
    #[ptx(c_name = "ds")]
    Ds(Half2),
}

#[derive(PtxAbi, Clone, Copy)]
struct block_q8_1 {
    u: DsUnion,
    qs: [i8; 32],
}

#[derive(PtxAbi, Clone, Copy)]
struct HalfDmin {
    d: f16,
    dmin: f16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum DminUnion {
    #[ptx(c_name = "data")]
    Data(HalfDmin),
    #[ptx(c_name = "dm")]
    Dm(Half2),
}

#[derive(PtxAbi, Clone, Copy)]
struct block_q2_K {
    scales: [u8; 16],
    qs: [u8; 64],
    u: DminUnion,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum iq1m_scale_t {
    #[ptx(c_name = "f16")]
    F16(f16),
    #[ptx(c_name = "u16")]
    U16(u16),
}

/// `true` when NVRTC, found the one way `assert_matches` finds it ([`Nvrtc::locate`]:
/// `$PTX_ABI_NVRTC`, a CUDA installation, the library path), and CUDA's headers of the release
/// ptx-abi describes are here; else the test skips, saying why, or fails under
/// `PTX_ABI_REQUIRE_ORACLE=1`. (`cargo xtask nvrtc`'s cache alone is not enough: the library
/// does not look in a workspace's `target/`; issue 32.)
fn tools() -> bool {
    match Nvrtc::locate() {
        Ok(_) => {}
        Err(ptx_abi::report::nvrtc::NvrtcError::NotFound { searched }) => {
            ptx_abi_oracle::require::skip(
                "real_headers",
                &format!(
                    "`assert_matches` finds no NVRTC where it looks ({}); `cargo xtask nvrtc` \
                     prints the path to set {} to",
                    searched.join(", "),
                    ptx_abi_nvtools::pins::NVRTC_ENV
                ),
            );
            return false;
        }
        Err(e) => panic!("`assert_matches` finds an NVRTC that does not work: {e}"),
    }
    common::cuda_include().is_some()
}

#[test]
fn llama_cpp_quantization_blocks_check_in_one_line_each() {
    if !tools() {
        return;
    }
    assert_matches::<block_q4_0>(GGML_COMMON, "block_q4_0");
    assert_matches_mapped::<block_q4_1>(GGML_COMMON, "block_q4_1", &[("u", "")]);
    assert_matches_mapped::<block_q8_1>(GGML_COMMON, "block_q8_1", &[("u", "")]);
    assert_matches_mapped::<block_q2_K>(GGML_COMMON, "block_q2_K", &[("u", "")]);
    assert_matches::<iq1m_scale_t>(GGML_COMMON, "iq1m_scale_t");
}

const CUDA_MEMBERS: &str = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <stdint.h>
#include <stddef.h>
#include <cstddef>
#include <cstdint>
struct Mixed {
    __nv_fp8_e4m3 scale8;
    __nv_bfloat16 scale16;
    half h;
    half2 pair;
    size_t n;
    float4 v;
    std::size_t m;
    std::uint16_t tag;
    ptrdiff_t diff;
    intptr_t addr;
};
"#;

#[derive(PtxAbi, Clone, Copy)]
struct Mixed {
    scale8: Fp8E4M3,
    scale16: Bf16,
    h: f16,
    pair: Half2,
    n: u64,
    v: Float4,
    m: u64,
    tag: u16,
    diff: i64,
    addr: i64,
}

#[test]
fn members_of_every_cuda_type_are_checked() {
    if !tools() {
        return;
    }
    assert_matches::<Mixed>(CUDA_MEMBERS, "Mixed");
}

/// NVRTC with the checks' own configuration, or `None` when the test skips.
fn verdict<T: PtxAbi>(header: &str, c_type: &str, map: &[(&str, &str)]) -> Option<String> {
    if !tools() {
        return None;
    }
    let nvrtc = Nvrtc::locate().unwrap_or_else(|e| panic!("{e}"));
    match nvrtc.check::<T>(header, c_type, map) {
        Ok(()) => panic!("{c_type}: accepted"),
        Err(MatchError::Mismatch(m)) => Some(m.to_string()),
        Err(e) => Some(e.to_string()),
    }
}

#[test]
fn a_half_member_declared_as_an_integer_is_caught() {
    let header = GGML_COMMON.replace("ggml_half d;\n    uint8_t", "int16_t d;\n    uint8_t");
    let Some(msg) = verdict::<block_q4_0>(&header, "block_q4_0", &[]) else {
        return;
    };
    assert!(
        msg.contains("`d`: kind: C has a signed integer, Rust has floating-point"),
        "{msg}"
    );
}

#[test]
fn a_missing_member_suggests_the_member_map() {
    let Some(msg) = verdict::<block_q4_1>(GGML_COMMON, "block_q4_1", &[]) else {
        return;
    };
    assert!(msg.contains("has no member \"u\""), "{msg}");
    assert!(msg.contains("check_matches_mapped"), "{msg}");
}

#[test]
fn a_header_nvrtc_cannot_find_is_named_with_where_cuda_headers_were_looked_for() {
    let header = format!("#include <no_such_header.h>\n{GGML_COMMON}");
    let Some(msg) = verdict::<block_q4_0>(&header, "block_q4_0", &[]) else {
        return;
    };
    assert!(
        msg.contains("open source file \"no_such_header.h\""),
        "{msg}"
    );
    assert!(msg.contains("`no_such_header.h` is neither in"), "{msg}");
    assert!(!msg.contains("check_matches_mapped"), "{msg}");
}

#[test]
fn an_error_in_the_header_itself_is_not_blamed_on_member_names() {
    let header = GGML_COMMON.replace("} block_q4_0;", "} block_q4_0");
    let Some(msg) = verdict::<block_q4_0>(&header, "block_q4_0", &[]) else {
        return;
    };
    assert!(msg.contains("header.cuh("), "{msg}");
    assert!(msg.contains("NVRTC rejected the header itself"), "{msg}");
    assert!(!msg.contains("check_matches_mapped"), "{msg}");
}

/// Run only as the child of the test below, in an environment where CUDA's include directory
/// cannot be found: the check of a header that includes `<cuda_fp16.h>` fails with NVRTC's
/// own words and the variable to set.
#[test]
#[ignore = "run by cuda_headers_not_found_names_the_variable_to_set"]
fn child_without_cuda_headers() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let nvrtc = Nvrtc::locate().unwrap_or_else(|e| panic!("{e}"));
    let err = nvrtc
        .check::<block_q4_0>(GGML_COMMON, "block_q4_0", &[])
        .expect_err("compiled without CUDA's headers");
    let msg = err.to_string();
    let var =
        ptx_abi::report::nvrtc::include_env(ptx_abi::layout::cuda_version::CUDA_VERSION.major)[0];
    assert!(msg.contains("open source file \"cuda_fp16.h\""), "{msg}");
    assert!(msg.contains("include directory was not found"), "{msg}");
    assert!(msg.contains(&format!("set {var}")), "{msg}");
    assert!(!msg.contains("check_matches_mapped"), "{msg}");
    println!("{msg}");
}

/// Set by the test below for its child.
const CHILD: &str = "PTX_ABI_TEST_CHILD_WITHOUT_CUDA_HEADERS";

#[test]
fn cuda_headers_not_found_names_the_variable_to_set() {
    if !tools() {
        return;
    }
    if std::path::Path::new("/usr/local/cuda/include/cuda_fp16.h").is_file() {
        ptx_abi_oracle::require::skip(
            "cuda_headers_not_found_names_the_variable_to_set",
            "/usr/local/cuda/include holds CUDA's headers, so they are always found",
        );
        return;
    }
    // Found by its bare name only because another test of this process already loaded it
    // from `cargo xtask nvrtc`'s cache, by path: the child, a fresh process, is given that path.
    let cached = ptx_abi_nvtools::fetch::locate_nvrtc()
        .filter(|_| !Nvrtc::locate().unwrap().path().is_absolute());
    let exe = std::env::current_exe().unwrap();
    let mut child = std::process::Command::new(exe);
    child
        .args(["--ignored", "--exact", &child_test_name(), "--nocapture"])
        .env(CHILD, "1")
        .current_dir(std::env::temp_dir());
    for var in ["CUDA_PATH", "CUDA_HOME", "CARGO_TARGET_DIR"].iter().chain(
        ptx_abi::report::nvrtc::include_env(ptx_abi::layout::cuda_version::CUDA_VERSION.major),
    ) {
        child.env_remove(var);
    }
    if let Some(path) = cached {
        child.env(ptx_abi_nvtools::pins::NVRTC_ENV, path);
    }
    let out = child.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1 passed"), "{text}");
    assert!(text.contains("include directory was not found"), "{text}");
}

/// Issue 21: a bit-field declared with an enum type (C's `enum Col p : 2`) is stored in a unit
/// of the enum's size (§1.3); NVRTC gives `Col` the underlying type `int` but reads `p`
/// unsigned (measured: a Rust `p: i32` fails on signedness alone), so the importer's `u32` is
/// right, and `enum Sign`'s field, which reads signed, is not a `u32`.
const ENUM_BIT_FIELDS: &str = r#"
enum Col { R, G, B };
enum Sign { MINUS = -1, PLUS = 1 };
struct EB { enum Col p : 2; int q; };
struct ES { enum Sign s : 2; int q; };
"#;

#[derive(PtxAbi, Clone, Copy)]
struct EB {
    #[ptx(bits = 2)]
    p: u32,
    q: i32,
}

/// `ES` as if `enum Sign`'s bit-field read unsigned: it reads signed.
#[derive(PtxAbi, Clone, Copy)]
struct ES {
    #[ptx(bits = 2)]
    s: u32,
    q: i32,
}

#[test]
fn an_enum_typed_bit_field_checks_as_its_underlying_type() {
    if !tools() {
        return;
    }
    assert_matches::<EB>(ENUM_BIT_FIELDS, "EB");
    let Some(msg) = verdict::<ES>(ENUM_BIT_FIELDS, "ES", &[]) else {
        return;
    };
    assert!(
        msg.contains("`s`: signedness: C has signed, Rust has unsigned"),
        "{msg}"
    );
}

/// The test name libtest knows `child_without_cuda_headers` by: its path below the crate
/// (`real_headers::child_without_cuda_headers` in the `data_nvrtc` binary).
fn child_test_name() -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::child_without_cuda_headers"),
        None => "child_without_cuda_headers".into(),
    }
}

/// A library's umbrella header that its parts include back (`#pragma once`), checked as users
/// check it, `include_str!` of the file and its directory as `-I`: the check compiles the file
/// itself, so the part's `#include "geom.cuh"` finds it already read, as in the user's build.
/// Compiled from its text under another name, the compiler would read it twice ("`Aabb` has
/// already been defined").
#[test]
fn an_umbrella_header_its_parts_include_back_is_read_once() {
    if !tools() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("ptx-abi-umbrella-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let umbrella = "#pragma once\nstruct Aabb { float3 lo, hi; };\n#include \"geom_query.cuh\"\n";
    let part = "#pragma once\n#include \"geom.cuh\"\nstruct QueryStack { Aabb bounds; int top; int nodes[32]; };\n";
    std::fs::write(dir.join("geom.cuh"), umbrella).unwrap();
    std::fs::write(dir.join("geom_query.cuh"), part).unwrap();
    let include = format!("-I{}", dir.display());
    #[derive(PtxAbi, Clone, Copy)]
    struct Aabb {
        lo: ptx_abi::types::Float3,
        hi: ptx_abi::types::Float3,
    }
    #[derive(PtxAbi, Clone, Copy)]
    struct QueryStack {
        bounds: Aabb,
        top: i32,
        nodes: [i32; 32],
    }
    let nvrtc = Nvrtc::locate().unwrap_or_else(|e| panic!("{e}"));
    nvrtc
        .check_with::<QueryStack>(umbrella, "QueryStack", &[], &[&include])
        .unwrap_or_else(|e| panic!("{e}"));
    // An error in the file is named by the file's own path, and the hint still blames the
    // header, not the checks.
    let broken = umbrella.replace("hi; };", "hi; }");
    std::fs::write(dir.join("geom.cuh"), &broken).unwrap();
    let msg = match nvrtc.check_with::<Aabb>(&broken, "Aabb", &[], &[&include]) {
        Ok(()) => panic!("accepted a header that does not compile"),
        Err(e) => e.to_string(),
    };
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(msg.contains("geom.cuh("), "{msg}");
    assert!(msg.contains("NVRTC rejected the header itself"), "{msg}");
}

/// `<cstdint>` (ptx-abi's stand-in under NVRTC, glibc's widths) before libcu++, which declares
/// the same integers again for NVRTC, some as other types: NVRTC rejects the header in this
/// order and accepts it in the other, so the check compiles it with libcu++'s declarations
/// first. Found by importing an inference library's header (`<cstdint>`, then
/// `<cuda/std/array>`); `<cuda.h>` before `<curand_kernel.h>` is the same case.
const STDINT_BEFORE_LIBCUPP: &str = r#"
#include <cstdint>
#include <cuda/std/cstdint>
struct ShardCursor {
    int32_t lane;
    cuda::std::int64_t offset;
    std::uint16_t shard;
};
"#;

#[derive(PtxAbi, Clone, Copy)]
struct ShardCursor {
    lane: i32,
    offset: i64,
    shard: u16,
}

/// A launch's stream state as a sampling kernel's header declares it, `<cuda.h>` (which
/// includes `<stdint.h>`) before `<curand_kernel.h>` (which includes libcu++).
const CUDA_H_BEFORE_CURAND: &str = r#"
#include <cuda.h>
#include <curand_kernel.h>
struct SampleStream {
    CUdeviceptr base;
    unsigned int count;
};
"#;

#[derive(PtxAbi, Clone, Copy)]
struct SampleStream {
    base: u64,
    count: u32,
}

#[test]
fn stdint_before_libcupp_checks() {
    if !tools() {
        return;
    }
    assert_matches::<ShardCursor>(STDINT_BEFORE_LIBCUPP, "ShardCursor");
    assert_matches::<SampleStream>(CUDA_H_BEFORE_CURAND, "SampleStream");
}

/// Arrays of CUDA's own types: checked element by element as members (offset, size), never
/// inside, whose members are CUDA's private storage (`__nv_bfloat16::__x`): the check of an
/// array of `__nv_bfloat16` did not compile.
const CUDA_TYPE_ARRAYS: &str = r#"
#include <cuda_bf16.h>
#include <cuda_fp8.h>
struct GemmEpilogue {
    __nv_bfloat162 bias[2];
    __nv_bfloat16 scale[1][2];
    __nv_fp8_e4m3 amax[4];
    float alpha;
};
"#;

#[derive(PtxAbi, Clone, Copy)]
struct GemmEpilogue {
    bias: [Bf16x2; 2],
    scale: [[Bf16; 2]; 1],
    amax: [Fp8E4M3; 4],
    alpha: f32,
}

#[test]
fn arrays_of_cuda_types_check() {
    if !tools() {
        return;
    }
    assert_matches::<GemmEpilogue>(CUDA_TYPE_ARRAYS, "GemmEpilogue");
}

/// `<cstddef>`'s C++17 `std::byte` and glibc's `max_align_t` (32 bytes aligned to 16 on x86-64
/// Linux, nvcc's as NVRTC's): an arena header's idioms. The `<cstddef>` NVRTC's checks get
/// declared neither, so such a header did not compile.
const ARENA: &str = r#"
#include <cstddef>
struct ArenaSlab {
    alignas(alignof(std::max_align_t)) unsigned char bytes[48];
    std::size_t used;
    std::byte tag;
};
static_assert(sizeof(std::max_align_t) == 32 && alignof(std::max_align_t) == 16, "glibc's");
"#;

#[derive(PtxAbi, Clone, Copy)]
struct ArenaSlab {
    #[ptx(align = 16)]
    bytes: [u8; 48],
    used: u64,
    tag: u8,
}

#[test]
fn std_byte_and_max_align_t_check() {
    if !tools() {
        return;
    }
    assert_matches::<ArenaSlab>(ARENA, "ArenaSlab");
}
