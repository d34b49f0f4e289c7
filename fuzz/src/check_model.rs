//! The `check_entry` target's property on signatures it builds itself: from the fuzzer's bytes,
//! a kernel or device function whose parameters are drawn from a pool of PTX declarations,
//! and an argument struct whose fields are drawn from a pool of Rust types; then
//! `check_signature` must say `Ok` exactly when a model written here, independently of
//! ptx-abi, says every parameter holds its field, and otherwise name the first one that does
//! not (or the count, or ptxas's refusal of `.ptr` in a device function).
//!
//! The model is the type-class rule as NVIDIA's compilers and the PTX ISA state it, written
//! from scratch: integers and pointers in `.u`/`.s`, any scalar in `.b`, floats in `.f`,
//! `.ptr .align N` only for pointers to data aligned to N or more (4 without `.align`), byte
//! arrays by size and alignment, a device function's scalars under 32 bits widened to 32.
//! Every Rust type's class, size and alignment below is written by hand, not asked of
//! ptx-abi. Also compiled by the facade's `tests/params.rs` (with `#[path]`), which runs the
//! property on random inputs in every `cargo test`; so this file uses only `ptx_abi` and `std`.

use ptx_abi::layout::desc::{AggregateKind, Member, TypeDesc, TypeKind};
use ptx_abi::params::{check_signature, SignatureError};
use ptx_abi::types::Float4;
use ptx_abi::{DevicePtr, ParamSpace, PtxAbi};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// `struct S { signed char c; int i; double d; }`: 16 bytes aligned to 8.
#[derive(PtxAbi, Clone, Copy)]
pub struct S {
    c: i8,
    i: i32,
    d: f64,
}

/// `enum Dir : unsigned short { Up, Down }`.
#[derive(PtxAbi, Clone, Copy)]
#[repr(u16)]
pub enum Dir {
    /// 0.
    Up,
    /// 1.
    Down,
}

/// What a Rust field is, by hand.
#[derive(Clone, Copy, Debug)]
enum Field {
    /// An integer (`bool` and enums too) of this many bytes.
    Int(usize),
    /// A float of this many bytes.
    Float(usize),
    /// A pointer to data aligned to this many bytes.
    Ptr(usize),
    /// An aggregate, array or vector: alignment, size.
    Bytes(usize, usize),
}

/// The pool of field types.
const FIELDS: [(&TypeDesc, Field); 22] = [
    (bool::TYPE, Field::Int(1)),
    (i8::TYPE, Field::Int(1)),
    (u8::TYPE, Field::Int(1)),
    (i16::TYPE, Field::Int(2)),
    (u16::TYPE, Field::Int(2)),
    (i32::TYPE, Field::Int(4)),
    (u32::TYPE, Field::Int(4)),
    (i64::TYPE, Field::Int(8)),
    (u64::TYPE, Field::Int(8)),
    (Dir::TYPE, Field::Int(2)),
    (f32::TYPE, Field::Float(4)),
    (f64::TYPE, Field::Float(8)),
    (DevicePtr::<u8>::TYPE, Field::Ptr(1)),
    (DevicePtr::<f32>::TYPE, Field::Ptr(4)),
    (DevicePtr::<f64>::TYPE, Field::Ptr(8)),
    (DevicePtr::<Float4>::TYPE, Field::Ptr(16)),
    (DevicePtr::<core::ffi::c_void>::TYPE, Field::Ptr(1)),
    (<[u8; 16]>::TYPE, Field::Bytes(1, 16)),
    (<[f32; 4]>::TYPE, Field::Bytes(4, 16)),
    (Float4::TYPE, Field::Bytes(16, 16)),
    (S::TYPE, Field::Bytes(8, 16)),
    (<[u16; 3]>::TYPE, Field::Bytes(2, 6)),
];

/// What a PTX declaration is, by hand.
#[derive(Clone, Copy, Debug)]
enum Decl {
    /// `.uN`, `.sN`: bytes.
    Int(usize),
    /// `.bN`: bytes.
    Bits(usize),
    /// `.fN`: bytes.
    Float(usize),
    /// `.f16`.
    Half,
    /// `.uN .ptr …`: bytes of the address, promised alignment.
    Ptr(usize, usize),
    /// `.align A .b8 [N]`.
    Bytes(usize, usize),
}

/// The pool of declarations, as written (a byte array's type and alignment; its size is
/// written after the name).
const DECLS: [(&str, Decl); 26] = [
    (".u8", Decl::Int(1)),
    (".s8", Decl::Int(1)),
    (".u16", Decl::Int(2)),
    (".u32", Decl::Int(4)),
    (".s32", Decl::Int(4)),
    (".u64", Decl::Int(8)),
    (".s64", Decl::Int(8)),
    (".b8", Decl::Bits(1)),
    (".b16", Decl::Bits(2)),
    (".b32", Decl::Bits(4)),
    (".b64", Decl::Bits(8)),
    (".f32", Decl::Float(4)),
    (".f64", Decl::Float(8)),
    (".f16", Decl::Half),
    (".u64 .ptr .align 1", Decl::Ptr(8, 1)),
    (".u64 .ptr .align 8", Decl::Ptr(8, 8)),
    (".u64 .ptr .global .align 16", Decl::Ptr(8, 16)),
    (".u64 .ptr.align 32", Decl::Ptr(8, 32)),
    (".u64 .ptr", Decl::Ptr(8, 4)),
    (".b64 .ptr.global", Decl::Ptr(8, 4)),
    (".u32 .ptr .align 1", Decl::Ptr(4, 1)),
    (".align 1 .b8", Decl::Bytes(1, 16)),
    (".align 4 .b8", Decl::Bytes(4, 16)),
    (".align 16 .b8", Decl::Bytes(16, 16)),
    (".align 8 .b8", Decl::Bytes(8, 16)),
    (".align 2 .b8", Decl::Bytes(2, 6)),
];

/// The model: whether a parameter declared `d` holds a field `f`, in a device function
/// (`func`) or a kernel, with pointers of `ptr` bytes.
fn holds(d: Decl, f: Field, func: bool, ptr: usize) -> bool {
    let passed = |n: usize| if func { n.max(4) } else { n };
    match (d, f) {
        (Decl::Int(n) | Decl::Bits(n), Field::Int(m)) => n == passed(m),
        (Decl::Bits(n) | Decl::Float(n), Field::Float(m)) => n == passed(m),
        (Decl::Int(n) | Decl::Bits(n), Field::Ptr(_)) => n == ptr,
        (Decl::Ptr(size, align), Field::Ptr(pointee)) => size == ptr && align <= pointee,
        (Decl::Bytes(a, n), Field::Bytes(b, m)) => a == b && n == m,
        _ => false,
    }
}

/// A declaration that holds `f` by the model, one of several spellings picked by `pick`.
fn right_decl(f: Field, func: bool, ptr: usize, pick: u8) -> (String, Decl) {
    let passed = |n: usize| if func { n.max(4) } else { n };
    let bits = |n: usize| n * 8;
    match f {
        Field::Int(n) => {
            let n = passed(n);
            match pick % 3 {
                0 => (format!(".u{}", bits(n)), Decl::Int(n)),
                1 => (format!(".s{}", bits(n)), Decl::Int(n)),
                _ => (format!(".b{}", bits(n)), Decl::Bits(n)),
            }
        }
        Field::Float(n) => match pick % 2 {
            0 => (format!(".f{}", bits(n)), Decl::Float(n)),
            _ => (format!(".b{}", bits(n)), Decl::Bits(n)),
        },
        Field::Ptr(pointee) => match pick % 3 {
            0 => (format!(".u{}", bits(ptr)), Decl::Int(ptr)),
            1 => (format!(".b{}", bits(ptr)), Decl::Bits(ptr)),
            _ => {
                // A power of two no larger than the pointee's alignment.
                let align = 1usize << ((pick as u32 / 3) % (pointee.trailing_zeros() + 1));
                (
                    format!(".u{} .ptr .align {align}", bits(ptr)),
                    Decl::Ptr(ptr, align),
                )
            }
        },
        Field::Bytes(a, n) => (format!(".align {a} .b8"), Decl::Bytes(a, n)),
    }
}

/// One input: the space, the address size, the declarations, the fields.
#[derive(Debug)]
pub struct Input {
    func: bool,
    ptr: usize,
    decls: Vec<(String, Decl)>,
    fields: Vec<usize>,
}

/// Reads an input from the fuzzer's bytes: flags, the number of parameters (0 to 3), then per
/// parameter a field and a declaration (one that holds the field when the byte's top bit is
/// clear, else any of [`DECLS`]); a flag makes the struct one field longer or shorter.
pub fn input(data: &[u8]) -> Input {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next().unwrap_or(0);
    let flags = next();
    let func = flags & 1 != 0;
    let ptr = if flags & 2 != 0 { 4 } else { 8 };
    let n = (next() % 4) as usize;
    let mut decls = Vec::new();
    let mut fields = Vec::new();
    for _ in 0..n {
        let f = next() as usize % FIELDS.len();
        let d = next();
        fields.push(f);
        decls.push(if d & 0x80 == 0 {
            right_decl(FIELDS[f].1, func, ptr, d)
        } else {
            let (text, decl) = DECLS[d as usize % DECLS.len()];
            (text.to_string(), decl)
        });
    }
    if flags & 4 != 0 {
        match n {
            3 => {
                fields.pop();
            }
            _ => fields.push(next() as usize % FIELDS.len()),
        }
    }
    Input {
        func,
        ptr,
        decls,
        fields,
    }
}

/// The module of an input: one function `k`.
fn module(input: &Input) -> String {
    let params: Vec<String> = input
        .decls
        .iter()
        .enumerate()
        .map(|(i, (text, d))| match d {
            Decl::Bytes(_, n) => format!("\t.param {text} k_param_{i}[{n}]"),
            _ => format!("\t.param {text} k_param_{i}"),
        })
        .collect();
    let kind = if input.func { ".func" } else { ".entry" };
    format!(
        ".version 8.8\n.target sm_90\n.address_size {}\n\n.visible {kind} k(\n{}\n)\n{{\n\tret;\n}}\n",
        input.ptr * 8,
        params.join(",\n")
    )
}

const NAMES: [&str; 4] = ["f0", "f1", "f2", "f3"];

/// The struct of the fields `picks` (made once for each list and kept: the descriptions are
/// `'static`).
fn args(picks: &[usize]) -> &'static TypeDesc {
    static MADE: Mutex<BTreeMap<Vec<usize>, &'static TypeDesc>> = Mutex::new(BTreeMap::new());
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    made.entry(picks.to_vec()).or_insert_with(|| {
        let members: Vec<Member> = picks
            .iter()
            .zip(NAMES)
            .map(|(&f, name)| Member {
                name,
                ty: FIELDS[f].0,
                bits: None,
                align: 0,
            })
            .collect();
        Box::leak(Box::new(TypeDesc {
            name: "Args",
            kind: TypeKind::Aggregate {
                kind: AggregateKind::Struct,
                align: 0,
                pack: 0,
                members: Box::leak(members.into_boxed_slice()),
            },
        }))
    })
}

/// What the model expects `check_signature` to say.
#[derive(Debug, PartialEq)]
enum Expected {
    Ok,
    /// ptxas refuses `.ptr` in a device function.
    Refused,
    Count,
    /// The first parameter that does not hold its field.
    Param(usize),
}

fn expected(input: &Input) -> Expected {
    if input.func && input.decls.iter().any(|(_, d)| matches!(d, Decl::Ptr(..))) {
        return Expected::Refused;
    }
    if input.decls.len() != input.fields.len() {
        return Expected::Count;
    }
    let misfit = input
        .decls
        .iter()
        .zip(&input.fields)
        .position(|(&(_, d), &f)| !holds(d, FIELDS[f].1, input.func, input.ptr));
    misfit.map_or(Expected::Ok, Expected::Param)
}

/// The property on the input `data` makes.
pub fn check(data: &[u8]) {
    let input = input(data);
    let ptx = module(&input);
    let space = match input.func {
        true => ParamSpace::Func,
        false => ParamSpace::Entry,
    };
    let got = check_signature(&ptx, "k", args(&input.fields), space);
    let said = match &got {
        Ok(()) => Expected::Ok,
        Err(SignatureError::Refused { .. }) => Expected::Refused,
        Err(SignatureError::Count { .. }) => Expected::Count,
        Err(SignatureError::Param(m)) => {
            let msg = got.clone().unwrap_err().to_string();
            assert!(
                msg.contains(&format!(
                    "parameter {} of `k` (field `{}` of `Args`",
                    m.index, m.field
                )) && m.field == NAMES[m.index],
                "{msg}"
            );
            Expected::Param(m.index)
        }
        Err(e) => panic!("{e}\n{ptx}"),
    };
    assert_eq!(
        said,
        expected(&input),
        "check_signature said {got:?} for {:?}\n{ptx}",
        input.fields
    );
}

/// Seeds: every field with a declaration that holds it and with one of the pool, in both
/// spaces at both address sizes, one parameter each, and three-parameter inputs.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for flags in 0..8u8 {
        for f in 0..FIELDS.len() as u8 {
            out.push((format!("model-{flags}-{f}"), vec![flags, 1, f, f]));
            out.push((
                format!("model-{flags}-{f}-any"),
                vec![flags, 1, f, 0x80 | f],
            ));
            out.push((
                format!("model-{flags}-{f}-three"),
                vec![flags, 3, f, 1, f / 2, 0x80 | (f * 3), 21 - f, 2],
            ));
        }
    }
    out
}
