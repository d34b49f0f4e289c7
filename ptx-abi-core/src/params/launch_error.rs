//! Why a launch parameter buffer cannot be built.

use super::arch::Arch;
use core::fmt;

/// Why [`KernelLaunch::extra`](super::KernelLaunch::extra) or a [`ParamBuffer`] cannot give
/// a buffer the kernel reads correctly.
///
/// [`ParamBuffer`]: super::ParamBuffer
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchError {
    /// A parameter aligned above 16 bytes, and no architecture or driver layout to place it
    /// with: its offset in the buffer depends on the architecture (see [`Arch`]).
    OverAligned {
        /// The kernel.
        kernel: &'static str,
        /// The field of the argument struct.
        field: &'static str,
        /// The parameter's position.
        index: usize,
        /// Its alignment.
        align: usize,
    },
    /// A parameter aligned above 16 bytes, for an architecture whose parameter base ptx-abi
    /// does not know.
    UnknownArch {
        /// The kernel.
        kernel: &'static str,
        /// The architecture asked for.
        arch: Arch,
        /// The field of the argument struct.
        field: &'static str,
        /// Its alignment.
        align: usize,
    },
    /// The parameters, laid out for the architecture or the driver, end past the
    /// [`ParamBuffer`](super::ParamBuffer)'s capacity.
    TooLarge {
        /// The kernel.
        kernel: &'static str,
        /// The end of the last parameter (`usize::MAX` when it would be past it).
        size: usize,
        /// The capacity.
        capacity: usize,
    },
    /// Offsets given for a different number of parameters.
    Count {
        /// The kernel.
        kernel: &'static str,
        /// Offsets given.
        given: usize,
        /// Parameters of the argument struct.
        params: usize,
    },
    /// A given offset that makes a parameter overlap the one before it.
    Overlap {
        /// The kernel.
        kernel: &'static str,
        /// The field whose offset overlaps.
        field: &'static str,
        /// The parameter's position.
        index: usize,
        /// The offset given.
        offset: usize,
    },
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const USE: &str = "pass the parameters through `kernelParams` instead \
            (`KernelLaunch::kernel_params`, or cudarc's launch builder), which is right for \
            every alignment";
        match *self {
            LaunchError::OverAligned {
                kernel,
                field,
                index,
                align,
            } => write!(
                f,
                "kernel `{kernel}`: parameter {index} (field `{field}`) is aligned to {align} \
                 bytes; the driver places parameters aligned above 16 bytes relative to the \
                 architecture's constant-bank base, so a single `extra` buffer is only right \
                 for a known architecture: {USE}, or build the buffer with \
                 `KernelLaunch::param_buffer(Arch::sm(..))` or from the loaded function"
            ),
            LaunchError::UnknownArch {
                kernel,
                arch,
                field,
                align,
            } => write!(
                f,
                "kernel `{kernel}`: field `{field}` is aligned to {align} bytes, and the \
                 parameter base of {arch} is unknown to ptx-abi: {USE}"
            ),
            LaunchError::TooLarge {
                kernel,
                size: usize::MAX,
                capacity,
            } => write!(
                f,
                "kernel `{kernel}`: the laid-out parameters end past the largest `usize` \
                 (an offset given is far too large), over the {capacity}-byte parameter \
                 buffer: check the offsets, or {USE}"
            ),
            LaunchError::TooLarge {
                kernel,
                size,
                capacity,
            } => write!(
                f,
                "kernel `{kernel}`: the laid-out parameters take {size} bytes, over the \
                 {capacity}-byte parameter buffer: {USE}"
            ),
            LaunchError::Count {
                kernel,
                given,
                params,
            } => write!(
                f,
                "kernel `{kernel}`: {given} parameter offsets given for {params} parameters"
            ),
            LaunchError::Overlap {
                kernel,
                field,
                index,
                offset,
            } => write!(
                f,
                "kernel `{kernel}`: parameter {index} (field `{field}`) at offset {offset} \
                 overlaps the parameter before it"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LaunchError {}
