//! §1.3: unnamed bit-fields, including zero-length ones.

use crate::codec::bits::BitFieldType;
use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::codec::PtxAbi;
use crate::layout::desc::{TypeDesc, TypeKind};
use core::fmt;
use core::marker::PhantomData;

/// An unnamed bit-field of type `T` and width `N`: C's `T : N;` (§1.3).
///
/// Zero-sized in Rust. As a member of a derived struct or union it takes `N` bits of storage
/// (always written as zero) without raising the aggregate's alignment; with `N = 0` it moves
/// the next member to the next boundary of `T`'s storage unit.
pub struct Pad<T, const N: u32>(PhantomData<T>);

impl<T, const N: u32> Pad<T, N> {
    /// The (only) value.
    pub const fn new() -> Self {
        Pad(PhantomData)
    }
}

impl<T, const N: u32> Clone for Pad<T, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: u32> Copy for Pad<T, N> {}
impl<T, const N: u32> Default for Pad<T, N> {
    fn default() -> Self {
        Self::new()
    }
}
impl<T, const N: u32> PartialEq for Pad<T, N> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<T, const N: u32> Eq for Pad<T, N> {}
impl<T, const N: u32> core::hash::Hash for Pad<T, N> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
impl<T: BitFieldType, const N: u32> fmt::Debug for Pad<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pad<{}, {}>", T::SCALAR.rust_name(), N)
    }
}

/// An unnamed bit-field holds no data: its bits are zero in every image.
impl<T: BitFieldType, const N: u32> PtxAbi for Pad<T, N> {
    const TYPE: &'static TypeDesc = &TypeDesc {
        name: "Pad",
        kind: TypeKind::Pad {
            unit: T::SCALAR,
            width: N,
        },
    };
    /// Zero in Rust: the bits it takes are accounted for by the enclosing aggregate.
    const SIZE: usize = 0;
    /// Unnamed bit-fields do not affect alignment (§1.3).
    const ALIGN: usize = 1;

    fn encode(&self, _out: &mut [u8]) -> Result<(), EncodeError> {
        Ok(())
    }

    /// Writes nothing: the writer stores every byte no member writes as zero.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write(&self, _: &mut ImageWriter<'_>, _: usize) {}

    fn decode(_bytes: &[u8]) -> Result<Self, DecodeError> {
        Ok(Self::new())
    }
}
