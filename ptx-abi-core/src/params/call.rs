//! Chapter 6 (the example) and §2.3: the caller's side of a device-function call, as PTX.
//!
//! A caller declares one `.param` per argument inside a `{ … }` scope, stores each argument
//! with `st.param`, declares `retval0`, calls with `call.uni (retval0), name, (param0, …)` and
//! loads the result with `ld.param`, exactly as NVRTC's own call sequences do:
//!
//! ```text
//! {
//!     .param .b32 param0;
//!     st.param.b32 [param0+0], %r1;
//!     .param .b32 param1;
//!     st.param.b32 [param1+0], %r2;
//!     .param .b32 retval0;
//!     call.uni (retval0), _Z3fooii, (param0, param1);
//!     ld.param.b32 %r3, [retval0+0];
//! }
//! ```
//!
//! §2.3's widths: a scalar below 32 bits travels in a `.b32` slot, sign-extended (signed types)
//! or zero-extended (`bool`, unsigned types) from the `.b16` register that holds it in PTX;
//! 64-bit integers, `double`s and pointers in `.b64` slots. Aggregates (structs, unions,
//! bit-field structs, vectors, arrays) are `.param .align A .b8 p[SIZE]`, stored from memory in
//! aligned units of `min(A, 8)` bytes, or for vectors from their lane registers
//! (`st.param.v4.f32`).

use super::decl::{param_type, return_type, ParamSpace, ParamType, Spelling};
use super::text::Decl;
use crate::layout::address::AddressSize;
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};
use crate::layout::try_layout_of;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// Where an argument's value is.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// A register holding a scalar: `.b16` for 8- and 16-bit integers and `bool` (PTX has no
    /// 8-bit registers), `.b32`/`.f32` for 32-bit values, `.b64`/`.f64` for 64-bit values and
    /// pointers.
    Reg(&'a str),
    /// The lane registers of a native vector (§1.2), x first (`.b16` registers for 8- and
    /// 16-bit lanes).
    Lanes(&'a [&'a str]),
    /// A `.b64` register holding the generic address of the value's PTX image in memory (any
    /// type; the image must be aligned to the type's alignment).
    Memory(&'a str),
}

/// Where the return value goes.
#[derive(Clone, Copy, Debug)]
pub enum Ret<'a> {
    /// No return value, or one the caller ignores (it is still declared, as the callee
    /// writes it).
    Discard,
    /// A register for a scalar: `.b32` for every scalar of 32 bits or fewer (the slot's
    /// width), `.b64`/`.f64` for 64-bit ones.
    Reg(&'a str),
    /// The lane registers of a native vector.
    Lanes(&'a [&'a str]),
    /// A `.b64` register holding the generic address where the value's image is stored.
    Memory(&'a str),
}

/// How the function is called.
#[derive(Clone, Copy, Debug)]
pub enum Callee<'a> {
    /// By name: `call.uni (retval0), name, (…)`.
    Direct(&'a str),
    /// Through a `.b64` register holding its address, with the label of its
    /// [`call_prototype`]: `call.uni (retval0), %rd1, (…), proto;`.
    Indirect {
        /// The register holding the function's address.
        register: &'a str,
        /// The `.callprototype` label.
        prototype: &'a str,
    },
}

/// Why no call sequence could be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallError {
    /// The number of arguments differs from the number of parameters.
    ArgCount {
        /// Parameters of the prototype.
        expected: usize,
        /// Arguments given.
        found: usize,
    },
    /// An argument or the return value cannot come from the operand given.
    Operand {
        /// `"argument 2"` or `"the return value"`.
        what: String,
        /// Why, and what to give instead.
        why: String,
    },
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::ArgCount { expected, found } => {
                write!(f, "the function takes {expected} arguments, {found} given")
            }
            CallError::Operand { what, why } => write!(f, "{what}: {why}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CallError {}

fn operand(what: &str, why: impl Into<String>) -> CallError {
    CallError::Operand {
        what: what.into(),
        why: why.into(),
    }
}

/// The slot of `ty` in a `.func` (§2.3), refusing what C++ does not pass by value.
fn slot(ty: &TypeDesc, what: &str, ret: bool, addr: AddressSize) -> Result<ParamType, CallError> {
    if crate::types::cuda::passed_by_reference(ty) {
        return Err(operand(
            what,
            format!(
                "C++ passes `{}` (a non-trivial copy constructor) by invisible reference; \
                 pass a pointer to it instead",
                ty.name
            ),
        ));
    }
    let t = if ret {
        return_type(ty, Spelling::Nvcc, addr)
    } else {
        param_type(ty, ParamSpace::Func, Spelling::Nvcc, addr)
    };
    match t {
        ParamType::Absent => Err(operand(what, "a zero-sized type has no `.param`")),
        ParamType::Bytes { align, .. } => {
            match super::refusal::func_align_refusal(&format!("`{}`", ty.name), align) {
                Some(why) => Err(operand(what, why)),
                None => Ok(t),
            }
        }
        t => Ok(t),
    }
}

/// The scalar a register operand holds, if `ty` travels as one.
const fn reg_scalar(ty: &TypeDesc, addr: AddressSize) -> Option<Scalar> {
    match ty.kind {
        TypeKind::Scalar(Scalar::F16) => None,
        TypeKind::Scalar(s) => Some(s),
        TypeKind::Enum { repr, .. } => Some(repr),
        TypeKind::Pointer { .. } => Some(match addr {
            AddressSize::A32 => Scalar::U32,
            AddressSize::A64 => Scalar::U64,
        }),
        TypeKind::Handle(_) => Some(Scalar::U64),
        _ => None,
    }
}

/// The `st`/`ld` type of a unit of `bytes` bytes, and the register width holding it.
const fn unit(bytes: usize) -> (&'static str, &'static str) {
    match bytes {
        1 => (".b8", "h"),
        2 => (".b16", "h"),
        4 => (".b32", "r"),
        _ => (".b64", "d"),
    }
}

/// The `.b`/`.f` type of a lane or scalar register.
fn reg_type(s: Scalar) -> &'static str {
    match s {
        Scalar::F32 => ".f32",
        Scalar::F64 => ".f64",
        s => match s.size() {
            1 => ".b8",
            2 => ".b16",
            4 => ".b32",
            _ => ".b64",
        },
    }
}

/// The vector shape of `ty`, if it is a native vector.
fn vector(ty: &TypeDesc) -> Option<(Scalar, usize)> {
    match ty.kind {
        TypeKind::Vector { elem, lanes } => Some((elem, lanes)),
        _ => None,
    }
}

/// Stores (or loads, with `load`) lanes at `base`: `.v2`/`.v4` where the lanes allow, one by
/// one for 3 lanes.
fn lanes_code(out: &mut String, load: bool, base: &str, elem: Scalar, regs: &[&str]) {
    let t = reg_type(elem);
    let op = if load { "ld.param" } else { "st.param" };
    if regs.len() == 2 || regs.len() == 4 {
        let v = format!(".v{}", regs.len());
        let list = regs.join(", ");
        if load {
            out.push_str(&format!("\t{op}{v}{t} \t{{{list}}}, [{base}+0];\n"));
        } else {
            out.push_str(&format!("\t{op}{v}{t} \t[{base}+0], {{{list}}};\n"));
        }
    } else {
        for (i, r) in regs.iter().enumerate() {
            let off = i * elem.size();
            if load {
                out.push_str(&format!("\t{op}{t} \t{r}, [{base}+{off}];\n"));
            } else {
                out.push_str(&format!("\t{op}{t} \t[{base}+{off}], {r};\n"));
            }
        }
    }
}

/// The scratch registers a sequence declares (one per width, reused).
const SCRATCH: &str = "\t.reg .b16 %pa_h;\n\t.reg .b32 %pa_r;\n\t.reg .b64 %pa_d;\n";

/// Chapter 6: the caller's PTX for calling a device function whose parameters are `params`
/// and whose return type is `ret` (`None`: `void`), with `args` in order and the result to
/// `ret_to`, at `.address_size addr`. The text is one `{ … }` scope (its own scratch
/// registers `%pa_h`, `%pa_r`, `%pa_d`), ready to paste into a kernel or function body.
pub fn call_sequence(
    callee: Callee<'_>,
    params: &[&TypeDesc],
    ret: Option<&TypeDesc>,
    args: &[Arg<'_>],
    ret_to: Ret<'_>,
    addr: AddressSize,
) -> Result<String, CallError> {
    if params.len() != args.len() {
        return Err(CallError::ArgCount {
            expected: params.len(),
            found: args.len(),
        });
    }
    let mut out = String::from("\t{\n");
    out.push_str(SCRATCH);
    let mut names = Vec::new();
    for (i, (ty, arg)) in params.iter().zip(args).enumerate() {
        let what = format!("argument {i} (`{}`)", ty.name);
        let t = slot(ty, &what, false, addr)?;
        let p = format!("param{i}");
        out.push_str(&format!("\t{};\n", Decl { ty: t, name: &p }));
        store(&mut out, ty, t, &p, *arg, &what, addr)?;
        names.push(p);
    }
    let ret_slot = match ret {
        Some(r) => Some((r, slot(r, "the return value", true, addr)?)),
        None => None,
    };
    if let Some((_, t)) = ret_slot {
        out.push_str(&format!(
            "\t{};\n",
            Decl {
                ty: t,
                name: "retval0"
            }
        ));
    }
    let target = match callee {
        Callee::Direct(name) => String::from(name),
        Callee::Indirect { register, .. } => String::from(register),
    };
    let retval = if ret_slot.is_some() {
        "(retval0), "
    } else {
        ""
    };
    let proto = match callee {
        Callee::Direct(_) => String::new(),
        Callee::Indirect { prototype, .. } => format!(", {prototype}"),
    };
    out.push_str(&format!(
        "\tcall.uni {retval}{target}, ({}){proto};\n",
        names.join(", ")
    ));
    if let Some((r, t)) = ret_slot {
        load(&mut out, r, t, ret_to, addr)?;
    } else if !matches!(ret_to, Ret::Discard) {
        return Err(operand("the return value", "the function returns `void`"));
    }
    out.push_str("\t}\n");
    Ok(out)
}

fn store(
    out: &mut String,
    ty: &TypeDesc,
    t: ParamType,
    p: &str,
    arg: Arg<'_>,
    what: &str,
    addr: AddressSize,
) -> Result<(), CallError> {
    match (arg, t) {
        (Arg::Reg(r), ParamType::Scalar(_)) => {
            let Some(s) = reg_scalar(ty, addr) else {
                return Err(operand(what, "not a scalar: pass `Arg::Memory`"));
            };
            if s.size() < 4 {
                // §2.3: widened to 32 bits, sign- or zero-extended.
                let cvt = match (s.is_signed(), s.size()) {
                    (true, 1) => "cvt.s32.s8",
                    (true, _) => "cvt.s32.s16",
                    (false, 1) => "cvt.u32.u8",
                    (false, _) => "cvt.u32.u16",
                };
                out.push_str(&format!("\t{cvt} \t%pa_r, {r};\n"));
                out.push_str(&format!("\tst.param.b32 \t[{p}+0], %pa_r;\n"));
            } else {
                out.push_str(&format!("\tst.param{} \t[{p}+0], {r};\n", reg_type(s)));
            }
            Ok(())
        }
        (Arg::Lanes(regs), ParamType::Bytes { .. }) => match vector(ty) {
            Some((elem, lanes)) if lanes == regs.len() => {
                lanes_code(out, false, p, elem, regs);
                Ok(())
            }
            Some((_, lanes)) => Err(operand(
                what,
                format!("{lanes} lane registers expected, {} given", regs.len()),
            )),
            None => Err(operand(what, "not a vector: pass `Arg::Memory`")),
        },
        (Arg::Memory(base), ParamType::Scalar(_)) => {
            let s = reg_scalar(ty, addr).unwrap_or(Scalar::U32);
            let (ld, st, r) = match (s.size(), s.is_signed()) {
                // §2.3: widened to 32 bits, sign- or zero-extended by the load.
                (1, true) => (".s8", ".b32", "%pa_r"),
                (1, false) => (".u8", ".b32", "%pa_r"),
                (2, true) => (".s16", ".b32", "%pa_r"),
                (2, false) => (".u16", ".b32", "%pa_r"),
                (4, _) => (".b32", ".b32", "%pa_r"),
                _ => (".b64", ".b64", "%pa_d"),
            };
            out.push_str(&format!("\tld{ld} \t{r}, [{base}+0];\n"));
            out.push_str(&format!("\tst.param{st} \t[{p}+0], {r};\n"));
            Ok(())
        }
        (Arg::Memory(base), _) => {
            let l = try_layout_of(ty, addr).map_err(|e| operand(what, format!("{e}")))?;
            copy(out, l.size, l.align, base, p, true);
            Ok(())
        }
        (Arg::Reg(_), _) => Err(operand(
            what,
            "an aggregate travels as bytes: pass `Arg::Memory` (or `Arg::Lanes` for a vector)",
        )),
        (Arg::Lanes(_), _) => Err(operand(what, "not a vector: pass `Arg::Reg`")),
    }
}

/// Copies `size` bytes between memory at `base` and the `.param` `p` in aligned units.
fn copy(out: &mut String, size: usize, align: usize, base: &str, p: &str, to_param: bool) {
    let u = align.min(8);
    let (ty, reg) = unit(u);
    let mut off = 0;
    while off < size {
        let r = format!("%pa_{reg}");
        // Memory holds no `.b8` registers: bytes move through a `.b16` one.
        let mem = if u == 1 { ".u8" } else { ty };
        if to_param {
            out.push_str(&format!("\tld{mem} \t{r}, [{base}+{off}];\n"));
            out.push_str(&format!("\tst.param{ty} \t[{p}+{off}], {r};\n"));
        } else {
            out.push_str(&format!("\tld.param{ty} \t{r}, [{p}+{off}];\n"));
            out.push_str(&format!("\tst{mem} \t[{base}+{off}], {r};\n"));
        }
        off += u;
    }
}

fn load(
    out: &mut String,
    ty: &TypeDesc,
    t: ParamType,
    to: Ret<'_>,
    addr: AddressSize,
) -> Result<(), CallError> {
    let what = "the return value";
    match (to, t) {
        (Ret::Discard, _) => Ok(()),
        (Ret::Reg(r), ParamType::Scalar(_)) => {
            let s = reg_scalar(ty, addr).unwrap_or(Scalar::U32);
            let lt = if s.size() < 4 { ".b32" } else { reg_type(s) };
            out.push_str(&format!("\tld.param{lt} \t{r}, [retval0+0];\n"));
            Ok(())
        }
        (Ret::Lanes(regs), ParamType::Bytes { .. }) => match vector(ty) {
            Some((elem, lanes)) if lanes == regs.len() => {
                lanes_code(out, true, "retval0", elem, regs);
                Ok(())
            }
            _ => Err(operand(what, "not a vector of that many lanes")),
        },
        (Ret::Memory(base), ParamType::Scalar(_)) => {
            let s = reg_scalar(ty, addr).unwrap_or(Scalar::U32);
            let (ty, r) = match s.size() {
                1 => (".b8", "%pa_h"),
                2 => (".b16", "%pa_h"),
                4 => (".b32", "%pa_r"),
                _ => (".b64", "%pa_d"),
            };
            let lt = if s.size() < 4 { ".b32" } else { ty };
            let r32 = if s.size() < 4 { "%pa_r" } else { r };
            out.push_str(&format!("\tld.param{lt} \t{r32}, [retval0+0];\n"));
            if s.size() < 4 {
                out.push_str(&format!("\tcvt.u16.u32 \t{r}, %pa_r;\n"));
            }
            out.push_str(&format!("\tst{ty} \t[{base}+0], {r};\n"));
            Ok(())
        }
        (Ret::Memory(base), _) => {
            let l = try_layout_of(ty, addr).map_err(|e| operand(what, format!("{e}")))?;
            copy(out, l.size, l.align, base, "retval0", false);
            Ok(())
        }
        _ => Err(operand(
            what,
            "use `Ret::Reg` for a scalar, `Ret::Lanes` for a vector, `Ret::Memory` for anything",
        )),
    }
}

/// Chapter 6 (indirect calls): `label: .callprototype (.param … _) _ (.param … _, …);`, the
/// prototype an indirect `call` names.
pub fn call_prototype(
    label: &str,
    params: &[&TypeDesc],
    ret: Option<&TypeDesc>,
    addr: AddressSize,
) -> Result<String, CallError> {
    let mut ps = Vec::new();
    for (i, ty) in params.iter().enumerate() {
        let t = slot(ty, &format!("argument {i} (`{}`)", ty.name), false, addr)?;
        ps.push(Decl { ty: t, name: "_" }.to_string());
    }
    let r = match ret {
        Some(r) => format!(
            "({}) ",
            Decl {
                ty: slot(r, "the return value", true, addr)?,
                name: "_"
            }
        ),
        None => String::new(),
    };
    Ok(format!("{label}: .callprototype {r}_ ({});", ps.join(", ")))
}

/// [`call_sequence`] for `extern "C"`-style prototypes described like
/// [`crate::params::func_signature`]: the parameters are the members of `A`, the return type
/// `R` (`()` for `void`), at `.address_size 64`.
pub fn call_sequence_for<A: crate::codec::PtxAbi, R: super::FnReturn>(
    callee: Callee<'_>,
    args: &[Arg<'_>],
    ret_to: Ret<'_>,
) -> Result<String, CallError> {
    let params: Vec<&TypeDesc> = A::TYPE.members().iter().map(|m| m.ty).collect();
    call_sequence(callee, &params, R::RETURN, args, ret_to, AddressSize::A64)
}
