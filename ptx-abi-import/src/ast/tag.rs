//! Pass one for records and enums: [`Reader::tag`] registers a struct, union or enum with its
//! raw members (clang's spellings, resolved later by [`Reader::resolve`]) and the problems its
//! attributes raise; [`Reader::enum_def`] reads an enum's enumerators and underlying integer.

use serde_json::Value;

use super::*;

/// The record being read by [`Reader::record_body`]: what its problems are reported as.
struct RecordAt<'a> {
    id: ItemId,
    module: &'a [String],
    loc: &'a Loc,
    c_name: &'a str,
}

impl Reader {
    /// Registers a struct, union or enum `d` (named `typedef_name` when it is the unnamed
    /// type of a typedef); `prefix` is the Rust name prefix of a nested type (`Outer_`).
    pub(super) fn tag(
        &mut self,
        d: &Value,
        module: &[String],
        scope: &[String],
        prefix: &str,
        typedef_name: Option<&str>,
    ) -> Option<ItemId> {
        let loc = self.loc(d);
        let in_header = (self.is_header)(&loc.file);
        let params = self.template_params.clone();
        let (spec, shorter) = match template_id(d, &params) {
            Some((id, shorter)) => (Some(id), shorter),
            None => (None, Vec::new()),
        };
        let c_own = spec.as_deref().or(name(d)).or(typedef_name);
        let anonymous = c_own.is_none();
        let c_name = match c_own {
            Some(n) => qualify(scope, n),
            None => qualify(scope, &format!("(anonymous at {})", anon_key(&loc))),
        };
        let rust = format!("{prefix}{}", c_own.unwrap_or("anon"));
        let rust = match &spec {
            Some(_) => rust_name_of_template_id(&rust),
            None => rust_ident(&rust),
        };
        let item = |kind| Item {
            module: module.to_vec(),
            name: rust.clone(),
            c_name: c_name.clone(),
            loc: loc.clone(),
            kind,
            in_header,
            anonymous,
            private: false,
        };
        if kind(d) == "EnumDecl" {
            // An opaque declaration (`enum class Kind : uint8_t;`) defined later: the
            // definition is the enum.
            if d.get("id")
                .and_then(Value::as_str)
                .is_some_and(|id| self.enumerators.redeclared.contains(id))
            {
                return None;
            }
            let id = self.add(item(self.enum_def(d)), Pending::default());
            if anonymous {
                self.by_anon_loc.insert(anon_key(&loc), id);
                self.by_anon_loc
                    .insert(anon_in(&anon_context_of_scope(scope), &anon_key(&loc)), id);
            }
            return Some(id);
        }
        if !flag(d, "completeDefinition") {
            // A declaration without definition: opaque unless defined elsewhere. An
            // instantiation never defined is not opaque: the header did not make clang
            // instantiate it (a typedef does not), so it stays unknown, and a typedef of it
            // says so.
            if spec.is_none() && !self.by_c_name.contains_key(&c_name) {
                self.add(item(ItemKind::Opaque), Pending::default());
            }
            return None;
        }
        // Register before the members so that self-references (`Node* next`) find it.
        let existing = self
            .by_c_name
            .get(&c_name)
            .copied()
            .filter(|&i| matches!(self.items[i].kind, ItemKind::Opaque));
        let id = match existing {
            Some(i) => {
                self.items[i] = item(ItemKind::Opaque);
                i
            }
            None => self.add(item(ItemKind::Opaque), Pending::default()),
        };
        if anonymous {
            self.by_anon_loc.insert(anon_key(&loc), id);
            self.by_anon_loc
                .insert(anon_in(&anon_context_of_scope(scope), &anon_key(&loc)), id);
        }
        for short in shorter {
            let ids = self
                .by_shorter_name
                .entry(qualify(scope, &short))
                .or_default();
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let mut inner_scope = scope.to_vec();
        inner_scope.push(c_own.unwrap_or("").to_string());
        let at = RecordAt {
            id,
            module,
            loc: &loc,
            c_name: &c_name,
        };
        let (record, pending) = self.record_body(d, &at, inner_scope);
        self.items[id].kind = ItemKind::Record(record);
        self.pending[id] = pending;
        Some(id)
    }

    /// The members, nested types and attributes of the struct or union `d`, read from
    /// `scope` (its own scope).
    fn record_body(
        &mut self,
        d: &Value,
        at: &RecordAt<'_>,
        scope: Vec<String>,
    ) -> (Record, Pending) {
        let mut pending = Pending {
            scope: scope.clone(),
            ..Pending::default()
        };
        let mut record = Record {
            is_union: d.get("tagUsed").and_then(Value::as_str) == Some("union"),
            // clang's `definitionData.isPOD` (kept by `prune`); C's structs have none.
            pod: flag(d, "isPOD") || kind(d) == "RecordDecl",
            ..Record::default()
        };
        let problem = |why: &str| (at.loc.clone(), at.c_name.to_string(), why.to_string());
        // Itanium C++ ABI (the guide's chapter 7): a non-virtual base class is a subobject laid
        // out before the members, as a leading member would be; an empty one takes no bytes.
        // Whether that holds for a given base (a non-POD base's tail padding can hold the
        // derived members) is `rust_layout`'s comparison with clang's layout to say.
        for b in d
            .get("bases")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let (qual, desugared) = qual_type(b);
            if flag(b, "isVirtual") {
                pending.problems.push(problem(&format!(
                    "has the virtual base class `{qual}`: its objects hold a pointer to that base, which cannot be shared with the host; derive without `virtual`, or keep the shared data in a plain struct"
                )));
                continue;
            }
            // A `private` or `protected` base: its members are out of the checks' reach,
            // unless it has none (an empty tag class, left out as any empty base is), which
            // `resolve` knows.
            let access = b.get("access").and_then(Value::as_str).unwrap_or("public");
            pending.members.push(RawMember {
                name: None,
                qual,
                desugared,
                bits: None,
                align: None,
                align_from_layout: false,
                loc: at.loc.clone(),
                anon_record: None,
                base: true,
                private: access != "public",
                no_unique_address: false,
            });
        }
        let rust_self = self.items[at.id].name.trim_start_matches("r#").to_string();
        let children = inner(d);
        // A `class` starts private, a `struct` or `union` public; `public:` and the like change it.
        let mut private = d.get("tagUsed").and_then(Value::as_str) == Some("class");
        let mut last_unnamed: Option<ItemId> = None;
        for (j, c) in children.iter().enumerate() {
            match kind(c) {
                "AlignedAttr" if no_effect(c) => {}
                "AlignedAttr" if after_closing_brace(d, c) || cxx11_gnu(&at.loc.file, c) => match constant(c).map(u64::try_from) {
                    Some(Ok(n)) => {
                        record.trailing_align = Some(record.trailing_align.map_or(n, |a| a.max(n)))
                    }
                    _ => pending.problems.push(problem(
                        "has an `aligned` attribute after its closing brace without a number (or with an invalid one); nvcc applies such an attribute and NVRTC drops it: spell the alignment (`__attribute__((aligned(16)))`) or put `alignas(N)` before the name",
                    )),
                },
                "AlignedAttr" => match constant(c).map(u64::try_from) {
                    Some(Ok(n)) => {
                        // nvcc takes the last specifier, NVRTC and clang the strictest.
                        record.last_align = Some(n);
                        record.align = Some(record.align.map_or(n, |a: u64| a.max(n)))
                    }
                    Some(Err(_)) => pending.problems.push(problem(&format!(
                        "has an alignment of {}",
                        constant(c).unwrap_or_default()
                    ))),
                    // `alignas(double)`, `__attribute__((aligned))`: the AST spells no number;
                    // the alignment is clang's record alignment (`align_from_layout`).
                    None => record.align_from_layout = true,
                },
                // `#pragma pack(N)` and `__attribute__((packed))`: the AST spells no `N`; the
                // layout check (`rust_layout`) finds the `#[ptx(pack = N)]` that gives clang's
                // layout, or none (`pack(16)` over ints changes nothing), or refuses it.
                "PackedAttr" if after_closing_brace(d, c) => record.trailing_packed = true,
                "PackedAttr" => {
                    record.packed = true;
                    record.packed_attribute = true;
                }
                "MaxFieldAlignmentAttr" => record.packed = true,
                "CXXMethodDecl" | "CXXDestructorDecl" if flag(c, "virtual") => {
                    pending.problems.push((
                        self.loc(c),
                        at.c_name.to_string(),
                        "has virtual functions, so its objects hold a vtable pointer that cannot be shared with the host: keep the shared data in a plain struct".into(),
                    ))
                }
                "CXXRecordDecl" | "RecordDecl" | "EnumDecl" if !flag(c, "isImplicit") => {
                    // `typedef struct { … } T;` inside a record: the unnamed type is `T`, which
                    // clang spells `struct T`; a typedef of something else after an unnamed
                    // type (`enum { dims = 2 }; typedef T scalar_t;`) does not name it.
                    let td = match (name(c), children.get(j + 1)) {
                        (None, Some(next)) if kind(next) == "TypedefDecl" => {
                            let (q, _) = qual_type(next);
                            name(next)
                                .filter(|n| q.ends_with(&format!(" {n}")) || q == *n)
                                .map(str::to_string)
                        }
                        _ => None,
                    };
                    let nested =
                        self.tag(c, at.module, &scope, &format!("{rust_self}_"), td.as_deref());
                    if name(c).is_none() {
                        last_unnamed = nested;
                    }
                    // A type declared `private:` (cutlass' `bfloat16_t::from_32_bit_integer_t`
                    // tag), and every type inside it, has no name outside the class.
                    if let Some(n) = nested.filter(|_| private) {
                        self.items[n].private = true;
                        let inside = format!("{}::", self.items[n].c_name);
                        for item in &mut self.items[n + 1..] {
                            if item.c_name.starts_with(&inside) {
                                item.private = true;
                            }
                        }
                    }
                }
                "AccessSpecDecl" => {
                    private = c.get("access").and_then(Value::as_str) != Some("public");
                }
                // A member typedef (`using value_type = T;`, which an instantiation spells
                // `value_type` in a member's type, `value_type v[2]`, without a desugared
                // type): an alias in the record's scope, imported where a member uses it.
                "TypedefDecl" | "TypeAliasDecl" if !flag(c, "isImplicit") => {
                    let before = self.items.len();
                    self.decls(std::slice::from_ref(c), at.module, &scope);
                    for item in &mut self.items[before..] {
                        item.name = format!("{rust_self}_{}", item.name.trim_start_matches("r#"));
                        item.in_header = false;
                        item.private |= private;
                    }
                }
                "FieldDecl" => {
                    let mut member =
                        self.raw_member(c, at.c_name, &rust_self, &mut pending, last_unnamed);
                    member.private = private;
                    if let (Some(n), Some(align)) = (name(c), member.align) {
                        if keyword_alignment(c) == Some(align) {
                            record.alignas_members.push(n.to_string());
                        }
                    }
                    if record.is_union && member.align.is_some() {
                        pending.problems.push((
                            member.loc.clone(),
                            format!("{}::{}", at.c_name, member.name.as_deref().unwrap_or("(unnamed)")),
                            "has an alignment attribute in a union: ptx-abi aligns a union's members by their types; align the union itself (`union __align__(N) U`)".into(),
                        ));
                    }
                    pending.members.push(member);
                }
                _ => {}
            }
        }
        // The last specifier being the strictest, every compiler agrees.
        if record.last_align == record.align {
            record.last_align = None;
        }
        (record, pending)
    }

    /// The field `c` of record `c_name` (Rust name `rust_self`) as read in pass one; its
    /// problems (a bit-field width the AST does not give, attributes on the member) go to
    /// `pending`. An unnamed record type of the member (`struct { … } pos;`) is named after
    /// the member; `last_unnamed` is the unnamed record declared just before it.
    fn raw_member(
        &mut self,
        c: &Value,
        c_name: &str,
        rust_self: &str,
        pending: &mut Pending,
        last_unnamed: Option<ItemId>,
    ) -> RawMember {
        let (qual, desugared) = qual_type(c);
        let floc = self.loc(c);
        let decl = format!("{c_name}::{}", name(c).unwrap_or("(unnamed)"));
        let mut problem = |why: String| pending.problems.push((floc.clone(), decl.clone(), why));
        let bits = if flag(c, "isBitfield") {
            let width = inner(c).first().and_then(constant);
            match width.map(u32::try_from) {
                Some(Ok(w)) => Some(w),
                // Never a guess: a bit-field whose width cannot be read is not imported as an
                // ordinary member.
                _ => {
                    problem(match width {
                        Some(w) => format!("a bit-field {w} bits wide"),
                        None => "a bit-field whose width the AST does not give".into(),
                    });
                    None
                }
            }
        } else {
            None
        };
        if inner(c).iter().any(|a| kind(a) == "PackedAttr") {
            problem("is packed (`__attribute__((packed))` on the member): ptx-abi lays out members as nvcc does by default; remove the attribute or describe the bytes with explicit members".into());
        }
        // `alignas(N)` or `__attribute__((aligned(N)))` on the member: `#[ptx(align = N)]` on
        // the field; the layout check (`rust_layout`) compares the result with clang's.
        // `alignas(T)` and `__attribute__((aligned))` spell no number: the alignment that
        // gives clang's layout (`rust_layout`).
        let mut align = None;
        let mut align_from_layout = false;
        for a in inner(c)
            .iter()
            .filter(|a| kind(a) == "AlignedAttr" && !no_effect(a))
        {
            match constant(a).map(u64::try_from) {
                Some(Ok(n)) => align = Some(align.map_or(n, |m: u64| m.max(n))),
                None => align_from_layout = true,
                Some(Err(_)) => problem("has an alignment attribute with an invalid number: write the alignment as a power of two, `alignas(16)`".into()),
            }
        }
        let anon_record = (qual.contains("(unnamed") || qual.contains("(anonymous"))
            .then(|| self.anon_record(&qual, &pending.scope).or(last_unnamed))
            .flatten();
        if let Some(r) = anon_record {
            // Name the unnamed type after its member.
            let index = pending.members.len();
            let base = name(c).map_or(format!("anon{index}"), str::to_string);
            self.items[r].name = format!("{rust_self}_{base}");
        }
        RawMember {
            name: name(c).map(str::to_string),
            qual,
            desugared,
            bits,
            align,
            align_from_layout,
            loc: floc,
            anon_record,
            base: false,
            private: false,
            no_unique_address: inner(c).iter().any(|a| kind(a) == "NoUniqueAddressAttr"),
        }
    }

    fn enum_def(&self, d: &Value) -> ItemKind {
        if let Some(a) = layout_attrs(d).next() {
            return ItemKind::Unsupported(format!(
                "an enum with `{a}`: a ptx-abi enum has the layout of its integer repr; give the enum a fixed underlying type (`enum E : unsigned char`) instead"
            ));
        }
        let mut variants = Vec::new();
        let mut next: i128 = 0;
        let mut written_as_flags = false;
        for c in inner(d) {
            if kind(c) != "EnumConstantDecl" {
                continue;
            }
            written_as_flags |= inner(c).first().is_some_and(shift_or_or);
            let v = inner(c).first().and_then(constant).unwrap_or(next);
            let n = name(c).unwrap_or("_");
            // A C enumerator is at most 64 bits wide; this also keeps `v + 1` from overflowing.
            if v < i128::from(i64::MIN) || v > i128::from(u64::MAX) {
                return ItemKind::Unsupported(format!(
                    "the enumerator `{n}` = {v} does not fit in 64 bits"
                ));
            }
            variants.push((n.to_string(), v));
            next = v + 1;
        }
        let fixed = d
            .get("fixedUnderlyingType")
            .and_then(|t| t.get("desugaredQualType").or_else(|| t.get("qualType")))
            .and_then(Value::as_str);
        let repr = match fixed {
            Some(t) => match scalar_from_c(t) {
                Some(s) if s.is_bit_field_type() && s != Scalar::Bool => s,
                _ => {
                    return ItemKind::Unsupported(format!(
                        "an enum with underlying type `{t}`: ptx-abi enums have an integer repr"
                    ))
                }
            },
            None => {
                // Without a fixed type, clang (like GCC) picks int/unsigned int when every
                // value fits, else the 64-bit types.
                let min = variants.iter().map(|v| v.1).min().unwrap_or(0);
                let max = variants.iter().map(|v| v.1).max().unwrap_or(0);
                if min < 0 {
                    if min >= i32::MIN.into() && max <= i32::MAX.into() {
                        Scalar::I32
                    } else {
                        Scalar::I64
                    }
                } else if max <= u32::MAX.into() {
                    Scalar::U32
                } else {
                    Scalar::U64
                }
            }
        };
        // An enum without enumerators is a distinct integer type (`enum class byte : unsigned
        // char {}`, C++17's `std::byte`; `enum class Handle : uint32_t {}`, a strong typedef):
        // every value is valid, so it is open, its underlying integer.
        let open = variants.is_empty() || Enum::looks_like_flags(&variants, written_as_flags);
        ItemKind::Enum(Enum {
            repr,
            variants,
            scoped: d.get("scopedEnumTag").is_some(),
            fixed: fixed.is_some(),
            open,
        })
    }
}

/// The alignment the keyword `alignas(N)` (or C11's `_Alignas(N)`) gives the field `c`, when
/// it is so aligned: clang's attribute then spans the keyword alone (its range begins and ends
/// at one place written in the file), where `__attribute__((aligned(N)))` spans `aligned(N)`
/// and `__align__(N)` is a macro's expansion.
fn keyword_alignment(c: &Value) -> Option<u64> {
    inner(c)
        .iter()
        .filter(|a| kind(a) == "AlignedAttr")
        .filter(|a| {
            let range = a.get("range");
            let at = |end: &str| range.and_then(|r| r.get(end));
            let offset = |end: &str| {
                at(end)
                    .and_then(|e| e.get("offset"))
                    .and_then(Value::as_u64)
            };
            offset("begin").is_some() && offset("begin") == offset("end")
        })
        .filter_map(|a| constant(a).and_then(|n| u64::try_from(n).ok()))
        .max()
}

/// Whether an enumerator's initializer is written with `<<` or `|` (`A = 1 << 3`,
/// `AB = A | B`): how C spells bit flags.
fn shift_or_or(v: &Value) -> bool {
    (kind(v) == "BinaryOperator"
        && matches!(
            v.get("opcode").and_then(Value::as_str),
            Some("<<") | Some("|")
        ))
        || inner(v).iter().any(shift_or_or)
}

/// Whether the attribute `attr` of the record `d` is written after the record's closing brace
/// (`struct A { … } __attribute__((aligned(16)));`), by their offsets in the file (through
/// macro expansions: the expansion's place).
fn after_closing_brace(d: &Value, attr: &Value) -> bool {
    let offset = |v: &Value, end: &str| {
        let at = v.get("range")?.get(end)?;
        at.get("expansionLoc")
            .unwrap_or(at)
            .get("offset")
            .and_then(Value::as_u64)
    };
    matches!((offset(d, "end"), offset(attr, "begin")), (Some(close), Some(a)) if a > close)
}

/// Whether the attribute `attr`, in `file`, is spelled `[[gnu::aligned(N)]]`: nvcc applies it,
/// NVRTC ignores it as an unknown attribute (warning #1097-D), as it drops one after a
/// closing brace (the differential test of the two, `oracle-tests/tests/nvcc_nvrtc.rs`).
fn cxx11_gnu(file: &str, attr: &Value) -> bool {
    let Some(at) = attr.get("range").and_then(|r| r.get("begin")) else {
        return false;
    };
    let at = at.get("expansionLoc").unwrap_or(at);
    let Some(offset) = at.get("offset").and_then(Value::as_u64) else {
        return false;
    };
    let Ok(text) = std::fs::read(file) else {
        return false;
    };
    let offset = usize::try_from(offset).unwrap_or(usize::MAX);
    text.get(offset..)
        .is_some_and(|t| t.starts_with(b"gnu::") || t.starts_with(b"__gnu__::"))
}
