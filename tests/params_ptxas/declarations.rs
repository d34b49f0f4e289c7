//! §2.3 against the compiler itself: for every scalar type, vectors, aggregates with each
//! alignment 1..=128, unions and bit-field structs, the declarations ptx-abi writes equal the
//! ones NVRTC writes for the same C types, in kernels (`.entry`) and device functions (`.func`,
//! parameters and `func_retval0`); and ptxas assembles everything ptx-abi can emit.

#![allow(dead_code)] // the types describe C parameters; most values are never built

use crate::common;

use ptx_abi::params::{func_signature, param_decl_with, Spelling};
use ptx_abi::types::{Char3, Double2, Float4, Int2, Short4, UChar1, ULongLong2};
use ptx_abi::{entry_signature, param_decl, AddressSize, DevicePtr, ParamSpace, PtxAbi};
use ptx_abi_oracle::ptx;

macro_rules! aligned {
    ($($name:ident = $n:literal),*) => {$(
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(align = $n)]
        struct $name {
            c: i8,
        }
    )*};
}
aligned!(
    A1 = 1,
    A2 = 2,
    A4 = 4,
    A8 = 8,
    A16 = 16,
    A32 = 32,
    A64 = 64,
    A128 = 128
);

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum U {
    F(f32),
    #[ptx(bits = 3)]
    B(u8),
    D(Double2),
}

#[derive(PtxAbi, Clone, Copy)]
struct Bf {
    #[ptx(bits = 3)]
    a: u8,
    #[ptx(bits = 13)]
    b: i32,
    c: i16,
}

/// Over 128 bytes with alignment below 4: NVRTC aligns it to 4 as a `.func` parameter only.
#[derive(PtxAbi, Clone, Copy)]
struct C129 {
    c: [i8; 129],
}

/// `struct __align__(2) H { unsigned short x; }`, the stand-in for `__half` (§2.3 note C).
#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 2)]
struct H {
    x: u16,
}

/// One parameter type: its C spelling, the C definitions it needs, and its three
/// declarations as ptx-abi writes them (for a parameter named `p` and `func_retval0`).
struct Case {
    c: &'static str,
    defs: &'static str,
    decl: fn(&str, ParamSpace) -> String,
}

macro_rules! case {
    ($c:literal, $defs:literal, $t:ty) => {
        Case {
            c: $c,
            defs: $defs,
            decl: |name, space| param_decl::<$t>(name, space),
        }
    };
}

fn cases() -> Vec<Case> {
    #[allow(unused_mut)] // pushed to with the `half` feature
    let mut v = vec![
        case!("bool", "", bool),
        case!("signed char", "", i8),
        case!("unsigned char", "", u8),
        case!("short", "", i16),
        case!("unsigned short", "", u16),
        case!("int", "", i32),
        case!("unsigned int", "", u32),
        case!("long long", "", i64),
        case!("unsigned long long", "", u64),
        case!("float", "", f32),
        case!("double", "", f64),
        case!("int*", "", DevicePtr<i32>),
        case!("float4", "", Float4),
        case!("char3", "", Char3),
        case!("int2", "", Int2),
        case!("short4", "", Short4),
        case!("uchar1", "", UChar1),
        case!("ulonglong2", "", ULongLong2),
        case!("double2", "", Double2),
        case!(
            "U",
            "union U { float F; unsigned char B : 3; double2 D; };",
            U
        ),
        case!(
            "Bf",
            "struct Bf { unsigned char a : 3; int b : 13; short c; };",
            Bf
        ),
        case!("H", "struct __align__(2) H { unsigned short x; };", H),
        case!("C129", "struct C129 { signed char c[129]; };", C129),
        case!("A1", "struct __align__(1) A1 { signed char c; };", A1),
        case!("A2", "struct __align__(2) A2 { signed char c; };", A2),
        case!("A4", "struct __align__(4) A4 { signed char c; };", A4),
        case!("A8", "struct __align__(8) A8 { signed char c; };", A8),
        case!("A16", "struct __align__(16) A16 { signed char c; };", A16),
        case!("A32", "struct __align__(32) A32 { signed char c; };", A32),
        case!("A64", "struct __align__(64) A64 { signed char c; };", A64),
        case!(
            "A128",
            "struct __align__(128) A128 { signed char c; };",
            A128
        ),
    ];
    #[cfg(feature = "half")]
    v.push(case!("H", "", ptx_abi::half::f16));
    v
}

#[test]
fn every_declaration_equals_nvrtc_in_both_spaces() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let cases = cases();
    let mut src = String::new();
    for (i, case) in cases.iter().enumerate() {
        if !src.contains(case.defs) {
            src.push_str(case.defs);
            src.push('\n');
        }
        let t = case.c;
        src.push_str(&format!(
            "extern \"C\" __global__ void ke{i}({t} a) {{}}\n\
             extern \"C\" __device__ {t} fd{i}({t} a) {{ return a; }}\n"
        ));
    }
    let ptx_text = common::compile(&nvrtc, &src);
    for (i, case) in cases.iter().enumerate() {
        let entry = ptx::signature(&ptx_text, &format!("ke{i}")).expect("kernel in PTX");
        let func = ptx::signature(&ptx_text, &format!("fd{i}")).expect("function in PTX");
        let name = format!("ke{i}_param_0");
        assert_eq!(
            (case.decl)(&name, ParamSpace::Entry),
            entry.params[0].text,
            "{} in .entry",
            case.c
        );
        let name = format!("fd{i}_param_0");
        assert_eq!(
            (case.decl)(&name, ParamSpace::Func),
            func.params[0].text,
            "{} in .func",
            case.c
        );
        let ret = func.ret.expect("func_retval0");
        assert_eq!(
            (case.decl)("func_retval0", ParamSpace::Func),
            ret.text,
            "{} returned",
            case.c
        );
    }
}

/// A kernel with a parameter of every kind, its device-function twin, and their signatures.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mixed")]
struct Mixed {
    flag: bool,
    small: i8,
    count: u32,
    scale: f64,
    data: DevicePtr<f32>,
    color: Float4,
    word: U,
    bits: Bf,
    wide: A128,
    tail: i16,
}

const MIXED_C: &str = "union U { float F; unsigned char B : 3; double2 D; };
struct Bf { unsigned char a : 3; int b : 13; short c; };
struct __align__(128) A128 { signed char c; };
extern \"C\" __global__ void mixed(bool flag, signed char small, unsigned count, double scale,
    float* data, float4 color, U word, Bf bits, A128 wide, short tail) {}
extern \"C\" __device__ Bf mixed_fn(bool flag, signed char small, unsigned count, double scale,
    float* data, float4 color, U word, Bf bits, A128 wide, short tail) { return bits; }
";

#[test]
fn whole_signatures_equal_nvrtc() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx_text = common::compile(&nvrtc, MIXED_C);
    let entry = ptx::signature(&ptx_text, "mixed").unwrap();
    let ours = entry_signature::<Mixed>();
    let theirs: Vec<String> = entry.params.iter().map(|p| p.text.clone()).collect();
    let ours_params: Vec<String> = ours
        .lines()
        .filter(|l| l.trim_start().starts_with(".param"))
        .map(|l| l.trim().trim_end_matches(',').to_string())
        .collect();
    assert_eq!(ours_params, theirs);
    assert!(
        ptx_text.contains(&ours),
        "NVRTC's text contains ours verbatim:\n{ours}\n---\n{ptx_text}"
    );
    let func = func_signature::<Mixed, Bf>("mixed_fn");
    assert!(
        ptx_text.contains(&func),
        "NVRTC's text contains ours verbatim:\n{func}\n---\n{ptx_text}"
    );
    ptx_abi::check_entry::<Mixed>(&ptx_text).unwrap();
}

#[test]
fn the_checker_catches_a_drifted_struct_in_real_ptx() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx_text = common::compile(&nvrtc, MIXED_C);
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "mixed")]
    struct Drifted {
        flag: bool,
        small: i8,
        count: u32,
        scale: f32,
        data: DevicePtr<f32>,
        color: Float4,
        word: U,
        bits: Bf,
        wide: A128,
        tail: i16,
    }
    let err = ptx_abi::check_entry::<Drifted>(&ptx_text)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("parameter 3 of `mixed` (field `scale` of `Drifted`, an `f32`, C `float`)"),
        "{err}"
    );
    assert!(err.contains(".param .f64 mixed_param_3"), "{err}");
}

/// A kernel with no parameters, `extern "C"` and C++: its argument struct is empty, and its
/// signature and name are NVRTC's.
#[test]
fn kernels_without_parameters_equal_nvrtc() {
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "init")]
    struct InitArgs;
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "ns::reset", abi = "c++")]
    struct ResetArgs {}
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx_text = common::compile(
        &nvrtc,
        "extern \"C\" __global__ void init() {}\nnamespace ns { __global__ void reset() {} }\n",
    );
    for (ours, name) in [
        (entry_signature::<InitArgs>(), "init"),
        (entry_signature::<ResetArgs>(), "_ZN2ns5resetEv"),
    ] {
        assert!(ptx_text.contains(&ours), "{ours}\n---\n{ptx_text}");
        assert!(ptx::signature(&ptx_text, name).unwrap().params.is_empty());
    }
    ptx_abi::check_entry::<InitArgs>(&ptx_text).unwrap();
    ptx_abi::check_entry::<ResetArgs>(&ptx_text).unwrap();
}

/// A device function is not a kernel: `check_entry` needs the `.entry` NVRTC writes for a
/// `__global__` function, and says so for a `__device__` one of the same name.
#[test]
fn a_device_function_is_not_a_kernel_in_real_ptx() {
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct KArgs {
        n: u32,
    }
    let Some(nvrtc) = common::nvrtc() else { return };
    let func = common::compile(&nvrtc, "extern \"C\" __device__ void k(unsigned n) {}\n");
    let err = ptx_abi::check_entry::<KArgs>(&func).unwrap_err();
    assert!(
        matches!(
            err,
            ptx_abi::params::SignatureError::Kind {
                found: ptx::FnKind::Func,
                ..
            }
        ),
        "{err}"
    );
    let entry = common::compile(&nvrtc, "extern \"C\" __global__ void k(unsigned n) {}\n");
    ptx_abi::check_entry::<KArgs>(&entry).unwrap();
}

#[test]
fn ptxas_assembles_everything_ptx_abi_emits() {
    let Some(ptxas) = common::ptxas() else { return };
    let mut module = String::from(".version 8.8\n.target sm_90\n.address_size 64\n\n");
    for (i, case) in cases().iter().enumerate() {
        let e = (case.decl)(&format!("e{i}_param_0"), ParamSpace::Entry);
        let f = (case.decl)(&format!("f{i}_param_0"), ParamSpace::Func);
        let r = (case.decl)("func_retval0", ParamSpace::Func);
        module.push_str(&format!(
            ".visible .entry e{i}(\n\t{e}\n)\n{{\n\tret;\n}}\n"
        ));
        module.push_str(&format!(
            ".visible .func ({r}) f{i}(\n\t{f}\n)\n{{\n\tret;\n}}\n"
        ));
    }
    // The guide's spelling of .func scalars is ABI-equivalent and must assemble too.
    macro_rules! guide {
        ($($t:ty),*) => {{ let mut i = 0; $(
            let d = param_decl_with::<$t>(&format!("g{i}_param_0"), ParamSpace::Func, Spelling::Guide, AddressSize::A64);
            let r = param_decl_with::<$t>("func_retval0", ParamSpace::Func, Spelling::Guide, AddressSize::A64);
            module.push_str(&format!(".visible .func ({r}) g{i}(\n\t{d}\n)\n{{\n\tret;\n}}\n"));
            i += 1;
        )* let _ = i; }};
    }
    guide!(
        bool,
        i8,
        u8,
        i16,
        u16,
        i32,
        u32,
        i64,
        u64,
        f32,
        f64,
        DevicePtr<u8>,
        ptx_abi::types::TexRef
    );
    module.push_str(&entry_signature::<Mixed>());
    module.push_str("\n{\n\tret;\n}\n");
    module.push_str(&func_signature::<Mixed, Bf>("mixed_fn"));
    module.push_str("\n{\n\tret;\n}\n");
    ptxas
        .assemble(&module, "sm_90")
        .unwrap_or_else(|e| panic!("{e}\n{module}"));
}
