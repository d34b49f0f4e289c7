//! §1.3: reading and writing bit-fields inside their storage units, least significant bit
//! first, one little-endian word at a time (no bit-at-a-time loops).

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::codec::PtxAbi;
use crate::layout::desc::Scalar;
use crate::layout::Placement;

/// An integer or `bool` type that can be a bit-field (§1.3 table).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a bit-field",
    label = "bit-fields must be integers or `bool` (PTX §1.3)",
    note = "remove `#[ptx(bits = N)]`, or use an integer type such as `u32`"
)]
pub trait BitFieldType: PtxAbi + Copy {
    /// The fundamental type (its size is the storage unit).
    const SCALAR: Scalar;
    /// The value's two's-complement bits, sign-extended to 64 bits for signed types.
    fn to_raw(self) -> u64;
    /// The value from 64 bits already sign- or zero-extended from the field's width.
    fn from_raw(raw: u64) -> Self;
    /// The value as a wide integer, for error messages.
    fn to_i128(self) -> i128;

    /// Derive support: writes the named bit-field placed at `p` after a range check.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __put_bits(
        out: &mut [u8],
        p: &Placement,
        value: Self,
        ty: &'static str,
        field: &'static str,
    ) -> Result<(), EncodeError> {
        let width = match p.bits {
            Some(b) => b.width,
            None => 0,
        };
        let raw = value.to_raw();
        if !fits(raw, width, Self::SCALAR.is_signed()) {
            return Err(overflow(ty, field, width, value));
        }
        if insert(out, p, raw) {
            Ok(())
        } else {
            Err(EncodeError::buffer_size(ty, p.offset + p.size, out.len()))
        }
    }

    /// Derive support: writes the named bit-field placed at `p` in the aggregate at `at`
    /// through `w`: its bits ORed into the word its storage unit lies in (§1.3: a unit is
    /// aligned to its size, at most 8 bytes, so inside one aligned word). A value out of the
    /// field's range is recorded in `w` (and written masked to the width).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write_bits(
        w: &mut ImageWriter<'_>,
        at: usize,
        p: &Placement,
        value: Self,
        ty: &'static str,
        field: &'static str,
    ) {
        let Some(range) = p.bits else { return };
        let raw = value.to_raw();
        let signed = Self::SCALAR.is_signed();
        let in_range = fits(raw, range.width, signed);
        let quick = w.rewrites_failed();
        if quick {
            // No error to build: the image is marked, and written again if marked.
            w.mark_failed_if(!in_range);
        } else if !in_range {
            w.fail(overflow(ty, field, range.width, value));
        }
        let unit_at = at + p.offset;
        let word_at = unit_at & !7;
        // An unsigned value that fits is its own bits; one that does not fails a quick
        // writer's image, which is then written again by a writer that masks.
        let bits = if quick && !signed {
            raw
        } else {
            raw & mask(range.width)
        } << range.start;
        w.or_word(word_at, bits << ((unit_at - word_at) * 8));
    }

    /// Derive support: reads the named bit-field placed at `p`, sign-extended if signed.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __get_bits(bytes: &[u8], p: &Placement) -> Result<Self, DecodeError> {
        match extract(bytes, p, Self::SCALAR.is_signed()) {
            Some(raw) => Ok(Self::from_raw(raw)),
            None => Err(DecodeError::length(
                Self::TYPE.name,
                p.offset + p.size,
                bytes.len(),
            )),
        }
    }
}

#[cold]
fn overflow<F: BitFieldType>(
    ty: &'static str,
    field: &'static str,
    width: u32,
    v: F,
) -> EncodeError {
    EncodeError::BitFieldOverflow {
        ty,
        field,
        width,
        signed: F::SCALAR.is_signed(),
        value: v.to_i128(),
    }
}

/// All ones in the low `width` bits.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub const fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Whether `raw` (as produced by [`BitFieldType::to_raw`]) fits a field of `width` bits.
///
/// A signed value `v` fits when `-2^(width-1) <= v < 2^(width-1)`, that is when
/// `v + 2^(width-1)` lies in `0..2^width`: one add and one unsigned compare (the `lea`, `cmp`
/// of a hand-written range check), where comparing the bits above the field with all zeros
/// or all ones took a shift, a decrement and a compare in every encoder.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub const fn fits(raw: u64, width: u32, signed: bool) -> bool {
    if width == 0 {
        return false;
    }
    if width >= 64 {
        return true;
    }
    if signed {
        // `raw` is `v` sign-extended: for `v < -2^(width-1)` the sum wraps past `u64::MAX`
        // into the top half, and for `v >= 2^(width-1)` it is at least `2^width`.
        raw.wrapping_add(1 << (width - 1)) < 1 << width
    } else {
        raw >> width == 0
    }
}

/// Sign- or zero-extends the low `width` bits of `raw` to 64 bits.
///
/// The sign is extended without an arithmetic shift: the bits below the field's sign bit,
/// less the sign bit's weight (`(raw & (top - 1)) - (raw & top)`, `top = 2^(width-1)`), which
/// is the two's complement value of the field. The usual `shl`/`ashr` pair became, for the
/// 48-bit fields of the case that failed, an AVX-512 `vpsravq` that rustc 1.95's x86 back end
/// gave out-of-range counts for lanes it believed came out zero, and decoded `short`s next to
/// negative 48-bit fields as `-1` (`docs/release-miscompile.md`, "The AVX-512 decode"). This
/// form compiles to a logical shift, two `and`s and a `sub`, scalar or vector (`vpsrlvq`,
/// `vpandq`, `vpsubq`), and the decoder that failed with the shift pair decodes that case
/// right with it; a select (`v | !mask` when the sign bit is set), the form before it, still
/// became a scalar sign splat (`movsx`, `sar`) for narrow fields and cost two instructions
/// more. No form is a proof against the back end: what proves a build is the corpus run in
/// `aggressive` on an AVX-512 machine.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub const fn extend(raw: u64, width: u32, signed: bool) -> u64 {
    if signed && width > 0 && width < 64 {
        // The bits below the sign bit, less the sign bit's weight when it is set.
        let top = 1 << (width - 1);
        (raw & (top - 1)).wrapping_sub(raw & top)
    } else {
        raw & mask(width)
    }
}

/// Reads the little-endian storage unit at `p` (1, 2, 4 or 8 bytes), or `None` when it does
/// not lie inside `bytes`.
///
/// One load of the unit's own width: never a byte more than the unit, never byte by byte. The
/// optimizer then sees each storage unit as one integer of its C type, which is what keeps
/// release builds clear of the LLVM 22 miscompilation described in
/// `docs/release-miscompile.md` (an access wider than the unit made LLVM assemble the image
/// in a 56-bit integer from two 32-bit loads, and AggressiveInstCombine turned that into zeros).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn read_unit(bytes: &[u8], p: &Placement) -> Option<u64> {
    let unit = bytes.get(p.offset..)?;
    Some(match p.size {
        1 => u8::from_le_bytes(*unit.first_chunk::<1>()?) as u64,
        2 => u16::from_le_bytes(*unit.first_chunk::<2>()?) as u64,
        4 => u32::from_le_bytes(*unit.first_chunk::<4>()?) as u64,
        8 => u64::from_le_bytes(*unit.first_chunk::<8>()?),
        _ => return None,
    })
}

/// Writes the little-endian storage unit at `p` (one store of the unit's own width, see
/// [`read_unit`]); `false` when it does not lie inside `bytes`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn write_unit(bytes: &mut [u8], p: &Placement, word: u64) -> bool {
    let Some(unit) = bytes.get_mut(p.offset..) else {
        return false;
    };
    match p.size {
        1 => put(unit, (word as u8).to_le_bytes()),
        2 => put(unit, (word as u16).to_le_bytes()),
        4 => put(unit, (word as u32).to_le_bytes()),
        8 => put(unit, word.to_le_bytes()),
        _ => false,
    }
}

/// Stores `word` at the start of `unit`; `false` when `unit` is shorter.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn put<const N: usize>(unit: &mut [u8], word: [u8; N]) -> bool {
    match unit.first_chunk_mut::<N>() {
        Some(slot) => {
            *slot = word;
            true
        }
        None => false,
    }
}

/// §1.3: replaces the bits of the bit-field at `p` with the low bits of `raw` (already
/// range-checked), leaving the other bits of its storage unit as they were: one
/// read-modify-write of exactly the unit (see [`read_unit`] for why never wider).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn insert(bytes: &mut [u8], p: &Placement, raw: u64) -> bool {
    let Some(range) = p.bits else { return false };
    let field_mask = mask(range.width) << range.start;
    let field = (raw << range.start) & field_mask;
    let Some(word) = read_unit(bytes, p) else {
        return false;
    };
    write_unit(bytes, p, (word & !field_mask) | field)
}

/// The bits of the bit-field at `p`, sign-extended when `signed`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn extract(bytes: &[u8], p: &Placement, signed: bool) -> Option<u64> {
    let range = p.bits?;
    let word = read_unit(bytes, p)?;
    Some(extend(word >> range.start, range.width, signed))
}

#[cfg(test)]
mod tests {
    use super::{extend, fits, mask};
    use alloc::vec::Vec;

    /// `fits` against the ranges of two's-complement and unsigned fields computed in `i128`,
    /// for every width and values at and around each end of each range.
    #[test]
    fn fits_is_the_fields_range() {
        for width in 1..=64u32 {
            let (smin, smax) = (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1);
            let umax = (1i128 << width) - 1;
            let around = |x: i128| [x - 2, x - 1, x, x + 1, x + 2];
            let mut values: Vec<i128> = [smin, smax, 0, umax, i64::MIN as i128, i64::MAX as i128]
                .into_iter()
                .flat_map(around)
                .collect();
            values.extend([u64::MAX as i128, 0x5e6f_087a_0ca7_b25a]);
            for v in values {
                if (i64::MIN as i128..=i64::MAX as i128).contains(&v) {
                    assert_eq!(
                        fits(v as i64 as u64, width, true),
                        (smin..=smax).contains(&v),
                        "signed, width {width}, {v}"
                    );
                }
                if (0..=u64::MAX as i128).contains(&v) {
                    assert_eq!(
                        fits(v as u64, width, false),
                        (0..=umax).contains(&v),
                        "unsigned, width {width}, {v}"
                    );
                }
            }
            assert!(!fits(0, 0, true) && !fits(0, 0, false));
        }
    }

    /// `extend` against the two's-complement definition (an `i64` shift pair, the form it no
    /// longer uses: see its doc), for every width and bit patterns at and around each sign bit.
    #[test]
    fn extend_is_sign_or_zero_extension() {
        for width in 1..=64u32 {
            let top = 1u64 << (width - 1);
            let samples = [
                0,
                1,
                top,
                top - 1,
                top | 1,
                mask(width),
                mask(width) ^ top,
                0x5e6f_087a_0ca7_b25a,
                u64::MAX,
            ];
            for raw in samples {
                let bits = raw & mask(width);
                let shift = 64 - width;
                let signed = if shift == 0 {
                    bits
                } else {
                    (((bits << shift) as i64) >> shift) as u64
                };
                assert_eq!(
                    extend(raw, width, true),
                    signed,
                    "signed, width {width}, {raw:#x}"
                );
                assert_eq!(
                    extend(raw, width, false),
                    bits,
                    "unsigned, width {width}, {raw:#x}"
                );
            }
        }
    }
}
