//! Chapter 6: the call sequences ptx-abi generates call NVRTC-compiled C++ device functions
//! (by the names ptx-abi mangles) in one module that ptxas assembles: every scalar, vectors
//! of 1- to 8-byte lanes, a bit-field struct (called indirectly through a `.callprototype`).

use crate::call_module;
use crate::common;

use ptx_abi::params::{call_sequence, Arg, CallError, Callee, Ret};
use ptx_abi::{AddressSize, PtxAbi};

#[test]
fn generated_call_sequences_assemble_against_nvrtc_functions() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let Some(ptxas) = common::ptxas() else { return };
    let ptx = common::compile(&nvrtc, &call_module::device_source());
    // Every function NVRTC emitted has the name ptx-abi mangles for it.
    for (i, c) in call_module::cases().iter().enumerate() {
        let name =
            ptx_abi::abi::itanium::mangle(call_module::function_name(i), &[c.cxx, c.cxx]).unwrap();
        assert!(
            ptx.contains(&format!(" {}(", name.as_str())),
            "{} not in NVRTC's PTX",
            name.as_str()
        );
    }
    let module = call_module::module(&ptx);
    ptxas
        .assemble(&module, "sm_90")
        .unwrap_or_else(|e| panic!("{e}\n{module}"));
    eprintln!(
        "ptxas assembled {} generated call sequences",
        call_module::cases().len()
    );
}

/// The guide's chapter 6 example, `foo(int, int)`, as ptx-abi writes it.
#[test]
fn chapter_6_example_sequence() {
    let i = <i32 as PtxAbi>::TYPE;
    let seq = call_sequence(
        Callee::Direct("_Z3fooii"),
        &[i, i],
        Some(i),
        &[Arg::Reg("%r1"), Arg::Reg("%r2")],
        Ret::Reg("%r3"),
        AddressSize::A64,
    )
    .unwrap();
    for line in [
        ".param .b32 param0;",
        "st.param.b32 \t[param0+0], %r1;",
        ".param .b32 param1;",
        "st.param.b32 \t[param1+0], %r2;",
        ".param .b32 retval0;",
        "call.uni (retval0), _Z3fooii, (param0, param1);",
        "ld.param.b32 \t%r3, [retval0+0];",
    ] {
        assert!(seq.contains(line), "{line:?} missing:\n{seq}");
    }
}

#[test]
fn call_sequence_errors_say_what_to_pass() {
    let i = <i32 as PtxAbi>::TYPE;
    let e = call_sequence(
        Callee::Direct("f"),
        &[i],
        None,
        &[],
        Ret::Discard,
        AddressSize::A64,
    )
    .unwrap_err();
    assert_eq!(
        e,
        CallError::ArgCount {
            expected: 1,
            found: 0
        }
    );
    let h = <ptx_abi::types::Half2 as PtxAbi>::TYPE;
    let e = call_sequence(
        Callee::Direct("f"),
        &[h],
        None,
        &[Arg::Memory("%rd1")],
        Ret::Discard,
        AddressSize::A64,
    )
    .unwrap_err();
    assert!(e.to_string().contains("invisible reference"), "{e}");
    let f4 = <ptx_abi::types::Float4 as PtxAbi>::TYPE;
    let e = call_sequence(
        Callee::Direct("f"),
        &[f4],
        None,
        &[Arg::Reg("%f1")],
        Ret::Discard,
        AddressSize::A64,
    )
    .unwrap_err();
    assert!(e.to_string().contains("Arg::Memory"), "{e}");
}

#[test]
fn example_values_cover_every_case() {
    let (input, expected) = call_module::buffers();
    assert_eq!(input.len(), 32 * call_module::cases().len());
    assert_eq!(expected.len(), 16 * call_module::cases().len());
}
