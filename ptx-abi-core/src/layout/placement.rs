//! What the engine computes: a type's [`Layout`], a member's [`Placement`] and a bit-field's
//! [`BitRange`]. Its own file so that the rules (`rules.rs`) and the engine (`aggregate.rs`)
//! both use it without importing each other.

/// The size and alignment of a type, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// `sizeof`: always a multiple of `align`.
    pub size: usize,
    /// `alignof`: a power of two.
    pub align: usize,
}

/// Where a member of an aggregate lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Byte offset of the member or, for a bit-field, of its storage unit.
    pub offset: usize,
    /// Size of the member or, for a bit-field, of its storage unit (0 for zero-sized members).
    pub size: usize,
    /// Alignment of the member's type (of the storage unit for bit-fields).
    pub align: usize,
    /// For a bit-field (named or unnamed): its bits inside the storage unit.
    pub bits: Option<BitRange>,
}

/// §1.3: the bits of a bit-field inside its storage unit, least significant bit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitRange {
    /// The first bit, counted from bit 0 of the storage unit (little-endian, §1.3).
    pub start: u32,
    /// The number of bits (0 for a zero-length bit-field).
    pub width: u32,
}

impl Placement {
    /// A placement used as the initial value of arrays of placements.
    pub const EMPTY: Placement = Placement {
        offset: 0,
        size: 0,
        align: 1,
        bits: None,
    };

    /// The member's first bit counted from bit 0 of the aggregate.
    pub const fn first_bit(&self) -> usize {
        match self.bits {
            Some(b) => self.offset * 8 + b.start as usize,
            None => self.offset * 8,
        }
    }

    /// The number of bits the member occupies.
    pub const fn bit_len(&self) -> usize {
        match self.bits {
            Some(b) => b.width as usize,
            None => self.size * 8,
        }
    }
}

/// Rounds `value` up to a multiple of `align` (a power of two).
pub const fn round_up(value: usize, align: usize) -> usize {
    value.div_ceil(align) * align
}
