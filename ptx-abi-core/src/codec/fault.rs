//! How a derived decoder reports a bad member without carrying the error through every read.
//!
//! A [`DecodeError`] is 64 bytes (its largest variant holds a [`LayoutError`] through
//! `Transcode`). Were each member read a `Result<T, DecodeError>`, every `?` of a derived
//! decoder would copy those 64 bytes five or six times on the stack: most of the code rustc
//! hands LLVM for a derived type (issue 31: 31 % of the unoptimized IR of a `release` corpus
//! build, `BENCHMARKS.md`). Instead the members are read as `Result<T, Fault>`: [`Fault`] is
//! zero-sized, and the error itself is recorded once in the [`Slot`] the decoder was handed.
//! [`decode_members`] turns the fault back into the recorded error at the type's boundary.
//!
//! [`LayoutError`]: crate::layout::LayoutError

use crate::codec::error::DecodeError;
use crate::codec::{check_in, PtxAbi};

/// Where a derived decoder's member reads record the error they fail with. Only this crate
/// creates one ([`decode_members`]), so a [`Fault`] returned by a derived `__read_members` was
/// recorded in the slot it was given.
#[derive(Debug)]
pub struct Slot {
    error: Option<DecodeError>,
}

/// A member read failed; its error is in the [`Slot`] the read was handed. Zero-sized, so a
/// `Result<T, Fault>` is as small as `T` (plus its tag), and `?` on it moves no error. Made
/// only by [`Slot::fail`].
#[derive(Debug)]
pub struct Fault(());

/// What a derived decoder's member read returns.
pub type Read<T> = Result<T, Fault>;

impl Slot {
    /// Records `error` and returns the token that says so.
    #[cold]
    pub fn fail(&mut self, error: DecodeError) -> Fault {
        self.error = Some(error);
        Fault(())
    }

    /// `result`'s error recorded here, its value passed through.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn record<T>(&mut self, result: Result<T, DecodeError>) -> Read<T> {
        match result {
            Ok(value) => Ok(value),
            Err(error) => Err(self.fail(error)),
        }
    }
}

/// A derived type's [`PtxAbi::decode`]: checks the image's length, reads the members with the
/// type's `__read_members`, and returns the error a failed read recorded.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn decode_members<T: PtxAbi>(bytes: &[u8]) -> Result<T, DecodeError> {
    check_in::<T>(bytes)?;
    let mut slot = Slot { error: None };
    match T::__read_members(bytes, &mut slot) {
        Ok(value) => Ok(value),
        Err(Fault(())) => Err(recorded::<T>(slot, bytes.len())),
    }
}

/// The error `slot` recorded. A fault is made only by [`Slot::fail`], and the only slot a
/// `__read_members` is handed is `decode_members`' own, so one is always there; were it not
/// (a hand-written `__read_members` returning a fault of another decode), the image is
/// reported as not decodable as `T` rather than panicking.
#[cold]
fn recorded<T: PtxAbi>(slot: Slot, found: usize) -> DecodeError {
    slot.error.unwrap_or(DecodeError::Length {
        ty: T::TYPE.name,
        expected: T::SIZE,
        found,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-written type whose `__read_members` fails without recording: `decode_members`
    /// still returns an error, not a panic.
    struct Stray;

    impl PtxAbi for Stray {
        const TYPE: &'static crate::layout::desc::TypeDesc = <u32 as PtxAbi>::TYPE;
        fn encode(&self, out: &mut [u8]) -> Result<(), crate::codec::EncodeError> {
            0u32.encode(out)
        }
        fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
            decode_members(bytes)
        }
        fn __read_members(_: &[u8], _: &mut Slot) -> Read<Self> {
            let mut other = Slot { error: None };
            Err(other.fail(DecodeError::InvalidBool { value: 2 }))
        }
    }

    #[test]
    fn a_fault_without_a_recorded_error_is_still_an_error() {
        assert_eq!(
            Stray::decode(&[0; 4]).err(),
            Some(DecodeError::Length {
                ty: "u32",
                expected: 4,
                found: 4
            })
        );
    }

    #[test]
    fn a_recorded_error_is_returned() {
        let mut slot = Slot { error: None };
        let read: Read<u8> = slot.record(Err(DecodeError::InvalidBool { value: 7 }));
        assert!(read.is_err());
        assert_eq!(slot.error, Some(DecodeError::InvalidBool { value: 7 }));
        assert_eq!(size_of::<Read<u32>>(), size_of::<Option<u32>>());
    }
}
