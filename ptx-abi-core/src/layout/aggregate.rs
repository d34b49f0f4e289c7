//! The engine: the layout of any described type ([`try_layout_of`]) and, §1.2 and §1.3, placing
//! the members of a struct or union. One file, because the two recurse into each other (an
//! aggregate's layout needs its members', a member may be an aggregate).
//!
//! The cursor counts bits, because bit-fields (§1.3) are placed at bit granularity. Ordinary
//! members round the cursor up to their alignment; a bit-field stays where the cursor is unless
//! it would cross a boundary of the storage unit of its declared type, in which case it moves to
//! the next unit. Only named members raise the aggregate's alignment.

use crate::layout::address::AddressSize;
use crate::layout::desc::{AggregateKind, Member, Scalar, TypeDesc, TypeKind};
use crate::layout::error::LayoutError;
use crate::layout::placement::{round_up, BitRange, Layout, Placement};
use crate::layout::rules::{self, scalar_layout, try_vector_layout};

/// The layout of any described type at the given address size, or the rule it breaks.
pub const fn try_layout_of(ty: &TypeDesc, addr: AddressSize) -> Result<Layout, LayoutError> {
    match ty.kind {
        TypeKind::Scalar(s) => Ok(scalar_layout(s)),
        TypeKind::Enum { repr, .. } => Ok(scalar_layout(repr)),
        TypeKind::Pointer { .. } => Ok(Layout {
            size: addr.pointer_bytes(),
            align: addr.pointer_bytes(),
        }),
        // §1.4: handles are .b64 at every address size.
        TypeKind::Handle(_) => Ok(Layout { size: 8, align: 8 }),
        TypeKind::Vector { elem, lanes } => try_vector_layout(elem, lanes),
        TypeKind::Array { elem, len } => array_layout(ty.name, try_layout_of(elem, addr), len),
        TypeKind::Aggregate { .. } => match try_aggregate_layout(ty, addr) {
            Ok(l) => Ok(l),
            Err(e) => Err(e),
        },
        TypeKind::Pad { .. } => Err(LayoutError::PadOutsideAggregate { ty: ty.name }),
        TypeKind::Phantom => Ok(Layout { size: 0, align: 1 }),
        TypeKind::EmptyClass { align } => rules::empty_class_layout(ty.name, align),
    }
}

/// §1.2: an array of `len` elements of layout `elem`: the elements back to back, aligned like
/// one; at least one element ([`rules::array_len_allowed`]). `name` is the array type's, for
/// the error. `PtxAbi` for `[T; N]` computes its layout from `T`'s with this, so that a type
/// nested deep in arrays and structs is laid out from its members' already computed layouts.
pub const fn array_layout(
    name: &'static str,
    elem: Result<Layout, LayoutError>,
    len: usize,
) -> Result<Layout, LayoutError> {
    if !rules::array_len_allowed(len) {
        return Err(LayoutError::ZeroLengthArray {
            ty: name,
            member: "",
        });
    }
    match elem {
        Ok(e) => match e.size.checked_mul(len) {
            Some(size) => Ok(Layout {
                size,
                align: e.align,
            }),
            None => Err(LayoutError::TooLarge { ty: name }),
        },
        Err(e) => Err(e),
    }
}

/// The layout of a described type; a broken rule is a compile-time error when evaluated in a
/// `const` (which is how `PtxAbi::SIZE` and `PtxAbi::ALIGN` use it).
pub const fn layout_of(ty: &TypeDesc, addr: AddressSize) -> Layout {
    match try_layout_of(ty, addr) {
        Ok(l) => l,
        Err(e) => e.panic(),
    }
}

/// The layout of an aggregate together with the placement of each of its `N` members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemberLayout<const N: usize> {
    /// Size and alignment of the whole aggregate.
    pub layout: Layout,
    /// One placement per member, in declaration order.
    pub members: [Placement; N],
}

/// The engine's position while walking an aggregate's members.
#[derive(Clone, Copy)]
struct Cursor {
    kind: AggregateKind,
    /// Struct: the first free bit. Union: the largest member extent so far, in bits.
    bit: usize,
    /// The strictest alignment of a named member so far.
    align: usize,
    /// Whether any member holds data (named, or an unnamed bit-field of non-zero width).
    has_data: bool,
    /// `#pragma pack(N)`: the most a member is aligned to; 0 for none.
    pack: usize,
}

/// What a member is, once its description is read.
enum Shape {
    /// An ordinary member with its layout, its `alignas` applied.
    Field(Layout),
    /// A bit-field of the given unit type and width; `named` ones raise the alignment.
    Bits {
        unit: Scalar,
        width: u32,
        named: bool,
    },
}

/// What member `m` of `owner` is. An ordinary member's layout is `given` when the caller has
/// it already (the derive passes each member type's `PtxAbi` layout, so that nesting costs
/// no recursion at compile time), else computed from its description.
const fn shape_of(
    owner: &TypeDesc,
    m: &Member,
    addr: AddressSize,
    given: Option<Result<Layout, LayoutError>>,
) -> Result<Shape, LayoutError> {
    if m.align != 0
        && (!rules::is_valid_align(m.align)
            || m.bits.is_some()
            || matches!(m.ty.kind, TypeKind::Pad { .. }))
    {
        return Err(LayoutError::MemberAlignInvalid {
            ty: owner.name,
            member: m.name,
            align: m.align,
        });
    }
    if let Some(width) = m.bits {
        let unit = match m.ty.kind {
            TypeKind::Scalar(s) if s.is_bit_field_type() => s,
            _ => {
                return Err(LayoutError::BitFieldType {
                    ty: owner.name,
                    member: m.name,
                })
            }
        };
        if !rules::named_bit_field_fits(unit, width) {
            return Err(LayoutError::BitFieldWidth {
                ty: owner.name,
                member: m.name,
                width,
                max: unit.max_bit_field_width(),
            });
        }
        return Ok(Shape::Bits {
            unit,
            width,
            named: true,
        });
    }
    if let TypeKind::Pad { unit, width } = m.ty.kind {
        if !rules::is_unnamed_bit_field_type(unit) {
            return Err(LayoutError::BitFieldType {
                ty: owner.name,
                member: m.name,
            });
        }
        if !rules::unnamed_bit_field_fits(unit, width) {
            return Err(LayoutError::BitFieldWidth {
                ty: owner.name,
                member: m.name,
                width,
                max: unit.bits(),
            });
        }
        return Ok(Shape::Bits {
            unit,
            width,
            named: false,
        });
    }
    if has_zero_length(m.ty) {
        return Err(LayoutError::ZeroLengthArray {
            ty: owner.name,
            member: m.name,
        });
    }
    let layout = match given {
        Some(l) => l,
        None => try_layout_of(m.ty, addr),
    };
    let l = match layout {
        Ok(l) => l,
        Err(e) => return Err(e),
    };
    match rules::member_align(l.align, m.align) {
        Some(align) => Ok(Shape::Field(Layout {
            size: l.size,
            align,
        })),
        None => Err(LayoutError::MemberAlignBelowNatural {
            ty: owner.name,
            member: m.name,
            align: m.align,
            natural: l.align,
        }),
    }
}

/// §1.3 under `#pragma pack(pack)`: a member whose bit-field storage units are aligned to
/// `align` is refused when the packing would lower that alignment (the codec writes each unit
/// inside one aligned word).
const fn packed_units_stay_aligned(
    owner: &TypeDesc,
    m: &Member,
    pack: usize,
    align: usize,
) -> Result<(), LayoutError> {
    if pack != 0 && align > pack {
        Err(LayoutError::PackedBitFieldAlign {
            ty: owner.name,
            member: m.name,
            pack,
            align,
        })
    } else {
        Ok(())
    }
}

/// Whether `ty` is an array with a dimension of length 0 (`[[u32; 0]; 2]` too), which §1.2
/// refuses ([`rules::array_len_allowed`]); reported with the member's name.
pub(crate) const fn has_zero_length(mut ty: &TypeDesc) -> bool {
    while let TypeKind::Array { elem, len } = ty.kind {
        if !rules::array_len_allowed(len) {
            return true;
        }
        ty = elem;
    }
    false
}

/// Whether `ty` is or holds (in a member, at any depth, or as an array's element) a bit-field,
/// named or unnamed: its storage units must stay aligned to their size (§1.3), so a packing
/// may not lower its alignment.
const fn holds_bit_fields(ty: &TypeDesc) -> bool {
    match ty.kind {
        TypeKind::Array { elem, .. } => holds_bit_fields(elem),
        TypeKind::Aggregate { members, .. } => {
            let mut i = 0;
            while i < members.len() {
                let m = &members[i];
                if m.bits.is_some()
                    || matches!(m.ty.kind, TypeKind::Pad { .. })
                    || holds_bit_fields(m.ty)
                {
                    return true;
                }
                i += 1;
            }
            false
        }
        _ => false,
    }
}

/// Places one member and advances the cursor.
const fn place(
    cur: Cursor,
    owner: &TypeDesc,
    m: &Member,
    addr: AddressSize,
    given: Option<Result<Layout, LayoutError>>,
) -> Result<(Cursor, Placement), LayoutError> {
    let shape = match shape_of(owner, m, addr, given) {
        Ok(s) => s,
        Err(e) => return Err(e),
    };
    let mut next = cur;
    let is_struct = matches!(cur.kind, AggregateKind::Struct);
    let start = if is_struct { cur.bit } else { 0 };
    let placement = match shape {
        Shape::Field(own) => {
            // A member with its own `alignas` is not lowered by the packing: its units stay
            // aligned.
            if holds_bit_fields(m.ty) && m.align == 0 {
                if let Err(e) = packed_units_stay_aligned(owner, m, cur.pack, own.align) {
                    return Err(e);
                }
            }
            let l = Layout {
                size: own.size,
                align: rules::packed_member_align(own.align, m.align, cur.pack),
            };
            let (bit, end) = match bits_after(start, l.align * 8, l.size) {
                Some(b) => b,
                None => return Err(LayoutError::TooLarge { ty: owner.name }),
            };
            if l.size > 0 {
                next.has_data = true;
                if l.align > next.align {
                    next.align = l.align;
                }
            }
            next.bit = extend(cur, end);
            Placement {
                offset: bit / 8,
                size: l.size,
                align: l.align,
                bits: None,
            }
        }
        Shape::Bits { unit, width, named } => {
            let unit_layout = scalar_layout(unit);
            let unit_bits = unit_layout.size * 8;
            let crosses = (start % unit_bits) + width as usize > unit_bits;
            // §1.3: a zero-length bit-field moves the next member to the next boundary of its
            // type; a bit-field never crosses a boundary of its storage unit. Under `#pragma
            // pack` nvcc inserts no padding before a bit-field, so one that would cross a
            // unit boundary (or whose unit is aligned to more than the packing) lies in no
            // unit of its type: refused, not placed.
            if width > 0 {
                if let Err(e) = packed_units_stay_aligned(owner, m, cur.pack, unit_layout.align) {
                    return Err(e);
                }
            }
            if cur.pack != 0 && width > 0 && crosses {
                return Err(LayoutError::PackedBitFieldCrosses {
                    ty: owner.name,
                    member: m.name,
                    pack: cur.pack,
                });
            }
            let bit = if width == 0 || crosses {
                let boundary = rules::packed_align(unit_layout.align, cur.pack) * 8;
                match bits_after(start, boundary, 0) {
                    Some((b, _)) => b,
                    None => return Err(LayoutError::TooLarge { ty: owner.name }),
                }
            } else {
                start
            };
            if bit.checked_add(width as usize).is_none() {
                return Err(LayoutError::TooLarge { ty: owner.name });
            }
            let unit_start = bit - bit % unit_bits;
            if width > 0 {
                next.has_data = true;
            }
            // §1.3: unnamed bit-fields do not affect the alignment of the aggregate.
            if named && rules::packed_align(unit_layout.align, cur.pack) > next.align {
                next.align = rules::packed_align(unit_layout.align, cur.pack);
            }
            next.bit = extend(cur, bit + width as usize);
            Placement {
                offset: unit_start / 8,
                size: unit_layout.size,
                align: unit_layout.align,
                bits: Some(BitRange {
                    start: (bit - unit_start) as u32,
                    width,
                }),
            }
        }
    };
    Ok((next, placement))
}

/// `start` rounded up to a multiple of `align_bits`, and that plus `size` bytes, in bits; `None`
/// when an aggregate that large cannot be counted in bits (a member of 2⁶¹ bytes or more).
const fn bits_after(start: usize, align_bits: usize, size: usize) -> Option<(usize, usize)> {
    let bit = match start.checked_next_multiple_of(align_bits) {
        Some(b) => b,
        None => return None,
    };
    match size.checked_mul(8) {
        Some(len) => match bit.checked_add(len) {
            Some(end) => Some((bit, end)),
            None => None,
        },
        None => None,
    }
}

/// A struct's cursor moves to the member's end; a union's grows to its largest member.
const fn extend(cur: Cursor, end_bit: usize) -> usize {
    match cur.kind {
        AggregateKind::Struct => end_bit,
        AggregateKind::Union => {
            if end_bit > cur.bit {
                end_bit
            } else {
                cur.bit
            }
        }
    }
}

/// §1.2: the aggregate's alignment (the strictest member, or the requested one) and its size
/// rounded up to a multiple of it (tail padding).
const fn finish(cur: Cursor, owner: &TypeDesc, requested: usize) -> Result<Layout, LayoutError> {
    if !cur.has_data {
        return match owner.kind {
            TypeKind::EmptyClass { align } => rules::empty_class_layout(owner.name, align),
            _ => Err(LayoutError::Empty { ty: owner.name }),
        };
    }
    let mut align = cur.align;
    if requested != 0 {
        if !rules::is_valid_align(requested) {
            return Err(LayoutError::AlignInvalid {
                ty: owner.name,
                align: requested,
            });
        }
        if requested < cur.align {
            return Err(LayoutError::AlignBelowNatural {
                ty: owner.name,
                align: requested,
                natural: cur.align,
            });
        }
        align = requested;
    }
    Ok(Layout {
        size: round_up(cur.bit.div_ceil(8), align),
        align,
    })
}

/// An aggregate's kind, requested alignment, packing and members.
const fn parts(ty: &TypeDesc) -> (AggregateKind, usize, usize, &'static [Member]) {
    match ty.kind {
        TypeKind::Aggregate {
            kind,
            align,
            pack,
            members,
        } => (kind, align, pack, members),
        _ => (AggregateKind::Struct, 0, 0, &[]),
    }
}

/// The cursor before the first member, or the broken rule of an invalid packing.
const fn start(owner: &TypeDesc, kind: AggregateKind, pack: usize) -> Result<Cursor, LayoutError> {
    if pack != 0 && !rules::is_valid_pack(pack) {
        return Err(LayoutError::PackInvalid {
            ty: owner.name,
            pack,
        });
    }
    Ok(Cursor {
        kind,
        bit: 0,
        align: 1,
        has_data: false,
        pack,
    })
}

/// The layout of an aggregate description (§1.2, §1.3).
pub(super) const fn try_aggregate_layout(
    ty: &TypeDesc,
    addr: AddressSize,
) -> Result<Layout, LayoutError> {
    let (kind, requested, pack, members) = parts(ty);
    let mut cur = match start(ty, kind, pack) {
        Ok(c) => c,
        Err(e) => return Err(e),
    };
    let mut i = 0;
    while i < members.len() {
        cur = match place(cur, ty, &members[i], addr, None) {
            Ok((c, _)) => c,
            Err(e) => return Err(e),
        };
        i += 1;
    }
    finish(cur, ty, requested)
}

/// The layout of an aggregate and the placement of each of its `N` members (§1.2, §1.3).
pub const fn try_place_members<const N: usize>(
    ty: &TypeDesc,
    addr: AddressSize,
) -> Result<MemberLayout<N>, LayoutError> {
    place_all(ty, addr, None)
}

/// [`try_place_members`] with the layout of each member's type already known (`given[i]`,
/// ignored for bit-fields), as the derive has them: the `PtxAbi` layout of each field
/// type. Nothing is recomputed from the members' descriptions, so the cost does not grow
/// with nesting depth and compile-time evaluation does not recurse.
pub const fn try_place_members_given<const N: usize>(
    ty: &TypeDesc,
    addr: AddressSize,
    given: &[Result<Layout, LayoutError>; N],
) -> Result<MemberLayout<N>, LayoutError> {
    place_all(ty, addr, Some(given))
}

const fn place_all<const N: usize>(
    ty: &TypeDesc,
    addr: AddressSize,
    given: Option<&[Result<Layout, LayoutError>; N]>,
) -> Result<MemberLayout<N>, LayoutError> {
    let (kind, requested, pack, members) = parts(ty);
    let mut out = [Placement::EMPTY; N];
    let mut cur = match start(ty, kind, pack) {
        Ok(c) => c,
        Err(e) => return Err(e),
    };
    let mut i = 0;
    while i < members.len() && i < N {
        let layout = match given {
            Some(g) => Some(g[i]),
            None => None,
        };
        cur = match place(cur, ty, &members[i], addr, layout) {
            Ok((c, p)) => {
                out[i] = p;
                c
            }
            Err(e) => return Err(e),
        };
        i += 1;
    }
    match finish(cur, ty, requested) {
        Ok(layout) => Ok(MemberLayout {
            layout,
            members: out,
        }),
        Err(e) => Err(e),
    }
}

/// The first member of `ty` placed at an alignment above `limit` bytes (§1.2: its type's
/// alignment, capped by the aggregate's packing, or raised by `alignas` whatever the
/// packing): its index, name and alignment; `None` when there is none, or when the layout
/// breaks a rule (the members up to the broken one are looked at). [`Placements`]' walk as
/// a `const fn`, so that a caller evaluates it once per type at compile time
/// (`KernelLaunch::extra`: over 16 bytes a parameter's offset in the driver's buffer depends
/// on the architecture).
pub(crate) const fn first_member_aligned_above(
    ty: &TypeDesc,
    addr: AddressSize,
    limit: usize,
) -> Option<(usize, &'static str, usize)> {
    let (kind, _, pack, members) = parts(ty);
    let mut cur = match start(ty, kind, pack) {
        Ok(c) => c,
        Err(_) => return None,
    };
    let mut i = 0;
    while i < members.len() {
        let p;
        (cur, p) = match place(cur, ty, &members[i], addr, None) {
            Ok(placed) => placed,
            Err(_) => return None,
        };
        if p.align > limit {
            return Some((i, members[i].name, p.align));
        }
        i += 1;
    }
    None
}

/// The members of an aggregate with their placements, computed one by one at run time by
/// the same steps as [`try_place_members`]; yields an error and stops at a broken rule.
pub struct Placements<'a> {
    ty: &'a TypeDesc,
    addr: AddressSize,
    /// The cursor, or the broken rule of the aggregate itself (an invalid packing), yielded
    /// first.
    cur: Result<Cursor, LayoutError>,
    next: usize,
    failed: bool,
}

impl<'a> Placements<'a> {
    /// Placements of `ty`'s members (none for a type that is not an aggregate).
    pub fn new(ty: &'a TypeDesc, addr: AddressSize) -> Self {
        let (kind, _, pack, _) = parts(ty);
        Placements {
            ty,
            addr,
            cur: start(ty, kind, pack),
            next: 0,
            failed: false,
        }
    }
}

impl Iterator for Placements<'_> {
    type Item = Result<(&'static Member, Placement), LayoutError>;

    fn next(&mut self) -> Option<Self::Item> {
        let member = parts(self.ty).3.get(self.next)?;
        if self.failed {
            return None;
        }
        self.next += 1;
        let placed = match self.cur {
            Ok(cur) => place(cur, self.ty, member, self.addr, None),
            Err(e) => Err(e),
        };
        match placed {
            Ok((cur, placement)) => {
                self.cur = Ok(cur);
                Some(Ok((member, placement)))
            }
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// The layout of an aggregate whose members are given as a slice (for instance a reordering
/// of a type's members), by the same rules as a described aggregate, packed to `pack` bytes
/// (0: not packed).
pub fn layout_of_members(
    name: &'static str,
    kind: AggregateKind,
    requested_align: usize,
    pack: usize,
    members: &[Member],
    addr: AddressSize,
) -> Result<Layout, LayoutError> {
    let owner = TypeDesc {
        name,
        kind: TypeKind::Aggregate {
            kind,
            align: requested_align,
            pack,
            members: &[],
        },
    };
    let mut cur = start(&owner, kind, pack)?;
    for m in members {
        cur = place(cur, &owner, m, addr, None)?.0;
    }
    finish(cur, &owner, requested_align)
}
