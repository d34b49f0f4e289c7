//! What the importer cannot express is an error naming the declaration and its line, never a
//! guess. Needs clang (skips without it; fails without it under `PTX_ABI_REQUIRE_ORACLE=1`).

mod common;

use ptx_abi_import::clang::Clang;
use ptx_abi_import::{ImportError, Importer};

fn clang() -> Option<Clang> {
    common::clang("ptx-abi-import error tests")
}

/// Imports `header` under `--strict`: anything that cannot be imported is an error.
fn import(header: &str) -> Result<String, ImportError> {
    let c = clang().expect("checked by the caller");
    Importer::new()
        .clang(c.program())
        .strict(true)
        .header_text("bad.cuh", header)
        .generate()
        .map(|i| i.source)
}

/// The error text of importing `header`, which must fail.
fn error(header: &str) -> String {
    match import(header) {
        Ok(src) => panic!("imported without error:\n{src}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn unsupported_declarations_are_errors_naming_file_line_and_declaration() {
    if clang().is_none() {
        return;
    }
    let cases: &[(&str, &str, &str)] = &[
        (
            "struct Shape {\n  virtual float area();\n  float w;\n};\n",
            "bad.cuh:2: `Shape`",
            "virtual functions",
        ),
        (
            "struct Buf {\n  int n;\n  float data[];\n};\n",
            "bad.cuh:3: `Buf::data`",
            "flexible array member",
        ),
        (
            "struct __attribute__((packed)) P {\n  unsigned six_bits : 6;\n  unsigned thirty_two_bits : 32;\n};\n",
            "bad.cuh:3: `P::thirty_two_bits`",
            "is packed (`#pragma pack` or `__attribute__((packed))`) and no `#[ptx(pack = N)]`",
        ),
        (
            "template <typename T> struct Box {\n  virtual void f();\n  T v;\n};\nstruct Holder {\n  Box<int> b;\n};\n",
            "bad.cuh:2: `Box<int>`",
            "virtual functions",
        ),
        (
            "struct Base { int a; };\nstruct Derived : virtual Base {\n  int b;\n};\n",
            "bad.cuh:2: `Derived`",
            "the virtual base class `Base`",
        ),
        (
            "struct Base { int a; };\nclass Derived : Base {\n public:\n  int b;\n};\n",
            "bad.cuh:2: `Derived`",
            "the private or protected base class `Base`",
        ),
        (
            "struct Base {\n  __host__ __device__ Base() {}\n  int a;\n  char c;\n};\n\
             struct Derived : Base {\n  char d;\n};\n",
            "`Derived::d`",
            "tail padding of base class `Base`",
        ),
        (
            "union Empty {};\n",
            "bad.cuh:1: `Empty`",
            "a union with no member",
        ),
        (
            "struct R {\n  int& r;\n};\n",
            "bad.cuh:2: `R::r`",
            "reference",
        ),
        (
            "union M {\n  char c;\n  __align__(16) int x;\n};\n",
            "bad.cuh:3: `M::x`",
            "alignment attribute in a union",
        ),
    ];
    for (header, place, why) in cases {
        let e = error(header);
        assert!(
            e.contains(place) && e.contains(why),
            "for\n{header}\nexpected `{place}` … `{why}` in:\n{e}"
        );
    }
}

/// Without `--strict`, what cannot be imported is reported and left out, with whatever holds
/// it by value; a pointer to it points to `void`; the rest of the header is imported (issue 30:
/// one function typedef no longer fails a whole SDK header). Under `--strict`, and for a type
/// named by `allow`, it is an error.
#[test]
fn what_cannot_be_imported_is_left_out_and_reported() {
    let Some(c) = clang() else {
        return;
    };
    let header = "typedef int Handler(float);\n\
                  struct Hooks {\n  virtual void run();\n  int n;\n};\n\
                  struct Holder {\n  Hooks h;\n};\n\
                  struct Options {\n  Hooks* hooks;\n  int level;\n};\n\
                  struct Plain { float x; };\n\
                  struct Args {\n  Holder* holder;\n  union { Holder* in_union; int tag; };\n};\n";
    let importer = || {
        Importer::new()
            .clang(c.program())
            .header_text("sdk.cuh", header)
    };
    let imported = importer().generate().expect("the rest imports");
    let skipped: Vec<String> = imported.skipped.iter().map(|u| u.to_string()).collect();
    assert_eq!(skipped.len(), 3, "{skipped:#?}");
    for (place, why) in [
        ("sdk.cuh:1: `Handler`", "unknown type `int (float)`"),
        ("sdk.cuh:3: `Hooks`", "virtual functions"),
        (
            "sdk.cuh:6: `Holder`",
            "holds `Hooks`, which is not imported",
        ),
    ] {
        assert!(
            skipped.iter().any(|s| s.contains(place) && s.contains(why)),
            "no `{place}` … `{why}` in {skipped:#?}"
        );
    }
    let src = &imported.source;
    for want in [
        "pub struct Plain {",
        "pub struct Options {",
        "pub hooks: ::ptx_abi::DevicePtr<::core::ffi::c_void>,",
        "`Hooks` is not imported, so this points to `void`",
        // Left out because it holds `Hooks`: pointers to it, in a record and in its
        // anonymous union, point to `void` too, never to a type that is not emitted.
        "pub holder: ::ptx_abi::DevicePtr<::core::ffi::c_void>,",
        "in_union(::ptx_abi::DevicePtr<::core::ffi::c_void>)",
    ] {
        assert!(src.contains(want), "missing `{want}` in:\n{src}");
    }
    for gone in [
        "struct Hooks",
        "struct Holder",
        "Handler",
        "DevicePtr<Holder>",
    ] {
        assert!(!src.contains(gone), "`{gone}` emitted:\n{src}");
    }
    let strict = importer().strict(true).generate().unwrap_err().to_string();
    assert!(
        strict.contains("`Handler`") && strict.contains("`Hooks`"),
        "{strict}"
    );
    let allowed = importer()
        .allow("Holder")
        .generate()
        .unwrap_err()
        .to_string();
    assert!(
        allowed.contains("`Holder`: holds `Hooks`") && allowed.contains("virtual functions"),
        "{allowed}"
    );
    // Nothing left to import is an error, not an empty file.
    let none = Importer::new()
        .clang(c.program())
        .header_text("fn.cuh", "typedef int Handler(float);\n")
        .generate()
        .unwrap_err()
        .to_string();
    assert!(none.contains("`Handler`"), "{none}");
}

/// Declared and never defined, `typedef struct Opaque Opaque_t;` is `void` to Rust (only ever
/// used through a pointer): no alias of a type that does not exist (issue 30: E0425).
#[test]
fn opaque_typedefs_are_void() {
    if clang().is_none() {
        return;
    }
    let src = import(
        "struct State;\ntypedef struct State State_t;\nstruct Args { State_t* s; int n; };\n",
    )
    .unwrap();
    for want in [
        "pub type State_t = ::core::ffi::c_void;",
        "pub s: ::ptx_abi::DevicePtr<State_t>,",
    ] {
        assert!(src.contains(want), "missing `{want}` in:\n{src}");
    }
}

/// A header clang cannot find is named with what to do: the include directory to add; a
/// standard header is read from the host's library where clang is zig, and otherwise the note
/// says how to get one (issue 30).
#[test]
fn a_missing_include_says_which_flag_to_add() {
    if clang().is_none() {
        return;
    }
    let e = error("#include \"proj/common.h\"\nstruct A { int x; };\n");
    assert!(
        e.contains("'proj/common.h' file not found") && e.contains("`-I DIR`"),
        "{e}"
    );
    // A standard header without a stand-in is read from the host's library (zig's).
    let src = import("#include <random>\nstruct A { int x; };\n").unwrap();
    assert!(src.contains("pub struct A"), "{src}");
    // A clang that is not zig brings no library the importer takes: the note says so.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let zig = clang().unwrap().program().to_path_buf();
        let dir = std::env::temp_dir().join(format!("ptx-abi-not-zig-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("clang");
        std::fs::write(
            &script,
            format!("#!/bin/sh\nexec '{}' clang \"$@\"\n", zig.display()),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let e = Importer::new()
            .clang(&script)
            .strict(true)
            .header_text("bad.cuh", "#include <random>\nstruct A { int x; };\n")
            .generate()
            .map(|i| i.source)
            .expect_err("no library to read <random> from");
        std::fs::remove_dir_all(&dir).unwrap();
        let e = e.to_string();
        assert!(
            e.contains("`<random>` is the C/C++ standard library's") && e.contains("not zig"),
            "{e}"
        );
    }
}

#[test]
fn clang_errors_are_reported_with_its_diagnostics() {
    if clang().is_none() {
        return;
    }
    let e = error("struct S { float f : 3; };\n");
    assert!(e.contains("bit-field") && e.contains("bad.cuh:1"), "{e}");
}

#[test]
fn what_is_expressible_is_imported() {
    if clang().is_none() {
        return;
    }
    let src = import(
        "namespace phys {\nenum class Kind : unsigned char { A = 1, B = 2, C = 2 };\n\
         struct __align__(16) P {\n  unsigned k : 3;\n  int : 0;\n  Kind kind;\n  float4 pos;\n  P* next;\n  void* any;\n  int type;\n  double m[2][3];\n};\n}\n",
    )
    .unwrap();
    for want in [
        "pub mod phys {",
        "#[repr(u8)]",
        "pub const C: Self = Self::B;",
        "#[ptx(align = 16)]",
        "#[ptx(bits = 3)] pub k: u32,",
        "pub _u1: ::ptx_abi::Pad<i32, 0>,",
        "pub pos: ::ptx_abi::types::Float4,",
        "pub next: ::ptx_abi::DevicePtr<P>,",
        "pub any: ::ptx_abi::DevicePtr<::core::ffi::c_void>,",
        "pub r#type: i32,",
        "pub m: [[f64; 3]; 2],",
    ] {
        assert!(src.contains(want), "missing `{want}` in:\n{src}");
    }
}

/// `alignas(0)` has no effect in C++ ([dcl.align]): no `#[ptx(align = 0)]`, which the derive
/// would refuse, and no refusal of the member (issue 30).
#[test]
fn alignas_zero_has_no_effect() {
    if clang().is_none() {
        return;
    }
    let src = import("struct alignas(0) Z {\n  alignas(0) int x;\n  float f;\n};\n").unwrap();
    assert!(
        src.contains("pub struct Z {") && src.contains("pub x: i32,"),
        "{src}"
    );
    assert!(!src.contains("align ="), "{src}");
}

/// A class template instantiation the header uses, as a member or through a typedef, is a
/// struct of its own named after it; the template itself is not imported (issue 30).
#[test]
fn template_instantiations_are_structs() {
    if clang().is_none() {
        return;
    }
    let src = import(
        "namespace n {\ntemplate <typename T, int N> struct Box {\n  T v[N];\n};\n}\n\
         struct Holder {\n  n::Box<int, 2> b;\n};\ntypedef n::Box<float, 3> Boxf;\n",
    )
    .unwrap();
    for want in [
        "pub struct Box_int_2 {",
        "pub v: [i32; 2],",
        "pub b: n::Box_int_2,",
        "pub type Boxf = n::Box_float_3;",
        "pub v: [f32; 3],",
        "n::Box<int, 2>",
    ] {
        assert!(src.contains(want), "missing `{want}` in:\n{src}");
    }
    assert!(!src.contains("pub struct Box {"), "{src}");
}

/// C's `typedef struct S {…} S;` and `typedef struct S S;` name the struct itself: imported
/// once, as the struct, with no `type S = S;` beside it (issue 23; the NVRTC check of the same
/// idiom is `ptx-abi-import/checks/headers/real_c_typedefs.cuh`).
#[test]
fn typedefs_naming_their_own_tag_are_the_tag() {
    if clang().is_none() {
        return;
    }
    let src = import(
        "typedef struct S { int x; } S;
typedef struct U U;
typedef enum E { A, B } E;
         struct U { S s; E e; U* next; };
namespace n { typedef struct V { float f; } V; }
",
    )
    .unwrap();
    for name in ["S", "U", "E", "V"] {
        assert!(
            !src.contains(&format!("pub type {name} =")),
            "`{name}` imported as an alias of itself:\n{src}"
        );
    }
    for want in [
        "pub struct S {",
        "pub struct U {",
        "pub enum E {",
        "pub struct V {",
        "pub s: S,",
    ] {
        assert!(src.contains(want), "missing `{want}` in:\n{src}");
    }
}

/// A GNU `aligned` attribute after the closing brace (issue 30): nvcc applies it, NVRTC drops
/// it. Imported for nvcc (the default) the struct, and a struct holding it, are nvcc's layout,
/// checked by nvcc; imported for NVRTC the attribute is left out, as NVRTC leaves it, and
/// clang's layout is compared as for any struct. A trailing `aligned` without a number is
/// refused with the reason.
#[test]
fn an_alignment_after_the_closing_brace_follows_the_chosen_compiler() {
    let Some(c) = clang() else { return };
    let header = "#define SUFFIX(n) __attribute__((aligned(n)))\n\
                  struct Node { float lo; int child; } SUFFIX(16);\n\
                  struct Holder { char tag; Node node; };\n\
                  struct Plain { int x; };\n";
    let import = |compiler| {
        Importer::new()
            .clang(c.program())
            .strict(true)
            .compiler(compiler)
            .header_text("suffix.cuh", header)
            .checks("\"\"")
            .generate()
            .unwrap_or_else(|e| panic!("{e}"))
            .source
    };
    let nvcc = import(ptx_abi_import::Compiler::Nvcc);
    assert!(
        nvcc.contains("#[ptx(align = 16)]\npub struct Node"),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("assert_matches_nvcc_with::<super::Node>"),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("assert_matches_nvcc_with::<super::Holder>"),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("assert_matches_with::<super::Plain>"),
        "{nvcc}"
    );
    assert!(nvcc.contains("#1866-D"), "{nvcc}");
    let nvrtc = import(ptx_abi_import::Compiler::Nvrtc);
    assert!(!nvrtc.contains("#[ptx(align"), "{nvrtc}");
    assert!(!nvrtc.contains("assert_matches_nvcc_with"), "{nvrtc}");
    let e = error("struct Bare { int x; } __attribute__((aligned));\n");
    assert!(
        e.contains("`Bare`") && e.contains("after its closing brace"),
        "{e}"
    );
}

/// GNU `packed` after the closing brace: nvcc packs the struct (5/1 for `{ char c; int x; }`),
/// NVRTC drops the attribute (8/4, #1866-D), and clang's record layout does not show it. An
/// nvcc import gives `#[ptx(pack = 1)]` and nvcc's checks; an NVRTC import the plain struct;
/// bit-fields core cannot place packed are refused, never emitted to fail the derive.
#[test]
fn packed_after_the_closing_brace_follows_the_chosen_compiler() {
    let Some(c) = clang() else { return };
    let header = "struct Wire { char c; int x; } __attribute__((packed));\n\
                  struct Holder { char tag; Wire wire; };\n";
    let import = |compiler, header: &str| {
        Importer::new()
            .clang(c.program())
            .compiler(compiler)
            .header_text("packed.cuh", header)
            .checks("\"\"")
            .generate()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let nvcc = import(ptx_abi_import::Compiler::Nvcc, header).source;
    assert!(nvcc.contains("#[ptx(pack = 1)]\npub struct Wire"), "{nvcc}");
    assert!(
        nvcc.contains("packed by an attribute nvcc applies"),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("assert_matches_nvcc_with::<super::Holder>"),
        "{nvcc}"
    );
    let nvrtc = import(ptx_abi_import::Compiler::Nvrtc, header).source;
    assert!(!nvrtc.contains("#[ptx(pack"), "{nvrtc}");
    let e = error("struct Flags { char c; unsigned a : 3; } __attribute__((packed));\n");
    assert!(
        e.contains("`Flags") && e.contains("#[ptx(pack = 1)]"),
        "{e}"
    );
}

/// A member aligned above its struct's `#pragma pack(2)`: with the keyword, nvcc and NVRTC
/// keep its alignment (`alignas(8) unsigned stamp`: 16/8) where clang caps it, so the import
/// keeps it and NVRTC checks it; with GNU's `aligned`, nvcc keeps it and NVRTC caps it at the
/// packing (8/2; `aligned(4)` on a `char` beside a `double`: 12/2, `tag` at 2), so an nvcc
/// import keeps it with nvcc's checks and an NVRTC import caps it (NVRTC 12.9's figures).
#[test]
fn a_member_aligned_above_its_packing_follows_the_chosen_compiler() {
    let Some(c) = clang() else { return };
    let header = "#pragma pack(push, 2)\n\
                  struct Keyed { unsigned char kind; alignas(8) unsigned stamp; unsigned short len; };\n\
                  struct Stamp { unsigned char kind; __attribute__((aligned(8))) unsigned stamp; unsigned short len; };\n\
                  struct Narrow { unsigned char kind; __attribute__((aligned(4))) unsigned char tag; double d; };\n\
                  #pragma pack(pop)\n\
                  struct Holder { char c; Stamp s; Keyed k; };\n";
    let import = |compiler| {
        Importer::new()
            .clang(c.program())
            .strict(true)
            .compiler(compiler)
            .header_text("stamp.cuh", header)
            .checks("\"\"")
            .generate()
            .unwrap_or_else(|e| panic!("{e}"))
            .source
    };
    let nvcc = import(ptx_abi_import::Compiler::Nvcc);
    for (ty, checked_by) in [
        ("Keyed", "assert_matches_with"),
        ("Stamp", "assert_matches_nvcc_with"),
        ("Narrow", "assert_matches_nvcc_with"),
        ("Holder", "assert_matches_nvcc_with"),
    ] {
        assert!(
            nvcc.contains(&format!("{checked_by}::<super::{ty}>")),
            "{ty}: {nvcc}"
        );
    }
    assert!(nvcc.contains("#[ptx(align = 8)] pub stamp: u32,"), "{nvcc}");
    assert!(nvcc.contains("#[ptx(align = 4)] pub tag: u8,"), "{nvcc}");
    assert!(
        nvcc.contains("`stamp` is `alignas(8)` above `#pragma pack(2)`"),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("`stamp` is aligned by GNU's `aligned` above the struct's `#pragma pack`"),
        "{nvcc}"
    );
    let nvrtc = import(ptx_abi_import::Compiler::Nvrtc);
    assert!(!nvrtc.contains("assert_matches_nvcc_with"), "{nvrtc}");
    // `Keyed` keeps its `stamp` at 8; `Stamp`'s is capped: its type is aligned to 4 already,
    // more than the packing, so no attribute; `Narrow`'s `char` is raised to the packing.
    assert_eq!(
        nvrtc.matches("#[ptx(align = 8)] pub stamp: u32,").count(),
        1,
        "{nvrtc}"
    );
    assert!(nvrtc.contains("#[ptx(align = 2)] pub tag: u8,"), "{nvrtc}");
    assert!(nvrtc.contains("NVRTC aligns it to 2"), "{nvrtc}");
}

/// GNU's `packed` does not pack a member of a class type that is not a POD (a constructor, a
/// private member), nor an array of one, in nvcc's device pass (warning #2262-D: `Fixed` at 2,
/// 4/2; the array at 2; `Plain`, a POD, packed: 3/1, nvcc 13.5's figures), where NVRTC packs
/// them: an nvcc import keeps them aligned and checks by nvcc, an NVRTC import leaves the
/// struct out, naming the member.
#[test]
fn gnu_packed_leaves_a_class_that_is_not_a_pod_aligned_as_nvcc_does() {
    let Some(c) = clang() else { return };
    let header = "struct Fixed { Fixed() {} short v; };\n\
                  struct Hidden { short get() const { return v; } private: short v; };\n\
                  struct Plain { short v; };\n\
                  struct __attribute__((packed)) One { char k; Fixed f; };\n\
                  struct __attribute__((packed)) Many { char k; Hidden h[2]; int x; };\n\
                  struct __attribute__((packed)) Pod { char k; Plain p; };\n\
                  #pragma pack(push, 1)\n\
                  struct Pragma { char k; Fixed f; };\n\
                  #pragma pack(pop)\n";
    let import = |compiler| {
        Importer::new()
            .clang(c.program())
            .compiler(compiler)
            .header_text("pod.cuh", header)
            .checks("\"\"")
            .generate()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let nvcc = import(ptx_abi_import::Compiler::Nvcc).source;
    assert!(nvcc.contains("#[ptx(align = 2)] pub f: Fixed,"), "{nvcc}");
    assert!(
        nvcc.contains("#[ptx(align = 2)] pub h: [Hidden; 2],"),
        "{nvcc}"
    );
    for (ty, checked_by) in [
        ("One", "assert_matches_nvcc_with"),
        ("Many", "assert_matches_nvcc_with"),
        ("Pod", "assert_matches_with"),
        ("Pragma", "assert_matches_with"),
    ] {
        assert!(
            nvcc.contains(&format!("{checked_by}::<super::{ty}>")),
            "{ty}: {nvcc}"
        );
    }
    assert!(nvcc.contains("warning #2262-D"), "{nvcc}");
    let nvrtc = import(ptx_abi_import::Compiler::Nvrtc);
    assert!(!nvrtc.source.contains("pub struct One"), "{}", nvrtc.source);
    assert!(
        !nvrtc.source.contains("pub struct Many"),
        "{}",
        nvrtc.source
    );
    assert!(
        nvrtc.source.contains("pub struct Pragma"),
        "{}",
        nvrtc.source
    );
    let why = nvrtc
        .skipped
        .iter()
        .map(|u| u.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        why.contains("`Many`") && why.contains("member `h`") && why.contains("#pragma pack(1)"),
        "{why}"
    );
}

/// `alignas(T)` on a member in a packed struct: the importer finds a packing or a member's
/// alignment from clang's layout, not both, and says so.
#[test]
fn an_alignment_without_a_number_in_a_packed_struct_is_refused_with_the_reason() {
    if clang().is_none() {
        return;
    }
    let e = error(
        "#pragma pack(push, 2)\nstruct P { char c; alignas(double) char d; };\n#pragma pack(pop)\n",
    );
    assert!(
        e.contains("`P`")
            && e.contains("`d` has an alignment attribute without a number")
            && e.contains("packed as well"),
        "{e}"
    );
}

/// A first member of an empty base's type lies at offset 1 (Itanium C++ ABI: two subobjects
/// of one type have different addresses; nvcc 13.5: `WithEmpty` 8/4, `e` at 1, `x` at 4): the
/// reason says so, not a layout attribute; after another member it shares nothing.
#[test]
fn a_first_member_of_an_empty_bases_type_is_refused_naming_the_rule() {
    if clang().is_none() {
        return;
    }
    let e = error("struct Empty {};\nstruct WithEmpty : Empty { Empty e; int x; };\n");
    assert!(
        e.contains("`WithEmpty::e`")
            && e.contains("two subobjects of one type")
            && !e.contains("layout attribute"),
        "{e}"
    );
    import("struct Empty {};\nstruct Fine : Empty { int x; Empty e; };\n").unwrap();
    // A private empty base (a tag class) has no members to hide: left out as any empty base.
    let q = import("struct Tag {};\nclass Q : private Tag {\n public:\n  int c;\n};\n").unwrap();
    assert!(q.contains("pub struct Q {\n    pub c: i32,"), "{q}");
}

/// Two alignment specifiers on a struct, the strictest first: nvcc 13.5's device pass takes
/// the last (`alignas(16) alignas(4)`: 4/4), NVRTC 12.9 the strictest (16/16); in order, both
/// agree. An nvcc import follows nvcc and checks by nvcc, an NVRTC import follows NVRTC.
#[test]
fn two_alignment_specifiers_follow_the_chosen_compiler() {
    let Some(c) = clang() else { return };
    let header = "struct alignas(16) alignas(4) Two { short s; };\n\
                  struct alignas(4) alignas(16) Ordered { short s; };\n";
    let import = |compiler| {
        Importer::new()
            .clang(c.program())
            .strict(true)
            .compiler(compiler)
            .header_text("two.cuh", header)
            .checks("\"\"")
            .generate()
            .unwrap_or_else(|e| panic!("{e}"))
            .source
    };
    let nvcc = import(ptx_abi_import::Compiler::Nvcc);
    assert!(
        nvcc.contains("#[ptx(align = 4)]\npub struct Two "),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("assert_matches_nvcc_with::<super::Two>"),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("#[ptx(align = 16)]\npub struct Ordered "),
        "{nvcc}"
    );
    assert!(
        nvcc.contains("assert_matches_with::<super::Ordered>"),
        "{nvcc}"
    );
    let nvrtc = import(ptx_abi_import::Compiler::Nvrtc);
    assert!(
        nvrtc.contains("#[ptx(align = 16)]\npub struct Two "),
        "{nvrtc}"
    );
    assert!(!nvrtc.contains("assert_matches_nvcc_with"), "{nvrtc}");
}

/// Members in a base's tail padding, the base not a POD (a constructor; the recursive tuple's
/// base of a base): the reason is the tail padding, without the layout attributes the header
/// does not use.
#[test]
fn tail_padding_of_a_base_that_is_not_a_pod_is_the_reason() {
    if clang().is_none() {
        return;
    }
    let e = error(
        "struct Base {\n  __host__ __device__ Base() {}\n  int a;\n  char c;\n};\n\
         struct Derived : Base {\n  char d;\n};\n",
    );
    assert!(
        e.contains("`Derived::d`")
            && e.contains(
                ": C++ placed members in the tail padding of base class `Base`, which is not a POD"
            )
            && !e.contains("layout attribute"),
        "{e}"
    );
}

/// Instantiations spelled with default template arguments left out (`Buf<float>` for
/// `Buf<float, 4, true, Scope::device>`), as clang spells them, are the same types as the
/// instantiations clang lays out: defaults of type, integer, `bool` and enumerator arguments.
#[test]
fn template_instantiations_with_default_arguments_are_imported() {
    let Some(c) = clang() else { return };
    let header = "namespace q { enum Scope { system, device }; }\n\
                  template <class T = float, unsigned N = 4u, bool Pad = true,\n\
                            q::Scope S = q::system> struct Buf { T v[N]; };\n\
                  struct Uses { Buf<> a; Buf<int> b; Buf<int, 2> c; Buf<int, 4, false> d;\n\
                                Buf<int, 4, true, q::device> e; };\n";
    let src = Importer::new()
        .clang(c.program())
        .strict(true)
        .header_text("defaults.cuh", header)
        .generate()
        .unwrap_or_else(|e| panic!("{e}"))
        .source;
    for (member, ty) in [
        ("a", "Buf"),
        ("b", "Buf_int"),
        ("c", "Buf_int_2"),
        ("d", "Buf_int_4_false"),
        ("e", "Buf_int_4_true_q_device"),
    ] {
        assert!(
            src.contains(&format!("pub {member}: {ty},")),
            "{member}: {src}"
        );
    }
    assert!(src.contains("pub v: [i32; 2],"), "{src}");
}

/// A header that tests the compiler's macro is read as that compiler reads it: `__NVCC__` for
/// an nvcc import (the default), `__CUDACC_RTC__` for an NVRTC one.
#[test]
fn the_compiler_s_macro_chooses_the_branch() {
    let Some(c) = clang() else { return };
    let header = "#ifdef __NVCC__\nstruct S { double a; };\n#elif defined(__CUDACC_RTC__)\n\
                  struct S { short a; };\n#else\nstruct S { int a; };\n#endif\n";
    let import = |compiler| {
        Importer::new()
            .clang(c.program())
            .strict(true)
            .compiler(compiler)
            .header_text("branch.cuh", header)
            .generate()
            .unwrap_or_else(|e| panic!("{e}"))
            .source
    };
    assert!(import(ptx_abi_import::Compiler::Nvcc).contains("pub a: f64,"));
    assert!(import(ptx_abi_import::Compiler::Nvrtc).contains("pub a: i16,"));
}

/// An array of a `std::` integer (`std::uint32_t lanes[8]`, a using-declaration of C's type
/// that clang leaves undesugared in an array's element type) is the array of that integer.
#[test]
fn arrays_of_std_integers_are_imported() {
    let Some(c) = clang() else { return };
    let src = Importer::new()
        .clang(c.program())
        .strict(true)
        .header_text(
            "lanes.cuh",
            "#include <cstdint>\nstruct Lanes { std::uint32_t ids[8]; std::int64_t sum; };\n",
        )
        .generate()
        .unwrap_or_else(|e| panic!("{e}"))
        .source;
    assert!(src.contains("pub ids: [u32; 8],"), "{src}");
    assert!(src.contains("pub sum: i64,"), "{src}");
}

/// A macro defined as a `#pragma` in a header's nvcc branch (nvcc preprocesses first, so its
/// expansion is a directive) is read as nvcc reads it, `_Pragma`, and the import names the
/// header's own file and lines; a `#` that is not such a macro stays clang's error (issue 30).
#[test]
fn a_macro_defined_as_a_pragma_is_read_as_nvcc_reads_it() {
    if clang().is_none() {
        return;
    }
    let src = import(
        "#define UNROLL #pragma unroll\n\
         struct Tile { float v[4]; int n; };\n\
         __device__ inline float sum(const Tile& t) {\n  float s = 0;\n  UNROLL\n  \
         for (int i = 0; i < 4; ++i) s += t.v[i];\n  return s;\n}\n",
    )
    .unwrap();
    assert!(src.contains("pub struct Tile"), "{src}");
    assert!(src.contains("bad.cuh:2"), "the struct's own line:\n{src}");
    let e = error(
        "#define STRAY(x) x #\nstruct T { int a; };\n__device__ inline void f() { STRAY(1); }\n",
    );
    assert!(e.contains("bad.cuh:3"), "{e}");
}

/// C's and C++'s builtin types that are not §1.1's fundamental types are refused with what
/// they are and what to write instead, not as unknown.
#[test]
fn builtin_types_without_a_ptx_counterpart_say_what_to_write() {
    let Some(c) = clang() else {
        return;
    };
    let header = "struct Acc { __int128 sum; int n; };\n\
                  struct Ext { long double x; };\n\
                  struct Null { decltype(nullptr) p; };\n";
    let imported = Importer::new()
        .clang(c.program())
        .header_text("wide.cuh", header)
        .generate();
    let skipped: Vec<String> = match imported {
        Ok(i) => i.skipped.iter().map(|u| u.to_string()).collect(),
        Err(e) => vec![e.to_string()],
    };
    for (member, why) in [
        ("`Acc::sum`", "two 64-bit integers"),
        ("`Ext::x`", "use `double`"),
        ("`Null::p`", "hold a pointer"),
    ] {
        assert!(
            skipped
                .iter()
                .any(|s| s.contains(member) && s.contains(why)),
            "no {member} … `{why}` in {skipped:#?}"
        );
    }
}
