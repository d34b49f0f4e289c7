//! A fixed-capacity text buffer usable in `const fn`, so that compile-time layout errors can
//! carry the numbers that explain them ("align 4 is below the natural alignment 8").

use crate::layout::const_text::Decimal;

/// A message assembled in a `const` context. Text past the capacity is dropped.
#[derive(Clone, Copy)]
pub struct ConstMsg<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> ConstMsg<N> {
    /// An empty message.
    pub const fn new() -> Self {
        ConstMsg {
            buf: [0; N],
            len: 0,
        }
    }

    /// Appends text.
    pub const fn str(mut self, s: &str) -> Self {
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() && self.len < N {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// Appends a number in decimal.
    pub const fn num(self, value: u128) -> Self {
        self.str(Decimal::new(value).as_str())
    }

    /// Appends a signed number in decimal.
    pub const fn signed(self, value: i128) -> Self {
        if value < 0 {
            self.str("-").num(value.unsigned_abs())
        } else {
            self.num(value as u128)
        }
    }

    /// The text so far.
    pub const fn as_str(&self) -> &str {
        let (text, _) = self.buf.split_at(self.len);
        // Only whole `&str`s are appended, but truncation at capacity may cut a multi-byte
        // character: fall back to the longest valid prefix.
        match core::str::from_utf8(text) {
            Ok(s) => s,
            Err(e) => {
                let (valid, _) = text.split_at(e.valid_up_to());
                match core::str::from_utf8(valid) {
                    Ok(s) => s,
                    Err(_) => "",
                }
            }
        }
    }
}

impl<const N: usize> Default for ConstMsg<N> {
    fn default() -> Self {
        Self::new()
    }
}
