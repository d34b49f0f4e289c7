//! §2.3: the text of `.param` declarations and of the function prototypes around them, written
//! in this one place. Every other module renders through these: `write_param_decl` (in
//! `const` contexts), [`param_decl`](crate::params::param_decl) and whole signatures (with
//! `alloc`), and the system-call prototypes of chapter 3.
//!
//! A declaration is a short sequence of [`Piece`]s; the `const` renderer ([`write_decl`]) and
//! the `fmt` renderer ([`Decl`]) only concatenate them, so both produce the same bytes.

use crate::layout::address::AddressSize;
use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::TypeDesc;
use crate::params::decl::{named_type, ParamSpace, ParamType, Spelling};
use core::fmt;

/// One piece of a declaration's text: literal text or a decimal number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text, written as is.
    Text(&'a str),
    /// A number, written in decimal.
    Num(usize),
}

const NONE: Piece<'static> = Piece::Text("");

/// The type part of a declaration: `.u32`, or `.align 8 .b8` (the `[SIZE]` follows the name).
pub const fn type_pieces(ty: ParamType) -> [Piece<'static>; 3] {
    match ty {
        ParamType::Scalar(t) => [Piece::Text(t), NONE, NONE],
        ParamType::Bytes { align, .. } => [
            Piece::Text(".align "),
            Piece::Num(align),
            Piece::Text(" .b8"),
        ],
        ParamType::Absent => [NONE; 3],
    }
}

/// §2.3: `.param <type> <name>` with `[SIZE]` after the name of a byte array; nothing for an
/// absent parameter (a zero-sized type).
pub const fn decl_pieces(ty: ParamType, name: &str) -> [Piece<'_>; 9] {
    let [t0, t1, t2] = type_pieces(ty);
    match ty {
        ParamType::Scalar(_) => [
            Piece::Text(".param "),
            t0,
            t1,
            t2,
            Piece::Text(" "),
            Piece::Text(name),
            NONE,
            NONE,
            NONE,
        ],
        ParamType::Bytes { size, .. } => [
            Piece::Text(".param "),
            t0,
            t1,
            t2,
            Piece::Text(" "),
            Piece::Text(name),
            Piece::Text("["),
            Piece::Num(size),
            Piece::Text("]"),
        ],
        ParamType::Absent => [NONE; 9],
    }
}

/// Appends `pieces` to a `const` message.
pub const fn write_pieces<const N: usize>(mut out: ConstMsg<N>, pieces: &[Piece]) -> ConstMsg<N> {
    let mut i = 0;
    while i < pieces.len() {
        out = match pieces[i] {
            Piece::Text(t) => out.str(t),
            Piece::Num(n) => out.num(n as u128),
        };
        i += 1;
    }
    out
}

/// Appends the declaration of `name` of type `ty` to a `const` message.
pub const fn write_decl<const N: usize>(
    out: ConstMsg<N>,
    ty: ParamType,
    name: &str,
) -> ConstMsg<N> {
    write_pieces(out, &decl_pieces(ty, name))
}

/// Writes `.param <type> <name>` (no trailing comma) into a fixed-size buffer, in a `const`
/// context: `const DECL: ConstMsg<64> = write_param_decl(T::TYPE, "k_param_0", …)`.
pub const fn write_param_decl<const N: usize>(
    ty: &TypeDesc,
    name: &str,
    space: ParamSpace,
    spelling: Spelling,
    addr: AddressSize,
) -> ConstMsg<N> {
    write_decl(
        ConstMsg::new(),
        named_type(ty, name, space, spelling, addr),
        name,
    )
}

fn fmt_pieces(f: &mut fmt::Formatter<'_>, pieces: &[Piece]) -> fmt::Result {
    pieces.iter().try_for_each(|p| match p {
        Piece::Text(t) => f.write_str(t),
        Piece::Num(n) => write!(f, "{n}"),
    })
}

/// A declaration to format: `.param .align 8 .b8 k_param_0[24]`.
#[derive(Clone, Copy, Debug)]
pub struct Decl<'a> {
    /// The declared type.
    pub ty: ParamType,
    /// The parameter's name.
    pub name: &'a str,
}

impl fmt::Display for Decl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_pieces(f, &decl_pieces(self.ty, self.name))
    }
}

impl fmt::Display for ParamType {
    /// The type part of a declaration: `.u32` or `.align 8 .b8` (the `[SIZE]` goes after the
    /// name, see [`crate::params::param_decl`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_pieces(f, &type_pieces(*self))
    }
}

/// How a prototype's parameter list is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProtoStyle {
    /// The guide's one-line form: `.extern .func (ret) name (a, b);`.
    Guide,
    /// NVRTC's extern declaration: `.extern .func  (ret) name\n(\n\ta,\n\tb\n)\n;`.
    NvccExtern,
}

/// Writes a whole `.extern .func` prototype: `head` (`.extern .func`), the return value's
/// declaration if any, the function's name and its parameters, in `style`. Parameter `i` is
/// `params[i]`, named `names[i]`.
pub const fn write_extern_prototype<const N: usize>(
    mut out: ConstMsg<N>,
    style: ProtoStyle,
    ret: Option<(ParamType, &str)>,
    name: &str,
    params: &[(ParamType, &str)],
) -> ConstMsg<N> {
    out = out.str(".extern .func ");
    if let Some((ty, ret_name)) = ret {
        out = match style {
            ProtoStyle::Guide => out.str("("),
            ProtoStyle::NvccExtern => out.str(" ("),
        };
        out = write_decl(out, ty, ret_name).str(") ");
    }
    out = out.str(name);
    out = match style {
        ProtoStyle::Guide => out.str(" ("),
        ProtoStyle::NvccExtern => out.str("\n(\n\t"),
    };
    let mut i = 0;
    while i < params.len() {
        if i > 0 {
            out = match style {
                ProtoStyle::Guide => out.str(", "),
                ProtoStyle::NvccExtern => out.str(",\n\t"),
            };
        }
        out = write_decl(out, params[i].0, params[i].1);
        i += 1;
    }
    match style {
        ProtoStyle::Guide => out.str(");"),
        ProtoStyle::NvccExtern => out.str("\n)\n;"),
    }
}

/// Whether `s` is a PTX identifier (PTX ISA, "Identifiers"): a letter followed by letters,
/// digits, `_` and `$`, or `_`, `$` or `%` followed by at least one of those (`k_param_0`,
/// `$str`, `%r1`). A `const fn` without `alloc`: `#[ptx(kernel = "…")]` names are checked
/// with it at compile time (`kernel_name_error`, which generated code checks).
pub const fn is_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(&first) = b.first() else {
        return false;
    };
    let min_len = if first.is_ascii_alphabetic() {
        1
    } else if matches!(first, b'_' | b'$' | b'%') {
        2
    } else {
        return false;
    };
    if b.len() < min_len {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        if !(b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'$')) {
            return false;
        }
        i += 1;
    }
    true
}
