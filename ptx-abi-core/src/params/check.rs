//! Checking a Rust argument struct against the signature of a function in real PTX (what
//! nvcc, NVRTC or clang produced), so host/device drift is caught before a launch. The PTX is
//! read by [`super::read`], the one signature reader.

use super::decl::{param_type, ParamSpace, ParamType, Spelling};
use super::kernel::KernelParams;
use super::read::{signature, statements, type_size, DeclaredType};
use super::short_name::shorten_in;
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
///
/// Its message names the function in full once; a long name (a C++ kernel's mangled name,
/// chapter 7) is shortened in the declarations quoted after it, to the prefix that names the
/// function followed by `…` (`.param .u64 _ZN2ns5inner5scaleE…_param_1` for
/// `_ZN2ns5inner5scaleEPfPKfj6Params`). The fields keep the full text.
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
        /// What could not be read, and why (the reader's message, quoting the text).
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
            SignatureError::Unreadable { function, text } => write!(
                f,
                "cannot read the signature of `{function}`: {}",
                shorten_in(text, function)
            ),
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
                m.index,
                m.function,
                m.field,
                m.rust_struct,
                m.rust_type,
                shorten_in(&m.ptx, &m.function),
                shorten_in(&m.expected, &m.function)
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
    let decls = signature(ptx, name)
        .map_err(|text| SignatureError::Unreadable {
            function: name.to_string(),
            text,
        })?
        .ok_or_else(|| SignatureError::NotFound {
            function: name.to_string(),
        })?
        .params;
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
        if !same_slot(&decl.ty, want) {
            return Err(SignatureError::Param(Box::new(ParamMismatch {
                function: name.to_string(),
                index,
                rust_struct: params.name,
                field: field.name,
                rust_type: field.ty.name,
                ptx: decl.text.clone(),
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

fn same_slot(got: &DeclaredType, want: ParamType) -> bool {
    match (got, want) {
        (DeclaredType::Scalar(t), ParamType::Scalar(w)) => {
            type_size(t).is_some() && type_size(t) == type_size(w)
        }
        (DeclaredType::Bytes { align, size }, ParamType::Bytes { align: a, size: s }) => {
            *align as usize == a && *size as usize == s
        }
        _ => false,
    }
}

/// `.address_size` of a module (64 when absent, as PTX defaults to the host's).
fn address_size(ptx: &str) -> AddressSize {
    let declared = statements(ptx).into_iter().find_map(|s| {
        s.text
            .strip_prefix(".address_size")
            .map(|v| v.trim() == "32")
    });
    match declared {
        Some(true) => AddressSize::A32,
        _ => AddressSize::A64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::desc::{AggregateKind, Member, TypeKind};
    use crate::PtxAbi;

    static MEMBERS: [Member; 2] = [
        Member {
            name: "n",
            ty: <u32 as PtxAbi>::TYPE,
            bits: None,
        },
        Member {
            name: "x",
            ty: <u64 as PtxAbi>::TYPE,
            bits: None,
        },
    ];
    static ARGS: TypeDesc = TypeDesc {
        name: "Args",
        kind: TypeKind::Aggregate {
            kind: AggregateKind::Struct,
            align: 0,
            members: &MEMBERS,
        },
    };

    /// NVRTC 12.9's shape of a module: a prototype, a call sequence naming another function
    /// inside a body, comments, then the kernel.
    const PTX: &str = "//\n// Generated by NVIDIA NVVM Compiler\n//\n.version 8.8\n.target sm_90\n\
        .address_size 64\n\n\t// .globl\tk\n.extern .func  (.param .b32 func_retval0) g\n(\n\
        \t.param .b32 g_param_0\n)\n;\n.visible .func h()\n{\n\t{ // callseq 0, 0\n\
        \t.param .b32 param0;\n\tcall.uni (retval0), \n\tg, \n\t(\n\tparam0\n\t);\n\t}\n\tret;\n}\n\
        .visible .entry k(\n\t.param .u32 k_param_0,\n\t.param .u64 .ptr .align 1 k_param_1\n)\n\
        {\n\tret;\n\n}\n";

    #[test]
    fn the_kernel_is_found_past_prototypes_calls_and_comments() {
        assert_eq!(check_signature(PTX, "k", &ARGS, ParamSpace::Entry), Ok(()));
        let e = check_signature(PTX, "missing", &ARGS, ParamSpace::Entry).unwrap_err();
        assert_eq!(
            e,
            SignatureError::NotFound {
                function: "missing".into()
            }
        );
        let e = check_signature(PTX, "g", &ARGS, ParamSpace::Func).unwrap_err();
        assert!(
            matches!(
                e,
                SignatureError::Count {
                    ptx: 1,
                    rust: 2,
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn an_unreadable_header_is_an_error_naming_the_function() {
        let ptx = ".visible .entry k(.param .u32 k_param_0, .param .bogus k_param_1)\n{ ret; }";
        let e = check_signature(ptx, "k", &ARGS, ParamSpace::Entry).unwrap_err();
        let SignatureError::Unreadable { function, text } = &e else {
            panic!("{e}")
        };
        assert_eq!(function, "k");
        assert!(text.contains(".param .bogus k_param_1"), "{text}");
        // Another function's unreadable header does not matter.
        let ptx = format!("{ptx}\n{PTX}").replacen("entry k(", "entry other(", 1);
        assert_eq!(check_signature(&ptx, "k", &ARGS, ParamSpace::Entry), Ok(()));
    }
}
