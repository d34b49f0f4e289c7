//! Errors of encoding values into PTX images and decoding them back.

use crate::layout::LayoutError;
use core::fmt;

/// A value that cannot be written as a PTX image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// §1.3: a bit-field value outside the range of its width. Never truncated silently.
    BitFieldOverflow {
        /// The aggregate.
        ty: &'static str,
        /// The bit-field.
        field: &'static str,
        /// Its width in bits.
        width: u32,
        /// Whether the bit-field is signed.
        signed: bool,
        /// The value that does not fit.
        value: i128,
    },
    /// The output buffer is not exactly the size of the type's image.
    BufferSize {
        /// The type being encoded.
        ty: &'static str,
        /// Its PTX size.
        expected: usize,
        /// The buffer's length.
        found: usize,
    },
    /// A pointer value does not fit the address size it is written at (e.g. above 4 GiB at
    /// `.address_size 32`).
    PointerTooWide {
        /// The address.
        addr: u64,
        /// The address size in bits.
        bits: u32,
    },
    /// The image could not be moved to another address size.
    Transcode(TranscodeError),
    /// A device buffer (`&CudaSlice<T>`, a view) outside a launch: its device address is read
    /// for the stream of a launch, which also orders the buffer's uses (feature `cudarc`).
    NotBound {
        /// The buffer's type.
        ty: &'static str,
    },
    /// A step of the buffer's library that orders its uses on the launch's stream failed
    /// (feature `cuda-core`: `RawDeviceBuffer::acquire` before the launch,
    /// `AllocationLease::retain_until_complete` after it). Before the launch nothing was
    /// enqueued; after it the kernel was, and cuda-core keeps the buffer's allocation rather
    /// than free memory the kernel may still use.
    StreamOrdering {
        /// The buffer's type.
        ty: &'static str,
        /// The library's step, `"acquire"` or `"retain_until_complete"`.
        step: &'static str,
        /// Its `CUresult`: `CUDA_ERROR_NOT_READY` (600) for a buffer in use on another stream,
        /// `CUDA_ERROR_INVALID_CONTEXT` (201) for a buffer of another context.
        code: i32,
    },
}

impl From<TranscodeError> for EncodeError {
    fn from(e: TranscodeError) -> Self {
        match e {
            TranscodeError::PointerTooWide { addr } => {
                EncodeError::PointerTooWide { addr, bits: 32 }
            }
            other => EncodeError::Transcode(other),
        }
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EncodeError::BitFieldOverflow {
                ty,
                field,
                width,
                signed,
                value,
            } => {
                let (lo, hi) = crate::layout::rules::bit_field_range(width, signed);
                write!(
                    f,
                    "value {value} does not fit in bit-field `{ty}::{field}` ({width} bit{}, {}: {lo}..={hi})",
                    plural(width as usize),
                    if signed { "signed" } else { "unsigned" }
                )
            }
            EncodeError::BufferSize {
                ty,
                expected,
                found,
            } => write!(
                f,
                "the image of `{ty}` is {expected} byte{}, but the buffer holds {found}",
                plural(expected)
            ),
            EncodeError::PointerTooWide { addr, bits } => write!(
                f,
                "address {addr:#x} does not fit in a {bits}-bit pointer (.address_size {bits})"
            ),
            EncodeError::Transcode(e) => write!(f, "{e}"),
            EncodeError::NotBound { ty } => write!(
                f,
                "`{ty}` is a device buffer: its address is read for the stream of a launch, \
                 which also orders the buffer's uses; launch the kernel with \
                 `CheckedFunction::launch` (ptx_abi::params), or pass a `DevicePtr<T>`"
            ),
            EncodeError::StreamOrdering { ty, step, code } => {
                write!(f, "`{ty}`: `{step}` failed with CUresult {code}")?;
                match code {
                    600 => write!(
                        f,
                        " (CUDA_ERROR_NOT_READY): the buffer is in use on another stream, by \
                         work that has not completed and that conflicts with this launch (a \
                         write, or any use where this launch writes); cuda-core refuses such \
                         an access instead of waiting: synchronize that stream, or launch on it"
                    ),
                    201 => write!(
                        f,
                        " (CUDA_ERROR_INVALID_CONTEXT): the buffer belongs to another context \
                         than the launch's stream"
                    ),
                    _ => Ok(()),
                }
            }
        }
    }
}

/// Bytes that are not a valid PTX image of the requested type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The byte slice is not exactly the type's PTX size.
    Length {
        /// The type being decoded.
        ty: &'static str,
        /// Its PTX size.
        expected: usize,
        /// The slice's length.
        found: usize,
    },
    /// A `bool` byte other than 0 or 1.
    InvalidBool {
        /// The byte found.
        value: u8,
    },
    /// An integer that is not the discriminant of any variant of the enum.
    InvalidDiscriminant {
        /// The enum.
        ty: &'static str,
        /// The integer found.
        value: i128,
    },
    /// An address that does not fit in a host pointer.
    AddressTooWide {
        /// The address found.
        addr: u64,
    },
    /// The image could not be moved from its address size to `.address_size 64`.
    Transcode(TranscodeError),
    /// An image holds a device address, never a device buffer (`&CudaSlice<T>`, a view):
    /// there is no buffer to borrow.
    NotABuffer {
        /// The buffer's type.
        ty: &'static str,
    },
}

impl From<TranscodeError> for DecodeError {
    fn from(e: TranscodeError) -> Self {
        DecodeError::Transcode(e)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DecodeError::Length {
                ty,
                expected,
                found,
            } => write!(
                f,
                "the image of `{ty}` is {expected} byte{}, but {found} byte{} {} given",
                plural(expected),
                plural(found),
                if found == 1 { "was" } else { "were" }
            ),
            DecodeError::InvalidBool { value } => {
                write!(f, "byte {value} is not a bool (expected 0 or 1)")
            }
            DecodeError::InvalidDiscriminant { ty, value } => {
                write!(f, "{value} is not a discriminant of enum `{ty}`")
            }
            DecodeError::AddressTooWide { addr } => {
                write!(f, "address {addr:#x} does not fit in a host pointer")
            }
            DecodeError::Transcode(e) => write!(f, "{e}"),
            DecodeError::NotABuffer { ty } => write!(
                f,
                "an image holds a device address, not a `{ty}` to borrow; decode the \
                 parameter as a `DevicePtr<T>`"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for EncodeError {}
#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}

/// Why an image cannot be moved to another address size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TranscodeError {
    /// A buffer is not the type's size at its address size.
    Length {
        /// The type.
        ty: &'static str,
        /// Its size at that address size.
        expected: usize,
        /// The buffer's length.
        found: usize,
    },
    /// A pointer's value does not fit the narrower address size.
    PointerTooWide {
        /// The address.
        addr: u64,
    },
    /// A union whose members' layouts depend on the address size: which member is live is not
    /// recorded in its bytes, so it cannot be rearranged.
    Union {
        /// The union.
        ty: &'static str,
    },
    /// The type has no layout.
    Layout(LayoutError),
}

impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscodeError::Length { ty, expected, found } => write!(
                f,
                "the image of `{ty}` is {expected} byte{} at this address size, but {found} {} given",
                plural(*expected),
                if *found == 1 { "was" } else { "were" }
            ),
            TranscodeError::PointerTooWide { addr } => {
                write!(f, "address {addr:#x} does not fit in a 32-bit pointer (.address_size 32)")
            }
            TranscodeError::Union { ty } => write!(
                f,
                "union `{ty}` has members whose layout depends on the address size; its bytes do \
                 not say which member is live, so they cannot be moved to another address size"
            ),
            TranscodeError::Layout(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TranscodeError {}

impl EncodeError {
    /// The output buffer (or the member range inside it) is not the size the image needs.
    #[cold]
    pub(crate) fn buffer_size(ty: &'static str, expected: usize, found: usize) -> Self {
        EncodeError::BufferSize {
            ty,
            expected,
            found,
        }
    }
}

impl DecodeError {
    /// The image (or the member range inside it) is shorter than the type needs.
    #[cold]
    pub(crate) fn length(ty: &'static str, expected: usize, found: usize) -> Self {
        DecodeError::Length {
            ty,
            expected,
            found,
        }
    }
}

/// `"s"` after a count other than 1: `1 byte`, `2 bytes`.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
