//! clang's own record layouts, read from `-fdump-record-layouts-complete`, and the importer's
//! last check: the layout the emitted Rust will have (computed by ptx-abi-core's engine from
//! the model, `crate::rust_layout`) must be clang's, member by member, or the type is not
//! written.
//!
//! The dump is text, one block per complete record:
//!
//! ```text
//! *** Dumping AST Record Layout
//!          0 | struct my::S
//!          0 |   char c
//!      4:3-6 |   int y
//!          8 |   union S::(anonymous at a.cuh:5:24)
//!            | [sizeof=12, dsize=12, align=4,
//! ```
//!
//! A member is a line indented one level (two spaces) past the record's name; deeper lines are
//! the members of members, dumped again as records of their own. A bit-field's offset is
//! `byte:first-last` (`byte:-` for a zero-width one).

use std::collections::HashMap;

/// One direct member of a record as clang placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClangMember {
    /// The member's name (empty for unnamed bit-fields and anonymous members).
    pub name: String,
    /// Its first bit, counted from bit 0 of the record.
    pub first_bit: u64,
    /// `Some(width)` for a bit-field.
    pub bits: Option<u32>,
}

/// A record's layout as clang computed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClangRecord {
    /// `sizeof`.
    pub size: u64,
    /// `alignof`.
    pub align: u64,
    /// The direct members, in declaration order.
    pub members: Vec<ClangMember>,
}

/// The key a record is found under: its qualified name (`my::S`), or for an unnamed record
/// `@file:line:col` of its declaration, after the named record around it if any
/// (`V2<double>@a.cuh:1:40`) (clang names those `(unnamed at …)` in the record's
/// header line and `(anonymous at …)` in member types; the model names them the latter).
/// A template instantiation's arguments are spelled as types are in the AST (`Pair<int,
/// float>`, `bool`), where the dump spells them elaborated (`struct Pair<int, float>`,
/// `_Bool`): both become the former.
pub fn record_key(c_name: &str) -> String {
    let c_name = &cxx_spelling(c_name);
    for marker in ["(anonymous at ", "(unnamed at "] {
        if let Some(at) = c_name.rfind(marker) {
            let rest = &c_name[at + marker.len()..];
            // The named record around it, up to the first unnamed one: a class template's
            // instantiations (`V2<double>`, `V2<char>`) declare their unnamed members at one
            // location.
            let first = [c_name.find("(anonymous"), c_name.find("(unnamed")]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(at);
            let context = c_name[..first].trim_end_matches("::");
            let context = match context
                .strip_prefix("struct ")
                .or(context.strip_prefix("union "))
            {
                Some(c) => c,
                None => context,
            };
            let context = if context.is_empty() {
                String::new()
            } else {
                record_key(context)
            };
            return format!("{context}@{}", rest.strip_suffix(')').unwrap_or(rest));
        }
    }
    if !c_name.contains('<') {
        return c_name.to_string();
    }
    let mut key = String::with_capacity(c_name.len());
    let mut word = String::new();
    let flush = |word: &mut String, key: &mut String, next: Option<char>| {
        let keyword = matches!(word.as_str(), "struct" | "class" | "union" | "enum");
        if !(keyword && next == Some(' ')) {
            key.push_str(if word == "_Bool" { "bool" } else { word });
        }
        word.clear();
        keyword && next == Some(' ')
    };
    let mut skip_space = false;
    for ch in c_name.chars() {
        if ch == '_' || ch.is_alphanumeric() {
            word.push(ch);
            continue;
        }
        if !word.is_empty() {
            skip_space = flush(&mut word, &mut key, Some(ch));
        }
        if std::mem::take(&mut skip_space) && ch == ' ' {
            continue;
        }
        key.push(ch);
    }
    if !word.is_empty() {
        flush(&mut word, &mut key, None);
    }
    key
}

/// `c_name` as the AST and C++ code spell it, where the dump spells it otherwise: an anonymous
/// namespace is transparent (`(anonymous namespace)::Counter` is `Counter`, as the import and
/// the checks name it), and nested template arguments close without a space
/// (`Pair<Pair<short> >` is `Pair<Pair<short>>`).
fn cxx_spelling(c_name: &str) -> String {
    let mut s = crate::ast::without_anonymous_namespaces(c_name);
    while s.contains("> >") {
        s = s.replace("> >", ">>");
    }
    s
}

/// clang's layout of `item` in `all`: by its name, or by its location for an unnamed one
/// (`typedef struct { … } Name;` is dumped as `struct (unnamed at …)`).
pub fn find<'a>(
    all: &'a HashMap<String, ClangRecord>,
    item: &crate::model::Item,
) -> Option<&'a ClangRecord> {
    let l = &item.loc;
    all.get(&record_key(&item.c_name))
        .or_else(|| all.get(&format!("@{}:{}:{}", l.file, l.line, l.col)))
        .or_else(|| all.get(&loose_key(&record_key(&item.c_name))))
        .or_else(|| {
            // An instantiation clang names without its last arguments, equal to defaults the
            // importer does not evaluate (`V2<float>` for `V2<float, 4>`, `N = 16 /
            // sizeof(T)`): every complete instantiation is in the dump under one name, so
            // the longer name missing, a shorter one is it.
            without_last_arguments(&item.c_name)
                .into_iter()
                .find_map(|k| all.get(&record_key(&k)))
        })
}

/// `c_name` (`ns::V2<float, 4, true>`) with its last template arguments left out, one more
/// each time (`ns::V2<float, 4>`, `ns::V2<float>`); none for a name that is no template-id.
fn without_last_arguments(c_name: &str) -> Vec<String> {
    let Some(body) = c_name.strip_suffix('>') else {
        return Vec::new();
    };
    let Some(open) = body.find('<') else {
        return Vec::new();
    };
    let (head, args) = (&body[..open], &body[open + 1..]);
    let mut commas = Vec::new();
    let mut depth = 0i32;
    for (i, c) in args.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => commas.push(i),
            _ => {}
        }
    }
    commas
        .iter()
        .rev()
        .map(|&i| format!("{head}<{}>", args[..i].trim_end()))
        .collect()
}

/// `key` with the qualifications inside its template arguments left out
/// (`coll::Tile<double, coll::Layout::ColMajor>` → `coll::Tile<double, ColMajor>`), prefixed
/// `~`: clang's dump names an explicit specialization's arguments as written
/// (`Tile<double, Layout::ColMajor>`) and an implicit instantiation's fully qualified, so a
/// record is also found by this key where it is unique ([`parse`] keeps only those).
fn loose_key(key: &str) -> String {
    let Some(open) = key.find('<') else {
        return format!("~{key}");
    };
    let (head, args) = key.split_at(open);
    let mut out = format!("~{head}");
    let mut word = String::new();
    let mut chars = args.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' && chars.peek() == Some(&':') {
            // `ns::` before a name inside the arguments: dropped with the qualifier.
            chars.next();
            word.clear();
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        out.push_str(&word);
        word.clear();
        out.push(c);
    }
    out.push_str(&word);
    out
}

/// Every record of `dump`, by [`record_key`].
pub fn parse(dump: &str) -> Result<HashMap<String, ClangRecord>, String> {
    let mut out = HashMap::new();
    let mut ambiguous = Vec::new();
    for block in dump.split("*** Dumping AST Record Layout").skip(1) {
        let (key, record) = parse_block(block)?;
        // An unnamed record is also found by its location alone ([`find`]'s fallback).
        if let Some((_, loc)) = key.split_once('@').filter(|(c, _)| !c.is_empty()) {
            out.entry(format!("@{loc}"))
                .or_insert_with(|| record.clone());
        }
        if key.contains('<') {
            match out.entry(loose_key(&key)) {
                std::collections::hash_map::Entry::Occupied(e) => ambiguous.push(e.key().clone()),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(record.clone());
                }
            }
        }
        out.insert(key, record);
    }
    // Two records whose names differ only in their arguments' qualifications: neither is
    // found by the loose key.
    for loose in ambiguous {
        out.remove(&loose);
    }
    Ok(out)
}

/// `offset | text` of one line, `text` keeping its indentation.
fn split_line(line: &str) -> Option<(&str, &str)> {
    let (offset, text) = line.split_once('|')?;
    Some((offset.trim(), text.strip_prefix(' ').unwrap_or(text)))
}

fn parse_block(block: &str) -> Result<(String, ClangRecord), String> {
    let mut lines = block.lines().filter(|l| !l.trim().is_empty());
    let head = lines
        .next()
        .and_then(split_line)
        .ok_or("a record layout without its record's name")?;
    let name = head.1.trim();
    let name = name.strip_suffix(" (empty)").unwrap_or(name);
    let name = ["struct ", "union ", "class "]
        .iter()
        .find_map(|k| name.strip_prefix(k))
        .unwrap_or(name);
    let mut record = ClangRecord {
        size: 0,
        align: 0,
        members: Vec::new(),
    };
    let mut sizes = false;
    for (offset, text) in lines.filter_map(split_line) {
        if let Some(rest) = text.trim_start().strip_prefix('[') {
            record.size = field(rest, "sizeof=").ok_or(format!("`{name}`: no sizeof"))?;
            record.align = field(rest, "align=").ok_or(format!("`{name}`: no align"))?;
            sizes = true;
            break;
        }
        let indent = text.len() - text.trim_start().len();
        if indent != 2 {
            continue;
        }
        // A base class subobject (`struct Base (base)`) is a member with no name; an empty
        // one (`(base) (empty)`) takes no bytes and is no member of the import.
        // (An unnamed member's line ends in a space after its type: its name is empty.)
        let trimmed = text.trim_end();
        if trimmed.ends_with("(base) (empty)") {
            continue;
        }
        let member_name = if trimmed.ends_with(" (base)") {
            String::new()
        } else {
            member_name(text)
        };
        let (first_bit, bits) =
            offset_bits(offset).ok_or(format!("`{name}`: unreadable offset `{offset}`"))?;
        record.members.push(ClangMember {
            name: member_name,
            first_bit,
            bits,
        });
    }
    if !sizes {
        return Err(format!("`{name}`: a record layout without its size"));
    }
    Ok((record_key(name), record))
}

/// The member's name at the end of its line (`struct Pair<short> first`), after its type; an
/// empty class member's line ends in ` (empty)` (`struct EmptyAllocator alloc (empty)`), which
/// is no part of its name. An unnamed member's line ends in a space: its name is empty.
fn member_name(text: &str) -> String {
    let text = text.strip_suffix(" (empty)").unwrap_or(text);
    text.rsplit(' ').next().unwrap_or("").to_string()
}

/// `8` → (64, None); `4:3-6` → (35, Some(4)); `4:-` → (32, Some(0)).
fn offset_bits(offset: &str) -> Option<(u64, Option<u32>)> {
    let Some((byte, bits)) = offset.split_once(':') else {
        return Some((offset.parse::<u64>().ok()?.checked_mul(8)?, None));
    };
    let byte: u64 = byte.parse().ok()?;
    if bits == "-" {
        return Some((byte.checked_mul(8)?, Some(0)));
    }
    let (first, last) = bits.split_once('-')?;
    let (first, last): (u64, u64) = (first.parse().ok()?, last.parse().ok()?);
    let width = u32::try_from(last.checked_sub(first)? + 1).ok()?;
    Some((byte.checked_mul(8)?.checked_add(first)?, Some(width)))
}

/// The number after `key` in `sizeof=6, dsize=6, align=1,`.
fn field(text: &str, key: &str) -> Option<u64> {
    let at = text.split([',', ' ']).find_map(|p| p.strip_prefix(key))?;
    at.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Abridged from clang 22's `-fdump-record-layouts-complete` of
    /// `struct BF { int _u1; int : 3; int y : 4; union { int u; }; };`.
    const DUMP: &str = "
*** Dumping AST Record Layout
         0 | union BF::(unnamed at /h/a.cuh:1:43)
         0 |   int u
           | [sizeof=4, dsize=4, align=4,
           |  nvsize=4, nvalign=4]

*** Dumping AST Record Layout
         0 | struct BF
         0 |   int _u1
     4:0-2 |   int 
     4:3-6 |   int y
       8:- |   int 
        12 |   union BF::(anonymous at /h/a.cuh:1:43) 
        12 |     int u
           | [sizeof=16, dsize=16, align=4,
           |  nvsize=16, nvalign=4]
";

    #[test]
    fn records_members_and_bit_fields_are_read() {
        let all = parse(DUMP).unwrap();
        assert_eq!(all.len(), 3);
        let bf = &all["BF"];
        assert_eq!((bf.size, bf.align), (16, 4));
        let got: Vec<(&str, u64, Option<u32>)> = bf
            .members
            .iter()
            .map(|m| (m.name.as_str(), m.first_bit, m.bits))
            .collect();
        assert_eq!(
            got,
            [
                ("_u1", 0, None),
                ("", 32, Some(3)),
                ("y", 35, Some(4)),
                ("", 64, Some(0)),
                ("", 96, None)
            ]
        );
        assert_eq!(all["BF@/h/a.cuh:1:43"].members.len(), 1);
        assert_eq!(all["@/h/a.cuh:1:43"].members.len(), 1);
    }

    /// clang 22's dump of `struct D : Tag, Base { int c; };` (`Tag` empty): a base is a
    /// member with no name, an empty base no member at all.
    #[test]
    fn base_classes_are_unnamed_members_and_empty_ones_none() {
        let dump = "
*** Dumping AST Record Layout
         0 | struct D
         0 |   struct Tag (base) (empty)
         0 |   struct Base (base)
         0 |     int a
         4 |     float b
         8 |   int c
           | [sizeof=12, dsize=12, align=4,
           |  nvsize=12, nvalign=4]
";
        let d = &parse(dump).unwrap()["D"];
        let got: Vec<(&str, u64)> = d
            .members
            .iter()
            .map(|m| (m.name.as_str(), m.first_bit))
            .collect();
        assert_eq!(got, [("", 0), ("c", 64)]);
    }

    #[test]
    fn instantiations_are_keyed_as_the_ast_spells_them() {
        assert_eq!(
            record_key("coll::Array<struct coll::Pair<int, float>, 3>"),
            "coll::Array<coll::Pair<int, float>, 3>"
        );
        assert_eq!(record_key("coll::Array<_Bool, 8>"), "coll::Array<bool, 8>");
        assert_eq!(record_key("my_struct::S"), "my_struct::S");
        assert_eq!(record_key("A<structure, 1>"), "A<structure, 1>");
    }

    #[test]
    fn loose_keys_drop_the_qualifications_of_arguments() {
        assert_eq!(
            super::loose_key("coll::Tile<double, coll::TileLayout::ColMajor>"),
            "~coll::Tile<double, ColMajor>"
        );
        assert_eq!(
            super::loose_key("coll::Tile<double, TileLayout::ColMajor>"),
            "~coll::Tile<double, ColMajor>"
        );
        assert_eq!(super::loose_key("Plain"), "~Plain");
        assert_eq!(super::loose_key("A<ns::B<ns::C>, 3>"), "~A<B<C>, 3>");
    }

    /// clang 22 spells nested arguments `> >` and names an anonymous namespace in the dump's
    /// names; the AST, C++ code and the import spell neither.
    #[test]
    fn dump_spellings_are_keyed_as_cxx_spells_them() {
        assert_eq!(
            record_key("Pair<struct Pair<struct Pair<short> > >"),
            "Pair<Pair<Pair<short>>>"
        );
        assert_eq!(
            record_key("Base<struct Gather<true> >"),
            "Base<Gather<true>>"
        );
        assert_eq!(record_key("(anonymous namespace)::Counter"), "Counter");
        assert_eq!(record_key("ns::(anonymous namespace)::Cell"), "ns::Cell");
        assert_eq!(
            record_key("Box<struct (anonymous namespace)::Cursor>"),
            "Box<Cursor>"
        );
        assert_eq!(
            record_key("(anonymous namespace)::S::(anonymous at a.cuh:2:5)"),
            "S@a.cuh:2:5"
        );
    }

    /// clang 22's dump of `struct E {}; struct P { [[no_unique_address]] E alloc; int id; };`:
    /// an empty member's line ends in `(empty)`, after its name.
    #[test]
    fn empty_members_are_named() {
        let dump = "
*** Dumping AST Record Layout
         0 | struct P
         0 |   struct E alloc (empty)
         0 |   int id
           | [sizeof=4, dsize=4, align=4,
           |  nvsize=4, nvalign=4]
";
        let p = &parse(dump).unwrap()["P"];
        let got: Vec<(&str, u64)> = p
            .members
            .iter()
            .map(|m| (m.name.as_str(), m.first_bit))
            .collect();
        assert_eq!(got, [("alloc", 0), ("id", 0)]);
    }

    #[test]
    fn unnamed_records_are_keyed_by_their_location() {
        assert_eq!(
            record_key("AN::(anonymous at /h/a.cuh:5:24)"),
            "AN@/h/a.cuh:5:24"
        );
        assert_eq!(record_key("(anonymous at /h/a.cuh:5:24)"), "@/h/a.cuh:5:24");
        assert_eq!(record_key("my::S"), "my::S");
    }

    /// clang 22 names the unnamed members of every instantiation of
    /// `template <class T> struct V2 { union { struct { T x, y; }; }; };` at one location; the
    /// instantiation around them tells them apart.
    #[test]
    fn unnamed_records_of_instantiations_are_keyed_by_their_instantiation() {
        assert_eq!(
            record_key("V2<double>::(anonymous union)::(anonymous at a.cuh:1:40)"),
            "V2<double>@a.cuh:1:40"
        );
        assert_eq!(
            record_key("struct ns::V2<struct ns::P>::(anonymous at a.cuh:1:32)"),
            "ns::V2<ns::P>@a.cuh:1:32"
        );
    }

    #[test]
    fn a_block_without_sizes_is_an_error() {
        let e = parse("*** Dumping AST Record Layout\n 0 | struct S\n 0 |   int a\n").unwrap_err();
        assert!(e.contains("without its size"), "{e}");
    }
}
