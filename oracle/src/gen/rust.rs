//! Rust for ptx-abi's derive: the same definitions as [`super::cuda`] and the same value.
//!
//! A struct becomes a `#[derive(PtxAbi)]` struct with `#[ptx(bits = W)]` bit-fields and
//! `::ptx_abi::Pad<T, W>` fields for unnamed bit-fields (named `_u{k}`); a union becomes an
//! enum in union form (`#[ptx(union)]`, one unnamed field per variant) whose initialised
//! member is marked `#[ptx(decode)]`. Names are the C names.

use std::fmt::Write;

use super::model::{rust_member_name, Aggregate, Case, Kind, Member, Scalar, Ty, Value};

const DERIVE: &str = "#[derive(::ptx_abi::PtxAbi, Clone, Copy, Debug, PartialEq)]\n";
const ALLOW: &str = "#[allow(non_camel_case_types, non_snake_case, dead_code)]\n";

/// The Rust type of an ordinary member: `[[i32; 3]; 2]`, `::ptx_abi::DevicePtr<i8>`,
/// `::ptx_abi::types::Float4`, `T_x`.
pub fn rust_type(case: &Case, ty: &Ty) -> String {
    match ty {
        Ty::Scalar(s) => s.rust_name().to_string(),
        Ty::Pointer => "::ptx_abi::DevicePtr<i8>".to_string(),
        Ty::Vector { elem, lanes } => {
            format!(
                "::ptx_abi::types::{}{lanes}",
                elem.vector_stem().expect("no bool vectors").1
            )
        }
        Ty::Array { elem, len } => format!("[{}; {len}]", rust_type(case, elem)),
        Ty::Named(i) => case.aggregates[*i].name.clone(),
        Ty::Enum(i) => case.enums[*i].name.clone(),
    }
}

/// The attribute and type of member `m` (at index `k` of an aggregate), without its name:
/// `("#[ptx(bits = 20)] ", "u32")`.
fn member_parts(case: &Case, m: &Member) -> (String, String) {
    match m {
        Member::Field { ty, .. } => (String::new(), rust_type(case, ty)),
        Member::BitField { ty, width, .. } => (
            format!("#[ptx(bits = {width})] "),
            ty.rust_name().to_string(),
        ),
        Member::Unnamed { ty, width } => (
            String::new(),
            format!("::ptx_abi::Pad<{}, {width}>", ty.rust_name()),
        ),
    }
}

/// The definition of one aggregate.
pub fn rust_aggregate(case: &Case, agg: &Aggregate) -> String {
    let mut s = String::from(DERIVE);
    s.push_str(ALLOW);
    if agg.kind == Kind::Union {
        s.push_str("#[ptx(union)]\n");
    }
    if let Some(n) = agg.align {
        writeln!(s, "#[ptx(align = {n})]").unwrap();
    }
    match agg.kind {
        Kind::Struct => {
            writeln!(s, "pub struct {} {{", agg.name).unwrap();
            for (k, m) in agg.members.iter().enumerate() {
                let (attr, ty) = member_parts(case, m);
                writeln!(s, "    {attr}pub {}: {ty},", rust_member_name(m, k)).unwrap();
            }
        }
        Kind::Union => {
            writeln!(s, "pub enum {} {{", agg.name).unwrap();
            for (k, m) in agg.members.iter().enumerate() {
                let (attr, ty) = member_parts(case, m);
                let decode = if agg.init_member == Some(k) {
                    "#[ptx(decode)] "
                } else {
                    ""
                };
                writeln!(s, "    {decode}{attr}{}({ty}),", rust_member_name(m, k)).unwrap();
            }
        }
    }
    s.push_str("}\n");
    s
}

/// Every enum and aggregate of the case, dependencies first.
pub fn rust_defs(case: &Case) -> String {
    let mut s = String::new();
    for e in &case.enums {
        s.push_str(DERIVE);
        s.push_str(ALLOW);
        writeln!(s, "#[repr({})]", e.repr.rust_name()).unwrap();
        writeln!(s, "pub enum {} {{", e.name).unwrap();
        for (n, d) in &e.variants {
            writeln!(s, "    {n} = {d},").unwrap();
        }
        s.push_str("}\n");
    }
    for agg in &case.aggregates {
        s.push_str(&rust_aggregate(case, agg));
    }
    s
}

/// A Rust literal of type `s`: `-5_i8`, `4294967295_u32`, `1.5_f32`, `true`.
pub fn rust_scalar(s: Scalar, v: &Value) -> String {
    match v {
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => format!("{i}_{}", s.rust_name()),
        Value::UInt(u) => format!("{u}_{}", s.rust_name()),
        Value::Float(f) if s == Scalar::F32 => format!("{:?}_f32", *f as f32),
        Value::Float(f) => format!("{f:?}_f64"),
        _ => panic!("{v:?} is not a value of {s:?}"),
    }
}

/// An expression constructing value `v` of type `ty`.
pub fn rust_value_of(case: &Case, ty: &Ty, v: &Value) -> String {
    match (ty, v) {
        (Ty::Scalar(s), _) => rust_scalar(*s, v),
        (Ty::Pointer, Value::Pointer(p)) => format!("::ptx_abi::DevicePtr::from_raw({p}_u64)"),
        (Ty::Vector { elem, .. }, Value::Vector(lanes)) => {
            let lanes: Vec<String> = lanes.iter().map(|l| rust_scalar(*elem, l)).collect();
            format!("{}::from([{}])", rust_type(case, ty), lanes.join(", "))
        }
        (Ty::Array { elem, .. }, Value::Array(items)) => {
            let items: Vec<String> = items.iter().map(|i| rust_value_of(case, elem, i)).collect();
            format!("[{}]", items.join(", "))
        }
        (Ty::Named(i), _) => rust_aggregate_value(case, *i, v),
        (Ty::Enum(i), Value::Enum(k)) => {
            let e = &case.enums[*i];
            format!("{}::{}", e.name, e.variants[*k].0)
        }
        _ => panic!("{v:?} is not a value of {ty:?}"),
    }
}

/// An expression constructing value `v` of aggregate `index`: `T_x { m0: 1_i8, _u1:
/// Default::default() }` or, for a union, `U_z::m2(5_u32)`.
pub fn rust_aggregate_value(case: &Case, index: usize, v: &Value) -> String {
    let agg = &case.aggregates[index];
    match v {
        Value::Struct(vals) => {
            let fields: Vec<String> = agg
                .members
                .iter()
                .zip(vals)
                .enumerate()
                .map(|(k, (m, val))| {
                    let value = match m {
                        Member::Field { ty, .. } => rust_value_of(case, ty, val),
                        Member::BitField { ty, .. } => rust_scalar(*ty, val),
                        Member::Unnamed { .. } => "Default::default()".to_string(),
                    };
                    format!("{}: {value}", rust_member_name(m, k))
                })
                .collect();
            format!("{} {{ {} }}", agg.name, fields.join(", "))
        }
        Value::Union { member, value } => {
            let Member::Field { name, ty } = &agg.members[*member] else {
                panic!(
                    "{}: a union must be initialised through an ordinary member",
                    agg.name
                )
            };
            format!("{}::{name}({})", agg.name, rust_value_of(case, ty, value))
        }
        _ => panic!("{v:?} is not a value of {}", agg.name),
    }
}

/// An expression constructing the case's value (of its top type).
pub fn rust_value(case: &Case) -> String {
    rust_aggregate_value(case, case.top_index(), &case.value)
}
