//! What ptxas refuses in the declarations of one kernel or device function (§2.3 as ptxas
//! enforces it), so that [`super::check_signature`] never says `Ok` for a function that does
//! not assemble. Each rule below was seen refused by ptxas 12.9, with the diagnostic quoted;
//! `tests/params_ptxas/refused.rs` runs ptxas on one module per rule to keep that true.
//!
//! Only the headers of the function being checked are looked at (prototypes and definition,
//! [`super::read::declarations`]); its body, the other functions and the module's other
//! directives are not, so a module ptxas refuses for another reason can still pass.

use super::read::{DeclaredType, FnKind, Param, Signature};
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;

/// Why ptxas refuses the headers `decls` of one function (in the order written), or `None`
/// when they break none of the rules above.
pub(crate) fn refusal(decls: &[Signature]) -> Option<String> {
    decls
        .iter()
        .find_map(header_refusal)
        .or_else(|| between_headers(decls))
}

/// What ptxas refuses in one header.
fn header_refusal(sig: &Signature) -> Option<String> {
    let entry = sig.kind == FnKind::Entry;
    if entry && sig.ret.is_some() {
        // ptxas 12.9: "Parsing error near '(': syntax error".
        return Some(
            "a kernel (`.entry`) returns nothing, but this one declares a return value".into(),
        );
    }
    if sig.defined && sig.linkage.as_deref() == Some(".extern") {
        // "Function definition conflicts with '.extern' declaration for function 'k'".
        return Some(
            "it is declared `.extern` (defined in another module) and has a body here; drop \
             `.extern` (write `.visible`) or the body"
                .into(),
        );
    }
    let mut names = BTreeSet::new();
    for p in sig.ret.iter().chain(&sig.params) {
        if let Some(why) = param_refusal(p, entry) {
            return Some(why);
        }
        if !names.insert(p.name.as_str()) {
            // "Duplicate definition of variable 'a'".
            return Some(format!("two of its parameters are named `{}`", p.name));
        }
    }
    None
}

/// What ptxas refuses in one parameter of a kernel (`entry`) or device function.
fn param_refusal(p: &Param, entry: bool) -> Option<String> {
    let text = &p.text;
    if entry && p.space == ".reg" {
        // "Entry parameter 'k_param_0' must have .param state space".
        return Some(format!(
            "`{text}` is a `.reg` parameter of a kernel: a kernel's parameters are in the \
             `.param` state space (write `.param`)"
        ));
    }
    if p.ty == DeclaredType::Scalar(".pred".into()) {
        // `.param`: "Predicate variable 'a' must be in register state space"; `.reg` in a
        // `.func`: "passing predicate, 8-bit and 16-bit parameters to device functions is not
        // supported".
        return Some(format!(
            "`{text}` passes a predicate, which no parameter can hold (pass a `.u8` or `.b32`)"
        ));
    }
    if !entry && p.ptr.is_some() {
        // "Illegal placement of kernel parameter attribute".
        return Some(format!(
            "`{text}` has `.ptr`, an attribute of kernel parameters only, in a device function \
             (`.func`)"
        ));
    }
    if let (false, DeclaredType::Bytes { align, .. }) = (entry, &p.ty) {
        if let Some(why) = func_align_refusal(&format!("`{text}`"), *align as usize) {
            return Some(why);
        }
    }
    if entry && matches!(p.ty, DeclaredType::Bytes { size: 0, .. }) {
        // "Parameter to entry function cannot be an incomplete array."
        return Some(format!("`{text}` is a kernel parameter of no bytes"));
    }
    None
}

/// §2.3 note D: why a device function (`.func`) cannot take or return `what`, aligned to
/// `align`, or `None` when it can. ptxas 12.9: "Parameter 'a' has illegal alignment (must be
/// aligned to 1, 2, 4, 8, 16, 32, 64, or 128 bytes)"; a kernel's parameter may be aligned more.
pub(super) fn func_align_refusal(what: &str, align: usize) -> Option<String> {
    let max = crate::layout::rules::MAX_FUNC_PARAM_ALIGN;
    (align > max).then(|| {
        format!(
            "{what} is aligned to {align}, and a device function's (`.func`) parameters and \
             return value are aligned to at most {max} (§2.3 note D: ptxas refuses more); pass \
             a pointer to it instead"
        )
    })
}

/// What ptxas refuses between the headers of one function: a second body, or a declaration
/// that disagrees with the first.
fn between_headers(decls: &[Signature]) -> Option<String> {
    let first = decls.first()?;
    let mut defined = false;
    for sig in decls {
        if defined {
            // "Duplicate definition of function 'k'", also for a prototype after the body.
            return Some(match sig.defined {
                true => "it is defined twice (two bodies)".into(),
                false => "it is declared again after its definition".into(),
            });
        }
        defined = sig.defined;
        if sig.kind != first.kind {
            // "Inconsistent redefinition of 'k' as entry and function".
            return Some(
                "it is declared both as a kernel (`.entry`) and as a device function (`.func`)"
                    .into(),
            );
        }
        if sig.linkage != first.linkage {
            // "Inconsistent redefinition of variable 'k'" (`.weak` and `.visible`, `.extern`
            // and `.visible`, module-local and `.visible`, …).
            return Some(format!(
                "its declarations disagree on its linkage: {} and {}",
                linkage(first),
                linkage(sig)
            ));
        }
        if let Some(why) = prototype_difference(first, sig) {
            return Some(why);
        }
    }
    None
}

/// A function's linkage in words.
fn linkage(sig: &Signature) -> String {
    match &sig.linkage {
        Some(l) => format!("`{l}`"),
        None => "module-local (no linkage directive)".into(),
    }
}

/// How two headers of one function differ where ptxas compares them ("Inconsistent
/// prototypes of 'k'": the number of parameters, return value included, and each one's state
/// space, type and alignment; not the names, nor `.ptr`'s attributes).
fn prototype_difference(a: &Signature, b: &Signature) -> Option<String> {
    let count = |s: &Signature| s.params.len() + usize::from(s.ret.is_some());
    if count(a) != count(b) || a.ret.is_some() != b.ret.is_some() {
        return Some(format!(
            "its declarations take different numbers of parameters ({} and {}, return value \
             included)",
            count(a),
            count(b)
        ));
    }
    let same = |p: &Param, q: &Param| p.space == q.space && p.ty == q.ty;
    a.ret
        .iter()
        .chain(&a.params)
        .zip(b.ret.iter().chain(&b.params))
        .find(|(p, q)| !same(p, q))
        .map(|(p, q)| {
            format!(
                "its declarations differ: `{}` in one, `{}` in another",
                p.text, q.text
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::read::declarations;

    fn why(ptx: &str) -> Option<String> {
        refusal(&declarations(ptx, "k").unwrap())
    }

    /// The rules on small modules; that ptxas refuses each is checked by
    /// `tests/params_ptxas/refused.rs`, which runs it.
    #[test]
    fn each_rule_names_what_ptxas_refuses() {
        let cases = [
            (
                ".entry k(.reg .u32 a) { ret; }",
                "is a `.reg` parameter of a kernel",
            ),
            (".entry k(.param .pred a) { ret; }", "passes a predicate"),
            (".func k(.reg .pred a) { ret; }", "passes a predicate"),
            (
                ".func k(.param .u64 .ptr .align 4 a) { ret; }",
                "has `.ptr`",
            ),
            (".entry k(.param .b8 a[0]) { ret; }", "of no bytes"),
            (
                ".entry k(.param .u32 a, .param .u32 a) { ret; }",
                "named `a`",
            ),
            (
                ".func (.param .b32 a) k(.param .b32 a) { ret; }",
                "named `a`",
            ),
            (".entry (.param .b32 r) k() { ret; }", "returns nothing"),
            (".extern .entry k() { ret; }", "declared `.extern`"),
            (".entry k() { ret; }\n.entry k() { ret; }", "defined twice"),
            (".entry k() { ret; }\n.entry k();", "declared again after"),
            (".func k();\n.entry k() { ret; }", "both as a kernel"),
            (
                ".weak .entry k();\n.visible .entry k() { ret; }",
                "`.weak` and `.visible`",
            ),
            (".entry k();\n.visible .entry k() { ret; }", "module-local"),
            (".entry k(.param .u32 a);\n.entry k() { ret; }", "1 and 0"),
            (
                ".func (.param .b32 r) k();\n.func k() { ret; }",
                "return value",
            ),
            (
                ".entry k(.param .s32 a);\n.entry k(.param .u32 b) { ret; }",
                "`.param .s32 a` in one, `.param .u32 b` in another",
            ),
            (
                ".entry k(.param .align 8 .b8 a[8]);\n.entry k(.param .align 4 .b8 a[8]) { ret; }",
                "differ",
            ),
        ];
        for (ptx, want) in cases {
            let why = why(ptx).unwrap_or_else(|| panic!("accepted: {ptx}"));
            assert!(why.contains(want), "{ptx}: {why}");
        }
    }

    /// What ptxas assembles: a prototype (names and `.ptr` attributes may differ) before the
    /// body, `.extern` prototypes, a `.reg` parameter of a device function.
    #[test]
    fn what_ptxas_assembles_passes() {
        for ptx in [
            ".visible .entry k(.param .u64 .ptr .align 8 a);\n\
             .visible .entry k(.param .u64 b) { ret; }",
            ".extern .func k(.param .b32 a);\n.extern .func k(.param .b32 b);",
            ".func k(.reg .b32 a) { ret; }",
            ".weak .entry k(.param .u32 a) { ret; }",
            ".visible .entry k() { ret; }\n.visible .entry other() { ret; }",
        ] {
            assert_eq!(why(ptx), None, "{ptx}");
        }
    }
}
