//! Chapter 7: ptx-abi's Itanium names against NVRTC's (`nvrtcGetLoweredName`) and the `.entry`
//! names in the PTX NVRTC emits, on generated signatures (deterministic seeds).

mod common;

use ptx_abi::itanium::{mangle, CxxType};
use ptx_abi_oracle::cxx::{source, Generator, Term};

/// The CUDA include directory, or `None` (then header types are left out of the generator).
fn cuda_include() -> Option<String> {
    ptx_abi_oracle::fetch::cuda_include_dir()
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
