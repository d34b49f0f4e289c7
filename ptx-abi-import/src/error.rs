//! What can go wrong, each naming the declaration and where it is.

use std::fmt;

use crate::model::Loc;

/// A declaration the importer cannot express in ptx-abi, with where it is and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Where the declaration is.
    pub loc: Loc,
    /// The C++ name of the declaration (`Particle`, `Particle::data`).
    pub decl: String,
    /// What is wrong and what to write instead.
    pub why: String,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: `{}`: {}", self.loc, self.decl, self.why)
    }
}

/// Why an import failed.
#[derive(Debug)]
pub enum ImportError {
    /// No clang was found (nor allowed to be fetched).
    NoClang(String),
    /// clang ran and rejected the header (its diagnostics).
    Clang(String),
    /// Reading or writing a file, or running a tool, failed.
    Io(String),
    /// clang's AST dump could not be read.
    Ast(String),
    /// Declarations the importer cannot express, all of them.
    Unsupported(Vec<Unsupported>),
    /// A type named by `allow` or `decode_member` is not in the header.
    NotFound(String),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::NoClang(m) => write!(f, "no clang to read the header with: {m}"),
            ImportError::Clang(m) => write!(f, "clang rejected the header:\n{m}"),
            ImportError::Io(m) => write!(f, "{m}"),
            ImportError::Ast(m) => write!(f, "unreadable clang AST: {m}"),
            ImportError::NotFound(m) => write!(f, "{m}"),
            ImportError::Unsupported(list) => {
                write!(
                    f,
                    "{} declaration{} cannot be imported:",
                    list.len(),
                    if list.len() == 1 { "" } else { "s" }
                )?;
                for u in list {
                    write!(f, "\n  {u}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ImportError {}
