//! Modules ptxas refuses, and the check that must refuse them too (`params/refusal.rs`, and
//! the reader's own errors): each case's claim "ptxas refuses this" is itself checked by
//! running ptxas on it, and so is "ptxas assembles this" for the cases the check accepts.

use ptx_abi::layout::desc::TypeDesc;
use ptx_abi::params::{check_signature, SignatureError};
use ptx_abi::types::Float4;
use ptx_abi::{DevicePtr, ParamSpace, PtxAbi};

use crate::common;

#[derive(PtxAbi, Clone, Copy)]
struct U32Arg {
    a: u32,
}

#[derive(PtxAbi, Clone, Copy)]
struct F32Arg {
    a: f32,
}

#[derive(PtxAbi, Clone, Copy)]
struct V4Arg {
    a: Float4,
}

/// A slot ring entry aligned as communication libraries align theirs (`alignas(256)`): §1.2
/// lays it out; a kernel's `.param` takes it, a device function's does not (§2.3 note D).
#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 256)]
struct Slot256 {
    head: u32,
}

#[derive(PtxAbi, Clone, Copy)]
struct Slot256Arg {
    a: Slot256,
}

#[derive(PtxAbi, Clone, Copy)]
struct Float4Ptr {
    a: DevicePtr<Float4>,
}

/// What the check says about a case.
#[derive(Clone, Copy, Debug)]
enum Check {
    /// `SignatureError::Refused`, its reason containing the text.
    Refused(&'static str),
    /// `SignatureError::Unreadable`, its text containing the text.
    Unreadable(&'static str),
    /// `Ok(())`.
    Accepted,
}

/// One module: the function `k`'s headers and bodies, the space and the Rust struct it is
/// checked as, what the check says and what ptxas 12.9 says (`Some`: refused, with this in its
/// diagnostics; `None`: assembled).
struct Case {
    what: &'static str,
    ptx: &'static str,
    space: ParamSpace,
    params: fn() -> &'static TypeDesc,
    check: Check,
    ptxas: Option<&'static str>,
}

const fn case(
    what: &'static str,
    ptx: &'static str,
    check: Check,
    ptxas: Option<&'static str>,
) -> Case {
    Case {
        what,
        ptx,
        space: ParamSpace::Entry,
        params: || U32Arg::TYPE,
        check,
        ptxas,
    }
}

fn cases() -> Vec<Case> {
    use Check::{Accepted, Refused, Unreadable};
    let func = |c: Case| Case {
        space: ParamSpace::Func,
        ..c
    };
    let with = |c: Case, params: fn() -> &'static TypeDesc| Case { params, ..c };
    vec![
        case(
            ".reg parameter of a kernel",
            ".visible .entry k(.reg .u32 a) { ret; }",
            Refused("`.reg .u32 a` is a `.reg` parameter of a kernel"),
            Some("Entry parameter 'a' must have .param state space"),
        ),
        case(
            ".pred parameter",
            ".visible .entry k(.param .pred a) { ret; }",
            Refused("passes a predicate"),
            Some("Predicate variable 'a' must be in register state space"),
        ),
        func(case(
            ".reg .pred parameter of a device function",
            ".visible .func k(.reg .pred a) { ret; }",
            Refused("passes a predicate"),
            Some("passing predicate"),
        )),
        func(case(
            ".ptr in a device function",
            ".visible .func k(.param .u64 .ptr .align 4 a) { ret; }",
            Refused("has `.ptr`, an attribute of kernel parameters only"),
            Some("Illegal placement of kernel parameter attribute"),
        )),
        case(
            "kernel parameter of 0 bytes",
            ".visible .entry k(.param .b8 a[0]) { ret; }",
            Refused("is a kernel parameter of no bytes"),
            Some("cannot be an incomplete array"),
        ),
        case(
            "two parameters of one name",
            ".visible .entry k(.param .u32 a, .param .u32 a) { ret; }",
            Refused("two of its parameters are named `a`"),
            Some("Duplicate definition of variable 'a'"),
        ),
        case(
            "kernel with a return value",
            ".visible .entry (.param .b32 r) k(.param .u32 a) { ret; }",
            Refused("returns nothing"),
            Some("syntax error"),
        ),
        case(
            ".extern with a body",
            ".extern .entry k(.param .u32 a) { ret; }",
            Refused("declared `.extern` (defined in another module) and has a body"),
            Some("Function definition conflicts with '.extern' declaration"),
        ),
        case(
            "two bodies",
            ".visible .entry k(.param .u32 a) { ret; }\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("defined twice"),
            Some("Duplicate definition of function 'k'"),
        ),
        case(
            "a prototype after the body",
            ".visible .entry k(.param .u32 a) { ret; }\n.visible .entry k(.param .u32 a);",
            Refused("declared again after its definition"),
            Some("Duplicate definition of function 'k'"),
        ),
        case(
            ".func prototype, .entry body",
            ".visible .func k(.param .u32 a);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("both as a kernel (`.entry`) and as a device function (`.func`)"),
            Some("Inconsistent redefinition of 'k' as entry and function"),
        ),
        case(
            ".weak prototype, .visible body",
            ".weak .entry k(.param .u32 a);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("disagree on its linkage: `.weak` and `.visible`"),
            Some("Inconsistent redefinition of variable 'k'"),
        ),
        case(
            ".visible prototype, .weak body",
            ".visible .entry k(.param .u32 a);\n.weak .entry k(.param .u32 a) { ret; }",
            Refused("disagree on its linkage: `.visible` and `.weak`"),
            Some("Inconsistent redefinition of variable 'k'"),
        ),
        case(
            ".extern prototype, .visible body",
            ".extern .entry k(.param .u32 a);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("disagree on its linkage: `.extern` and `.visible`"),
            Some("Inconsistent redefinition of variable 'k'"),
        ),
        case(
            "module-local prototype, .visible body",
            ".entry k(.param .u32 a);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("module-local (no linkage directive) and `.visible`"),
            Some("Inconsistent redefinition of variable 'k'"),
        ),
        case(
            "prototype of another signedness",
            ".visible .entry k(.param .s32 a);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("`.param .s32 a` in one, `.param .u32 a` in another"),
            Some("Inconsistent prototypes of 'k', parameter types differ"),
        ),
        case(
            "prototype of another class",
            ".visible .entry k(.param .b32 a);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("`.param .b32 a` in one"),
            Some("Inconsistent prototypes of 'k', parameter types differ"),
        ),
        case(
            "prototype with another count",
            ".visible .entry k(.param .u32 a, .param .u32 b);\n.visible .entry k(.param .u32 a) { ret; }",
            Refused("different numbers of parameters (2 and 1"),
            Some("Inconsistent prototypes of 'k', number of parameters differ"),
        ),
        with(
            case(
                "prototype with another alignment",
                ".visible .entry k(.param .align 8 .b8 a[16]);\n\
                 .visible .entry k(.param .align 16 .b8 a[16]) { ret; }",
                Refused("`.param .align 8 .b8 a[16]` in one"),
                Some("Inconsistent prototypes of 'k', parameter alignment differ"),
            ),
            || V4Arg::TYPE,
        ),
        func(case(
            "prototype with another state space",
            ".visible .func k(.reg .b32 a);\n.visible .func k(.param .b32 a) { ret; }",
            Refused("`.reg .b32 a` in one, `.param .b32 a` in another"),
            Some("parameter state space differ"),
        )),
        with(
            case(
                ".align not a power of two",
                ".visible .entry k(.param .align 12 .b8 a[16]) { ret; }",
                Unreadable("`.align 12` is not a power of two"),
                Some("Alignment must be a power of two"),
            ),
            || V4Arg::TYPE,
        ),
        with(
            case(
                ".ptr .align not a power of two",
                ".visible .entry k(.param .u64 .ptr .align 3 a) { ret; }",
                Unreadable("`.align 3` is not a power of two"),
                Some("Alignment must be a power of two"),
            ),
            || Float4Ptr::TYPE,
        ),
        case(
            "two types",
            ".visible .entry k(.param .u32 .f32 a) { ret; }",
            Unreadable("two types"),
            Some("syntax error"),
        ),
        with(
            case(
                ".ptr twice",
                ".visible .entry k(.param .u64 .ptr .align 4 .ptr .align 8 a) { ret; }",
                Unreadable("`.ptr` twice"),
                Some("syntax error"),
            ),
            || Float4Ptr::TYPE,
        ),
        with(
            case(
                ".ptr before the type",
                ".visible .entry k(.param .ptr .u64 a) { ret; }",
                Unreadable("`.ptr` before the type"),
                Some("syntax error"),
            ),
            || Float4Ptr::TYPE,
        ),
        with(
            case(
                "state space after .ptr's .align",
                ".visible .entry k(.param .u64 .ptr .align 16 .global a) { ret; }",
                Unreadable("after `.ptr`'s state space or `.align`"),
                Some("syntax error"),
            ),
            || Float4Ptr::TYPE,
        ),
        case(
            ".weak and .visible on one header",
            ".weak .visible .entry k(.param .u32 a) { ret; }",
            Unreadable("unexpected directives before .entry/.func"),
            Some("syntax error"),
        ),
        // What ptxas assembles, and the check accepts.
        case(
            "a prototype with other parameter names",
            ".visible .entry k(.param .u32 b);\n.visible .entry k(.param .u32 a) { ret; }",
            Accepted,
            None,
        ),
        case(
            ".extern prototypes only",
            ".extern .entry k(.param .u32 a);\n.extern .entry k(.param .u32 b);",
            Accepted,
            None,
        ),
        case(
            ".weak kernel",
            ".weak .entry k(.param .u32 a) { ret; }",
            Accepted,
            None,
        ),
        case(
            "directives written without spaces",
            ".visible.entry k(.param.u32 a) { ret; }",
            Accepted,
            None,
        ),
        with(
            case(
                ".ptr attributes written without spaces",
                ".visible .entry k(.param .u64.ptr.global.align 16 a) { ret; }",
                Accepted,
                None,
            ),
            || Float4Ptr::TYPE,
        ),
        with(
            case(
                "a .b32 kernel parameter read as a float",
                ".visible .entry k(.param .b32 a) { .reg .f32 %f; ld.param.f32 %f, [a]; ret; }",
                Accepted,
                None,
            ),
            || F32Arg::TYPE,
        ),
        with(
            case(
                "a kernel parameter aligned to 256",
                ".visible .entry k(.param .align 256 .b8 a[256]) { ret; }",
                Accepted,
                None,
            ),
            || Slot256Arg::TYPE,
        ),
        with(
            func(case(
                "a device-function parameter aligned to 256",
                ".visible .func k(.param .align 256 .b8 a[256]) { ret; }",
                Refused("aligned to 256"),
                Some("has illegal alignment"),
            )),
            || Slot256Arg::TYPE,
        ),
        with(
            func(case(
                "a .reg parameter of a device function",
                ".visible .func k(.reg .b32 a) { ret; }",
                Accepted,
                None,
            )),
            || F32Arg::TYPE,
        ),
    ]
}

/// The module of one case.
fn module(c: &Case) -> String {
    format!(
        ".version 8.8\n.target sm_90\n.address_size 64\n\n{}\n",
        c.ptx
    )
}

#[test]
fn the_check_refuses_what_ptxas_refuses() {
    for c in cases() {
        let got = check_signature(&module(&c), "k", (c.params)(), c.space);
        match (c.check, &got) {
            (Check::Accepted, Ok(())) => {}
            (Check::Refused(want), Err(e @ SignatureError::Refused { reason, .. }))
                if reason.contains(want) =>
            {
                assert!(e.to_string().starts_with("ptxas refuses the PTX of `k`: "));
            }
            (Check::Unreadable(want), Err(SignatureError::Unreadable { text, .. }))
                if text.contains(want) => {}
            _ => panic!("{}: expected {:?}, got {got:?}", c.what, c.check),
        }
    }
}

/// Each case's claim about ptxas, checked with ptxas.
#[test]
fn ptxas_refuses_each_refused_case_and_assembles_the_others() {
    let Some(ptxas) = common::ptxas() else { return };
    for c in cases() {
        let verdict = ptxas.assemble(&module(&c), "sm_90");
        match (c.ptxas, &verdict) {
            (None, Ok(())) => {}
            (Some(want), Err(log)) if log.contains(want) => {}
            _ => panic!(
                "{}: ptxas was expected to {}, and said: {verdict:?}\n{}",
                c.what,
                c.ptxas.map_or("assemble it".to_string(), |w| format!(
                    "refuse it with `{w}`"
                )),
                module(&c)
            ),
        }
        // What ptxas refuses, the check refuses; what it assembles, the check accepts.
        assert_eq!(
            matches!(c.check, Check::Accepted),
            c.ptxas.is_none(),
            "{}",
            c.what
        );
    }
}
