//! Chapter 7: the Itanium names of function templates' instantiations, ptx-abi's against
//! NVRTC's: `nvrtcGetLoweredName` for `__global__` templates, the `.extern .func` names of the
//! PTX for `__device__` templates (whose return type the name encodes). Generated signatures
//! (seeded from `PTX_ABI_LIVE_SEED` when set, else a fixed seed) and hand-written ones, all
//! given to the mangler as the C++ text NVRTC compiles.

use crate::common;

use ptx_abi::abi::itanium::{mangle_function_to_string, CxxFunction, CxxParam};
use ptx_abi_oracle::cxx::template::{template_source, TemplateGenerator, TemplateSig};

/// The seed of a run: `PTX_ABI_LIVE_SEED` (what `cargo xtask test` sets, a new one per run),
/// else a fixed one.
fn seed() -> u64 {
    match std::env::var("PTX_ABI_LIVE_SEED") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("PTX_ABI_LIVE_SEED={s:?}: {e}")),
        Err(_) => 0x7e3a_1a7e,
    }
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// ptx-abi's name for `sig`, read from the same C++ text NVRTC compiles.
fn ours(sig: &TemplateSig) -> String {
    let f = CxxFunction {
        name: leak(&sig.name),
        template: leak(&sig.template),
        ret: leak(&sig.ret),
    };
    let params: Vec<CxxParam> = sig
        .params
        .iter()
        .map(|p| CxxParam::declared(leak(p)))
        .collect();
    mangle_function_to_string(&f, &params)
        .unwrap_or_else(|e| panic!("{sig:?}: {}", e.message().as_str()))
}

fn options(include: &Option<String>) -> Vec<String> {
    let mut o: Vec<String> = ["--gpu-architecture=compute_90", "-rdc=true", "-std=c++17"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if let Some(i) = include {
        o.push(format!("-I{i}"));
    }
    o
}

/// CUDA's include directory for `cuda_fp16.h` and `cuda_bf16.h`, or `None` (header types
/// are then left out).
fn include() -> Option<String> {
    let dir = ptx_abi_nvtools::fetch::cuda_include_dir()
        .filter(|d| d.join("cuda_fp16.h").is_file())
        .map(|d| d.display().to_string());
    if dir.is_none() {
        eprintln!(
            "note: CUDA headers not found (`cargo xtask cuda-headers`): header types left out"
        );
        assert!(
            std::env::var("PTX_ABI_REQUIRE_ORACLE").as_deref() != Ok("1"),
            "CUDA headers are required (PTX_ABI_REQUIRE_ORACLE=1) but were not found"
        );
    }
    dir
}

/// Whether a mangled name holds a substitution (`S_`, `S0_`, …) after its function name.
fn has_substitution(name: &str) -> bool {
    name.match_indices('S').any(|(i, _)| {
        let rest = &name[i + 1..];
        let end = rest.find(|c: char| !(c.is_ascii_digit() || c.is_ascii_uppercase()));
        end.is_some_and(|e| rest[e..].starts_with('_')) && !name[..i].ends_with(char::is_numeric)
    })
}

/// At least 100 generated `__global__` templates per run (200: four batches of 50), each
/// instantiated through `nvrtcAddNameExpression`; ptx-abi's name must be NVRTC's lowered name
/// and an `.entry` of the PTX.
#[test]
fn generated_kernel_templates_match_nvrtc_lowered_names() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let include = include();
    let opts = options(&include);
    let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
    let seed = seed();
    let mut gen = TemplateGenerator::new(seed, include.is_some());
    let (mut matched, mut with_subs, mut with_param_refs) = (0, 0, 0);
    for batch in 0..4 {
        let sigs = gen.signatures(batch * 50, 50, true);
        let src = template_source(&sigs, include.is_some());
        let names: Vec<&str> = sigs.iter().map(|s| s.name.as_str()).collect();
        let (ptx, lowered) = nvrtc
            .compile_lowered(&src, &opts, &names)
            .unwrap_or_else(|e| panic!("seed {seed}: NVRTC rejected:\n{src}\n{}", e.log));
        for (sig, nv) in sigs.iter().zip(&lowered) {
            assert_eq!(&ours(sig), nv, "seed {seed}: {sig:#?}\n{src}");
            assert!(
                ptx.contains(&format!(".entry {nv}(")),
                "seed {seed}: {nv} not an entry in the PTX"
            );
            matched += 1;
            with_subs += usize::from(has_substitution(nv));
            with_param_refs += usize::from(nv.contains("T_") || nv.contains("T0_"));
        }
    }
    eprintln!(
        "seed {seed}: {matched} kernel templates matched NVRTC ({with_subs} with substitutions, \
         {with_param_refs} with template-parameter references)"
    );
    assert!(matched >= 100, "{matched}");
    assert!(
        with_subs > 50,
        "seed {seed}: too few substitutions: {with_subs}"
    );
    assert!(
        with_param_refs > 50,
        "seed {seed}: too few T_: {with_param_refs}"
    );
}

/// Generated `__device__` templates with return types: NVRTC names each in the PTX
/// (`.extern .func`) when a kernel takes its address.
#[test]
fn generated_device_templates_match_the_ptx() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let include = include();
    let opts = options(&include);
    let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
    let seed = seed();
    let mut gen = TemplateGenerator::new(seed ^ 0xdef1ce, include.is_some());
    let mut matched = 0;
    for batch in 0..2 {
        let sigs = gen.signatures(batch * 40, 40, false);
        let src = template_source(&sigs, include.is_some());
        let (ptx, _) = nvrtc
            .compile_lowered(&src, &opts, &[])
            .unwrap_or_else(|e| panic!("seed {seed}: NVRTC rejected:\n{src}\n{}", e.log));
        let declared: Vec<&str> = ptx
            .lines()
            .filter(|l| l.starts_with(".extern .func"))
            .filter_map(|l| l.split_whitespace().last())
            .map(|n| n.trim_end_matches('('))
            .collect();
        for sig in &sigs {
            let name = ours(sig);
            assert!(
                declared.contains(&name.as_str()),
                "seed {seed}: {name} is not declared in the PTX ({declared:?})\n{sig:#?}\n{src}"
            );
            matched += 1;
        }
    }
    eprintln!("seed {seed}: {matched} device templates matched the PTX");
}

/// Hand-written instantiations (`name`, `template`, return type, declared parameters), each
/// the corner it is named for; NVRTC compiles their declarations, generated from the same text.
const CASES: &[(&str, &str, &str, &[&str])] = &[
    // A template parameter used twice; `const T*` then `T*`; by value.
    ("k3<double>", "class T", "void", &["const T* a", "T* b", "T c"]),
    // The declared type decides: `float*` is not `T*` even with T = float.
    ("k2<float>", "class T", "void", &["float* p"]),
    ("mul_mat_q<float, 32, true>", "typename T, int BLOCK, bool CHECK", "void", &["const T*", "T*", "int"]),
    // Nested namespaces, a nested-name argument, `unsigned` from `7u` and from `7`, a
    // template-id in a parameter type naming T.
    ("ns::inner::scale<ns::P2, 7u>", "class T, unsigned N", "void", &["T* p", "ns::Pair<T,int>* q"]),
    ("ns::inner::scale<Params, 7>", "class T, unsigned N", "void", &["T* p", "ns::Pair<T,int>* q"]),
    // Enums: unscoped and scoped, negative, in a namespace; the enum a candidate.
    ("km<(Mode)1>", "Mode M", "void", &["int x"]),
    ("ks<(Small)1>", "Small M", "void", &["int x"]),
    ("kns<(ns::E2)0>", "ns::E2 e", "void", &[]),
    ("kenum<(ns::E2)0, ns::P2>", "ns::E2 e, class T", "void", &["ns::P2* p", "T t"]),
    ("kenum<(ns::E2)0, ns::P2*>", "ns::E2 e, class T", "void", &["ns::P2* p", "T t"]),
    ("kenum2<(Mode)-1, Mode>", "Mode M, class T", "void", &["Mode m", "T t"]),
    // Every integer type, negative and unsigned, hex, `bool`.
    ("kc<97, -3, 200>", "char C, signed char S, unsigned char U", "void", &[]),
    ("kl<-5, 6, -7, 8, -9, 10>", "long L, unsigned long UL, long long LL, unsigned long long ULL, short SH, unsigned short US", "void", &[]),
    ("kw<1, 2, 3, -4, 5>", "wchar_t W, char16_t C16, char32_t C32, __int128 I, unsigned __int128 U", "void", &[]),
    ("kneg<-1>", "int N", "void", &[]),
    ("kneg<0x10>", "int N", "void", &[]),
    ("kb<false>", "bool B", "void", &[]),
    ("kbig<18446744073709551615ull>", "unsigned long long N", "void", &[]),
    ("kuc<255>", "unsigned char N", "void", &[]),
    ("kch<-3>", "char C", "void", &[]),
    // Type arguments: multi-word builtins, `char`, `long`, vectors, CUDA's typedefs,
    // pointers and `const`, template-ids nested and repeated.
    ("kvoid<unsigned long>", "class T", "void", &[]),
    ("kvoid<char>", "class T", "void", &[]),
    ("kvoid<float4>", "class T", "void", &[]),
    ("kvoid<ns::Pair<int, ns::Pair<int,int>>>", "class T", "void", &[]),
    ("kvoid<const int>", "class T", "void", &[]),
    ("kvoid<const int* const*>", "class T", "void", &[]),
    ("kvoid<long long int>", "class T", "void", &[]),
    ("kvoid<int unsigned>", "class T", "void", &[]),
    ("kvoid<size_t>", "class T", "void", &[]),
    ("kvoid<half2>", "class T", "void", &[]),
    ("kab<const int*, Box<float>>", "class A, class B", "void", &["A a", "B b", "A* c"]),
    ("kbox<Box<float>>", "class T", "void", &["Box<T>* a", "Box<T> b"]),
    ("kpair<ns::P2, Box<ns::P2>>", "class T, class U", "void", &["ns::Pair<T,U>* a", "ns::Pair<T,U>* b", "T c"]),
    ("kself<Box<int>, Box<Box<int>>>", "class T, class U", "void", &["T a", "U b"]),
    ("x::y::k<x::Box<int>>", "class T", "void", &["x::Box<T>* p", "x::Box<int>* q"]),
    ("kfl<float4>", "class T", "void", &["float4 a", "T b", "float4* c"]),
    // A constant parameter in a template-id (`XT_E`, not a candidate).
    ("kb2<3, float>", "int N, class T", "void", &["Buf<N>* a", "T t", "Buf2<N> c"]),
    // Qualifiers: `volatile`, `const volatile`, `__restrict__` at and below the top.
    ("kq<int>", "class T", "void", &["const volatile T* a", "volatile T* b", "const T* c", "const volatile T* d"]),
    ("kr<float>", "class T", "void", &["const T* __restrict__ a", "T* __restrict__ const b", "const T c"]),
    ("kr2<float>", "class T", "void", &["T* __restrict__* a"]),
    // Pointers to arrays, a default argument left out, unnamed parameters, many parameters.
    ("karr<float>", "class T", "void", &["T (*a)[4]", "float (*b)[4]"]),
    ("kdef<float>", "typename T, int N = 4", "void", &["T* a"]),
    ("kun<float, 3>", "typename, int", "void", &["float x"]),
    ("kmany<int,int,int,int,int,int,int,int,int,int,int,float>", "class T, class U, class V, class W, class X, class Y, class Z, class A1, class A2, class A3, class A4, class A5", "void", &["A5 a", "A4 b"]),
    // A nested class after its enclosing class (one candidate for both).
    ("kout<int>", "class T", "void", &["Outer a", "Outer::Inner b", "T c"]),
    // Device functions: the return type is part of a template's name.
    ("dev<float>", "class T", "T", &["T a"]),
    ("dev2<float>", "class T", "T*", &["const T* a"]),
    ("dev3<float>", "class T", "Box<T>", &["Box<T>* a"]),
    ("dev4<double>", "class T", "float", &["T a"]),
    ("dev5<float,3>", "class T, int N", "const T*", &["T* a", "Box<T> b"]),
    ("dev7<Box<float>>", "class T", "Box<float>*", &["T a", "Box<float>* b"]),
    ("ns::dev8<float>", "class T", "T*", &["T* a"]),
    ("f1<float>", "class T", "const T", &["T a"]),
    ("f2<float>", "class T", "const Box<T>", &["T a"]),
    ("f3<float>", "class T", "T* const", &["T a"]),
];

const DECLARATIONS: &str = "\
#include <cuda_fp16.h>
struct Params { int a; };
enum Mode : int { MODE_A, MODE_B };
enum class Small : unsigned char { X, Y };
namespace ns { struct P2 { int z; }; enum E2 { Q }; template <class T, class U> struct Pair { T a; U b; }; }
template <class T> struct Box { T v; };
template <int N> struct Buf { int v[N]; };
template <int N> struct Buf2 { int v[N]; };
namespace x { template <class T> struct Box { T v; }; }
struct Outer { struct Inner { int v; }; };
";

/// The declarations of [`CASES`]: each template once, in its namespace; kernels defined,
/// device functions declared and taken the address of by `ptxabi_use`.
fn cases_source() -> (String, Vec<&'static str>) {
    let mut src = String::from(DECLARATIONS);
    let mut declared = std::collections::BTreeSet::new();
    let mut kernels = Vec::new();
    let mut uses = Vec::new();
    for (name, template, ret, params) in CASES {
        let path = name.split('<').next().unwrap();
        let (ns, f) = path.rsplit_once("::").map_or(("", path), |(n, f)| (n, f));
        let device = *ret != "void" || f.starts_with("dev");
        if declared.insert(path) {
            let params: Vec<String> = params.to_vec().iter().map(|p| p.to_string()).collect();
            let decl = if device {
                format!(
                    "template <{template}> __device__ {ret} {f}({});",
                    params.join(", ")
                )
            } else {
                format!(
                    "template <{template}> __global__ void {f}({}) {{}}",
                    params.join(", ")
                )
            };
            let open: String = ns
                .split("::")
                .filter(|n| !n.is_empty())
                .map(|n| format!("namespace {n} {{ "))
                .collect();
            let close = " }".repeat(ns.split("::").filter(|n| !n.is_empty()).count());
            src.push_str(&format!("{open}{decl}{close}\n"));
        }
        if device {
            uses.push(*name);
        } else {
            kernels.push(*name);
        }
    }
    src.push_str("__global__ void ptxabi_use(void** out) {\n");
    for (i, u) in uses.iter().enumerate() {
        src.push_str(&format!("  out[{i}] = (void*)&{u};\n"));
    }
    src.push_str("}\n");
    (src, kernels)
}

#[test]
fn hand_written_templates_match_nvrtc() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let Some(include) = include() else { return };
    let (src, kernels) = cases_source();
    let opts = options(&Some(include));
    let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
    let (ptx, lowered) = nvrtc
        .compile_lowered(&src, &opts, &kernels)
        .unwrap_or_else(|e| panic!("NVRTC rejected:\n{src}\n{}", e.log));
    let externs: Vec<&str> = ptx
        .lines()
        .filter(|l| l.starts_with(".extern .func"))
        .filter_map(|l| l.split_whitespace().last())
        .map(|n| n.trim_end_matches('('))
        .collect();
    let mut checked = 0;
    for (name, template, ret, params) in CASES {
        let sig = TemplateSig {
            name: name.to_string(),
            template: template.to_string(),
            ret: ret.to_string(),
            params: params.iter().map(|p| p.to_string()).collect(),
            kernel: *ret == "void",
        };
        let got = ours(&sig);
        match kernels.iter().position(|k| k == name) {
            Some(i) => assert_eq!(got, lowered[i], "{name}"),
            None => assert!(
                externs.contains(&got.as_str()),
                "{name}: {got} is not declared in the PTX ({externs:?})"
            ),
        }
        checked += 1;
    }
    assert_eq!(checked, CASES.len());
}

mod derived {
    //! `#[ptx(kernel = "…<…>", abi = "c++", template = "…")]` with `#[ptx(cxx = "…")]` fields:
    //! each struct's `KernelParams::KERNEL` against NVRTC's lowered name of the C++ kernel
    //! written next to it.

    use ptx_abi::types::{CULong, Half2};
    use ptx_abi::{DeviceConstPtr, DevicePtr, KernelParams, PtxAbi};

    // template <typename T, int BLOCK, bool CHECK>
    // __global__ void mul_mat_q(const T* x, T* dst, int n);
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(
        kernel = "mul_mat_q<float, 32, true>",
        abi = "c++",
        template = "typename T, int BLOCK, bool CHECK"
    )]
    pub struct MulMatQ {
        #[ptx(cxx = "const T*")]
        x: DeviceConstPtr<f32>,
        #[ptx(cxx = "T*")]
        dst: DevicePtr<f32>,
        n: i32,
    }

    #[derive(PtxAbi, Clone, Copy)]
    pub struct Params {
        scale: f32,
        count: u32,
    }

    #[derive(PtxAbi, Clone, Copy)]
    #[repr(i32)]
    pub enum Mode {
        Fast,
        Exact,
    }

    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(c_name = "PairFI")]
    pub struct PairFI {
        a: f32,
        b: i32,
    }

    // namespace ns { template <class P, Mode M, unsigned long N = 8> __global__ void
    //   apply(const P* __restrict__ params, Mode mode, ns::Pair<float, int>* out, P last); }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(
        kernel = "ns::apply<Params, (Mode)1>",
        abi = "c++",
        template = "class P, Mode M, unsigned long N = 8"
    )]
    pub struct Apply {
        #[ptx(cxx = "const P* __restrict__ params")]
        params: DeviceConstPtr<Params>,
        mode: Mode,
        #[ptx(cxx = "ns::Pair<float, int>*")]
        out: DevicePtr<PairFI>,
        #[ptx(cxx = "P")]
        last: Params,
    }

    // template <typename T, typename U> __global__ void convert(const T* in, U* out, size_t n,
    //   volatile unsigned* done);
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(
        kernel = "convert<half2, float>",
        abi = "c++",
        template = "typename T, typename U"
    )]
    pub struct Convert {
        #[ptx(cxx = "const T*")]
        input: DeviceConstPtr<Half2>,
        #[ptx(cxx = "U*")]
        output: DevicePtr<f32>,
        #[ptx(cxx = "size_t")]
        n: CULong,
        #[ptx(cxx = "volatile unsigned*")]
        done: DevicePtr<u32>,
    }

    // Not a template: a declared type says what a Rust type cannot (`volatile`).
    // __global__ void spin(volatile int* flag, int n);
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "spin", abi = "c++")]
    pub struct Spin {
        #[ptx(cxx = "volatile int*")]
        flag: DevicePtr<i32>,
        n: i32,
    }

    const SOURCE: &str = "\
#include <cuda_fp16.h>
struct Params { float scale; unsigned count; };
enum Mode : int { Fast, Exact };
struct PairFI { float a; int b; };
namespace ns { template <class T, class U> struct Pair { T a; U b; }; }
template <typename T, int BLOCK, bool CHECK> __global__ void mul_mat_q(const T* x, T* dst, int n) {}
namespace ns { template <class P, Mode M, unsigned long N = 8> __global__ void apply(const P* __restrict__ params, Mode mode, ns::Pair<float, int>* out, P last) {} }
template <typename T, typename U> __global__ void convert(const T* in, U* out, size_t n, volatile unsigned* done) {}
__global__ void spin(volatile int* flag, int n) {}
";

    #[test]
    fn derived_template_kernels_match_nvrtc() {
        let Some(nvrtc) = crate::common::nvrtc() else {
            return;
        };
        let Some(include) = super::include() else {
            return;
        };
        let opts = super::options(&Some(include));
        let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
        let names = [
            "mul_mat_q<float, 32, true>",
            "ns::apply<Params, (Mode)1>",
            "convert<half2, float>",
            "spin",
        ];
        let (ptx, lowered) = nvrtc
            .compile_lowered(SOURCE, &opts, &names)
            .unwrap_or_else(|e| panic!("{}", e.log));
        let ours = [
            MulMatQ::KERNEL,
            Apply::KERNEL,
            Convert::KERNEL,
            Spin::KERNEL,
        ];
        for ((name, nv), ours) in names.iter().zip(&lowered).zip(ours) {
            assert_eq!(ours, nv, "{name}");
            assert!(ptx.contains(&format!(".entry {ours}(")), "{ours}");
        }
    }
}

/// `Box<Box<…<int>…>>` nested 1 to 8 deep as NVRTC names it: the template name `Box` is
/// `S0_` from its second use on. (`deep_nesting_is_iterative` in core relies on this rule
/// at 3,000 levels, where NVRTC stops instantiating.)
#[test]
fn nested_template_arguments_follow_the_rule() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let args: Vec<String> = (1..=8)
        .map(|d| format!("{}int{}", "Box<".repeat(d), ">".repeat(d)))
        .collect();
    let names: Vec<String> = args.iter().map(|a| format!("kvoid<{a}>")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let src = "template <class T> struct Box { T v; };\n\
               template <class T> __global__ void kvoid() {}\n";
    let (_, lowered) = nvrtc
        .compile_lowered(src, &["--gpu-architecture=compute_90"], &names)
        .unwrap_or_else(|e| panic!("{}", e.log));
    for (d, (name, nv)) in (1..).zip(names.iter().zip(&lowered)) {
        let rule = format!(
            "_Z5kvoidI3BoxI{}i{}Evv",
            "S0_I".repeat(d - 1),
            "E".repeat(d)
        );
        assert_eq!(&rule, nv, "{name}");
        let sig = TemplateSig {
            name: name.to_string(),
            template: "class T".into(),
            ret: "void".into(),
            params: Vec::new(),
            kernel: true,
        };
        assert_eq!(&ours(&sig), nv, "{name}");
    }
}
