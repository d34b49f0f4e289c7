//! The parameter-space budget against ptxas 12.9, the two limits `param_limit` knows:
//! 32,764 bytes on Volta and newer with CUDA 12.1+ (PTX ISA 8.1+) exactly; before that the
//! documented 4,096 bytes, which ptxas accepts (its own pre-Volta / pre-8.1 ceiling is
//! 4,352 bytes, `0x1100`, so 4,096 is the safe budget ptx-abi keeps).

mod common;

use ptx_abi::{PARAM_LIMIT, PARAM_LIMIT_VOLTA_CUDA_12_1};

fn entry(version: &str, sm: u32, bytes: usize) -> String {
    format!(
        ".version {version}\n.target sm_{sm}\n.address_size 64\n\
         .visible .entry k(.param .align 4 .b8 p[{bytes}])\n{{\n\tret;\n}}\n"
    )
}

#[test]
fn ptxas_enforces_the_two_limits() {
    let Some(ptxas) = common::ptxas() else { return };
    let ok = |v: &str, sm: u32, n: usize| {
        ptxas
            .assemble(&entry(v, sm, n), &format!("sm_{sm}"))
            .unwrap_or_else(|e| panic!("{n} bytes, PTX {v}, sm_{sm}: {e}"))
    };
    let too_much = |v: &str, sm: u32, n: usize| {
        let e = ptxas
            .assemble(&entry(v, sm, n), &format!("sm_{sm}"))
            .unwrap_err();
        assert!(
            e.contains("too much parameter space") || e.contains("larger than 4352 bytes"),
            "{e}"
        );
    };
    // CUDA 12.1+ (PTX 8.1) on Volta and newer: exactly 32,764.
    for sm in [70, 90] {
        ok("8.1", sm, PARAM_LIMIT_VOLTA_CUDA_12_1);
        too_much("8.1", sm, PARAM_LIMIT_VOLTA_CUDA_12_1 + 4);
    }
    // Before Volta, or before CUDA 12.1: 4,096 fits, 32,764 does not.
    for (v, sm) in [("8.1", 60), ("8.0", 70), ("8.0", 90)] {
        ok(v, sm, PARAM_LIMIT);
        too_much(v, sm, 4352 + 4);
        too_much(v, sm, PARAM_LIMIT_VOLTA_CUDA_12_1);
    }
    assert_eq!(
        ptx_abi::params::limit_origin(PARAM_LIMIT),
        " (the limit before CUDA 12.1 or on GPUs before Volta)"
    );
}
