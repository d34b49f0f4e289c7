//! A member's alignment the AST spells no number for (`alignas(T)`, a template's storage;
//! a bare `__attribute__((aligned))`): the one that gives its record clang's layout.

use std::collections::HashMap;

use ptx_abi_core::layout::cuda_version::CudaVersion;
use ptx_abi_core::layout::desc::{Member as CoreMember, TypeDesc, TypeKind};
use ptx_abi_core::layout::Placements;
use ptx_abi_core::layout::{try_layout_of, AddressSize};

use super::{as_imported, differences, Describer};
use crate::error::Unsupported;
use crate::model::{ItemId, ItemKind, Model, Record};
use crate::record_layout::ClangRecord;

/// Gives each member whose alignment attribute spells no number ([`Member::align_from_layout`]:
/// `alignas(T)`, `__attribute__((aligned))`) the alignment that gives its record clang's
/// layout: member by member, the smallest power of two from the member type's alignment up to
/// the record's that puts the member at clang's offset, raised to the record's alignment for
/// the one member whose offset the record's alignment divides when the record would otherwise
/// be aligned to less (any such choice gives the record clang's layout, which is all a
/// member's alignment decides). A packed record, or one no choice fits, is left out with the
/// reason. Records are taken once the records they hold have theirs.
///
/// [`Member::align_from_layout`]: crate::model::Member::align_from_layout
pub(super) fn find_member_aligns(
    model: &mut Model,
    problems: &mut [Vec<Unsupported>],
    clang: &HashMap<String, ClangRecord>,
    cuda: CudaVersion,
) {
    let unresolved = |r: &Record| {
        r.members
            .iter()
            .any(|m| m.align_from_layout && m.align.is_none())
    };
    loop {
        let mut found: Vec<(ItemId, Result<MemberAligns, String>)> = Vec::new();
        let mut d = Describer::new(model, cuda);
        let mut memo = vec![None; model.items.len()];
        for (id, item) in model.items.iter().enumerate() {
            let ItemKind::Record(r) = &item.kind else {
                continue;
            };
            if !unresolved(r) || !problems[id].is_empty() {
                continue;
            }
            if r.members
                .iter()
                .any(|m| model.holds(&m.ty, &unresolved, &mut memo))
            {
                continue;
            }
            let result = match (crate::record_layout::find(clang, item), d.item(id)) {
                (_, Err(_)) => continue, // its own problems say why
                (None, _) => Err("clang gave no layout of it to find the alignment by".to_string()),
                (Some(_), _) if r.packed => {
                    Err("it is packed as well, and the importer finds a packing or a member's alignment by clang's layout, not both".to_string())
                }
                (Some(c), Ok(desc)) => member_aligns(r, &as_imported(r, c), desc),
            };
            found.push((id, result));
        }
        if found.is_empty() {
            return;
        }
        for (id, result) in found {
            let loc = model.items[id].loc.clone();
            let c_name = model.items[id].c_name.clone();
            let ItemKind::Record(r) = &mut model.items[id].kind else {
                continue;
            };
            match result {
                Ok(aligns) => {
                    for (k, a) in aligns {
                        let m = &mut r.members[k];
                        m.align = Some(a);
                        let note = format!(
                            "C: aligned by an attribute the AST gives no number for (`alignas(T)`, `__attribute__((aligned))`): {a}, as clang lays the record out"
                        );
                        m.note = Some(match m.note.take() {
                            Some(old) => format!("{old} {note}"),
                            None => note,
                        });
                    }
                }
                Err(why) => {
                    let members: Vec<String> = r
                        .members
                        .iter()
                        .filter(|m| m.align_from_layout)
                        .map(|m| format!("`{}`", m.c_name.as_deref().unwrap_or(&m.name)))
                        .collect();
                    // Never emitted unresolved.
                    r.members
                        .iter_mut()
                        .filter(|m| m.align_from_layout)
                        .for_each(|m| m.align_from_layout = false);
                    problems[id].push(Unsupported {
                        loc,
                        decl: c_name,
                        why: format!(
                            "{} has an alignment attribute without a number the AST gives (`alignas(T)`, `__attribute__((aligned))`) and {why}: write the alignment as a number, `alignas(16)`",
                            members.join(", ")
                        ),
                    });
                }
            }
        }
    }
}

/// The alignments [`member_aligns`] finds: each member's index and alignment.
type MemberAligns = Vec<(usize, u64)>;

/// The alignments of `r`'s members without a number ([`find_member_aligns`]) that give `desc`
/// (`r` described with those members at their types' alignments) clang's layout `c`.
fn member_aligns(r: &Record, c: &ClangRecord, desc: &TypeDesc) -> Result<MemberAligns, String> {
    let TypeKind::Aggregate {
        kind,
        align,
        pack,
        members,
    } = desc.kind
    else {
        return Err("it is not laid out as a struct".into());
    };
    let mut ms: Vec<CoreMember> = members.to_vec();
    let with = |ms: &[CoreMember]| TypeDesc {
        name: desc.name,
        kind: TypeKind::Aggregate {
            kind,
            align,
            pack,
            members: Box::leak(ms.to_vec().into_boxed_slice()),
        },
    };
    let n = r.members.len();
    let record_align = c.align as usize;
    let unknown: Vec<usize> = (0..n).filter(|&k| r.members[k].align_from_layout).collect();
    for &k in &unknown {
        let natural = try_layout_of(ms[k].ty, AddressSize::A64)
            .map_err(|e| e.message().as_str().to_string())?
            .align;
        let mut a = natural;
        let chosen = loop {
            if a > record_align.max(natural) {
                break None;
            }
            ms[k].align = a;
            match differences(&with(&ms), c, n, false) {
                None | Some((None, _)) => break Some(a),
                Some((Some(j), _)) if j > k => break Some(a),
                _ => a *= 2,
            }
        };
        if chosen.is_none() {
            return Err(format!(
                "no alignment puts `{}` where clang does",
                r.members[k].c_name.as_deref().unwrap_or(&r.members[k].name)
            ));
        }
    }
    // The record aligned to less than clang's: the alignment came from a member placed where
    // a smaller one puts it too.
    if let Some((None, _)) = differences(&with(&ms), c, n, false) {
        let offsets: Vec<usize> = Placements::new(&with(&ms), AddressSize::A64)
            .map(|p| p.map_or(1, |(_, p)| p.offset))
            .collect();
        if let Some(&k) = unknown
            .iter()
            .rev()
            .find(|&&k| offsets.get(k).is_some_and(|o| o % record_align == 0))
        {
            ms[k].align = ms[k].align.max(record_align);
        }
    }
    match differences(&with(&ms), c, n, false) {
        None => Ok(unknown.iter().map(|&k| (k, ms[k].align as u64)).collect()),
        Some((_, why)) => Err(format!("no alignment gives clang's layout (it {why})")),
    }
}
