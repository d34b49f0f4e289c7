//! Checking a Rust argument struct against the signature of a function in real PTX (what
//! nvcc, NVRTC or clang produced), so host/device drift is caught before a launch. The PTX is
//! read by [`super::read`], the one signature reader.

use super::decl::{param_type, ParamSpace, ParamType, Spelling};
use super::kernel::KernelParams;
use super::lex::Module;
use super::read::{declared_with_lone_cr_line_breaks, signature, type_size, DeclaredType, FnKind};
use super::short_name::shorten_in;
use super::signature::decl_text;
use crate::layout::address::AddressSize;
use crate::layout::desc::TypeDesc;
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
    /// No `.entry`/`.func` of that name as ptxas reads the text, but one if a lone `\r` ended
    /// a line: ptxas reads a `//` comment up to the next `\n`, so with `\r` line breaks the
    /// function is inside a comment.
    CommentedOut {
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
    /// A `.func` (a device function) where a kernel was looked for, or a `.entry` (a kernel)
    /// where a device function was.
    Kind {
        /// The function.
        function: String,
        /// What the PTX declares it as.
        found: FnKind,
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
            SignatureError::CommentedOut { function } => write!(
                f,
                "`{function}` is declared in the PTX only if a lone `\\r` ends a line, but \
                 ptxas reads a `//` comment up to the next `\\n`: with these line breaks \
                 `{function}` is inside a comment, and not in the module ptxas assembles; \
                 convert the line breaks to `\\n` (or `\\r\\n`)"
            ),
            SignatureError::Unreadable { function, text } => write!(
                f,
                "cannot read the signature of `{function}`: {}",
                shorten_in(text, function)
            ),
            SignatureError::Kind {
                function,
                found: FnKind::Func,
            } => write!(
                f,
                "`{function}` is a `.func` (a device function) in the PTX, not a kernel: a \
                 kernel is a `.entry`, declared `__global__` in CUDA; launch the kernel that \
                 calls `{function}`, or check a device function with \
                 `check_signature(…, ParamSpace::Func)`"
            ),
            SignatureError::Kind {
                function,
                found: FnKind::Entry,
            } => write!(
                f,
                "`{function}` is a `.entry` (a kernel) in the PTX, not a device function \
                 (`.func`): check it with `check_entry`, or `ParamSpace::Entry`"
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
                "parameter {} of `{}` (field `{}` of `{}`, {} `{}`): the PTX declares `{}`, the \
                 Rust field needs `{}`",
                m.index,
                m.function,
                m.field,
                m.rust_struct,
                article(m.rust_type),
                m.rust_type,
                shorten_in(&m.ptx, &m.function),
                shorten_in(&m.expected, &m.function)
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SignatureError {}

/// The indefinite article before a type's name as it is read aloud: "an `array`", "an `i32`",
/// "an `f64`" (eff), "an `S`" — but "a `u32`", "a `bool`", "a `DevicePtr<f32>`".
fn article(name: &str) -> &'static str {
    let mut chars = name.chars();
    let first = chars.next().unwrap_or(' ');
    let second = chars.next();
    // A name spelled as letters (`f32`, `S`, `H2`) is read by the names of its letters.
    let spelled = second.is_none_or(|c| c.is_ascii_digit());
    let vowel_sound = if spelled {
        "aefhilmnorsxAEFHILMNORSX".contains(first)
    } else {
        "aeioAEIO".contains(first)
    };
    if vowel_sound {
        "an"
    } else {
        "a"
    }
}

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
        .ok_or_else(|| not_found(ptx, name))?;
    let expected = match space {
        ParamSpace::Entry => FnKind::Entry,
        ParamSpace::Func => FnKind::Func,
    };
    if decls.kind != expected {
        return Err(SignatureError::Kind {
            function: name.to_string(),
            found: decls.kind,
        });
    }
    let decls = decls.params;
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

/// Why `name` is not in `ptx`: not there, or there only for a reader that ends `//` comments
/// at a lone `\r`.
fn not_found(ptx: &str, name: &str) -> SignatureError {
    let function = name.to_string();
    if ptx.contains('\r') && declared_with_lone_cr_line_breaks(ptx, name) {
        SignatureError::CommentedOut { function }
    } else {
        SignatureError::NotFound { function }
    }
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
    let module = Module::new(ptx);
    let declared = module.statements().find_map(|s| {
        s.text
            .trim_ascii_start()
            .strip_prefix(".address_size")
            .filter(|v| v.starts_with(|c: char| c.is_ascii_whitespace()))
            .map(|v| v.trim_ascii() == "32")
    });
    match declared {
        Some(true) => AddressSize::A32,
        _ => AddressSize::A64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::PtxAbi;
    use crate::layout::desc::{AggregateKind, Member, TypeKind};

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
