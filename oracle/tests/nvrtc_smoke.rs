//! Smoke tests against the real NVRTC (and ptxas): the figures and rules of
//! `docs/nvidia-notes.md` reproduced exactly, and the parameter spellings it describes.
//!
//! Every test skips (printing why) when NVRTC is not available, or fails under
//! `PTX_ABI_REQUIRE_ORACLE=1` (`ptx_abi_oracle::require`): run `cargo xtask nvrtc` (and
//! `cargo xtask ptxas`) first, or set `PTX_ABI_NVRTC` / `PTX_ABI_PTXAS`.

use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_nvtools::options::DEFAULT_OPTIONS;
use ptx_abi_oracle::ptx::{self, FnKind, ParamType, Signature};

fn nvrtc() -> Option<Nvrtc> {
    ptx_abi_oracle::require::nvrtc("NVRTC smoke test")
}

fn compile(nv: &Nvrtc, src: &str) -> String {
    nv.compile(src, DEFAULT_OPTIONS)
        .unwrap_or_else(|e| panic!("{e}\nsource:\n{src}"))
}

/// One layout case: a type definition named `T`, its expected size and alignment, and optionally
/// an initializer with the image it must produce.
struct Case {
    what: &'static str,
    def: &'static str,
    size: u64,
    align: u64,
    init: Option<(&'static str, &'static [u8])>,
    /// `(member, offset)` pairs checked with `__INTADDR__(&((T*)0)->member)`.
    offsets: &'static [(&'static str, u64)],
}

/// Compiles `case` and returns every mismatch with `docs/nvidia-notes.md`, as messages.
fn check(nv: &Nvrtc, case: &Case) -> Vec<String> {
    let mut src = format!(
        "{}\nextern \"C\" __device__ unsigned long long size_of = sizeof(T);\n\
         extern \"C\" __device__ unsigned long long align_of = alignof(T);\n",
        case.def
    );
    for (i, (member, _)) in case.offsets.iter().enumerate() {
        src += &format!("extern \"C\" __device__ unsigned long long offset_{i} = __INTADDR__(&((T*)0)->{member});\n");
    }
    if let Some((init, _)) = case.init {
        src += &format!("extern \"C\" __device__ T value = {init};\n");
    }
    let ptx = compile(nv, &src);
    let mut errors = Vec::new();
    let mut expect = |what: String, got: String, want: String| {
        if got != want {
            errors.push(format!(
                "{}: {what}: NVRTC says {got}, docs/nvidia-notes.md says {want}",
                case.what
            ));
        }
    };
    let size = ptx::scalar_u64(&ptx, "size_of").unwrap();
    let align = ptx::scalar_u64(&ptx, "align_of").unwrap();
    expect(
        "size/align".into(),
        format!("{size}/{align}"),
        format!("{}/{}", case.size, case.align),
    );
    for (i, (member, off)) in case.offsets.iter().enumerate() {
        let got = ptx::scalar_u64(&ptx, &format!("offset_{i}")).unwrap();
        expect(
            format!("offset of {member}"),
            got.to_string(),
            off.to_string(),
        );
    }
    if let Some((_, image)) = case.init {
        let g = ptx::global(&ptx, "value").expect("`value` is in the PTX");
        expect(
            "global size".into(),
            g.size().to_string(),
            case.size.to_string(),
        );
        expect(
            "global .align".into(),
            g.align.to_string(),
            case.align.to_string(),
        );
        match g.bytes() {
            Ok(b) => expect("image".into(), format!("{b:?}"), format!("{image:?}")),
            Err(e) => errors.push(format!("{}: {e}", case.what)),
        }
    }
    errors
}

fn check_all(cases: &[Case]) {
    let Some(nv) = nvrtc() else { return };
    let errors: Vec<String> = cases.iter().flat_map(|c| check(&nv, c)).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn loads_and_reports_version() {
    let Some(nv) = nvrtc() else { return };
    let (major, minor) = nv.version();
    eprintln!("NVRTC {major}.{minor} from {}", nv.path().display());
    assert!(major >= 12, "NVRTC {major}.{minor}");
    // Loading again while loaded, dropping one copy, and compiling with the other works.
    let again = Nvrtc::load(nv.path()).unwrap();
    drop(nv);
    let ptx = compile(&again, "extern \"C\" __device__ int x = 1;");
    assert!(
        ptx.contains(".visible .global .align 4 .u32 x = 1;"),
        "{ptx}"
    );
    assert!(
        ptx.contains(".target sm_90") && ptx.contains(".address_size 64"),
        "{ptx}"
    );
}

#[test]
fn compile_errors_carry_the_log() {
    let Some(nv) = nvrtc() else { return };
    let e = nv
        .compile("struct { int x; } = ;", DEFAULT_OPTIONS)
        .unwrap_err();
    assert!(e.log.contains("error"), "{}", e.log);
    let e = nv.compile("int x;", &["--no-such-option"]).unwrap_err();
    assert!(e.log.contains("NVRTC_ERROR_INVALID_OPTION"), "{}", e.log);
    assert!(nv.compile("a\0b", DEFAULT_OPTIONS).is_err());
}

#[test]
fn compiles_from_several_threads() {
    let Some(nv) = nvrtc() else { return };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|i| {
                let nv = &nv;
                s.spawn(move || {
                    compile(nv, &format!("extern \"C\" __device__ int x{i} = {i} + 1;"))
                })
            })
            .collect();
        for (i, h) in handles.into_iter().enumerate() {
            let ptx = h.join().unwrap();
            assert_eq!(ptx::scalar_u64(&ptx, &format!("x{i}")), Ok(i as u64 + 1));
        }
    });
}

/// `docs/nvidia-notes.md`, "The guide's bit-field figures, reconstructed". `char` there is `signed char`.
#[test]
fn bit_field_figures() {
    check_all(&[
        Case {
            what: "Fig. 2, allocation",
            def: "struct T { int j:5; int k:6; int m:7; };",
            size: 4,
            align: 4,
            init: Some(("{ .j = -7, .k = 21, .m = -33 }", &[185, 250, 2, 0])),
            offsets: &[],
        },
        Case {
            what: "Fig. 3, boundary alignment",
            def: "struct T { short s:9; int j:9; signed char c; short t:9; short u:9; signed char d; };",
            size: 12,
            align: 4,
            init: Some((
                "{ .s = -200, .j = 200, .c = -5, .t = -1, .u = 77, .d = 100 }",
                &[56, 145, 1, 251, 255, 1, 77, 0, 100, 0, 0, 0],
            )),
            offsets: &[("c", 3), ("d", 8)],
        },
        Case {
            what: "Fig. 4, unit sharing",
            def: "struct T { signed char c; short s:8; };",
            size: 2,
            align: 2,
            init: Some(("{ .c = 1, .s = -2 }", &[1, 254])),
            offsets: &[("c", 0)],
        },
        Case {
            what: "Fig. 5, union",
            def: "union T { signed char c; short s:8; };",
            size: 2,
            align: 2,
            init: Some(("{ .c = 90 }", &[90, 0])),
            offsets: &[("c", 0)],
        },
        Case {
            what: "Fig. 6, unnamed",
            def: "struct T { signed char c; int :0; signed char d; short :9; signed char e; signed char :0; };",
            size: 9,
            align: 1,
            init: Some(("{ .c = 1, .d = 2, .e = 3 }", &[1, 0, 0, 0, 2, 0, 0, 0, 3])),
            offsets: &[("c", 0), ("d", 4), ("e", 8)],
        },
    ]);
}

const OVER_ALIGNED_IMAGE: [u8; 64] = {
    let mut b = [0u8; 64];
    b[0] = 1;
    b
};

/// `docs/nvidia-notes.md`, "Rules the guide states loosely, as NVRTC applies them". Where the table gives
/// positions but no image, the image is derived from the positions it states.
#[test]
fn layout_rules() {
    check_all(&[
        Case {
            what: "named bit-field raises alignment",
            def: "struct T { signed char c; long long x:3; };",
            size: 8,
            align: 8,
            init: Some(("{ .c = 5, .x = -1 }", &[5, 7, 0, 0, 0, 0, 0, 0])),
            offsets: &[],
        },
        Case {
            what: "unnamed bit-field does not",
            def: "struct T { signed char c; long long :3; };",
            size: 2,
            align: 1,
            init: Some(("{ .c = 5 }", &[5, 0])),
            offsets: &[],
        },
        Case {
            what: "zero-width wider than the struct",
            def: "struct T { signed char c; long long :0; signed char d; };",
            size: 9,
            align: 1,
            init: Some(("{ .c = 1, .d = 2 }", &[1, 0, 0, 0, 0, 0, 0, 0, 2])),
            offsets: &[("d", 8)],
        },
        Case {
            what: "unnamed bit-field in a union",
            def: "union T { int :20; signed char c; };",
            size: 3,
            align: 1,
            init: Some(("{ .c = 7 }", &[7, 0, 0])),
            offsets: &[],
        },
        Case {
            what: "bool bit-fields",
            def: "struct T { bool a:1; bool b:1; signed char c; bool d:1; };",
            size: 3,
            align: 1,
            init: Some(("{ .a = true, .b = true, .c = 0, .d = true }", &[3, 0, 1])),
            offsets: &[("c", 1)],
        },
        Case {
            what: "just overflowing a byte",
            def: "struct T { unsigned char a:7; unsigned char b:2; };",
            size: 2,
            align: 1,
            init: Some(("{ .a = 0, .b = 3 }", &[0, 3])),
            offsets: &[],
        },
        Case {
            what: "type change at a unit edge",
            def: "struct T { unsigned long long a:60; unsigned b:8; };",
            size: 16,
            align: 8,
            init: Some((
                "{ .a = 0xFFFFFFFFFFFFFFFull, .b = 0xAB }",
                &[
                    255, 255, 255, 255, 255, 255, 255, 15, 0xAB, 0, 0, 0, 0, 0, 0, 0,
                ],
            )),
            offsets: &[],
        },
        Case {
            what: "sharing with an ordinary member",
            def: "struct T { signed char c; unsigned x:20; unsigned char d; };",
            size: 8,
            align: 4,
            init: Some((
                "{ .c = 1, .x = 703710, .d = 9 }",
                &[1, 222, 188, 10, 9, 0, 0, 0],
            )),
            offsets: &[("d", 4)],
        },
        Case {
            what: "vectors",
            def: "struct T { signed char c; char3 v3; float4 f; double2 d; short3 s; long1 l; };",
            size: 64,
            align: 16,
            init: None,
            offsets: &[
                ("c", 0),
                ("v3", 1),
                ("f", 16),
                ("d", 32),
                ("s", 48),
                ("l", 56),
            ],
        },
        Case {
            what: "over-alignment",
            def: "struct __align__(64) T { signed char c; };",
            size: 64,
            align: 64,
            init: Some(("{ .c = 1 }", &OVER_ALIGNED_IMAGE)),
            offsets: &[],
        },
    ]);
}

const SIGNATURE_SOURCE: &str = r#"
struct S { signed char c; int i; double d; };
struct C3 { signed char a, b, c; };
struct H { unsigned short x; };
extern "C" __global__ void k(char a, short b, int c, long long d, float e, double f, int* p, S s) {
    if (p) *p = a + b + c + d + e + f + s.i;
}
extern "C" __global__ void k_more(bool z, signed char sc, unsigned char uc, unsigned short us,
                                  unsigned u, unsigned long long ull, const int* __restrict__ cp,
                                  C3 c3, H h, float4 v) {
    if (z) *(int*)cp = sc + uc + us + u + ull + c3.a + h.x + v.x;
}
extern "C" __device__ S f(char a, short b, int c, long long d, float e, double f, int* p, S s,
                          bool z, unsigned char uc, unsigned long long ull) {
    S r = s; r.c = a + b + c + d + e + f + z + uc + ull; r.i = *p; return r;
}
extern "C" __device__ H f_small(C3 c3, H h, float4 v, double2 d) { H r = h; r.x += c3.a + v.x + d.y; return r; }
extern "C" __device__ float f_scalar(float x) { return x; }
"#;

fn param_types(sig: &Signature) -> Vec<String> {
    sig.params
        .iter()
        .map(|p| match &p.ty {
            ParamType::Scalar(t) => t.clone(),
            ParamType::Bytes { align, size } => format!(".align {align} .b8 [{size}]"),
        })
        .collect()
}

fn get(ptx: &str, name: &str) -> Signature {
    ptx::signature(ptx, name).unwrap_or_else(|| panic!("no `{name}` in\n{ptx}"))
}

/// `docs/nvidia-notes.md`, "Parameter declarations as NVRTC emits them".
#[test]
fn parameter_spellings() {
    let Some(nv) = nvrtc() else { return };
    let ptx = compile(&nv, SIGNATURE_SOURCE);

    let k = get(&ptx, "k");
    assert_eq!(
        (k.kind, k.linkage.as_deref(), k.defined, &k.ret),
        (FnKind::Entry, Some(".visible"), true, &None)
    );
    // Kernels: integers keep their width as .u*, never .s*; pointers .u64; aggregates .align A .b8.
    assert_eq!(
        param_types(&k),
        [
            ".u8",
            ".u16",
            ".u32",
            ".u64",
            ".f32",
            ".f64",
            ".u64",
            ".align 8 .b8 [16]"
        ]
    );
    for (i, p) in k.params.iter().enumerate() {
        assert_eq!(p.name, format!("k_param_{i}"));
        assert!(
            p.ptr.is_none(),
            "NVRTC 12.9 writes no .ptr attributes: {}",
            p.text
        );
    }
    assert_eq!(k.params[6].text, ".param .u64 k_param_6");
    assert_eq!(k.params[7].text, ".param .align 8 .b8 k_param_7[16]");

    let more = get(&ptx, "k_more");
    assert_eq!(
        param_types(&more),
        [
            ".u8",
            ".u8",
            ".u8",
            ".u16",
            ".u32",
            ".u64",
            ".u64",
            ".align 1 .b8 [3]",
            ".align 2 .b8 [2]",
            ".align 16 .b8 [16]"
        ]
    );

    // Device functions: scalars of <= 32 bits widen to .b32, 64-bit ones are .b64; the return
    // value is func_retval0.
    let f = get(&ptx, "f");
    assert_eq!(
        (f.kind, f.linkage.as_deref()),
        (FnKind::Func, Some(".visible"))
    );
    assert_eq!(
        param_types(&f),
        [
            ".b32",
            ".b32",
            ".b32",
            ".b64",
            ".b32",
            ".b64",
            ".b64",
            ".align 8 .b8 [16]",
            ".b32",
            ".b32",
            ".b64"
        ]
    );
    let ret = f.ret.as_ref().expect("f returns S");
    assert_eq!(ret.text, ".param .align 8 .b8 func_retval0[16]");
    assert_eq!(ret.name, "func_retval0");
    for (i, p) in f.params.iter().enumerate() {
        assert_eq!(p.name, format!("f_param_{i}"));
    }

    let small = get(&ptx, "f_small");
    assert_eq!(
        param_types(&small),
        [
            ".align 1 .b8 [3]",
            ".align 2 .b8 [2]",
            ".align 16 .b8 [16]",
            ".align 16 .b8 [16]"
        ]
    );
    assert_eq!(
        small.ret.as_ref().map(|r| r.text.as_str()),
        Some(".param .align 2 .b8 func_retval0[2]")
    );
    let scalar = get(&ptx, "f_scalar");
    assert_eq!(
        scalar.ret.as_ref().map(|r| r.text.as_str()),
        Some(".param .b32 func_retval0")
    );
    assert_eq!(param_types(&scalar), [".b32"]);

    // Whatever NVRTC wrote assembles.
    if let Some(ptxas) = ptx_abi_oracle::require::ptxas("the ptxas step") {
        ptxas
            .assemble(&ptx, "sm_90")
            .unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    }
}

/// Other options change the spelling but not the reading: `-G` adds `.file` lines and debug
/// `.section`s, compute_100 adds `.ptr .align 1` to pointer kernel parameters.
#[test]
fn other_options_read_the_same() {
    let Some(nv) = nvrtc() else { return };
    let base = ptx::signatures(&compile(&nv, SIGNATURE_SOURCE));
    let src = format!("{SIGNATURE_SOURCE}\nextern \"C\" __device__ int gg[2] = {{1, 2}};\n");
    let debug = nv
        .compile(
            &src,
            &[
                "--gpu-architecture=compute_90",
                "-rdc=true",
                "-std=c++20",
                "-G",
            ],
        )
        .unwrap();
    assert!(debug.contains(".section"), "{debug}");
    assert_eq!(ptx::signatures(&debug), base);
    assert_eq!(
        ptx::global(&debug, "gg").unwrap().bytes().unwrap(),
        [1, 0, 0, 0, 2, 0, 0, 0]
    );

    let sm100 = nv
        .compile(
            &src,
            &["--gpu-architecture=compute_100", "-rdc=true", "-std=c++20"],
        )
        .unwrap();
    let k = get(&sm100, "k");
    assert_eq!(k.params[6].text, ".param .u64 .ptr .align 1 k_param_6");
    assert_eq!(k.params[6].ty, ParamType::Scalar(".u64".into()));
    let strip = |sigs: Vec<Signature>| -> Vec<Signature> {
        sigs.into_iter()
            .map(|mut s| {
                for p in &mut s.params {
                    p.ptr = None;
                    p.text = p.text.replace(" .ptr .align 1", "");
                }
                s
            })
            .collect()
    };
    assert_eq!(strip(ptx::signatures(&sm100)), base);
}

#[test]
fn ptxas_rejects_bad_ptx() {
    let Some(ptxas) = ptx_abi_oracle::require::ptxas("ptxas_rejects_bad_ptx") else {
        return;
    };
    let e = ptxas.assemble(
        ".version 8.8\n.target sm_90\n.address_size 64\n.visible .entry k( { ret; }\n",
        "sm_90",
    );
    assert!(e.unwrap_err().contains("ptxas"));
}

/// Structs holding pointers, through the whole chain: NVRTC prints them as `.u64` arrays with
/// `generic(sym)+N` entries (aligned pointers) or `.u8` arrays of byte masks (packed), and the
/// reader decodes both.
#[test]
fn pointer_holding_globals() {
    let Some(nv) = nvrtc() else { return };
    let ptx = compile(
        &nv,
        r#"
        extern "C" __device__ int target[4];
        struct Q { signed char c; short s; int* p; };
        extern "C" __device__ Q q = { 1, 2, &target[1] };
        struct __attribute__((packed)) P { signed char c; int* p; };
        extern "C" __device__ P pk = { 1, &target[2] };
        extern "C" __device__ P pk_const = { 1, (int*)((char*)0 + 0x0102030405060708) };
        "#,
    );
    let q = ptx::global(&ptx, "q").unwrap();
    assert_eq!((q.elem.as_str(), q.count), (".u64", 2));
    let q = q.bytes_with(|s| (s == "target").then_some(0x100)).unwrap();
    assert_eq!(q, [1, 0, 2, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0, 0, 0]);
    let pk = ptx::global(&ptx, "pk").unwrap();
    assert_eq!((pk.elem.as_str(), pk.count, pk.align), (".u8", 9, 1));
    assert!(pk.bytes().is_err());
    assert_eq!(
        pk.bytes_with(|_| Some(0x100)).unwrap(),
        [1, 8, 1, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        ptx::global(&ptx, "pk_const").unwrap().bytes().unwrap(),
        [1, 8, 7, 6, 5, 4, 3, 2, 1]
    );
}
