//! Chapter 3, system calls, against the guide and the compilers:
//!
//! - the guide-spelled prototypes are the guide's text with `t1`/`t2` filled in;
//! - the nvcc-spelled prototypes are, byte for byte, what NVRTC (`.address_size 64`) and clang
//!   (`--target` a 32-bit host, device triple `nvptx-nvidia-cuda`, `.address_size 32`) emit for
//!   code calling `printf`, `malloc`, `free` and `assert`/`__assertfail`;
//! - ptxas assembles calls through both spellings, and links them as system calls: in
//!   whole-program mode it resolves the four names itself (a misspelled one stays unresolved);
//! - the `valist` buffer equals, byte for byte, the local buffer NVRTC (64-bit) and clang
//!   (32-bit) build for the same `printf` calls.
//!
//! How the valist expectation is derived: each case is a `__device__` function holding one
//! `printf` call with compile-time constant arguments (where possible). At `-O2`/NVRTC's default
//! optimisation the compiler materialises each promoted argument with `mov.<t> %r, <imm>` and
//! writes it with `st.local[.v2|.v4].<t> [%base+off], …` into the function's local depot
//! (`.local .align A .b8 __local_depotN[SIZE]`), whose generic address (`add %x, %SP, 0` after
//! `cvta.local %SP, %SPL`) is `vprintf`'s second argument. [`Valist::read`] replays exactly
//! those instructions into a byte image (`None` for bytes never written); bytes from registers
//! the function did not set to a constant (a string's address, a parameter) are marked
//! `Runtime`, and only their placement is compared. The depot's size must be `valist_size`,
//! its alignment at least `VALIST_ALIGN`, every byte of every slot must be written, no other
//! byte may be, and every constant byte must equal ours.

use crate::common;

use ptx_abi::abi::syscall::{
    valist, valist_size, valist_slots, write_valist, PrintfArg, SysCall, ValistError,
    ASSERTFAIL_A32, ASSERTFAIL_A64, FREE_A32, FREE_A64, MALLOC_A32, MALLOC_A64, VALIST_ALIGN,
    VPRINTF_A32, VPRINTF_A64,
};
use ptx_abi::params::Spelling;
use ptx_abi::{AddressSize, DevicePtr};
use ptx_abi_oracle::ptx;
use std::collections::HashMap;
use std::process::Command;

// ---------------------------------------------------------------------------------------------
// The guide's text
// ---------------------------------------------------------------------------------------------

/// Chapter 3's prototypes as the guide prints them, with the types of each address size.
/// (`t1`: pointers, `.b32`/`.b64` with the address size; `t2`: `size_t`, likewise; vprintf's
/// `valist` is a pointer too.)
const GUIDE: [(&str, &str); 4] = [
    (
        "vprintf",
        ".extern .func (.param .s32 status) vprintf (.param t1 format, .param t2 valist)",
    ),
    (
        "malloc",
        ".extern .func (.param t1 ptr) malloc (.param t2 size)",
    ),
    ("free", ".extern .func free (.param t1 ptr)"),
    (
        "__assertfail",
        ".extern .func __assertfail (.param t1 message, .param t1 file, .param .b32 line, .param t1 function, .param t2 charSize)",
    ),
];

#[test]
fn guide_prototypes_are_the_guides_text() {
    for (addr, t) in [(AddressSize::A32, ".b32"), (AddressSize::A64, ".b64")] {
        for (call, (name, text)) in SysCall::ALL.iter().zip(GUIDE) {
            assert_eq!(call.name(), name);
            let expected = format!("{};", text.replace("t1", t).replace("t2", t));
            assert_eq!(call.prototype(addr), expected);
            assert_eq!(call.prototype_with(addr, Spelling::Guide), expected);
        }
    }
    let consts = [
        (VPRINTF_A32, VPRINTF_A64),
        (MALLOC_A32, MALLOC_A64),
        (FREE_A32, FREE_A64),
        (ASSERTFAIL_A32, ASSERTFAIL_A64),
    ];
    for (call, (a32, a64)) in SysCall::ALL.iter().zip(consts) {
        assert_eq!(call.prototype(AddressSize::A32), a32);
        assert_eq!(call.prototype(AddressSize::A64), a64);
    }
}

#[test]
fn structured_parameters_agree_with_the_prototype_text() {
    for addr in [AddressSize::A32, AddressSize::A64] {
        for call in SysCall::ALL {
            for spelling in [Spelling::Guide, Spelling::Nvcc] {
                let text = call.prototype_with(addr, spelling);
                let sig = ptx::signature(text, call.name())
                    .unwrap_or_else(|| panic!("oracle cannot read {text}"));
                let sizes = |p: &ptx::Param| match &p.ty {
                    ptx::ParamType::Scalar(t) => ptx::type_size(t).unwrap(),
                    other => panic!("{other:?}"),
                };
                let want: Vec<usize> = call
                    .params(addr)
                    .iter()
                    .map(|p| ptx::type_size(p.ty).unwrap())
                    .collect();
                let got: Vec<usize> = sig.params.iter().map(sizes).collect();
                assert_eq!(got, want, "{text}");
                assert_eq!(
                    sig.ret.as_ref().map(sizes),
                    call.ret(addr).map(|r| ptx::type_size(r.ty).unwrap()),
                    "{text}"
                );
                if spelling == Spelling::Guide {
                    let names: Vec<&str> = sig.params.iter().map(|p| p.name.as_str()).collect();
                    let want: Vec<&str> = call.params(addr).iter().map(|p| p.name).collect();
                    assert_eq!(names, want);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The compilers' prototypes
// ---------------------------------------------------------------------------------------------

const NVRTC_CALLS: &str = r#"
extern "C" __device__ void* malloc(size_t);
extern "C" __device__ void free(void*);
extern "C" __global__ void k(int a, double d, const char* s, int* out) {
    printf("%d %f %s\n", a, d, s);
    void* p = malloc(a);
    *out = (int)(size_t)p;
    free(p);
    assert(a != 3);
}
"#;

#[test]
fn nvrtc_emits_the_nvcc_spelled_prototypes_at_64_bits() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(&nvrtc, NVRTC_CALLS);
    assert!(ptx.contains(".address_size 64"));
    for call in SysCall::ALL {
        let proto = call.prototype_with(AddressSize::A64, Spelling::Nvcc);
        assert!(
            ptx.contains(proto),
            "NVRTC's PTX lacks\n{proto}\n---\n{ptx}"
        );
        let sig = ptx::signature(&ptx, call.name()).unwrap();
        assert_eq!(sig.linkage.as_deref(), Some(".extern"));
        assert!(!sig.defined);
    }
}

#[test]
fn clang_emits_the_nvcc_spelled_prototypes_at_32_bits() {
    let Some(clang) = common::clang() else { return };
    let src = format!(
        "{CLANG_PRELUDE}
extern \"C\" __device__ void* malloc(size_t);
extern \"C\" __device__ void free(void*);
extern \"C\" __device__ void __assertfail(const char*, const char*, unsigned, const char*, size_t);
extern \"C\" __global__ void k(int a, double d, const char* s, int* out) {{
    printf(\"%d %f %s\\n\", a, d, s);
    void* p = malloc(a);
    *out = (int)(size_t)p;
    free(p);
    if (a == 3) __assertfail(\"a != 3\", \"file.cu\", 7, \"k\", sizeof(char));
}}"
    );
    let ptx = common::clang_cuda(&clang, &src, common::Host::Arm32);
    for call in SysCall::ALL {
        let proto = call.prototype_with(AddressSize::A32, Spelling::Nvcc);
        assert!(
            ptx.contains(proto),
            "clang's PTX lacks\n{proto}\n---\n{ptx}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// ptxas
// ---------------------------------------------------------------------------------------------

/// A module declaring the four system calls with `spelling` and a kernel calling each, the
/// call sites typed from the prototypes themselves (read back with the oracle's parser).
fn calling_module(spelling: Spelling, rename_free: bool) -> String {
    let addr = AddressSize::A64;
    let mut out = String::from(".version 8.8\n.target sm_90\n.address_size 64\n\n");
    let mut calls = String::new();
    for (n, call) in SysCall::ALL.iter().enumerate() {
        let mut proto = call.prototype_with(addr, spelling).to_string();
        let mut name = call.name().to_string();
        if rename_free && *call == SysCall::Free {
            proto = proto.replace(" free", " free_");
            name.push('_');
        }
        out.push_str(&proto);
        out.push('\n');
        let sig = ptx::signature(&proto, &name).unwrap();
        let scalar = |p: &ptx::Param| match &p.ty {
            ptx::ParamType::Scalar(t) => t.clone(),
            other => panic!("{other:?}"),
        };
        calls.push_str("\t{\n");
        let mut args = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            let t = scalar(p);
            let value = if t.ends_with("64") { "%rd1" } else { "%r1" };
            calls.push_str(&format!(
                "\t.param {t} param{i};\n\tst.param{t} [param{i}], {value};\n"
            ));
            args.push(format!("param{i}"));
        }
        let ret = match &sig.ret {
            Some(r) => {
                let t = scalar(r);
                calls.push_str(&format!("\t.param {t} retval0;\n"));
                "(retval0), "
            }
            None => "",
        };
        calls.push_str(&format!("\tcall.uni {ret}{name}, ({});\n", args.join(", ")));
        if let Some(r) = &sig.ret {
            let t = scalar(r);
            let reg = if t.ends_with("64") { "%rd2" } else { "%r2" };
            calls.push_str(&format!("\tld.param{t} {reg}, [retval0];\n"));
        }
        calls.push_str(&format!("\t}} // call {n}\n"));
    }
    out.push_str(
        "\n.global .align 1 .b8 fmt[3] = {104, 105, 0};\n\n.visible .entry k()\n{\n\
         \t.reg .b32 %r<3>;\n\t.reg .b64 %rd<3>;\n\tcvta.global.u64 %rd1, fmt;\n\tmov.u32 %r1, 1;\n",
    );
    out.push_str(&calls);
    out.push_str("\tret;\n}\n");
    out
}

/// Runs ptxas in whole-program mode (no `-c`): unresolved `.extern` functions are errors, so
/// success means ptxas itself provides every declared function.
fn assemble_whole_program(ptxas: &ptx_abi_oracle::ptxas::Ptxas, ptx: &str) -> Result<(), String> {
    let dir = std::env::temp_dir();
    let stem = format!("ptx-abi-syscall-{}-{}", std::process::id(), ptx.len());
    let input = dir.join(format!("{stem}.ptx"));
    let output = dir.join(format!("{stem}.cubin"));
    std::fs::write(&input, ptx).unwrap();
    let out = Command::new(ptxas.path())
        .arg("--gpu-name=sm_90")
        .arg("--output-file")
        .arg(&output)
        .arg(&input)
        .output()
        .expect("run ptxas");
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&out.stdout)
        ))
    }
}

#[test]
fn ptxas_assembles_and_resolves_calls_through_both_spellings() {
    let Some(ptxas) = common::ptxas() else { return };
    for spelling in [Spelling::Guide, Spelling::Nvcc] {
        let module = calling_module(spelling, false);
        ptxas
            .assemble(&module, "sm_90")
            .unwrap_or_else(|e| panic!("{e}\n{module}"));
        assemble_whole_program(&ptxas, &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    }
    // The control: a name that is not a system call stays unresolved in whole-program mode.
    let module = calling_module(Spelling::Guide, true);
    let err = assemble_whole_program(&ptxas, &module).expect_err("free_ is not a system call");
    assert!(err.contains("free_"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// vprintf's valist
// ---------------------------------------------------------------------------------------------

#[test]
fn promotions_offsets_and_sizes() {
    use PrintfArg::*;
    let a64 = AddressSize::A64;
    let a32 = AddressSize::A32;
    assert_eq!(valist_size(&[], a64), 0);
    assert_eq!(valist(&[], a64).unwrap(), Vec::<u8>::new());
    assert_eq!(valist_size(&[I8(1)], a64), 8);
    assert_eq!(valist_size(&[I32(1), I32(2), I32(3)], a64), 16);
    assert_eq!(valist_size(&[F64(1.0), I32(2)], a64), 16);
    let args = [U8(200), F32(0.5), Ptr(0x1234), I16(-1), Ptr(0x10)];
    let slots64: Vec<(usize, usize)> = valist_slots(&args, a64)
        .map(|s| (s.offset, s.size))
        .collect();
    assert_eq!(slots64, [(0, 4), (8, 8), (16, 8), (24, 4), (32, 8)]);
    let slots32: Vec<(usize, usize)> = valist_slots(&args, a32)
        .map(|s| (s.offset, s.size))
        .collect();
    assert_eq!(slots32, [(0, 4), (8, 8), (16, 4), (20, 4), (24, 4)]);
    assert_eq!(valist_size(&args, a64), 40);
    assert_eq!(valist_size(&args, a32), 32);
    let bytes = valist(&args, a32).unwrap();
    assert_eq!(
        bytes,
        [
            200, 0, 0, 0, 0, 0, 0, 0, // unsigned char zero-extended, then padding
            0, 0, 0, 0, 0, 0, 0xE0, 0x3F, // 0.5f as a double
            0x34, 0x12, 0, 0, // a 4-byte address
            0xFF, 0xFF, 0xFF, 0xFF, // short -1 sign-extended
            0x10, 0, 0, 0, 0, 0, 0, 0, // address, then tail padding to 8
        ]
    );
    assert_eq!(PrintfArg::from(-3i8), I8(-3));
    assert_eq!(PrintfArg::from(DevicePtr::<u8>::from_raw(9)), Ptr(9));
    assert_eq!(F32(1.0).promoted_type(a64), ".f64");
    assert_eq!(Ptr(0).promoted_type(a32), ".b32");
    assert_eq!(Bool(true).promoted_type(a64), ".b32");
}

#[test]
fn valist_errors() {
    let args = [PrintfArg::I32(1), PrintfArg::Ptr(0x1_0000_0000)];
    assert_eq!(
        valist(&args, AddressSize::A32),
        Err(ValistError::PointerTooWide {
            index: 1,
            addr: 0x1_0000_0000
        })
    );
    assert!(valist(&args, AddressSize::A64).is_ok());
    let mut small = [0xAAu8; 15];
    assert_eq!(
        write_valist(&args, AddressSize::A64, &mut small),
        Err(ValistError::BufferTooSmall {
            needed: 16,
            found: 15
        })
    );
    assert_eq!(small, [0xAA; 15], "nothing written on error");
    let mut big = [0xAAu8; 20];
    assert_eq!(write_valist(&args, AddressSize::A64, &mut big), Ok(16));
    assert_eq!(big[16..], [0xAA; 4], "only valist_size bytes written");
    assert!(ValistError::BufferTooSmall {
        needed: 16,
        found: 15
    }
    .to_string()
    .contains("16"));
}

/// One byte of the compiler's buffer.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Byte {
    Const(u8),
    /// Written from a register whose value is not a compile-time constant.
    Runtime,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Reg {
    Const(u64),
    /// `%SP + 0`: the generic address of the start of the local depot.
    DepotStart,
    Runtime,
}

/// What one function's PTX does to its valist.
#[derive(Debug)]
struct Valist {
    /// `.local .align A .b8 __local_depotN[SIZE]`: (A, SIZE), or `None` without a depot.
    depot: Option<(usize, usize)>,
    image: Vec<Option<Byte>>,
    /// vprintf's second argument.
    arg: Reg,
}

fn immediate(s: &str) -> Option<u64> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0d").or_else(|| s.strip_prefix("0D")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(h) = s.strip_prefix("0f").or_else(|| s.strip_prefix("0F")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    s.parse::<i64>()
        .map(|v| v as u64)
        .or_else(|_| s.parse::<u64>())
        .ok()
}

fn width(mnemonic: &str) -> usize {
    let ty = mnemonic.rsplit('.').next().unwrap();
    ty[1..].parse::<usize>().unwrap() / 8
}

impl Valist {
    /// Replays the body of `.visible .func name()` (see the module documentation).
    fn read(ptx: &str, name: &str) -> Valist {
        let start = ptx
            .lines()
            .position(|l| l.starts_with(".visible .func") && l.contains(&format!(" {name}(")))
            .unwrap_or_else(|| panic!("no function {name}"));
        let mut regs: HashMap<String, Reg> = HashMap::new();
        let mut depot = None;
        let mut image: Vec<Option<Byte>> = Vec::new();
        let mut arg = None;
        let value = |regs: &HashMap<String, Reg>, op: &str| -> Reg {
            match immediate(op) {
                Some(v) => Reg::Const(v),
                None => *regs.get(op.trim()).unwrap_or(&Reg::Runtime),
            }
        };
        for line in ptx.lines().skip(start + 1) {
            if line.starts_with('}') {
                break;
            }
            let line = line.trim().trim_end_matches(';');
            let Some((mnemonic, operands)) = line.split_once(char::is_whitespace) else {
                continue;
            };
            let ops: Vec<&str> = operands.split(',').map(str::trim).collect();
            if mnemonic == ".local" {
                let words: Vec<&str> = operands.split_whitespace().collect();
                let align = words[words.iter().position(|w| *w == ".align").unwrap() + 1];
                let decl = words.last().unwrap();
                let size = decl[decl.find('[').unwrap() + 1..decl.len() - 1]
                    .parse()
                    .unwrap();
                depot = Some((align.parse().unwrap(), size));
            } else if mnemonic.starts_with("mov.") {
                let v = value(&regs, ops[1]);
                regs.insert(ops[0].to_string(), v);
            } else if mnemonic.starts_with("add.") && ops[1] == "%SP" && ops[2] == "0" {
                regs.insert(ops[0].to_string(), Reg::DepotStart);
            } else if mnemonic.starts_with("st.local.") {
                let (addr, values) = operands.split_once(',').unwrap();
                let addr = addr.trim().trim_start_matches('[').trim_end_matches(']');
                let offset = match addr.split_once('+') {
                    Some((_, off)) => off.parse::<usize>().unwrap(),
                    None => 0,
                };
                let w = width(mnemonic);
                let values: Vec<&str> = values
                    .trim()
                    .trim_start_matches('{')
                    .trim_end_matches('}')
                    .split(',')
                    .map(str::trim)
                    .collect();
                for (i, v) in values.iter().enumerate() {
                    let at = offset + i * w;
                    if image.len() < at + w {
                        image.resize(at + w, None);
                    }
                    for b in 0..w {
                        assert!(
                            image[at + b].is_none(),
                            "{name}: byte {} stored twice",
                            at + b
                        );
                        image[at + b] = Some(match value(&regs, v) {
                            Reg::Const(c) => Byte::Const(c.to_le_bytes()[b]),
                            _ => Byte::Runtime,
                        });
                    }
                }
            } else if mnemonic.starts_with("st.param.")
                && ["[param1+0]", "[param1]"].contains(&ops[0])
            {
                // clang 14 and NVRTC write `[param1+0]`, clang 22 `[param1]`.
                arg = Some(value(&regs, ops[1]));
            }
        }
        Valist {
            depot,
            image,
            arg: arg.unwrap_or_else(|| panic!("{name}: no vprintf call")),
        }
    }
}

/// One `printf` call: C parameters of the function, the call's arguments in C, and the same
/// arguments for ptx-abi (`runtime`: indices whose values the compiler cannot know).
struct Case {
    params: &'static str,
    call: String,
    args: Vec<PrintfArg>,
    runtime: Vec<usize>,
}

fn cases(addr: AddressSize) -> Vec<Case> {
    use PrintfArg::*;
    let ptr: u64 = match addr {
        AddressSize::A32 => 0x5566_7788,
        AddressSize::A64 => 0x1122_3344_5566_7788,
    };
    let c = |params, call: &str, args: Vec<PrintfArg>, runtime: Vec<usize>| Case {
        params,
        call: call.to_string(),
        args,
        runtime,
    };
    vec![
        c(
            "",
            &format!(
                r#"printf("%hhd %hhu %hd %hu %d %u %lld %llu %f %f %p %c %d", (signed char)-3,
                (unsigned char)250, (short)-300, (unsigned short)65000, -7, 4000000000u,
                -(5LL << 40), 18000000000000000000ull, 1.5f, 2.25, (void*)((char*)0 + {ptr:#x}ull),
                'x', true)"#
            ),
            vec![
                I8(-3),
                U8(250),
                I16(-300),
                U16(65000),
                I32(-7),
                U32(4_000_000_000),
                I64(-(5 << 40)),
                U64(18_000_000_000_000_000_000),
                F32(1.5),
                F64(2.25),
                Ptr(ptr),
                I32('x' as i32),
                Bool(true),
            ],
            vec![],
        ),
        c(
            "",
            r#"printf("%f %d", 1.0, 2)"#,
            vec![F64(1.0), I32(2)],
            vec![],
        ),
        c(
            "",
            r#"printf("%d %d %d", 1, 2, 3)"#,
            vec![I32(1), I32(2), I32(3)],
            vec![],
        ),
        c("", r#"printf("no arguments")"#, vec![], vec![]),
        c(
            "",
            r#"printf("%s %d", "abc", 5)"#,
            vec![Ptr(0), I32(5)],
            vec![0],
        ),
        c(
            "",
            r#"printf("%c %f %hd %p %f %lld", 'a', 0.5, (short)7, (void*)((char*)0 + 0x12345678), 3.0f, 9LL)"#,
            vec![
                I32('a' as i32),
                F64(0.5),
                I16(7),
                Ptr(0x1234_5678),
                F32(3.0),
                I64(9),
            ],
            vec![],
        ),
        c(
            "",
            r#"printf("%d %d %f %d %u", (signed char)-128, (unsigned char)255, -0.0f, false, (unsigned short)0xFFFF)"#,
            vec![I8(-128), U8(255), F32(-0.0), Bool(false), U16(0xFFFF)],
            vec![],
        ),
        c(
            "float f, short s, const char* str, long long l",
            r#"printf("%f %hd %s %lld", f, s, str, l)"#,
            vec![F32(0.0), I16(0), Ptr(0), I64(0)],
            vec![0, 1, 2, 3],
        ),
        c("", r#"printf("%hd", (short)-2)"#, vec![I16(-2)], vec![]),
    ]
}

fn case_source(addr: AddressSize) -> String {
    cases(addr)
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "extern \"C\" __device__ void case{i}({}) {{ {}; }}\n",
                c.params, c.call
            )
        })
        .collect()
}

fn compare(ptx: &str, addr: AddressSize) {
    for (i, case) in cases(addr).iter().enumerate() {
        let name = format!("case{i}");
        let theirs = Valist::read(ptx, &name);
        let size = valist_size(&case.args, addr);
        let ours = valist(&case.args, addr).unwrap();
        assert_eq!(ours.len(), size);
        if size == 0 {
            assert_eq!(theirs.arg, Reg::Const(0), "{name}: null valist");
            assert_eq!(theirs.depot, None, "{name}");
            continue;
        }
        assert_eq!(theirs.arg, Reg::DepotStart, "{name}: valist = the depot");
        let (align, depot_size) = theirs.depot.unwrap();
        assert_eq!(depot_size, size, "{name}: buffer size");
        assert!(
            align >= VALIST_ALIGN && align % VALIST_ALIGN == 0,
            "{name}: {align}"
        );
        let mut runtime_bytes = vec![false; size];
        for (slot_index, slot) in valist_slots(&case.args, addr).enumerate() {
            let runtime = case.runtime.contains(&slot_index);
            let slot_bytes = runtime_bytes.iter_mut().enumerate().skip(slot.offset);
            for (b, flag) in slot_bytes.take(slot.size) {
                *flag = runtime;
                assert!(
                    theirs.image.get(b).copied().flatten().is_some(),
                    "{name}: byte {b} of argument {slot_index} not written by the compiler"
                );
            }
        }
        for (b, byte) in theirs.image.iter().enumerate() {
            match byte {
                None => assert_eq!(ours.get(b), Some(&0), "{name}: padding byte {b}"),
                Some(Byte::Runtime) => {
                    assert!(
                        runtime_bytes[b],
                        "{name}: byte {b} unexpectedly not constant"
                    )
                }
                Some(Byte::Const(c)) => {
                    assert!(!runtime_bytes[b], "{name}: byte {b}");
                    assert_eq!(ours[b], *c, "{name}: byte {b}\n{theirs:?}\n{ours:?}");
                }
            }
        }
        assert!(theirs.image.len() <= size, "{name}: store past the buffer");
    }
}

#[test]
fn valist_matches_nvrtc_at_64_bits() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(&nvrtc, &case_source(AddressSize::A64));
    compare(&ptx, AddressSize::A64);
}

#[test]
fn valist_matches_clang_at_32_bits() {
    let Some(clang) = common::clang() else { return };
    let src = format!("{CLANG_PRELUDE}\n{}", case_source(AddressSize::A32));
    let ptx = common::clang_cuda(&clang, &src, common::Host::Arm32);
    compare(&ptx, AddressSize::A32);
}

// ---------------------------------------------------------------------------------------------
// clang, the 32-bit PTX producer (see tests/data_nvrtc/address32.rs for why an ARM host)
// ---------------------------------------------------------------------------------------------

/// What the CUDA headers would provide (`-nocudainc`).
const CLANG_PRELUDE: &str = r#"
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
typedef __SIZE_TYPE__ size_t;
extern "C" __device__ int printf(const char*, ...);
"#;
