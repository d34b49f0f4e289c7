//! Text in `const fn`s, written once: string equality and decimal digits (`const` contexts
//! have neither `==` on `str` nor `format!`). Used by [`crate::layout::const_msg`], the C
//! names of generic instantiations, C spellings, Itanium names, DWARF and `.param` names.

/// `a == b`, in a `const fn`.
pub(crate) const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The decimal digits of a number (at most 39, for `u128::MAX`), built in a `const fn`.
#[derive(Clone, Copy)]
pub(crate) struct Decimal {
    buf: [u8; 39],
    start: usize,
}

impl Decimal {
    /// The digits of `value`, most significant first (`0` for zero).
    pub(crate) const fn new(value: u128) -> Decimal {
        let mut buf = [0u8; 39];
        let mut start = buf.len();
        let mut v = value;
        loop {
            start -= 1;
            buf[start] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        Decimal { buf, start }
    }

    /// The digits as ASCII bytes.
    pub(crate) const fn as_bytes(&self) -> &[u8] {
        self.buf.split_at(self.start).1
    }

    /// The digits as text.
    pub(crate) const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.as_bytes()) {
            Ok(s) => s,
            // Only ASCII digits are written.
            Err(_) => "",
        }
    }
}
