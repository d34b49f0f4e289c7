//! Dropping the definitions a case's top type does not reach.
//!
//! The generator's size budgets are soft: a nested aggregate can come out bigger than the room
//! it was made for, and is then replaced by a scalar, leaving its definition unused.

use super::model::{Aggregate, EnumDef, Member, Ty};

/// Keeps the aggregates reachable from the last one and the enums they use, in order,
/// renumbering references and naming each kept definition `{prefix}{new index}`.
pub(super) fn drop_unused(
    aggs: Vec<Aggregate>,
    enums: Vec<EnumDef>,
    (agg_prefix, enum_prefix): (&str, &str),
) -> (Vec<Aggregate>, Vec<EnumDef>) {
    let (used, used_enums) = reachable(&aggs, enums.len());
    let (agg_map, enum_map) = (new_indices(&used), new_indices(&used_enums));
    let aggs = aggs
        .into_iter()
        .enumerate()
        .filter(|(k, _)| used[*k])
        .map(|(k, mut agg)| {
            agg.name = format!("{agg_prefix}{}", agg_map[k]);
            for m in &mut agg.members {
                if let Member::Field { ty, .. } = m {
                    renumber(ty, &agg_map, &enum_map);
                }
            }
            agg
        })
        .collect();
    let enums = enums
        .into_iter()
        .enumerate()
        .filter(|(k, _)| used_enums[*k])
        .map(|(k, e)| EnumDef {
            name: format!("{enum_prefix}{}", enum_map[k]),
            ..e
        })
        .collect();
    (aggs, enums)
}

/// Which aggregates and enums the last aggregate reaches (itself included).
fn reachable(aggs: &[Aggregate], enums: usize) -> (Vec<bool>, Vec<bool>) {
    let mut used = vec![false; aggs.len()];
    let mut used_enums = vec![false; enums];
    used[aggs.len() - 1] = true;
    // Dependencies come first, so one backward pass sees every user before its uses.
    for k in (0..aggs.len()).rev() {
        if !used[k] {
            continue;
        }
        for m in &aggs[k].members {
            if let Member::Field { ty, .. } = m {
                visit(ty, &mut |t| match t {
                    Ty::Named(i) => used[*i] = true,
                    Ty::Enum(i) => used_enums[*i] = true,
                    _ => {}
                });
            }
        }
    }
    (used, used_enums)
}

/// Old index → new index, for the kept entries.
fn new_indices(keep: &[bool]) -> Vec<usize> {
    keep.iter()
        .scan(0, |next, &k| {
            let i = *next;
            *next += usize::from(k);
            Some(i)
        })
        .collect()
}

fn visit(ty: &Ty, f: &mut impl FnMut(&Ty)) {
    f(ty);
    if let Ty::Array { elem, .. } = ty {
        visit(elem, f);
    }
}

fn renumber(ty: &mut Ty, aggs: &[usize], enums: &[usize]) {
    match ty {
        Ty::Named(i) => *i = aggs[*i],
        Ty::Enum(i) => *i = enums[*i],
        Ty::Array { elem, .. } => renumber(elem, aggs, enums),
        _ => {}
    }
}
