//! Checking a Rust argument struct against the signature of a function in real PTX (what
//! nvcc, NVRTC, clang or rustc produced), so host/device drift is caught before a launch. The
//! PTX is read by [`super::read`], the one signature reader; each parameter is compared by
//! [`super::type_class`]'s rule, and the function's declarations by what ptxas refuses
//! ([`super::refusal`]).

use super::decl::{param_type, ParamSpace, ParamType, Spelling};
use super::kernel::KernelParams;
use super::lex::Module;
use super::read::{declarations, declared_with_lone_cr_line_breaks, FnKind};
use super::refusal::refusal;
use super::short_name::shorten_in;
use super::signature::decl_text;
use super::type_class::{describe_field, describe_ptx, field_class, fit, ptx_class, Fit};
use crate::layout::address::AddressSize;
use crate::layout::c_spelling::member_c_type;
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
    /// The field's type as CUDA C spells it: `double`, `float*`, `Params`.
    pub c_type: String,
    /// What the PTX's declaration holds, in words: "an integer or a pointer of 8 bytes (PTX
    /// does not say which)", "a `float`", "a pointer to data aligned to 16 bytes".
    pub ptx_class: String,
    /// What the Rust field is, in C's words, with what to write instead where a mismatch has
    /// a usual cause: "a `double`", "a pointer to `float` (aligned to 4)".
    pub rust_class: String,
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
    /// A parameter of a different type class, width or alignment (see [`check_signature`]).
    Param(Box<ParamMismatch>),
    /// The function's declarations break a rule of ptxas, which refuses the module: a `.reg`
    /// parameter of a kernel, two bodies, declarations that disagree (on linkage, kind or
    /// parameters), `.extern` with a body, … (see [`check_signature`]).
    Refused {
        /// The function.
        function: String,
        /// What ptxas refuses, and what to write instead.
        reason: String,
    },
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
                "parameter {} of `{}` (field `{}` of `{}`, {} `{}`, C `{}`): the PTX declares \
                 `{}`, the Rust field needs `{}` (the PTX's is {}; the field is {})",
                m.index,
                m.function,
                m.field,
                m.rust_struct,
                article(m.rust_type),
                m.rust_type,
                m.c_type,
                shorten_in(&m.ptx, &m.function),
                shorten_in(&m.expected, &m.function),
                m.ptx_class,
                m.rust_class
            ),
            SignatureError::Refused { function, reason } => write!(
                f,
                "ptxas refuses the PTX of `{function}`: {}",
                shorten_in(reason, function)
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

/// Checks the kernel `A` describes against its `.entry` in `ptx`: the number of parameters,
/// and each one's type class, width and alignment, at the PTX's own `.address_size`; see
/// [`check_signature`] for what is compared and what is not.
pub fn check_entry<A: KernelParams>(ptx: &str) -> Result<(), SignatureError> {
    check_signature(ptx, A::KERNEL, A::TYPE, ParamSpace::Entry)
}

/// Checks the parameters of function `name` in `ptx` against the members of `params`
/// (zero-sized members have no parameter), at the module's `.address_size`.
///
/// Compared, parameter by parameter, in order (the first that differs is the error, named in
/// C's and Rust's terms):
/// - the type class: an integer (`.u`, `.s`) or untyped bits (`.b`) against a float (`.f32`,
///   `.f64`): `f32` needs `.f32` or `.b32`, `i32` needs `.u32`, `.s32` or `.b32`;
/// - the width, as passed in `space` (a device function's `u8` is a 32-bit slot, §2.3);
/// - `.ptr` (a pointer kernel parameter, as NVRTC writes for compute_100 and newer, clang and
///   rustc always): the field must be a pointer, and its pointee aligned to at least the
///   `.ptr .align N` the kernel may rely on (4 when `.align` is absent);
/// - an aggregate's (`.align A .b8 name[N]`) size and alignment.
///
/// The table of which declaration holds which field, and what cannot be told apart (the
/// signedness of integers; a pointer from a `u64` where the PTX has no `.ptr`; what a
/// pointer points to beyond its alignment; the members of an aggregate), is
/// `params/type_class.rs`'s `fit`.
///
/// Before the parameters, the function's declarations (prototypes and definition) are
/// checked against what ptxas refuses, an error [`SignatureError::Refused`]: a `.reg`
/// parameter in a kernel, a `.pred` parameter, `.ptr` in a device function, a kernel
/// parameter of 0 bytes, two parameters of one name, a kernel with a return value, two
/// bodies or a declaration after the body, declarations that disagree on kind, linkage
/// (`.weak` and `.visible`, …) or parameters, and `.extern` with a body. An `.align` that is
/// not a power of two cannot be read ([`SignatureError::Unreadable`]). Other functions, the
/// function's body and the rest of the module are not read, so a module ptxas refuses for
/// another reason can pass.
pub fn check_signature(
    ptx: &str,
    name: &str,
    params: &TypeDesc,
    space: ParamSpace,
) -> Result<(), SignatureError> {
    let addr = address_size(ptx);
    let headers = declarations(ptx, name).map_err(|text| SignatureError::Unreadable {
        function: name.to_string(),
        text,
    })?;
    if let Some(reason) = refusal(&headers) {
        return Err(SignatureError::Refused {
            function: name.to_string(),
            reason,
        });
    }
    // With no refusal, a body is the last header: the one that counts.
    let decls = headers.last().ok_or_else(|| not_found(ptx, name))?;
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
    let decls = &decls.params;
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
        let ptx_is = ptx_class(decl);
        let field_is = field_class(field.ty, space, addr);
        if fit(ptx_is, field_is) != Fit::Yes {
            let c_type = member_c_type(field);
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
                ptx_class: describe_ptx(ptx_is, decl, addr),
                rust_class: describe_field(field_is, ptx_is, field.ty, &c_type, space),
                c_type,
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
    use crate::types::{DeviceConstPtr, DevicePtr};

    static MEMBERS: [Member; 2] = [
        Member {
            name: "n",
            ty: <u32 as PtxAbi>::TYPE,
            bits: None,
            align: 0,
        },
        Member {
            name: "x",
            ty: <DevicePtr<u64> as PtxAbi>::TYPE,
            bits: None,
            align: 0,
        },
    ];
    static ARGS: TypeDesc = strukt("Args", &MEMBERS);

    /// A struct of `members`.
    const fn strukt(name: &'static str, members: &'static [Member]) -> TypeDesc {
        TypeDesc {
            name,
            kind: TypeKind::Aggregate {
                kind: AggregateKind::Struct,
                align: 0,
                pack: 0,
                members,
            },
        }
    }

    /// A member `name: T`.
    const fn m<T: PtxAbi>(name: &'static str) -> Member {
        Member {
            name,
            ty: T::TYPE,
            bits: None,
            align: 0,
        }
    }

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

    /// A module around one NVRTC-style header (the header as NVRTC 12.9.86 writes it for the
    /// C declaration quoted at each use).
    fn module(header: &str) -> String {
        format!(".version 8.8\n.target sm_90\n.address_size 64\n\n{header}\n{{\n\tret;\n}}\n")
    }

    fn entry(ptx: &str, name: &str, params: &TypeDesc) -> Result<(), SignatureError> {
        check_signature(ptx, name, params, ParamSpace::Entry)
    }

    /// Issue 29's two swaps, which a check by size accepted.
    #[test]
    fn swapped_parameters_of_the_same_size_are_refused() {
        // extern "C" __global__ void scale(float* out, double s)
        let scale = module(
            ".visible .entry scale(\n\t.param .u64 scale_param_0,\n\t.param .f64 scale_param_1\n)",
        );
        static RIGHT: [Member; 2] = [m::<DevicePtr<f32>>("out"), m::<f64>("s")];
        static SWAPPED: [Member; 2] = [m::<f64>("s"), m::<DevicePtr<f32>>("out")];
        assert_eq!(entry(&scale, "scale", &strukt("Args", &RIGHT)), Ok(()));
        let e = entry(&scale, "scale", &strukt("Args", &SWAPPED)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "parameter 0 of `scale` (field `s` of `Args`, an `f64`, C `double`): the PTX \
             declares `.param .u64 scale_param_0`, the Rust field needs `.param .f64 \
             scale_param_0` (the PTX's is an integer or a pointer of 8 bytes (PTX does not say \
             which); the field is a `double`)"
        );
        // extern "C" __global__ void axpy(float a, int n)
        let axpy = module(
            ".visible .entry axpy(\n\t.param .f32 axpy_param_0,\n\t.param .u32 axpy_param_1\n)",
        );
        static AXPY: [Member; 2] = [m::<f32>("a"), m::<i32>("n")];
        static AXPY_UNSIGNED: [Member; 2] = [m::<f32>("a"), m::<u32>("n")];
        static AXPY_SWAPPED: [Member; 2] = [m::<i32>("n"), m::<f32>("a")];
        assert_eq!(entry(&axpy, "axpy", &strukt("A", &AXPY)), Ok(()));
        // Signedness is not in the PTX (NVRTC writes `.u32` for `int`).
        assert_eq!(entry(&axpy, "axpy", &strukt("A", &AXPY_UNSIGNED)), Ok(()));
        let e = entry(&axpy, "axpy", &strukt("A", &AXPY_SWAPPED)).unwrap_err();
        let SignatureError::Param(p) = &e else {
            panic!("{e}")
        };
        assert_eq!((p.index, p.field, p.c_type.as_str()), (0, "n", "int"));
        assert_eq!(p.ptx_class, "a `float`");
        assert_eq!(p.rust_class, "an `int`");
    }

    /// `.ptr` (NVRTC for compute_100, clang, rustc): the field must be a pointer whose pointee
    /// is aligned as `.align` promises.
    #[test]
    fn ptr_parameters_need_pointers_aligned_as_promised() {
        #[derive(Clone, Copy)]
        struct A16;
        static A16_MEMBERS: [Member; 1] = [m::<f32>("x")];
        static A16_DESC: TypeDesc = TypeDesc {
            name: "A16",
            kind: TypeKind::Aggregate {
                kind: AggregateKind::Struct,
                align: 16,
                pack: 0,
                members: &A16_MEMBERS,
            },
        };
        // rustc 1.97 for `extern "ptx-kernel" fn k(p: *mut f32, r: &A16)` with
        // `#[repr(C, align(16))] struct A16 { x: f32 }`.
        let ptx = module(
            ".visible .entry k(\n\t.param .u64 .ptr .align 1 k_param_0,\n\t\
             .param .u64 .ptr .align 16 k_param_1\n)",
        );
        static TO_F32: TypeDesc = TypeDesc {
            name: "pointer",
            kind: TypeKind::Pointer {
                pointee: || &A16_DESC,
            },
        };
        static RIGHT: [Member; 2] = [
            m::<DevicePtr<f32>>("p"),
            Member {
                name: "r",
                ty: &TO_F32,
                bits: None,
                align: 0,
            },
        ];
        assert_eq!(entry(&ptx, "k", &strukt("K", &RIGHT)), Ok(()));
        static UNDERALIGNED: [Member; 2] = [m::<DevicePtr<f32>>("p"), m::<DevicePtr<f32>>("r")];
        let e = entry(&ptx, "k", &strukt("K", &UNDERALIGNED)).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("parameter 1 of `k` (field `r` of `K`, a `pointer`, C `float*`)")
                && msg.contains("a pointer to data aligned to 16 bytes")
                && msg.contains("a pointer to `float`, aligned to only 4 bytes"),
            "{msg}"
        );
        static INTEGER: [Member; 2] = [m::<u64>("p"), m::<DevicePtr<f32>>("r")];
        let msg = entry(&ptx, "k", &strukt("K", &INTEGER))
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("parameter 0") && msg.contains("a `.ptr` parameter takes a pointer field"),
            "{msg}"
        );
        // `.ptr` without `.align` promises 4 (PTX ISA); joined spellings read the same.
        let ptx = module(".visible .entry k(.param .u64 .ptr.global k_param_0)");
        static BYTES: [Member; 1] = [m::<DevicePtr<u8>>("p")];
        static WORDS: [Member; 1] = [m::<DeviceConstPtr<u32>>("p")];
        let msg = entry(&ptx, "k", &strukt("K", &BYTES))
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains(
                "in `.global` memory aligned to 4 bytes (`.ptr` without `.align` promises 4)"
            ),
            "{msg}"
        );
        assert_eq!(entry(&ptx, "k", &strukt("K", &WORDS)), Ok(()));
        let _ = A16;
    }

    /// `.b` is untyped: it holds any scalar of its width, in kernels as in device functions.
    #[test]
    fn untyped_bits_hold_any_scalar_of_their_width() {
        let ptx = module(".visible .entry k(.param .b32 k_param_0, .param .b64 k_param_1)");
        static FLOATS: [Member; 2] = [m::<f32>("a"), m::<f64>("b")];
        static INTS: [Member; 2] = [m::<i32>("a"), m::<DevicePtr<u8>>("b")];
        static WIDE: [Member; 2] = [m::<f64>("a"), m::<f64>("b")];
        assert_eq!(entry(&ptx, "k", &strukt("F", &FLOATS)), Ok(()));
        assert_eq!(entry(&ptx, "k", &strukt("I", &INTS)), Ok(()));
        assert!(entry(&ptx, "k", &strukt("W", &WIDE)).is_err());
        // NVRTC 12.9, `extern "C" __device__ void f(unsigned char c, float x, double* p)`: every
        // scalar widened to `.b32` or `.b64`; the guide's spelling is `.u32`, `.f32`, `.u64`.
        for header in [
            ".visible .func f(.param .b32 f_param_0, .param .b32 f_param_1, .param .b64 f_param_2)",
            ".visible .func f(.param .u32 f_param_0, .param .f32 f_param_1, .param .u64 f_param_2)",
        ] {
            static F: [Member; 3] = [m::<u8>("c"), m::<f32>("x"), m::<DevicePtr<f64>>("p")];
            let ptx = module(header);
            assert_eq!(
                check_signature(&ptx, "f", &strukt("F", &F), ParamSpace::Func),
                Ok(()),
                "{header}"
            );
        }
        let ptx = module(".visible .func f(.param .f32 f_param_0)");
        static U8: [Member; 1] = [m::<u8>("c")];
        let e = check_signature(&ptx, "f", &strukt("F", &U8), ParamSpace::Func).unwrap_err();
        assert!(
            e.to_string()
                .contains("the field is an `unsigned char`, widened to 32 bits"),
            "{e}"
        );
    }

    /// A module ptxas refuses is an error before any parameter is compared.
    #[test]
    fn refused_declarations_are_an_error() {
        let ptx = module(".visible .entry k(.reg .u32 k_param_0, .param .u64 k_param_1)");
        let e = entry(&ptx, "k", &ARGS).unwrap_err();
        assert!(matches!(&e, SignatureError::Refused { function, .. } if function == "k"));
        assert!(
            e.to_string().starts_with(
                "ptxas refuses the PTX of `k`: `.reg .u32 k_param_0` is a `.reg` parameter"
            ),
            "{e}"
        );
        let twice = format!(
            "{}{}",
            module(".visible .entry k(.param .u32 a)"),
            ".visible .entry k(.param .u32 a)\n{ ret; }"
        );
        let e = entry(&twice, "k", &ARGS).unwrap_err();
        assert!(e.to_string().contains("defined twice"), "{e}");
        // A prototype before the definition is fine.
        let proto = format!(
            ".visible .entry k(.param .u32 k_param_0, .param .u64 k_param_1);\n{}",
            module(".visible .entry k(.param .u32 k_param_0, .param .u64 k_param_1)")
        );
        assert_eq!(entry(&proto, "k", &ARGS), Ok(()));
    }
}
