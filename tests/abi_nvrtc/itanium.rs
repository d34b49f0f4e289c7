//! Chapter 7: ptx-abi's Itanium names against NVRTC's (`nvrtcGetLoweredName`) and the `.entry`
//! names in the PTX NVRTC emits, on generated signatures (deterministic seeds).

use crate::common;

use ptx_abi::abi::itanium::{mangle, CxxType, MangleError};
use ptx_abi::{DevicePtr, KernelParams, PtxAbi};
use ptx_abi_oracle::cxx::{source, Generator, Term};

/// The CUDA include directory, or `None` (then header types are left out of the generator).
fn cuda_include() -> Option<String> {
    ptx_abi_nvtools::fetch::cuda_include_dir()
        .filter(|d| d.join("cuda_fp16.h").is_file())
        .map(|d| d.display().to_string())
}

fn leak(t: &Term) -> &'static CxxType {
    let t = match t {
        Term::Builtin(code, _) => CxxType::Builtin(code),
        Term::Named(tag, _) => CxxType::Named(Box::leak(tag.clone().into_boxed_str())),
        Term::Pointer(k, p) => CxxType::Pointer {
            pointee: leak(p),
            pointee_const: *k,
        },
        Term::Array(len, e) => CxxType::Array {
            elem: leak(e),
            len: *len,
        },
    };
    Box::leak(Box::new(t))
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

/// Whether a mangled name holds `S_` or `S<base-36>_` (not counting `_Z` or identifiers).
fn has_substitution(name: &str) -> bool {
    let b = name.as_bytes();
    let mut i = 2;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || b[i - 1] != b'S') {
            // Skip a <source-name>: its length, then that many bytes.
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n: usize = name[start..i].parse().unwrap();
            i += n;
            continue;
        }
        if b[i] == b'S' {
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_digit() || b[j].is_ascii_uppercase()) {
                j += 1;
            }
            if j < b.len() && b[j] == b'_' {
                return true;
            }
        }
        i += 1;
    }
    false
}

#[test]
fn generated_signatures_match_nvrtc_lowered_names_and_ptx() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let include = cuda_include();
    if include.is_none() {
        eprintln!(
            "note: CUDA headers not found (`cargo xtask cuda-headers`): header types left out"
        );
        assert!(
            std::env::var("PTX_ABI_REQUIRE_ORACLE").as_deref() != Ok("1"),
            "CUDA headers are required (PTX_ABI_REQUIRE_ORACLE=1) but were not found"
        );
    }
    let opts = options(&include);
    let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
    let mut gen = Generator::new(0x1714_c0de, include.is_some());
    let mut matched = 0;
    let mut with_subs = 0;
    for batch in 0..12 {
        let sigs = gen.signatures(batch * 50, 50);
        let src = source(&sigs, include.is_some());
        let names: Vec<&str> = sigs.iter().map(|s| s.name.as_str()).collect();
        let (ptx, lowered) = nvrtc
            .compile_lowered(&src, &opts, &names)
            .unwrap_or_else(|e| panic!("NVRTC rejected:\n{src}\n{}", e.log));
        for (sig, nv) in sigs.iter().zip(&lowered) {
            let name: &'static str = Box::leak(sig.name.clone().into_boxed_str());
            let params: Vec<&CxxType> = sig.params.iter().map(leak).collect();
            let ours = mangle(name, &params)
                .unwrap_or_else(|e| panic!("{sig:?}: {}", e.message().as_str()));
            assert_eq!(ours.as_str(), nv, "{sig:?}\n{src}");
            assert!(
                ptx.contains(&format!(".visible .entry {nv}(")),
                "{nv} not an entry in the PTX"
            );
            matched += 1;
            if has_substitution(nv) {
                with_subs += 1;
            }
        }
    }
    eprintln!("{matched} signatures matched NVRTC ({with_subs} with substitutions)");
    assert_eq!(matched, 600);
    assert!(
        with_subs > 100,
        "too few substitutions exercised: {with_subs}"
    );
}

/// The guide's chapter 6 example calls `foo(int, int)` `_Z3fooi`; NVRTC names it `_Z3fooii`
/// (one `i` per parameter), and so does ptx-abi.
#[test]
fn guide_chapter_6_foo_is_z3fooii() {
    let i = CxxType::Builtin("i");
    assert_eq!(mangle("foo", &[&i, &i]).unwrap().as_str(), "_Z3fooii");
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(
        &nvrtc,
        "__device__ __noinline__ int foo(int a, int b) { return a + b; }\n\
         __global__ void k(int* o, int a) { *o = foo(a, 2 * a); }",
    );
    assert!(
        ptx.contains(".visible .func  (.param .b32 func_retval0) _Z3fooii("),
        "{ptx}"
    );
}

/// Substitution numbers past `S9_` (`SA_` … `SZ_`, `S10_`): 40 distinct structs, then each
/// again in reverse order.
#[test]
fn long_substitution_numbers_match_nvrtc() {
    let tags: Vec<String> = (0..40).map(|i| format!("T{i}")).collect();
    let mut src: String = tags
        .iter()
        .map(|t| format!("struct {t} {{ int v; }};\n"))
        .collect();
    let decl: Vec<String> = tags
        .iter()
        .chain(tags.iter().rev())
        .enumerate()
        .map(|(i, t)| format!("{t} p{i}"))
        .collect();
    src.push_str(&format!(
        "namespace a {{ __global__ void many({}) {{}} }}\n",
        decl.join(", ")
    ));
    let named: Vec<CxxType> = tags
        .iter()
        .map(|t| CxxType::Named(Box::leak(t.clone().into_boxed_str())))
        .collect();
    let params: Vec<&CxxType> = named.iter().chain(named.iter().rev()).collect();
    let ours = mangle("a::many", &params).unwrap();
    assert!(ours.as_str().contains("S10_"), "{}", ours.as_str());
    let Some(nvrtc) = common::nvrtc() else { return };
    let (_, lowered) = nvrtc
        .compile_lowered(&src, &["--gpu-architecture=compute_90"], &["a::many"])
        .unwrap();
    assert_eq!(ours.as_str(), lowered[0]);
}

/// `namespace n0 { … namespace n199 { struct S { int v; }; __global__ void k(S*, const S*, S, n0::n1::S2*) … } }`:
/// a nested name of 200 components (one recursion per component used to overflow a 2 MiB
/// stack), with parameters whose names repeat its prefixes (so the substitutions reach far
/// back). The expected name is NVRTC's.
#[test]
fn a_name_of_200_components_matches_nvrtc() {
    let comps: Vec<String> = (0..200).map(|i| format!("n{i}")).collect();
    let ns = comps.join("::");
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let name = leak(format!("{ns}::k"));
    let s: &'static CxxType = Box::leak(Box::new(CxxType::Named(leak(format!("{ns}::S")))));
    let s2: &'static CxxType = &CxxType::Named("n0::n1::S2");
    let (p, pk, p2) = (
        CxxType::Pointer {
            pointee: s,
            pointee_const: false,
        },
        CxxType::Pointer {
            pointee: s,
            pointee_const: true,
        },
        CxxType::Pointer {
            pointee: s2,
            pointee_const: false,
        },
    );
    let params = [&p, &pk, s, &p2];
    let ours = ptx_abi::abi::itanium::mangle_to_string(name, &params).unwrap();
    // The fixed 1,024-byte buffer of `mangle` is too small, and says so.
    let err = mangle(name, &params).unwrap_err();
    assert_eq!(err, MangleError::TooLong { capacity: 1024 });
    assert!(
        err.message().as_str().contains("mangled_capacity"),
        "{}",
        err.message().as_str()
    );
    let Some(nvrtc) = common::nvrtc() else { return };
    let mut src = String::from("namespace n0 { namespace n1 { struct S2 { int v; }; } }\n");
    for c in &comps {
        src.push_str(&format!("namespace {c} {{ "));
    }
    src.push_str(
        "struct S { int v; }; __global__ void k(S* a, const S* b, S c, n0::n1::S2* d) {} ",
    );
    src.push_str(&"} ".repeat(comps.len()));
    let (ptx, lowered) = nvrtc
        .compile_lowered(&src, &["--gpu-architecture=compute_90"], &[name])
        .unwrap_or_else(|e| panic!("{}", e.log));
    assert_eq!(ours, lowered[0]);
    assert!(
        ptx.contains(&format!(".entry {ours}(")),
        "not an entry: {ours}"
    );
}

/// 100 pointer parameters, each to its own struct, in a 100-component namespace: 299
/// substitution candidates (the old table held 128) and a name over 1,024 bytes (the old fixed
/// buffer), as the derive computes it at compile time. The expected name is NVRTC's.
#[test]
fn a_derived_kernel_with_100_pointer_parameters_matches_nvrtc() {
    let name = <Many as KernelParams>::KERNEL;
    assert!(name.len() > 1024, "{}", name.len());
    let Some(nvrtc) = common::nvrtc() else { return };
    let comps: Vec<String> = (0..100).map(|i| format!("level{i}")).collect();
    let mut src: String = (0..100)
        .map(|i| format!("struct T{i} {{ int v; }};\n"))
        .collect();
    for c in &comps {
        src.push_str(&format!("namespace {c} {{ "));
    }
    let params: Vec<String> = (0..100).map(|i| format!("T{i}* p{i}")).collect();
    src.push_str(&format!("__global__ void k({}) {{}} ", params.join(", ")));
    src.push_str(&"} ".repeat(comps.len()));
    let expr = format!("{}::k", comps.join("::"));
    let (ptx, lowered) = nvrtc
        .compile_lowered(&src, &["--gpu-architecture=compute_90"], &[expr.as_str()])
        .unwrap_or_else(|e| panic!("{}", e.log));
    assert_eq!(name, lowered[0]);
    assert!(
        ptx.contains(&format!(".entry {name}(")),
        "not an entry: {name}"
    );
}

macro_rules! structs {
    ($($t:ident)*) => { $(
        #[derive(PtxAbi, Clone, Copy)]
        struct $t {
            v: i32,
        }
    )* };
}

structs!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 T22 T23 T24 T25 T26 T27 T28 T29 T30 T31 T32 T33 T34 T35 T36 T37 T38 T39 T40 T41 T42 T43 T44 T45 T46 T47 T48 T49 T50 T51 T52 T53 T54 T55 T56 T57 T58 T59 T60 T61 T62 T63 T64 T65 T66 T67 T68 T69 T70 T71 T72 T73 T74 T75 T76 T77 T78 T79 T80 T81 T82 T83 T84 T85 T86 T87 T88 T89 T90 T91 T92 T93 T94 T95 T96 T97 T98 T99);

macro_rules! kernel {
    ($name:tt; $($p:ident $t:ident)*) => {
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(kernel = $name, abi = "c++")]
        #[allow(dead_code)] // only the name matters
        struct Many { $($p: DevicePtr<$t>,)* }
    };
}

kernel!("level0::level1::level2::level3::level4::level5::level6::level7::level8::level9::level10::level11::level12::level13::level14::level15::level16::level17::level18::level19::level20::level21::level22::level23::level24::level25::level26::level27::level28::level29::level30::level31::level32::level33::level34::level35::level36::level37::level38::level39::level40::level41::level42::level43::level44::level45::level46::level47::level48::level49::level50::level51::level52::level53::level54::level55::level56::level57::level58::level59::level60::level61::level62::level63::level64::level65::level66::level67::level68::level69::level70::level71::level72::level73::level74::level75::level76::level77::level78::level79::level80::level81::level82::level83::level84::level85::level86::level87::level88::level89::level90::level91::level92::level93::level94::level95::level96::level97::level98::level99::k"; p0 T0 p1 T1 p2 T2 p3 T3 p4 T4 p5 T5 p6 T6 p7 T7 p8 T8 p9 T9 p10 T10 p11 T11 p12 T12 p13 T13 p14 T14 p15 T15 p16 T16 p17 T17 p18 T18 p19 T19 p20 T20 p21 T21 p22 T22 p23 T23 p24 T24 p25 T25 p26 T26 p27 T27 p28 T28 p29 T29 p30 T30 p31 T31 p32 T32 p33 T33 p34 T34 p35 T35 p36 T36 p37 T37 p38 T38 p39 T39 p40 T40 p41 T41 p42 T42 p43 T43 p44 T44 p45 T45 p46 T46 p47 T47 p48 T48 p49 T49 p50 T50 p51 T51 p52 T52 p53 T53 p54 T54 p55 T55 p56 T56 p57 T57 p58 T58 p59 T59 p60 T60 p61 T61 p62 T62 p63 T63 p64 T64 p65 T65 p66 T66 p67 T67 p68 T68 p69 T69 p70 T70 p71 T71 p72 T72 p73 T73 p74 T74 p75 T75 p76 T76 p77 T77 p78 T78 p79 T79 p80 T80 p81 T81 p82 T82 p83 T83 p84 T84 p85 T85 p86 T86 p87 T87 p88 T88 p89 T89 p90 T90 p91 T91 p92 T92 p93 T93 p94 T94 p95 T95 p96 T96 p97 T97 p98 T98 p99 T99);
