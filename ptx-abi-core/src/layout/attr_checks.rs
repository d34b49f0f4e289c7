//! The derive's attribute checks. Each applies one rule of [`crate::layout::rules`] to what the
//! user wrote and, if it is broken, stops `const` evaluation with a message about that
//! attribute. The derive emits each call spanned on the user's token, so the compile error
//! points there; it never decides a rule itself.

use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::{Member, TypeDesc, TypeKind};
use crate::layout::rules;

/// `#[ptx(align = N)]` (§2.3 note D): `N` as the description's requested alignment, or a
/// compile error unless `N` is a power of two from 1 to 128.
pub const fn requested_align(align: u64) -> usize {
    if align > 128 || !rules::is_valid_align(align as usize) {
        let msg = ConstMsg::<160>::new()
            .str("expected a power of two from 1 to 128 for `align`, found ")
            .num(align as u128)
            .str(" (PTX §2.3 note D)");
        panic!("{}", msg.as_str());
    }
    align as usize
}

/// `#[ptx(bits = N)]` on the member `name` of type `ty` (§1.3): the member, or a compile error
/// unless `ty` is an integer or `bool` and `N` fits it.
pub const fn named_bit_field(name: &'static str, ty: &'static TypeDesc, width: u32) -> Member {
    let unit = match ty.kind {
        TypeKind::Scalar(s) if s.is_bit_field_type() => s,
        _ => not_a_bit_field_type(name, ty),
    };
    if !rules::named_bit_field_fits(unit, width) {
        let max = unit.max_bit_field_width();
        let m = ConstMsg::<320>::new();
        let msg = if max == 1 {
            m.str("a `bool` bit-field is 1 bit wide: write `#[ptx(bits = 1)]` for `")
                .str(name)
                .str("`")
        } else if width == 0 {
            m.str("a named bit-field needs a width of at least 1; for a zero-length bit-field replace `")
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
        };
        panic!("{}", msg.as_str());
    }
    Member {
        name,
        ty,
        bits: Some(width),
    }
}

const fn not_a_bit_field_type(name: &str, ty: &TypeDesc) -> ! {
    let kind = match ty.kind {
        TypeKind::Scalar(s) if s.is_float() => "a floating-point type",
        TypeKind::Scalar(_) => "not an integer",
        TypeKind::Vector { .. } => "a vector",
        TypeKind::Pointer { .. } | TypeKind::Handle(_) => "a pointer or handle",
        TypeKind::Array { .. } => "an array",
        TypeKind::Aggregate { .. } => "a struct or union",
        TypeKind::Enum { .. } => "an enum",
        TypeKind::Pad { .. } => "an unnamed bit-field (`Pad` already has a width)",
        TypeKind::Phantom => "a zero-sized marker",
    };
    let msg = ConstMsg::<320>::new()
        .str("`#[ptx(bits)]` on `")
        .str(name)
        .str("`, which is ")
        .str(kind)
        .str(
            ": bit-fields must be integers or `bool` (PTX §1.3); remove `bits` or change the type",
        );
    panic!("{}", msg.as_str())
}

/// A member whose type is spelled `Pad<T, N>`, an unnamed bit-field (§1.3): the member, or a
/// compile error unless `T` is an integer type and `N` is at most its width.
pub const fn unnamed_bit_field(name: &'static str, ty: &'static TypeDesc) -> Member {
    if let TypeKind::Pad { unit, width } = ty.kind {
        if !rules::is_unnamed_bit_field_type(unit) {
            let msg = ConstMsg::<256>::new()
                .str("`Pad<")
                .str(unit.rust_name())
                .str(", _>` needs an integer type: unnamed bit-fields are integers (PTX §1.3); use `u8`, `u16`, `u32`, `u64` or a signed one");
            panic!("{}", msg.as_str());
        }
        if !rules::unnamed_bit_field_fits(unit, width) {
            let msg = ConstMsg::<256>::new()
                .str("`Pad<")
                .str(unit.rust_name())
                .str(", ")
                .num(width as u128)
                .str(">` is wider than its ")
                .num(unit.bits() as u128)
                .str("-bit type; use a width from 0 to ")
                .num(unit.bits() as u128)
                .str(" or a wider type (PTX §1.3)");
            panic!("{}", msg.as_str());
        }
    }
    Member {
        name,
        ty,
        bits: None,
    }
}
