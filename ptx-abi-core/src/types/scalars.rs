//! §1.1: the fundamental types. Little-endian images (current GPUs are little-endian, §1.3).

use crate::codec::bits::BitFieldType;
use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::codec::{check_in, check_out, PtxAbi};
use crate::layout::desc::{Scalar, TypeDesc};

/// Copies `N` bytes out of an image of exactly `N` bytes.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn read_array<T: PtxAbi, const N: usize>(bytes: &[u8]) -> Result<[u8; N], DecodeError> {
    check_in::<T>(bytes)?;
    let mut a = [0u8; N];
    a.copy_from_slice(bytes.get(..N).unwrap_or(&[0u8; N][..]));
    Ok(a)
}

/// `PtxAbi` for a fundamental number type: little-endian bytes of its own size.
macro_rules! number {
    ($($t:ty => $scalar:ident;)*) => {$(
        impl PtxAbi for $t {
            const TYPE: &'static TypeDesc = &TypeDesc::scalar(stringify!($t), Scalar::$scalar);

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                check_out::<Self>(out)?;
                out.copy_from_slice(&self.to_le_bytes());
                Ok(())
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                read_array::<Self, { core::mem::size_of::<$t>() }>(bytes).map(<$t>::from_le_bytes)
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
                w.bytes(at, self.to_le_bytes());
            }
        }
    )*};
}

/// The integers are also bit-field types (§1.3 table).
macro_rules! integer {
    ($($t:ty => $scalar:ident;)*) => {
        number! { $($t => $scalar;)* }
        $(impl BitFieldType for $t {
            const SCALAR: Scalar = Scalar::$scalar;

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn to_raw(self) -> u64 {
                // Signed types sign-extend, unsigned ones zero-extend.
                self as i128 as u64
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn from_raw(raw: u64) -> Self {
                raw as $t
            }

            fn to_i128(self) -> i128 {
                self as i128
            }
        })*
    };
}

integer! {
    i8 => I8;
    u8 => U8;
    i16 => I16;
    u16 => U16;
    i32 => I32;
    u32 => U32;
    i64 => I64;
    u64 => U64;
}

number! {
    f32 => F32;
    f64 => F64;
}

#[cfg(feature = "half")]
number! {
    half::f16 => F16;
}

/// C++ `bool`: one byte, 0 or 1. Any other byte is a [`DecodeError::InvalidBool`].
impl PtxAbi for bool {
    const TYPE: &'static TypeDesc = &TypeDesc::scalar("bool", Scalar::Bool);

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        check_out::<Self>(out)?;
        out.copy_from_slice(&[*self as u8]);
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
        w.bytes(at, [*self as u8]);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        match read_array::<Self, 1>(bytes)? {
            [0] => Ok(false),
            [1] => Ok(true),
            [value] => Err(DecodeError::InvalidBool { value }),
        }
    }
}

impl BitFieldType for bool {
    const SCALAR: Scalar = Scalar::Bool;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn to_raw(self) -> u64 {
        self as u64
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn from_raw(raw: u64) -> Self {
        raw & 1 != 0
    }

    fn to_i128(self) -> i128 {
        self as i128
    }
}
