//! clang's JSON AST read as clang writes it, keeping what the reader ([`super::Reader`]) looks
//! at: a header that includes a whole C++ library (`<torch/all.h>`: 7.3 GB of JSON, most of
//! it function bodies and parameters) is read in the memory of its declarations (100 MB),
//! not of its dump.
//!
//! Kept as clang wrote them: namespaces, records, fields, enums, typedefs, templates and their
//! instantiations, template arguments, attributes. Left out:
//! - the `inner` and `type` of a function, a method, a constructor, a variable, a
//!   `static_assert`, a friend, a using-declaration or a lambda ([`is_shell`]); such a node
//!   stays (name, flags, location) only where it is a virtual function or holds a class
//!   declared inside it;
//! - type nodes ([`is_type`]: a typedef's sugar), but a template argument's own type, without
//!   its `inner`;
//! - the `range` of a node that has a `loc`, but a record's and an attribute's (the reader
//!   reads where a record's closing brace and an attribute are);
//! - `definitionData` (special members; only its `isPOD` is kept) and `mangledName`; a
//!   location's `tokLen` and `includedFrom`.
//!
//! Two facts the reader draws from what is left out are carried over:
//! - **locations**: the dump omits a location's `file` and `line` when they equal the last
//!   written ones, so a location after a left-out body may lean on one inside it. Every
//!   location is replayed as the reader replays it ([`State::step`]: a node's `loc`, then its
//!   `range`, then its `inner`), and every location kept is written against the locations
//!   kept before it (or whole, where it is not known yet whether its node stays), so the
//!   reader gives each kept node the place it gives it in the whole dump;
//! - **classes declared inside a function** (`super::local_records`): each left-out node keeps
//!   the ids of those inside it, under one `LambdaExpr` node holding bare `CXXRecordDecl`s.

use std::fmt;
use std::io::Read;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::{is_function, MAX_AST_DEPTH};

/// Reads clang's `-ast-dump=json` from `dump` as it is written, keeping at most `limit` bytes
/// of declarations; the kept tree as JSON, which [`super::read`] reads as it would the whole
/// dump.
pub(crate) fn pruned(dump: impl Read, limit: u64) -> Result<String, Pruned> {
    let mut de =
        serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 20, dump));
    // Depth is bounded by `State::enter` (`MAX_AST_DEPTH`), on a thread with the reader's stack.
    de.disable_recursion_limit();
    let mut st = State {
        limit,
        ..State::default()
    };
    let root = NodeSeed {
        node: Node {
            st: &mut st,
            mode: Mode::Keep,
            under_argument: false,
        },
        locals: None,
    }
    .deserialize(&mut de);
    let root = match (root, st.over.take()) {
        (_, Some(why)) => return Err(why),
        (Ok(Some(v)), None) => v,
        (Ok(None), None) => return Err(Pruned::Json("clang printed no AST".into())),
        (Err(e), None) if e.is_eof() => return Err(Pruned::Json("clang's AST ends early".into())),
        (Err(e), None) => return Err(Pruned::Json(e.to_string())),
    };
    serde_json::to_string(&root).map_err(|e| Pruned::Json(e.to_string()))
}

/// Why [`pruned`] gave no AST.
#[derive(Debug)]
pub(crate) enum Pruned {
    /// The declarations kept passed the limit (bytes), or nest deeper than
    /// [`MAX_AST_DEPTH`] (the message).
    TooLarge(String),
    /// Not JSON, or cut short (clang stopped, or was stopped).
    Json(String),
}

impl fmt::Display for Pruned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pruned::TooLarge(m) | Pruned::Json(m) => f.write_str(m),
        }
    }
}

/// The nodes whose `inner` (parameters, bodies, initializers) and `type` the reader never
/// looks at: code, not layout. Functions and lambdas ([`is_function`]), and the declarations
/// below.
pub(crate) fn is_shell(kind: &str) -> bool {
    is_function(kind)
        || matches!(
            kind,
            "CXXDeductionGuideDecl"
                | "FunctionTemplateDecl"
                | "VarDecl"
                | "VarTemplateDecl"
                | "VarTemplateSpecializationDecl"
                | "VarTemplatePartialSpecializationDecl"
                | "StaticAssertDecl"
                | "FriendDecl"
                | "UsingDecl"
                | "UsingShadowDecl"
                | "ConceptDecl"
        )
}

/// A type node (`RecordType`, `TypedefType`, …): the reader reads a type's spelling (the
/// `type` of a declaration), and of the type nodes only a template argument's own, for the
/// class it names.
fn is_type(kind: &str) -> bool {
    kind.ends_with("Type")
}

/// The kinds whose `range` end the reader reads (an attribute after the closing brace).
fn is_record(kind: &str) -> bool {
    matches!(
        kind,
        "CXXRecordDecl"
            | "RecordDecl"
            | "ClassTemplateSpecializationDecl"
            | "ClassTemplatePartialSpecializationDecl"
            | "EnumDecl"
    )
}

/// The replay of locations, and the bounds.
#[derive(Default)]
struct State {
    file: String,
    line: u64,
    col: u64,
    /// The file and line the reader has replayed when it reaches the next location kept.
    kept_file: String,
    kept_line: u64,
    depth: usize,
    kept: u64,
    limit: u64,
    /// Why reading stopped, where it was the bounds (a serde error carries text only).
    over: Option<Pruned>,
}

impl State {
    fn enter<E: serde::de::Error>(&mut self) -> Result<(), E> {
        self.depth += 1;
        if self.depth > MAX_AST_DEPTH {
            self.over = Some(Pruned::TooLarge(format!(
                "clang's AST nests more than {MAX_AST_DEPTH} levels deep (declarations inside declarations); the importer reads at most {MAX_AST_DEPTH} (about {} nested structs)",
                MAX_AST_DEPTH / 2
            )));
            return Err(E::custom("too deep"));
        }
        Ok(())
    }

    fn keep<E: serde::de::Error>(&mut self, bytes: u64) -> Result<(), E> {
        self.kept += bytes;
        if self.kept > self.limit {
            self.over = Some(Pruned::TooLarge(format!(
                "the declarations ptx-abi-import keeps of clang's `-ast-dump=json` are over {} bytes",
                self.limit
            )));
            return Err(E::custom("too large"));
        }
        Ok(())
    }

    /// One location as the reader's `locations` replays it (spelling, then expansion, else
    /// the location's own `file`, `line`, `col`); with `fill` (a location kept), it is
    /// rewritten so that the reader, replaying only what is kept, reads the same three.
    fn step(&mut self, l: &mut Value, fill: Fill) {
        let Some(obj) = l.as_object_mut() else {
            return;
        };
        if let Some(s) = obj.get_mut("spellingLoc") {
            self.step(s, fill);
        }
        if let Some(e) = obj.get_mut("expansionLoc") {
            self.step(e, fill);
            return;
        }
        if let Some(f) = obj.get("file").and_then(Value::as_str) {
            if f != self.file {
                self.file = f.to_string();
            }
        }
        if let Some(n) = obj.get("line").and_then(Value::as_u64) {
            self.line = n;
        }
        if let Some(c) = obj.get("col").and_then(Value::as_u64) {
            self.col = c;
        }
        if fill == Fill::No {
            return;
        }
        obj.remove("tokLen");
        obj.remove("includedFrom");
        obj.remove("file");
        obj.remove("line");
        if fill == Fill::Whole {
            obj.insert("file".into(), Value::String(self.file.clone()));
            obj.insert("line".into(), self.line.into());
            obj.insert("col".into(), self.col.into());
            return;
        }
        {
            // Written as clang writes locations, but against what is kept: `file` where it
            // differs from the last kept location's, `line` where it or the file does.
            if self.file != self.kept_file {
                self.kept_file.clone_from(&self.file);
                obj.insert("file".into(), Value::String(self.file.clone()));
                self.kept_line = self.line;
                obj.insert("line".into(), self.line.into());
            } else if self.line != self.kept_line {
                self.kept_line = self.line;
                obj.insert("line".into(), self.line.into());
            }
            obj.insert("col".into(), self.col.into());
        }
    }

    /// A node's `range`: its begin, then its end.
    fn step_range(&mut self, r: &mut Value, fill: Fill) {
        if let Some(b) = r.get_mut("begin") {
            self.step(b, fill);
        }
        if let Some(e) = r.get_mut("end") {
            self.step(e, fill);
        }
    }
}

/// How a location is written where it is kept.
#[derive(Clone, Copy, PartialEq)]
enum Fill {
    /// Not kept: only replayed.
    No,
    /// Kept, relative to the last location kept.
    Relative,
    /// Kept whole, leaving the replay of what is kept as it was: where it is not known yet
    /// whether the node is kept (a method is, if it is virtual).
    Whole,
}

/// How a node is read.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Kept (a shell keeps itself, not its `inner`).
    Keep,
    /// Left out: only its locations and the classes inside functions are read.
    Skip { in_function: bool },
}

/// One node (an object of an `inner` array, or the translation unit): `Some` where kept.
struct Node<'a> {
    st: &'a mut State,
    mode: Mode,
    /// The node is an argument's type (a child of a `TemplateArgument`).
    under_argument: bool,
}

/// The `inner` array of a node: the kept nodes, or, when skipping, the ids of the classes
/// local to a function.
struct Inner<'a> {
    st: &'a mut State,
    mode: Mode,
    locals: &'a mut Vec<String>,
    /// The array is a `TemplateArgument`'s.
    under_argument: bool,
}

struct NodeVisitor<'a, 'l> {
    node: Node<'a>,
    /// Where a skipped node puts the ids of function-local classes.
    locals: Option<&'l mut Vec<String>>,
}

impl<'de> Visitor<'de> for NodeVisitor<'_, '_> {
    type Value = Option<Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an AST node")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Value>, A::Error> {
        let NodeVisitor { node, mut locals } = self;
        let st = node.st;
        st.enter()?;
        let mut keep = node.mode == Mode::Keep;
        let in_function = matches!(node.mode, Mode::Skip { in_function: true });
        let mut obj = Map::new();
        let (mut id, mut kind): (Option<String>, String) = (None, String::new());
        // A type under a template argument: kept without its `inner` (the type's sugar).
        let mut type_shell = false;
        let mut virtual_ = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "loc" | "range" => {
                    let mut v: Value = map.next_value()?;
                    // A range is read for a record's closing brace and an attribute's place,
                    // and for the place of a node with no `loc`.
                    let wanted = keep
                        && (key == "loc"
                            || !obj.contains_key("loc")
                            || kind.ends_with("Attr")
                            || is_record(&kind));
                    let fill = match (wanted, is_shell(&kind)) {
                        (false, _) => Fill::No,
                        (true, false) => Fill::Relative,
                        (true, true) => Fill::Whole,
                    };
                    if key == "loc" {
                        st.step(&mut v, fill);
                    } else {
                        st.step_range(&mut v, fill);
                    }
                    if wanted {
                        st.keep(size(&v) + 8)?;
                        obj.insert(key, v);
                    }
                }
                "id" | "kind" => {
                    let v: String = map.next_value()?;
                    if key == "id" {
                        id = Some(v.clone());
                    } else {
                        kind = v.clone();
                        if in_function && kind == "CXXRecordDecl" {
                            if let (Some(l), Some(id)) = (locals.as_deref_mut(), &id) {
                                l.push(id.clone());
                            }
                        }
                        if keep && is_type(&kind) {
                            if node.under_argument {
                                type_shell = true;
                            } else {
                                keep = false;
                            }
                        }
                    }
                    if keep {
                        st.keep(v.len() as u64 + 8)?;
                        obj.insert(key, Value::String(v));
                    }
                }
                "inner" if keep && !type_shell && !is_shell(&kind) => {
                    let mut none = Vec::new();
                    let v = map.next_value_seed(Inner {
                        st,
                        mode: Mode::Keep,
                        locals: &mut none,
                        under_argument: kind == "TemplateArgument",
                    })?;
                    obj.insert(key, v);
                }
                "inner" if keep => {
                    let mut local = Vec::new();
                    map.next_value_seed(Inner {
                        st,
                        mode: Mode::Skip {
                            in_function: is_function(&kind),
                        },
                        locals: &mut local,
                        under_argument: false,
                    })?;
                    if !local.is_empty() {
                        st.keep(local.iter().map(|i| i.len() as u64 + 40).sum::<u64>() + 40)?;
                        obj.insert(key, local_classes(local));
                    }
                }
                "inner" => {
                    let in_function = in_function || is_function(&kind);
                    let mut none = Vec::new();
                    let l = match locals {
                        Some(ref mut l) => &mut **l,
                        None => &mut none,
                    };
                    map.next_value_seed(Inner {
                        st,
                        mode: Mode::Skip { in_function },
                        locals: l,
                        under_argument: false,
                    })?;
                }
                // Of a function, a variable or the like, the reader reads whether it is virtual.
                "virtual" if keep && is_shell(&kind) => {
                    let v: Value = map.next_value()?;
                    virtual_ |= v == Value::Bool(true);
                    obj.insert(key, v);
                }
                _ if keep && is_shell(&kind) && !matches!(key.as_str(), "name" | "isImplicit") => {
                    map.next_value::<IgnoredAny>()?;
                }
                // Of a class's special members, only whether clang calls it a POD (GNU's
                // `packed` leaves a member of a non-POD class type unpacked in nvcc's and
                // clang's layouts, `crate::rust_layout`); a few hundred bytes, read and dropped.
                "definitionData" if keep => {
                    let v: Value = map.next_value()?;
                    if v.get("isPOD") == Some(&Value::Bool(true)) {
                        st.keep(16)?;
                        obj.insert("isPOD".to_string(), Value::Bool(true));
                    }
                }
                // What C++ needs to know of a class's special members, and symbol names.
                "definitionData" | "mangledName" => {
                    map.next_value::<IgnoredAny>()?;
                }
                _ if keep => {
                    let v: Value = map.next_value()?;
                    st.keep(size(&v) + key.len() as u64)?;
                    obj.insert(key, v);
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        st.depth -= 1;
        // A shell that is neither a virtual function nor holds a local class says nothing
        // the reader reads.
        if keep && is_shell(&kind) {
            if !virtual_ && !obj.contains_key("inner") {
                return Ok(None);
            }
            // Its locations are whole: the next one kept is written whole too.
            st.kept_file = String::from("\0");
        }
        Ok(keep.then_some(Value::Object(obj)))
    }

    // Anything else in an `inner` array (clang writes only objects there): kept as it is.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<Value>, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element::<Value>()? {
            out.push(v);
        }
        Ok((self.node.mode == Mode::Keep).then_some(Value::Array(out)))
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Option<Value>, E> {
        Ok((self.node.mode == Mode::Keep).then(|| Value::String(v.to_string())))
    }
    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Option<Value>, E> {
        Ok((self.node.mode == Mode::Keep).then_some(Value::Bool(v)))
    }
    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Option<Value>, E> {
        Ok((self.node.mode == Mode::Keep).then_some(v.into()))
    }
    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Option<Value>, E> {
        Ok((self.node.mode == Mode::Keep).then_some(v.into()))
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Option<Value>, E> {
        Ok((self.node.mode == Mode::Keep).then(|| v.into()))
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Option<Value>, E> {
        Ok((self.node.mode == Mode::Keep).then_some(Value::Null))
    }
}

impl<'de> DeserializeSeed<'de> for Inner<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Inner<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of AST nodes")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let Inner {
            st,
            mode,
            locals,
            under_argument,
        } = self;
        let mut out = Vec::new();
        loop {
            let seed = NodeSeed {
                node: Node {
                    st,
                    mode,
                    under_argument,
                },
                locals: match mode {
                    Mode::Keep => None,
                    Mode::Skip { .. } => Some(&mut *locals),
                },
            };
            let Some(node) = seq.next_element_seed(seed)? else {
                break;
            };
            out.extend(node);
        }
        Ok(Value::Array(out))
    }
}

/// A node read with where a skipped one puts function-local classes.
struct NodeSeed<'a, 'l> {
    node: Node<'a>,
    locals: Option<&'l mut Vec<String>>,
}

impl<'de> DeserializeSeed<'de> for NodeSeed<'_, '_> {
    type Value = Option<Value>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Option<Value>, D::Error> {
        d.deserialize_any(NodeVisitor {
            node: self.node,
            locals: self.locals,
        })
    }
}

/// What a left-out node keeps of the classes declared inside a function in it: one
/// `LambdaExpr` (a function to `local_records`, nothing to the other walks) holding each
/// class as its id and kind.
fn local_classes(ids: Vec<String>) -> Value {
    let classes = ids
        .into_iter()
        .map(|id| serde_json::json!({ "id": id, "kind": "CXXRecordDecl" }))
        .collect();
    serde_json::json!([{ "kind": "LambdaExpr", "inner": Value::Array(classes) }])
}

/// About how many bytes `v` takes as JSON (for the bound on what is kept).
fn size(v: &Value) -> u64 {
    match v {
        Value::String(s) => s.len() as u64 + 2,
        Value::Array(a) => a.iter().map(size).sum::<u64>() + 2,
        Value::Object(o) => {
            o.iter()
                .map(|(k, v)| k.len() as u64 + 3 + size(v))
                .sum::<u64>()
                + 2
        }
        _ => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(file: &str, line: u64, col: u64) -> crate::model::Loc {
        crate::model::Loc {
            file: file.into(),
            line,
            col,
        }
    }

    /// `json` pruned; every node kept has the location the reader gives it in the whole dump.
    fn prune(json: &str) -> Value {
        let whole: Value = serde_json::from_str(json).unwrap();
        let kept: Value =
            serde_json::from_str(&pruned(json.as_bytes(), u64::MAX).unwrap()).unwrap();
        let (before, after) = (crate::ast::locations(&whole), crate::ast::locations(&kept));
        for (id, loc) in &after {
            assert_eq!(Some(loc), before.get(id), "node {id}");
        }
        kept
    }

    /// A record after a function whose body holds the last `file` and `line` written: the
    /// record's location keeps them.
    #[test]
    fn a_location_after_a_left_out_body_keeps_its_file_and_line() {
        let json = r#"{"id":"0x1","kind":"TranslationUnitDecl","inner":[
            {"id":"0x2","kind":"FunctionDecl","loc":{"offset":1,"file":"/h/a.cuh","line":1,"col":6},
             "name":"f","type":{"qualType":"void ()"},
             "inner":[{"id":"0x3","kind":"CompoundStmt","range":{"begin":{"offset":9,"file":"/h/b.cuh","line":4,"col":2},"end":{"offset":12,"line":7,"col":3}}}]},
            {"id":"0x4","kind":"CXXRecordDecl","loc":{"offset":40,"col":8},"name":"S","tagUsed":"struct",
             "inner":[{"id":"0x5","kind":"FieldDecl","loc":{"offset":50,"line":8,"col":9},"name":"x","type":{"qualType":"int"}}]}
        ]}"#;
        let v = prune(json);
        // The function says nothing the reader reads: left out.
        assert_eq!(v["inner"].as_array().unwrap().len(), 1);
        let locs = crate::ast::locations(&v);
        assert_eq!(locs["0x4"], loc("/h/b.cuh", 7, 8));
        assert_eq!(locs["0x5"], loc("/h/b.cuh", 8, 9));
        assert_eq!(v["inner"][0]["inner"][0]["type"]["qualType"], "int");
    }

    /// Spelling and expansion locations replay in that order, as the reader's do: a location
    /// after a left-out node spelled in a macro is in the file the macro was expanded in.
    #[test]
    fn macro_locations_replay_spelling_then_expansion() {
        let json = r#"{"kind":"TranslationUnitDecl","inner":[
            {"id":"0x2","kind":"VarDecl","loc":{"spellingLoc":{"offset":1,"file":"/h/m.h","line":3,"col":1},"expansionLoc":{"offset":80,"file":"/h/a.cuh","line":20,"col":1}}},
            {"id":"0x3","kind":"TypedefDecl","loc":{"offset":95,"line":21,"col":3},"name":"T"},
            {"id":"0x4","kind":"VarDecl","loc":{"spellingLoc":{"offset":2,"file":"/h/m.h","line":4,"col":5},"expansionLoc":{"offset":99,"file":"/h/a.cuh","line":22,"col":1}}},
            {"id":"0x5","kind":"EnumDecl","loc":{"spellingLoc":{"offset":3,"file":"/h/m.h","col":9},"expansionLoc":{"offset":120,"file":"/h/a.cuh","line":30,"col":1}},"name":"E"}
        ]}"#;
        let v = prune(json);
        let locs = crate::ast::locations(&v);
        assert_eq!(locs["0x3"], loc("/h/a.cuh", 21, 3));
        // The expansion's place; the spelling's line is the one last replayed, the left-out
        // node's expansion (clang writes a line with a new file; the replay is the reader's).
        assert_eq!(locs["0x5"], loc("/h/a.cuh", 30, 1));
        let e = &v["inner"][1]["loc"];
        assert_eq!(e["spellingLoc"]["file"], "/h/m.h");
        assert_eq!(e["expansionLoc"]["line"], 30);
    }

    /// A class declared in a function body, and one in a lambda in a variable's initializer,
    /// stay known as local; a class inside a record's method is not the record's member.
    #[test]
    fn classes_inside_functions_are_kept_as_local() {
        let json = r#"{"kind":"TranslationUnitDecl","inner":[
            {"id":"0x2","kind":"FunctionDecl","name":"f","inner":[{"kind":"CompoundStmt","inner":[
                {"kind":"DeclStmt","inner":[{"id":"0xa","kind":"CXXRecordDecl","name":"L","inner":[{"id":"0xb","kind":"FieldDecl","name":"x"}]}]}]}]},
            {"id":"0x3","kind":"VarDecl","name":"v","inner":[{"kind":"LambdaExpr","inner":[
                {"id":"0xc","kind":"CXXRecordDecl","isImplicit":true}]}]},
            {"id":"0x4","kind":"VarDecl","name":"w","inner":[{"kind":"IntegerLiteral","value":"1"}]}
        ]}"#;
        let v = prune(json);
        assert_eq!(
            v["inner"][0]["inner"],
            serde_json::json!([{"kind":"LambdaExpr","inner":[{"id":"0xa","kind":"CXXRecordDecl"}]}])
        );
        assert_eq!(
            v["inner"][1]["inner"],
            serde_json::json!([{"kind":"LambdaExpr","inner":[{"id":"0xc","kind":"CXXRecordDecl"}]}])
        );
        // `w` holds no class: left out.
        assert_eq!(v["inner"].as_array().unwrap().len(), 2);
        let local = crate::ast::local_records(&v);
        assert!(
            local.contains("0xa") && local.contains("0xc") && local.len() == 2,
            "{local:?}"
        );
    }

    #[test]
    fn the_bound_on_what_is_kept_is_an_error_naming_it() {
        let json = r#"{"kind":"TranslationUnitDecl","inner":[{"kind":"CXXRecordDecl","name":"a_rather_long_name"}]}"#;
        match pruned(json.as_bytes(), 40) {
            Err(Pruned::TooLarge(m)) => assert!(m.contains("over 40 bytes"), "{m}"),
            other => panic!("{other:?}"),
        }
        // What is left out does not count.
        let json = format!(
            r#"{{"kind":"TranslationUnitDecl","inner":[{{"kind":"FunctionDecl","inner":[{}]}}]}}"#,
            vec![r#"{"kind":"CompoundStmt"}"#; 1000].join(",")
        );
        assert!(pruned(json.as_bytes(), 200).is_ok());
    }

    #[test]
    fn a_dump_cut_short_is_an_error() {
        let json = r#"{"kind":"TranslationUnitDecl","inner":[{"kind":"CXXRecordDecl","name":"S""#;
        match pruned(json.as_bytes(), u64::MAX) {
            Err(Pruned::Json(m)) => assert!(m.contains("ends early"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(pruned(&b""[..], u64::MAX), Err(Pruned::Json(_))));
    }

    #[test]
    fn nesting_beyond_the_limit_is_refused() {
        let levels = MAX_AST_DEPTH + 1;
        let mut json = String::new();
        for _ in 0..levels {
            json.push_str(r#"{"kind":"NamespaceDecl","inner":["#);
        }
        for _ in 0..levels {
            json.push_str("]}");
        }
        let out = std::thread::Builder::new()
            .stack_size(crate::ast::READ_STACK)
            .spawn(move || pruned(json.as_bytes(), u64::MAX))
            .unwrap()
            .join()
            .unwrap();
        match out {
            Err(Pruned::TooLarge(m)) => assert!(m.contains("levels deep"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
