//! §1.1: the `.address_size` directive, an input of every layout computation.

/// The PTX `.address_size` a layout is computed for (§1.1).
///
/// Generic pointers are as wide as the host's pointers: 8 bytes at `.address_size 64` (every
/// current CUDA host), 4 bytes at `.address_size 32`. Texture, sampler and surface handles stay
/// 64-bit at both sizes (§1.4). `<T as PtxAbi>::SIZE` and friends use [`AddressSize::A64`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AddressSize {
    /// `.address_size 32`: generic pointers are 4 bytes.
    A32,
    /// `.address_size 64`: generic pointers are 8 bytes (the default).
    #[default]
    A64,
}

impl AddressSize {
    /// The size and alignment of a generic pointer in bytes (§1.1).
    pub const fn pointer_bytes(self) -> usize {
        match self {
            AddressSize::A32 => 4,
            AddressSize::A64 => 8,
        }
    }

    /// The number written after `.address_size`: 32 or 64.
    pub const fn bits(self) -> u32 {
        match self {
            AddressSize::A32 => 32,
            AddressSize::A64 => 64,
        }
    }
}
