//! Random PTX images of a described type, and the round-trip property of the codec on them
//! (issue 23): `decode` either refuses an image or gives a value whose `encode` succeeds and
//! keeps exactly the image's value bits.
//!
//! Shared, as a module, by oracle-tests (every golden-corpus type through the derive), the
//! facade's `tests/data/fuzz_types.rs` (proptest) and the `decode` fuzz target
//! (`fuzz/src/lib.rs` compiles this file with `#[path]`), so it uses nothing but
//! `ptx_abi_core` and `std`.
//!
//! Where the value bits are is read from the type's description and the engine's placements
//! ([`value_mask`]), independently of the codec under test: every bit of a number, pointer,
//! handle, vector lane or named bit-field, and the whole byte of a `bool` and the whole integer
//! of an enum (decode must refuse a `bool` byte of 3, not read it as `true`, so those bits
//! must come back as they were). Padding and unnamed bit-fields carry none. A union's value
//! bits are those of the member it decodes through, which the description does not name, so a
//! type holding a union has no mask; [`RoundTrips`] then checks that every bit is either
//! always kept or always dropped.

use std::any::Any;
use std::fmt::Write as _;

use ptx_abi_core::codec::PtxAbi;
use ptx_abi_core::layout::desc::{AggregateKind, Scalar, TypeDesc, TypeKind};
use ptx_abi_core::layout::Placements;
use ptx_abi_core::layout::{try_layout_of, AddressSize};

/// A small deterministic generator (SplitMix64): the samples of a case depend only on its key.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// A generator started from the bytes of `key` (FNV-1a).
    pub fn from_key(key: &str) -> SplitMix {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in key.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        SplitMix(h)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// `true` `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// `len` random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

/// The size of `ty` at `.address_size 64` (0 when it has no layout).
fn size64(ty: &TypeDesc) -> usize {
    try_layout_of(ty, AddressSize::A64).map_or(0, |l| l.size)
}

/// A discriminant as the `size` little-endian bytes of its two's complement.
fn discriminant_bytes(value: i128, size: usize) -> Vec<u8> {
    value.to_le_bytes()[..size.min(16)].to_vec()
}

/// Makes `image` (the whole image of `ty`, [`PtxAbi::SIZE`] bytes) one that decodes, keeping
/// its other bits: every `bool` byte becomes 0 or 1 and every enum a discriminant, each chosen
/// by `pick(n)` (a number below `n`). In a union, `pick` also chooses the member made valid;
/// the union decodes only when that is the member it decodes through (or one as valid), so a
/// type holding a union is made valid only for some choices.
pub fn make_valid(ty: &TypeDesc, image: &mut [u8], pick: &mut dyn FnMut(u64) -> u64) {
    fix(ty, image, 0, pick);
}

fn fix(ty: &TypeDesc, img: &mut [u8], at: usize, pick: &mut dyn FnMut(u64) -> u64) {
    match ty.kind {
        TypeKind::Scalar(Scalar::Bool) => set_byte(img, at, pick(2) as u8),
        TypeKind::Vector {
            elem: Scalar::Bool,
            lanes,
        } => (0..lanes).for_each(|i| set_byte(img, at + i, pick(2) as u8)),
        TypeKind::Enum { repr, variants } if !variants.is_empty() => {
            let v = variants[pick(variants.len() as u64) as usize].value;
            for (i, b) in discriminant_bytes(v, repr.size()).into_iter().enumerate() {
                set_byte(img, at + i, b);
            }
        }
        TypeKind::Array { elem, len } => {
            let step = size64(elem);
            for i in 0..len {
                fix(elem, img, at + i * step, pick);
            }
        }
        TypeKind::Aggregate {
            kind: AggregateKind::Struct,
            ..
        } => {
            for (m, p) in Placements::new(ty, AddressSize::A64).flatten() {
                // Any bits are a valid bit-field (a `bool` bit-field is one bit wide).
                if p.bits.is_none() {
                    fix(m.ty, img, at + p.offset, pick);
                }
            }
        }
        TypeKind::Aggregate {
            kind: AggregateKind::Union,
            members,
            ..
        } => {
            let k = pick(members.len() as u64) as usize;
            let chosen = Placements::new(ty, AddressSize::A64)
                .flatten()
                .nth(k)
                .filter(|(_, p)| p.bits.is_none());
            if let Some((m, p)) = chosen {
                fix(m.ty, img, at + p.offset, pick);
            }
        }
        _ => {}
    }
}

fn set_byte(img: &mut [u8], at: usize, b: u8) {
    if let Some(slot) = img.get_mut(at) {
        *slot = b;
    }
}

/// The value bits of `ty`'s image (one bit set per bit a value can have), or `None` when `ty`
/// holds a union (see the module's documentation).
pub fn value_mask(ty: &TypeDesc) -> Option<Vec<u8>> {
    let mut mask = vec![0u8; size64(ty)];
    mask_of(ty, &mut mask, 0).then_some(mask)
}

fn set_bits(mask: &mut [u8], first_bit: usize, count: usize) {
    for bit in first_bit..first_bit + count {
        if let Some(b) = mask.get_mut(bit / 8) {
            *b |= 1 << (bit % 8);
        }
    }
}

fn mask_of(ty: &TypeDesc, mask: &mut [u8], at: usize) -> bool {
    match ty.kind {
        TypeKind::Scalar(s) => set_bits(mask, at * 8, s.size() * 8),
        TypeKind::Pointer { .. } => set_bits(mask, at * 8, 64),
        TypeKind::Handle(_) => set_bits(mask, at * 8, 64),
        TypeKind::Vector { elem, lanes } => set_bits(mask, at * 8, lanes * elem.size() * 8),
        TypeKind::Enum { repr, .. } => set_bits(mask, at * 8, repr.size() * 8),
        TypeKind::Array { elem, len } => {
            let step = size64(elem);
            for i in 0..len {
                if !mask_of(elem, mask, at + i * step) {
                    return false;
                }
            }
        }
        TypeKind::Aggregate {
            kind: AggregateKind::Struct,
            ..
        } => {
            for (m, p) in Placements::new(ty, AddressSize::A64).flatten() {
                match (p.bits, m.ty.kind) {
                    // An unnamed bit-field (`Pad`) holds no value.
                    (_, TypeKind::Pad { .. }) => {}
                    (Some(b), _) => set_bits(
                        mask,
                        (at + p.offset) * 8 + b.start as usize,
                        b.width as usize,
                    ),
                    (None, _) => {
                        if !mask_of(m.ty, mask, at + p.offset) {
                            return false;
                        }
                    }
                }
            }
        }
        TypeKind::Aggregate {
            kind: AggregateKind::Union,
            ..
        } => return false,
        // An unnamed bit-field and an empty class's byte hold no value.
        TypeKind::Pad { .. } | TypeKind::Phantom | TypeKind::EmptyClass { .. } => {}
    }
    true
}

/// What `decode` made of an image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundTrip {
    /// `decode` refused it, with this message.
    Refused(String),
    /// `decode` gave a value, whose image (`encode` of it) is this.
    Kept(Vec<u8>),
}

/// A value of some `PtxAbi` type behind a vtable: what the checks need of the derived code
/// (encode, `==`), so that the checks themselves are written once, not instantiated for each
/// type. The golden corpus, the live seed and the importer's suites instantiate the generic
/// part for thousands of types in three profiles; what is generic is the derived code and
/// these few lines, and the optimizer's time goes to the derived code.
///
/// Not `Debug`: what goes wrong is reported with images (and, by the corpus's checks, the
/// value's Rust expression), so no case type's `Debug` is compiled. Its `{:?}` in this vtable
/// was 8.5 % of the corpus programs' unoptimized IR; without it a `release` build of a corpus
/// part took about a tenth less time.
pub trait Value {
    /// `PtxAbi::encode` into `out` (exactly the type's size).
    fn encode_dyn(&self, out: &mut [u8]) -> Result<(), String>;
    /// `PtxAbi::to_ptx_bytes`: the value's image as a user gets it.
    fn to_bytes_dyn(&self) -> Result<Vec<u8>, String>;
    /// `==` with `other` (`false` when it is a value of another type).
    fn eq_dyn(&self, other: &dyn Value) -> bool;
    /// The value as `Any`, for [`Value::eq_dyn`].
    fn as_any(&self) -> &dyn Any;
}

impl<T: PtxAbi + PartialEq + 'static> Value for T {
    fn encode_dyn(&self, out: &mut [u8]) -> Result<(), String> {
        self.encode(out).map_err(|e| e.to_string())
    }

    fn to_bytes_dyn(&self) -> Result<Vec<u8>, String> {
        self.to_ptx_bytes().map_err(|e| e.to_string())
    }

    fn eq_dyn(&self, other: &dyn Value) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `T::decode` of an image, the value boxed as a [`Value`] (the message of a refusal as text).
pub type DecodeFn = fn(&[u8]) -> Result<Box<dyn Value>, String>;

/// The [`DecodeFn`] of `T`: its derived `decode`.
pub fn decode_dyn<T: PtxAbi + PartialEq + 'static>(image: &[u8]) -> Result<Box<dyn Value>, String> {
    match T::decode(image) {
        Ok(v) => Ok(Box::new(v)),
        Err(e) => Err(e.to_string()),
    }
}

/// Decodes `image` as a `T`; when that gives a value, checks that it encodes, that its image
/// decodes again to the same value (unless the value is not equal to itself: a NaN) and that
/// the second image is the first. `Err` says which of these failed. [`round_trip_dyn`] on
/// `T`'s decoder.
pub fn round_trip<T: PtxAbi + PartialEq + 'static>(image: &[u8]) -> Result<RoundTrip, String> {
    round_trip_dyn(image, T::SIZE, decode_dyn::<T>)
}

/// [`round_trip`] through `decode`, the decoder of a type of `size` bytes. Not generic: the
/// bits are compared by [`RoundTrips::add`].
pub fn round_trip_dyn(image: &[u8], size: usize, decode: DecodeFn) -> Result<RoundTrip, String> {
    let value = match decode(image) {
        Ok(v) => v,
        Err(e) => return Ok(RoundTrip::Refused(e)),
    };
    let mut kept = vec![0u8; size];
    value
        .encode_dyn(&mut kept)
        .map_err(|e| format!("decode gave a value that does not encode: {e}"))?;
    let again = decode(&kept)
        .map_err(|e| format!("decode gave a value whose image {kept:02x?} does not decode: {e}"))?;
    // A value holding a NaN equals nothing, itself included (`equals_itself`).
    if value.eq_dyn(&*value) && !again.eq_dyn(&*value) {
        let again_image = again.to_bytes_dyn();
        return Err(format!(
            "decode gave a value whose image {kept:02x?} decodes to another value (whose \
             image is {again_image:02x?})"
        ));
    }
    let mut twice = vec![0u8; size];
    again
        .encode_dyn(&mut twice)
        .map_err(|e| format!("the value decoded from {kept:02x?} again does not encode: {e}"))?;
    if twice != kept {
        return Err(format!(
            "encode(decode(image)) is {kept:02x?}, but encoding it once more gives {twice:02x?}"
        ));
    }
    Ok(RoundTrip::Kept(kept))
}

/// Whether `v == v`: not so for a value holding a NaN, which no decoded value can equal.
#[allow(clippy::eq_op)]
pub fn equals_itself<T: PartialEq>(v: &T) -> bool {
    v == v
}

/// The bits of every round trip of one type, checked sample by sample against its
/// [`value_mask`] and, across samples, for consistency.
#[derive(Clone, Debug)]
pub struct RoundTrips {
    mask: Option<Vec<u8>>,
    /// Bits some round trip kept.
    kept: Vec<u8>,
    /// Bits some round trip dropped (set in the image, clear in its round trip).
    dropped: Vec<u8>,
    /// Samples that decoded.
    pub decoded: usize,
}

impl RoundTrips {
    /// The round trips of `ty`.
    pub fn new(ty: &TypeDesc) -> RoundTrips {
        let size = size64(ty);
        RoundTrips {
            mask: value_mask(ty),
            kept: vec![0; size],
            dropped: vec![0; size],
            decoded: 0,
        }
    }

    /// The type's value bits, when known (it holds no union).
    pub fn mask(&self) -> Option<&[u8]> {
        self.mask.as_deref()
    }

    /// Adds the round trip `kept` of `image`: it may hold only bits of `image` and, when the
    /// mask is known, exactly the image's value bits.
    pub fn add(&mut self, image: &[u8], kept: &[u8]) -> Result<(), String> {
        self.decoded += 1;
        if image.len() != kept.len() || image.len() != self.kept.len() {
            return Err(format!(
                "image of {} bytes, its round trip {} bytes, the type {}",
                image.len(),
                kept.len(),
                self.kept.len()
            ));
        }
        for (i, (&x, &y)) in image.iter().zip(kept).enumerate() {
            if y & !x != 0 {
                return Err(format!(
                    "byte {i}: the image holds {x:#04x}, encode(decode(image)) {y:#04x}: it \
                     sets bits the image does not have\n  image      {image:02x?}\n  round trip \
                     {kept:02x?}"
                ));
            }
            if let Some(mask) = &self.mask {
                if y != x & mask[i] {
                    return Err(format!(
                        "byte {i}: the image holds {x:#04x}, of which {:#04x} are value bits, \
                         but encode(decode(image)) holds {y:#04x}\n  image      {image:02x?}\n  \
                         round trip {kept:02x?}\n  value bits {mask:02x?}",
                        x & mask[i]
                    ));
                }
            }
            self.kept[i] |= y;
            self.dropped[i] |= x & !y;
        }
        Ok(())
    }

    /// Checks, over every sample added, that no bit was kept by one round trip and dropped by
    /// another: `encode(decode(image))` is the image under one fixed mask.
    pub fn finish(&self) -> Result<(), String> {
        for (i, (&k, &d)) in self.kept.iter().zip(&self.dropped).enumerate() {
            if k & d != 0 {
                return Err(format!(
                    "byte {i}: bits {:#04x} were kept by some round trips and dropped by others \
                     (encode(decode(image)) is not the image under one fixed mask)",
                    k & d
                ));
            }
        }
        Ok(())
    }
}

/// Writes `image` as lower-case hex, for messages.
pub fn hex(image: &[u8]) -> String {
    let mut s = String::with_capacity(image.len() * 2);
    for b in image {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptx_abi_core::layout::desc::{Member, TypeDesc};

    static MEMBERS: [Member; 3] = [
        Member {
            name: "flag",
            ty: <bool as PtxAbi>::TYPE,
            bits: None,
            align: 0,
        },
        Member {
            name: "n",
            ty: <u32 as PtxAbi>::TYPE,
            bits: None,
            align: 0,
        },
        Member {
            name: "x",
            ty: <i16 as PtxAbi>::TYPE,
            bits: None,
            align: 0,
        },
    ];
    static S: TypeDesc = TypeDesc {
        name: "S",
        kind: TypeKind::Aggregate {
            kind: AggregateKind::Struct,
            align: 0,
            pack: 0,
            members: &MEMBERS,
        },
    };

    /// `struct S { bool flag; unsigned n; short x; }`: 12 bytes, `flag` at 0, `n` at 4, `x` at
    /// 8 (NVRTC's layout of the C struct, written out here by hand).
    #[test]
    fn value_bits_of_a_struct() {
        let mask = value_mask(&S).unwrap();
        assert_eq!(
            mask,
            [0xff, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0]
        );
        let mut img = vec![0xffu8; 12];
        let mut rng = SplitMix::new(1);
        make_valid(&S, &mut img, &mut |n| rng.below(n));
        assert!(img[0] <= 1, "{img:?}");
        assert_eq!(&img[1..], &[0xff; 11]);
    }

    #[test]
    fn inconsistent_round_trips_are_reported() {
        let mut r = RoundTrips::new(&S);
        let a = [1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0];
        r.add(&a, &a).unwrap();
        // Setting a bit the image does not have.
        let mut b = a;
        b[11] = 1;
        assert!(r.add(&a, &b).is_err());
        // Dropping a value bit.
        let mut c = a;
        c[4] = 0;
        assert!(r.add(&a, &c).unwrap_err().contains("byte 4"));
        // Keeping a padding bit.
        let mut d = a;
        d[2] = 7;
        assert!(r.add(&d, &d).unwrap_err().contains("byte 2"));
        // Without a mask, a bit kept once and dropped once.
        let mut r = RoundTrips::new(&S);
        r.mask = None;
        r.add(&[0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0], &[0; 12])
            .unwrap();
        r.add(
            &[0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            &[0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        )
        .unwrap();
        assert!(r.finish().unwrap_err().contains("byte 2"));
    }
}
