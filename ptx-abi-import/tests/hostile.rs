//! Issue 21's hostile headers: each imports to the layout C has or fails at the header's
//! `file:line`. Expected offsets, sizes and alignments are clang's (`-Xclang
//! -fdump-record-layouts-complete`, clang 22 for `nvptx64-nvidia-cuda`, quoted beside each
//! case), never the importer's or ptx-abi's own. Needs clang (skips without it; fails without
//! it under `PTX_ABI_REQUIRE_ORACLE=1`).
//!
//! "Compiles" is asserted on the generated text (the names that used to collide); building the
//! output needs ptx-abi and its derive, which `ptx-abi-import/checks` builds.

mod common;

use ptx_abi_import::clang::Clang;
use ptx_abi_import::Importer;

fn clang() -> Option<Clang> {
    common::clang("hostile header tests")
}

/// Imports `header` under `--strict` (whatever cannot be imported is an error).
fn import(c: &Clang, header: &str) -> Result<String, String> {
    Importer::new()
        .clang(c.program())
        .strict(true)
        .header_text("hostile.cuh", header)
        .generate()
        .map(|i| i.source)
        .map_err(|e| e.to_string())
}

/// Imports `header`, which must succeed, and checks that every `want` is in the Rust.
fn imports(c: &Clang, header: &str, want: &[&str], not: &[&str]) {
    let src = import(c, header).unwrap_or_else(|e| panic!("for\n{header}\n{e}"));
    for w in want {
        assert!(src.contains(w), "missing `{w}` for\n{header}\nin:\n{src}");
    }
    for n in not {
        assert!(
            !src.contains(n),
            "unexpected `{n}` for\n{header}\nin:\n{src}"
        );
    }
}

/// Imports `header`, which must fail with every one of `want` in the message.
fn refuses(c: &Clang, header: &str, want: &[&str]) {
    let e = match import(c, header) {
        Ok(src) => panic!("imported without error:\n{header}\n{src}"),
        Err(e) => e,
    };
    for w in want {
        assert!(e.contains(w), "missing `{w}` for\n{header}\nin:\n{e}");
    }
}

#[test]
fn packing_is_expressed_or_an_error() {
    let Some(c) = clang() else { return };
    // clang: MP { c at 0, x at 1, d at 5 }, sizeof 6, align 1.
    refuses(
        &c,
        "struct MP { char c; int x __attribute__((packed)); char d; };\n",
        &["hostile.cuh:1: `MP::x`: is packed"],
    );
    // clang: PP { c at 0, x at 4 }, sizeof 8, align 4 (pack(16) changes nothing);
    // P1 { c at 0, x at 1 }, sizeof 5, align 1.
    let pragma = "#pragma pack(16)\nstruct PP { char c; int x; };\n#pragma pack()\n\
                  #pragma pack(1)\nstruct P1 { char c; int x; };\n#pragma pack()\n";
    imports(
        &c,
        pragma,
        &[
            "#[ptx(pack = 1)]\npub struct P1 {",
            "pub struct PP {",
            "pub x: i32,",
        ],
        &["#[ptx(align", "#[ptx(pack = 16)]"],
    );
    // clang: PB { c at 0, s at bits 8..20, t at bits 20..28 }: `s` lies across a `short`
    // boundary, in no storage unit of its type.
    refuses(
        &c,
        "#pragma pack(1)\nstruct PB { char c; short s : 12; short t : 8; };\n#pragma pack()\n",
        &["hostile.cuh:2: `PB::s`: is packed (`#pragma pack` or `__attribute__((packed))`) and no `#[ptx(pack = N)]` gives clang's layout"],
    );
    // clang: `enum __attribute__((packed)) E` is 1 byte.
    refuses(
        &c,
        "enum __attribute__((packed)) E { A, B };\nstruct HE { char c; enum E e; };\n",
        &["hostile.cuh:1: `E`: an enum with `__attribute__((packed))`"],
    );
}

#[test]
fn alignment_attributes_are_expressed_or_refused() {
    let Some(c) = clang() else { return };
    // clang: S1 align 8 (alignas(double)), S2 align 16 (`aligned` without a value).
    imports(
        &c,
        "struct alignas(double) S1 { char c; };\nstruct __attribute__((aligned)) S2 { char c; };\n",
        &[
            "#[ptx(align = 8)]\npub struct S1 {",
            "#[ptx(align = 16)]\npub struct S2 {",
        ],
        &[],
    );
    // clang: AT { c at 0, x at 16 }, sizeof 32, align 16. The typedef is the error; `AT`,
    // which holds it, is not compared with clang's layout as well.
    refuses(
        &c,
        "typedef int aint16 __attribute__((aligned(16)));\nstruct AT { char c; aint16 x; };\n",
        &["1 declaration cannot be imported:\n  hostile.cuh:1: `aint16`: a typedef with `__attribute__((aligned))`"],
    );
    // clang: U1 { c at 0, x at 1 }; UI { c at 0, i at 16 }.
    refuses(
        &c,
        "typedef int aint1 __attribute__((aligned(1)));\nstruct U1 { char c; aint1 x; };\n\
         struct Inner { int a; };\ntypedef struct Inner Inner16 __attribute__((aligned(16)));\n\
         struct UI { char c; Inner16 i; };\n",
        &[
            "hostile.cuh:1: `aint1`: a typedef",
            "hostile.cuh:4: `Inner16`: a typedef",
        ],
    );
    // A member's `aligned` raises it (clang, nvcc and NVRTC agree: `v` at 16); below the
    // type's alignment nvcc ignores it and NVRTC lowers the member: refused, saying so.
    imports(
        &c,
        "struct AM { char c; float v[3] __attribute__((aligned(16))); };\n",
        &["#[ptx(align = 16)] pub v: [f32; 3],"],
        &[],
    );
    refuses(
        &c,
        "struct LM {\n  char c;\n  long long d __attribute__((aligned(2)));\n};\n",
        &["hostile.cuh:3: `LM::d`: `#[ptx(align = 2)]` on `LM::d` is below its type's alignment 8 (nvcc ignores it, NVRTC lowers the member to it)"],
    );
}

/// An unnamed enum followed by a typedef of something else, as small-vector templates write a
/// dimension and a scalar type: the typedef does not name the enum (the survey's optix7 gdt
/// `vec_t` got `enum scalar_t { dims = 2 }` in place of `double`); `typedef struct { … } T;`
/// inside a record still names the struct `T`.
#[test]
fn a_typedef_after_an_unnamed_enum_does_not_name_it() {
    let Some(c) = clang() else { return };
    imports(
        &c,
        "struct V {\n  enum { dims = 2 };\n  typedef double scalar_t;\n  scalar_t x, y;\n};\n\
         struct W { typedef struct { int a; } Inner; Inner i; };\n",
        &[
            "pub x: f64,",
            "#[ptx(c_name = \"Inner\")]\npub struct W_Inner {",
            "pub i: W_Inner,",
        ],
        &["scalar_t", "dims"],
    );
}

#[test]
fn derive_rules_are_applied_at_the_header_line() {
    let Some(c) = clang() else { return };
    refuses(
        &c,
        "struct BB {\n  bool a : 3;\n};\nstruct __align__(8192) BigA { int x; };\n",
        &[
            "hostile.cuh:2: `BB::a`: bit-field `BB::a` is 3 bits wide",
            "hostile.cuh:4: `BigA`",
            "expected a power of two from 1 to 4096",
        ],
    );
}

#[test]
fn the_headers_scopes_come_before_cudas() {
    let Some(c) = clang() else { return };
    // clang: my::S { c at 0, v at 4 }, sizeof 8, align 4; my::T { c at 0, x at 4 }, sizeof 8.
    imports(
        &c,
        "namespace my { struct float4 { float a; }; struct S { char c; float4 v; };\n\
         typedef float int2; struct T { char c; int2 x; }; }\n",
        &["pub v: float4,", "pub type int2 = f32;", "pub x: int2,"],
        &["::ptx_abi::types::Float4", "::ptx_abi::types::Int2"],
    );
    // Outside the namespace, `float4` is CUDA's.
    imports(
        &c,
        "namespace my { struct float4 { float a; }; }\nstruct G { float4 v; };\n",
        &["pub v: ::ptx_abi::types::Float4,"],
        &[],
    );
}

#[test]
fn typedefs_named_like_rust_primitives_compile() {
    let Some(c) = clang() else { return };
    imports(
        &c,
        "typedef int i8; struct PS { signed char small; i8 big; };\n",
        &[
            "pub type i8 = i32;",
            "pub small: ::core::primitive::i8,",
            "pub big: i8,",
        ],
        &[],
    );
    imports(
        &c,
        "typedef struct TS { int a; } TS;\ntypedef unsigned int u32;\n\
         struct UsesU { u32 x; TS t; };\ntypedef struct Fwd Fwd;\nstruct Fwd { int q; };\n",
        &[
            "pub type u32 = ::core::primitive::u32;",
            "pub x: u32,",
            "pub struct TS {",
            "pub struct Fwd {",
        ],
        &["pub type u32 = u32;", "pub type TS", "pub type Fwd"],
    );
}

#[test]
fn colliding_names_are_made_unique() {
    let Some(c) = clang() else { return };
    imports(
        &c,
        "struct Foo { int a; }; struct FooImage { int b; };\n\
         struct Outer { struct Inner { int a; } in; }; struct Outer_Inner { int z; };\n\
         struct M { int self; int self_; };\n\
         struct AN { int anon1; union { int u; float f; }; };\n\
         struct BF { int _u1; int : 3; int y : 4; };\n",
        &[
            "#[ptx(c_name = \"FooImage\")]\npub struct FooImage_ {",
            "#[ptx(c_name = \"Inner\")]\npub struct Outer_Inner {",
            "#[ptx(c_name = \"Outer_Inner\")]\npub struct Outer_Inner_ {",
            "#[ptx(c_name = \"self\")]\n    pub self__: i32,\n    pub self_: i32,",
            "pub anon1: i32,",
            "pub anon1_: AN_anon1,",
            "pub _u1: i32,\n    pub _u1_: ::ptx_abi::Pad<i32, 3>,",
        ],
        &[],
    );
}

#[test]
fn qualified_pointers_are_pointers() {
    let Some(c) = clang() else { return };
    // clang: PT { p at 0, q at 8 }, sizeof 16, align 8.
    imports(
        &c,
        "struct PT { int* const p; float* __restrict__ q; };\n",
        &[
            "pub p: ::ptx_abi::DevicePtr<i32>,",
            "pub q: ::ptx_abi::DevicePtr<f32>,",
        ],
        &[],
    );
}

#[test]
fn refused_members_do_not_make_a_struct_empty() {
    let Some(c) = clang() else { return };
    let e = import(&c, "struct R { int& r; };\n").unwrap_err();
    assert!(e.contains("hostile.cuh:1: `R::r`"), "{e}");
    assert!(!e.contains("empty struct"), "{e}");
    // Nor is a struct holding it compared with clang's layout (its members are incomplete).
    let e = import(
        &c,
        "struct In { int& r; int a; };\nstruct Out { char c; struct In i; };\n",
    )
    .unwrap_err();
    assert!(e.contains("hostile.cuh:1: `In::r`"), "{e}");
    assert!(!e.contains("`Out`"), "{e}");
}

/// Bit-flag enums are imported open (their integer and constants), so that values C ORs
/// together decode; a count, or two flags alone, stays a Rust enum unless named open.
#[test]
fn bit_flag_enums_are_open_and_counts_are_not() {
    let Some(c) = clang() else { return };
    imports(
        &c,
        "enum Caps { CAP_NONE = 0, CAP_READ = 1, CAP_WRITE = 2, CAP_EXEC = 4, CAP_ALL = 7 };\n\
         enum Stage { S0, S1, S2, S3, S4 };\n\
         enum Shifted { LOW = 1 << 0, HIGH = 1 << 1 };\n\
         enum Pair { P_A = 1, P_B = 2, P_AB = 3, P_C = 4 };\n\
         struct Use { enum Caps caps; enum Stage stage; enum Shifted s; enum Pair p; };\n",
        &[
            "pub type Caps = i32;",
            "pub const CAP_ALL: Caps = 7;",
            "pub type Shifted = i32;",
            "pub caps: Caps,",
            "pub enum Stage {",
            "pub enum Pair {",
        ],
        &["pub enum Caps", "pub type Stage"],
    );
    // Named open: the enum becomes its integer, constants named through a scoped enum.
    let src = Importer::new()
        .clang(c.program())
        .strict(true)
        .header_text(
            "hostile.cuh",
            "enum class Mask : unsigned short { Read = 1, Write = 2 };\nenum Plain { X, Y };\n",
        )
        .open_enum("Mask")
        .generate()
        .unwrap()
        .source;
    assert!(src.contains("pub type Mask = u16;"), "{src}");
    assert!(src.contains("pub const Mask_Write: Mask = 2;"), "{src}");
    let e = Importer::new()
        .clang(c.program())
        .header_text("hostile.cuh", "struct Plain { int x; };\n")
        .open_enum("Plain")
        .generate()
        .unwrap_err()
        .to_string();
    assert!(e.contains("open_enum: `Plain` is not an enum"), "{e}");
}

/// A struct whose only base has a refused member is not an empty class: it holds the base,
/// and is left out with it (it once lost the base as an empty one).
#[test]
fn a_base_with_refused_members_is_not_empty() {
    let Some(c) = clang() else { return };
    let src = Importer::new()
        .clang(c.program())
        .header_text(
            "hostile.cuh",
            "struct Opaque { long double storage; };\nstruct Handle : Opaque {};\n\
             struct Tag {};\nstruct Tagged : Tag { int x; };\n",
        )
        .generate()
        .unwrap();
    let skipped: Vec<&str> = src.skipped.iter().map(|u| u.decl.as_str()).collect();
    assert_eq!(skipped, ["Opaque::storage", "Handle"], "{src:?}");
    assert!(
        src.source.contains("#[ptx(empty_class)]\npub struct Tag {"),
        "{}",
        src.source
    );
    assert!(!src.source.contains("pub struct Handle"), "{}", src.source);
}

/// An instantiation whose argument is a class declared inside a function (fmt's
/// `FMT_STRING` declares one per use) is left out with the reason: no code outside the
/// function, the checks included, can name it. One with a namespace-scope argument imports.
#[test]
fn an_instantiation_on_a_local_class_is_left_out() {
    let Some(c) = clang() else { return };
    let src = Importer::new()
        .clang(c.program())
        .header_text(
            "hostile.cuh",
            "template <class T> struct Trait { int v; };\n\
             inline void f() { struct Local { int a; }; Trait<Local> t; (void)t; }\n\
             auto g = [] { struct InLambda {}; return Trait<InLambda>{}; };\n\
             struct Keep { int x; };\nstruct UsesKeep { Trait<Keep> k; };\n",
        )
        .generate()
        .unwrap();
    let skipped: Vec<String> = src
        .skipped
        .iter()
        .map(|u| format!("{}: {}", u.decl, u.why))
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert!(
        skipped[0].starts_with(
            "Trait<Local>: its template argument `Local` is a class declared inside a function"
        ),
        "{skipped:?}"
    );
    assert!(skipped[1].starts_with("Trait<InLambda>:"), "{skipped:?}");
    assert!(
        src.source.contains("pub struct Trait_Keep {"),
        "{}",
        src.source
    );
}
