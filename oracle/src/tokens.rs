//! Whether two Rust texts are the same code for the compiler, token for token.
//!
//! ptx-abi-import's round trip of the golden corpus (`ptx-abi-import/checks/build.rs`) asks it
//! of each case: where the importer's Rust for a case's CUDA definitions is the very code the
//! oracle renders for the case ([`crate::gen::rust_defs`], [`crate::gen::rust_value`]), which
//! oracle-tests compiles and checks against NVRTC in every profile, compiling it a second time
//! proves nothing more; only the cases whose code differs are compiled and checked again.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

/// Whether `a` and `b` are the same Rust tokens once what changes no code is set aside:
/// whitespace and line breaks, doc comments (`///`, `#[doc = …]`) and lint levels
/// (`#[allow(…)]`), at any depth. Everything else counts: a literal's spelling (`0_u8` is not
/// `0u8`), paths, attributes such as `#[ptx(decode)]`, visibility, order. An error if either
/// text is not Rust tokens.
pub fn same_code(a: &str, b: &str) -> Result<bool, String> {
    Ok(code_tokens(a)?.to_string() == code_tokens(b)?.to_string())
}

/// `text`'s tokens without doc comments and `#[allow(…)]` attributes.
fn code_tokens(text: &str) -> Result<TokenStream, String> {
    let tokens: TokenStream = text
        .parse()
        .map_err(|e| format!("not Rust tokens: {e:?}"))?;
    Ok(without_docs_and_lints(tokens))
}

/// `tokens` with every outer attribute `#[doc …]` or `#[allow …]` left out, groups included.
fn without_docs_and_lints(tokens: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tree) = iter.next() {
        match tree {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                if let Some(TokenTree::Group(g)) = iter.peek() {
                    if g.delimiter() == Delimiter::Bracket && is_doc_or_lint(g) {
                        iter.next();
                        continue;
                    }
                }
                out.push(TokenTree::Punct(p));
            }
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), without_docs_and_lints(g.stream()));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// Whether the bracketed attribute body `g` is `doc …` or `allow …`.
fn is_doc_or_lint(g: &Group) -> bool {
    matches!(
        g.stream().into_iter().next(),
        Some(TokenTree::Ident(i)) if i == "doc" || i == "allow"
    )
}

#[cfg(test)]
mod tests {
    use super::same_code;

    const ORACLE: &str = "#[derive(::ptx_abi::PtxAbi, Clone, Copy, Debug, PartialEq)]
#[allow(non_camel_case_types, non_snake_case, dead_code)]
#[ptx(union)]
pub enum T_0 {
    #[ptx(decode)] m0(i16),
    #[ptx(bits = 31)] m1(i64),
}
";

    #[test]
    fn layout_docs_and_lint_levels_do_not_count() {
        let imported = "/// C: `union case_1::T_0` (corpus_0.cuh:2).
#[derive(::ptx_abi::PtxAbi, Clone, Copy, Debug, PartialEq)]
#[allow(non_camel_case_types, non_snake_case, non_upper_case_globals, dead_code)]
#[ptx(union)]
pub enum T_0 {
    /// The first member.
    #[ptx(decode)]
    m0(i16),
    #[ptx(bits = 31)]   m1(i64),
}";
        assert_eq!(same_code(ORACLE, imported), Ok(true));
    }

    #[test]
    fn every_other_token_counts() {
        for (from, to) in [
            ("#[ptx(decode)] m0", "m0"),
            ("bits = 31", "bits = 30"),
            ("i64", "u64"),
            ("pub enum", "enum"),
            ("::ptx_abi::PtxAbi", "PtxAbi"),
            ("#[ptx(union)]", "#[ptx(union, accessors)]"),
            (
                "m0(i16),\n    #[ptx(bits = 31)] m1(i64),",
                "#[ptx(bits = 31)] m1(i64),\n    m0(i16),",
            ),
        ] {
            assert!(ORACLE.contains(from), "{from}");
            let changed = ORACLE.replacen(from, to, 1);
            assert_eq!(same_code(ORACLE, &changed), Ok(false), "{from} -> {to}");
        }
        assert_eq!(same_code("-2147483648_i32", "i32::MIN"), Ok(false));
        assert_eq!(same_code("0_u8", "0u8"), Ok(false));
    }

    #[test]
    fn text_that_is_not_rust_tokens_is_an_error() {
        assert!(same_code(ORACLE, "pub enum T_0 { m0(i16)").is_err());
    }
}
