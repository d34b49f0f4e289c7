//! CUDA C++ for NVRTC (`-std=c++20`, no headers): definitions, initializers and probes; and
//! the same in C++17 for NVRTC 11.8 ([`cuda17_source`]).
//!
//! Spellings: `signed char` and `long long` (never plain `char` or `long`), `char*` for
//! pointers, the built-in vector types (`char1..4` ... `double1..2`), `enum class E : T` for
//! enums. Unions are initialised with a designated initializer through an ordinary member
//! (NVRTC fails internally when a union is initialised through a bit-field).

use std::fmt::Write;

use super::model::{Aggregate, Case, Kind, Member, Scalar, Ty, Value};

/// The C declaration of `name` with type `ty`: `int m3[2][3]`, `char* m4`, `float4 m5`.
pub fn cuda_decl(case: &Case, ty: &Ty, name: &str) -> String {
    let mut base = ty;
    let mut dims = String::new();
    while let Ty::Array { elem, len } = base {
        write!(dims, "[{len}]").unwrap();
        base = elem;
    }
    let base = match base {
        Ty::Scalar(s) => s.cuda_name().to_string(),
        Ty::Pointer => "char*".to_string(),
        Ty::Vector { elem, lanes } => {
            format!("{}{lanes}", elem.vector_stem().expect("no bool vectors").0)
        }
        Ty::Named(i) => case.aggregates[*i].name.clone(),
        Ty::Enum(i) => case.enums[*i].name.clone(),
        Ty::Array { .. } => unreachable!(),
    };
    format!("{base} {name}{dims}")
}

/// The definition of one aggregate, e.g.
/// `struct __align__(16) T_x { signed char m0; unsigned int m1 : 20; long long : 0; };`
pub fn cuda_aggregate(case: &Case, agg: &Aggregate) -> String {
    let kw = match agg.kind {
        Kind::Struct => "struct",
        Kind::Union => "union",
    };
    let mut s = String::from(kw);
    if let Some(n) = agg.align {
        write!(s, " __align__({n})").unwrap();
    }
    writeln!(s, " {} {{", agg.name).unwrap();
    for m in &agg.members {
        match m {
            Member::Field { name, ty } => writeln!(s, "    {};", cuda_decl(case, ty, name)),
            Member::BitField { name, ty, width } => {
                writeln!(s, "    {} {name} : {width};", ty.cuda_name())
            }
            Member::Unnamed { ty, width } => writeln!(s, "    {} : {width};", ty.cuda_name()),
        }
        .unwrap();
    }
    s.push_str("};\n");
    s
}

/// Every enum and aggregate of the case, dependencies first.
pub fn cuda_defs(case: &Case) -> String {
    let mut s = String::new();
    for e in &case.enums {
        let variants: Vec<String> = e
            .variants
            .iter()
            .map(|(n, d)| format!("{n} = {}", cuda_int(e.repr, *d)))
            .collect();
        writeln!(
            s,
            "enum class {} : {} {{ {} }};",
            e.name,
            e.repr.cuda_name(),
            variants.join(", ")
        )
        .unwrap();
    }
    for agg in &case.aggregates {
        s.push_str(&cuda_aggregate(case, agg));
    }
    s
}

/// A C integer literal of type `s` (`U`, `LL`, `ULL` suffixes; the most negative `int` and
/// `long long` as a subtraction), or `true`/`false` for `bool`.
pub fn cuda_int(s: Scalar, v: i128) -> String {
    match s {
        Scalar::Bool => (if v != 0 { "true" } else { "false" }).to_string(),
        Scalar::I32 if v == i128::from(i32::MIN) => "(-2147483647 - 1)".to_string(),
        Scalar::I64 if v == i128::from(i64::MIN) => "(-9223372036854775807LL - 1)".to_string(),
        Scalar::I64 => format!("{v}LL"),
        Scalar::U32 => format!("{v}U"),
        Scalar::U64 => format!("{v}ULL"),
        _ => v.to_string(),
    }
}

/// A C floating literal of type `s` (`f` suffix for `float`), written as a hexadecimal
/// floating literal (C++17), which is the value's bits with no decimal conversion: the shortest
/// decimal that reads back to the same value in Rust is not read back to it by every compiler
/// (NVRTC 11.8 reads `6.161058564137821e-50` as the double one ulp above it, 0x35B70D1F2A0C3514,
/// where NVRTC 12.9 and Rust read 0x35B70D1F2A0C3513: live seed 1795933773422974917).
pub fn cuda_float(s: Scalar, v: f64) -> String {
    match s {
        Scalar::F32 => format!("{}f", hex_float(f64::from(v as f32))),
        _ => hex_float(v),
    }
}

/// `v` (finite) as a hexadecimal floating literal: `0x1.<52 bits>p<exp>` for a normal value,
/// `0x0.<52 bits>p-1022` for a subnormal or zero, with its sign. A `float`'s value is exact as
/// a `double`, so one form serves both (the `f` suffix converts it without rounding).
pub fn hex_float(v: f64) -> String {
    let bits = v.to_bits();
    let sign = if bits >> 63 == 1 { "-" } else { "" };
    let exp = (bits >> 52) & 0x7ff;
    let mantissa = bits & ((1 << 52) - 1);
    if exp == 0 {
        format!("{sign}0x0.{mantissa:013x}p-1022")
    } else {
        format!("{sign}0x1.{mantissa:013x}p{}", exp as i64 - 1023)
    }
}

fn scalar_literal(s: Scalar, v: &Value) -> String {
    match v {
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => cuda_int(s, *i),
        Value::UInt(u) => cuda_int(s, *u as i128),
        Value::Float(f) => cuda_float(s, *f),
        _ => panic!("{v:?} is not a value of {s:?}"),
    }
}

/// The C++20 initializer of value `v` of type `ty`.
pub fn cuda_value(case: &Case, ty: &Ty, v: &Value) -> String {
    match (ty, v) {
        (Ty::Scalar(s), _) => scalar_literal(*s, v),
        (Ty::Pointer, Value::Pointer(0)) => "(char*)0".to_string(),
        (Ty::Pointer, Value::Pointer(p)) => format!("(char*)0 + {p}ULL"),
        (Ty::Vector { elem, .. }, Value::Vector(lanes)) => {
            let lanes: Vec<String> = lanes.iter().map(|l| scalar_literal(*elem, l)).collect();
            format!("{{{}}}", lanes.join(", "))
        }
        (Ty::Array { elem, .. }, Value::Array(items)) => {
            let items: Vec<String> = items.iter().map(|i| cuda_value(case, elem, i)).collect();
            format!("{{{}}}", items.join(", "))
        }
        (Ty::Named(i), _) => cuda_aggregate_value(case, *i, v),
        (Ty::Enum(i), Value::Enum(k)) => {
            let e = &case.enums[*i];
            format!("{}::{}", e.name, e.variants[*k].0)
        }
        _ => panic!("{v:?} is not a value of {ty:?}"),
    }
}

/// The initializer of value `v` of aggregate `index`: positional braces for a struct
/// (unnamed bit-fields skipped), `{ .mK = ... }` for a union.
pub fn cuda_aggregate_value(case: &Case, index: usize, v: &Value) -> String {
    let agg = &case.aggregates[index];
    match v {
        Value::Struct(vals) => {
            let mut items = Vec::new();
            for (m, val) in agg.members.iter().zip(vals) {
                match m {
                    Member::Field { ty, .. } => items.push(cuda_value(case, ty, val)),
                    Member::BitField { ty, .. } => items.push(scalar_literal(*ty, val)),
                    Member::Unnamed { .. } => {}
                }
            }
            format!("{{{}}}", items.join(", "))
        }
        Value::Union { member, value } => {
            let Member::Field { name, ty } = &agg.members[*member] else {
                panic!(
                    "{}: a union must be initialised through an ordinary member",
                    agg.name
                )
            };
            format!("{{ .{name} = {} }}", cuda_value(case, ty, value))
        }
        _ => panic!("{v:?} is not a value of {}", agg.name),
    }
}

/// The initializer of the case's value (of its top type).
pub fn cuda_initializer(case: &Case) -> String {
    cuda_aggregate_value(case, case.top_index(), &case.value)
}

/// Globals and functions NVRTC compiles to report on the top type `T` of case `I`:
/// `ptxabi_size_I`, `ptxabi_align_I`, `ptxabi_off_I_<k>` (one per named non-bit-field member
/// `mk`), `ptxabi_val_I` (the value), the kernel `ptxabi_k_I(T)` and the device function
/// `T ptxabi_f_I(T)`. Needs [`cuda_defs`] before it.
pub fn cuda_probe(case: &Case) -> String {
    probe_with(case, &cuda_initializer(case))
}

/// The definitions and probe of a case in C++17, for NVRTC 11.8 (whose `-std` stops at
/// `c++17`): C++17 has no designated initializers, so a union's value cannot name the member
/// it initialises. Instead every union value of the case gets a tag type of its own
/// (`struct ptxabi_t{I}_{n} {};`) and its union a `__device__ constexpr` constructor taking
/// that tag and initialising the member (`U(ptxabi_t7_0) : m2{1, 2} {}`), and the value writes
/// `U(ptxabi_t7_0{})` where C++20 writes `{ .m2 = {1, 2} }`.
///
/// The data members, their order and types are those of [`cuda_defs`]: a constructor is not
/// data, and one that is not a copy or move constructor does not make the union non-trivial
/// to copy, so neither the layout nor the parameter passing changes (NVRTC 11.8 and 12.9 give
/// the same bytes for the same value either way; `cuda_releases` checks every corpus case).
pub fn cuda17_source(case: &Case) -> String {
    let mut ctors = Ctors {
        id: case.id,
        lines: Vec::new(),
    };
    let init = aggregate_value17(case, case.top_index(), &case.value, &mut ctors);
    let mut s = String::new();
    for n in 0..ctors.lines.len() {
        writeln!(s, "struct ptxabi_t{}_{n} {{}};", case.id).unwrap();
    }
    let defs = cuda_defs(case);
    // `cuda_defs` writes the enums (one line each), then each aggregate ending in `};`: the
    // constructors of aggregate `k` go before the `k`-th `};`.
    let mut k = 0;
    for line in defs.lines() {
        if line == "};" {
            for (_, ctor) in ctors.lines.iter().filter(|(agg, _)| *agg == k) {
                writeln!(s, "{ctor}").unwrap();
            }
            k += 1;
        }
        writeln!(s, "{line}").unwrap();
    }
    s.push_str(&probe_with(case, &init));
    s
}

/// The constructors [`cuda17_source`] adds: `(aggregate index, line)`, tags numbered in order.
struct Ctors {
    id: u32,
    lines: Vec<(usize, String)>,
}

/// [`cuda_value`] in C++17 (see [`cuda17_source`]).
fn value17(case: &Case, ty: &Ty, v: &Value, ctors: &mut Ctors) -> String {
    match (ty, v) {
        (Ty::Array { elem, .. }, Value::Array(items)) => {
            let items: Vec<String> = items
                .iter()
                .map(|i| value17(case, elem, i, ctors))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        (Ty::Named(i), _) => aggregate_value17(case, *i, v, ctors),
        _ => cuda_value(case, ty, v),
    }
}

/// [`cuda_aggregate_value`] in C++17: a union's value is its tag constructor's call.
fn aggregate_value17(case: &Case, index: usize, v: &Value, ctors: &mut Ctors) -> String {
    let agg = &case.aggregates[index];
    match v {
        Value::Struct(vals) => {
            let mut items = Vec::new();
            for (m, val) in agg.members.iter().zip(vals) {
                match m {
                    Member::Field { ty, .. } => items.push(value17(case, ty, val, ctors)),
                    Member::BitField { ty, .. } => items.push(scalar_literal(*ty, val)),
                    Member::Unnamed { .. } => {}
                }
            }
            format!("{{{}}}", items.join(", "))
        }
        Value::Union { member, value } => {
            let Member::Field { name, ty } = &agg.members[*member] else {
                panic!(
                    "{}: a union must be initialised through an ordinary member",
                    agg.name
                )
            };
            let inner = value17(case, ty, value, ctors);
            // A braced list initialises the member directly (`m2{1, 2}`: arrays, structs,
            // vectors); anything else is one element (`m0{5}`, `m1{U(ptxabi_t7_0{})}`).
            let init = if inner.starts_with('{') {
                format!("{name}{inner}")
            } else {
                format!("{name}{{{inner}}}")
            };
            let tag = format!("ptxabi_t{}_{}", ctors.id, ctors.lines.len());
            let u = &agg.name;
            ctors.lines.push((
                index,
                format!("    __device__ constexpr {u}({tag}) : {init} {{}}"),
            ));
            format!("{u}({tag}{{}})")
        }
        _ => panic!("{v:?} is not a value of {}", agg.name),
    }
}

fn probe_with(case: &Case, init: &str) -> String {
    let t = &case.top().name;
    let i = case.id;
    let mut s = String::new();
    writeln!(
        s,
        "extern \"C\" __device__ unsigned long long ptxabi_size_{i} = sizeof({t});"
    )
    .unwrap();
    writeln!(
        s,
        "extern \"C\" __device__ unsigned long long ptxabi_align_{i} = alignof({t});"
    )
    .unwrap();
    for (k, m) in case.top().members.iter().enumerate() {
        if let Member::Field { name, .. } = m {
            writeln!(
                s,
                "extern \"C\" __device__ unsigned long long ptxabi_off_{i}_{k} = __INTADDR__(&(({t}*)0)->{name});"
            )
            .unwrap();
        }
    }
    writeln!(s, "extern \"C\" __device__ {t} ptxabi_val_{i} = {init};").unwrap();
    writeln!(s, "extern \"C\" __global__ void ptxabi_k_{i}({t} a) {{}}").unwrap();
    writeln!(
        s,
        "extern \"C\" __device__ {t} ptxabi_f_{i}({t} a) {{ return a; }}"
    )
    .unwrap();
    s
}

#[cfg(test)]
mod tests {
    use super::{cuda_float, hex_float};
    use crate::gen::model::Scalar;

    /// The value a hexadecimal floating literal of [`hex_float`]'s form denotes, computed
    /// exactly (every step is exact in `f64`).
    fn read_hex(lit: &str) -> f64 {
        let (sign, rest) = match lit.strip_prefix('-') {
            Some(r) => (-1.0, r),
            None => (1.0, lit),
        };
        let rest = rest.strip_prefix("0x").expect("0x");
        let (lead, rest) = rest.split_at(1);
        let (frac, exp) = rest[1..].split_once('p').expect("p");
        let m = u64::from_str_radix(frac, 16).expect("hex digits") as f64;
        let e: i32 = exp.parse().expect("exponent");
        let lead: f64 = lead.parse().expect("0 or 1");
        // (lead + m / 2^52) × 2^e = (lead × 2^52 + m) × 2^(e - 52): an integer below 2^53
        // times a power of two that `f64` holds (2^-1074 and up), both steps exact.
        sign * (lead * pow2(52) + m) * pow2(e - 52)
    }

    /// 2^k for -1074 <= k <= 1023, from its bits.
    fn pow2(k: i32) -> f64 {
        if k >= -1022 {
            f64::from_bits(((k + 1023) as u64) << 52)
        } else {
            f64::from_bits(1 << (k + 1074))
        }
    }

    #[test]
    fn hex_floats_are_the_values_bits() {
        let values = [
            0.0,
            -0.0,
            1.0,
            -2.5,
            0.1,
            6.161058564137821e-50,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::from_bits(0x8000_0000_0000_0003),
            f64::from(f32::MAX),
            f64::from(f32::from_bits(1)),
        ];
        for v in values {
            let lit = hex_float(v);
            assert_eq!(read_hex(&lit).to_bits(), v.to_bits(), "{v:e} as {lit}");
        }
        assert_eq!(hex_float(6.161058564137821e-50), "0x1.70d1f2a0c3513p-164");
        assert_eq!(hex_float(-0.0), "-0x0.0000000000000p-1022");
        assert_eq!(cuda_float(Scalar::F32, 0.5), "0x1.0000000000000p-1f");
        assert_eq!(cuda_float(Scalar::F64, 3.0), "0x1.8000000000000p1");
    }
}
