//! Types whose Rust layout *is* their PTX layout: their own bytes are their image.

use crate::codec::PtxAbi;
use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::TypeDesc;
use crate::layout::{LayoutError, MemberLayout};

/// A type whose Rust layout equals its PTX layout at `.address_size 64` and whose values have
/// no padding bytes, so the bytes of a value are its PTX image, with no copy.
///
/// # Safety
/// Implement only when `size_of::<Self>() == Self::SIZE`, `align_of::<Self>() == Self::ALIGN`,
/// every byte of every value is initialized (no padding, no uninit union bytes), and those
/// bytes equal what [`PtxAbi::encode`] writes. `#[derive(PtxAbi)]` with `#[ptx(zero_copy)]`
/// proves the layout part at compile time and requires every field to be `ZeroCopy`.
/// Implemented only on little-endian hosts (PTX images are little-endian, §1.3), and for the
/// 8-byte scalars, handles and `DevicePtr` not on 32-bit x86, where Rust aligns them to 4
/// while PTX aligns them to 8 (each built-in impl checks its layout at compile time).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not zero-copy: its Rust bytes are not known to be its PTX image",
    label = "`{Self}` does not implement `ZeroCopy`",
    note = "the fields of a `#[ptx(zero_copy)]` struct and the members of a Rust union must be zero-copy",
    note = "add `#[repr(C)]` and `#[ptx(zero_copy)]` to `{Self}` if its Rust and PTX layouts agree; otherwise remove `zero_copy` (or use a `#[ptx(union)]` enum instead of a Rust union)"
)]
pub unsafe trait ZeroCopy: PtxAbi {}

/// The value's own bytes: its PTX image, without copying.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn as_ptx_bytes<T: ZeroCopy>(value: &T) -> &[u8] {
    // SAFETY: `T: ZeroCopy` guarantees every byte of `*value` is initialized and that there
    // are `size_of::<T>()` of them; the pointer comes from a reference, so it is valid for
    // reads of that many bytes for the lifetime of the borrow, and `u8` has alignment 1.
    unsafe {
        core::slice::from_raw_parts((value as *const T).cast::<u8>(), core::mem::size_of::<T>())
    }
}

/// A slice of values as one byte slice: the images back to back, without copying (O(1)).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn slice_as_ptx_bytes<T: ZeroCopy>(values: &[T]) -> &[u8] {
    // SAFETY: a slice's elements are contiguous with stride `size_of::<T>()`, and `T: ZeroCopy`
    // guarantees each element's bytes are all initialized (no padding), so the whole region of
    // `size_of_val(values)` bytes is initialized and valid for reads while `values` is
    // borrowed; `size_of_val` of an existing slice cannot overflow `isize`.
    unsafe {
        core::slice::from_raw_parts(values.as_ptr().cast::<u8>(), core::mem::size_of_val(values))
    }
}

/// Why a type is not zero-copy, found at compile time by the derive: the first Rust offset
/// that differs from the PTX one, or the first padding hole.
pub const fn zero_copy_mismatch<const N: usize>(
    ty: &TypeDesc,
    ptx: &MemberLayout<N>,
    rust_size: usize,
    rust_align: usize,
    rust_offsets: &[usize; N],
) -> Option<ConstMsg<256>> {
    let name = ty.name;
    let members = ty.members();
    let m = ConstMsg::new()
        .str("`#[ptx(zero_copy)]` on `")
        .str(name)
        .str("`: ");
    let mut i = 0;
    let mut end = 0;
    while i < N && i < members.len() {
        let p = &ptx.members[i];
        if p.bits.is_some() {
            return Some(
                m.str("member `")
                    .str(members[i].name)
                    .str("` is a bit-field; bit-fields are packed by encoding, remove `zero_copy`"),
            );
        }
        if rust_offsets[i] != p.offset {
            return Some(
                m.str("field `")
                    .str(members[i].name)
                    .str("` is at Rust offset ")
                    .num(rust_offsets[i] as u128)
                    .str(" but PTX offset ")
                    .num(p.offset as u128)
                    .str("; add `#[repr(C)]` or reorder the fields"),
            );
        }
        if p.size > 0 && p.offset > end {
            return Some(hole(m, end, p.offset - end));
        }
        if p.offset + p.size > end {
            end = p.offset + p.size;
        }
        i += 1;
    }
    if let crate::layout::desc::TypeKind::Aggregate { align, .. } = ty.kind {
        if align != 0 && rust_align < align {
            return Some(
                m.str("`#[ptx(align = ")
                    .num(align as u128)
                    .str(")]` needs `#[repr(align(")
                    .num(align as u128)
                    .str("))]` too, so that the Rust alignment is also ")
                    .num(align as u128)
                    .str("; write `#[repr(C, align(")
                    .num(align as u128)
                    .str("))]`"),
            );
        }
    }
    if rust_size != ptx.layout.size || rust_align != ptx.layout.align {
        return Some(
            m.str("Rust size/align ")
                .num(rust_size as u128)
                .str("/")
                .num(rust_align as u128)
                .str(" differ from PTX size/align ")
                .num(ptx.layout.size as u128)
                .str("/")
                .num(ptx.layout.align as u128)
                .str("; add `#[repr(C)]` and match `#[ptx(align)]` with `#[repr(align)]`"),
        );
    }
    if end < ptx.layout.size {
        return Some(hole(m, end, ptx.layout.size - end));
    }
    None
}

const fn hole(m: ConstMsg<256>, offset: usize, size: usize) -> ConstMsg<256> {
    m.str("it has ")
        .num(size as u128)
        .str(" byte(s) of padding at offset ")
        .num(offset as u128)
        .str("; padding bytes are uninitialized in Rust, so its bytes cannot be viewed; add explicit fields or remove `zero_copy`")
}

/// `zero_copy_mismatch` for the derive, from the engine's result `placed`: none when the
/// layout itself breaks a rule (that is then the compile error, `layout_error`), so that one
/// mistake is one error.
pub const fn zero_copy_error<const N: usize>(
    ty: &TypeDesc,
    placed: &Result<MemberLayout<N>, LayoutError>,
    rust_size: usize,
    rust_align: usize,
    rust_offsets: &[usize; N],
) -> Option<ConstMsg<256>> {
    match placed {
        Ok(ptx) => zero_copy_mismatch(ty, ptx, rust_size, rust_align, rust_offsets),
        Err(_) => None,
    }
}

/// `ZeroCopy` for fundamental types, handles and `DevicePtr`, each on the hosts where its Rust
/// size and alignment are its PTX ones (§1.1), checked at compile time for the host being
/// built: `[generics] Type as Checked;` implements `ZeroCopy` for `Type` and asserts that
/// `Checked` (the type itself, or for `DevicePtr<T>` the `DevicePtr<u8>` of identical layout)
/// has `size_of == SIZE` and `align_of == ALIGN`.
macro_rules! zero_copy {
    (#[cfg($cfg:meta)] $([$($g:tt)*] $t:ty as $checked:ty;)*) => {$(
        // SAFETY: the assertion below proves, for the host being compiled, that the Rust size
        // and alignment equal the PTX ones; these types have no padding (a scalar, or
        // `repr(transparent)` over `u64` for handles and `DevicePtr`, whose `PhantomData` is
        // zero-sized and whose layout does not depend on `T`), and on a little-endian host
        // (the `cfg`) their bytes are exactly what `encode` writes (`to_le_bytes`).
        #[cfg($cfg)]
        unsafe impl<$($g)*> $crate::codec::zero_copy::ZeroCopy for $t {}
        #[cfg($cfg)]
        const _: () = assert!(
            core::mem::size_of::<$checked>() == <$checked as $crate::codec::PtxAbi>::SIZE
                && core::mem::align_of::<$checked>() == <$checked as $crate::codec::PtxAbi>::ALIGN,
            concat!("the Rust layout of `", stringify!($checked), "` is not its PTX layout on this host")
        );
    )*};
}
/// For the types of `types/` (handles, `DevicePtr`), which implement `ZeroCopy` beside their
/// definitions, the same way.
pub(crate) use zero_copy;

// 1-, 2- and 4-byte types: aligned to their size on every little-endian Rust target.
zero_copy! {
    #[cfg(target_endian = "little")]
    [] u8 as u8; [] i8 as i8; [] u16 as u16; [] i16 as i16; [] u32 as u32; [] i32 as i32;
    [] f32 as f32; [] bool as bool;
}

// 8-byte types: 8-aligned in PTX (§1.1), but only 4-aligned in Rust on 32-bit x86 (i686 Linux:
// `align_of::<u64>() == 4`), so they are not zero-copy there: their `encode` still writes the
// PTX image, through a copy.
zero_copy! {
    #[cfg(all(target_endian = "little", not(target_arch = "x86")))]
    [] u64 as u64; [] i64 as i64; [] f64 as f64;
}

#[cfg(feature = "half")]
zero_copy! { #[cfg(target_endian = "little")] [] half::f16 as half::f16; }

// SAFETY: `[T; N]` has no padding between elements (stride = size, a multiple of the
// alignment), each element is zero-copy, and `encode` writes the elements back to back.
unsafe impl<T: ZeroCopy, const N: usize> ZeroCopy for [T; N] {}

// SAFETY: zero-sized; there are no bytes to be uninitialized.
unsafe impl<T: ?Sized> ZeroCopy for core::marker::PhantomData<T> {}

/// A Rust `union` with `#[ptx(zero_copy)]` (§1.2): every member must cover the whole union,
/// or a value initialized through one leaves the other bytes uninitialized. The message for
/// the first member that does not; none when the layout itself breaks a rule (`placed` is
/// the engine's result, and that is then the compile error).
pub const fn union_covers_error<const N: usize>(
    ty: &TypeDesc,
    placed: &Result<MemberLayout<N>, LayoutError>,
) -> Option<ConstMsg<320>> {
    let Ok(ptx) = placed else {
        return None;
    };
    let members = ty.members();
    let mut i = 0;
    while i < N && i < members.len() {
        let p = &ptx.members[i];
        if p.bits.is_some() || p.size != ptx.layout.size {
            return Some(
                ConstMsg::new()
                    .str("member `")
                    .str(members[i].name)
                    .str("` covers only ")
                    .num(if p.bits.is_some() { 0 } else { p.size as u128 })
                    .str(" of the ")
                    .num(ptx.layout.size as u128)
                    .str(if ptx.layout.size == 1 {
                        " byte of union `"
                    } else {
                        " bytes of union `"
                    })
                    .str(ty.name)
                    .str("`: a value initialized through it leaves the other bytes uninitialized; use a `#[ptx(union)]` enum instead"),
            );
        }
        i += 1;
    }
    None
}
