//! pahole's `--reorganize` in miniature: a member order with less padding.
//!
//! Members move as groups: every run of adjacent bit-fields (named, unnamed and zero-length)
//! is one group that keeps its order, so no bit-field is packed with different neighbours.
//! Groups are sorted by alignment, strictest first (stable), and the engine lays the result out.

use crate::layout::address::AddressSize;
use crate::layout::desc::{AggregateKind, Member, TypeDesc, TypeKind};
use crate::layout::{layout_of_members, try_layout_of};
use alloc::string::String;
use alloc::vec::Vec;

fn is_bit_field(m: &Member) -> bool {
    m.bits.is_some() || matches!(m.ty.kind, TypeKind::Pad { .. })
}

fn group_align(group: &[Member], addr: AddressSize) -> usize {
    group
        .iter()
        .map(|m| match (m.bits, m.ty.kind) {
            (Some(_), TypeKind::Scalar(s)) => s.size(),
            (_, TypeKind::Pad { unit, .. }) => unit.size(),
            _ => try_layout_of(m.ty, addr).map_or(1, |l| l.align),
        })
        .max()
        .unwrap_or(1)
}

/// The reordered member names and the size they give, if smaller than `size`.
pub(super) fn suggest(
    ty: &TypeDesc,
    addr: AddressSize,
    size: usize,
) -> Option<(Vec<String>, usize)> {
    let TypeKind::Aggregate {
        kind: AggregateKind::Struct,
        align,
        pack,
        members,
    } = ty.kind
    else {
        return None;
    };
    let mut groups: Vec<Vec<Member>> = Vec::new();
    for m in members {
        match groups.last_mut() {
            Some(g) if is_bit_field(m) && g.last().is_some_and(is_bit_field) => g.push(*m),
            _ => groups.push(alloc::vec![*m]),
        }
    }
    groups.sort_by_key(|g| core::cmp::Reverse(group_align(g, addr)));
    let order: Vec<Member> = groups.into_iter().flatten().collect();
    let new_size = layout_of_members(ty.name, AggregateKind::Struct, align, pack, &order, addr)
        .ok()?
        .size;
    (new_size < size).then(|| {
        let names = order
            .iter()
            .map(|m| {
                if m.name.is_empty() {
                    String::from("_")
                } else {
                    String::from(m.name)
                }
            })
            .collect();
        (names, new_size)
    })
}
