//! [`Mangled`]: an Itanium-mangled name in a fixed buffer, usable in `const` items.

/// The capacity of [`super::mangle`]'s buffer, in bytes: ample for hand-written signatures.
/// [`super::mangle_in`] takes any capacity ([`super::mangled_capacity`] says how much a
/// signature needs), and the derive always uses enough, so no signature has a fixed limit.
pub const MANGLED_MAX: usize = 1024;

/// An Itanium-mangled name in a buffer of `N` bytes, usable in `const` items.
/// [`super::mangle`] gives one of [`MANGLED_MAX`] bytes; [`super::mangle_in`] one of any
/// capacity.
#[derive(Clone, Copy)]
pub struct Mangled<const N: usize = MANGLED_MAX> {
    buf: [u8; N],
    len: usize,
    /// Bit `i`: declared parameter `i` (below 128) is not its Rust field's C++ type, or was not
    /// compared; the derive's per-field check then looks again, to say why.
    mismatched: u128,
}

impl<const N: usize> core::fmt::Debug for Mangled<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Mangled").field(&self.as_str()).finish()
    }
}

impl<const N: usize> Mangled<N> {
    /// The first `len` bytes of `buf`, which hold ASCII.
    pub(super) const fn new(buf: [u8; N], len: usize, mismatched: u128) -> Mangled<N> {
        Mangled {
            buf,
            len,
            mismatched,
        }
    }

    /// Whether declared parameter `index` may not be its field's type (see `mismatched`).
    pub(super) const fn may_mismatch(&self, index: usize) -> bool {
        index >= 128 || self.mismatched & (1 << index) != 0
    }

    /// The mangled name.
    pub const fn as_str(&self) -> &str {
        let (text, _) = self.buf.split_at(self.len);
        // Only ASCII is ever written (identifiers are checked to be ASCII).
        match core::str::from_utf8(text) {
            Ok(s) => s,
            Err(_) => "",
        }
    }
}
