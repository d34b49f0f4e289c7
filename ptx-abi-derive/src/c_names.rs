//! What makes a string usable as a C name in `#[ptx(c_name = "…")]`.

/// C and C++ keywords (C11, C++20 and CUDA's own), which cannot name a type or a member.
const KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Bool",
    "_Complex",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
];

/// Why `name` cannot be a C name, with what to write instead; `None` if it can.
pub fn problem(name: &str) -> Option<String> {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return Some(
            "`c_name` cannot be empty; write a C identifier, e.g. `#[ptx(c_name = \"particle_t\")]`"
                .to_string(),
        );
    };
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_'))
    {
        return Some(format!(
            "`{name}` is not a C identifier: `{bad}` is not allowed (only ASCII letters, digits \
             and `_`); for a C++ scoped name put only the last component here"
        ));
    }
    if first.is_ascii_digit() {
        return Some(format!(
            "`{name}` is not a C identifier: it starts with a digit; write e.g. `_{name}`"
        ));
    }
    if KEYWORDS.contains(&name) {
        return Some(format!(
            "`{name}` is a C/C++ keyword and cannot name a type or member; write e.g. `{name}_`"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn identifiers_pass_and_others_are_explained() {
        assert_eq!(problem("type"), None);
        assert_eq!(problem("Pair_float_int"), None);
        assert!(problem("").unwrap().contains("empty"));
        assert!(problem("3d").unwrap().contains("digit"));
        assert!(problem("a-b").unwrap().contains("`-`"));
        assert!(problem("class").unwrap().contains("keyword"));
    }
}
