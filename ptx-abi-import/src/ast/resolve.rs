//! Pass two: every typedef's and member's spelling becomes a [`Ty`] ([`Reader::resolve`]);
//! bit-fields are checked to have an integer type (§1.3) and records that hold themselves are
//! refused.

use super::*;

impl Reader {
    /// Second pass: resolves the members and aliases of every item, in the order they were
    /// registered (a member's type is checked against the items resolved before it).
    pub(crate) fn resolve(mut self) -> (Vec<Item>, Vec<Vec<Unsupported>>) {
        let spelled = self.pending.iter().flat_map(|p| {
            p.members
                .iter()
                .map(|m| (m.qual.clone(), m.desugared.clone()))
                .chain(p.alias_of.clone())
        });
        for (q, d) in spelled {
            if let Some(d) = d.filter(|_| q.contains('<')) {
                self.desugared_templates.entry(q).or_insert(d);
            }
        }
        let mut problems: Vec<Vec<Unsupported>> = vec![Vec::new(); self.items.len()];
        for (id, refused) in problems.iter_mut().enumerate() {
            let p = self.pending[id].clone();
            for (loc, decl, why) in &p.problems {
                refused.push(Unsupported {
                    loc: loc.clone(),
                    decl: decl.clone(),
                    why: why.clone(),
                });
            }
            if let Some((q, d)) = &p.alias_of {
                self.items[id].kind = match self.ty(&p.scope, q, d.as_deref()) {
                    Ok((t, _)) => ItemKind::Alias(t),
                    Err(why) => ItemKind::Unsupported(why),
                };
                continue;
            }
            if !matches!(self.items[id].kind, ItemKind::Record(_)) {
                continue;
            }
            let refused_before = refused.len();
            let mut members: Vec<Member> = Vec::new();
            let mut no_bytes = Vec::new();
            let mut empty_bases = Vec::new();
            for (k, m) in p.members.iter().enumerate() {
                match self.member(id, &p.scope, k, m) {
                    // An empty base class takes no bytes (Itanium C++ ABI: the empty base
                    // optimization); clang's layout check confirms it.
                    Ok(member) if m.base && self.is_empty_record(&member.ty) => {
                        empty_bases.extend(self.record_id(&member.ty));
                    }
                    Ok(member) if m.base && m.private => refused.push(Unsupported {
                        loc: self.items[id].loc.clone(),
                        decl: self.items[id].c_name.clone(),
                        why: format!(
                            "has the private or protected base class `{}`, whose members the checks cannot name from outside the type; derive with `public` (a `struct` does by default)",
                            member.c_type
                        ),
                    }),
                    Ok(member) if m.no_unique_address => match self.overlapping(id, member) {
                        Ok(Overlap::NoBytes(c_name)) => no_bytes.push(c_name),
                        Ok(Overlap::Kept(member)) => members.push(member),
                        Err(problem) => refused.push(problem),
                    },
                    Ok(member) => members.push(member),
                    Err(problem) => refused.push(problem),
                }
            }
            // Itanium C++ ABI: two subobjects of one type never share an address, so a first
            // member of an empty base's type (or an array of them) is not at offset 0 but after
            // the base, at 1: no Rust struct lays that out.
            if let Some(first) = members.first() {
                if let Some(b) = self
                    .record_id(&first.ty)
                    .filter(|r| empty_bases.contains(r))
                {
                    let c_name = first.c_name.as_deref().unwrap_or(&first.name);
                    refused.push(Unsupported {
                        loc: first.loc.clone(),
                        decl: format!("{}::{c_name}", self.items[id].c_name),
                        why: format!(
                            "has the type of the empty base class `{}` and comes first: C++ gives two subobjects of one type different addresses, so it lies after the base, at offset 1, not at 0 (Itanium C++ ABI), which a Rust struct cannot lay out; put another member first, or do not derive from `{}`",
                            self.items[b].c_name, self.items[b].c_name
                        ),
                    });
                }
            }
            // A struct with no data member (none, or only empty bases) is a C++ empty class
            // (`#[ptx(empty_class)]`, chapter 7). A struct whose members were all refused is
            // not empty: those errors say why. An empty union is not an empty class
            // (`std::is_empty` is false for it) and has no ptx-abi counterpart.
            let is_union = matches!(&self.items[id].kind, ItemKind::Record(r) if r.is_union);
            if members.is_empty() && refused.len() == refused_before && is_union {
                refused.push(Unsupported {
                    loc: self.items[id].loc.clone(),
                    decl: self.items[id].c_name.clone(),
                    why: "a union with no member has size 1 in C++ and no ptx-abi counterpart; \
                          give it a member"
                        .into(),
                });
            }
            if let ItemKind::Record(r) = &mut self.items[id].kind {
                r.members = members;
                r.no_bytes = no_bytes;
            }
        }
        self.refuse_cycles(&mut problems);
        (self.items, problems)
    }

    /// Member `k` of record `id`, spelled `m`, resolved from `scope`; or why it cannot be
    /// imported.
    fn member(
        &self,
        id: ItemId,
        scope: &[String],
        k: usize,
        m: &RawMember,
    ) -> Result<Member, Unsupported> {
        let refuse = |why: String| Unsupported {
            loc: m.loc.clone(),
            decl: format!(
                "{}::{}",
                self.items[id].c_name,
                m.name.as_deref().unwrap_or("(unnamed)")
            ),
            why,
        };
        // The stand-ins of the C++ and C libraries (`ptx_abi_nvtools::std_headers`) mark a
        // type whose layout is the host library's (`std::vector`, `pthread_mutex_t`) with
        // this member.
        if m.name.as_deref() == Some("__host_library_layout") {
            return Err(Unsupported {
                loc: self.items[id].loc.clone(),
                decl: self.items[id].c_name.clone(),
                why: "is a C++ or C library type: its layout is the host library's, which no PTX ABI rule describes; keep it out of the types kernels read (a pointer and a length, or a fixed-size array, cross to the device)".into(),
            });
        }
        if let Some(bad) = m
            .name
            .as_deref()
            .and_then(|n| n.chars().find(|&c| c != '_' && !c.is_ascii_alphanumeric()))
        {
            return Err(refuse(format!(
                "`{bad}` in a member's name: nvcc and clang take it, but NVRTC, which checks the \
                 import, does not, nor does `#[ptx(c_name)]`; rename the member"
            )));
        }
        let (mut ty, mut note) = self.member_ty(scope, m).map_err(refuse)?;
        if let Ty::Item(i) = ty {
            match &self.items[i].kind {
                ItemKind::Unsupported(why) => {
                    return Err(refuse(format!(
                        "its type `{}` cannot be imported: {why}",
                        self.items[i].c_name
                    )))
                }
                ItemKind::Opaque => {
                    return Err(refuse(format!(
                        "its type `{}` is declared but never defined",
                        self.items[i].c_name
                    )))
                }
                _ => {}
            }
        }
        if m.bits.is_some() {
            let (integer, enum_note) = self.bit_field_ty(&ty).ok_or_else(|| {
                refuse(format!(
                    "a bit-field of type `{}`: bit-fields must have an integer, bool or enum type (§1.3)",
                    m.qual
                ))
            })?;
            ty = integer;
            if enum_note {
                note = Some(format!(
                    "C type `{}`: a bit-field of enum type, stored as its underlying integer",
                    m.qual
                ));
            }
        }
        let rust = match &m.name {
            Some(n) => rust_ident(n),
            None if m.base => format!("base_{}", rust_ident(base_ident(&m.qual))),
            None if m.bits.is_some() => format!("_u{k}"),
            None => format!("anon{k}"),
        };
        let base = match (&ty, m.base) {
            (Ty::Item(i), true) => Some(self.items[*i].c_name.clone()),
            (_, true) => {
                return Err(refuse(format!(
                    "its base class `{}` is not a struct the importer can read",
                    m.qual
                )))
            }
            (_, false) => None,
        };
        if let Some(b) = &base {
            note = Some(format!(
                "C++'s base class `{b}` (its members are `{}`'s in C++)",
                self.items[id].c_name
            ));
        }
        Ok(Member {
            c_name: m.name.clone().filter(|n| rust != *n),
            name: rust,
            anonymous: m.name.is_none(),
            base,
            private: m.private,
            ty,
            bits: m.bits,
            align: m.align,
            align_from_layout: m.align_from_layout,
            c_type: m.qual.clone(),
            note,
            loc: m.loc.clone(),
        })
    }

    /// A `[[no_unique_address]]` member of record `id`: an empty class (C++20, Itanium C++ ABI:
    /// it shares its address and takes no bytes) is left out of the Rust, as an empty base
    /// is, clang's layout confirming its holder's; a member of another class type, which may
    /// lend its tail padding to the members after it, is refused; on a scalar, a pointer or
    /// an array the attribute changes nothing.
    fn overlapping(&self, id: ItemId, member: Member) -> Result<Overlap, Unsupported> {
        let c_name = member.c_name.clone().unwrap_or_else(|| member.name.clone());
        let refuse = |why: String| Unsupported {
            loc: member.loc.clone(),
            decl: format!("{}::{c_name}", self.items[id].c_name),
            why,
        };
        let record = self.record_of(&member.ty);
        if self.is_empty_record(&member.ty) {
            let aligned = member.align.is_some()
                || member.align_from_layout
                || record.is_some_and(|r| {
                    r.align.is_some() || r.align_from_layout || r.trailing_align.is_some()
                });
            if !aligned {
                return Ok(Overlap::NoBytes(c_name));
            }
            let holder = &self.items[id].c_name;
            return Err(refuse(format!(
                "an empty `[[no_unique_address]]` member of type `{}` with an alignment: it takes no bytes but aligns `{holder}`, which the Rust, leaving it out, would not; drop the attribute (the member then takes a byte) or align `{holder}` itself (`alignas(N)`)",
                member.c_type
            )));
        }
        if record.is_some() || matches!(member.ty, Ty::Cuda(_)) {
            return Err(refuse(format!(
                "is `[[no_unique_address]]` and its type `{}` is not an empty class: C++ may place the members after it in its tail padding, which a Rust field, always its full size, cannot share; drop the attribute",
                member.c_type
            )));
        }
        Ok(Overlap::Kept(member))
    }

    /// The struct or union `ty` is, through typedefs.
    fn record_of(&self, ty: &Ty) -> Option<&Record> {
        let mut ty = ty;
        // At most one step per item: typedefs that name each other (a corrupt dump) end here.
        for _ in 0..=self.items.len() {
            let Ty::Item(i) = ty else { return None };
            match &self.items[*i].kind {
                ItemKind::Record(r) => return Some(r),
                ItemKind::Alias(t) => ty = t,
                _ => return None,
            }
        }
        None
    }

    /// The record `ty` is, or an array of (typedefs followed), if any.
    fn record_id(&self, ty: &Ty) -> Option<ItemId> {
        let mut ty = ty;
        for _ in 0..=self.items.len() {
            match ty {
                Ty::Array(e, _) => ty = e,
                Ty::Item(i) => match &self.items[*i].kind {
                    ItemKind::Alias(t) => ty = t,
                    ItemKind::Record(_) => return Some(*i),
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// Whether `ty` is a struct with no data member (an empty base class): none declared, only
    /// bases, and none of those kept. A struct whose members were refused (CUB's stand-in
    /// `TempStorage` base, a `long double`) has data: a struct deriving from it holds it, and
    /// is left out with it.
    fn is_empty_record(&self, ty: &Ty) -> bool {
        let mut ty = ty;
        // Typedefs are followed at most once each: a dump whose typedefs name each other
        // (refused by `refuse_cycles`) would loop here.
        for _ in 0..=self.items.len() {
            let Ty::Item(i) = ty else { return false };
            match &self.items[*i].kind {
                ItemKind::Record(r) => {
                    return r.members.is_empty()
                        && self.pending[*i].problems.is_empty()
                        && self.pending[*i]
                            .members
                            .iter()
                            .all(|m| m.base || m.no_unique_address)
                }
                ItemKind::Alias(t) => ty = t,
                _ => return false,
            }
        }
        false
    }

    /// The type of member `m`. When the spelling of an unnamed record's type does not name
    /// its location as expected, the type is the record just before the member, with the
    /// member's array dimensions.
    fn member_ty(&self, scope: &[String], m: &RawMember) -> Result<(Ty, Option<String>), String> {
        let spelled = self.ty(scope, &m.qual, m.desugared.as_deref());
        let Some(r) = m.anon_record.filter(|_| spelled.is_err()) else {
            return spelled;
        };
        let dims: Vec<u64> = m.qual[m.qual.rfind(')').unwrap_or(0)..]
            .split('[')
            .skip(1)
            .filter_map(|d| d.trim_end_matches(']').trim().parse().ok())
            .collect();
        if dims.len() > MAX_TYPE_DEPTH {
            return Err(format!(
                "`{}`: more than {MAX_TYPE_DEPTH} array dimensions",
                m.qual
            ));
        }
        let mut t = Ty::Item(r);
        for &n in dims.iter().rev() {
            t = Ty::Array(Box::new(t), n);
        }
        Ok((t, None))
    }

    /// §1.3: a bit-field's type is an integer (or bool); an enum or typedef is its integer.
    /// The integer, and whether it came from an enum; `None` for any other type.
    fn bit_field_ty(&self, ty: &Ty) -> Option<(Ty, bool)> {
        let mut t = ty.clone();
        let mut from_enum = false;
        // At most one step per item: typedefs that name each other (a corrupt dump) end as a
        // type that is not an integer.
        for _ in 0..=self.items.len() {
            let Ty::Item(i) = t else { break };
            match &self.items[i].kind {
                ItemKind::Alias(a) => t = a.clone(),
                ItemKind::Enum(e) => {
                    from_enum = true;
                    t = Ty::Scalar(e.repr);
                }
                _ => break,
            }
        }
        match t {
            Ty::Scalar(s) if s.is_bit_field_type() => Some((Ty::Scalar(s), from_enum)),
            _ => None,
        }
    }

    /// A struct holding itself by value or a typedef of itself: C rejects both, so only a
    /// corrupt dump says so, but the Rust written for it (and its checks) would recurse
    /// without end.
    fn refuse_cycles(&self, problems: &mut [Vec<Unsupported>]) {
        for id in on_cycles(&self.items) {
            let item = &self.items[id];
            problems[id].push(Unsupported {
                loc: item.loc.clone(),
                decl: item.c_name.clone(),
                why: "holds itself (by value, or as a typedef of itself): it has no size".into(),
            });
        }
    }
}

/// What a `[[no_unique_address]]` member is in the import ([`Reader::overlapping`]).
enum Overlap {
    /// An empty class, which takes no bytes: left out, by its C name.
    NoBytes(String),
    /// A member on which the attribute changes nothing, kept.
    Kept(Member),
}

/// The items a value of `ty` names by value (through arrays; not through pointers).
fn held(ty: &Ty, out: &mut Vec<ItemId>) {
    match ty {
        Ty::Array(e, _) => held(e, out),
        Ty::Item(i) => out.push(*i),
        _ => {}
    }
}

/// The items that hold themselves by value (through arrays, typedefs and the members of
/// records; not through pointers), in order: those on a cycle of the graph of "holds by
/// value", found as its strongly connected components (Tarjan's algorithm, without recursion:
/// a header that includes a whole library has hundreds of thousands of items, and chains of
/// typedefs as long as it likes). Linear in items and members.
fn on_cycles(items: &[Item]) -> Vec<ItemId> {
    let edges: Vec<Vec<ItemId>> = items
        .iter()
        .map(|item| {
            let mut out = Vec::new();
            match &item.kind {
                ItemKind::Alias(t) => held(t, &mut out),
                ItemKind::Record(r) => r.members.iter().for_each(|m| held(&m.ty, &mut out)),
                _ => {}
            }
            out
        })
        .collect();
    const NONE: usize = usize::MAX;
    let n = items.len();
    let (mut index, mut low) = (vec![NONE; n], vec![0usize; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut cyclic) = (Vec::new(), vec![false; n]);
    let mut next = 0;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        // (node, next edge to follow)
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut e)) = work.last_mut() {
            if *e == 0 && index[v] == NONE {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*e) {
                *e += 1;
                if index[w] == NONE {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                let looped = component.len() > 1 || edges[v].contains(&v);
                for w in component {
                    cyclic[w] = looped;
                }
            }
        }
    }
    (0..n).filter(|&i| cyclic[i]).collect()
}

/// The identifier a base class's member is named after: `ns::Params<T>` → `Params`.
fn base_ident(qual: &str) -> &str {
    let name = qual.split('<').next().unwrap_or(qual).trim();
    let name = name.rsplit("::").next().unwrap_or(name);
    ["struct ", "class "]
        .iter()
        .find_map(|k| name.strip_prefix(k))
        .unwrap_or(name)
}
