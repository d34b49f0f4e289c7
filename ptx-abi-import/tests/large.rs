//! Headers at the edge of size and depth (issue 23): they import, and what is emitted
//! compiles. Needs clang (skips without it; fails without it under `PTX_ABI_REQUIRE_ORACLE=1`).

mod common;

use ptx_abi_import::clang::Clang;
use ptx_abi_import::emit::PARTIAL_EQ_MAX_MEMBERS;
use ptx_abi_import::Importer;

fn clang() -> Option<Clang> {
    common::clang("large header tests")
}

fn import(header: &str) -> String {
    let c = clang().expect("checked by the caller");
    match Importer::new()
        .clang(c.program())
        .header_text("large.cuh", header)
        .generate()
    {
        Ok(i) => i.source,
        Err(e) => panic!("{e}"),
    }
}

/// The `#[derive(…)]` line of the item declared as `pub struct <name> {` in `src`.
fn derive_of<'a>(src: &'a str, name: &str) -> &'a str {
    let at = src
        .find(&format!("pub struct {name} {{"))
        .unwrap_or_else(|| panic!("no struct {name}"));
    let start = src[..at].rfind("#[derive(").expect("a derive");
    src[start..].lines().next().unwrap_or("")
}

/// rustc's `#[derive(PartialEq)]` crashes on a struct of 10,000 members, so the importer
/// leaves `PartialEq` off it and off what holds it; smaller structs keep it.
#[test]
fn a_struct_of_10000_members_gets_no_partial_eq() {
    if clang().is_none() {
        return;
    }
    let members: String = (0..10_000).map(|i| format!("  int m{i};\n")).collect();
    let header = format!(
        "struct Wide {{\n{members}}};\n\
         struct Holder {{ Wide w[2]; }};\n\
         union Either {{ Holder h; int i; }};\n\
         struct Small {{ int a; Either e; }};\n\
         struct Plain {{ int a; float b; }};\n"
    );
    let src = import(&header);
    for name in ["Wide", "Holder", "Small"] {
        let derive = derive_of(&src, name);
        assert!(!derive.contains("PartialEq"), "{name}: {derive}");
        assert!(derive.contains("::ptx_abi::PtxAbi"), "{name}: {derive}");
    }
    assert!(derive_of(&src, "Plain").contains("PartialEq"));
    assert!(src.contains(&format!("more than {PARTIAL_EQ_MAX_MEMBERS} members")));
    let either = src.find("pub enum Either {").expect("the union");
    let derive = &src[src[..either].rfind("#[derive(").unwrap()..either];
    assert!(!derive.contains("PartialEq"), "{derive}");
}

/// clang's JSON AST nests two levels per struct declared inside a struct; serde_json's
/// default limit of 128 levels stopped at about 64 (`recursion limit exceeded`).
#[test]
fn structs_declared_100_deep_import() {
    if clang().is_none() {
        return;
    }
    let n = 100;
    let mut h: String = (0..n)
        .map(|i| format!("struct L{i} {{ int v{i};\n"))
        .collect();
    for i in (1..n).rev() {
        h.push_str(&format!("}} m{i};\n"));
    }
    h.push_str("};\n");
    let src = import(&h);
    assert_eq!(src.matches("#[derive(::ptx_abi::PtxAbi").count(), n);
    assert!(src.contains("pub v99: i32,"), "{src}");
    // Held types come first: rustc then lays each level out from the one before, instead of
    // the outermost type's whole nesting in one chain of queries (past its query depth).
    let outer = src.find("pub struct L0 {").expect("L0");
    let inner = src.find("pub struct L0_L1 {").expect("L0_L1");
    assert!(inner < outer);
}
