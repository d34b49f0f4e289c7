//! A sketch of where members land, used to steer the generator toward hard cases (a bit-field
//! that exactly fills its storage unit, one that just overflows it, ...) and by tests to
//! classify cases.
//!
//! It applies the guide's §1.2–1.3 rules as `docs/nvidia-notes.md` reports NVRTC applying them (System V
//! bit-field allocation; unnamed bit-fields do not raise alignment; a zero-length bit-field
//! aligns the next member to its type's unit without raising the aggregate's alignment).
//! It is deliberately small and is **not** a reference: NVRTC is. Nothing here should be used
//! to judge ptx-abi.

use super::model::{Aggregate, Case, EnumDef, Kind, Member, Scalar, Ty};

/// Size and alignment in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TyLayout {
    /// `sizeof`.
    pub size: u64,
    /// `alignof`.
    pub align: u64,
}

/// Where one member lands, in bits from bit 0 of byte 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// First bit (for an ordinary member a multiple of 8).
    pub bit_offset: u64,
    /// Number of bits (an ordinary member: 8 × its size; a zero-length bit-field: 0).
    pub bits: u64,
    /// For a bit-field: the bit offset at which it would have started had it not been moved
    /// to the next storage unit (equal to `bit_offset` when it fits where it is).
    pub unmoved_offset: u64,
}

/// The sketched layout of an aggregate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AggLayout {
    /// `sizeof`.
    pub size: u64,
    /// `alignof` (the `__align__` value when there is one).
    pub align: u64,
    /// Alignment without `__align__`: the strictest alignment of the named members.
    pub natural_align: u64,
    /// One placement per member.
    pub members: Vec<Placement>,
}

fn round_up(x: u64, to: u64) -> u64 {
    x.div_ceil(to) * to
}

/// Size and alignment of a scalar.
pub fn scalar_layout(s: Scalar) -> TyLayout {
    let n = u64::from(s.size());
    TyLayout { size: n, align: n }
}

/// Size and alignment of a type; `aggs` holds the layouts of (at least) the aggregates it
/// refers to.
pub fn ty_layout(ty: &Ty, aggs: &[AggLayout], enums: &[EnumDef]) -> TyLayout {
    match ty {
        Ty::Scalar(s) => scalar_layout(*s),
        Ty::Pointer => TyLayout { size: 8, align: 8 },
        Ty::Vector { elem, lanes } => {
            let e = u64::from(elem.size());
            let n = u64::from(*lanes);
            // Guide §1.2: odd lane counts align like the element, even ones n × element.
            let align = if n % 2 == 1 { e } else { n * e };
            TyLayout {
                size: round_up(n * e, align),
                align,
            }
        }
        Ty::Array { elem, len } => {
            let e = ty_layout(elem, aggs, enums);
            TyLayout {
                size: e.size * u64::from(*len),
                align: e.align,
            }
        }
        Ty::Named(i) => TyLayout {
            size: aggs[*i].size,
            align: aggs[*i].align,
        },
        Ty::Enum(i) => scalar_layout(enums[*i].repr),
    }
}

/// Places members one by one; the generator uses it while it builds an aggregate.
#[derive(Clone, Debug)]
pub struct Cursor {
    kind: Kind,
    /// Struct: first free bit. Union: largest member end, in bits.
    end_bits: u64,
    natural_align: u64,
}

impl Cursor {
    /// An empty struct or union.
    pub fn new(kind: Kind) -> Self {
        Cursor {
            kind,
            end_bits: 0,
            natural_align: 1,
        }
    }
    /// First free bit of a struct (for a union: the size so far in bits).
    pub fn end_bits(&self) -> u64 {
        self.end_bits
    }
    /// Bytes used so far (before tail padding).
    pub fn used_bytes(&self) -> u64 {
        self.end_bits.div_ceil(8)
    }
    /// The natural alignment so far.
    pub fn natural_align(&self) -> u64 {
        self.natural_align
    }
    /// Places `member`; `field` is the layout of its type when it is an ordinary member.
    pub fn place(&mut self, member: &Member, field: Option<TyLayout>) -> Placement {
        let union = self.kind == Kind::Union;
        match member {
            Member::Field { .. } => {
                let l = field.expect("layout of an ordinary member");
                self.natural_align = self.natural_align.max(l.align);
                let start = if union {
                    0
                } else {
                    round_up(self.end_bits, 8 * l.align)
                };
                self.end_bits = self.end_bits.max(start + 8 * l.size);
                Placement {
                    bit_offset: start,
                    bits: 8 * l.size,
                    unmoved_offset: start,
                }
            }
            Member::BitField { ty, width, .. } | Member::Unnamed { ty, width } => {
                let unit = u64::from(ty.bits());
                let w = u64::from(*width);
                if matches!(member, Member::BitField { .. }) {
                    self.natural_align = self.natural_align.max(u64::from(ty.size()));
                }
                if union {
                    // Everything starts at 0; a bit-field occupies whole bytes of the size.
                    self.end_bits = self.end_bits.max(round_up(w, 8));
                    return Placement {
                        bit_offset: 0,
                        bits: w,
                        unmoved_offset: 0,
                    };
                }
                let here = self.end_bits;
                // A zero-length bit-field, or one that would cross its unit's boundary, starts
                // at the next unit.
                let next_unit = w == 0 || here / unit != (here + w - 1) / unit;
                let start = if next_unit {
                    round_up(here, unit)
                } else {
                    here
                };
                self.end_bits = start + w;
                Placement {
                    bit_offset: start,
                    bits: w,
                    unmoved_offset: here,
                }
            }
        }
    }
    /// Size and alignment once all members are placed, with `__align__(align)` if given.
    pub fn finish(&self, align: Option<u32>) -> TyLayout {
        let a = align.map_or(self.natural_align, |n| u64::from(n).max(self.natural_align));
        TyLayout {
            size: round_up(self.used_bytes(), a),
            align: a,
        }
    }
}

/// The sketched layout of `agg`, whose dependencies' layouts are in `aggs`.
pub fn aggregate_layout(agg: &Aggregate, aggs: &[AggLayout], enums: &[EnumDef]) -> AggLayout {
    let mut cursor = Cursor::new(agg.kind);
    let members = agg
        .members
        .iter()
        .map(|m| {
            let field = match m {
                Member::Field { ty, .. } => Some(ty_layout(ty, aggs, enums)),
                _ => None,
            };
            cursor.place(m, field)
        })
        .collect();
    let l = cursor.finish(agg.align);
    AggLayout {
        size: l.size,
        align: l.align,
        natural_align: cursor.natural_align(),
        members,
    }
}

/// The sketched layouts of all aggregates of a case, in [`Case::aggregates`] order.
pub fn case_layouts(case: &Case) -> Vec<AggLayout> {
    let mut out: Vec<AggLayout> = Vec::with_capacity(case.aggregates.len());
    for agg in &case.aggregates {
        let l = aggregate_layout(agg, &out, &case.enums);
        out.push(l);
    }
    out
}
