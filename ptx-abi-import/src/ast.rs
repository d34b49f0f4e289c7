//! clang's JSON AST → [`Model`].
//!
//! Two passes: [`Reader::decls`] registers every struct, union, enum and typedef with its raw
//! member types (clang's `qualType` spellings) and its scope; [`Reader::resolve`] then turns
//! each spelling into a [`Ty`] by C++ name lookup from that scope, so that members may point at
//! types declared later (`struct Node; struct List { Node* head; };`).
//!
//! The JSON dump omits a location's `file` and `line` when they equal the previous location's,
//! so [`locations`] first replays every location in document order.

use std::collections::HashMap;

use serde_json::Value;

use crate::cuda_types;
use crate::error::Unsupported;
use crate::model::{
    scalar_from_c, Enum, Item, ItemId, ItemKind, Loc, Member, Model, Record, Scalar, Ty,
};
use ptx_abi_core::layout::cuda_version::CudaVersion;

/// Every node's location, by node id.
fn locations(root: &Value) -> HashMap<String, Loc> {
    fn visit(v: &Value, cur: &mut Loc, out: &mut HashMap<String, Loc>) {
        let Some(obj) = v.as_object() else {
            if let Some(a) = v.as_array() {
                a.iter().for_each(|c| visit(c, cur, out));
            }
            return;
        };
        // One source location: `file`, `line`, `col`, possibly split into spelling/expansion.
        fn step(l: &Value, cur: &mut Loc) {
            if let Some(s) = l.get("spellingLoc") {
                step(s, cur);
            }
            if let Some(e) = l.get("expansionLoc") {
                step(e, cur);
                return;
            }
            if let Some(f) = l.get("file").and_then(Value::as_str) {
                cur.file = f.to_string();
            }
            if let Some(n) = l.get("line").and_then(Value::as_u64) {
                cur.line = n;
            }
            if let Some(c) = l.get("col").and_then(Value::as_u64) {
                cur.col = c;
            }
        }
        let mut own = None;
        if let Some(l) = obj.get("loc") {
            step(l, cur);
            own = Some(cur.clone());
        }
        if let Some(r) = obj.get("range") {
            if let Some(b) = r.get("begin") {
                step(b, cur);
            }
            if own.is_none() {
                own = Some(cur.clone());
            }
            if let Some(e) = r.get("end") {
                step(e, cur);
            }
        }
        if let (Some(id), Some(l)) = (obj.get("id").and_then(Value::as_str), own) {
            out.insert(id.to_string(), l);
        }
        if let Some(inner) = obj.get("inner") {
            visit(inner, cur, out);
        }
    }
    let mut out = HashMap::new();
    visit(root, &mut Loc::default(), &mut out);
    out
}

/// A member before its type is resolved.
#[derive(Clone, Debug)]
struct RawMember {
    name: Option<String>,
    qual: String,
    desugared: Option<String>,
    bits: Option<u32>,
    loc: Loc,
    /// The record of an anonymous struct/union member or of an unnamed member type.
    anon_record: Option<ItemId>,
}

/// What the first pass keeps per item until resolution.
#[derive(Clone, Debug, Default)]
struct Pending {
    /// C++ scope the item's spellings are looked up from (namespaces and enclosing records).
    scope: Vec<String>,
    members: Vec<RawMember>,
    alias_of: Option<(String, Option<String>)>,
    /// Problems found in the first pass (virtual functions, packed, …).
    problems: Vec<(Loc, String, String)>,
}

/// The reader of one AST dump.
pub(crate) struct Reader {
    locs: HashMap<String, Loc>,
    items: Vec<Item>,
    pending: Vec<Pending>,
    by_c_name: HashMap<String, ItemId>,
    /// Unnamed records by the `file:line:col` clang uses in their type spelling.
    by_anon_loc: HashMap<String, ItemId>,
    /// Whether a file is one of the imported headers (not the stand-ins).
    is_header: Box<dyn Fn(&str) -> bool>,
    /// The CUDA release the import is for: which of CUDA's types exist.
    cuda: CudaVersion,
}

fn kind(v: &Value) -> &str {
    v.get("kind").and_then(Value::as_str).unwrap_or("")
}

fn name(v: &Value) -> Option<&str> {
    v.get("name")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
}

fn flag(v: &Value, key: &str) -> bool {
    v.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn inner(v: &Value) -> &[Value] {
    v.get("inner")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The first constant `value` in an expression tree (a bit-field width, an alignment, an
/// enumerator's value).
fn constant(v: &Value) -> Option<i128> {
    if let Some(s) = v.get("value").and_then(Value::as_str) {
        if let Ok(n) = s.parse::<i128>() {
            return Some(n);
        }
    }
    inner(v).iter().find_map(constant)
}

fn qual_type(v: &Value) -> (String, Option<String>) {
    let t = v.get("type");
    let q = t
        .and_then(|t| t.get("qualType"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let d = t
        .and_then(|t| t.get("desugaredQualType"))
        .and_then(Value::as_str)
        .map(str::to_string);
    (q, d)
}

/// The layout-changing attributes among `d`'s children (`packed`, `aligned`), spelled as in C.
fn layout_attrs(d: &Value) -> impl Iterator<Item = &'static str> + '_ {
    inner(d).iter().filter_map(|a| match kind(a) {
        "PackedAttr" => Some("__attribute__((packed))"),
        "AlignedAttr" => Some("__attribute__((aligned))"),
        _ => None,
    })
}

/// `file:line:col` of an unnamed record, as clang writes it inside type spellings.
fn anon_key(l: &Loc) -> String {
    format!("{}:{}:{}", l.file, l.line, l.col)
}

const RUST_KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static",
    "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn",
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield", "try", "gen",
];

/// The Rust spelling of C identifier `c`: itself, a raw identifier for a Rust keyword, or (for
/// the few identifiers Rust cannot spell even raw) `c_`.
pub(crate) fn rust_ident(c: &str) -> String {
    if RUST_KEYWORDS.contains(&c) {
        format!("r#{c}")
    } else if matches!(c, "self" | "Self" | "super" | "crate" | "_") {
        format!("{c}_")
    } else {
        c.to_string()
    }
}

impl Reader {
    pub(crate) fn new(
        root: &Value,
        is_header: Box<dyn Fn(&str) -> bool>,
        cuda: CudaVersion,
    ) -> Reader {
        Reader {
            locs: locations(root),
            items: Vec::new(),
            pending: Vec::new(),
            by_c_name: HashMap::new(),
            by_anon_loc: HashMap::new(),
            is_header,
            cuda,
        }
    }

    fn loc(&self, v: &Value) -> Loc {
        v.get("id")
            .and_then(Value::as_str)
            .and_then(|id| self.locs.get(id))
            .cloned()
            .unwrap_or_default()
    }

    fn add(&mut self, item: Item, pending: Pending) -> ItemId {
        let id = self.items.len();
        if !item.anonymous {
            self.by_c_name.insert(item.c_name.clone(), id);
        }
        self.items.push(item);
        self.pending.push(pending);
        id
    }

    /// First pass over the declarations `list` of a namespace (`module`, C++ `scope`).
    pub(crate) fn decls(&mut self, list: &[Value], module: &[String], scope: &[String]) {
        let mut k = 0;
        while k < list.len() {
            let d = &list[k];
            k += 1;
            if flag(d, "isImplicit") {
                continue;
            }
            match kind(d) {
                "NamespaceDecl" => match name(d) {
                    Some(n) => {
                        let mut m = module.to_vec();
                        m.push(rust_ident(n));
                        let mut s = scope.to_vec();
                        s.push(n.to_string());
                        self.decls(inner(d), &m, &s);
                    }
                    None => self.decls(inner(d), module, scope),
                },
                "LinkageSpecDecl" | "ExportDecl" => self.decls(inner(d), module, scope),
                "CXXRecordDecl" | "RecordDecl" | "EnumDecl" => {
                    let typedef_name = match (name(d), list.get(k)) {
                        (None, Some(next)) if kind(next) == "TypedefDecl" => {
                            let (q, _) = qual_type(next);
                            let n = name(next).unwrap_or("");
                            // `typedef struct { … } Name;`: clang spells the type `struct Name`.
                            (q.ends_with(&format!(" {n}")) || q == n).then(|| n.to_string())
                        }
                        _ => None,
                    };
                    if typedef_name.is_some() {
                        k += 1;
                    }
                    self.tag(d, module, scope, "", typedef_name.as_deref());
                }
                "TypedefDecl" | "TypeAliasDecl" => {
                    let Some(n) = name(d) else { continue };
                    let (q, desugared) = qual_type(d);
                    let c_name = qualify(scope, n);
                    if self.names_its_tag(scope, &q, &c_name) {
                        continue;
                    }
                    let loc = self.loc(d);
                    let in_header = (self.is_header)(&loc.file);
                    let problems = layout_attrs(d)
                        .map(|a| (loc.clone(), c_name.clone(), format!("a typedef with `{a}`: ptx-abi aligns and packs structs, not typedefs, so the Rust alias would lose it; declare a struct with `__align__(N)` around the value instead")))
                        .collect();
                    self.add(
                        Item {
                            module: module.to_vec(),
                            name: rust_ident(n),
                            c_name,
                            loc,
                            kind: ItemKind::Alias(Ty::Pointer(None)),
                            in_header,
                            anonymous: false,
                        },
                        Pending {
                            scope: scope.to_vec(),
                            alias_of: Some((q, desugared)),
                            problems,
                            ..Pending::default()
                        },
                    );
                }
                "ClassTemplateDecl" | "TypeAliasTemplateDecl" => {
                    if let Some(n) = name(d) {
                        let loc = self.loc(d);
                        let in_header = (self.is_header)(&loc.file);
                        self.add(
                            Item {
                                module: module.to_vec(),
                                name: rust_ident(n),
                                c_name: qualify(scope, n),
                                loc,
                                kind: ItemKind::Unsupported(
                                    "a template: ptx-abi-import imports concrete types; declare the instantiation you need as a struct of its own".into(),
                                ),
                                in_header,
                                anonymous: false,
                            },
                            Pending::default(),
                        );
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether a typedef named `c_name` (seen from `scope`) of spelling `q` names the struct,
    /// union or enum of the same name: C's `typedef struct S S;` and `typedef struct S { … }
    /// S;`. In C++ both names are the one type, which is imported once, as the tag; an alias
    /// beside it would be `type S = S;`, a cycle.
    fn names_its_tag(&self, scope: &[String], q: &str, c_name: &str) -> bool {
        self.lookup(scope, strip_quals(q)).is_some_and(|i| {
            self.items[i].c_name == c_name && !matches!(self.items[i].kind, ItemKind::Alias(_))
        })
    }

    /// Registers a struct, union or enum `d` (named `typedef_name` when it is the unnamed
    /// type of a typedef); `prefix` is the Rust name prefix of a nested type (`Outer_`).
    fn tag(
        &mut self,
        d: &Value,
        module: &[String],
        scope: &[String],
        prefix: &str,
        typedef_name: Option<&str>,
    ) -> Option<ItemId> {
        let loc = self.loc(d);
        let in_header = (self.is_header)(&loc.file);
        let c_own = name(d).or(typedef_name);
        let anonymous = c_own.is_none();
        let c_name = match c_own {
            Some(n) => qualify(scope, n),
            None => qualify(scope, &format!("(anonymous at {})", anon_key(&loc))),
        };
        let rust = format!("{prefix}{}", c_own.unwrap_or("anon"));
        if kind(d) == "EnumDecl" {
            let e = self.enum_def(d);
            let id = self.add(
                Item {
                    module: module.to_vec(),
                    name: rust_ident(&rust),
                    c_name,
                    loc: loc.clone(),
                    kind: e,
                    in_header,
                    anonymous,
                },
                Pending::default(),
            );
            if anonymous {
                self.by_anon_loc.insert(anon_key(&loc), id);
            }
            return Some(id);
        }
        if !flag(d, "completeDefinition") {
            // A declaration without definition: opaque unless defined elsewhere.
            if !self.by_c_name.contains_key(&c_name) {
                self.add(
                    Item {
                        module: module.to_vec(),
                        name: rust_ident(&rust),
                        c_name,
                        loc,
                        kind: ItemKind::Opaque,
                        in_header,
                        anonymous,
                    },
                    Pending::default(),
                );
            }
            return None;
        }
        let is_union = d.get("tagUsed").and_then(Value::as_str) == Some("union");
        let mut inner_scope = scope.to_vec();
        inner_scope.push(c_own.unwrap_or("").to_string());
        let mut pending = Pending {
            scope: inner_scope.clone(),
            ..Pending::default()
        };
        let mut align = None;
        let mut align_from_layout = false;
        if d.get("bases")
            .and_then(Value::as_array)
            .is_some_and(|b| !b.is_empty())
        {
            pending.problems.push((
                loc.clone(),
                c_name.clone(),
                "derives from a base class: write the base as the first member instead".into(),
            ));
        }
        // Register before the members so that self-references (`Node* next`) find it.
        let existing = self
            .by_c_name
            .get(&c_name)
            .copied()
            .filter(|&i| matches!(self.items[i].kind, ItemKind::Opaque));
        let item = Item {
            module: module.to_vec(),
            name: rust_ident(&rust),
            c_name: c_name.clone(),
            loc: loc.clone(),
            kind: ItemKind::Opaque,
            in_header,
            anonymous,
        };
        let id = match existing {
            Some(i) => {
                self.items[i] = item;
                i
            }
            None => self.add(item, Pending::default()),
        };
        if anonymous {
            self.by_anon_loc.insert(anon_key(&loc), id);
        }
        let rust_self = self.items[id].name.trim_start_matches("r#").to_string();
        let children = inner(d);
        let mut last_unnamed: Option<ItemId> = None;
        for (j, c) in children.iter().enumerate() {
            match kind(c) {
                "AlignedAttr" => match constant(c).map(u64::try_from) {
                    Some(Ok(n)) => align = Some(align.map_or(n, |a: u64| a.max(n))),
                    Some(Err(_)) => pending.problems.push((
                        loc.clone(),
                        c_name.clone(),
                        format!("has an alignment of {}", constant(c).unwrap_or_default()),
                    )),
                    // `alignas(double)`, `__attribute__((aligned))`: the AST spells no number;
                    // the alignment is clang's record alignment (`align_from_layout`).
                    None => align_from_layout = true,
                },
                // `#pragma pack(N)`: whether it changes anything is for the layout check
                // (`rust_layout`) to say; `pack(16)` over ints changes nothing.
                "MaxFieldAlignmentAttr" => {}
                "PackedAttr" => pending.problems.push((
                    loc.clone(),
                    c_name.clone(),
                    "is packed (`__attribute__((packed))` or `#pragma pack`): ptx-abi lays out types as nvcc does by default; remove the packing or describe the bytes with explicit members".into(),
                )),
                "CXXMethodDecl" | "CXXDestructorDecl" if flag(c, "virtual") => {
                    pending.problems.push((
                        self.loc(c),
                        c_name.clone(),
                        "has virtual functions, so its objects hold a vtable pointer that cannot be shared with the host: keep the shared data in a plain struct".into(),
                    ))
                }
                "CXXRecordDecl" | "RecordDecl" | "EnumDecl" if !flag(c, "isImplicit") => {
                    let td = match (name(c), children.get(j + 1)) {
                        (None, Some(next)) if kind(next) == "TypedefDecl" => {
                            name(next).map(str::to_string)
                        }
                        _ => None,
                    };
                    let nested = self.tag(
                        c,
                        module,
                        &inner_scope,
                        &format!("{rust_self}_"),
                        td.as_deref(),
                    );
                    if name(c).is_none() {
                        last_unnamed = nested;
                    }
                }
                "FieldDecl" => {
                    let (qual, desugared) = qual_type(c);
                    let floc = self.loc(c);
                    let bits = if flag(c, "isBitfield") {
                        let width = inner(c).first().and_then(constant);
                        match width.map(u32::try_from) {
                            Some(Ok(w)) => Some(w),
                            // Never a guess: a bit-field whose width cannot be read is not
                            // imported as an ordinary member.
                            _ => {
                                pending.problems.push((
                                    floc.clone(),
                                    format!("{c_name}::{}", name(c).unwrap_or("(unnamed)")),
                                    match width {
                                        Some(w) => format!("a bit-field {w} bits wide"),
                                        None => "a bit-field whose width the AST does not give"
                                            .into(),
                                    },
                                ));
                                None
                            }
                        }
                    } else {
                        None
                    };
                    if inner(c).iter().any(|a| kind(a) == "PackedAttr") {
                        pending.problems.push((
                            floc.clone(),
                            format!("{c_name}::{}", name(c).unwrap_or("(unnamed)")),
                            "is packed (`__attribute__((packed))` on the member): ptx-abi lays out members as nvcc does by default; remove the attribute or describe the bytes with explicit members".into(),
                        ));
                    }
                    if inner(c).iter().any(|a| kind(a) == "AlignedAttr") {
                        pending.problems.push((
                            floc.clone(),
                            format!("{c_name}::{}", name(c).unwrap_or("(unnamed)")),
                            "has an alignment attribute of its own: ptx-abi aligns types, not members; give the member a type declared with `__align__`".into(),
                        ));
                    }
                    let anon_record = (qual.contains("(unnamed") || qual.contains("(anonymous"))
                        .then(|| {
                            qual.split(" at ")
                                .nth(1)
                                .and_then(|r| r.split(')').next())
                                .and_then(|key| self.by_anon_loc.get(key).copied())
                                .or(last_unnamed)
                        })
                        .flatten();
                    let index = pending.members.len();
                    if let Some(r) = anon_record {
                        // Name the unnamed type after its member.
                        let base = name(c).map_or(format!("anon{index}"), str::to_string);
                        self.items[r].name = format!("{rust_self}_{base}");
                    }
                    pending.members.push(RawMember {
                        name: name(c).map(str::to_string),
                        qual,
                        desugared,
                        bits,
                        loc: floc,
                        anon_record,
                    });
                }
                _ => {}
            }
        }
        let _ = is_union;
        self.items[id].kind = ItemKind::Record(Record {
            is_union,
            align,
            align_from_layout,
            members: Vec::new(),
            decode: None,
        });
        self.pending[id] = pending;
        Some(id)
    }

    fn enum_def(&self, d: &Value) -> ItemKind {
        if let Some(a) = layout_attrs(d).next() {
            return ItemKind::Unsupported(format!(
                "an enum with `{a}`: a ptx-abi enum has the layout of its integer repr; give the enum a fixed underlying type (`enum E : unsigned char`) instead"
            ));
        }
        let mut variants = Vec::new();
        let mut next: i128 = 0;
        for c in inner(d) {
            if kind(c) != "EnumConstantDecl" {
                continue;
            }
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
        if variants.is_empty() {
            return ItemKind::Unsupported(
                "an enum without enumerators has no Rust counterpart: use its underlying integer"
                    .into(),
            );
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
        ItemKind::Enum(Enum { repr, variants })
    }

    /// Looks a C++ name up from `scope`, innermost scope first.
    fn lookup(&self, scope: &[String], n: &str) -> Option<ItemId> {
        let n = n.trim_start_matches("::");
        for k in (0..=scope.len()).rev() {
            let mut q: Vec<&str> = scope[..k].iter().map(String::as_str).collect();
            q.retain(|s| !s.is_empty());
            let full = if q.is_empty() {
                n.to_string()
            } else {
                format!("{}::{n}", q.join("::"))
            };
            if let Some(&i) = self.by_c_name.get(&full) {
                return Some(i);
            }
        }
        None
    }

    /// The [`Ty`] of spelling `q` (with clang's desugared spelling `d`) seen from `scope`.
    fn ty(
        &self,
        scope: &[String],
        q: &str,
        d: Option<&str>,
    ) -> Result<(Ty, Option<String>), String> {
        self.ty_at(scope, q, d, 0)
    }

    /// [`Reader::ty`], `depth` spellings deep: pointers, array dimensions and typedefs of
    /// other headers are read one level at a time, so a dump whose typedefs name each other
    /// (which clang never writes) or a type of thousands of `*` is an error, not a stack
    /// overflow.
    fn ty_at(
        &self,
        scope: &[String],
        q: &str,
        d: Option<&str>,
        depth: usize,
    ) -> Result<(Ty, Option<String>), String> {
        let q = q.trim();
        if depth > MAX_TYPE_DEPTH {
            return Err(format!(
                "`{q}`: a type spelled more than {MAX_TYPE_DEPTH} levels deep (pointers, \
                 arrays, typedefs), or a typedef of itself"
            ));
        }
        let depth = depth + 1;
        if q.contains('<') {
            if let Some(d) = d {
                if !d.contains('<') {
                    return self.ty_at(scope, d, None, depth);
                }
            }
            return Err(format!(
                "`{q}` is a template instantiation: declare the concrete type as a struct of its own"
            ));
        }
        if q.contains("(*)") || q.contains("(^)") || q.contains("(&)") {
            if q.ends_with(']') || !q.contains("(*)") {
                return Err(format!(
                    "`{q}`: pointers to arrays and references cannot be imported"
                ));
            }
            return Ok((
                Ty::Pointer(None),
                Some(format!(
                    "C type `{q}`: a function pointer, a generic address"
                )),
            ));
        }
        // Arrays: the last `[N]` is the outermost dimension's element… read right to left.
        if q.ends_with(']') {
            let open = q.rfind('[').ok_or_else(|| format!("bad type `{q}`"))?;
            let n = &q[open + 1..q.len() - 1];
            let elem = q[..open].trim();
            if n.is_empty() {
                return Err("a flexible array member has no fixed size: declare its length, or keep the array out of the shared struct and pass a pointer".into());
            }
            let n: u64 = n
                .parse()
                .map_err(|_| format!("array length `{n}` in `{q}`"))?;
            if n == 0 {
                return Err("a zero-length array has no ptx-abi counterpart: declare its length, or pass a pointer".into());
            }
            // `int[2][3]`: elem spelling `int[2]` must become `[[i32; 3]; 2]`, so peel the
            // first dimension instead when there are several.
            if let Some(first) = q.find('[') {
                if first != open {
                    let base = q[..first].trim();
                    let dims: Vec<u64> = q[first..]
                        .split(']')
                        .filter(|s| !s.is_empty())
                        .map(|s| s.trim_start_matches('[').trim().parse::<u64>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| format!("bad array type `{q}`"))?;
                    if depth + dims.len() > MAX_TYPE_DEPTH {
                        return Err(format!(
                            "`{q}`: more than {MAX_TYPE_DEPTH} array dimensions"
                        ));
                    }
                    let dd = d.and_then(|d| d.find('[').map(|i| d[..i].trim().to_string()));
                    let (mut t, note) = self.ty_at(scope, base, dd.as_deref(), depth)?;
                    for &len in dims.iter().rev() {
                        if len == 0 {
                            return Err("a zero-length array has no ptx-abi counterpart".into());
                        }
                        t = Ty::Array(Box::new(t), len);
                    }
                    return Ok((t, note));
                }
            }
            let dd = d.and_then(|d| d.rfind('[').map(|i| d[..i].trim().to_string()));
            let (t, note) = self.ty_at(scope, elem, dd.as_deref(), depth)?;
            return Ok((Ty::Array(Box::new(t), n), note));
        }
        let q = strip_trailing_quals(q);
        if q.ends_with('&') {
            return Err(format!(
                "`{q}`: a reference member cannot be shared with the host"
            ));
        }
        if let Some(pointee) = q.strip_suffix('*') {
            let pointee = pointee.trim();
            let dp = d.and_then(|d| {
                strip_trailing_quals(d)
                    .strip_suffix('*')
                    .map(|p| p.trim().to_string())
            });
            return Ok(match self.ty_at(scope, pointee, dp.as_deref(), depth) {
                Ok((Ty::Pointer(None), _)) if strip_quals(pointee) == "void" => {
                    (Ty::Pointer(None), None)
                }
                Ok((Ty::Item(i), _))
                    if matches!(
                        self.items[i].kind,
                        ItemKind::Opaque | ItemKind::Unsupported(_)
                    ) =>
                {
                    (
                        Ty::Pointer(None),
                        Some(format!(
                            "C type `{q}`: a pointer to `{}`, which is not imported",
                            self.items[i].c_name
                        )),
                    )
                }
                Ok((t, note)) => (Ty::Pointer(Some(Box::new(t))), note),
                Err(why) => (
                    Ty::Pointer(None),
                    Some(format!("C type `{q}`: the pointee is not imported ({why})")),
                ),
            });
        }
        let base = strip_quals(&q);
        if base == "void" {
            return Ok((Ty::Pointer(None), None));
        }
        if base.contains("(unnamed") || base.contains("(anonymous") {
            let key = base
                .split(" at ")
                .nth(1)
                .and_then(|r| r.split(')').next())
                .unwrap_or("");
            return self
                .by_anon_loc
                .get(key)
                .map(|&i| (Ty::Item(i), None))
                .ok_or_else(|| format!("cannot find the unnamed type `{base}`"));
        }
        if let Some(s) = scalar_from_c(base) {
            return Ok((Ty::Scalar(s), None));
        }
        // C++ looks a name up from the innermost scope out: the header's own `my::float4`
        // hides CUDA's `::float4` inside `namespace my`. CUDA's types are the prelude's
        // (outside the headers), so a header's declaration found first wins.
        let found = if base.starts_with("::") {
            self.lookup(&[], base)
        } else {
            self.lookup(scope, base)
        };
        let in_header = found.is_some_and(|i| self.items[i].in_header);
        if !in_header {
            if let Some(t) = cuda_types::lookup_in(base.trim_start_matches("::"), self.cuda) {
                return Ok((Ty::Cuda(t), None));
            }
        }
        if let Some(i) = found {
            let item = &self.items[i];
            let transparent = matches!(item.kind, ItemKind::Alias(_)) && !item.in_header;
            if !transparent {
                return Ok((Ty::Item(i), None));
            }
            if let Some((aq, ad)) = &self.pending[i].alias_of {
                return self.ty_at(&self.pending[i].scope, aq, ad.as_deref(), depth);
            }
        }
        if let Some(d) = d {
            if d != q {
                return self.ty_at(scope, d, None, depth);
            }
        }
        Err(format!("unknown type `{base}`"))
    }

    /// Second pass: resolves the members and aliases of every item.
    pub(crate) fn resolve(mut self) -> (Vec<Item>, Vec<Vec<Unsupported>>) {
        let mut problems: Vec<Vec<Unsupported>> = vec![Vec::new(); self.items.len()];
        #[allow(clippy::needless_range_loop)] // `id` indexes items, pending and problems
        for id in 0..self.items.len() {
            let p = self.pending[id].clone();
            for (loc, decl, why) in &p.problems {
                problems[id].push(Unsupported {
                    loc: loc.clone(),
                    decl: decl.clone(),
                    why: why.clone(),
                });
            }
            if let Some((q, d)) = &p.alias_of {
                match self.ty(&p.scope, q, d.as_deref()) {
                    Ok((t, _)) => self.items[id].kind = ItemKind::Alias(t),
                    Err(why) => self.items[id].kind = ItemKind::Unsupported(why),
                }
                continue;
            }
            let ItemKind::Record(_) = &self.items[id].kind else {
                continue;
            };
            let c_name = self.items[id].c_name.clone();
            let mut members = Vec::new();
            let refused_before = problems[id].len();
            for (k, m) in p.members.iter().enumerate() {
                let decl = format!("{c_name}::{}", m.name.as_deref().unwrap_or("(unnamed)"));
                let resolved = match (
                    self.ty(&p.scope, &m.qual, m.desugared.as_deref()),
                    m.anon_record,
                ) {
                    (Ok(t), _) => Ok(t),
                    // The unnamed type's spelling did not name its location as expected: it is
                    // the record just before the member, with the member's array dimensions.
                    (Err(_), Some(r)) => {
                        let mut t = Ty::Item(r);
                        let dims: Vec<u64> = m.qual[m.qual.rfind(')').unwrap_or(0)..]
                            .split('[')
                            .skip(1)
                            .filter_map(|d| d.trim_end_matches(']').trim().parse().ok())
                            .collect();
                        if dims.len() > MAX_TYPE_DEPTH {
                            Err(format!(
                                "`{}`: more than {MAX_TYPE_DEPTH} array dimensions",
                                m.qual
                            ))
                        } else {
                            for &n in dims.iter().rev() {
                                t = Ty::Array(Box::new(t), n);
                            }
                            Ok((t, None))
                        }
                    }
                    (Err(e), None) => Err(e),
                };
                let (mut ty, mut note) = match resolved {
                    Ok(t) => t,
                    Err(why) => {
                        problems[id].push(Unsupported {
                            loc: m.loc.clone(),
                            decl,
                            why,
                        });
                        continue;
                    }
                };
                if let Ty::Item(i) = ty {
                    if let ItemKind::Unsupported(why) = &self.items[i].kind {
                        problems[id].push(Unsupported {
                            loc: m.loc.clone(),
                            decl,
                            why: format!(
                                "its type `{}` cannot be imported: {why}",
                                self.items[i].c_name
                            ),
                        });
                        continue;
                    }
                    if let ItemKind::Opaque = self.items[i].kind {
                        problems[id].push(Unsupported {
                            loc: m.loc.clone(),
                            decl,
                            why: format!(
                                "its type `{}` is declared but never defined",
                                self.items[i].c_name
                            ),
                        });
                        continue;
                    }
                }
                if m.bits.is_some() {
                    // §1.3: bit-fields of integer types; an enum or typedef is its integer.
                    let mut t = ty.clone();
                    // At most one step per item: typedefs that name each other (a corrupt
                    // dump) end as a type that is not an integer.
                    for _ in 0..=self.items.len() {
                        let Ty::Item(i) = t else { break };
                        match &self.items[i].kind {
                            ItemKind::Alias(a) => t = a.clone(),
                            ItemKind::Enum(e) => {
                                note = Some(format!(
                                    "C type `{}`: a bit-field of enum type, stored as its underlying integer",
                                    m.qual
                                ));
                                t = Ty::Scalar(e.repr);
                            }
                            _ => break,
                        }
                    }
                    match t {
                        Ty::Scalar(s) if s.is_bit_field_type() => ty = Ty::Scalar(s),
                        _ => {
                            problems[id].push(Unsupported {
                                loc: m.loc.clone(),
                                decl,
                                why: format!("a bit-field of type `{}`: bit-fields must have an integer, bool or enum type (§1.3)", m.qual),
                            });
                            continue;
                        }
                    }
                }
                let anonymous = m.name.is_none();
                let rust = match &m.name {
                    Some(n) => rust_ident(n),
                    None if m.bits.is_some() => format!("_u{k}"),
                    None => format!("anon{k}"),
                };
                let c_member = m.name.clone().filter(|n| rust != *n);
                members.push(Member {
                    name: rust,
                    c_name: c_member,
                    anonymous,
                    ty,
                    bits: m.bits,
                    c_type: m.qual.clone(),
                    note,
                    loc: m.loc.clone(),
                });
            }
            // A struct whose members were all refused is not empty: those errors say why.
            if members.is_empty() && problems[id].len() == refused_before {
                problems[id].push(Unsupported {
                    loc: self.items[id].loc.clone(),
                    decl: c_name.clone(),
                    why: "an empty struct has size 1 in C++ and no ptx-abi counterpart".into(),
                });
            }
            if let ItemKind::Record(r) = &mut self.items[id].kind {
                r.members = members;
            }
        }
        // A struct holding itself by value or a typedef of itself: C rejects both, so only a
        // corrupt dump says so, but the Rust written for it (and its checks) would recurse
        // without end.
        for (id, item) in self.items.iter().enumerate() {
            let mut seen = vec![false; self.items.len()];
            let cyclic = match &item.kind {
                ItemKind::Alias(t) => holds(&self.items, id, t, &mut seen),
                ItemKind::Record(r) => r
                    .members
                    .iter()
                    .any(|m| holds(&self.items, id, &m.ty, &mut seen)),
                _ => continue,
            };
            if cyclic {
                problems[id].push(Unsupported {
                    loc: item.loc.clone(),
                    decl: item.c_name.clone(),
                    why: "holds itself (by value, or as a typedef of itself): it has no size"
                        .into(),
                });
            }
        }
        (self.items, problems)
    }
}

/// Whether a value of `ty` holds item `target` by value (through arrays, typedefs and the
/// members of records; not through pointers). `seen` marks the items already followed, so
/// each is followed once.
fn holds(items: &[Item], target: ItemId, ty: &Ty, seen: &mut [bool]) -> bool {
    match ty {
        Ty::Array(e, _) => holds(items, target, e, seen),
        Ty::Item(i) if *i == target => true,
        Ty::Item(i) => {
            if std::mem::replace(&mut seen[*i], true) {
                return false;
            }
            match &items[*i].kind {
                ItemKind::Alias(t) => holds(items, target, t, seen),
                ItemKind::Record(r) => r.members.iter().any(|m| holds(items, target, &m.ty, seen)),
                _ => false,
            }
        }
        _ => false,
    }
}

/// How deep [`Reader::ty_at`] reads a type's spelling: far beyond any real type (C
/// guarantees 12 levels of pointers and arrays).
const MAX_TYPE_DEPTH: usize = 256;

fn strip_quals(q: &str) -> &str {
    let mut s = q.trim();
    loop {
        let before = s;
        for p in [
            "const ",
            "volatile ",
            "struct ",
            "union ",
            "enum ",
            "class ",
        ] {
            if let Some(r) = s.strip_prefix(p) {
                s = r.trim_start();
            }
        }
        if s == before {
            return s;
        }
    }
}

/// `q` without the qualifiers that follow it: `int *const` → `int *`, `float *__restrict` →
/// `float *`, `const int volatile` → `const int` (a qualifier is a whole word after a space
/// or a `*`).
fn strip_trailing_quals(q: &str) -> String {
    let mut q = q.trim_end();
    'strip: loop {
        for qual in [
            "const",
            "volatile",
            "__restrict__",
            "__restrict",
            "restrict",
        ] {
            if let Some(rest) = q.strip_suffix(qual) {
                if rest.ends_with([' ', '*']) {
                    q = rest.trim_end();
                    continue 'strip;
                }
            }
        }
        return q.to_string();
    }
}

fn qualify(scope: &[String], n: &str) -> String {
    let mut parts: Vec<&str> = scope
        .iter()
        .map(String::as_str)
        .filter(|s| !s.is_empty())
        .collect();
    parts.push(n);
    parts.join("::")
}

/// The deepest nesting of clang's JSON AST the importer reads: a struct declared inside a
/// struct adds two levels (the record and its `inner` list), so this is about 2,000 nested
/// declarations, far beyond clang's own limit of 256 nested braces (`-fbracket-depth`).
pub const MAX_AST_DEPTH: usize = 4096;

/// The stack the AST is read on (reserved, not committed): parsing, walking and dropping the
/// JSON recurse once per level. Measured in a debug build: 1,000 nested structs (about 2,000
/// levels) read in 24 MiB, 2,047 nested namespaces ([`MAX_AST_DEPTH`] levels) in 8 MiB.
pub(crate) const READ_STACK: usize = 128 << 20;

/// The deepest nesting of arrays and objects in `json`, found without recursion.
fn json_depth(json: &str) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0, false, false);
    for b in json.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                max = max.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Parses clang's dump without serde_json's default limit of 128 levels (a header nesting
/// about 64 structs in one another reached it), after checking it against [`MAX_AST_DEPTH`].
fn parse(json: &str) -> Result<Value, String> {
    let depth = json_depth(json);
    if depth > MAX_AST_DEPTH {
        return Err(format!(
            "clang's AST nests {depth} levels deep (declarations inside declarations); the importer reads at most {MAX_AST_DEPTH} (about {} nested structs)",
            MAX_AST_DEPTH / 2
        ));
    }
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    match de.into_iter::<Value>().next() {
        Some(v) => v.map_err(|e| e.to_string()),
        None => Err("clang printed no AST".to_string()),
    }
}

/// Reads `json` (the whole dump) into a model of every declaration and the problems of each,
/// CUDA's types being those release `cuda` declares, on a thread whose stack fits [`MAX_AST_DEPTH`] levels (the JSON and the walks over it are
/// recursive).
pub(crate) fn read(
    json: &str,
    is_header: Box<dyn Fn(&str) -> bool + Send>,
    cuda: CudaVersion,
) -> Result<(Model, Vec<Vec<Unsupported>>), String> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("ptx-abi-import AST".into())
            .stack_size(READ_STACK)
            .spawn_scoped(scope, || read_here(json, is_header, cuda))
            .map_err(|e| format!("cannot start the AST reader: {e}"))?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

fn read_here(
    json: &str,
    is_header: Box<dyn Fn(&str) -> bool + Send>,
    cuda: CudaVersion,
) -> Result<(Model, Vec<Vec<Unsupported>>), String> {
    let root = parse(json)?;
    let mut r = Reader::new(&root, is_header, cuda);
    r.decls(inner(&root), &[], &[]);
    let (items, problems) = r.resolve();
    Ok((
        Model {
            items,
            emitted: Vec::new(),
        },
        problems,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A translation unit of `levels` namespaces, each inside the one before: JSON nested
    /// 2 × `levels` + 2 deep.
    fn nested_namespaces(levels: usize) -> String {
        let open = r#"{"id":"0x1","kind":"NamespaceDecl","name":"n","inner":["#;
        format!(
            r#"{{"id":"0x0","kind":"TranslationUnitDecl","inner":[{}{}]}}"#,
            open.repeat(levels),
            "]}".repeat(levels)
        )
    }

    #[test]
    fn the_deepest_ast_read_is_read_without_overflowing_the_stack() {
        let json = nested_namespaces((MAX_AST_DEPTH - 2) / 2);
        assert_eq!(json_depth(&json), MAX_AST_DEPTH);
        let (model, _) = read(&json, Box::new(|_| true), CudaVersion::DEFAULT).unwrap();
        assert!(model.items.is_empty());
    }

    #[test]
    fn an_ast_deeper_than_the_limit_is_a_clear_error() {
        let json = nested_namespaces(MAX_AST_DEPTH / 2);
        let err = read(&json, Box::new(|_| true), CudaVersion::DEFAULT)
            .err()
            .unwrap();
        assert!(
            err.contains(&format!("nests {} levels deep", MAX_AST_DEPTH + 2))
                && err.contains(&format!("at most {MAX_AST_DEPTH}")),
            "{err}"
        );
    }

    #[test]
    fn json_depth_counts_nesting_outside_strings() {
        assert_eq!(json_depth(r#"{"a":[1,{"b":"]}[{\\\"["}]}"#), 3);
        assert_eq!(json_depth("[[[]]]"), 3);
        assert_eq!(json_depth("1"), 0);
    }

    #[test]
    fn keywords_become_raw_identifiers() {
        assert_eq!(rust_ident("type"), "r#type");
        assert_eq!(rust_ident("self"), "self_");
        assert_eq!(rust_ident("pos"), "pos");
    }

    /// Reads a dump of the declarations `inner` (clang's JSON, abridged to the keys the
    /// reader uses), every one in header `/h/a.cuh`; returns each item's C name and kind, and
    /// every problem's text.
    fn read_decls(inner: &str) -> (Vec<(String, ItemKind)>, Vec<String>) {
        let json = format!(r#"{{"kind":"TranslationUnitDecl","inner":[{inner}]}}"#);
        let (model, problems) = read(
            &json,
            Box::new(|f: &str| f == "/h/a.cuh"),
            CudaVersion::DEFAULT,
        )
        .unwrap();
        let items = model
            .items
            .into_iter()
            .map(|i| (i.c_name, i.kind))
            .collect();
        (
            items,
            problems
                .into_iter()
                .flatten()
                .map(|p| p.to_string())
                .collect(),
        )
    }

    const LOC: &str = r#""loc":{"file":"/h/a.cuh","line":1,"col":1}"#;

    fn record(name: &str, fields: &str) -> String {
        format!(
            r#"{{"id":"{name}","kind":"CXXRecordDecl","tagUsed":"struct","completeDefinition":true,"name":"{name}",{LOC},"inner":[{fields}]}}"#
        )
    }

    fn field(name: &str, ty: &str) -> String {
        format!(
            r#"{{"id":"{name}_f","kind":"FieldDecl","name":"{name}","type":{{"qualType":"{ty}"}}}}"#
        )
    }

    fn typedef(name: &str, ty: &str) -> String {
        format!(
            r#"{{"id":"{name}","kind":"TypedefDecl","name":"{name}",{LOC},"type":{{"qualType":"{ty}"}}}}"#
        )
    }

    /// Dumps clang never writes (issue 23's fuzz target feeds the reader any text) are read
    /// into problems, never a panic, an endless loop or a stack overflow.
    #[test]
    fn corrupt_dumps_are_problems() {
        // Typedefs naming each other, used by a member and by a bit-field.
        let bits = r#"{"id":"bf","kind":"FieldDecl","name":"bf","isBitfield":true,"type":{"qualType":"A"},"inner":[{"kind":"ConstantExpr","value":"3"}]}"#;
        let (_, problems) = read_decls(&format!(
            "{},{},{}",
            typedef("A", "B"),
            typedef("B", "A"),
            record("S", &format!("{},{bits}", field("a", "A")))
        ));
        assert!(
            problems.iter().any(|p| p.contains("`A`: holds itself")),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.contains("`S::bf`: a bit-field")),
            "{problems:?}"
        );
        // Records holding themselves by value, directly or through each other.
        let (_, problems) = read_decls(&format!(
            "{},{},{}",
            record("S", &field("s", "S")),
            record("A", &field("b", "B[2]")),
            record("B", &field("a", "A"))
        ));
        for name in ["S", "A", "B"] {
            assert!(
                problems
                    .iter()
                    .any(|p| p.contains(&format!("`{name}`: holds itself"))),
                "{name}: {problems:?}"
            );
        }
        // A pointer to itself is fine.
        let (_, problems) = read_decls(&record("N", &field("next", "N *")));
        assert!(problems.is_empty(), "{problems:?}");
        // Spellings thousands of levels deep.
        let deep = format!("int{}", "[1]".repeat(5000));
        let (_, problems) = read_decls(&record("D", &field("d", &deep)));
        assert!(
            problems
                .iter()
                .any(|p| p.contains("more than 256 array dimensions")),
            "{problems:?}"
        );
        let (items, _) = read_decls(&format!(
            "{},{}",
            typedef("T", &format!("int{}", "*".repeat(5000))),
            record("P", &field("t", "T"))
        ));
        assert!(items
            .iter()
            .any(|(n, k)| n == "T" && matches!(k, ItemKind::Alias(_))));
        // A bit-field wider than 2^32 - 1, or without a width; a negative alignment.
        let wide = r#"{"id":"w","kind":"FieldDecl","name":"w","isBitfield":true,"type":{"qualType":"unsigned int"},"inner":[{"kind":"ConstantExpr","value":"4294967297"}]}"#;
        let none = r#"{"id":"n","kind":"FieldDecl","name":"n","isBitfield":true,"type":{"qualType":"unsigned int"}}"#;
        let align = r#"{"kind":"AlignedAttr","inner":[{"kind":"ConstantExpr","value":"-3"}]}"#;
        let (_, problems) = read_decls(&record("W", &format!("{wide},{none},{align}")));
        for want in [
            "`W::w`: a bit-field 4294967297 bits wide",
            "`W::n`: a bit-field whose width",
            "`W`: has an alignment of -3",
        ] {
            assert!(
                problems.iter().any(|p| p.contains(want)),
                "{want}: {problems:?}"
            );
        }
    }

    /// An enumerator beyond 64 bits (whose successor overflowed `i128` before issue 23).
    #[test]
    fn enumerators_beyond_64_bits_are_unsupported() {
        let e = |v: &str| {
            format!(
                r#"{{"id":"E","kind":"EnumDecl","name":"E",{LOC},"inner":[{{"id":"a","kind":"EnumConstantDecl","name":"A","inner":[{{"kind":"ConstantExpr","value":"{v}"}}]}},{{"id":"b","kind":"EnumConstantDecl","name":"B"}}]}}"#
            )
        };
        for v in [
            "170141183460469231731687303715884105727",
            "18446744073709551616",
            "-9223372036854775809",
        ] {
            let (items, _) = read_decls(&e(v));
            assert!(
                matches!(&items[0].1, ItemKind::Unsupported(why) if why.contains("does not fit in 64 bits")),
                "{v}: {:?}",
                items[0].1
            );
        }
        let (items, _) = read_decls(&e("18446744073709551614"));
        assert!(matches!(&items[0].1, ItemKind::Enum(_)), "{:?}", items[0].1);
    }
}
