//! The second miscompilation of issue 20 (docs/release-miscompile.md, "The AVX-512 decode"):
//! golden-corpus case `c02b0a_67`, whose round trip failed in the `aggressive` profile
//! (fat LTO, one codegen unit, `-C target-cpu=native`) on a machine with AVX-512, with rustc
//! 1.95.0 (LLVM 22.1.2). Decoding an image and copying the value gave `-1` for the `short`
//! member of two array elements whose 48-bit bit-field is negative. Other profiles, nightly,
//! and machines without AVX-512 never showed it.
//!
//! Prints `{"case":"c02b0a_67","round_trip":"ok"}` when decoding the image, encoding the value,
//! decoding that image and encoding it once more all agree, as `cargo xtask test` requires in
//! every profile; otherwise what differed.
#![allow(non_camel_case_types)]
use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Tc02b0a_67_0 {
    pub m0: i16,
    #[ptx(bits = 48)]
    pub m1: i64,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 32)]
pub struct Tc02b0a_67_1 {
    pub m0: [[Tc02b0a_67_0; 4]; 2],
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
pub struct Tc02b0a_67_2 {
    pub m0: ptx_abi::types::Short3,
    pub _u1: ptx_abi::Pad<u8, 3>,
    #[ptx(bits = 5)]
    pub m2: i8,
    #[ptx(bits = 9)]
    pub m3: u16,
    #[ptx(bits = 55)]
    pub m4: i64,
    #[ptx(bits = 28)]
    pub m5: i64,
    #[ptx(bits = 43)]
    pub m6: u64,
    #[ptx(bits = 8)]
    pub m7: u8,
    pub m8: Tc02b0a_67_1,
}

/// The image the golden corpus's round trip drew for the case (a valid image: every bit of it
/// is a value bit, and decoding it must give a value that encodes back to it).
const IMAGE: &str = "5f6c685b3c2321bb550eaf273abf93696b0c5718c59cf400f5e9051b61e0a1725ab2a70c\
                     7a086f5e35e792fb946823bf9b54ffc5fef07b40a67cdcc7bf0a495211529f7a725a4db3\
                     9f48e7843193e8367ab3027e5a51d7d57e2a0ab929afba63";

/// The corpus harness's round trip (`ptx_abi_oracle::images::round_trip`), whose shape the
/// miscompilation needed: decode, encode, decode again, compare, encode once more.
#[inline(never)]
fn round_trip<T: PtxAbi + PartialEq + std::fmt::Debug>(image: &[u8]) -> Result<(), String> {
    let value = T::decode(image).map_err(|e| format!("decode: {e}"))?;
    let mut kept = vec![0u8; T::SIZE];
    value
        .encode(&mut kept)
        .map_err(|e| format!("encode: {e}"))?;
    let again = T::decode(&kept).map_err(|e| format!("decode again: {e}"))?;
    if again != value {
        return Err(format!(
            "{value:?} encodes to {kept:02x?}, which decodes to {again:?}"
        ));
    }
    let mut twice = vec![0u8; T::SIZE];
    again
        .encode(&mut twice)
        .map_err(|e| format!("encode again: {e}"))?;
    if twice != kept {
        return Err(format!(
            "encode(decode(image)) is {kept:02x?}, but encoding it once more gives {twice:02x?}"
        ));
    }
    Ok(())
}

fn main() {
    let image: Vec<u8> = (0..IMAGE.len() / 2)
        .map(|i| u8::from_str_radix(&IMAGE[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    let check: fn(&[u8]) -> Result<(), String> = std::hint::black_box(round_trip::<Tc02b0a_67_2>);
    match check(&image) {
        Ok(()) => println!("{{\"case\":\"c02b0a_67\",\"round_trip\":\"ok\"}}"),
        Err(e) => println!("{{\"case\":\"c02b0a_67\",\"round_trip\":{e:?}}}"),
    }
}
