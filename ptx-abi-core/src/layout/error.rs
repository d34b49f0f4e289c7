//! Why a described type has no PTX layout.

use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::Scalar;

/// A rule of §1.2–§1.3 that a type description breaks. Generated code evaluates layouts in
/// `const` items, so for derived types each of these is a compile-time error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// `#[ptx(bits = N)]` on a member whose type is not an integer or `bool`.
    BitFieldType {
        /// The aggregate.
        ty: &'static str,
        /// The member.
        member: &'static str,
    },
    /// A bit-field wider than its type (§1.3 table), or a named bit-field of width 0.
    BitFieldWidth {
        /// The aggregate.
        ty: &'static str,
        /// The member.
        member: &'static str,
        /// The requested width.
        width: u32,
        /// The widest allowed.
        max: u32,
    },
    /// `#[ptx(align = N)]` with `N` not a power of two from 1 to 4096 (`rules::MAX_ALIGN`).
    AlignInvalid {
        /// The aggregate.
        ty: &'static str,
        /// The requested alignment.
        align: usize,
    },
    /// `#[ptx(align = N)]` on a member (`alignas(N)`) with `N` not a power of two from 1 to
    /// 4096 (`rules::MAX_ALIGN`), or on a bit-field, which C++ does not align.
    MemberAlignInvalid {
        /// The aggregate.
        ty: &'static str,
        /// The member.
        member: &'static str,
        /// The requested alignment.
        align: usize,
    },
    /// `#[ptx(align = N)]` on a member below its type's alignment: nvcc ignores such an
    /// attribute (GCC's rule: a member's `aligned` only raises), NVRTC lowers the member's
    /// alignment to it (`docs/nvidia-notes.md`), and C++ makes `alignas` below it ill-formed.
    MemberAlignBelowNatural {
        /// The aggregate.
        ty: &'static str,
        /// The member.
        member: &'static str,
        /// The requested alignment.
        align: usize,
        /// The member type's alignment.
        natural: usize,
    },
    /// `#[ptx(pack = N)]` with `N` not a power of two from 1 to 128.
    PackInvalid {
        /// The aggregate.
        ty: &'static str,
        /// The requested packing.
        pack: usize,
    },
    /// A bit-field of a packed aggregate that, placed without padding as `#pragma pack` does,
    /// crosses a boundary of its storage unit (§1.3), so no unit of its type holds it.
    PackedBitFieldCrosses {
        /// The aggregate.
        ty: &'static str,
        /// The member.
        member: &'static str,
        /// The packing.
        pack: usize,
    },
    /// A member of a packed aggregate that is, or holds, a bit-field whose storage unit is
    /// aligned to more than the packing: the unit would lie at an offset that is not a
    /// multiple of its size, and ptx-abi keeps every unit aligned (§1.3).
    PackedBitFieldAlign {
        /// The aggregate.
        ty: &'static str,
        /// The member.
        member: &'static str,
        /// The packing.
        pack: usize,
        /// The member's own alignment.
        align: usize,
    },
    /// `#[ptx(align = N)]` below the natural alignment, which nvcc's front and back ends lay
    /// out differently (see [`docs/nvidia-notes.md`](https://github.com/ptx-abi/ptx-abi/blob/main/docs/nvidia-notes.md)).
    AlignBelowNatural {
        /// The aggregate.
        ty: &'static str,
        /// The requested alignment.
        align: usize,
        /// The alignment of its strictest member.
        natural: usize,
    },
    /// A native vector shape that §1.2 does not define.
    VectorShape {
        /// The element type.
        elem: Scalar,
        /// The number of lanes.
        lanes: usize,
    },
    /// An aggregate with no data: C gives it size 0, C++ size 1, so no layout is portable.
    Empty {
        /// The aggregate.
        ty: &'static str,
    },
    /// An unnamed bit-field used outside an aggregate (as an array element, say).
    PadOutsideAggregate {
        /// The type.
        ty: &'static str,
    },
    /// An array of length 0 (§1.2, [`crate::layout::rules::array_len_allowed`]).
    ZeroLengthArray {
        /// The aggregate holding it, or `"array"` for an array on its own.
        ty: &'static str,
        /// The member, or `""` for an array on its own.
        member: &'static str,
    },
    /// A size that overflows `usize`.
    TooLarge {
        /// The type.
        ty: &'static str,
    },
}

/// `` `#[ptx(align = N)]` on `T::m `` (the message goes on after the member's name).
const fn align_on_member(
    m: ConstMsg<256>,
    align: usize,
    ty: &'static str,
    member: &'static str,
) -> ConstMsg<256> {
    m.str("`#[ptx(align = ")
        .num(align as u128)
        .str(")]` on `")
        .str(ty)
        .str("::")
        .str(member)
}

impl LayoutError {
    /// A sentence that says what is wrong and what to write instead.
    pub const fn message(&self) -> ConstMsg<256> {
        let m = ConstMsg::new();
        match *self {
            LayoutError::BitFieldType { ty, member } => m
                .str("bit-field `")
                .str(ty)
                .str("::")
                .str(member)
                .str("` must have an integer or bool type (PTX §1.3); remove `#[ptx(bits = N)]` or use an integer type"),
            LayoutError::BitFieldWidth {
                ty,
                member,
                width,
                max,
            } => m
                .str("bit-field `")
                .str(ty)
                .str("::")
                .str(member)
                .str("` is ")
                .num(width as u128)
                .str(" bits wide, but its type holds 1 to ")
                .num(max as u128)
                .str(" bits (PTX §1.3); use a smaller width or a wider type"),
            LayoutError::AlignInvalid { ty, align } => m
                .str("`#[ptx(align = ")
                .num(align as u128)
                .str(")]` on `")
                .str(ty)
                .str("`: expected a power of two from 1 to 4096"),
            LayoutError::MemberAlignInvalid { ty, member, align } => align_on_member(m, align, ty, member)
                .str("`: expected a power of two from 1 to 4096, on a member that is not a bit-field"),
            LayoutError::MemberAlignBelowNatural {
                ty,
                member,
                align,
                natural,
            } => align_on_member(m, align, ty, member)
                .str("` is below its type's alignment ")
                .num(natural as u128)
                .str(" (nvcc ignores it, NVRTC lowers the member to it); write ")
                .num(natural as u128)
                .str(" or more, or remove it"),
            LayoutError::PackInvalid { ty, pack } => m
                .str("`#[ptx(pack = ")
                .num(pack as u128)
                .str(")]` on `")
                .str(ty)
                .str("`: expected a power of two from 1 to 128, as `#pragma pack(N)` takes"),
            LayoutError::PackedBitFieldCrosses { ty, member, pack } => m
                .str("bit-field `")
                .str(ty)
                .str("::")
                .str(member)
                .str("` lies across its storage unit under `#[ptx(pack = ")
                .num(pack as u128)
                .str(")]` (no padding in a packed struct), which ptx-abi cannot encode (§1.3); start it on a new unit"),
            LayoutError::PackedBitFieldAlign {
                ty,
                member,
                pack,
                align,
            } => m
                .str("`")
                .str(ty)
                .str("::")
                .str(member)
                .str("` is or holds a bit-field aligned to ")
                .num(align as u128)
                .str(", more than `#[ptx(pack = ")
                .num(pack as u128)
                .str(")]`; ptx-abi keeps bit-field units aligned (§1.3): pack to ")
                .num(align as u128)
                .str(" or more"),
            LayoutError::AlignBelowNatural { ty, align, natural } => m
                .str("`#[ptx(align = ")
                .num(align as u128)
                .str(")]` is below the natural alignment ")
                .num(natural as u128)
                .str(" of `")
                .str(ty)
                .str("`; write `#[ptx(align = ")
                .num(natural as u128)
                .str(")]` or more, or remove it (nvcc lays out under-aligned types inconsistently)"),
            LayoutError::VectorShape { elem, lanes } => m
                .str("PTX has no native vector of ")
                .num(lanes as u128)
                .str(" `")
                .str(elem.rust_name())
                .str("` lanes: 1 to 4 lanes of types up to 4 bytes, 1 or 2 of 8-byte types (PTX §1.2)"),
            LayoutError::Empty { ty } => m
                .str("`")
                .str(ty)
                .str("` has no data member: C gives it size 0 and C++ size 1, so it has no portable PTX layout; add a member"),
            LayoutError::PadOutsideAggregate { ty } => m
                .str("`")
                .str(ty)
                .str("` is an unnamed bit-field and can only be a member of a struct or union"),
            LayoutError::ZeroLengthArray { ty, member } => {
                let m = if member.is_empty() {
                    m.str("an array of length 0")
                } else {
                    m.str("member `")
                        .str(ty)
                        .str("::")
                        .str(member)
                        .str("` is an array of length 0")
                };
                m.str(", which C does not have (NVRTC: \"the size of an array must be greater than zero\"); remove it or give every dimension at least one element (PTX §1.2)")
            }
            LayoutError::TooLarge { ty } => m.str("the size of `").str(ty).str("` overflows usize"),
        }
    }

    /// Stops `const` evaluation with [`LayoutError::message`]: a compile error in a `const`.
    pub const fn panic(&self) -> ! {
        let msg = self.message();
        panic!("{}", msg.as_str())
    }
}

impl core::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message().as_str())
    }
}
