//! The layout report: members, holes, shared storage units, wasted bytes, a better order.

use crate::codec::PtxAbi;
use crate::layout::address::AddressSize;
use crate::layout::desc::{AggregateKind, TypeDesc, TypeKind};
use crate::layout::{try_layout_of, LayoutError, Placements};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// One member of an aggregate as the report shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MemberRow {
    /// The member's name (`""` for an unnamed bit-field).
    pub name: String,
    /// Its type, as CUDA C spells it (`float[3]`; the declared type for a bit-field).
    pub c_type: String,
    /// The member's CUDA C declaration: `unsigned int kind : 3;`, `float history[3];`,
    /// `unsigned short : 7;` (empty for members with no C counterpart).
    pub declaration: String,
    /// Whether it is an unnamed bit-field (`Pad`): C code cannot name it.
    pub unnamed: bool,
    /// Byte offset (of the storage unit, for a bit-field).
    pub offset: usize,
    /// Size in bytes (of the storage unit, for a bit-field).
    pub size: usize,
    /// Alignment in bytes.
    pub align: usize,
    /// For bit-fields: the first bit inside the storage unit and the width.
    pub bits: Option<(u32, u32)>,
}

/// Bytes (or bits) that belong to no member: internal padding or tail padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Hole {
    /// First bit of the hole, from bit 0 of the aggregate.
    pub bit_offset: usize,
    /// Length in bits.
    pub bits: usize,
    /// Whether this is the tail padding (§1.2) rather than internal padding.
    pub tail: bool,
}

/// A storage unit (§1.3) holding named bit-fields.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StorageUnit {
    /// Byte offset of the unit.
    pub offset: usize,
    /// Size of the unit in bytes.
    pub size: usize,
    /// The named bit-fields placed in the unit, in declaration order (ordinary members and
    /// bit-fields of other units that share its bytes are not listed).
    pub members: Vec<String>,
}

/// A pahole-style report of an aggregate's layout at one address size.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LayoutReport {
    /// The type's name.
    pub name: String,
    /// `struct` or `union`.
    pub kind: &'static str,
    /// The address size the report was computed for (32 or 64).
    pub address_size: u32,
    /// `sizeof`.
    pub size: usize,
    /// `alignof`.
    pub align: usize,
    /// The members in declaration order.
    pub members: Vec<MemberRow>,
    /// Every hole, in offset order, the tail padding last.
    pub holes: Vec<Hole>,
    /// The storage units that hold named bit-fields, one per unit.
    pub units: Vec<StorageUnit>,
    /// A member order with less padding, and the size it gives, when one exists. Runs of
    /// adjacent bit-fields stay together and in order, so no bit-field changes meaning.
    pub suggestion: Option<(Vec<String>, usize)>,
}

impl LayoutReport {
    /// The report for `T` at `.address_size 64`.
    pub fn of<T: PtxAbi>() -> Result<LayoutReport, LayoutError> {
        Self::for_type(T::TYPE, AddressSize::A64)
    }

    /// The report for any description at any address size. A type that is not an aggregate
    /// is reported as one row.
    pub fn for_type(ty: &TypeDesc, addr: AddressSize) -> Result<LayoutReport, LayoutError> {
        let layout = try_layout_of(ty, addr)?;
        let union = matches!(
            ty.kind,
            TypeKind::Aggregate {
                kind: AggregateKind::Union,
                ..
            }
        );
        let mut members = Vec::new();
        let mut spans = Vec::new();
        for placed in Placements::new(ty, addr) {
            let (m, p) = placed?;
            spans.push((p.first_bit(), p.bit_len()));
            members.push(MemberRow {
                name: String::from(m.name),
                c_type: crate::layout::c_spelling::member_c_type(m),
                declaration: crate::layout::c_spelling::member_declaration(m).unwrap_or_default(),
                unnamed: matches!(m.ty.kind, TypeKind::Pad { .. }),
                offset: p.offset,
                size: p.size,
                align: p.align,
                bits: p.bits.map(|b| (b.start, b.width)),
            });
        }
        let holes = holes(&spans, layout.size * 8, union);
        let units = units(&members);
        let suggestion = if union {
            None
        } else {
            super::reorder::suggest(ty, addr, layout.size)
        };
        Ok(LayoutReport {
            name: String::from(ty.name),
            kind: if union { "union" } else { "struct" },
            address_size: addr.bits(),
            size: layout.size,
            align: layout.align,
            members,
            holes,
            units,
            suggestion,
        })
    }

    /// Total bits of padding (internal and tail).
    pub fn wasted_bits(&self) -> usize {
        self.holes.iter().map(|h| h.bits).sum()
    }
}

/// Gaps between the bits members cover. For a union only the tail (past its largest member).
fn holes(spans: &[(usize, usize)], total_bits: usize, union: bool) -> Vec<Hole> {
    let mut covered: Vec<(usize, usize)> = spans
        .iter()
        .filter(|(_, len)| *len > 0)
        .map(|(start, len)| (*start, start + len))
        .collect();
    covered.sort_unstable();
    let mut out = Vec::new();
    let mut end = 0;
    for (start, stop) in covered {
        if start > end && !union {
            out.push(Hole {
                bit_offset: end,
                bits: start - end,
                tail: false,
            });
        }
        end = end.max(stop);
    }
    if total_bits > end {
        out.push(Hole {
            bit_offset: end,
            bits: total_bits - end,
            tail: true,
        });
    }
    out
}

/// The storage units (§1.3: a bit-field lies inside a unit of its declared type) that hold
/// named bit-fields, one per unit, each with the named bit-fields placed in it. Bit-fields of
/// different declared types are in different units even where their bytes overlap (an
/// `unsigned long long` unit at 0 contains the bytes of an `unsigned int` unit at 0).
fn units(members: &[MemberRow]) -> Vec<StorageUnit> {
    let mut out: Vec<StorageUnit> = Vec::new();
    for m in members
        .iter()
        .filter(|m| !m.unnamed && m.bits.is_some_and(|(_, w)| w > 0))
    {
        match out
            .iter_mut()
            .find(|u| u.offset == m.offset && u.size == m.size)
        {
            Some(unit) => unit.members.push(m.name.clone()),
            None => out.push(StorageUnit {
                offset: m.offset,
                size: m.size,
                members: alloc::vec![m.name.clone()],
            }),
        }
    }
    out
}

/// `n` and the unit, singular for 1: `1 byte`, `2 bytes`.
pub(crate) fn count(n: usize, unit: &str) -> String {
    alloc::format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

fn bits_text(bits: usize) -> String {
    match (bits / 8, bits % 8) {
        (bytes, 0) => count(bytes, "byte"),
        (0, b) => count(b, "bit"),
        (bytes, b) => alloc::format!("{} {}", count(bytes, "byte"), count(b, "bit")),
    }
}

impl fmt::Display for LayoutReport {
    /// pahole's format: one line per member with `/* offset size */`, holes as `XXX` lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} {} {{  /* .address_size {} */",
            self.kind, self.name, self.address_size
        )?;
        let mut holes = self.holes.iter().filter(|h| !h.tail).peekable();
        for m in &self.members {
            let first_bit = m.offset * 8 + m.bits.map_or(0, |(s, _)| s as usize);
            while let Some(h) = holes.next_if(|h| h.bit_offset < first_bit) {
                writeln!(
                    f,
                    "\t/* XXX {} hole at offset {} */",
                    bits_text(h.bits),
                    hole_at(h)
                )?;
            }
            let decl = &m.declaration;
            match m.bits {
                Some((start, width)) => writeln!(
                    f,
                    "\t{decl:<40} /* {:>4} {:>4}  bits {start}..{} */",
                    m.offset,
                    m.size,
                    start + width
                )?,
                None => writeln!(f, "\t{decl:<40} /* {:>4} {:>4} */", m.offset, m.size)?,
            }
        }
        for h in holes {
            writeln!(
                f,
                "\t/* XXX {} hole at offset {} */",
                bits_text(h.bits),
                hole_at(h)
            )?;
        }
        writeln!(f)?;
        writeln!(f, "\t/* size: {}, alignment: {} */", self.size, self.align)?;
        let internal: usize = self.holes.iter().filter(|h| !h.tail).map(|h| h.bits).sum();
        if internal > 0 {
            writeln!(f, "\t/* holes: {} */", bits_text(internal))?;
        }
        if let Some(tail) = self.holes.iter().find(|h| h.tail) {
            writeln!(f, "\t/* padding: {} */", bits_text(tail.bits))?;
        }
        writeln!(f, "\t/* wasted: {} */", bits_text(self.wasted_bits()))?;
        for u in &self.units {
            writeln!(
                f,
                "\t/* storage unit at {} ({}): {} */",
                u.offset,
                count(u.size, "byte"),
                u.members.join(", ")
            )?;
        }
        if let Some((order, size)) = &self.suggestion {
            writeln!(f, "\t/* reordered ({}): size {size} */", order.join(", "))?;
        }
        writeln!(f, "}};")
    }
}

fn hole_at(h: &Hole) -> String {
    if h.bit_offset % 8 == 0 {
        alloc::format!("{}", h.bit_offset / 8)
    } else {
        alloc::format!("{} bit {}", h.bit_offset / 8, h.bit_offset % 8)
    }
}
