//! C names of generic instantiations, built at compile time.
//!
//! C has no generics, so each instantiation of a generic Rust type needs its own C name, and
//! two instantiations must never share one (a header would declare only the first; see
//! `report::header`). The rule, applied by `#[derive(PtxAbi)]` to every generic type
//! without `#[ptx(c_name = "…")]`: the type's name, then for each type or const argument an
//! `_` and the argument's C spelling with spaces as `_`:
//!
//! | Rust                          | C name                       |
//! |-------------------------------|------------------------------|
//! | `Pair<f32, i32>`              | `Pair_float_int`             |
//! | `Pair<u64, Float4>`           | `Pair_unsigned_long_long_float4` |
//! | `Buf<16>`                     | `Buf_16`                     |
//! | `Wrap<[f32; 3]>`              | `Wrap_float_3`               |
//! | `Wrap<Pair<f32, i32>>`        | `Wrap_Pair_float_int`        |
//! | `Wrap<DevicePtr<f32>>`        | `Wrap_ptr`                   |
//!
//! Pointers are spelled `ptr` whatever they point to, so `Wrap<DevicePtr<f32>>` and
//! `Wrap<DevicePtr<i32>>` share a name: a header holding both is an error that names them, and
//! `#[ptx(c_name = "…")]` on a wrapper type is the way out.

use crate::layout::c_spelling::{scalar, vector_c_name};
use crate::layout::const_text::Decimal;
use crate::layout::desc::{Handle, TypeDesc, TypeKind};

/// The longest C name a generic instantiation may get; longer ones are a compile-time error
/// asking for `#[ptx(c_name = "…")]`.
pub const C_NAME_CAPACITY: usize = 120;

/// One generic argument of an instantiation: a type, or the value of a const parameter.
#[derive(Clone, Copy, Debug)]
pub enum CNameArg {
    /// A type argument, spelled by its C name.
    Type(&'static TypeDesc),
    /// An integer const argument, spelled in decimal (`-3` as `m3`).
    Int(i128),
}

/// A C identifier of at most `C_NAME_CAPACITY` bytes, built in a `const`.
#[derive(Clone, Copy, Debug)]
pub struct CName {
    bytes: [u8; C_NAME_CAPACITY],
    len: usize,
}

impl CName {
    const fn push(mut self, s: &str) -> CName {
        let s = s.as_bytes();
        let mut i = 0;
        while i < s.len() {
            if self.len == C_NAME_CAPACITY {
                panic!("the C name of this generic instantiation is too long; give the type `#[ptx(c_name = \"…\")]`");
            }
            self.bytes[self.len] = if s[i] == b' ' { b'_' } else { s[i] };
            self.len += 1;
            i += 1;
        }
        self
    }

    const fn push_int(mut self, v: i128) -> CName {
        if v < 0 {
            self = self.push("m");
        }
        self.push(Decimal::new(v.unsigned_abs()).as_str())
    }

    const fn push_type(self, ty: &TypeDesc) -> CName {
        match ty.kind {
            TypeKind::Scalar(s) => self.push(scalar(s)),
            TypeKind::Pad { unit, .. } => self.push(scalar(unit)),
            TypeKind::Vector { elem, lanes } => self.push(vector_c_name(elem, lanes)),
            TypeKind::Array { elem, len } => self.push_type(elem).push("_").push_int(len as i128),
            TypeKind::Pointer { .. } => self.push("ptr"),
            TypeKind::Handle(Handle::Texture) => self.push("texref"),
            TypeKind::Handle(Handle::Sampler) => self.push("samplerref"),
            TypeKind::Handle(Handle::Surface) => self.push("surfref"),
            TypeKind::Aggregate { .. } | TypeKind::EmptyClass { .. } | TypeKind::Enum { .. } => {
                self.push(ty.name)
            }
            TypeKind::Phantom => self.push("void"),
        }
    }

    /// The C name of `base<args…>`: `base`, then `_` and each argument's C spelling.
    pub const fn generic(base: &str, args: &[CNameArg]) -> CName {
        let mut out = CName {
            bytes: [0; C_NAME_CAPACITY],
            len: 0,
        }
        .push(base);
        let mut i = 0;
        while i < args.len() {
            out = out.push("_");
            out = match args[i] {
                CNameArg::Type(t) => out.push_type(t),
                CNameArg::Int(v) => out.push_int(v),
            };
            i += 1;
        }
        out
    }

    /// The name as a string.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(s) => s,
            // Only ASCII identifiers and C spellings are pushed, and a push never splits one.
            Err(_) => panic!("a C name is ASCII"),
        }
    }
}
