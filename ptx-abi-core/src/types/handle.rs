//! §1.4: texture, sampler and surface references travel as 64-bit handles.

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::PtxAbi;
use crate::layout::desc::{Handle, TypeDesc, TypeKind};

macro_rules! handles {
    ($($name:ident => $kind:ident, $ptx:literal;)*) => {$(
        #[doc = concat!("§1.4: a `", $ptx, "` handle, passed as `.b64` at every address size.")]
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub u64);

        impl PtxAbi for $name {
            const TYPE: &'static TypeDesc = &TypeDesc {
                name: stringify!($name),
                kind: TypeKind::Handle(Handle::$kind),
            };

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
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

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                crate::types::scalars::read_array::<Self, 8>(bytes).map(|b| $name(u64::from_le_bytes(b)))
            }
        }
    )*};
}

handles! {
    TexRef => Texture, ".texref";
    SamplerRef => Sampler, ".samplerref";
    SurfRef => Surface, ".surfref";
}

// 8 bytes aligned 8 in PTX (§1.4), a `repr(transparent)` `u64` in Rust: zero-copy where the
// host aligns `u64` to 8 (not 32-bit x86), as `codec/zero_copy.rs` says of `u64`.
crate::codec::zero_copy::zero_copy! {
    #[cfg(all(target_endian = "little", not(target_arch = "x86")))]
    [] TexRef as TexRef; [] SamplerRef as SamplerRef; [] SurfRef as SurfRef;
}
