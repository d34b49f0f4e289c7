//! Issue 23, the derive's corners: inputs at the edge of what C and Rust allow each answer
//! right or are refused clearly. Zero-length arrays (NVRTC refuses them; the compile errors
//! are in ptx-abi-derive/tests/ui/arrays/), raw identifiers (their C name has no `r#`), and
//! types nested 100 deep. Expected layouts are the guide's §1.2 rules worked by hand, and NVRTC compiles each
//! generated header, whose `static_assert`s pin every size, alignment and offset.

use crate::common;

use ptx_abi::{cuda_header, PtxAbi};

/// NVRTC refuses a zero-length array member, which is why `[T; 0]` has no layout.
#[test]
fn nvrtc_refuses_zero_length_arrays() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let src = "struct Z { unsigned char a; unsigned int b[0]; unsigned char c; };\n\
               extern \"C\" __global__ void k(Z z) {}\n";
    let err = nvrtc
        .compile(src, &["--gpu-architecture=compute_90"])
        .expect_err("NVRTC accepted a zero-length array");
    assert!(
        err.log
            .contains("the size of an array must be greater than zero"),
        "{}",
        err.log
    );
}

/// `D0` is `{ unsigned long long x; }`; `D<i>` is `{ unsigned char tag; D<i-1> inner; }`.
macro_rules! chain {
    ($prev:ident $next:ident $($rest:ident)*) => {
        #[derive(PtxAbi, Clone, Copy)]
        struct $next {
            tag: u8,
            inner: $prev,
        }
        chain!($next $($rest)*);
    };
    ($last:ident) => {};
}

#[derive(PtxAbi, Clone, Copy)]
struct D0 {
    x: u64,
}

chain!(D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 D13 D14 D15 D16 D17 D18 D19 D20 D21 D22 D23
    D24 D25 D26 D27 D28 D29 D30 D31 D32 D33 D34 D35 D36 D37 D38 D39 D40 D41 D42 D43 D44 D45
    D46 D47 D48 D49 D50 D51 D52 D53 D54 D55 D56 D57 D58 D59 D60 D61 D62 D63 D64 D65 D66 D67
    D68 D69 D70 D71 D72 D73 D74 D75 D76 D77 D78 D79 D80 D81 D82 D83 D84 D85 D86 D87 D88 D89
    D90 D91 D92 D93 D94 D95 D96 D97 D98 D99 D100);

/// `E<i>` (even) is `{ unsigned char tag; O<i-1> inner[1]; }`, `O<i>` (odd) is
/// `union { E<i-1> A; unsigned short B; }`: nesting through arrays and unions.
macro_rules! mixed {
    ($e:ident $o:ident $($rest:ident)*) => {
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(union)]
        #[allow(dead_code)] // only the layout matters
        enum $o {
            A($e),
            B(u16),
        }
        mixed!(@even $o $($rest)*);
    };
    (@even $o:ident $e:ident $($rest:ident)*) => {
        #[derive(PtxAbi, Clone, Copy)]
        struct $e {
            tag: u8,
            inner: [$o; 1],
        }
        mixed!($e $($rest)*);
    };
    (@even $o:ident) => {};
    ($e:ident) => {};
}

#[derive(PtxAbi, Clone, Copy)]
struct E0 {
    x: u32,
}

mixed!(E0 O1 E2 O3 E4 O5 E6 O7 E8 O9 E10 O11 E12 O13 E14 O15 E16 O17 E18 O19 E20 O21 E22 O23
    E24 O25 E26 O27 E28 O29 E30 O31 E32 O33 E34 O35 E36 O37 E38 O39 E40 O41 E42 O43 E44 O45
    E46 O47 E48 O49 E50 O51 E52 O53 E54 O55 E56 O57 E58 O59 E60 O61 E62 O63 E64);

/// §1.2: every level is aligned to 8 (its strictest member, `x`), `tag` takes a whole 8-byte
/// slot before `inner`, so `D<i>` is 8 × (i + 1) bytes. Nested 100 deep, laid out at compile
/// time (32 levels used to exhaust const evaluation's stack frames).
#[test]
fn a_struct_nested_100_deep_has_its_layout() {
    assert_eq!((D100::SIZE, D100::ALIGN), (808, 8));
    assert_eq!((D64::SIZE, D64::ALIGN), (520, 8));
    assert_eq!(D100::TYPE.members()[1].ty.name, "D99");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(
        &nvrtc,
        &format!(
            "{}\nextern \"C\" __global__ void k(D100 d) {{}}\n",
            cuda_header(&[D100::TYPE]).unwrap()
        ),
    );
}

/// §1.2 by hand: `E0` is 4 bytes aligned 4; a union of `E<i-1>` and a `u16` is as large and
/// aligned as `E<i-1>`; `E<i>` puts `tag` in a 4-byte slot before a one-element array of
/// that union, so each even level adds 4 bytes: `E<2k>` is 4 × (k + 1) bytes.
#[test]
fn nesting_through_arrays_and_unions_64_deep_has_its_layout() {
    assert_eq!((E64::SIZE, E64::ALIGN), (132, 4));
    assert_eq!((O63::SIZE, O63::ALIGN), (128, 4));
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(
        &nvrtc,
        &format!(
            "{}\nextern \"C\" __global__ void k(E64 e) {{}}\n",
            cuda_header(&[E64::TYPE]).unwrap()
        ),
    );
}

/// Raw identifiers are Rust syntax, not part of the name: C knows `struct r#type` as `type`,
/// and the header applies its keyword rule to what is left (`r#struct` is C's `struct_`).
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(accessors)]
#[allow(non_camel_case_types)]
struct r#type {
    r#struct: u32,
    r#match: u8,
    r#in: Kind,
    r#ref: Value,
}

/// C: `enum class Kind : unsigned char { for_ = 1, loop = 2 };`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
#[allow(non_camel_case_types)]
enum Kind {
    r#for = 1,
    r#loop = 2,
}

/// C: `union Value { unsigned int type; float f; };` (the importer writes `r#type` for a C
/// union member named `type`).
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(union, accessors)]
#[allow(non_camel_case_types)]
enum Value {
    r#type(u32),
    f(f32),
}

#[test]
fn raw_identifiers_are_plain_c_names() {
    let h = cuda_header(&[r#type::TYPE]).unwrap();
    for decl in [
        "struct type {",
        "unsigned int struct_;",
        "unsigned char match;",
        "Kind in;",
        "Value ref;",
        "union Value {",
        "unsigned int type;",
        "for_ = 1,",
        "loop = 2,",
    ] {
        assert!(h.contains(decl), "{decl:?} missing:\n{h}");
    }
    assert!(!h.contains("r#"), "{h}");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(
        &nvrtc,
        &format!("{h}\nextern \"C\" __global__ void k(type t) {{}}\n"),
    );
}

/// `#[ptx(accessors)]` names a raw variant's accessors without `r#` (`as_type`, `set_type`)
/// and a raw field's getter by the field itself (`r#struct()`, setter `set_struct`).
#[test]
fn accessors_of_raw_identifiers() {
    let mut v = ptx_abi::codec::PtxImage::zeroed();
    let _: &ValueImage = &v;
    v.set_type(0x4049_0fdb).unwrap();
    assert_eq!(v.as_type().unwrap(), 0x4049_0fdb);
    assert_eq!(v.as_f().unwrap(), f32::from_bits(0x4049_0fdb));
    v.set_f(1.5).unwrap();
    assert_eq!(v.as_type().unwrap(), 1.5f32.to_bits());
    let mut t: typeImage = ptx_abi::codec::PtxImage::zeroed();
    t.set_struct(7).unwrap();
    t.set_in(Kind::r#loop).unwrap();
    assert_eq!(
        (t.r#struct().unwrap(), t.r#in().unwrap()),
        (7, Kind::r#loop)
    );
}

/// Field types given to a `macro_rules!` as `$t:ty` (their tokens from the macro's caller)
/// encode and decode like any other.
macro_rules! pair {
    ($name:ident, $a:ty, $b:ty) => {
        #[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
        struct $name {
            a: $a,
            #[ptx(bits = 3)]
            b: $b,
        }
    };
}

pair!(Pair, u16, u8);

#[test]
fn types_from_macro_arguments_round_trip() {
    let p = Pair { a: 0x1234, b: 5 };
    let bytes = p.to_ptx_bytes().unwrap();
    assert_eq!(bytes, [0x34, 0x12, 5, 0]);
    assert_eq!(Pair::from_ptx_bytes(&bytes).unwrap(), p);
}
