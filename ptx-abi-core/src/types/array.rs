//! Arrays (elements back to back, aligned like the element) and `PhantomData` (no data).

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::codec::{check_in, check_out, PtxAbi};
use crate::layout::cxx_type::CxxType;
use crate::layout::desc::{TypeDesc, TypeKind};
use crate::layout::{array_layout, Layout, LayoutError};
use core::marker::PhantomData;
use core::mem::MaybeUninit;

/// `[T; N]` is C's `T name[N]`; `[[T; M]; N]` is `T name[N][M]`.
impl<T: PtxAbi, const N: usize> PtxAbi for [T; N] {
    const TYPE: &'static TypeDesc = &TypeDesc {
        name: "array",
        kind: TypeKind::Array {
            elem: T::TYPE,
            len: N,
        },
    };
    const CXX: &'static CxxType = &CxxType::Array {
        elem: T::CXX,
        len: N,
    };
    /// §1.2 from the element's own layout (not by walking `TYPE`): no recursion per level of
    /// nesting in `const` evaluation.
    #[doc(hidden)]
    const __LAYOUT: Result<Layout, LayoutError> = array_layout("array", T::__LAYOUT, N);

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        check_out::<Self>(out)?;
        if T::SIZE == 0 {
            return Ok(());
        }
        for (elem, chunk) in self.iter().zip(out.chunks_exact_mut(T::SIZE)) {
            elem.encode(chunk)?;
        }
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
        crate::codec::write_elements(self, w, at);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        check_in::<Self>(bytes)?;
        let mut out: [MaybeUninit<T>; N] = [const { MaybeUninit::uninit() }; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let start = i * T::SIZE;
            let chunk = bytes.get(start..start + T::SIZE).unwrap_or(&[]);
            // On error the elements decoded so far are leaked, never dropped twice or read.
            slot.write(T::decode(chunk)?);
        }
        // SAFETY: the loop ran for every index of `out` (it iterates `out` itself) and either
        // wrote the slot or returned early, so all N slots are initialized here.
        // `[MaybeUninit<T>; N]` and `[T; N]` have the same size and layout
        // (`MaybeUninit<T>` is `repr(transparent)` over `T`), so reading the array as
        // `[T; N]` is a plain move; `MaybeUninit` does not drop, so nothing is dropped twice.
        Ok(unsafe { core::ptr::read(out.as_ptr().cast::<[T; N]>()) })
    }
}

/// `PhantomData` takes no space and has no C counterpart.
impl<T: ?Sized> PtxAbi for PhantomData<T> {
    const TYPE: &'static TypeDesc = &TypeDesc {
        name: "PhantomData",
        kind: TypeKind::Phantom,
    };

    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        check_out::<Self>(out)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write(&self, _: &mut ImageWriter<'_>, _: usize) {}

    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        check_in::<Self>(bytes).map(|()| PhantomData)
    }
}
