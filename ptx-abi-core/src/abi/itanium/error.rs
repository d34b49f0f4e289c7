//! Why a name could not be mangled ([`MangleError`]), and where in the C++ text the problem
//! is ([`CxxSite`]), each as a sentence that says what to write instead.

use crate::layout::const_msg::ConstMsg;

/// Which part of a function's C++ text an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CxxSite {
    /// The function's name, or its instantiation (`ns::k<float, 32>`) as a whole.
    Name,
    /// Template argument `index` (from 0) of the instantiation, for the template parameter
    /// declared as `param` (`int BLOCK`).
    Arg {
        /// The argument's position, from 0.
        index: usize,
        /// The template parameter's declaration.
        param: &'static str,
    },
    /// The template's parameter list (`typename T, int BLOCK`).
    Template,
    /// The declared return type.
    Return,
    /// The declared type of parameter `index` (from 0).
    Param(usize),
}

/// Why a name could not be mangled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MangleError {
    /// A name component is not a C++ identifier (e.g. a Rust generic name `Pair<u8>`).
    BadIdentifier {
        /// The offending name.
        name: &'static str,
    },
    /// The function name is not a C++ identifier or `ns::name` path.
    BadFunctionName,
    /// Parameter `index` has a type C++ cannot name here.
    Unsupported {
        /// The parameter's position.
        index: usize,
        /// Why.
        reason: &'static str,
    },
    /// An array passed by value: C++ has no array parameters.
    ArrayByValue {
        /// The parameter's position.
        index: usize,
    },
    /// The name needs more working space than the buffer [`super::mangle_in`] was given:
    /// `capacity` bytes ([`super::MANGLED_MAX`] for [`super::mangle`]).
    /// [`super::mangled_capacity`] says how much is enough.
    TooLong {
        /// The capacity that was too small.
        capacity: usize,
    },
    /// C++ text that ptx-abi cannot read, or a construct it does not mangle: `token` is the
    /// offending text, and `reason` completes the sentence, saying what to write instead.
    Spelling {
        /// Where the text is.
        site: CxxSite,
        /// The offending text.
        token: &'static str,
        /// Why, and what to write instead.
        reason: &'static str,
    },
    /// The instantiation names `given` template arguments where the template declares
    /// `expected` parameters (and default arguments cannot fill the rest).
    ArgumentCount {
        /// Parameters in the template's list.
        expected: usize,
        /// Arguments in the instantiation.
        given: usize,
    },
    /// A constant template argument does not fit its parameter's declared type (C++ refuses
    /// such a narrowing conversion).
    OutOfRange {
        /// The argument's position, from 0.
        index: usize,
        /// The template parameter's declaration (`unsigned char N`).
        param: &'static str,
        /// The argument as written.
        value: &'static str,
    },
}

impl CxxSite {
    /// `m` followed by the site's description and `": "`.
    pub(super) const fn describe<const N: usize>(self, m: ConstMsg<N>) -> ConstMsg<N> {
        match self {
            CxxSite::Name => m.str("the name: "),
            CxxSite::Arg { index, param } => m
                .str("template argument ")
                .num(index as u128 + 1)
                .str(" (`")
                .str(param)
                .str("`): "),
            CxxSite::Template => m.str("the template's parameter list: "),
            CxxSite::Return => m.str("the return type: "),
            CxxSite::Param(i) => m.str("parameter ").num(i as u128).str(": "),
        }
    }
}

impl MangleError {
    /// The error as a sentence that says what to write instead.
    pub const fn message(&self) -> ConstMsg<256> {
        let m = ConstMsg::new();
        match *self {
            MangleError::BadIdentifier { name } => m
                .str("`")
                .str(name)
                .str("` is not a C++ name; give the type its C name with `#[ptx(c_name = \"…\")]`"),
            MangleError::BadFunctionName => m.str(
                "the function name must be a C++ identifier or a `ns::inner::name` path whose \
                 components are identifiers and no C++ keyword",
            ),
            MangleError::Unsupported { index, reason } => m
                .str("parameter ")
                .num(index as u128)
                .str(": ")
                .str(reason),
            MangleError::ArrayByValue { index } => m
                .str("parameter ")
                .num(index as u128)
                .str(" is an array by value, which C++ cannot pass; use `DevicePtr<[T; N]>` (`T (*)[N]`) or wrap it in a struct"),
            MangleError::TooLong { capacity } => m
                .str("the mangled name needs more than the ")
                .num(capacity as u128)
                .str(" bytes `mangle` works in; use `mangle_in::<{ mangled_capacity(name, params) }>` or, with `alloc`, `mangle_to_string`"),
            MangleError::Spelling { site, token, reason } => {
                site.describe(m).str("`").str(token).str("` ").str(reason)
            }
            MangleError::ArgumentCount { expected, given } => m
                .str("the template declares ")
                .num(expected as u128)
                .str(if expected == 1 { " parameter" } else { " parameters" })
                .str(" but the instantiation gives ")
                .num(given as u128)
                .str(if given == 1 { " argument" } else { " arguments" })
                .str("; write one argument per parameter, in order (only trailing parameters with a default argument may be left out)"),
            MangleError::OutOfRange { index, param, value } => CxxSite::Arg { index, param }
                .describe(m)
                .str("`")
                .str(value)
                .str("` does not fit the parameter's type; C++ refuses the narrowing conversion"),
        }
    }

    /// Where the error is, for the errors about C++ text.
    pub const fn site(&self) -> Option<CxxSite> {
        match *self {
            MangleError::Spelling { site, .. } => Some(site),
            MangleError::OutOfRange { index, param, .. } => Some(CxxSite::Arg { index, param }),
            MangleError::ArgumentCount { .. } | MangleError::BadFunctionName => Some(CxxSite::Name),
            MangleError::Unsupported { index, .. } | MangleError::ArrayByValue { index } => {
                Some(CxxSite::Param(index))
            }
            MangleError::BadIdentifier { .. } | MangleError::TooLong { .. } => None,
        }
    }
}
