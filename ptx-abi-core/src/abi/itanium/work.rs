//! The mangler's working space, borrowed from the caller (arrays in a `const fn`, vectors with
//! `alloc`), so that one iterative algorithm serves both and nothing recurses per name
//! component, pointer level or template-argument level.
//!
//! `plain` holds the *key* of everything read so far (`key.rs` defines it: the unsubstituted
//! mangling in a canonical form); every substitution candidate is a range of it, because the
//! key of a candidate is always a contiguous part of the key of what contains it. `out` is the
//! mangled name being written. `frames` is the explicit stack of the key writer and of the
//! emitter (one at a time).

use super::error::MangleError;
use crate::layout::const_text::Decimal;

/// One entry of the explicit stack: a kind and up to four positions.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub kind: u8,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub d: u32,
}

impl Frame {
    /// An empty frame, to fill arrays.
    pub const EMPTY: Frame = Frame {
        kind: 0,
        a: 0,
        b: 0,
        c: 0,
        d: 0,
    };
}

pub(super) struct Work<'a> {
    pub out: &'a mut [u8],
    pub len: usize,
    pub plain: &'a mut [u8],
    pub plain_len: usize,
    pub subs: &'a mut [(u32, u32)],
    pub nsubs: usize,
    pub frames: &'a mut [Frame],
    pub nframes: usize,
    /// What `Mangled` records of the declared parameters' comparison with their fields.
    pub mismatched: u128,
}

impl<'a> Work<'a> {
    pub const fn new(
        out: &'a mut [u8],
        plain: &'a mut [u8],
        subs: &'a mut [(u32, u32)],
        frames: &'a mut [Frame],
    ) -> Work<'a> {
        Work {
            out,
            len: 0,
            plain,
            plain_len: 0,
            subs,
            nsubs: 0,
            frames,
            nframes: 0,
            mismatched: 0,
        }
    }

    pub const fn too_long(&self) -> MangleError {
        MangleError::TooLong {
            capacity: self.out.len(),
        }
    }

    /// Appends `s` to the output.
    pub const fn push(&mut self, s: &[u8]) -> Result<(), MangleError> {
        if s.len() > self.out.len() - self.len {
            return Err(self.too_long());
        }
        let mut i = 0;
        while i < s.len() {
            self.out[self.len] = s[i];
            self.len += 1;
            i += 1;
        }
        Ok(())
    }

    /// Copies `plain[start..end]` (key text) to the output.
    pub const fn push_plain(&mut self, start: usize, end: usize) -> Result<(), MangleError> {
        if end < start || end - start > self.out.len() - self.len {
            return Err(self.too_long());
        }
        let mut i = start;
        while i < end {
            self.out[self.len] = self.plain[i];
            self.len += 1;
            i += 1;
        }
        Ok(())
    }

    /// Appends `s` to the key.
    pub const fn write(&mut self, s: &[u8]) -> Result<(), MangleError> {
        if s.len() > self.plain.len() - self.plain_len {
            return Err(self.too_long());
        }
        let mut i = 0;
        while i < s.len() {
            self.plain[self.plain_len] = s[i];
            self.plain_len += 1;
            i += 1;
        }
        Ok(())
    }

    /// Appends `v` in decimal to the key.
    pub const fn write_decimal(&mut self, v: usize) -> Result<(), MangleError> {
        self.write(Decimal::new(v as u128).as_bytes())
    }

    /// Appends `<len><id>` (an Itanium `<source-name>`) to the key.
    pub const fn write_source_name(&mut self, id: &[u8]) -> Result<(), MangleError> {
        if let Err(e) = self.write_decimal(id.len()) {
            return Err(e);
        }
        self.write(id)
    }

    /// `S_`, `S0_`, … `S9_`, `SA_`, … `SZ_`, `S10_`, … for candidate `i`.
    pub const fn push_sub(&mut self, i: usize) -> Result<(), MangleError> {
        if i == 0 {
            return self.push(b"S_");
        }
        let mut digits = [0u8; 16];
        let mut count = 0;
        let mut v = i - 1;
        loop {
            let d = (v % 36) as u8;
            digits[15 - count] = if d < 10 { b'0' + d } else { b'A' + d - 10 };
            count += 1;
            v /= 36;
            if v == 0 {
                break;
            }
        }
        let (_, tail) = digits.split_at(16 - count);
        if let Err(e) = self.push(b"S") {
            return Err(e);
        }
        if let Err(e) = self.push(tail) {
            return Err(e);
        }
        self.push(b"_")
    }

    /// The candidate whose key is `plain[start..end]`, if any.
    pub const fn find(&self, start: usize, end: usize) -> Option<usize> {
        let len = end - start;
        let mut i = 0;
        while i < self.nsubs {
            let (s, e) = self.subs[i];
            let (s, e) = (s as usize, e as usize);
            if e - s == len {
                let mut j = 0;
                while j < len && self.plain[s + j] == self.plain[start + j] {
                    j += 1;
                }
                if j == len {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }

    /// Makes `plain[start..end]` the next substitution candidate.
    pub const fn add(&mut self, start: usize, end: usize) -> Result<(), MangleError> {
        if self.nsubs == self.subs.len() || end > u32::MAX as usize {
            return Err(self.too_long());
        }
        self.subs[self.nsubs] = (start as u32, end as u32);
        self.nsubs += 1;
        Ok(())
    }

    pub const fn push_frame(&mut self, f: Frame) -> Result<(), MangleError> {
        if self.nframes == self.frames.len() {
            return Err(self.too_long());
        }
        self.frames[self.nframes] = f;
        self.nframes += 1;
        Ok(())
    }

    /// Removes and returns the top frame (an empty one if there is none).
    pub const fn pop_frame(&mut self) -> Frame {
        if self.nframes == 0 {
            return Frame::EMPTY;
        }
        self.nframes -= 1;
        self.frames[self.nframes]
    }

    /// The key byte at `i`, or 0 past the key's end (so scanners stop on malformed keys).
    pub const fn at(&self, i: usize) -> u8 {
        if i < self.plain_len {
            self.plain[i]
        } else {
            0
        }
    }
}
