//! `#[ptx(kernel = "…")]` names of `extern "C"` kernels: core's PTX identifier rule
//! (`params::text::is_identifier`, which `kernel_name_error` applies at compile time) against
//! ptxas 12.9, which must assemble `.visible .entry NAME()` exactly when the rule accepts NAME.

use crate::common;

use ptx_abi::params::text::is_identifier;

const NAMES: [&str; 18] = [
    "k", "scale", "scale_2", "Scale2D", "_k", "__k", "$k", "k$1", "%k", "_1", "_", "$", "%", "2k",
    "scale-2", "ns::blur", "k.x", "a b",
];

#[test]
fn ptx_identifier_rule_matches_ptxas() {
    // Without ptxas the rule still holds for the unambiguous cases.
    assert!(is_identifier("scale_2") && !is_identifier("scale-2") && !is_identifier(""));
    let Some(ptxas) = common::ptxas() else { return };
    let mut disagreements = Vec::new();
    for name in NAMES {
        let ptx = format!(
            ".version 8.0\n.target sm_70\n.address_size 64\n\
             .visible .entry {name}()\n{{\n\tret;\n}}\n"
        );
        let assembles = ptxas.assemble(&ptx, "sm_70").is_ok();
        if assembles != is_identifier(name) {
            disagreements.push(format!(
                "`{name}`: ptxas {}, is_identifier {}",
                assembles,
                is_identifier(name)
            ));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}
