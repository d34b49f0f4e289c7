//! A generated case checked through ptx-abi's run-time engine instead of the derive: the
//! case's types become [`TypeDesc`]s built at run time, exactly the descriptions
//! `#[derive(PtxAbi)]` writes for the same Rust (checked on every derived case by
//! [`crate::Run::check`]); their layout comes from the engine's `const fn`s called at run time,
//! and the case's value is encoded and decoded member by member at the engine's placements with
//! core's bit-field insertion and extraction (`ptx_abi::codec::bits`).
//!
//! [`check`] asks what [`crate::Run::check`] asks of a derived type: size, alignment, the
//! offset of every ordinary member, the image of the value, the decoding of NVRTC's image (equal
//! to the value, re-encoding to the same bytes) and the three `.param` declarations.

use std::collections::HashMap;

use ptx_abi::codec::bits;
use ptx_abi::layout::desc::{
    AggregateKind, EnumVariant, Member as DescMember, Scalar as DescScalar, TypeDesc, TypeKind,
};
use ptx_abi::layout::Placement;
use ptx_abi::layout::Placements;
use ptx_abi::params::named_type;
use ptx_abi::params::{ParamType, Spelling};
use ptx_abi::types::vector_name;
use ptx_abi::{layout_of, AddressSize, ParamSpace, PtxAbi};
use ptx_abi_oracle::gen::{self, Case, Kind, Member, Scalar, Ty, Value};
use ptx_abi_oracle::probe::Answer;

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// The description of a generated scalar.
pub fn scalar(s: Scalar) -> DescScalar {
    match s {
        Scalar::Bool => DescScalar::Bool,
        Scalar::I8 => DescScalar::I8,
        Scalar::U8 => DescScalar::U8,
        Scalar::I16 => DescScalar::I16,
        Scalar::U16 => DescScalar::U16,
        Scalar::I32 => DescScalar::I32,
        Scalar::U32 => DescScalar::U32,
        Scalar::I64 => DescScalar::I64,
        Scalar::U64 => DescScalar::U64,
        Scalar::F32 => DescScalar::F32,
        Scalar::F64 => DescScalar::F64,
    }
}

/// Type descriptions of a case's types, built at run time (leaked: they must be `'static`),
/// named as the derive names them.
pub struct Descs<'c> {
    case: &'c Case,
    aggregates: Vec<&'static TypeDesc>,
    enums: Vec<&'static TypeDesc>,
}

impl Descs<'_> {
    /// The descriptions of every enum and aggregate of `case`.
    pub fn new(case: &Case) -> Descs<'_> {
        let mut d = Descs {
            case,
            aggregates: Vec::new(),
            enums: Vec::new(),
        };
        for e in &case.enums {
            let variants: Vec<EnumVariant> = e
                .variants
                .iter()
                .map(|(n, v)| EnumVariant {
                    name: leak_str(n),
                    value: *v,
                })
                .collect();
            d.enums.push(leak(TypeDesc {
                name: leak_str(&e.name),
                kind: TypeKind::Enum {
                    repr: scalar(e.repr),
                    variants: Box::leak(variants.into_boxed_slice()),
                },
            }));
        }
        for agg in &case.aggregates {
            let members: Vec<DescMember> = agg
                .members
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    let name = leak_str(&gen::model::rust_member_name(m, k));
                    match m {
                        Member::Field { ty, .. } => DescMember {
                            name,
                            ty: d.ty(ty),
                            bits: None,
                            align: 0,
                        },
                        Member::BitField { ty, width, .. } => DescMember {
                            name,
                            ty: leak(TypeDesc::scalar(ty.rust_name(), scalar(*ty))),
                            bits: Some(*width),
                            align: 0,
                        },
                        Member::Unnamed { ty, width } => DescMember {
                            name,
                            ty: leak(TypeDesc {
                                name: "Pad",
                                kind: TypeKind::Pad {
                                    unit: scalar(*ty),
                                    width: *width,
                                },
                            }),
                            bits: None,
                            align: 0,
                        },
                    }
                })
                .collect();
            let desc = leak(TypeDesc {
                name: leak_str(&agg.name),
                kind: TypeKind::Aggregate {
                    kind: match agg.kind {
                        Kind::Struct => AggregateKind::Struct,
                        Kind::Union => AggregateKind::Union,
                    },
                    align: agg.align.unwrap_or(0) as usize,
                    pack: 0,
                    members: Box::leak(members.into_boxed_slice()),
                },
            });
            d.aggregates.push(desc);
        }
        d
    }

    /// The description of an ordinary member's type.
    pub fn ty(&self, ty: &Ty) -> &'static TypeDesc {
        match ty {
            Ty::Scalar(s) => leak(TypeDesc::scalar(s.rust_name(), scalar(*s))),
            Ty::Pointer => <ptx_abi::DevicePtr<i8> as PtxAbi>::TYPE,
            Ty::Vector { elem, lanes } => leak(TypeDesc {
                name: vector_name(scalar(*elem), *lanes as usize),
                kind: TypeKind::Vector {
                    elem: scalar(*elem),
                    lanes: *lanes as usize,
                },
            }),
            Ty::Array { elem, len } => leak(TypeDesc {
                name: "array",
                kind: TypeKind::Array {
                    elem: self.ty(elem),
                    len: *len as usize,
                },
            }),
            Ty::Named(i) => self.aggregates[*i],
            Ty::Enum(i) => self.enums[*i],
        }
    }

    /// The description of the case's top type.
    pub fn top(&self) -> &'static TypeDesc {
        self.aggregates[self.case.top_index()]
    }
}

/// Where two descriptions differ structurally (names, kinds, members, bit widths, alignment
/// attributes, element types), as a path such as `T_1.m3: lanes 2 vs 3`; `None` when equal.
pub fn desc_difference(a: &TypeDesc, b: &TypeDesc) -> Option<String> {
    let at = |what: String| Some(format!("{}: {what}", a.name));
    if a.name != b.name {
        return Some(format!("name `{}` vs `{}`", a.name, b.name));
    }
    match (&a.kind, &b.kind) {
        (TypeKind::Scalar(x), TypeKind::Scalar(y)) if x == y => None,
        (TypeKind::Pointer { pointee: x }, TypeKind::Pointer { pointee: y }) => {
            desc_difference(x(), y())
        }
        (TypeKind::Handle(x), TypeKind::Handle(y)) if x == y => None,
        (
            TypeKind::Vector { elem, lanes },
            TypeKind::Vector {
                elem: e2,
                lanes: l2,
            },
        ) if (elem, lanes) == (e2, l2) => None,
        (TypeKind::Array { elem, len }, TypeKind::Array { elem: e2, len: l2 }) if len == l2 => {
            desc_difference(elem, e2).map(|d| format!("array element: {d}"))
        }
        (
            TypeKind::Aggregate {
                kind,
                align,
                pack,
                members,
            },
            TypeKind::Aggregate {
                kind: k2,
                align: a2,
                pack: p2,
                members: m2,
            },
        ) => {
            if (kind, align, pack, members.len()) != (k2, a2, p2, m2.len()) {
                return at(format!(
                    "{kind:?} align {align} pack {pack} with {} members vs {k2:?} align {a2} pack {p2} with {}",
                    members.len(),
                    m2.len()
                ));
            }
            members.iter().zip(m2.iter()).find_map(|(x, y)| {
                if (x.name, x.bits, x.align) != (y.name, y.bits, y.align) {
                    return Some(format!(
                        "{}: member `{}` bits {:?} align {} vs `{}` bits {:?} align {}",
                        a.name, x.name, x.bits, x.align, y.name, y.bits, y.align
                    ));
                }
                desc_difference(x.ty, y.ty).map(|d| format!("{}.{}: {d}", a.name, x.name))
            })
        }
        (
            TypeKind::Enum { repr, variants },
            TypeKind::Enum {
                repr: r2,
                variants: v2,
            },
        ) => {
            let same = repr == r2
                && variants.len() == v2.len()
                && variants
                    .iter()
                    .zip(v2.iter())
                    .all(|(x, y)| (x.name, x.value) == (y.name, y.value));
            (!same).then(|| format!("{}: enum variants differ", a.name))
        }
        (
            TypeKind::Pad { unit, width },
            TypeKind::Pad {
                unit: u2,
                width: w2,
            },
        ) if (unit, width) == (u2, w2) => None,
        (TypeKind::Phantom, TypeKind::Phantom) => None,
        (TypeKind::EmptyClass { align }, TypeKind::EmptyClass { align: a2 }) if align == a2 => None,
        (x, y) => at(format!("{x:?} vs {y:?}")),
    }
}

/// The `.param` declaration of `ty` named `name` in `space`, in NVRTC's text.
pub fn decl(ty: &TypeDesc, name: &str, space: ParamSpace) -> String {
    match named_type(ty, name, space, Spelling::Nvcc, AddressSize::A64) {
        ParamType::Scalar(t) => format!(".param {t} {name}"),
        ParamType::Bytes { align, size } => format!(".param .align {align} .b8 {name}[{size}]"),
        ParamType::Absent => String::new(),
    }
}

/// The placements of `desc`'s members at `.address_size 64`.
fn placements(desc: &'static TypeDesc) -> Result<Vec<Placement>, String> {
    Placements::new(desc, AddressSize::A64)
        .map(|r| r.map(|(_, p)| p).map_err(|e| e.to_string()))
        .collect()
}

/// An image codec over a case's values at the engine's placements.
struct Codec<'c> {
    case: &'c Case,
    descs: Descs<'c>,
    /// Placements of each aggregate's members, by aggregate index.
    placed: HashMap<usize, Vec<Placement>>,
}

fn int_bits(v: &Value) -> Result<u64, String> {
    match v {
        Value::Bool(b) => Ok(u64::from(*b)),
        Value::Int(i) => Ok(*i as i64 as u64),
        Value::UInt(u) => Ok(*u as u64),
        other => Err(format!("{other:?} is not an integer")),
    }
}

impl<'c> Codec<'c> {
    fn new(case: &'c Case) -> Result<Self, String> {
        let descs = Descs::new(case);
        let mut placed = HashMap::new();
        for (k, d) in descs.aggregates.iter().enumerate() {
            placed.insert(k, placements(d)?);
        }
        Ok(Codec {
            case,
            descs,
            placed,
        })
    }

    fn size(&self, ty: &Ty) -> usize {
        layout_of(self.descs.ty(ty), AddressSize::A64).size
    }

    fn put_scalar(s: Scalar, v: &Value, out: &mut [u8]) -> Result<(), String> {
        let bytes = match (s, v) {
            (Scalar::F32, Value::Float(f)) => (*f as f32).to_bits().to_le_bytes().to_vec(),
            (Scalar::F64, Value::Float(f)) => f.to_bits().to_le_bytes().to_vec(),
            _ => {
                let raw = int_bits(v)?;
                if !bits::fits(raw, s.bits(), s.is_signed()) {
                    return Err(format!("{v:?} does not fit {s:?}"));
                }
                raw.to_le_bytes()[..s.size() as usize].to_vec()
            }
        };
        out.get_mut(..bytes.len())
            .ok_or_else(|| format!("no room for {s:?}"))?
            .copy_from_slice(&bytes);
        Ok(())
    }

    fn put(&self, ty: &Ty, v: &Value, out: &mut [u8]) -> Result<(), String> {
        match (ty, v) {
            (Ty::Scalar(s), _) => Self::put_scalar(*s, v, out),
            (Ty::Pointer, Value::Pointer(p)) => {
                Self::put_scalar(Scalar::U64, &Value::UInt((*p).into()), out)
            }
            (Ty::Vector { elem, .. }, Value::Vector(lanes)) => {
                let w = elem.size() as usize;
                for (i, l) in lanes.iter().enumerate() {
                    Self::put_scalar(*elem, l, &mut out[i * w..])?;
                }
                Ok(())
            }
            (Ty::Array { elem, .. }, Value::Array(items)) => {
                let stride = self.size(elem);
                for (i, item) in items.iter().enumerate() {
                    self.put(elem, item, &mut out[i * stride..(i + 1) * stride])?;
                }
                Ok(())
            }
            (Ty::Named(k), _) => self.put_aggregate(*k, v, out),
            (Ty::Enum(k), Value::Enum(i)) => {
                let e = &self.case.enums[*k];
                Self::put_scalar(e.repr, &Value::Int(e.variants[*i].1), out)
            }
            _ => Err(format!("{v:?} is not a value of {ty:?}")),
        }
    }

    fn put_member(
        &self,
        m: &Member,
        p: &Placement,
        v: &Value,
        out: &mut [u8],
    ) -> Result<(), String> {
        match m {
            Member::Field { ty, .. } => self.put(ty, v, &mut out[p.offset..p.offset + p.size]),
            Member::BitField { ty, width, .. } => {
                let raw = int_bits(v)?;
                if !bits::fits(raw, *width, ty.is_signed()) {
                    return Err(format!("{v:?} does not fit {width} bits"));
                }
                if bits::insert(out, p, raw) {
                    Ok(())
                } else {
                    Err(format!("bit-field placed outside the image: {p:?}"))
                }
            }
            Member::Unnamed { .. } => Ok(()),
        }
    }

    fn put_aggregate(&self, k: usize, v: &Value, out: &mut [u8]) -> Result<(), String> {
        let agg = &self.case.aggregates[k];
        let placed = &self.placed[&k];
        match v {
            Value::Struct(values) => {
                for ((m, p), v) in agg.members.iter().zip(placed).zip(values) {
                    self.put_member(m, p, v, out)?;
                }
                Ok(())
            }
            Value::Union { member, value } => {
                self.put_member(&agg.members[*member], &placed[*member], value, out)
            }
            _ => Err(format!("{v:?} is not a value of {}", agg.name)),
        }
    }

    fn get_scalar(s: Scalar, bytes: &[u8]) -> Result<Value, String> {
        let n = s.size() as usize;
        let b = bytes
            .get(..n)
            .ok_or_else(|| format!("no bytes for {s:?}"))?;
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(b);
        let raw = u64::from_le_bytes(w);
        Ok(match s {
            Scalar::Bool => match raw {
                0 | 1 => Value::Bool(raw == 1),
                _ => return Err(format!("invalid bool byte {raw:#x}")),
            },
            Scalar::F32 => Value::Float(f64::from(f32::from_bits(raw as u32))),
            Scalar::F64 => Value::Float(f64::from_bits(raw)),
            _ if s.is_signed() => Value::Int(bits::extend(raw, s.bits(), true) as i64 as i128),
            _ => Value::UInt(u128::from(raw)),
        })
    }

    fn get(&self, ty: &Ty, bytes: &[u8]) -> Result<Value, String> {
        Ok(match ty {
            Ty::Scalar(s) => Self::get_scalar(*s, bytes)?,
            Ty::Pointer => match Self::get_scalar(Scalar::U64, bytes)? {
                Value::UInt(p) => Value::Pointer(p as u64),
                _ => unreachable!("u64 reads as UInt"),
            },
            Ty::Vector { elem, lanes } => {
                let w = elem.size() as usize;
                Value::Vector(
                    (0..*lanes as usize)
                        .map(|i| Self::get_scalar(*elem, &bytes[i * w..]))
                        .collect::<Result<_, _>>()?,
                )
            }
            Ty::Array { elem, len } => {
                let stride = self.size(elem);
                Value::Array(
                    (0..*len as usize)
                        .map(|i| self.get(elem, &bytes[i * stride..(i + 1) * stride]))
                        .collect::<Result<_, _>>()?,
                )
            }
            Ty::Named(k) => self.get_aggregate(*k, bytes)?,
            Ty::Enum(k) => {
                let e = &self.case.enums[*k];
                let d = match Self::get_scalar(e.repr, bytes)? {
                    Value::Int(i) => i,
                    Value::UInt(u) => u as i128,
                    _ => unreachable!("enum reprs are integers"),
                };
                let i = e
                    .variants
                    .iter()
                    .position(|(_, v)| *v == d)
                    .ok_or_else(|| format!("{d} names no variant of {}", e.name))?;
                Value::Enum(i)
            }
        })
    }

    fn get_member(&self, m: &Member, p: &Placement, bytes: &[u8]) -> Result<Value, String> {
        match m {
            Member::Field { ty, .. } => self.get(ty, &bytes[p.offset..p.offset + p.size]),
            Member::BitField { ty, .. } => {
                let raw = bits::extract(bytes, p, ty.is_signed())
                    .ok_or_else(|| format!("bit-field placed outside the image: {p:?}"))?;
                Ok(match ty {
                    Scalar::Bool => Value::Bool(raw != 0),
                    _ if ty.is_signed() => Value::Int(raw as i64 as i128),
                    _ => Value::UInt(u128::from(raw)),
                })
            }
            Member::Unnamed { .. } => Ok(Value::Unnamed),
        }
    }

    fn get_aggregate(&self, k: usize, bytes: &[u8]) -> Result<Value, String> {
        let agg = &self.case.aggregates[k];
        let placed = &self.placed[&k];
        Ok(match agg.init_member {
            None => Value::Struct(
                agg.members
                    .iter()
                    .zip(placed)
                    .map(|(m, p)| self.get_member(m, p, bytes))
                    .collect::<Result<_, _>>()?,
            ),
            Some(member) => Value::Union {
                member,
                value: Box::new(self.get_member(&agg.members[member], &placed[member], bytes)?),
            },
        })
    }

    fn encode(&self, v: &Value) -> Result<Vec<u8>, String> {
        let mut out = vec![0u8; layout_of(self.descs.top(), AddressSize::A64).size];
        self.put_aggregate(self.case.top_index(), v, &mut out)?;
        Ok(out)
    }
}

/// Checks `case` against NVRTC's `answer` through the engine at run time: the problems found
/// (empty when they agree) and the description of the top type (for the CUDA header check).
pub fn check(case: &Case, answer: &Answer) -> (Vec<String>, &'static TypeDesc) {
    let codec = match Codec::new(case) {
        Ok(c) => c,
        Err(e) => {
            let top = Descs::new(case).top();
            return (vec![format!("our layout failed: {e}")], top);
        }
    };
    let top = codec.descs.top();
    let a = answer;
    let mut problems = Vec::new();
    let l = layout_of(top, AddressSize::A64);
    if (l.size as u64, l.align as u64) != (a.size, a.align) {
        problems.push(format!(
            "size/align: NVRTC {}/{}, ours {}/{}",
            a.size, a.align, l.size, l.align
        ));
    }
    let placed = &codec.placed[&case.top_index()];
    let names = &case.top().members;
    for &(k, off) in &a.offsets {
        match placed.get(k) {
            Some(p) if p.offset as u64 == off => {}
            Some(p) => problems.push(format!(
                "offset of member {k} (`{}`): NVRTC {off}, ours {}",
                gen::model::rust_member_name(&names[k], k),
                p.offset
            )),
            None => problems.push(format!(
                "member {k}: NVRTC places it at {off}, ours has no such member"
            )),
        }
    }
    match codec.encode(&case.value) {
        Ok(img) if img == a.image => {}
        Ok(img) => problems.push(format!("encode: NVRTC {:?}, ours {img:?}", a.image)),
        Err(e) => problems.push(format!("encode failed: {e}")),
    }
    match codec.get_aggregate(case.top_index(), &a.image) {
        Ok(decoded) => {
            if decoded != case.value {
                problems.push(format!(
                    "decode(NVRTC image) != value: {decoded:?} vs {:?}",
                    case.value
                ));
            }
            match codec.encode(&decoded) {
                Ok(img) if img == a.image => {}
                Ok(img) => problems.push(format!(
                    "encode(decode(NVRTC image)): NVRTC {:?}, ours {img:?}",
                    a.image
                )),
                Err(e) => problems.push(format!("encode(decode(NVRTC image)) failed: {e}")),
            }
        }
        Err(e) => problems.push(format!("decode(NVRTC image) failed: {e}")),
    }
    let id = case.id;
    let params = [
        (
            "kernel parameter",
            a.entry_params.join(", "),
            decl(top, &format!("ptxabi_k_{id}_param_0"), ParamSpace::Entry),
        ),
        (
            "function parameter",
            a.func_params.join(", "),
            decl(top, &format!("ptxabi_f_{id}_param_0"), ParamSpace::Func),
        ),
        (
            "return value",
            a.func_ret.clone(),
            decl(top, "func_retval0", ParamSpace::Func),
        ),
    ];
    for (what, theirs, ours) in params {
        if theirs != ours {
            problems.push(format!("{what}: NVRTC `{theirs}`, ours `{ours}`"));
        }
    }
    (problems, top)
}
