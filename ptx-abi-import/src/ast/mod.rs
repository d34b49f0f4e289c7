//! clang's JSON AST → [`Model`].
//!
//! Two passes: [`Reader::decls`] registers every struct, union, enum and typedef with its raw
//! member types (clang's `qualType` spellings) and its scope; [`Reader::resolve`] then turns
//! each spelling into a [`Ty`] by C++ name lookup from that scope, so that members may point at
//! types declared later (`struct Node; struct List { Node* head; };`).
//!
//! The JSON dump omits a location's `file` and `line` when they equal the previous location's,
//! so [`locations`] first replays every location in document order.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::cuda_types;
use crate::error::Unsupported;
use crate::model::{
    scalar_from_c, Enum, Item, ItemId, ItemKind, Loc, Member, Model, Record, Scalar, Ty,
};
use ptx_abi_core::layout::cuda_version::CudaVersion;

pub(crate) mod prune;
mod resolve;
mod tag;
mod template_args;
mod ty;

/// Every node's location, by node id.
/// What template arguments of enumeration type need: every enumerator's value by its
/// declaration's id (a default argument names one), and each enum's enumerators, spelled
/// qualified as clang spells them in a type's name (`cuda::thread_scope_device`), by the enum's
/// own name.
#[derive(Default)]
pub(super) struct Enumerators {
    values: HashMap<String, i128>,
    by_enum: HashMap<String, Vec<Vec<(String, i128)>>>,
    /// The ids of enum declarations redeclared later (`enum class Kind : uint8_t;` before its
    /// definition; the definition names it as its `previousDecl`): the one enum is read once,
    /// from its last declaration.
    redeclared: HashSet<String>,
    /// Every enumerator's qualified name (`coll::Layout::ColMajor`), for template arguments
    /// written relative to a scope ([`Reader::canonical`]).
    pub(super) paths: HashSet<String>,
}

impl Enumerators {
    /// Walks `root` (an AST) for its enums.
    fn of(root: &Value) -> Enumerators {
        let mut e = Enumerators::default();
        e.walk(root, &mut Vec::new());
        e
    }

    fn walk(&mut self, v: &Value, scope: &mut Vec<String>) {
        match kind(v) {
            "EnumDecl" => {
                if let Some(previous) = v.get("previousDecl").and_then(Value::as_str) {
                    self.redeclared.insert(previous.to_string());
                }
                let mut next: i128 = 0;
                let mut list = Vec::new();
                let scoped = v.get("scopedEnumTag").is_some();
                for c in inner(v).iter().filter(|c| kind(c) == "EnumConstantDecl") {
                    let value = inner(c).first().and_then(constant).unwrap_or(next);
                    if let Some(id) = c.get("id").and_then(Value::as_str) {
                        self.values.insert(id.to_string(), value);
                    }
                    let mut path = scope.clone();
                    if scoped {
                        path.push(name(v).unwrap_or("").to_string());
                    }
                    path.push(name(c).unwrap_or("").to_string());
                    self.paths.insert(path.join("::"));
                    list.push((path.join("::"), value));
                    next = value.saturating_add(1);
                }
                if let Some(n) = name(v) {
                    self.by_enum.entry(n.to_string()).or_default().push(list);
                }
            }
            "NamespaceDecl" | "CXXRecordDecl" if name(v).is_some() => {
                scope.push(name(v).unwrap_or("").to_string());
                inner(v).iter().for_each(|c| self.walk(c, scope));
                scope.pop();
            }
            "TranslationUnitDecl"
            | "NamespaceDecl"
            | "LinkageSpecDecl"
            | "CXXRecordDecl"
            | "ClassTemplateDecl" => {
                inner(v).iter().for_each(|c| self.walk(c, scope));
            }
            _ => {}
        }
    }

    /// The enumerators of the one enum named `ty` (its last `::` component), if exactly one
    /// enum has that name.
    fn of_type(&self, ty: &str) -> Option<&Vec<(String, i128)>> {
        let last = ty.rsplit("::").next().unwrap_or(ty);
        match self.by_enum.get(last).map(Vec::as_slice) {
            Some([one]) => Some(one),
            _ => None,
        }
    }
}

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
    /// `alignas(N)` / `__attribute__((aligned(N)))` on the member.
    align: Option<u64>,
    /// An alignment attribute without a number the AST gives (`alignas(T)`).
    align_from_layout: bool,
    loc: Loc,
    /// The record of an anonymous struct/union member or of an unnamed member type.
    anon_record: Option<ItemId>,
    /// A non-virtual public base class, read as a leading member with no C name (its members
    /// are the derived type's in C++).
    base: bool,
    /// Declared under `private:` or `protected:` (or in a `class` before any `public:`).
    private: bool,
    /// `[[no_unique_address]]` (C++20): an empty class member takes no bytes, a non-empty
    /// one may lend its tail padding to the members after it.
    no_unique_address: bool,
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
    /// Instantiations by the names clang gives them when their last arguments equal defaults
    /// the importer does not evaluate ([`TemplateParam::dependent_default`]): `V2<float>` for
    /// `V2<float, 4>`; a name two instantiations could have finds neither.
    by_shorter_name: HashMap<String, Vec<ItemId>>,
    /// The names of the inline namespaces seen, which a qualified name may spell or leave out.
    inline_namespaces: std::collections::HashSet<String>,
    /// How C++ names reach a namespace other than by its own name ([`NamespaceNames`]).
    namespace_names: NamespaceNames,
    /// What clang desugars a template spelling to where it says so (`DeviceBuffer<float>` →
    /// `float *` for an alias template): an array of it, whose spelling clang leaves
    /// sugared, reads the same.
    desugared_templates: HashMap<String, String>,
    /// Unnamed records by the `file:line:col` clang uses in their type spelling, and by that
    /// after the named record they are declared in ([`anon_in`]): a class template's
    /// instantiations declare their unnamed members at one location.
    by_anon_loc: HashMap<String, ItemId>,
    /// The parameters of the class template whose instantiations are being read
    /// ([`template_id`] leaves out arguments equal to their defaults).
    template_params: Vec<TemplateParam>,
    /// Each class template's parameters by its qualified name, for its explicit
    /// specializations, which clang writes outside the template (`template <> struct
    /// L<float, true>`): their arguments are spelled by the primary's parameters.
    primary_params: HashMap<String, Vec<TemplateParam>>,
    /// The enums, for template arguments of enumeration type ([`Enumerators`]).
    enumerators: Enumerators,
    /// Whether a file is one of the imported headers (not the stand-ins).
    is_header: Box<dyn Fn(&str) -> bool>,
    /// The CUDA release the import is for: which of CUDA's types exist.
    cuda: CudaVersion,
    /// The ids of classes declared inside a function or lambda ([`local_records`]).
    local_records: std::collections::HashSet<String>,
}

/// The ids of the classes declared inside a function, a method or a lambda (fmt's
/// `FMT_STRING` declares one per use): no code outside can name them, so neither can the
/// checks, nor an instantiation taking one as its argument.
fn local_records(root: &Value) -> std::collections::HashSet<String> {
    fn visit(v: &Value, in_function: bool, out: &mut std::collections::HashSet<String>) {
        if let Some(a) = v.as_array() {
            a.iter().for_each(|c| visit(c, in_function, out));
            return;
        }
        let k = kind(v);
        if in_function && k == "CXXRecordDecl" {
            if let Some(id) = v.get("id").and_then(Value::as_str) {
                out.insert(id.to_string());
            }
        }
        let in_function = in_function || is_function(k);
        if let Some(children) = v.get("inner") {
            visit(children, in_function, out);
        }
    }
    let mut out = std::collections::HashSet::new();
    visit(root, false, &mut out);
    out
}

/// Whether the classes inside a node of `kind` are local to it: a function, a method, a
/// constructor, a destructor, a conversion or a lambda ([`local_records`], and what
/// [`prune`] keeps of them).
pub(super) fn is_function(kind: &str) -> bool {
    matches!(
        kind,
        "FunctionDecl"
            | "CXXMethodDecl"
            | "CXXConstructorDecl"
            | "CXXDestructorDecl"
            | "CXXConversionDecl"
            | "LambdaExpr"
    )
}

/// The name of the first template argument of specialization `d` that is a class local to a
/// function ([`local_records`]).
fn local_argument<'a>(d: &'a Value, local: &std::collections::HashSet<String>) -> Option<&'a str> {
    inner(d)
        .iter()
        .filter(|c| kind(c) == "TemplateArgument")
        .flat_map(|a| inner(a).iter())
        .filter(|t| kind(t) == "RecordType")
        .filter_map(|t| t.get("decl"))
        .find(|decl| {
            decl.get("id")
                .and_then(Value::as_str)
                .is_some_and(|id| local.contains(id))
        })
        .and_then(|decl| decl.get("name").and_then(Value::as_str))
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

/// One parameter of a class template, as far as spelling its instantiations needs: whether it
/// is a `bool` (clang writes a `true` argument's value as -1) and its default argument spelled
/// as [`template_id`] spells arguments, where the default is a type or a literal.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct TemplateParam {
    is_bool: bool,
    /// For a parameter of enumeration type, its enumerators (qualified name, value): an
    /// argument is spelled by the enumerator of its value, as clang does.
    enumerators: Option<Vec<(String, i128)>>,
    default: Option<String>,
    /// Whether it has a default the importer does not evaluate (`int N = Traits<T>::kAlign`,
    /// `16 / sizeof(T)`, `typename = std::enable_if_t<…>`): clang leaves an argument equal to
    /// it out of the instantiation's name, which the importer then finds by the name without
    /// it ([`template_id`]).
    dependent_default: bool,
}

/// The parameters of the class template `d` (a `ClassTemplateDecl`); `enums` gives the
/// enumerators of a parameter of enumeration type and the value of a default that names one.
fn template_params(d: &Value, enums: &Enumerators) -> Vec<TemplateParam> {
    let params: Vec<&Value> = inner(d)
        .iter()
        .filter(|p| {
            matches!(
                kind(p),
                "TemplateTypeParmDecl" | "NonTypeTemplateParmDecl" | "TemplateTemplateParmDecl"
            )
        })
        .collect();
    let names: Vec<&str> = params.iter().map(|p| name(p).unwrap_or("")).collect();
    params
        .iter()
        .copied()
        .enumerate()
        .map(|(k, p)| {
            let ty = p
                .get("type")
                .and_then(|t| t.get("qualType"))
                .and_then(Value::as_str);
            let is_bool = ty == Some("bool");
            let enumerators = ty.and_then(|t| enums.of_type(t)).cloned();
            let default = p.get("defaultArg").and_then(|_| {
                if kind(p) == "TemplateTypeParmDecl" {
                    // One naming an earlier parameter (`U = T*`, `enable_if_t<…T…>`) is
                    // not evaluated.
                    return default_type(p.get("defaultArg")?.get("type")?)
                        .filter(|t| !names_any(t, &names[..k]));
                }
                // A literal (under implicit casts), never an expression to evaluate.
                let mut e = inner(p).first().and_then(|a| inner(a).first())?;
                while matches!(kind(e), "ImplicitCastExpr" | "ConstantExpr") {
                    e = inner(e).first()?;
                }
                match (kind(e), e.get("value")) {
                    ("IntegerLiteral", Some(Value::String(v))) => Some(v.clone()),
                    ("CXXBoolLiteralExpr", Some(Value::Bool(b))) => Some(b.to_string()),
                    ("DeclRefExpr", _) => {
                        let target = e.get("referencedDecl")?;
                        (kind(target) == "EnumConstantDecl")
                            .then(|| target.get("id")?.as_str())
                            .flatten()
                            .and_then(|id| enums.values.get(id))
                            .and_then(|&v| spell_enumerator(enumerators.as_deref(), v))
                    }
                    _ => None,
                }
            });
            TemplateParam {
                is_bool,
                enumerators,
                dependent_default: default.is_none() && p.get("defaultArg").is_some(),
                default,
            }
        })
        .collect()
}

/// Whether `text` names one of `names` as a whole identifier (`T *` names `T`).
fn names_any(text: &str, names: &[&str]) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| !w.is_empty() && names.contains(&w))
}

/// One template argument `a` of a specialization as clang spells it in types: a type, an
/// integer (a `bool` parameter's as `true`/`false`, an enumeration's by its enumerator);
/// `None` for another kind (a template).
fn template_argument(a: &Value, param: Option<&TemplateParam>) -> Option<String> {
    let is_bool = param.is_some_and(|p| p.is_bool);
    let enumerators = param.and_then(|p| p.enumerators.as_deref());
    if let Some(t) = a
        .get("type")
        .and_then(|t| t.get("qualType"))
        .and_then(Value::as_str)
    {
        return Some(without_anonymous_namespaces(t));
    }
    Some(match a.get("value")? {
        Value::Number(n) if is_bool => (n.as_i64() != Some(0)).to_string(),
        Value::Number(n) if enumerators.is_some() => {
            spell_enumerator(enumerators, i128::from(n.as_i64()?))?
        }
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::String(s) => s.clone(),
        _ => return None,
    })
}

/// A type parameter's default argument `ty` (its `type` object) as clang spells the argument
/// of a specialization, whose types are canonical: through typedefs (`Index = int64_t` is
/// `long` in `TensorView<const float, 3, long>`, which clang names `TensorView<const float,
/// 3>`).
fn default_type(ty: &Value) -> Option<String> {
    ty.get("desugaredQualType")
        .or_else(|| ty.get("qualType"))?
        .as_str()
        .map(without_anonymous_namespaces)
}

/// The enumerator of `value` among `enumerators`, as clang spells an argument of enumeration
/// type; `None` where none has that value (clang then spells a cast, which is not matched).
fn spell_enumerator(enumerators: Option<&[(String, i128)]>, value: i128) -> Option<String> {
    enumerators?
        .iter()
        .find(|(_, v)| *v == value)
        .map(|(n, _)| n.clone())
}

/// The C++ name of a class template specialization, as clang spells it in types
/// (`Arr<float, 4>`): its template's name and its arguments (types, integers, `true` and
/// `false`), leaving out trailing arguments equal to their parameters' defaults (`params`,
/// when known), as clang does (`Buf<float>` for `Buf<float, 4>` when 4 is the default); `None`
/// for another declaration or an argument of another kind (a pack, a template).
fn template_id(d: &Value, params: &[TemplateParam]) -> Option<(String, Vec<String>)> {
    if kind(d) != "ClassTemplateSpecializationDecl" {
        return None;
    }
    let mut args = Vec::new();
    for (i, a) in inner(d)
        .iter()
        .filter(|c| kind(c) == "TemplateArgument")
        .enumerate()
    {
        let param = params.get(i);
        // A parameter pack's arguments (`Pack<int, float>`), each spelled as one.
        if flag(a, "isPack") {
            for p in inner(a).iter().filter(|c| kind(c) == "TemplateArgument") {
                args.push(template_argument(p, param)?);
            }
            continue;
        }
        args.push(template_argument(a, param)?);
    }
    while let Some(last) = args.last() {
        match params.get(args.len() - 1).and_then(|p| p.default.as_ref()) {
            Some(default) if default == last => {
                args.pop();
            }
            _ => break,
        }
    }
    let n = name(d)?;
    // The names clang may give it if its last arguments equal defaults the importer does not
    // evaluate (or evaluated ones before those).
    let mut shorter = Vec::new();
    let mut kept = args.len();
    while kept > 0
        && params.get(kept - 1).is_some_and(|p| {
            p.dependent_default || p.default.as_deref() == Some(args[kept - 1].as_str())
        })
    {
        kept -= 1;
        if params[kept].dependent_default || !shorter.is_empty() {
            shorter.push(format!("{n}<{}>", args[..kept].join(", ")));
        }
    }
    Some((format!("{n}<{}>", args.join(", ")), shorter))
}

/// A Rust name for C++ name `c` (`Arr<float, 4>` → `Arr_float_4`): every run of characters
/// that cannot be in a Rust identifier is one `_`.
fn rust_name_of_template_id(c: &str) -> String {
    let mut out = String::new();
    for ch in c.chars() {
        if ch == '_' || ch.is_alphanumeric() {
            out.push(ch);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
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
        .unwrap_or("");
    let d = t
        .and_then(|t| t.get("desugaredQualType"))
        .and_then(Value::as_str)
        .map(without_anonymous_namespaces);
    (without_anonymous_namespaces(q), d)
}

/// A type's spelling without the anonymous namespaces clang names in it
/// (`Box<(anonymous namespace)::Cursor>` is `Box<Cursor>`): an anonymous namespace is
/// transparent to the header's own code and to the checks, as it is to the import.
pub(crate) fn without_anonymous_namespaces(spelling: &str) -> String {
    spelling.replace("(anonymous namespace)::", "")
}

/// The layout-changing attributes among `d`'s children (`packed`, `aligned`), spelled as in C.
fn layout_attrs(d: &Value) -> impl Iterator<Item = &'static str> + '_ {
    inner(d).iter().filter_map(|a| match kind(a) {
        "PackedAttr" => Some("__attribute__((packed))"),
        "AlignedAttr" if !no_effect(a) => Some("__attribute__((aligned))"),
        _ => None,
    })
}

/// `alignas(0)`: C++ says it has no effect ([dcl.align]), and clang gives it none.
fn no_effect(aligned: &Value) -> bool {
    kind(aligned) == "AlignedAttr" && constant(aligned) == Some(0)
}

/// `file:line:col` of an unnamed record, as clang writes it inside type spellings.
fn anon_key(l: &Loc) -> String {
    format!("{}:{}:{}", l.file, l.line, l.col)
}

/// The key of the unnamed record at `loc_key` declared in `context`, the named record (or
/// namespace) around it up to the first unnamed one: `V2<double>@a.cuh:1:40` for both the
/// struct and the union of `template <class T> struct V2 { union { struct { T x, y; }; }; }`
/// instantiated for `double`, which `V2<char>`'s share their location with.
fn anon_in(context: &str, loc_key: &str) -> String {
    format!("{context}@{loc_key}")
}

/// The context ([`anon_in`]) of a record declared in `scope` (an unnamed scope is `""`).
fn anon_context_of_scope(scope: &[String]) -> String {
    let named: Vec<&str> = scope
        .iter()
        .map(String::as_str)
        .take_while(|s| !s.is_empty())
        .collect();
    named.join("::")
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
        // C compilers take `$` (and nvcc and clang take it in CUDA): Rust does not; the C name
        // stays in `#[ptx(c_name)]`.
        c.chars()
            .map(|ch| {
                if ch == '_' || ch.is_alphanumeric() {
                    ch
                } else {
                    '_'
                }
            })
            .collect()
    }
}

impl Reader {
    /// The unnamed record a type spelling names (`struct (anonymous at a.cuh:1:40)`) in a
    /// record declared in `scope`: the one declared there in that context ([`anon_in`]), else
    /// the last one declared there.
    fn anon_record(&self, spelling: &str, scope: &[String]) -> Option<ItemId> {
        let loc = spelling.rsplit(" at ").next()?.split(')').next()?;
        self.by_anon_loc
            .get(&anon_in(&anon_context_of_scope(scope), loc))
            .or_else(|| self.by_anon_loc.get(loc))
            .copied()
    }

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
            by_shorter_name: HashMap::new(),
            inline_namespaces: Default::default(),
            namespace_names: NamespaceNames::default(),
            desugared_templates: HashMap::new(),
            by_anon_loc: HashMap::new(),
            template_params: Vec::new(),
            primary_params: HashMap::new(),
            enumerators: Enumerators::of(root),
            is_header,
            cuda,
            local_records: local_records(root),
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
                // An inline namespace (`inline namespace v1 { … }`, an ABI version) is
                // transparent: C++ code, clang's type spellings and its record layouts name
                // `ns::v1::T` as `ns::T`, and so does the import.
                "NamespaceDecl" if flag(d, "isInline") => {
                    if let Some(n) = name(d) {
                        self.inline_namespaces.insert(n.to_string());
                    }
                    self.namespace_names.declared(d, scope);
                    self.decls(inner(d), module, scope)
                }
                "NamespaceDecl" => match name(d) {
                    Some(n) => {
                        let mut m = module.to_vec();
                        m.push(rust_ident(n));
                        let mut s = scope.to_vec();
                        s.push(n.to_string());
                        self.namespace_names.declared(d, &s);
                        self.decls(inner(d), &m, &s);
                    }
                    None => self.decls(inner(d), module, scope),
                },
                "NamespaceAliasDecl" => self.namespace_names.alias(d, scope),
                "UsingDirectiveDecl" => self.namespace_names.using_directive(d, scope),
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
                            private: false,
                        },
                        Pending {
                            scope: scope.to_vec(),
                            alias_of: Some((q, desugared)),
                            problems,
                            ..Pending::default()
                        },
                    );
                }
                // An explicit specialization (`template <> struct Arr<int, 2> { … };`).
                "ClassTemplateSpecializationDecl" => {
                    let params = name(d)
                        .and_then(|n| self.primary_params.get(&qualify(scope, n)))
                        .cloned()
                        .unwrap_or_default();
                    let outer = std::mem::replace(&mut self.template_params, params);
                    self.tag(d, module, scope, "", None);
                    self.template_params = outer;
                }
                "ClassTemplateDecl" | "TypeAliasTemplateDecl" => {
                    // The instantiations the header uses (as members, typedefs or arguments)
                    // are concrete types, imported under their C++ names (`Arr<float, 4>`).
                    let params = template_params(d, &self.enumerators);
                    if let Some(n) = name(d) {
                        self.primary_params
                            .insert(qualify(scope, n), params.clone());
                    }
                    let outer = std::mem::replace(&mut self.template_params, params);
                    for spec in inner(d)
                        .iter()
                        .filter(|c| kind(c) == "ClassTemplateSpecializationDecl")
                    {
                        let id = self.tag(spec, module, scope, "", None);
                        if let (Some(id), Some(local)) =
                            (id, local_argument(spec, &self.local_records))
                        {
                            self.items[id].kind = ItemKind::Unsupported(format!(
                                "its template argument `{local}` is a class declared inside a function, which no code outside it (nor the checks) can name"
                            ));
                        }
                    }
                    self.template_params = outer;
                    if let Some(n) = name(d) {
                        let loc = self.loc(d);
                        // The template itself is no type: it is never imported for its own
                        // sake, only named in the reason when something uses it.
                        let in_header = false;
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
                                private: false,
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

    /// Looks a C++ name up from `scope`, innermost scope first; through a namespace alias
    /// (`tg::Dtype` after `namespace tg = trtllm::gen;`) and the namespaces a
    /// using-directive names (`using namespace trtllm::gen;` … `Dtype`) where the name is not
    /// found by itself.
    fn lookup(&self, scope: &[String], n: &str) -> Option<ItemId> {
        self.lookup_declared(scope, n).or_else(|| {
            self.namespace_names
                .candidates(scope, n.trim_start_matches("::"))
                .into_iter()
                .find_map(|full| self.lookup_declared(&[], &full))
        })
    }

    /// [`Reader::lookup`] by the names items are declared under.
    fn lookup_declared(&self, scope: &[String], n: &str) -> Option<ItemId> {
        let n = n.trim_start_matches("::");
        let without_inline;
        let n = if self.inline_namespaces.is_empty() {
            n
        } else {
            let parts: Vec<&str> = n.split("::").collect();
            let (last, quals) = parts.split_last()?;
            let mut kept: Vec<&str> = quals
                .iter()
                .copied()
                .filter(|q| !self.inline_namespaces.contains(*q))
                .collect();
            kept.push(last);
            without_inline = kept.join("::");
            &without_inline
        };
        for k in (0..=scope.len()).rev() {
            let mut q: Vec<&str> = scope[..k].iter().map(String::as_str).collect();
            q.retain(|s| !s.is_empty());
            let full = if q.is_empty() {
                n.to_string()
            } else {
                format!("{}::{n}", q.join("::"))
            };
            // Not for the C++ library's containers (`std::map<K, V>`, defaulted `Compare` and
            // `Allocator`): their layout is the host library's, which the member's own reason
            // says.
            let shorter = || match self.by_shorter_name.get(&full).map(Vec::as_slice) {
                Some(&[i]) if !full.starts_with("std::") => Some(i),
                _ => None,
            };
            if let Some(i) = self.by_c_name.get(&full).copied().or_else(shorter) {
                return Some(i);
            }
        }
        None
    }
}

/// The other names of namespaces: namespace aliases (`namespace tg = trtllm::gen;`) and
/// using-directives (`using namespace trtllm::gen;`), by the scope they are declared in. clang
/// spells a member's type as its source does (`tg::Dtype`, `Dtype`), so the import looks the
/// spelling up through them as C++ does.
#[derive(Default)]
struct NamespaceNames {
    /// Each namespace declaration's clang id → the namespace's qualified name.
    by_id: HashMap<String, String>,
    /// A namespace alias's qualified name → the namespace it names.
    aliases: HashMap<String, String>,
    /// A scope's qualified name (`""` for the global one) → the namespaces its
    /// using-directives name.
    used: HashMap<String, Vec<String>>,
}

impl NamespaceNames {
    /// Records namespace declaration `d`, whose qualified name is `path`.
    fn declared(&mut self, d: &Value, path: &[String]) {
        if let Some(id) = d.get("id").and_then(Value::as_str) {
            self.by_id.insert(id.to_string(), path.join("::"));
        }
    }

    /// The qualified name of the namespace a declaration's `key` (`aliasedNamespace`,
    /// `nominatedNamespace`) refers to.
    fn target(&self, d: &Value, key: &str) -> Option<String> {
        let id = d.get(key)?.get("id")?.as_str()?;
        self.by_id.get(id).cloned()
    }

    /// Records namespace alias `d`, declared in `scope`.
    fn alias(&mut self, d: &Value, scope: &[String]) {
        if let (Some(n), Some(target)) = (name(d), self.target(d, "aliasedNamespace")) {
            self.aliases.insert(qualify(scope, n), target);
        }
    }

    /// Records using-directive `d`, declared in `scope`.
    fn using_directive(&mut self, d: &Value, scope: &[String]) {
        if let Some(target) = self.target(d, "nominatedNamespace") {
            let used = self.used.entry(scope.join("::")).or_default();
            if !used.contains(&target) {
                used.push(target);
            }
        }
    }

    /// The qualified names `n`, seen from `scope`, may stand for through an alias among its
    /// qualifiers or a using-directive of `scope` or a scope around it, innermost first.
    fn candidates(&self, scope: &[String], n: &str) -> Vec<String> {
        let parts: Vec<&str> = n.split("::").collect();
        let mut out = Vec::new();
        for k in (0..=scope.len()).rev() {
            let outer = &scope[..k];
            // `alias::rest`, the alias declared in `outer` (or nested in a namespace of it).
            for i in (1..parts.len()).rev() {
                let alias = qualify(outer, &parts[..i].join("::"));
                if let Some(target) = self.aliases.get(&alias) {
                    out.push(format!("{target}::{}", parts[i..].join("::")));
                }
            }
            for used in self.used.get(&outer.join("::")).into_iter().flatten() {
                out.push(format!("{used}::{n}"));
            }
        }
        out
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
            // A qualified name in a template (`typename Epilogue::Params`) names the type.
            "typename ",
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
        assert_eq!(rust_ident("a$b"), "a_b");
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
        // A base class that is such a typedef (a header including all of PyTorch had one
        // the reader followed without end).
        let derived = format!(
            r#"{{"id":"D","kind":"CXXRecordDecl","tagUsed":"struct","completeDefinition":true,"name":"D",{LOC},"bases":[{{"access":"public","type":{{"qualType":"A"}}}}],"inner":[{}]}}"#,
            field("x", "int")
        );
        let (_, problems) = read_decls(&format!(
            "{},{},{derived}",
            typedef("A", "B"),
            typedef("B", "A")
        ));
        assert!(
            problems.iter().any(|p| p.contains("`A`: holds itself")),
            "{problems:?}"
        );
        // Records holding themselves by value, directly or through each other.
        let (_, problems) = read_decls(&format!(
            "{},{},{},{}",
            record("S", &field("s", "S")),
            record("A", &field("b", "B[2]")),
            record("B", &field("a", "A")),
            record("X", &field("a", "A"))
        ));
        for name in ["S", "A", "B"] {
            assert!(
                problems
                    .iter()
                    .any(|p| p.contains(&format!("`{name}`: holds itself"))),
                "{name}: {problems:?}"
            );
        }
        // One that holds such a record, and is held by none of them, is not on the cycle.
        assert!(
            !problems.iter().any(|p| p.contains("`X`: holds itself")),
            "{problems:?}"
        );
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

    /// `template <class T, class Index = int64_t> struct View { T* data; Index n; };` used as
    /// `View<float>`: clang names the instantiation without its defaulted argument, whose
    /// typedef the specialization spells through (`long`), and so does the import.
    #[test]
    fn defaults_spelled_through_typedefs_are_left_out_of_the_name() {
        let template = r#"{"id":"V","kind":"ClassTemplateDecl","name":"View","inner":[
            {"kind":"TemplateTypeParmDecl","name":"T"},
            {"kind":"TemplateTypeParmDecl","name":"Index","defaultArg":{"kind":"TemplateArgument","type":{"desugaredQualType":"long","qualType":"int64_t"}}},
            {"id":"VS","kind":"ClassTemplateSpecializationDecl","name":"View","tagUsed":"struct","completeDefinition":true,"inner":[
              {"kind":"TemplateArgument","type":{"qualType":"float"}},
              {"kind":"TemplateArgument","type":{"qualType":"long"}},
              {"id":"d","kind":"FieldDecl","name":"n","type":{"qualType":"long"}}]}]}"#;
        let (items, problems) = read_decls(&format!(
            "{},{template},{}",
            typedef("int64_t", "long"),
            record("Args", &field("v", "View<float>"))
        ));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(items.iter().any(|(n, _)| n == "View<float>"), "{items:?}");
    }

    /// `[[no_unique_address]]` on an empty class's member: no bytes, left out of the Rust
    /// (and named in `no_bytes`); on a class with data: refused, naming the attribute; on an
    /// `int`: no effect.
    #[test]
    fn no_unique_address_members() {
        let nua = |name: &str, ty: &str| {
            format!(
                r#"{{"id":"{name}_f","kind":"FieldDecl","name":"{name}","type":{{"qualType":"{ty}"}},"inner":[{{"kind":"NoUniqueAddressAttr"}}]}}"#
            )
        };
        let (items, problems) = read_decls(&format!(
            "{},{},{},{}",
            record("Tag", ""),
            record("Timer", &field("ticks", "long")),
            record(
                "Arena",
                &format!(
                    "{},{},{}",
                    nua("tag", "Tag"),
                    nua("n", "int"),
                    field("cap", "int")
                )
            ),
            record(
                "Step",
                &format!("{},{}", nua("timer", "Timer"), field("stage", "char"))
            )
        ));
        let arena = items.iter().find(|(n, _)| n == "Arena").map(|(_, k)| k);
        let Some(ItemKind::Record(r)) = arena else {
            panic!("{items:?}")
        };
        let names: Vec<&str> = r.members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(
            (names, r.no_bytes.clone()),
            (vec!["n", "cap"], vec!["tag".to_string()])
        );
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("`Step::timer`: is `[[no_unique_address]]`"),
            "{problems:?}"
        );
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
