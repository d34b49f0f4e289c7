//! The derive's attribute checks. Each applies one rule of [`crate::layout::rules`] to what the
//! user wrote and, if it is broken, stops `const` evaluation with a message about that
//! attribute. The derive emits each call spanned on the user's token, so the compile error
//! points there; it never decides a rule itself.

use crate::layout::const_msg::ConstMsg;
use crate::layout::desc::{Member, TypeDesc, TypeKind};
use crate::layout::{c_spelling, const_text, rules};

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

/// A member whose type is spelled as an array (`b: [u32; N]`), §1.2: the member, or a compile
/// error if the array (or one of its dimensions) has length 0, which C does not allow
/// ([`rules::array_len_allowed`]).
pub const fn array_member(name: &'static str, ty: &'static TypeDesc) -> Member {
    if crate::layout::aggregate::has_zero_length(ty) {
        let outer_empty = matches!(ty.kind, TypeKind::Array { len: 0, .. });
        let msg = ConstMsg::<320>::new()
            .str("`")
            .str(name)
            .str(if outer_empty {
                "` is an array of length 0"
            } else {
                "` has an inner array dimension of length 0"
            })
            .str(", which C does not have (NVRTC: \"the size of an array must be greater than zero\"; GCC's extension lays it out differently); remove `")
            .str(name)
            .str("` or give every dimension at least one element (PTX §1.2)");
        panic!("{}", msg.as_str());
    }
    Member {
        name,
        ty,
        bits: None,
    }
}

/// `#[ptx(c_name = "…")]` on a type, field or union variant: a compile error unless `name` is
/// a C identifier (ASCII letters, digits and `_`, not starting with a digit) and not a C or
/// C++ keyword ([`c_spelling::is_keyword`]), saying what to write instead.
pub const fn c_name(name: &str) {
    let b = name.as_bytes();
    if b.is_empty() {
        panic!("`c_name` cannot be empty; write a C identifier, e.g. `#[ptx(c_name = \"particle_t\")]`");
    }
    let mut i = 0;
    while i < b.len() {
        if !(b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            let msg = ConstMsg::<320>::new()
                .str("`")
                .str(name)
                .str("` is not a C identifier: `")
                .str(char_at(b, i))
                .str(
                    "` is not allowed (only ASCII letters, digits and `_`); for a C++ scoped \
                     name put only the last component here",
                );
            panic!("{}", msg.as_str());
        }
        i += 1;
    }
    if b[0].is_ascii_digit() {
        let msg = ConstMsg::<256>::new()
            .str("`")
            .str(name)
            .str("` is not a C identifier: it starts with a digit; write e.g. `_")
            .str(name)
            .str("`");
        panic!("{}", msg.as_str());
    }
    if c_spelling::is_keyword(name) {
        let msg = ConstMsg::<256>::new()
            .str("`")
            .str(name)
            .str("` is a C/C++ keyword and cannot name a type or member; write e.g. `")
            .str(name)
            .str("_`");
        panic!("{}", msg.as_str());
    }
}

/// A type named by its Rust identifier, which is then its C name (`struct r#union` is C's
/// `union`): a compile error if that is a C or C++ keyword ([`c_spelling::is_keyword`]),
/// which no header or C++ name could use, saying to give it a `c_name`.
pub const fn type_c_name(name: &str) {
    if c_spelling::is_keyword(name) {
        let msg = ConstMsg::<256>::new()
            .str("`")
            .str(name)
            .str("` is a C/C++ keyword and cannot name the type in CUDA; give it a C name, e.g. `#[ptx(c_name = \"")
            .str(name)
            .str("_\")]`");
        panic!("{}", msg.as_str());
    }
}

/// Member `name` of a struct or union, after the members `earlier` (their C names as the
/// derive describes them): a compile error if C would spell it like one of them, in the
/// header's spelling ([`c_spelling::c_identifier`]: `0` is `_0`, a keyword gets a `_`), since
/// C needs distinct member names.
pub const fn distinct_member(name: &str, earlier: &[&str]) {
    let mut i = 0;
    while i < earlier.len() {
        if c_spelling::same_c_identifier(name, earlier[i]) {
            let m = ConstMsg::<320>::new().str("`").str(name).str("`");
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
            let msg = m.str(
                ": a struct or union needs distinct member names; give one of them another name or `#[ptx(c_name = \"…\")]`",
            );
            panic!("{}", msg.as_str());
        }
        i += 1;
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
