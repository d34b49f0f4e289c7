//! The derive's attribute checks. Each applies one rule of [`crate::layout::rules`] to what the
//! user wrote and comes in two halves: a `…_error` function that returns the message about
//! that attribute when the rule is broken, and a function that gives the value the type's
//! description uses and never fails (a stand-in when the rule is broken, so that nothing else
//! in the expansion fails after it). The derive emits each `…_error` call in a `const` of its
//! own whose `panic!` is spanned on the user's token, so one mistake is one compile error,
//! there; it never decides a rule itself.

use crate::layout::aggregate::MemberLayout;
use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::{Member, Scalar, TypeDesc, TypeKind};
use crate::layout::error::LayoutError;
use crate::layout::placement::{Layout, Placement};
use crate::layout::{c_spelling, const_text, rules};

/// The member that stands in for one whose attribute breaks a rule (its `…_error` is the
/// compile error): a full `u8` bit-field, which every later step lays out without complaint
/// (as a bit-field, the engine does not read the layout the derive gives for the member's
/// own type, which may be the broken one) and [`is_stand_in`] recognizes.
const fn stand_in(name: &'static str) -> Member {
    Member {
        name,
        ty: &TypeDesc {
            name: STAND_IN,
            kind: TypeKind::Scalar(Scalar::U8),
        },
        bits: Some(8),
        align: 0,
    }
}

/// The type name of [`stand_in`] members.
const STAND_IN: &str = "(refused member)";

/// Whether `m` stands in for a member whose attribute was refused (already a compile error),
/// so that later checks say nothing more about it.
pub const fn is_stand_in(m: &Member) -> bool {
    const_text::same_str(m.ty.name, STAND_IN)
}

/// `#[ptx(align = N)]` (§1.2): the message unless `N` is a power of two from 1 to
/// [`rules::MAX_ALIGN`] ([`rules::is_valid_align`]).
pub const fn align_error(align: u64) -> Option<ConstMsg<160>> {
    if align <= rules::MAX_ALIGN as u64 && rules::is_valid_align(align as usize) {
        return None;
    }
    Some(
        ConstMsg::new()
            .str("expected a power of two from 1 to ")
            .num(rules::MAX_ALIGN as u128)
            .str(" for `align`, found ")
            .num(align as u128),
    )
}

/// `#[ptx(align = N)]` as the description's requested alignment: `N`, or 0 (none requested)
/// when [`align_error`] refuses it.
pub const fn requested_align(align: u64) -> usize {
    match align_error(align) {
        None => align as usize,
        Some(_) => 0,
    }
}

/// `#[ptx(pack = N)]` (`#pragma pack(N)`): the message unless `N` is a power of two from 1
/// to 128 ([`rules::is_valid_pack`]).
pub const fn pack_error(pack: u64) -> Option<ConstMsg<160>> {
    if pack <= 128 && rules::is_valid_pack(pack as usize) {
        return None;
    }
    Some(
        ConstMsg::new()
            .str("expected a power of two from 1 to 128 for `pack`, as `#pragma pack(N)` takes, found ")
            .num(pack as u128),
    )
}

/// `#[ptx(pack = N)]` as the description's packing: `N`, or 0 (not packed) when
/// [`pack_error`] refuses it.
pub const fn requested_pack(pack: u64) -> usize {
    match pack_error(pack) {
        None => pack as usize,
        Some(_) => 0,
    }
}

/// `#[ptx(bits = N)]` on the member `name` of type `ty` (§1.3,
/// [`rules::named_bit_field_fits`]): the message when `N` does not fit `ty`. A `ty` that is
/// not an integer or `bool` gets none here: the `BitFieldType` bound the expansion puts on
/// the field's type is that error, on the type.
pub const fn named_bit_field_error(name: &str, ty: &TypeDesc, width: u32) -> Option<ConstMsg<320>> {
    let unit = match ty.kind {
        TypeKind::Scalar(s) if s.is_bit_field_type() => s,
        _ => return None,
    };
    if rules::named_bit_field_fits(unit, width) {
        return None;
    }
    let max = unit.max_bit_field_width();
    let m = ConstMsg::new();
    Some(if max == 1 {
        m.str("a `bool` bit-field is 1 bit wide: write `#[ptx(bits = 1)]` for `")
            .str(name)
            .str("`")
    } else if width == 0 {
        m.str(
            "a named bit-field needs a width of at least 1; for a zero-length bit-field replace `",
        )
        .str(name)
        .str("` with an unnamed one: `_")
        .str(name)
        .str(": Pad<")
        .str(ty.name)
        .str(", 0>`")
    } else {
        m.str("bit-field `")
            .str(name)
            .str("` is ")
            .num(width as u128)
            .str(" bits wide, but `")
            .str(ty.name)
            .str("` holds ")
            .num(max as u128)
            .str("; use a width from 1 to ")
            .num(max as u128)
            .str(" or a wider type (PTX §1.3)")
    })
}

/// An ordinary member `name` of type `ty`: no attribute, nothing to check.
pub const fn member(name: &'static str, ty: &'static TypeDesc) -> Member {
    Member {
        name,
        ty,
        bits: None,
        align: 0,
    }
}

/// `#[ptx(align = N)]` on a field whose type has the layout `ty` (`alignas(N)`, §1.2, §2.3
/// note D): the message unless `N` is a power of two up to 4096 ([`align_error`]) and at least
/// the type's alignment (below it nvcc ignores the attribute and NVRTC lowers the member to it,
/// `docs/nvidia-notes.md`; [`LayoutError::MemberAlignBelowNatural`]). A type whose layout is
/// broken gets none here: its own error says why.
pub const fn member_align_error(
    align: u64,
    ty: Result<Layout, LayoutError>,
) -> Option<ConstMsg<160>> {
    if let Some(e) = align_error(align) {
        return Some(e);
    }
    match ty {
        Ok(l) if rules::member_align(l.align, align as usize).is_none() => Some(
            ConstMsg::new()
                .str("expected the field type's alignment ")
                .num(l.align as u128)
                .str(" or more for `align`, found ")
                .num(align as u128)
                .str(": below it nvcc ignores the attribute and NVRTC lowers the member"),
        ),
        _ => None,
    }
}

/// `#[ptx(align = N)]` on a field as the member's alignment: `N`, or 0 (its type's) when
/// [`member_align_error`] refuses it, so that the engine lays the rest out without a second
/// error.
pub const fn requested_member_align(align: u64, ty: Result<Layout, LayoutError>) -> usize {
    match member_align_error(align, ty) {
        None => align as usize,
        Some(_) => 0,
    }
}

/// `#[ptx(align = N)]` on a field (`alignas(N)`, §1.2): member `m` aligned to `align` or its
/// type's alignment, whichever is more. `align` comes from [`requested_align`], whose
/// [`align_error`] is the compile error for a value that is not a power of two up to 4096.
pub const fn align_member(m: Member, align: usize) -> Member {
    Member { align, ..m }
}

/// `#[ptx(bits = N)]` on the member `name` of type `ty` (§1.3): the bit-field, or the plain
/// member when it breaks the rule (see [`named_bit_field_error`]).
pub const fn named_bit_field(name: &'static str, ty: &'static TypeDesc, width: u32) -> Member {
    let bits = match ty.kind {
        TypeKind::Scalar(s) if rules::named_bit_field_fits(s, width) => Some(width),
        _ => None,
    };
    Member {
        name,
        ty,
        bits,
        align: 0,
    }
}

/// A member whose type is spelled `Pad<T, N>`, an unnamed bit-field (§1.3): the message
/// unless `T` is an integer type and `N` is at most its width
/// ([`rules::is_unnamed_bit_field_type`], [`rules::unnamed_bit_field_fits`]).
pub const fn unnamed_bit_field_error(ty: &TypeDesc) -> Option<ConstMsg<256>> {
    let TypeKind::Pad { unit, width } = ty.kind else {
        return None;
    };
    if !rules::is_unnamed_bit_field_type(unit) {
        return Some(
            ConstMsg::new()
                .str("`Pad<")
                .str(unit.rust_name())
                .str(", _>` needs an integer type: unnamed bit-fields are integers (PTX §1.3); use `u8`, `u16`, `u32`, `u64` or a signed one"),
        );
    }
    if !rules::unnamed_bit_field_fits(unit, width) {
        return Some(
            ConstMsg::new()
                .str("`Pad<")
                .str(unit.rust_name())
                .str(", ")
                .num(width as u128)
                .str(">` is wider than its ")
                .num(unit.bits() as u128)
                .str("-bit type; use a width from 0 to ")
                .num(unit.bits() as u128)
                .str(" or a wider type (PTX §1.3)"),
        );
    }
    None
}

/// A member whose type is spelled `Pad<T, N>` (§1.3): the member, or a stand-in when
/// [`unnamed_bit_field_error`] refuses it.
pub const fn unnamed_bit_field(name: &'static str, ty: &'static TypeDesc) -> Member {
    match unnamed_bit_field_error(ty) {
        None => Member {
            name,
            ty,
            bits: None,
            align: 0,
        },
        Some(_) => stand_in(name),
    }
}

/// A member whose type is spelled as an array (`b: [u32; N]`), §1.2: the message if the array
/// (or one of its dimensions) has length 0, which C does not allow
/// ([`rules::array_len_allowed`]), or if its elements are zero-sized (`PhantomData`), which C
/// has no array of.
pub const fn array_member_error(name: &str, ty: &TypeDesc) -> Option<ConstMsg<320>> {
    // An array of a zero-sized element (`[PhantomData<T>; 4]`) is C's `void p[4]`: no type.
    let mut elem = ty;
    while let TypeKind::Array { elem: e, .. } = elem.kind {
        elem = e;
    }
    if matches!(elem.kind, TypeKind::Phantom) && !matches!(ty.kind, TypeKind::Phantom) {
        return Some(ConstMsg::new().str("`").str(name).str(
            "` is an array of `PhantomData`, which has no C counterpart (an array of \
                     `void`); write one `PhantomData<T>` field",
        ));
    }
    if !crate::layout::aggregate::has_zero_length(ty) {
        return None;
    }
    let outer_empty = matches!(ty.kind, TypeKind::Array { len: 0, .. });
    Some(
        ConstMsg::new()
            .str("`")
            .str(name)
            .str(if outer_empty {
                "` is an array of length 0"
            } else {
                "` has an inner array dimension of length 0"
            })
            .str(", which C does not have (NVRTC: \"the size of an array must be greater than zero\"; GCC's extension lays it out differently); remove `")
            .str(name)
            .str("` or give every dimension at least one element (PTX §1.2)"),
    )
}

/// A member whose type is spelled as an array (§1.2): the member, or a stand-in when
/// [`array_member_error`] refuses it.
pub const fn array_member(name: &'static str, ty: &'static TypeDesc) -> Member {
    match array_member_error(name, ty) {
        None => Member {
            name,
            ty,
            bits: None,
            align: 0,
        },
        Some(_) => stand_in(name),
    }
}

/// `#[ptx(c_name = "…")]` on a type, field or union variant: the message unless `name` is a C
/// identifier (ASCII letters, digits and `_`, not starting with a digit) and not a C or C++
/// keyword ([`c_spelling::is_keyword`]), saying what to write instead.
pub const fn c_name_error(name: &str) -> Option<ConstMsg<320>> {
    let b = name.as_bytes();
    let m = ConstMsg::new();
    if b.is_empty() {
        return Some(m.str(
            "`c_name` cannot be empty; write a C identifier, e.g. `#[ptx(c_name = \"particle_t\")]`",
        ));
    }
    let mut i = 0;
    while i < b.len() {
        if !(b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            return Some(
                m.str("`")
                    .str(name)
                    .str("` is not a C identifier: `")
                    .str(char_at(b, i))
                    .str(
                        "` is not allowed (only ASCII letters, digits and `_`); for a C++ scoped \
                         name put only the last component here",
                    ),
            );
        }
        i += 1;
    }
    if b[0].is_ascii_digit() {
        return Some(
            m.str("`")
                .str(name)
                .str("` is not a C identifier: it starts with a digit; write e.g. `_")
                .str(name)
                .str("`"),
        );
    }
    if c_spelling::is_header_name(name) {
        return Some(
            m.str("`")
                .str(name)
                .str(
                    "` is declared by CUDA's headers or the C headers they include (a type or a \
                     macro), so a header cannot declare a type or member of that name; write \
                     e.g. `",
                )
                .str(name)
                .str("_`"),
        );
    }
    if c_spelling::is_keyword(name) {
        return Some(
            m.str("`")
                .str(name)
                .str("` is a C/C++ keyword and cannot name a type or member; write e.g. `")
                .str(name)
                .str("_`"),
        );
    }
    None
}

/// A type named by its Rust identifier, which is then its C name (`struct r#union` is C's
/// `union`): the message if that is a C or C++ keyword ([`c_spelling::is_keyword`]), which no
/// header or C++ name could use, saying to give it a `c_name`.
pub const fn type_c_name_error(name: &str) -> Option<ConstMsg<256>> {
    let why = if c_spelling::is_keyword(name) {
        "` is a C/C++ keyword"
    } else if c_spelling::is_header_name(name) {
        "` is declared by CUDA's headers or the C headers they include"
    } else {
        return None;
    };
    Some(
        ConstMsg::new()
            .str("`")
            .str(name)
            .str(why)
            .str(" and cannot name the type in CUDA; give it a C name, e.g. `#[ptx(c_name = \"")
            .str(name)
            .str("_\")]`"),
    )
}

/// Member `name` of a struct or union, after the members `earlier` (their C names as the
/// derive describes them): the message if C would spell it like one of them, in the header's
/// spelling ([`c_spelling::c_identifier`]: `0` is `_0`, a keyword gets a `_`), since C needs
/// distinct member names.
pub const fn distinct_member_error(name: &str, earlier: &[&str]) -> Option<ConstMsg<320>> {
    let mut i = 0;
    while i < earlier.len() {
        if c_spelling::same_c_identifier(name, earlier[i]) {
            let m = ConstMsg::new().str("`").str(name).str("`");
            let m = if const_text::same_str(name, earlier[i]) {
                m.str(" is the C name of an earlier member too")
            } else {
                m.str(" and the earlier `")
                    .str(earlier[i])
                    .str("` are both `")
                    .str(c_spelling::c_prefix(name))
                    .str(name)
                    .str(c_spelling::c_suffix(name))
                    .str("` in C")
            };
            return Some(m.str(
                ": a struct or union needs distinct member names; give one of them another name or `#[ptx(c_name = \"…\")]`",
            ));
        }
        i += 1;
    }
    None
}

/// The engine's placement of an aggregate (§1.2, §1.3) as the derive computes it: the message
/// of the rule it breaks, if any ([`LayoutError::message`]).
pub const fn layout_error<const N: usize>(
    placed: &Result<MemberLayout<N>, LayoutError>,
) -> Option<ConstMsg<256>> {
    match placed {
        Ok(_) => None,
        Err(e) => Some(e.message()),
    }
}

/// The placement every other `const` of the expansion reads: the engine's, or, when it breaks
/// a rule ([`layout_error`] is then the compile error), a stand-in of one byte with every
/// member a byte at offset 0, which no later check refuses.
pub const fn placed_or_stand_in<const N: usize>(
    placed: &Result<MemberLayout<N>, LayoutError>,
) -> MemberLayout<N> {
    match placed {
        Ok(l) => *l,
        Err(_) => MemberLayout {
            layout: Layout { size: 1, align: 1 },
            members: [Placement {
                offset: 0,
                size: 1,
                align: 1,
                bits: None,
            }; N],
        },
    }
}

/// The UTF-8 character that starts at byte `i` of `b` (a valid `str`'s bytes).
const fn char_at(b: &[u8], i: usize) -> &str {
    let mut end = i + 1;
    while end < b.len() && b[end] & 0b1100_0000 == 0b1000_0000 {
        end += 1;
    }
    let (_, rest) = b.split_at(i);
    let (ch, _) = rest.split_at(end - i);
    match core::str::from_utf8(ch) {
        Ok(s) => s,
        Err(_) => "?",
    }
}
