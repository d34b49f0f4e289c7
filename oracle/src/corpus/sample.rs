//! The sample of the corpus that goes through `#[derive(PtxAbi)]`.
//!
//! Every case of the corpus is checked through the layout engine at run time (cheap); only a
//! sample is compiled as derived Rust types (about 0.1 s of build time per case). The sample
//! must keep what compiling all of them gave: every form of Rust the generator writes
//! reaches the derive. [`features`] names those forms — each is a distinct piece of derive
//! input or a distinct pattern of `oracle/src/gen/shapes.rs` — and [`derive_sample`] picks
//! the first [`BASE_PER_FILE`] cases of every data file plus, greedily, cases that bring a
//! feature not yet in the sample, until every feature of the corpus is in it.

use std::collections::BTreeSet;

use super::CORPUS_SEED;
use crate::gen::{Aggregate, Case, Kind, Member, Scalar, Ty};

/// Cases taken from the start of every data file before the greedy cover: a plain random
/// sample on top of the features, so that the sample is not only the corpus's oddities.
pub const BASE_PER_FILE: usize = 25;

fn scalar(s: Scalar) -> &'static str {
    s.rust_name()
}

/// The derive input forms and generator patterns of a type (recursively, for array elements).
fn ty_features(case: &Case, ty: &Ty, at: &str, out: &mut BTreeSet<String>) {
    match ty {
        Ty::Scalar(s) => {
            out.insert(format!("{at} scalar {}", scalar(*s)));
        }
        Ty::Pointer => {
            out.insert(format!("{at} pointer"));
        }
        Ty::Vector { elem, lanes } => {
            out.insert(format!("vector {}x{lanes}", scalar(*elem)));
            out.insert(format!("{at} vector"));
        }
        Ty::Array { elem, .. } => {
            let mut dims = 1;
            let mut inner = &**elem;
            while let Ty::Array { elem, .. } = inner {
                dims += 1;
                inner = elem;
            }
            let what = match inner {
                Ty::Scalar(_) => "scalar",
                Ty::Pointer => "pointer",
                Ty::Vector { .. } => "vector",
                Ty::Named(i) if case.aggregates[*i].kind == Kind::Union => "union",
                Ty::Named(_) => "struct",
                Ty::Enum(_) => "enum",
                Ty::Array { .. } => unreachable!("walked above"),
            };
            out.insert(format!("{at} array {dims}d of {what}"));
            ty_features(case, inner, "array element", out);
        }
        Ty::Named(i) => {
            let kind = match case.aggregates[*i].kind {
                Kind::Struct => "struct",
                Kind::Union => "union",
            };
            out.insert(format!("{at} {kind}"));
        }
        Ty::Enum(_) => {
            out.insert(format!("{at} enum"));
        }
    }
}

fn aggregate_features(case: &Case, agg: &Aggregate, top: bool, out: &mut BTreeSet<String>) {
    let (kind, at) = match agg.kind {
        Kind::Struct => ("struct", "struct field"),
        Kind::Union => ("union", "union variant"),
    };
    let level = if top { "top" } else { "nested" };
    out.insert(format!("{level} {kind}"));
    if let Some(a) = agg.align {
        out.insert(format!("{kind} align {a}"));
        out.insert(format!("{level} {kind} over-aligned"));
    }
    if let Some(init) = agg.init_member {
        let first_ordinary = agg.members.iter().position(Member::is_ordinary);
        if Some(init) != first_ordinary {
            out.insert("union decodes through a later variant".into());
        }
        if agg.members.iter().filter(|m| m.is_ordinary()).count() > 1 {
            out.insert("union with several ordinary variants".into());
        }
    }
    if agg.members.iter().all(|m| !m.is_bit_field()) {
        out.insert(format!("{kind} without bit-fields"));
    }
    let mut prev: Option<&Member> = None;
    for m in &agg.members {
        match m {
            Member::Field { ty, .. } => ty_features(case, ty, at, out),
            Member::BitField { ty, width, .. } => {
                out.insert(format!("{kind} bit-field {}", scalar(*ty)));
                if *width == ty.max_width() && *ty != Scalar::Bool {
                    out.insert(format!("{kind} full-width bit-field {}", scalar(*ty)));
                }
                // shapes.rs `bit_run`: neighbours of the same or of another type.
                if let Some(Member::BitField { ty: p, .. }) = prev {
                    out.insert(format!(
                        "bit-field after a bit-field of {} type",
                        if p == ty { "the same" } else { "another" }
                    ));
                }
                // shapes.rs `sharing`: a small ordinary member, then a wider bit-field.
                if let Some(Member::Field { .. }) = prev {
                    out.insert(format!("{kind} bit-field after an ordinary member"));
                }
                if let Some(Member::Unnamed { width: 0, .. }) = prev {
                    out.insert("bit-field after a zero-length bit-field".into());
                }
            }
            Member::Unnamed { ty, width } => {
                let w = if *width == 0 {
                    "zero-length"
                } else {
                    "unnamed"
                };
                out.insert(format!("{kind} {w} bit-field {}", scalar(*ty)));
            }
        }
        prev = Some(m);
    }
    // shapes.rs `narrow`: one-byte members between wider unnamed bit-fields.
    let narrow = agg.members.iter().all(|m| match m {
        Member::Field {
            ty: Ty::Scalar(s), ..
        }
        | Member::BitField { ty: s, .. } => s.size() == 1,
        Member::Field {
            ty: Ty::Array { elem, .. },
            ..
        } => matches!(**elem, Ty::Scalar(s) if s.size() == 1),
        Member::Field { .. } => false,
        Member::Unnamed { .. } => true,
    });
    if narrow
        && agg
            .members
            .iter()
            .any(|m| matches!(m, Member::Unnamed { ty, .. } if ty.size() > 1))
    {
        out.insert(format!("{kind} of bytes with wider unnamed bit-fields"));
    }
}

/// What a case gives the derive to compile: every feature of every aggregate, plus the depth
/// of nesting.
pub fn features(case: &Case) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let top = case.top_index();
    for (k, agg) in case.aggregates.iter().enumerate() {
        aggregate_features(case, agg, k == top, &mut out);
    }
    out.insert(format!("{} aggregates", case.aggregates.len().min(6)));
    if !case.enums.is_empty() {
        out.insert("enum".into());
    }
    out
}

/// Indices into `cases` of the derive sample: every hand-written entry (seed 0), the first
/// [`BASE_PER_FILE`] cases of every corpus seed, then greedily the case bringing the most
/// features not yet sampled, until the sample has every feature of `cases`.
pub fn derive_sample(cases: &[Case]) -> Vec<usize> {
    let feats: Vec<BTreeSet<String>> = cases.iter().map(features).collect();
    let mut chosen = vec![false; cases.len()];
    let mut have = BTreeSet::new();
    for (i, c) in cases.iter().enumerate() {
        if c.seed == 0 || (c.seed >= CORPUS_SEED && (c.id as usize) < BASE_PER_FILE) {
            chosen[i] = true;
            have.extend(feats[i].iter().cloned());
        }
    }
    loop {
        let best = (0..cases.len())
            .filter(|&i| !chosen[i])
            .map(|i| (feats[i].iter().filter(|f| !have.contains(*f)).count(), i))
            .filter(|&(new, _)| new > 0)
            // Most new features first; the earliest case among equals.
            .max_by_key(|&(new, i)| (new, std::cmp::Reverse(i)));
        let Some((_, i)) = best else { break };
        chosen[i] = true;
        have.extend(feats[i].iter().cloned());
    }
    (0..cases.len()).filter(|&i| chosen[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::generate;

    #[test]
    fn the_sample_has_every_feature_of_the_cases() {
        let cases: Vec<Case> = (0..300).map(|id| generate(CORPUS_SEED, id)).collect();
        let sample = derive_sample(&cases);
        let all: BTreeSet<String> = cases.iter().flat_map(features).collect();
        let sampled: BTreeSet<String> = sample.iter().flat_map(|&i| features(&cases[i])).collect();
        assert_eq!(all, sampled);
        assert!(
            sample.len() < cases.len(),
            "{} of {}",
            sample.len(),
            cases.len()
        );
        assert!((0..BASE_PER_FILE).all(|i| sample.contains(&i)));
    }
}
