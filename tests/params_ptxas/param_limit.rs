//! The parameter-space limits ([`entry_param_limit`]) against every fetched ptxas (CUDA 11.8,
//! 12.9 and 13.5, issue 22): for each target and PTX ISA version a ptxas reads, it must accept
//! an `.entry` of exactly `entry_param_limit(arch, isa)` bytes and refuse 4 bytes more with its
//! "too much parameter space" / "requires sm_70" / "requires PTX ISA 8.1" errors. A release
//! that moves a boundary fails here. Also: the bytes ptxas counts are the end of the last
//! parameter in the layout from 0 (padding between parameters included), the
//! `KernelParams::BUFFER_SIZE` of a derived argument struct.
//!
//! Needs the ptxas of each release (`cargo xtask ptxas all`); skips a missing one, fails under
//! `PTX_ABI_REQUIRE_ORACLE=1`.

use ptx_abi::layout::MemberLayout;
use ptx_abi::params::{entry_param_limit, Arch, PtxIsa, PARAM_LIMIT, PARAM_LIMIT_VOLTA_CUDA_12_1};
use ptx_abi::params::{entry_signature, limit_origin};
use ptx_abi::{KernelParams, PtxAbi};
use ptx_abi_nvtools::fetch::{Toolkit, CUDA_11_8, CUDA_12_9, CUDA_13_5};
use ptx_abi_oracle::ptxas::Ptxas;
use ptx_abi_oracle::require::ptxas_release;

fn module(isa: PtxIsa, sm: u32, params: &str) -> String {
    format!(
        ".version {isa}\n.target sm_{sm}\n.address_size 64\n\
         .visible .entry k({params})\n{{\n\tret;\n}}\n"
    )
}

fn bytes(n: usize) -> String {
    format!(".param .align 4 .b8 p[{n}]")
}

/// What one release's ptxas reads: PTX ISA versions and targets (sm_90 needs ISA 7.8, sm_100
/// and sm_120 ISA 8.8 in the versions listed).
struct Reads {
    isas: &'static [PtxIsa],
    sms: &'static [u32],
}

const V7_0: PtxIsa = PtxIsa::new(7, 0);
const V8_8: PtxIsa = PtxIsa::new(8, 8);
const V9_0: PtxIsa = PtxIsa::new(9, 0);

fn reads(release: &Toolkit) -> Reads {
    match release.version {
        "11.8" => Reads {
            isas: &[V7_0, PtxIsa::V7_8],
            sms: &[50, 60, 70, 75, 80, 90],
        },
        "12.9" => Reads {
            isas: &[V7_0, PtxIsa::V7_8, PtxIsa::V8_0, PtxIsa::V8_1, V8_8],
            sms: &[50, 60, 70, 75, 80, 90, 100, 120],
        },
        // CUDA 13 dropped sm_50 … sm_72.
        "13.5" => Reads {
            isas: &[V7_0, PtxIsa::V7_8, PtxIsa::V8_0, PtxIsa::V8_1, V8_8, V9_0],
            sms: &[75, 80, 90, 100, 120],
        },
        v => panic!("no table for CUDA {v}"),
    }
}

fn target_needs(sm: u32) -> PtxIsa {
    match sm {
        90 => PtxIsa::V7_8,
        100 | 120 => V8_8,
        _ => V7_0,
    }
}

/// ptxas's refusal of `n` bytes for `sm` and `isa` names the limit it applies.
fn assert_refused(release: &Toolkit, e: &str, isa: PtxIsa, sm: u32, n: usize, limit: usize) {
    let too_much = format!("uses too much parameter space (0x{n:x} bytes, 0x{limit:x} max)");
    let needs_sm70 = "Kernel parameter size larger than 4352 bytes' requires .target sm_70";
    let ok = if sm < 70 && isa.at_least(PtxIsa::V8_1) && n <= PARAM_LIMIT_VOLTA_CUDA_12_1 {
        e.contains(needs_sm70)
    } else {
        e.contains(&too_much)
    };
    assert!(
        ok,
        "ptxas {}, sm_{sm}, PTX ISA {isa}, {n} bytes: refused, but not as expected \
         (`{too_much}`):\n{e}",
        release.version
    );
}

fn boundaries(release: &Toolkit) {
    let what = format!("parameter limits on ptxas {}", release.version);
    let Some(ptxas) = ptxas_release(&what, release) else {
        return;
    };
    let r = reads(release);
    let mut checked = 0;
    for &isa in r.isas {
        for &sm in r.sms.iter().filter(|&&sm| isa.at_least(target_needs(sm))) {
            let limit = entry_param_limit(Arch::sm(sm), isa);
            let target = format!("sm_{sm}");
            ptxas
                .assemble(&module(isa, sm, &bytes(limit)), &target)
                .unwrap_or_else(|e| {
                    panic!(
                        "ptxas {}, {target}, PTX ISA {isa}: refuses {limit} bytes, the limit \
                         ptx-abi says it accepts:\n{e}",
                        release.version
                    )
                });
            let e = ptxas
                .assemble(&module(isa, sm, &bytes(limit + 4)), &target)
                .expect_err(&format!(
                    "ptxas {}, {target}, PTX ISA {isa}: accepts {} bytes, past the limit of {limit} \
                     ptx-abi says it applies",
                    release.version,
                    limit + 4
                ));
            assert_refused(release, &e, isa, sm, limit + 4, limit);
            checked += 1;
        }
    }
    ptx_abi_oracle::require::say(&format!(
        "ptxas {}: {checked} (target, PTX ISA) pairs, each accepts its limit and refuses 4 bytes more",
        release.version
    ));
}

/// What a release's ptxas does not read at all, so that the table above stays honest: 11.8
/// knows no PTX ISA 8.x (no 32,764-byte tier), 13.5 no target below sm_75.
fn unread(release: &Toolkit, ptxas: &Ptxas) {
    let tiny = bytes(4);
    match release.version {
        "11.8" => {
            let e = ptxas
                .assemble(&module(PtxIsa::V8_0, 80, &tiny), "sm_80")
                .unwrap_err();
            assert!(e.contains("Unsupported .version 8.0"), "{e}");
        }
        "13.5" => {
            let e = ptxas
                .assemble(&module(PtxIsa::V8_1, 72, &tiny), "sm_72")
                .unwrap_err();
            assert!(
                e.contains("Value 'sm_72' is not defined for option 'gpu-name'"),
                "{e}"
            );
        }
        _ => {}
    }
}

#[test]
fn ptxas_11_8_limits() {
    boundaries(&CUDA_11_8);
    if let Some(p) = ptxas_release("ptxas 11.8 versions", &CUDA_11_8) {
        unread(&CUDA_11_8, &p);
    }
}

#[test]
fn ptxas_12_9_limits() {
    boundaries(&CUDA_12_9);
}

#[test]
fn ptxas_13_5_limits() {
    boundaries(&CUDA_13_5);
    if let Some(p) = ptxas_release("ptxas 13.5 targets", &CUDA_13_5) {
        unread(&CUDA_13_5, &p);
    }
}

#[test]
fn the_limits_by_name() {
    assert_eq!(PARAM_LIMIT, entry_param_limit(Arch::SM_90, PtxIsa::V8_0));
    assert_eq!(
        PARAM_LIMIT,
        entry_param_limit(Arch::SM_60, PtxIsa::new(9, 0))
    );
    assert_eq!(
        PARAM_LIMIT_VOLTA_CUDA_12_1,
        entry_param_limit(Arch::SM_70, PtxIsa::V8_1)
    );
    assert_eq!(
        limit_origin(PARAM_LIMIT),
        " (ptxas's limit below sm_70 or below PTX ISA 8.1)"
    );
    assert!(PtxIsa::new(10, 0).at_least(PtxIsa::V8_1) && !PtxIsa::V8_0.at_least(PtxIsa::V8_1));
    assert!(PtxIsa::V8_1 > PtxIsa::V8_0 && PtxIsa::new(9, 0) > PtxIsa::V8_1);
}

// Kernels whose parameter bytes end exactly at a limit and one past it, with padding
// between the parameters: ptxas counts what `BUFFER_SIZE` counts. (32,768 bytes cannot be
// derived at all: `param_limit` stops at 32,764; `boundaries` covers it in raw PTX.)
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "small_at", param_limit = 32764)]
struct SmallAt {
    flag: u8,
    words: [u64; 543], // 8 + 4,344 = 4,352
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "small_past", param_limit = 32764)]
struct SmallPast {
    flag: u8,
    words: [u64; 543],
    tail: u8, // 4,353
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "large_at", param_limit = 32764)]
struct LargeAt {
    flag: u8,
    words: [u32; 8190], // 4 + 32,760 = 32,764
}

/// ptxas's verdict on `A`'s `.entry` (rendered by ptx-abi) for `sm` and `isa` agrees with the
/// limit check the derive runs for every kernel (`kernel_limit_error`, a generated-code helper
/// reached through `__private`) at [`entry_param_limit`]; returns ptxas's.
fn counted<A: KernelParams, const N: usize>(
    members: &MemberLayout<N>,
    ptxas: &Ptxas,
    isa: PtxIsa,
    sm: u32,
    expect_end: usize,
) -> Result<(), String> {
    assert_eq!(A::BUFFER_SIZE, expect_end, "{}", A::KERNEL);
    let sig = entry_signature::<A>();
    let ptx = format!(".version {isa}\n.target sm_{sm}\n.address_size 64\n{sig}\n{{\n\tret;\n}}\n");
    let limit = entry_param_limit(Arch::sm(sm), isa);
    let ours = ptx_abi::__private::v1::kernel_limit_error(A::TYPE, A::KERNEL, members, limit);
    let theirs = ptxas.assemble(&ptx, &format!("sm_{sm}"));
    assert_eq!(
        ours.is_none(),
        theirs.is_ok(),
        "{} ({} bytes), sm_{sm}, PTX ISA {isa}: ptx-abi says {:?}, ptxas says {theirs:?}",
        A::KERNEL,
        A::BUFFER_SIZE,
        ours.as_ref().map(|m| m.as_str())
    );
    theirs
}

#[test]
fn ptxas_counts_what_buffer_size_counts() {
    let Some(ptxas) = ptxas_release("parameter bytes as counted", &CUDA_12_9) else {
        return;
    };
    let small_at = &SmallAt::__PTX_ABI_MEMBERS;
    let small_past = &SmallPast::__PTX_ABI_MEMBERS;
    counted::<SmallAt, 2>(small_at, &ptxas, PtxIsa::V8_0, 90, 4352).unwrap();
    let e = counted::<SmallPast, 3>(small_past, &ptxas, PtxIsa::V8_0, 90, 4353).unwrap_err();
    assert!(e.contains("(0x1101 bytes, 0x1100 max)"), "{e}");
    counted::<SmallPast, 3>(small_past, &ptxas, PtxIsa::V8_1, 90, 4353).unwrap();
    let e = counted::<SmallPast, 3>(small_past, &ptxas, PtxIsa::V8_1, 60, 4353).unwrap_err();
    assert!(e.contains("requires .target sm_70"), "{e}");
    counted::<LargeAt, 2>(&LargeAt::__PTX_ABI_MEMBERS, &ptxas, PtxIsa::V8_1, 70, 32764).unwrap();
}
