//! The `PtxAbi` trait: a Rust type with a PTX ABI layout and a byte image.

use crate::codec::bind::{LaunchGuard, LaunchStream};
use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::layout::address::AddressSize;
use crate::layout::desc::{Member, TypeDesc};
use crate::layout::{layout_of, try_layout_of, Layout, LayoutError, Placement};
use core::mem::MaybeUninit;

/// A type with an exact NVIDIA PTX ABI layout (§1.1–§1.4) and a byte image a kernel reads.
///
/// Implemented for the fundamental types, arrays, native vectors, pointers, handles and
/// `PhantomData`, and by `#[derive(PtxAbi)]` for structs, unions and enums. A hand-written impl
/// provides [`PtxAbi::TYPE`] and the two codecs; [`PtxAbi::SIZE`] and [`PtxAbi::ALIGN`] are
/// computed from `TYPE` and must not be overridden.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no PTX ABI layout",
    label = "`{Self}` does not implement `PtxAbi`",
    note = "derive it with `#[derive(PtxAbi)]`, or use a PTX type: an integer, f32, f64, bool, a CUDA vector (`Float4`…), `DevicePtr<T>` (a device address: a `&T` points into host memory), a handle or an array of these; a kernel's argument struct may also hold cudarc buffers (`&CudaSlice<T>`, `&mut CudaSlice<T>`, views; feature `cudarc`)"
)]
pub trait PtxAbi: Sized {
    /// The structural description the layout engine reads.
    const TYPE: &'static TypeDesc;

    /// `sizeof` at `.address_size 64` (§1.2), including tail padding.
    const SIZE: usize = match Self::__LAYOUT {
        Ok(l) => l.size,
        Err(e) => e.panic(),
    };

    /// `alignof` at `.address_size 64` (§1.2).
    const ALIGN: usize = match Self::__LAYOUT {
        Ok(l) => l.align,
        Err(e) => e.panic(),
    };

    /// The layout at `.address_size 64`, or the rule the type breaks. Computed from
    /// [`PtxAbi::TYPE`]; arrays and derived aggregates compute it from their members' own
    /// `__LAYOUT` instead, so that laying out a type nested 100 deep does not walk 100 levels
    /// of descriptions (and recurse as deep) in `const` evaluation.
    #[doc(hidden)]
    const __LAYOUT: Result<Layout, LayoutError> = try_layout_of(Self::TYPE, AddressSize::A64);

    /// Chapter 7: the C++ type this type is in an Itanium-mangled name. Read from
    /// [`PtxAbi::TYPE`] for scalars, vectors, structs, unions and enums (by their C name);
    /// pointers and arrays override it.
    const CXX: &'static crate::layout::cxx_type::CxxType =
        &crate::layout::cxx_type::CxxType::of_desc(Self::TYPE);

    /// Writes the value's PTX image (at `.address_size 64`) into `out`, which must be exactly
    /// [`PtxAbi::SIZE`] bytes. Padding and unnamed bit-fields are written as zero. On error
    /// (a value that does not fit its bit-field) a derived type leaves `out` as it was when
    /// its image is at most 256 bytes; a larger image is written in place, and `out` holds
    /// what was written before the error.
    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError>;

    /// Writes the value's PTX image into `out`, exactly [`PtxAbi::SIZE`] bytes that may be
    /// uninitialized, and returns them initialized. A derived type's encoder stores every
    /// byte once, front to back, and never reads `out`: the call for write-combined pinned
    /// memory (cudarc's `alloc_pinned`), where a read is uncached. On error the content of
    /// `out` is unspecified.
    #[inline]
    fn encode_into<'o>(&self, out: &'o mut [MaybeUninit<u8>]) -> Result<&'o mut [u8], EncodeError> {
        if out.len() != Self::SIZE {
            return Err(EncodeError::buffer_size(
                Self::TYPE.name,
                Self::SIZE,
                out.len(),
            ));
        }
        let mut w = ImageWriter::new(out);
        self.__write(&mut w, 0);
        w.finish()
    }

    /// Reads a value from its PTX image of exactly [`PtxAbi::SIZE`] bytes.
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError>;

    /// Encodes `values` image after image into `out`, which must be exactly
    /// `values.len() × SIZE` bytes (the layout of a C array of the type). Zero-copy types do it
    /// with one `memcpy`; derived types as [`PtxAbi::encode_slice_into`] does. On error the
    /// content of `out` is unspecified.
    #[inline]
    fn encode_slice(values: &[Self], out: &mut [u8]) -> Result<(), EncodeError> {
        crate::codec::slice::encode_slice(values, crate::codec::slice::as_uninit(out)).map(drop)
    }

    /// Encodes `values` image after image into `out` (exactly `values.len() × SIZE` bytes,
    /// which may be uninitialized) and returns it initialized. A derived type's images are
    /// stored front to back, every byte once, and `out` is never read: the call for pinned
    /// memory, write-combined or not. From [`STREAM_MIN`](crate::codec::STREAM_MIN) bytes on
    /// the stores are non-temporal on x86-64 (they do not read the destination's cache lines
    /// first and leave the cache to the caller's data). On error the content of `out` is
    /// unspecified.
    #[inline]
    fn encode_slice_into<'o>(
        values: &[Self],
        out: &'o mut [MaybeUninit<u8>],
    ) -> Result<&'o mut [u8], EncodeError> {
        crate::codec::slice::encode_slice(values, out)
    }

    /// [`PtxAbi::encode_slice`] on rayon's thread pool (feature `rayon`): the same bytes and
    /// the same error (the first value out of range, in order). The images are cut into runs
    /// of about 256 KiB, which the calling thread and all but one of the pool's threads (as
    /// many threads as the pool has) take in order until none is left, each written as
    /// `encode_slice_into` writes them; below two runs' worth the calling thread writes them
    /// alone.
    #[cfg(feature = "rayon")]
    fn encode_slice_par(values: &[Self], out: &mut [u8]) -> Result<(), EncodeError>
    where
        Self: Sync,
    {
        crate::codec::slice::encode_slice_par(values, crate::codec::slice::as_uninit(out)).map(drop)
    }

    /// [`PtxAbi::encode_slice_into`] on rayon's thread pool (feature `rayon`).
    #[cfg(feature = "rayon")]
    fn encode_slice_par_into<'o>(
        values: &[Self],
        out: &'o mut [MaybeUninit<u8>],
    ) -> Result<&'o mut [u8], EncodeError>
    where
        Self: Sync,
    {
        crate::codec::slice::encode_slice_par(values, out)
    }

    /// Decodes a C array of images (§1.2: each `SIZE` bytes, tail padding included): `bytes`,
    /// exactly `out.len() × SIZE` bytes, into `out`, image `i` into `out[i]`, each as
    /// [`PtxAbi::decode`] reads it, stopping at the first image that is not a valid value (its
    /// error is returned; the elements before it hold their new values, the rest their old
    /// ones). The call for a kernel's output array read back to the host.
    ///
    /// ```
    /// use ptx_abi_core::codec::{DecodeError, PtxAbi};
    ///
    /// // Two C `bool`s, then a byte that is not one.
    /// let mut flags = [false; 2];
    /// bool::decode_slice(&[1, 0], &mut flags)?;
    /// assert_eq!(flags, [true, false]);
    /// let e = bool::decode_slice(&[0, 2], &mut flags).unwrap_err();
    /// assert!(matches!(e, DecodeError::InvalidBool { value: 2 }));
    /// # Ok::<(), DecodeError>(())
    /// ```
    #[inline]
    fn decode_slice(bytes: &[u8], out: &mut [Self]) -> Result<(), DecodeError> {
        crate::codec::decode_slice::decode_slice(bytes, out)
    }

    /// Decodes a C array of images (exactly `out.len() × SIZE` bytes) into `out`, which may
    /// be uninitialized, and returns it initialized; as [`PtxAbi::decode_slice`] does. On error
    /// the values decoded before it are not dropped.
    #[inline]
    fn decode_slice_into<'o>(
        bytes: &[u8],
        out: &'o mut [MaybeUninit<Self>],
    ) -> Result<&'o mut [Self], DecodeError> {
        crate::codec::decode_slice::decode_slice_into(bytes, out)
    }

    /// The values of a C array of images, a whole number of [`PtxAbi::SIZE`] bytes, as a new
    /// vector (decoded as [`PtxAbi::decode_slice`] does; a type whose image is empty gives an
    /// empty vector).
    ///
    /// ```
    /// use ptx_abi_core::codec::PtxAbi;
    ///
    /// // A kernel's `int out[3]`, read back as bytes.
    /// let bytes = [7, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 1, 0, 0];
    /// assert_eq!(i32::decode_vec(&bytes)?, [7, -1, 256]);
    /// // Not a whole number of images.
    /// assert!(i32::decode_vec(&bytes[..5]).is_err());
    /// # Ok::<(), ptx_abi_core::codec::DecodeError>(())
    /// ```
    #[cfg(feature = "alloc")]
    fn decode_vec(bytes: &[u8]) -> Result<alloc::vec::Vec<Self>, DecodeError> {
        crate::codec::decode_slice::decode_vec(bytes)
    }

    /// The value's PTX image as a new vector of [`PtxAbi::SIZE`] bytes.
    #[cfg(feature = "alloc")]
    fn to_ptx_bytes(&self) -> Result<alloc::vec::Vec<u8>, EncodeError> {
        let mut out = alloc::vec![0u8; Self::SIZE];
        self.encode(&mut out)?;
        Ok(out)
    }

    /// Reads a value from its PTX image (the same as [`PtxAbi::decode`]).
    fn from_ptx_bytes(bytes: &[u8]) -> Result<Self, DecodeError> {
        Self::decode(bytes)
    }

    /// Derive support: writes the value's image at offset `at` through `w`, every byte in
    /// order and never read back (see [`ImageWriter`]); an error is recorded in `w`. Derived
    /// types and every type of this crate write their members; for a hand-written impl the
    /// image its [`PtxAbi::encode`] writes is copied.
    #[doc(hidden)]
    #[inline]
    fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
        let mut stage = crate::codec::slice::Stage::new();
        match stage.get_mut(Self::SIZE) {
            Some(image) => match self.encode(image) {
                Ok(()) => w.run(at, image),
                Err(e) => w.fail(e),
            },
            None => w.encode_in_place(at, Self::SIZE, |image| self.encode(image)),
        }
    }

    /// Derive support: writes `value` as the member placed at `p`. A method of the trait (not
    /// a free function) so that a field type without an impl is reported once.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __put(out: &mut [u8], p: &Placement, value: &Self) -> Result<(), EncodeError> {
        // An unnamed bit-field (`Pad`) writes nothing: its bits stay zero.
        if p.bits.is_some() {
            return Ok(());
        }
        let len = out.len();
        match out.get_mut(p.offset..p.offset + Self::SIZE) {
            Some(field) => value.encode(field),
            None => Err(EncodeError::buffer_size(
                Self::TYPE.name,
                p.offset + Self::SIZE,
                len,
            )),
        }
    }

    /// Derive support: writes this parameter placed at `p` for a launch on `stream`
    /// (`codec/bind.rs`). A plain value is written as [`PtxAbi::__put`] writes it and keeps no
    /// guard; a device buffer writes the address cudarc hands out for `stream` and returns the
    /// guard that records the kernel's use of it once dropped.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __bind<'s>(
        &'s mut self,
        out: &mut [u8],
        p: &Placement,
        stream: LaunchStream<'s>,
    ) -> Result<LaunchGuard<'s>, EncodeError> {
        let _ = stream;
        Self::__put(out, p, self).map(|()| LaunchGuard::NONE)
    }

    /// Derive support: reads the member placed at `p`.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __get(bytes: &[u8], p: &Placement) -> Result<Self, DecodeError> {
        // An unnamed bit-field reads as its only value.
        if p.bits.is_some() {
            return Self::decode(&[]);
        }
        match bytes.get(p.offset..p.offset + Self::SIZE) {
            Some(field) => Self::decode(field),
            None => Err(DecodeError::length(
                Self::TYPE.name,
                p.offset + Self::SIZE,
                bytes.len(),
            )),
        }
    }
}

impl Member {
    /// A member of type `T`, a bit-field when `bits` is `Some`.
    pub const fn of<T: PtxAbi>(name: &'static str, bits: Option<u32>) -> Member {
        Member {
            name,
            ty: T::TYPE,
            bits,
            align: 0,
        }
    }
}

/// The layout of `T` at any address size (§1.1: pointers are 4 bytes at `.address_size 32`).
pub const fn layout_at<T: PtxAbi>(addr: AddressSize) -> Layout {
    layout_of(T::TYPE, addr)
}

/// Checks that `buf` is exactly the image size of `T`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn check_out<T: PtxAbi>(out: &[u8]) -> Result<(), EncodeError> {
    if out.len() == T::SIZE {
        Ok(())
    } else {
        Err(EncodeError::BufferSize {
            ty: T::TYPE.name,
            expected: T::SIZE,
            found: out.len(),
        })
    }
}

/// Checks that `bytes` is exactly the image size of `T`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn check_in<T: PtxAbi>(bytes: &[u8]) -> Result<(), DecodeError> {
    if bytes.len() == T::SIZE {
        Ok(())
    } else {
        Err(DecodeError::Length {
            ty: T::TYPE.name,
            expected: T::SIZE,
            found: bytes.len(),
        })
    }
}

/// What the slice encoders of `codec::slice` need of a type: its image's size, its name for
/// errors and its `__write`.
impl<T: PtxAbi> crate::codec::slice::WriteImage for T {
    const SIZE: usize = <T as PtxAbi>::SIZE;
    const NAME: &'static str = <T as PtxAbi>::TYPE.name;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn write_image(&self, w: &mut ImageWriter<'_>, at: usize) {
        self.__write(w, at);
    }
}

/// The `__write` of an array or vector: each element's image in turn, `T::SIZE` bytes apart
/// from `at`. The first eight are written unrolled (for an array of at most eight, the
/// tests fold away): a loop carries the writer's state through a variable offset, so the
/// writes after it would compare and branch at every member instead of folding to one store
/// per word (issue 31: the benchmarks' `Ref`, whose `float4` was such a loop, encoded five
/// times slower than hand-written code).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn write_elements<T: PtxAbi>(items: &[T], w: &mut ImageWriter<'_>, at: usize) {
    // Written out, not a loop: LLVM does not fully unroll a loop whose body is this large.
    macro_rules! element {
        ($($k:literal)*) => {$(
            if let Some(item) = items.get($k) {
                item.__write(w, at + $k * T::SIZE);
            }
        )*};
    }
    element!(0 1 2 3 4 5 6 7);
    let mut elem_at = at + 8 * T::SIZE;
    for item in items.get(8..).unwrap_or(&[]) {
        item.__write(w, elem_at);
        elem_at += T::SIZE;
    }
}

impl<T: PtxAbi> crate::codec::decode_slice::ReadImage for T {
    const SIZE: usize = <T as PtxAbi>::SIZE;
    const NAME: &'static str = <T as PtxAbi>::TYPE.name;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn read_image(image: &[u8]) -> Result<Self, DecodeError> {
        Self::decode(image)
    }
}
