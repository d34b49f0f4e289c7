//! The ABI rules of §1.1–§1.3 and §2.3 note D, one `const fn` each. The layout engine, the
//! type-level vector table (`types/vector.rs`) and the derive's attribute checks
//! (`layout/attr_checks.rs`) all call these; no rule is written anywhere else.

use crate::layout::desc::Scalar;
use crate::layout::error::LayoutError;
use crate::layout::placement::Layout;

/// §1.1: size and alignment of a fundamental type (they are equal).
pub const fn scalar_layout(scalar: Scalar) -> Layout {
    Layout {
        size: scalar.size(),
        align: scalar.size(),
    }
}

/// The largest alignment a type may request (`alignas(N)`, `#[ptx(align = N)]`). §2.3 note D's
/// 1 to 128 bounds *parameters*; in memory (§1.2) nvcc and NVRTC lay out `alignas(256)` and
/// beyond (measured with NVRTC 12.9 up to 2^28: `.global .align 256 .b8 g[256]`), and a
/// kernel's `.param .align 256` assembles. ptx-abi stops at 4096, a page (`MAX_ALIGN` marker
/// types exist up to it), and says so beyond.
pub const MAX_ALIGN: usize = 4096;

/// §2.3 note D: the largest alignment of a device function's (`.func`) parameter or return
/// value; ptxas refuses more ("must be aligned to 1, 2, 4, 8, 16, 32, 64, or 128 bytes"), while
/// a kernel's (`.entry`) parameter takes its type's alignment up to [`MAX_ALIGN`].
pub const MAX_FUNC_PARAM_ALIGN: usize = 128;

/// §1.2: a requested alignment (`__align__(N)`, `alignas(N)`, `#[ptx(align = N)]`) is a power
/// of two from 1 to [`MAX_ALIGN`].
pub const fn is_valid_align(align: usize) -> bool {
    align.is_power_of_two() && align <= MAX_ALIGN
}

/// Chapter 7 (the Itanium C++ ABI, which CUDA C++ follows): a class with no data member
/// (`struct E {};`, `#[ptx(empty_class)]`) is one byte, or `align` bytes where it asks for
/// more (`struct alignas(8) E {};`), aligned to that; its bytes are padding. `align` is 0 for
/// none. Measured with NVRTC 11.8, 12.9 and 13.5: `sizeof` 1 (8 with `alignas(8)`), a member
/// `E e; int x;` puts `x` at 4, `E e[3]` is 3 bytes, and a kernel takes it as
/// `.param .align 1 .b8 k_param_0[1]` (C, whose empty struct is 0 bytes, has no such rule: a
/// struct without members stays refused, [`LayoutError::Empty`]).
pub const fn empty_class_layout(name: &'static str, align: usize) -> Result<Layout, LayoutError> {
    if align == 0 {
        return Ok(Layout { size: 1, align: 1 });
    }
    if !is_valid_align(align) {
        return Err(LayoutError::AlignInvalid { ty: name, align });
    }
    Ok(Layout { size: align, align })
}

/// `#pragma pack(N)` (what nvcc and NVRTC honour; the guide is silent, see
/// `docs/nvidia-notes.md`): `N` is a power of two from 1 to 128.
pub const fn is_valid_pack(pack: usize) -> bool {
    pack.is_power_of_two() && pack <= 128
}

/// §1.2 with `alignas(N)` on a member (1 to [`MAX_ALIGN`]): the member's
/// alignment, `N` (`align` 0: none requested, its type's), or `None` when `N` is below the
/// type's alignment, where nvcc and NVRTC disagree (nvcc ignores such an attribute, as GCC does;
/// NVRTC lowers the member to it; `alignas` below it is ill-formed C++).
pub const fn member_align(type_align: usize, align: usize) -> Option<usize> {
    if align == 0 {
        Some(type_align)
    } else if align < type_align {
        None
    } else {
        Some(align)
    }
}

/// §1.2 under `#pragma pack(N)`: a member's alignment is its type's, but no more than `N`
/// (`pack` 0: no `#pragma pack`, the type's own alignment).
pub const fn packed_align(align: usize, pack: usize) -> usize {
    if pack != 0 && align > pack {
        pack
    } else {
        align
    }
}

/// §1.2 under `#pragma pack(N)` for a member placed at `align`, its type's alignment raised by
/// the member's own `alignas` (`requested`, 0 for none): a member without `alignas` is capped at
/// `N` ([`packed_align`]); one with it keeps its alignment whatever the packing, as nvcc and
/// NVRTC both lay out `alignas(8) unsigned s;` under `#pragma pack(2)` (`s` at 8, the struct
/// aligned to 8; GCC and clang cap it at 2: `docs/nvidia-notes.md`).
pub const fn packed_member_align(align: usize, requested: usize, pack: usize) -> usize {
    if requested != 0 {
        align
    } else {
        packed_align(align, pack)
    }
}

/// §1.3: a named bit-field of type `unit` is 1 to [`Scalar::max_bit_field_width`] bits wide
/// (1 for `bool`) and its type is an integer or `bool`.
pub const fn named_bit_field_fits(unit: Scalar, width: u32) -> bool {
    unit.is_bit_field_type() && width >= 1 && width <= unit.max_bit_field_width()
}

/// §1.3: an unnamed bit-field (`T : N;`) has an integer type and is 0 (zero-length) to
/// `sizeof(T) × 8` bits wide.
pub const fn unnamed_bit_field_fits(unit: Scalar, width: u32) -> bool {
    is_unnamed_bit_field_type(unit) && width <= unit.bits()
}

/// §1.3: the types an unnamed bit-field can have: the integers (not `bool`, not floats).
pub const fn is_unnamed_bit_field_type(unit: Scalar) -> bool {
    unit.is_bit_field_type() && !matches!(unit, Scalar::Bool)
}

/// §1.2: an array member has at least one element. C has no zero-length arrays (C11
/// 6.7.6.2): NVRTC refuses `unsigned int b[0]` ("the size of an array must be greater than
/// zero"), and GCC's extension gives `{ u8 a; u32 b[0]; u8 c; }` size 8, align 4, a layout
/// no PTX compiler agrees with.
pub const fn array_len_allowed(len: usize) -> bool {
    len > 0
}

/// §1.3 table: the smallest and largest values of a bit-field of `width` bits.
pub const fn bit_field_range(width: u32, signed: bool) -> (i128, i128) {
    if width == 0 {
        return (0, 0);
    }
    if signed {
        let half = 1i128 << (width - 1);
        (-half, half - 1)
    } else {
        (0, (1i128 << width) - 1)
    }
}

/// §1.2: a native vector of `lanes` elements exists for 1–4 lanes of elements of at most four
/// bytes and 1–2 lanes of eight-byte elements.
pub const fn vector_lanes_allowed(elem: Scalar, lanes: usize) -> bool {
    !matches!(elem, Scalar::Bool) && lanes >= 1 && lanes <= if elem.size() == 8 { 2 } else { 4 }
}

/// §1.2: a native vector with an odd number of elements is aligned like its element; one with
/// an even number `n` is aligned to `n × alignof(t)`. Its size is `n × sizeof(t)`.
pub const fn try_vector_layout(elem: Scalar, lanes: usize) -> Result<Layout, LayoutError> {
    if !vector_lanes_allowed(elem, lanes) {
        return Err(LayoutError::VectorShape { elem, lanes });
    }
    let e = scalar_layout(elem);
    let align = if lanes % 2 == 0 {
        lanes * e.align
    } else {
        e.align
    };
    Ok(Layout {
        size: lanes * e.size,
        align,
    })
}

/// [`try_vector_layout`] for `const` items: a shape §1.2 does not define stops compilation.
pub const fn vector_layout(elem: Scalar, lanes: usize) -> Layout {
    match try_vector_layout(elem, lanes) {
        Ok(l) => l,
        Err(e) => e.panic(),
    }
}
