//! C's `long` and `unsigned long` (`size_t`), which C++ names differently from `long long`
//! (chapter 7: `l` and `m` instead of `x` and `y`) although on 64-bit Linux hosts (LP64) they
//! have the same 8-byte layout and `.param` (`.u64` / `.b64`). Use them only where the C++
//! side says `long`, `unsigned long` or `size_t`, and only for LP64 targets (on Windows `long`
//! is 4 bytes).

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::PtxAbi;
use crate::layout::cxx_type::CxxType;
use crate::layout::desc::{Scalar, TypeDesc};

macro_rules! c_long {
    ($($name:ident($t:ty) => $scalar:ident, $c:literal, $code:literal;)*) => {$(
        #[doc = concat!("C's `", $c, "` on LP64 hosts: an `", stringify!($t),
            "` in layout and `.param`, mangled `", $code, "` in C++ names (chapter 7).")]
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub $t);

        impl PtxAbi for $name {
            const TYPE: &'static TypeDesc = &TypeDesc::scalar($c, Scalar::$scalar);
            const CXX: &'static CxxType = &CxxType::Builtin($code);

            fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                crate::codec::check_out::<Self>(out)?;
                out.copy_from_slice(&self.0.to_le_bytes());
                Ok(())
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn __write(&self, w: &mut crate::codec::writer::ImageWriter<'_>, at: usize) {
                w.bytes(at, self.0.to_le_bytes());
            }

            fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                crate::types::scalars::read_array::<Self, 8>(bytes)
                    .map(|b| $name(<$t>::from_le_bytes(b)))
            }
        }
    )*};
}

c_long! {
    CLong(i64) => I64, "long", "l";
    CULong(u64) => U64, "unsigned long", "m";
}
