//! Chapter 6, end to end: C++ `__device__ __noinline__` functions (one per scalar type, several
//! vectors and a bit-field struct) compiled by NVRTC, and a PTX kernel `call_all` appended to
//! NVRTC's module that calls each through the sequence ptx-abi generates, by the name
//! ptx-abi mangles. Shared by `tests/params_ptxas/call.rs` (ptxas assembles it) and
//! `examples/cxx_launch.rs` (a GPU runs it and checks the values).

#![allow(dead_code)]

use ptx_abi::abi::itanium::{mangle, CxxType};
use ptx_abi::layout::desc::{Scalar, TypeDesc, TypeKind};
use ptx_abi::params::{call_prototype, call_sequence, Arg, Callee, Ret};
use ptx_abi::AddressSize;

/// A bit-field struct passed by value: `struct Bits { unsigned a : 3; int b : 7; short c; }`.
#[derive(ptx_abi::PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub struct Bits {
    #[ptx(bits = 3)]
    pub a: u32,
    #[ptx(bits = 7)]
    pub b: i32,
    pub c: i16,
}

/// One function to call: its C++ parameter type, how its body combines `a` and `b`.
pub struct Case {
    /// The C++ spelling.
    pub c_type: &'static str,
    pub ty: &'static TypeDesc,
    pub cxx: &'static CxxType,
    /// The function body, returning a `T` from `a` and `b`.
    pub body: &'static str,
}

fn case<T: ptx_abi::PtxAbi>(c_type: &'static str, body: &'static str) -> Case {
    Case {
        c_type,
        ty: T::TYPE,
        cxx: T::CXX,
        body,
    }
}

/// Every scalar, a range of vectors, the bit-field struct.
pub fn cases() -> Vec<Case> {
    use ptx_abi::types::*;
    vec![
        case::<bool>("bool", "return a != b;"),
        case::<i8>("signed char", "return a - b;"),
        case::<u8>("unsigned char", "return a + b;"),
        case::<i16>("short", "return a - b;"),
        case::<u16>("unsigned short", "return a * b;"),
        case::<i32>("int", "return a - b;"),
        case::<u32>("unsigned int", "return a * b;"),
        case::<i64>("long long", "return a - b;"),
        case::<u64>("unsigned long long", "return a * b;"),
        case::<f32>("float", "return a - b;"),
        case::<f64>("double", "return a * b;"),
        case::<Char2>("char2", "char2 r; r.x = a.x - b.x; r.y = a.y - b.y; return r;"),
        case::<UChar4>("uchar4", "uchar4 r; r.x = a.x + b.x; r.y = a.y + b.y; r.z = a.z + b.z; r.w = a.w + b.w; return r;"),
        case::<Short3>("short3", "short3 r; r.x = a.x - b.x; r.y = a.y - b.y; r.z = a.z - b.z; return r;"),
        case::<UShort2>("ushort2", "ushort2 r; r.x = a.x * b.x; r.y = a.y * b.y; return r;"),
        case::<Int4>("int4", "int4 r; r.x = a.x - b.x; r.y = a.y - b.y; r.z = a.z - b.z; r.w = a.w - b.w; return r;"),
        case::<UInt3>("uint3", "uint3 r; r.x = a.x * b.x; r.y = a.y * b.y; r.z = a.z * b.z; return r;"),
        case::<Float2>("float2", "float2 r; r.x = a.x - b.x; r.y = a.y - b.y; return r;"),
        case::<Float4>("float4", "float4 r; r.x = a.x - b.x; r.y = a.y - b.y; r.z = a.z - b.z; r.w = a.w - b.w; return r;"),
        case::<Double2>("double2", "double2 r; r.x = a.x * b.x; r.y = a.y * b.y; return r;"),
        case::<LongLong2>("longlong2", "longlong2 r; r.x = a.x - b.x; r.y = a.y - b.y; return r;"),
        case::<Bits>(
            "Bits",
            "Bits r; r.a = a.a + b.a; r.b = a.b - b.b; r.c = a.c * b.c; return r;",
        ),
    ]
}

/// The C++ name of case `i`'s function: `combine<i>`.
pub fn function_name(i: usize) -> &'static str {
    format!("combine{i}").leak()
}

/// The CUDA C++ source of the device functions (NVRTC, `-rdc=true`).
pub fn device_source() -> String {
    let mut src = String::from("struct Bits { unsigned a : 3; int b : 7; short c; };\n");
    for (i, c) in cases().iter().enumerate() {
        src.push_str(&format!(
            "__device__ __noinline__ {t} {f}({t} a, {t} b) {{ {body} }}\n",
            t = c.c_type,
            f = function_name(i),
            body = c.body
        ));
    }
    // Keep every function in the module (`-rdc=true` alone keeps them `.visible`).
    src
}

/// Byte offsets of case `i`'s operands in the input buffer and of its result in the output.
pub const fn slots(i: usize) -> (usize, usize, usize) {
    (32 * i, 32 * i + 16, 16 * i)
}

fn scalar_of(ty: &TypeDesc) -> Option<Scalar> {
    match ty.kind {
        TypeKind::Scalar(s) => Some(s),
        _ => None,
    }
}

/// `(register class, load/store type)` holding a scalar or a lane in PTX.
fn reg_class(s: Scalar) -> (&'static str, &'static str, &'static str) {
    // (prefix, .reg type, memory type)
    match s {
        Scalar::Bool | Scalar::U8 => ("%h", ".b16", ".u8"),
        Scalar::I8 => ("%h", ".b16", ".s8"),
        Scalar::I16 => ("%h", ".b16", ".s16"),
        Scalar::U16 => ("%h", ".b16", ".u16"),
        Scalar::I32 | Scalar::U32 => ("%r", ".b32", ".b32"),
        Scalar::F32 => ("%f", ".f32", ".f32"),
        Scalar::F64 => ("%fd", ".f64", ".f64"),
        _ => ("%rd", ".b64", ".b64"),
    }
}

/// NVRTC's PTX of [`device_source`] plus the kernel `call_all(in, out)`, which calls function
/// `i` with its first operand from registers (scalars, vector lanes) or memory (the bit-field
/// struct), its second from memory, and stores its result at `out + slots(i).2`. The last
/// case is called indirectly through a `.callprototype`.
pub fn module(nvrtc_ptx: &str) -> String {
    let mut body = String::new();
    let mut protos = String::new();
    let mut n = 0usize;
    let mut fresh = |p: &str| {
        n += 1;
        format!("{p}{n}")
    };
    let cases = cases();
    for (i, c) in cases.iter().enumerate() {
        let name = mangle(function_name(i), &[c.cxx, c.cxx]).unwrap();
        let (a, b, r) = slots(i);
        let pa = fresh("%rd");
        let pb = fresh("%rd");
        let pr = fresh("%rd");
        body.push_str(&format!(
            "\tadd.s64 \t{pa}, %rd_in, {a};\n\tadd.s64 \t{pb}, %rd_in, {b};\n\tadd.s64 \t{pr}, %rd_out, {r};\n"
        ));
        let params = [c.ty, c.ty];
        let seq;
        if let Some(s) = scalar_of(c.ty) {
            let (p, _, mem) = reg_class(s);
            let ra = fresh(p);
            body.push_str(&format!("\tld{mem} \t{ra}, [{pa}];\n"));
            // Sub-32-bit results come back in a `.b32` register.
            let rr = if s.size() < 4 { fresh("%r") } else { fresh(p) };
            seq = call_sequence(
                Callee::Direct(name.as_str()),
                &params,
                Some(c.ty),
                &[Arg::Reg(&ra), Arg::Memory(&pb)],
                Ret::Reg(&rr),
                AddressSize::A64,
            );
            body.push_str(&seq.unwrap());
            let st = match s.size() {
                1 => ".u8",
                2 => ".u16",
                _ => mem,
            };
            body.push_str(&format!("\tst{st} \t[{pr}], {rr};\n"));
        } else if let TypeKind::Vector { elem, lanes } = c.ty.kind {
            let (p, _, mem) = reg_class(elem);
            let la: Vec<String> = (0..lanes).map(|_| fresh(p)).collect();
            let lr: Vec<String> = (0..lanes).map(|_| fresh(p)).collect();
            for (k, l) in la.iter().enumerate() {
                body.push_str(&format!("\tld{mem} \t{l}, [{pa}+{}];\n", k * elem.size()));
            }
            let la_ref: Vec<&str> = la.iter().map(String::as_str).collect();
            let lr_ref: Vec<&str> = lr.iter().map(String::as_str).collect();
            seq = call_sequence(
                Callee::Direct(name.as_str()),
                &params,
                Some(c.ty),
                &[Arg::Lanes(&la_ref), Arg::Memory(&pb)],
                Ret::Lanes(&lr_ref),
                AddressSize::A64,
            );
            body.push_str(&seq.unwrap());
            for (k, l) in lr.iter().enumerate() {
                body.push_str(&format!("\tst{mem} \t[{pr}+{}], {l};\n", k * elem.size()));
            }
        } else {
            // The bit-field struct, called indirectly through its prototype.
            let proto = format!("proto{i}");
            protos
                .push_str(&call_prototype(&proto, &params, Some(c.ty), AddressSize::A64).unwrap());
            protos.push('\n');
            let f = fresh("%rd");
            body.push_str(&format!("\tmov.u64 \t{f}, {};\n", name.as_str()));
            seq = call_sequence(
                Callee::Indirect {
                    register: &f,
                    prototype: &proto,
                },
                &params,
                Some(c.ty),
                &[Arg::Memory(&pa), Arg::Memory(&pb)],
                Ret::Memory(&pr),
                AddressSize::A64,
            );
            body.push_str(&seq.unwrap());
        }
    }
    let regs = format!(
        "\t.reg .b16 %h<{n1}>;\n\t.reg .b32 %r<{n1}>;\n\t.reg .f32 %f<{n1}>;\n\t.reg .f64 %fd<{n1}>;\n\t.reg .b64 %rd<{n1}>;\n\t.reg .b64 %rd_in;\n\t.reg .b64 %rd_out;\n",
        n1 = n + 1
    );
    format!(
        "{nvrtc_ptx}\n\
         .visible .entry call_all(\n\t.param .u64 call_all_param_0,\n\t.param .u64 call_all_param_1\n)\n{{\n\
         {regs}{protos}\tld.param.u64 \t%rd_in, [call_all_param_0];\n\tld.param.u64 \t%rd_out, [call_all_param_1];\n\
         {body}\tret;\n}}\n"
    )
}

/// Operands and the expected result of each case, as PTX images, in [`cases`] order. The
/// expected values follow C++'s rules (promotion to `int`, then conversion back to the type,
/// modulo 2^N), computed here with Rust's wrapping arithmetic on values that never overflow
/// a signed `int`.
pub fn values() -> Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    use ptx_abi::types::*;
    use ptx_abi::*;
    fn v<T: PtxAbi>(a: T, b: T, r: T) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        (
            a.to_ptx_bytes().unwrap(),
            b.to_ptx_bytes().unwrap(),
            r.to_ptx_bytes().unwrap(),
        )
    }
    vec![
        v(true, false, true),
        v(-100i8, 50, (-150i32) as i8),
        v(200u8, 100, 44),
        v(-30000i16, 10000, (-40000i32) as i16),
        v(300u16, 300, (90000u32) as u16),
        v(-7i32, 1_000_000, -1_000_007),
        v(0x1_0001u32, 0x1_0001, 0x1_0001u32.wrapping_mul(0x1_0001)),
        v(-5i64, 7, -12),
        v(
            0x1_0000_0001u64,
            0xffff_ffff,
            0x1_0000_0001u64.wrapping_mul(0xffff_ffff),
        ),
        v(1.5f32, 0.25, 1.25),
        v(1.5f64, -2.0, -3.0),
        v(
            Char2::new([-100, 7]),
            Char2::new([50, -3]),
            Char2::new([(-150i32) as i8, 10]),
        ),
        v(
            UChar4::new([200, 1, 2, 255]),
            UChar4::new([100, 2, 3, 255]),
            UChar4::new([44, 3, 5, 254]),
        ),
        v(
            Short3::new([-30000, 5, 0]),
            Short3::new([10000, 6, -1]),
            Short3::new([(-40000i32) as i16, -1, 1]),
        ),
        v(
            UShort2::new([300, 7]),
            UShort2::new([300, 9]),
            UShort2::new([(90000u32) as u16, 63]),
        ),
        v(
            Int4::new([1, -2, 3, -4]),
            Int4::new([10, 20, -30, 40]),
            Int4::new([-9, -22, 33, -44]),
        ),
        v(
            UInt3::new([0x1_0001, 2, 3]),
            UInt3::new([0x1_0001, 5, 7]),
            UInt3::new([0x1_0001u32.wrapping_mul(0x1_0001), 10, 21]),
        ),
        v(
            Float2::new([1.0, 2.5]),
            Float2::new([0.5, 5.0]),
            Float2::new([0.5, -2.5]),
        ),
        v(
            Float4::new([1.0, 2.0, 3.0, 4.0]),
            Float4::new([0.5, 0.25, -1.0, 8.0]),
            Float4::new([0.5, 1.75, 4.0, -4.0]),
        ),
        v(
            Double2::new([1.5, -3.0]),
            Double2::new([2.0, 0.5]),
            Double2::new([3.0, -1.5]),
        ),
        v(
            LongLong2::new([i64::MIN + 10, 5]),
            LongLong2::new([3, -5]),
            LongLong2::new([i64::MIN + 7, 10]),
        ),
        v(
            Bits {
                a: 6,
                b: -60,
                c: 300,
            },
            Bits {
                a: 5,
                b: 10,
                c: 300,
            },
            // a: (6 + 5) mod 8; b: -70 in 7 bits is 58; c: 90000 as a short is 24464.
            Bits {
                a: 3,
                b: 58,
                c: (90000i32) as i16,
            },
        ),
    ]
}

/// The input and expected output buffers of `call_all`.
pub fn buffers() -> (Vec<u8>, Vec<u8>) {
    let vals = values();
    assert_eq!(vals.len(), cases().len());
    let mut input = vec![0u8; 32 * vals.len()];
    let mut expected = vec![0u8; 16 * vals.len()];
    for (i, (a, b, r)) in vals.iter().enumerate() {
        let (sa, sb, sr) = slots(i);
        input[sa..sa + a.len()].copy_from_slice(a);
        input[sb..sb + b.len()].copy_from_slice(b);
        expected[sr..sr + r.len()].copy_from_slice(r);
    }
    (input, expected)
}
