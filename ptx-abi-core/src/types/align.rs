//! Zero-sized markers that give a Rust type a PTX alignment chosen by a constant.
//!
//! Rust's `#[repr(align(N))]` needs a literal, but a PTX alignment is computed by the layout
//! engine. A zero-length array of the marker, `[<AlignTo<{ A }> as Alignment>::Marker; 0]`,
//! raises a struct's alignment to `A` without adding bytes. Image types and native vectors use
//! it.

/// Selects the marker of alignment `N` through [`Alignment`].
pub struct AlignTo<const N: usize>;

/// Maps [`AlignTo<N>`] to a zero-sized type whose alignment is `N` (a power of two from 1 to
/// 4096, `layout::rules::MAX_ALIGN`).
#[diagnostic::on_unimplemented(
    message = "ptx-abi's alignments are powers of two from 1 to 4096; `{Self}` is not one",
    label = "the alignment must be 1, 2, 4, 8, …, 2048 or 4096"
)]
pub trait Alignment {
    /// A zero-sized type aligned to `N`.
    type Marker: Copy
        + Default
        + core::fmt::Debug
        + PartialEq
        + Eq
        + core::hash::Hash
        + Send
        + Sync
        + 'static;
}

macro_rules! markers {
    ($($name:ident = $n:literal),*) => {$(
        #[doc = concat!("A zero-sized type aligned to ", stringify!($n), " bytes.")]
        #[repr(align($n))]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Alignment for AlignTo<$n> {
            type Marker = $name;
        }
    )*};
}

markers!(
    Align1 = 1,
    Align2 = 2,
    Align4 = 4,
    Align8 = 8,
    Align16 = 16,
    Align32 = 32,
    Align64 = 64,
    Align128 = 128,
    Align256 = 256,
    Align512 = 512,
    Align1024 = 1024,
    Align2048 = 2048,
    Align4096 = 4096
);
