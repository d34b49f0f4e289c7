//! [`Model`] → Rust source: one `#[derive(PtxAbi)]` definition per emitted item, namespaces as
//! modules, and (optionally) the NVRTC checks of every imported type against the header.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use ptx_abi_core::layout::c_spelling;

use crate::model::{Item, ItemId, ItemKind, Member, Model, Ty};

/// What the generated source contains besides the definitions.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// Emit `#[ptx(c_name = "…")]` on types and members whose Rust name differs from the C
    /// one (on by default): nested types (`Outer_Inner` is C's `Inner`), Rust keywords
    /// (`r#type`), renamed members (`self_`). The derived `TypeDesc` names are then the
    /// header's, so `cuda_header`, the NVRTC checks and C++ names agree with it. A type in a
    /// namespace carries its own identifier (`ns::T` is `T`, the derive's rule for C++ scoped
    /// names); the checks name it qualified. One whose identifier CUDA's headers or C already
    /// declare at global scope (`my::float4`) is `float4_` in the derive's C, on or off, since
    /// the derive refuses the bare name.
    pub c_names: bool,
    /// A Rust expression giving the header text (`include_str!("../kernels/particle.cuh")`):
    /// emits a `#[cfg(test)]` module with one `ptx_abi::report::nvrtc::assert_matches` test per
    /// imported struct and union.
    pub checks: Option<String>,
    /// The NVRTC options the checks compile the header with: the header's own directory and
    /// the import's include directories and macros (`-I/abs/kernels`, `-DWIDE`), so that a
    /// header including a sibling file, or laid out by a macro, is checked as it was read.
    pub check_options: Vec<String>,
    /// Where the headers came from, for the file's first comment.
    pub sources: Vec<String>,
    /// The CUDA release the headers were read for ([`crate::Importer::cuda_version`]); the
    /// generated Rust asserts that `ptx_abi` describes the same major release.
    pub cuda_version: ptx_abi_core::layout::cuda_version::CudaVersion,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            c_names: true,
            checks: None,
            check_options: Vec::new(),
            sources: Vec::new(),
            cuda_version: ptx_abi_core::layout::cuda_version::CUDA_VERSION,
        }
    }
}

/// The identifier a C++ declaration is declared with: the last component of its qualified
/// name (`ns::Outer::Inner` → `Inner`), which is what `#[ptx(c_name)]` takes.
pub fn c_identifier(c_name: &str) -> &str {
    c_name.rsplit("::").next().unwrap_or(c_name)
}

const DERIVE: &str = "#[derive(::ptx_abi::PtxAbi, Clone, Copy, Debug, PartialEq)]";
const DERIVE_NO_EQ: &str = "#[derive(::ptx_abi::PtxAbi, Clone, Copy, Debug)]";
const ALLOW: &str =
    "#[allow(non_camel_case_types, non_snake_case, non_upper_case_globals, dead_code)]";

/// The most members a struct may have for the importer to derive `PartialEq` on it. rustc's
/// `#[derive(PartialEq)]` compares the members in one `&&` chain, and rustc 1.95 crashes
/// (SIGSEGV, its stack) on a chain of somewhere between 4,000 and 6,000 members. A struct
/// with more members, and every struct or union holding one, is emitted without `PartialEq`
/// (with a doc line saying so); compare such values by their images, which are `Eq`.
pub const PARTIAL_EQ_MAX_MEMBERS: usize = 1024;

/// For each item, whether it gets `PartialEq`: structs up to [`PARTIAL_EQ_MAX_MEMBERS`]
/// members whose member types all have it (a derive needs its members' impls). A fixed point
/// over the items, without recursion through nested types.
fn partial_eq(model: &Model) -> Vec<bool> {
    let mut eq: Vec<bool> = model
        .items
        .iter()
        .map(|item| match &item.kind {
            ItemKind::Record(r) => r.is_union || r.members.len() <= PARTIAL_EQ_MAX_MEMBERS,
            _ => true,
        })
        .collect();
    fn has(ty: &Ty, eq: &[bool]) -> bool {
        match ty {
            Ty::Item(i) => eq[*i],
            Ty::Array(e, _) => has(e, eq),
            // `DevicePtr<T>` compares addresses for any `T`; scalars and CUDA types have it.
            Ty::Scalar(_) | Ty::Cuda(_) | Ty::Pointer(_) => true,
        }
    }
    loop {
        let mut changed = false;
        for (id, item) in model.items.iter().enumerate() {
            let lost = eq[id]
                && match &item.kind {
                    ItemKind::Record(r) => r.members.iter().any(|m| !has(&m.ty, &eq)),
                    ItemKind::Alias(t) => !has(t, &eq),
                    _ => false,
                };
            if lost {
                eq[id] = false;
                changed = true;
            }
        }
        if !changed {
            return eq;
        }
    }
}

/// The path of item `to` as seen from module `from`.
fn path(model: &Model, from: &[String], to: ItemId) -> String {
    let item = &model.items[to];
    let common = from
        .iter()
        .zip(&item.module)
        .take_while(|(a, b)| a == b)
        .count();
    let mut s = "super::".repeat(from.len() - common);
    for m in &item.module[common..] {
        s.push_str(m);
        s.push_str("::");
    }
    s.push_str(&item.name);
    s
}

/// The Rust type of `ty` as seen from module `from`.
pub fn rust_type(model: &Model, from: &[String], ty: &Ty) -> String {
    match ty {
        Ty::Scalar(s) => {
            let name = crate::model::rust_name(*s);
            // `typedef unsigned int u32;` is `pub type u32 = …;`, which hides the primitive
            // in its module: there the primitive is named by its full path.
            let hidden = model
                .emitted
                .iter()
                .any(|&i| model.items[i].module == from && model.items[i].name == name);
            if hidden {
                format!("::core::primitive::{name}")
            } else {
                name.to_string()
            }
        }
        Ty::Cuda(c) => c.rust_path(),
        // A struct declared and never defined (`typedef struct Opaque Opaque_t;`) is only
        // ever used through a pointer: `void` to Rust, as `void*` is.
        Ty::Item(i) if matches!(model.items[*i].kind, ItemKind::Opaque) => {
            "::core::ffi::c_void".to_string()
        }
        Ty::Item(i) => path(model, from, *i),
        Ty::Array(e, n) => format!("[{}; {n}]", rust_type(model, from, e)),
        Ty::Pointer(None) => "::ptx_abi::DevicePtr<::core::ffi::c_void>".to_string(),
        Ty::Pointer(Some(t)) => format!("::ptx_abi::DevicePtr<{}>", rust_type(model, from, t)),
    }
}

fn doc_loc(item: &Item, what: &str) -> String {
    format!("/// C: `{what} {}` ({}).\n", item.c_name, item.loc)
}

/// The doc lines naming the members a record's Rust leaves out because C++ gives them no
/// bytes ([`crate::model::Record::no_bytes`]).
fn no_bytes_doc(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!(
        "///\n/// Without {}: `[[no_unique_address]]` members of empty classes, which take no\n/// bytes in C++ (as an empty base class takes none).\n",
        names.join(", ")
    )
}

fn item_source(model: &Model, id: ItemId, opts: &EmitOptions, eq: &[bool]) -> String {
    let item = &model.items[id];
    let mut s = String::new();
    let from = &item.module;
    let type_c_name = |s: &mut String| {
        let c = c_identifier(&item.c_name);
        // A template instantiation (`Arr<float, 4>`) has no C identifier: the derive's C
        // spelling names it after its Rust name, and the checks by its C++ name.
        if item.anonymous || item.c_name.contains('<') {
            return;
        }
        if c_spelling::is_header_name(c) || c_spelling::is_keyword(c) {
            // C++ lets a namespace declare `my::float4`, but the derive's C spelling declares
            // types at global scope, where CUDA's `float4` (or a C keyword) already is; it
            // takes the name the derive itself suggests, whatever `c_names` says, since the
            // derive refuses the bare one.
            writeln!(
                s,
                "/// Spelled `{c}_` in the C the derive writes: `{c}` is CUDA's (or C's) own at global scope.\n#[ptx(c_name = \"{c}_\")]"
            )
            .unwrap();
        } else if opts.c_names && c != item.name {
            writeln!(s, "#[ptx(c_name = {c:?})]").unwrap();
        }
    };
    match &item.kind {
        ItemKind::Record(r) => {
            let what = if r.is_union { "union" } else { "struct" };
            if item.anonymous {
                writeln!(
                    s,
                    "/// C: an unnamed {what} ({}), named by the importer after the member that holds it.",
                    item.loc
                )
                .unwrap();
            } else {
                s.push_str(&doc_loc(item, what));
            }
            if eq[id] {
                writeln!(s, "{DERIVE}\n{ALLOW}").unwrap();
            } else {
                writeln!(
                    s,
                    "///\n/// No `PartialEq`: it has (or holds a struct with) more than {PARTIAL_EQ_MAX_MEMBERS} members,\n/// past what rustc's derive compiles; compare images instead.\n{DERIVE_NO_EQ}\n{ALLOW}"
                )
                .unwrap();
            }
            if r.is_union {
                s.push_str("#[ptx(union)]\n");
            }
            if let Some(t) = r.trailing_align.filter(|_| r.nvcc_only) {
                writeln!(
                    s,
                    "///\n/// nvcc's layout: aligned {t} by an attribute nvcc applies and NVRTC drops (`aligned`\n/// after the closing brace, or `[[gnu::aligned]]`: warnings #1866-D, #1097-D); checked by nvcc."
                )
                .unwrap();
            } else if r.trailing_packed && r.nvcc_only {
                writeln!(
                    s,
                    "///\n/// nvcc's layout: packed by an attribute nvcc applies and NVRTC drops (`packed` after\n/// the closing brace: warning #1866-D); checked by nvcc."
                )
                .unwrap();
            } else if let Some(l) = r.last_align.filter(|_| r.nvcc_only) {
                writeln!(
                    s,
                    "///\n/// nvcc's layout: of its alignment specifiers nvcc takes the last ({l}) and NVRTC the\n/// strictest; checked by nvcc."
                )
                .unwrap();
            } else if let Some(m) = r.unpacked_members.first().filter(|_| r.nvcc_only) {
                writeln!(
                    s,
                    "///\n/// nvcc's layout: `{m}` has a class type that is not a POD, which GNU's `packed` leaves\n/// at its own alignment in nvcc (warning #2262-D) and NVRTC packs; checked by nvcc."
                )
                .unwrap();
            } else if let Some((_, m)) = r
                .aligned_by_attribute_over_pack()
                .next()
                .filter(|_| r.nvcc_only)
            {
                writeln!(
                    s,
                    "///\n/// nvcc's layout: `{}` is aligned by GNU's `aligned` above the struct's `#pragma pack`,\n/// which nvcc keeps and NVRTC caps; checked by nvcc.",
                    m.c_name.as_deref().unwrap_or(&m.name)
                )
                .unwrap();
            } else if r.nvcc_only {
                writeln!(
                    s,
                    "///\n/// nvcc's layout: it holds a struct aligned by an attribute nvcc applies and NVRTC\n/// drops or caps (warnings #1866-D, #1097-D); checked by nvcc."
                )
                .unwrap();
            }
            if let (Some(p), Some((_, m, _))) = (
                r.pack,
                r.aligned_over_pack().find(|&(_, _, keyword)| keyword),
            ) {
                writeln!(
                    s,
                    "///\n/// `{}` is `alignas({})` above `#pragma pack({p})`: nvcc and NVRTC keep its alignment\n/// (GCC and clang cap it at the packing).",
                    m.c_name.as_deref().unwrap_or(&m.name),
                    m.align.unwrap_or_default()
                )
                .unwrap();
            }
            if !r.no_bytes.is_empty() {
                s.push_str(&no_bytes_doc(&r.no_bytes));
            }
            if r.is_empty_class() {
                s.push_str(
                    "/// C++: a class with no data member, one byte (or its alignment) as a member, an array\n/// element or a parameter (chapter 7).\n#[ptx(empty_class)]\n",
                );
            }
            if let Some(a) = r.align {
                writeln!(s, "#[ptx(align = {a})]").unwrap();
            }
            if let Some(n) = r.pack.filter(|_| !r.is_empty_class()) {
                writeln!(s, "#[ptx(pack = {n})]").unwrap();
            }
            type_c_name(&mut s);
            let (open, close) = if r.is_union {
                ("enum", "")
            } else {
                ("struct", "")
            };
            let _ = close;
            writeln!(s, "pub {open} {} {{", item.name).unwrap();
            for (k, m) in r.members.iter().enumerate() {
                if let Some(n) = &m.note {
                    writeln!(s, "    /// {n}.").unwrap();
                } else if m.anonymous && m.bits.is_none() {
                    writeln!(
                        s,
                        "    /// An anonymous member of C (its members are `{}`'s).",
                        item.c_name
                    )
                    .unwrap();
                }
                if r.is_union && r.decode == Some(k) {
                    s.push_str("    #[ptx(decode)]\n");
                }
                if opts.c_names {
                    if let Some(c) = &m.c_name {
                        writeln!(s, "    #[ptx(c_name = {c:?})]").unwrap();
                    }
                }
                let ty = rust_type(model, from, &m.ty);
                let (mut attr, ty) = match (m.bits, m.anonymous) {
                    (Some(w), true) => (String::new(), format!("::ptx_abi::Pad<{ty}, {w}>")),
                    (Some(w), false) => (format!("#[ptx(bits = {w})] "), ty),
                    (None, _) => (String::new(), ty),
                };
                if let Some(a) = m.align {
                    attr.push_str(&format!("#[ptx(align = {a})] "));
                }
                if r.is_union {
                    writeln!(s, "    {attr}{}({ty}),", m.name).unwrap();
                } else {
                    writeln!(s, "    {attr}pub {}: {ty},", m.name).unwrap();
                }
            }
            s.push_str("}\n");
        }
        ItemKind::Enum(e) if e.open => {
            s.push_str(&doc_loc(item, "enum"));
            let repr = crate::model::rust_name(e.open_repr());
            let why = if e.variants.is_empty() {
                "an enum without enumerators is a distinct integer type (C++17's `std::byte`, a\n/// strong typedef), every value of which is valid, so it is its underlying `{repr}`."
            } else {
                "C stores values that are not enumerators in it (bit flags combined with `|`), so\n/// it is its underlying `{repr}`, with the enumerators as constants."
            };
            writeln!(
                s,
                "///\n/// Open: {}\n{ALLOW}\npub type {} = {repr};",
                why.replace("{repr}", repr),
                item.name
            )
            .unwrap();
            for (n, v) in &e.variants {
                // An `enum class`'s enumerators are named through it in C++ too.
                let name = if e.scoped {
                    format!("{}_{n}", item.name.trim_start_matches("r#"))
                } else {
                    n.clone()
                };
                writeln!(
                    s,
                    "/// C's `{}{n}`.\n{ALLOW}\npub const {}: {} = {v};",
                    if e.scoped {
                        format!("{}::", item.c_name)
                    } else {
                        String::new()
                    },
                    crate::ast::rust_ident(&name),
                    item.name
                )
                .unwrap();
            }
        }
        ItemKind::Enum(e) => {
            s.push_str(&doc_loc(item, "enum"));
            writeln!(
                s,
                "#[derive(::ptx_abi::PtxAbi, Clone, Copy, Debug, PartialEq, Eq)]\n{ALLOW}"
            )
            .unwrap();
            writeln!(s, "#[repr({})]", crate::model::rust_name(e.repr)).unwrap();
            type_c_name(&mut s);
            writeln!(s, "pub enum {} {{", item.name).unwrap();
            let mut seen: Vec<(i128, &str)> = Vec::new();
            let mut aliases = Vec::new();
            for (n, v) in &e.variants {
                match seen.iter().find(|(x, _)| x == v) {
                    Some((_, first)) => aliases.push((n.as_str(), *first)),
                    None => {
                        writeln!(s, "    {} = {v},", crate::ast::rust_ident(n)).unwrap();
                        seen.push((*v, n));
                    }
                }
            }
            s.push_str("}\n");
            if !aliases.is_empty() {
                writeln!(s, "{ALLOW}\nimpl {} {{", item.name).unwrap();
                for (n, first) in aliases {
                    writeln!(
                        s,
                        "    /// C's `{n}`, an enumerator with the value of `{first}`.\n    pub const {}: Self = Self::{};",
                        crate::ast::rust_ident(n),
                        crate::ast::rust_ident(first)
                    )
                    .unwrap();
                }
                s.push_str("}\n");
            }
        }
        ItemKind::Alias(t) => {
            s.push_str(&doc_loc(item, "typedef"));
            writeln!(s, "{ALLOW}").unwrap();
            writeln!(s, "pub type {} = {};", item.name, rust_type(model, from, t)).unwrap();
        }
        ItemKind::Unsupported(_) | ItemKind::Opaque => {}
    }
    s
}

/// The Rust source of the emitted items of `model`.
pub fn emit(model: &Model, opts: &EmitOptions) -> String {
    let mut s = String::new();
    s.push_str("// Generated by ptx-abi-import");
    if !opts.sources.is_empty() {
        write!(s, " from {}", opts.sources.join(", ")).unwrap();
    }
    s.push_str("; do not edit.\n");
    s.push_str(
        "// Every layout is computed by #[derive(PtxAbi)]; check it against the header with\n",
    );
    s.push_str("// ptx_abi::report::nvrtc::assert_matches (see ptx-abi-import's README).\n");
    let v = opts.cuda_version;
    writeln!(
        s,
        "// Read for CUDA {v}: `ptx_abi` must describe CUDA {}.x (its feature `cuda-{}`, or one\n\
         // of the same major release), or this does not compile.\n\
         const _: () = if let ::core::option::Option::Some(__ptx_abi_error) =\n    \
         ::ptx_abi::layout::cuda_version::built_for_error(::ptx_abi::layout::cuda_version::CudaVersion::new({}, {}))\n\
         {{\n    ::core::panic!(\"{{}}\", __ptx_abi_error.as_str())\n}};",
        v.major,
        v.code(),
        v.major,
        v.minor
    )
    .unwrap();
    s.push('\n');
    // Items by module.
    let mut modules: BTreeMap<Vec<String>, Vec<ItemId>> = BTreeMap::new();
    for &id in &model.emitted {
        modules
            .entry(model.items[id].module.clone())
            .or_default()
            .push(id);
    }
    // Every ancestor module must exist.
    let all: Vec<Vec<String>> = modules.keys().cloned().collect();
    for m in all {
        for k in 0..m.len() {
            modules.entry(m[..k].to_vec()).or_default();
        }
    }
    let eq = partial_eq(model);
    write_module(model, &modules, &[], opts, &eq, &mut s, 0);
    if let Some(header) = &opts.checks {
        s.push_str(&checks(model, header, opts));
    }
    s
}

fn write_module(
    model: &Model,
    modules: &BTreeMap<Vec<String>, Vec<ItemId>>,
    at: &[String],
    opts: &EmitOptions,
    eq: &[bool],
    out: &mut String,
    depth: usize,
) {
    let pad = "    ".repeat(depth);
    let ids = modules.get(at).map_or(&[][..], Vec::as_slice);
    for id in dependency_order(model, ids) {
        for line in item_source(model, id, opts, eq).lines() {
            if line.is_empty() {
                out.push('\n');
            } else {
                writeln!(out, "{pad}{line}").unwrap();
            }
        }
        out.push('\n');
    }
    for child in modules
        .keys()
        .filter(|k| k.len() == at.len() + 1 && k.starts_with(at))
    {
        let name = &child[at.len()];
        writeln!(out, "{pad}/// C++ `namespace {}`.", child.join("::")).unwrap();
        writeln!(out, "{pad}{ALLOW}").unwrap();
        writeln!(out, "{pad}pub mod {name} {{").unwrap();
        write_module(model, modules, child, opts, eq, out, depth + 1);
        writeln!(out, "{pad}}}\n").unwrap();
    }
}

/// The items of `ids` (one module's), each after those of them it holds by value. clang lists
/// a struct before the structs declared inside it; rustc evaluates constants in item order,
/// so a container listed first lays out its whole nesting in one chain of queries, which
/// overflows rustc's query depth (`#![recursion_limit]`, 128) about 95 levels deep. Contained
/// types first keep every step short. Otherwise the order is the header's (C declares a type
/// before it uses it by value). An iterative depth-first walk, no recursion per level.
fn dependency_order(model: &Model, ids: &[ItemId]) -> Vec<ItemId> {
    fn refs(ty: &Ty, out: &mut Vec<ItemId>) {
        match ty {
            Ty::Item(i) => out.push(*i),
            Ty::Array(e, _) => refs(e, out),
            // A pointer needs no layout of its pointee.
            Ty::Scalar(_) | Ty::Cuda(_) | Ty::Pointer(_) => {}
        }
    }
    let mut here = vec![false; model.items.len()];
    ids.iter().for_each(|&i| here[i] = true);
    let held = |id: ItemId| {
        let mut out = Vec::new();
        match &model.items[id].kind {
            ItemKind::Record(r) => r.members.iter().for_each(|m| refs(&m.ty, &mut out)),
            ItemKind::Alias(t) => refs(t, &mut out),
            _ => {}
        }
        out.retain(|&i| here[i]);
        out
    };
    let mut seen = vec![false; model.items.len()];
    let mut order = Vec::with_capacity(ids.len());
    for &root in ids {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, held(root), 0)];
        while let Some((id, deps, next)) = stack.last_mut() {
            if let Some(&d) = deps.get(*next) {
                *next += 1;
                if !seen[d] {
                    seen[d] = true;
                    let deps = held(d);
                    stack.push((d, deps, 0));
                }
            } else {
                order.push(*id);
                stack.pop();
            }
        }
    }
    order
}

/// The name a member has in the derived `TypeDesc`: its C name where `c_name` is emitted,
/// else the Rust name without `r#` (as the derive names it).
fn desc_member_name(m: &Member, opts: &EmitOptions) -> String {
    match (&m.c_name, opts.c_names) {
        (Some(c), true) => c.clone(),
        _ => m.name.trim_start_matches("r#").to_string(),
    }
}

/// The member paths (as `ptx_abi::CTypeCheck` spells them: `a.b`, `cells[0].x`) of every
/// member of `ty` that C declares anonymous (an unnamed struct or union member), which the
/// check maps to `""`, or that is a base class, mapped to `"Base::"` (its members are named
/// `Base::a`), or that is private, mapped to `"-"` (left out); each with its C spelling.
fn anonymous_paths(
    model: &Model,
    ty: &Ty,
    prefix: &str,
    opts: &EmitOptions,
    out: &mut Vec<(String, String)>,
) {
    match ty {
        Ty::Array(e, _) => anonymous_paths(model, e, &format!("{prefix}[0]"), opts, out),
        Ty::Item(i) => match &model.items[*i].kind {
            ItemKind::Alias(t) => anonymous_paths(model, t, prefix, opts, out),
            // A stand-in's record (cuRAND's states, libcu++'s `cuda::atomic`) held by a member:
            // its size, alignment and offset are checked, its members are CUDA's business, named
            // otherwise in CUDA's own headers, which the checks compile: `-` leaves them out.
            ItemKind::Record(r) if !model.items[*i].in_header && !prefix.is_empty() => {
                for m in &r.members {
                    out.push((
                        format!("{prefix}.{}", desc_member_name(m, opts)),
                        "-".to_string(),
                    ));
                }
            }
            ItemKind::Record(r) => {
                for m in &r.members {
                    if m.bits.is_some() && !m.private {
                        continue;
                    }
                    let name = desc_member_name(m, opts);
                    let path = if prefix.is_empty() {
                        name
                    } else {
                        format!("{prefix}.{name}")
                    };
                    if m.private {
                        // C++ does not let the checks name it: `-` leaves it out.
                        out.push((path.clone(), "-".to_string()));
                        continue;
                    }
                    if m.anonymous {
                        let c = m.base.as_ref().map_or(String::new(), |b| format!("{b}::"));
                        out.push((path.clone(), c));
                    }
                    anonymous_paths(model, &m.ty, &path, opts, out);
                }
            }
            _ => {}
        },
        _ => {}
    }
}

/// The `#[cfg(test)]` module checking every imported struct, union and enum against the header
/// with NVRTC (`ptx_abi::report::nvrtc::assert_matches`, feature `nvrtc` of ptx-abi), under the C++
/// qualified name (`ns::Particle`); C's anonymous members are mapped to `""`, base classes to
/// `"Base::"`, private ones to `"-"` (`assert_matches_with`, with [`EmitOptions::check_options`]).
fn checks(model: &Model, header: &str, opts: &EmitOptions) -> String {
    let mut s = String::from(
        "/// Each imported type against its C declaration, compiled by nvcc where one is installed\n/// and by NVRTC otherwise (`ptx_abi::report::nvrtc::Checker`).\n#[cfg(test)]\n",
    );
    writeln!(s, "{ALLOW}\nmod ptx_abi_import_checks {{").unwrap();
    writeln!(s, "    const HEADER: &str = {header};").unwrap();
    writeln!(
        s,
        "    /// The host's macros (nvcc's device pass defines them), the header's directory and\n    /// the import's `-I` and `-D`, for the checks' compiler.\n    const OPTIONS: &[&str] = &{:?};",
        opts.check_options
    )
    .unwrap();
    let mut names: Vec<String> = Vec::new();
    for &id in &model.emitted {
        let item = &model.items[id];
        if item.anonymous
            || item.private
            || !item.in_header
            || !matches!(item.kind, ItemKind::Record(_) | ItemKind::Enum(_))
        {
            continue;
        }
        let mut test: String = item
            .module
            .iter()
            .chain([&item.name])
            .map(|n| n.trim_start_matches("r#"))
            .collect::<Vec<_>>()
            .join("_")
            .to_lowercase();
        if names.contains(&test) {
            let mut k = 2;
            while names.contains(&format!("{test}_{k}")) {
                k += 1;
            }
            test = format!("{test}_{k}");
        }
        names.push(test.clone());
        let mut anon = Vec::new();
        anonymous_paths(model, &Ty::Item(id), "", opts, &mut anon);
        let ty = path(model, &["ptx_abi_import_checks".to_string()], id);
        let map: Vec<String> = anon
            .iter()
            .map(|(p, c)| format!("({p:?}, {c:?})"))
            .collect();
        // A layout only nvcc gives the header is checked by nvcc (`crate::compiler`).
        let nvcc_only = matches!(&item.kind, ItemKind::Record(r) if r.nvcc_only);
        let call = format!(
            "::ptx_abi::report::nvrtc::{}::<{ty}>(HEADER, {:?}, &[{}], OPTIONS)",
            if nvcc_only {
                "assert_matches_nvcc_with"
            } else {
                "assert_matches_with"
            },
            item.c_name,
            map.join(", ")
        );
        writeln!(
            s,
            "\n    #[test]\n    fn {test}_matches_the_header() {{\n        {call};\n    }}"
        )
        .unwrap();
    }
    s.push_str("}\n");
    s
}
