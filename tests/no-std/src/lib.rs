//! A `#![no_std]` crate without `alloc` that derives `PtxAbi` with a renamed dependency and
//! without the implicit prelude: generated code must use absolute paths only.
#![no_std]
#![no_implicit_prelude]

use ::abi::types::Float2;
use ::abi::{DevicePtr, Pad, PtxAbi};

/// A bit-field struct (§1.3).
#[derive(PtxAbi, Clone, Copy)]
#[ptx(crate = ::abi)]
pub struct Header {
    #[ptx(bits = 4)]
    pub version: u8,
    #[ptx(bits = 12)]
    pub flags: i16,
    pub _pad: Pad<u32, 0>,
    pub data: DevicePtr<u8>,
    pub scale: Float2,
}

/// A union in enum form.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(crate = ::abi, union)]
pub enum Word {
    /// A float.
    F(f32),
    /// A signed byte in a bit-field.
    #[ptx(bits = 8)]
    S(i16),
}

/// A field-less enum.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(crate = ::abi)]
#[repr(u8)]
pub enum Mode {
    /// Off.
    Off,
    /// On.
    On,
}

/// A C++ kernel template's instantiation (chapter 7): its name computed in `const`, without
/// `alloc`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(crate = ::abi, kernel = "scale<float, 4>", abi = "c++", template = "typename T, int N")]
pub struct Scale {
    /// `const T*`.
    #[ptx(cxx = "const T*")]
    pub x: ::abi::DeviceConstPtr<f32>,
    /// The mode.
    pub mode: Mode,
}

/// Encodes a header into a stack buffer, no allocation anywhere.
pub fn encode_header(h: &Header) -> ::core::result::Result<[u8; 24], ::abi::EncodeError> {
    let mut out = [0u8; <Header as PtxAbi>::SIZE];
    h.encode(&mut out)?;
    ::core::result::Result::Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[::core::prelude::v1::test]
    fn encodes_without_std() {
        let h = Header {
            version: 3,
            flags: -2,
            _pad: Pad::new(),
            data: DevicePtr::from_raw(0x10),
            scale: Float2::new([1.0, 2.0]),
        };
        let bytes = encode_header(&h).ok().unwrap_or([0xEE; 24]);
        ::core::assert_eq!(&bytes[..2], &[0xE3, 0xFF]);
        ::core::assert_eq!(bytes[8], 0x10);
        ::core::assert_eq!(<Word as PtxAbi>::SIZE, 4);
        let mut w = [0u8; 4];
        ::core::assert!(Word::S(-1).encode(&mut w).is_ok());
        ::core::assert_eq!(w, [0xFF, 0, 0, 0]);
        let mut m = [0u8; 1];
        ::core::assert!(Mode::On.encode(&mut m).is_ok());
        ::core::assert_eq!(m, [1]);
    }
}
