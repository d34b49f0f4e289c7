//! A template-id as a header spells it (`KeyValue<int32_t, MinMax<uint16_t>>`) → the name
//! clang gives the instantiation in its declarations, whose arguments are canonical:
//! typedefs read through (`int`), classes named by their qualified names
//! (`infer::MinMax<unsigned short>`). clang gives a member's desugared spelling beside the
//! written one, except inside an array's element type: `KeyValue<int32_t, …> top_bins[4]` is
//! found through this.

use super::*;

impl Reader {
    /// The instantiation `q` (a template-id, qualifiers stripped) names, seen from `scope`,
    /// found by its arguments' canonical spellings ([`Reader::canonical`]).
    pub(super) fn instantiation(&self, scope: &[String], q: &str) -> Option<ItemId> {
        let canonical = self.canonical(scope, q, 0)?;
        (canonical != q)
            .then(|| self.lookup(scope, &canonical))
            .flatten()
    }

    /// `text` with each name in it spelled as clang spells template arguments: a typedef as
    /// the type it names, a class, enum or instantiation by its qualified C++ name; keywords,
    /// numbers and punctuation as written. `None` past [`MAX_TYPE_DEPTH`] typedefs or nested
    /// arguments (a corrupt dump's typedefs naming each other).
    fn canonical(&self, scope: &[String], text: &str, depth: usize) -> Option<String> {
        if depth > MAX_TYPE_DEPTH {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if c.is_ascii_digit() {
                // A number with its suffix (`3u`), as written.
                let end = rest
                    .find(|c: char| !c.is_alphanumeric())
                    .unwrap_or(rest.len());
                out.push_str(&rest[..end]);
                rest = &rest[end..];
                continue;
            }
            if !(c.is_alphabetic() || c == '_' || c == ':') {
                out.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            }
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let (name, after) = rest.split_at(end);
            let Some(args) = after.strip_prefix('<').and_then(template_args) else {
                out.push_str(&self.canonical_name(scope, name, depth)?);
                rest = after;
                continue;
            };
            let id = format!("{name}<{}>", self.canonical(scope, args, depth + 1)?);
            match self.lookup(scope, &id) {
                Some(i) => out.push_str(&self.items[i].c_name),
                None => out.push_str(&id),
            }
            rest = &after[args.len() + 2..];
        }
        Some(out)
    }

    /// One name of a template argument's spelling: a typedef as what it names, a declared
    /// type by its C++ name; a keyword (`const`, `unsigned`), a number or an unknown name as
    /// written. An elaborating `struct`, `class`, `union` or `enum` is left out, as clang
    /// leaves it out of an instantiation's name.
    fn canonical_name(&self, scope: &[String], name: &str, depth: usize) -> Option<String> {
        if ["struct", "class", "union", "enum"].contains(&name) {
            return Some(String::new());
        }
        let Some(i) = self.lookup(scope, name) else {
            // An enumerator written relative to `scope` (`Layout::ColMajor` in `coll`), as
            // clang qualifies it in an instantiation's name (`coll::Layout::ColMajor`).
            let enumerator = (0..=scope.len()).rev().find_map(|k| {
                let full = scope[..k]
                    .iter()
                    .map(String::as_str)
                    .chain(std::iter::once(name.trim_start_matches("::")))
                    .collect::<Vec<_>>()
                    .join("::");
                self.enumerators.paths.contains(&full).then_some(full)
            });
            return Some(enumerator.unwrap_or_else(|| name.to_string()));
        };
        match (&self.items[i].kind, &self.pending[i].alias_of) {
            (ItemKind::Alias(_), Some((_, Some(desugared)))) => Some(desugared.clone()),
            (ItemKind::Alias(_), Some((aliased, None))) => {
                let alias_scope = &self.pending[i].scope;
                self.canonical(alias_scope, aliased, depth + 1)
            }
            _ => Some(self.items[i].c_name.clone()),
        }
    }
}

/// The arguments of a template-id, `text` being what follows its `<`: up to the `>` that
/// closes it (nested `<…>` counted), without it; `None` if none does.
fn template_args(text: &str) -> Option<&str> {
    let mut open = 0usize;
    for (k, c) in text.char_indices() {
        match c {
            '<' => open += 1,
            '>' if open == 0 => return Some(&text[..k]),
            '>' => open -= 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_args_end_at_their_closing_bracket() {
        assert_eq!(
            template_args("int, Pair<short>> x"),
            Some("int, Pair<short>")
        );
        assert_eq!(template_args("float>"), Some("float"));
        assert_eq!(template_args("Pair<int"), None);
        assert_eq!(template_args(""), None);
    }

    /// `typedef signed char int8_t;`, `namespace infer { template <class T> struct MinMax
    /// … }` with `MinMax<signed char>` and `MinMax<infer::MinMax<signed char>>` instantiated,
    /// and `typedef int8_t byte_t;`.
    fn reader() -> Reader {
        let json = r#"{"kind":"TranslationUnitDecl","inner":[
            {"kind":"TypedefDecl","name":"int8_t","type":{"qualType":"signed char"}},
            {"kind":"TypedefDecl","name":"byte_t","type":{"qualType":"int8_t","desugaredQualType":"signed char"}},
            {"kind":"NamespaceDecl","name":"infer","inner":[
              {"kind":"ClassTemplateDecl","name":"MinMax","inner":[
                {"kind":"TemplateTypeParmDecl","name":"T"},
                {"kind":"ClassTemplateSpecializationDecl","name":"MinMax","tagUsed":"struct","completeDefinition":true,"inner":[
                  {"kind":"TemplateArgument","type":{"qualType":"signed char"}},
                  {"kind":"FieldDecl","name":"lo","type":{"qualType":"signed char"}}]},
                {"kind":"ClassTemplateSpecializationDecl","name":"MinMax","tagUsed":"struct","completeDefinition":true,"inner":[
                  {"kind":"TemplateArgument","type":{"qualType":"infer::MinMax<signed char>"}},
                  {"kind":"FieldDecl","name":"lo","type":{"qualType":"infer::MinMax<signed char>"}}]}
              ]}
            ]}
        ]}"#;
        let root: Value = serde_json::from_str(json).unwrap();
        let mut r = Reader::new(&root, Box::new(|_: &str| true), CudaVersion::DEFAULT);
        r.decls(inner(&root), &[], &[]);
        r
    }

    #[test]
    fn typedef_arguments_are_read_through_to_the_instantiation() {
        let r = reader();
        let scope = ["infer".to_string()];
        let c_name = |q: &str| {
            r.instantiation(&scope, q)
                .map(|i| r.items[i].c_name.clone())
        };
        assert_eq!(
            c_name("MinMax<int8_t>").as_deref(),
            Some("infer::MinMax<signed char>")
        );
        assert_eq!(
            c_name("MinMax<MinMax<byte_t>>").as_deref(),
            Some("infer::MinMax<infer::MinMax<signed char>>")
        );
        assert_eq!(
            c_name("MinMax<signed char>").as_deref(),
            Some("infer::MinMax<signed char>")
        );
        // No such instantiation, or no template-id.
        assert_eq!(c_name("MinMax<short>"), None);
        assert_eq!(c_name("int8_t"), None);
        assert_eq!(c_name("MinMax<MinMax<int8_t>"), None);
    }
}
