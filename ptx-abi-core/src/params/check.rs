//! Checking a Rust argument struct against the signature of a function in real PTX (what
//! nvcc, NVRTC or clang produced), so host/device drift is caught before a launch.

use super::decl::{param_type, ParamSpace, ParamType, Spelling};
use super::kernel::KernelParams;
use super::signature::decl_text;
use crate::layout::desc::TypeDesc;
use crate::AddressSize;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One parameter whose PTX declaration does not match the Rust field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamMismatch {
    /// The function.
    pub function: String,
    /// The parameter's position (counting from 0).
    pub index: usize,
    /// The Rust struct.
    pub rust_struct: &'static str,
    /// The Rust field.
    pub field: &'static str,
    /// The field's Rust type.
    pub rust_type: &'static str,
    /// The declaration in the PTX.
    pub ptx: String,
    /// The declaration the Rust field needs.
    pub expected: String,
}

/// Why a PTX signature does not match a Rust argument struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignatureError {
    /// No `.entry`/`.func` of that name in the PTX.
    NotFound {
        /// The function looked for.
        function: String,
    },
    /// The signature could not be read.
    Unreadable {
        /// The function.
        function: String,
        /// The text that could not be read.
        text: String,
    },
    /// A different number of parameters.
    Count {
        /// The function.
        function: String,
        /// Parameters in the PTX.
        ptx: usize,
        /// Parameters of the Rust struct.
        rust: usize,
        /// The Rust struct.
        rust_struct: &'static str,
    },
    /// A parameter of a different kind, size or alignment.
    Param(Box<ParamMismatch>),
}

impl fmt::Display for SignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignatureError::NotFound { function } => {
                write!(f, "the PTX has no `.entry` or `.func` named `{function}`")
            }
            SignatureError::Unreadable { function, text } => {
                write!(f, "cannot read the signature of `{function}`: `{text}`")
            }
            SignatureError::Count {
                function,
                ptx,
                rust,
                rust_struct,
            } => write!(
                f,
                "`{function}` takes {ptx} parameter(s) in the PTX, but `{rust_struct}` has {rust}"
            ),
            SignatureError::Param(m) => write!(
                f,
                "parameter {} of `{}` (field `{}` of `{}`, a `{}`): the PTX declares `{}`, the \
                 Rust field needs `{}`",
                m.index, m.function, m.field, m.rust_struct, m.rust_type, m.ptx, m.expected
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SignatureError {}

/// Checks the kernel `A` describes against its `.entry` in `ptx`: the number, kinds, sizes and
/// alignments of every parameter, at the PTX's own `.address_size`.
pub fn check_entry<A: KernelParams>(ptx: &str) -> Result<(), SignatureError> {
    check_signature(ptx, A::KERNEL, A::TYPE, ParamSpace::Entry)
}

/// Checks the parameters of function `name` in `ptx` against the members of `params`.
/// Scalars match when their sizes match (`.u32`, `.s32` and `.b32` are the same slot);
/// byte arrays when size and alignment match.
pub fn check_signature(
    ptx: &str,
    name: &str,
    params: &TypeDesc,
    space: ParamSpace,
) -> Result<(), SignatureError> {
    let addr = address_size(ptx);
    let decls = find_params(ptx, name)?;
    let fields: Vec<_> = params
        .members()
        .iter()
        .filter(|m| param_type(m.ty, space, Spelling::Nvcc, addr) != ParamType::Absent)
        .collect();
    if decls.len() != fields.len() {
        return Err(SignatureError::Count {
            function: name.to_string(),
            ptx: decls.len(),
            rust: fields.len(),
            rust_struct: params.name,
        });
    }
    for (index, (decl, field)) in decls.iter().zip(&fields).enumerate() {
        let want = param_type(field.ty, space, Spelling::Nvcc, addr);
        let got = parse_decl(decl).ok_or_else(|| SignatureError::Unreadable {
            function: name.to_string(),
            text: decl.clone(),
        })?;
        if !same_slot(got, want) {
            return Err(SignatureError::Param(Box::new(ParamMismatch {
                function: name.to_string(),
                index,
                rust_struct: params.name,
                field: field.name,
                rust_type: field.ty.name,
                ptx: decl.clone(),
                expected: decl_text(
                    field.ty,
                    &format!("{name}_param_{index}"),
                    space,
                    Spelling::Nvcc,
                    addr,
                ),
            })));
        }
    }
    Ok(())
}

/// A parameter slot as read from PTX: a scalar of some bytes, or a byte array.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Slot {
    Scalar(usize),
    Bytes { align: usize, size: usize },
}

fn same_slot(got: Slot, want: ParamType) -> bool {
    match (got, want) {
        (Slot::Scalar(n), ParamType::Scalar(t)) => scalar_bytes(t) == Some(n),
        (Slot::Bytes { align, size }, ParamType::Bytes { align: a, size: s }) => {
            align == a && size == s
        }
        _ => false,
    }
}

fn scalar_bytes(t: &str) -> Option<usize> {
    let bits: usize = t.get(2..)?.parse().ok()?;
    match t.get(..2)? {
        ".u" | ".s" | ".b" | ".f" if bits % 8 == 0 => Some(bits / 8),
        _ => None,
    }
}

/// Reads `.param .u32 name`, `.param .u64 .ptr .global .align 8 name` or
/// `.param .align 8 .b8 name[24]`.
fn parse_decl(decl: &str) -> Option<Slot> {
    let mut words = decl.split_whitespace();
    if words.next()? != ".param" {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let last = *words.last()?;
    if let Some(open) = last.find('[') {
        let size = last.get(open + 1..last.len() - 1)?.parse().ok()?;
        let align = match words.iter().position(|w| *w == ".align") {
            Some(i) => words.get(i + 1)?.parse().ok()?,
            None => 1,
        };
        return Some(Slot::Bytes { align, size });
    }
    words.iter().find_map(|w| scalar_bytes(w)).map(Slot::Scalar)
}

/// `.address_size` of a module (64 when absent, as PTX defaults to the host's).
fn address_size(ptx: &str) -> AddressSize {
    let declared = ptx
        .lines()
        .find_map(|l| l.trim().strip_prefix(".address_size"));
    match declared.map(str::trim) {
        Some("32") => AddressSize::A32,
        _ => AddressSize::A64,
    }
}

/// The parameter declarations of the `.entry`/`.func` called `name`.
fn find_params(ptx: &str, name: &str) -> Result<Vec<String>, SignatureError> {
    let not_found = || SignatureError::NotFound {
        function: name.to_string(),
    };
    let mut from = 0;
    while let Some(pos) = ptx.get(from..).and_then(|s| s.find(name)).map(|p| p + from) {
        from = pos + name.len();
        let before_ok = ptx[..pos]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || c == ')');
        let rest = ptx[from..].trim_start();
        if !before_ok || !rest.starts_with('(') {
            continue;
        }
        // The header runs from the previous `;`, `}` or the start up to the name.
        let header_start = ptx[..pos].rfind([';', '}']).map_or(0, |i| i + 1);
        let header = &ptx[header_start..pos];
        if !(header.contains(".entry") || header.contains(".func")) {
            continue;
        }
        let list = &rest[1..];
        let close = list.find(')').ok_or_else(not_found)?;
        let list = &list[..close];
        return Ok(list
            .split(',')
            .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|d| !d.is_empty())
            .collect());
    }
    Err(not_found())
}
