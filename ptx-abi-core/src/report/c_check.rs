//! Checks of a C type against a Rust type's PTX layout (§1.1–§1.3), evaluated by NVIDIA's
//! compiler: `sizeof`, `alignof`, every member's offset and size, every scalar member's kind
//! (integer, signed, floating, `bool`), and for every bit-field its declared type, width,
//! signedness and bit positions.
//!
//! The C type can be one ptx-abi declared ([`crate::report::header::cuda_header`] puts the bit-field checks of
//! [`bit_field_asserts`] in every header), or one the user already declares under its own
//! name ([`CTypeCheck`]), with a member-name map for renamed and anonymous members.
//!
//! How each fact is observed, in a form NVRTC 12.9 accepts (tried; see the tests):
//! - offsets: `offsetof` (NVRTC: `__INTADDR__(&((T*)0)->m)`), which accepts `a.b` and `a[0]`;
//! - a bit-field's width and signedness: a `constexpr` function sets it to all ones (`-1`
//!   converted to its declared type) and reads it back, in `static_assert`s or constants;
//! - a bit-field's position: NVRTC 12.9 rejects `__builtin_bit_cast` of classes with
//!   bit-fields (note #3088-D) and of unions (#3091-D) in constant expressions, so positions
//!   are read from the image of a constant-initialized `__device__` object with only that
//!   field set to all ones, which NVRTC writes into the PTX (`.b8 name[N] = {…}`).

use crate::layout::address::AddressSize;
use crate::layout::c_spelling::{c_identifier, c_type_name, scalar as c_scalar};
use crate::layout::desc::{AggregateKind, Scalar, TypeDesc, TypeKind};
use crate::layout::{try_layout_of, LayoutError, Placements};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

/// Definitions every check source needs once: `PTX_ABI_OFFSETOF` (as in the header), a
/// type-equality template, and the bit-field probes as macros (§1.3), so that each bit-field's
/// checks read as one line:
/// - `PTX_ABI_BITFIELD_SETTER(id, member, T...)`: `ptx_abi_set_<id>()`, a default `T` with
///   `member` set to all ones (`-1` converted to its declared type), and `ptx_abi_clear_<id>()`,
///   the same with `member` zero: the bits where the two differ are the member's, whatever a
///   constexpr default constructor gives the other members (`precision = -1`, `fill = ' '`);
/// - `PTX_ABI_BITFIELD_PROBES(id, member, T...)`: that, and `ptx_abi_width_<id>()` and
///   `ptx_abi_signed_<id>()`, which read the member back after setting it to all ones (and,
///   for a signed one, each single bit), and `ptx_abi_probed_<id>()`, whether all four are
///   constant expressions (a class that is not an aggregate with a member initializer, or a
///   bit-field in an anonymous struct of a union, which C++ cannot make the active member,
///   has none: then each gives `char` 0 or -2, as for a type that is not literal, found by
///   substitution of the constant in a template argument);
/// - `PTX_ABI_CHECK_BITFIELD(T, member, declared, width, signed|unsigned, id)`: the probes and
///   the header's three `static_assert`s (declared type, width, signedness), whose messages
///   are `ptx-abi: T::member is declared unsigned int`, `… has width 3`, `… is unsigned`
///   (no backquotes: NVRTC prints them as `?`).
///
/// `T` is last in the first two (`...`), so that a C type with a comma (`Pair<int, 2>`) is
/// one argument; `member` may be a path (`col0.b`, `cells[0].x`). The `_IN` forms take, before
/// `T`, statements run on `v` first: for a bit-field inside a struct member of a union,
/// `v.bits = decltype(v.bits){};`, which makes that member the union's active one (NVRTC
/// evaluates `v.bits.x = …` on the inactive member only at run time, and a `__device__`
/// object cannot be initialized at run time).
pub(crate) const CHECK_PRELUDE: &str = "\
#ifndef PTX_ABI_CHECK_PRELUDE
#define PTX_ABI_CHECK_PRELUDE
#ifndef PTX_ABI_OFFSETOF
#if defined(__CUDACC_RTC__)
#define PTX_ABI_OFFSETOF(T, m) __INTADDR__(&((T*)0)->m)
#else
#include <cstddef>
#define PTX_ABI_OFFSETOF(T, m) offsetof(T, m)
#endif
#endif
template <class A, class B> struct ptx_abi_same { enum { value = 0 }; };
template <class A> struct ptx_abi_same<A, A> { enum { value = 1 }; };
template <class T> struct ptx_abi_integer { enum { value = !ptx_abi_same<T, bool>::value && static_cast<T>(0.5) == static_cast<T>(0) }; };
template <class T, class X, bool I = ptx_abi_integer<T>::value && ptx_abi_integer<X>::value> struct ptx_abi_same_unit { enum { value = 0 }; };
template <class T, class X> struct ptx_abi_same_unit<T, X, true> { enum { value = sizeof(T) == sizeof(X) && (static_cast<T>(-1) < static_cast<T>(0)) == (static_cast<X>(-1) < static_cast<X>(0)) }; };
template <class T, class X, bool E = __is_enum(T)> struct ptx_abi_declared_as { enum { value = ptx_abi_same<T, X>::value || ptx_abi_same_unit<T, X>::value }; };
template <class T, class X> struct ptx_abi_declared_as<T, X, true> { enum { value = sizeof(T) == sizeof(X) }; };
template <class D> __host__ __device__ constexpr bool ptx_abi_below(D x, D y) { return x < y; }
template <int> struct ptx_abi_when { typedef void type; };
#define PTX_ABI_BITFIELD_PROBES_IN(id, m, act, ...) \\
    template <class V, bool L = __is_literal_type(V) && __is_constructible(V)> struct ptx_abi_bf_##id { \\
        __host__ __device__ static constexpr char set() { return 0; } \\
        __host__ __device__ static constexpr char clear() { return 0; } \\
        __host__ __device__ static constexpr long long is_signed() { return -2; } \\
        __host__ __device__ static constexpr long long width() { return -2; } }; \\
    template <class V> struct ptx_abi_bf_##id<V, true> { \\
        __host__ __device__ static constexpr V set() { \\
            V v{}; act using D = decltype(v.m); v.m = static_cast<D>(-1); return v; } \\
        __host__ __device__ static constexpr V clear() { \\
            V v{}; act using D = decltype(v.m); v.m = static_cast<D>(0); return v; } \\
        __host__ __device__ static constexpr long long is_signed() { \\
            V v{}; act using D = decltype(v.m); v.m = static_cast<D>(-1); \\
            return ptx_abi_below<D>(v.m, static_cast<D>(0)) ? 1 : 0; } \\
        __host__ __device__ static constexpr long long width() { \\
            V v{}; act using D = decltype(v.m); v.m = static_cast<D>(-1); \\
            if (!ptx_abi_below<D>(v.m, static_cast<D>(0))) { \\
                unsigned long long r = static_cast<unsigned long long>(v.m); \\
                long long w = 0; \\
                while (r != 0) { ++w; r >>= 1; } \\
                return w; \\
            } \\
            for (int k = 1; k < 64; ++k) { \\
                v.m = static_cast<D>(1ull << (k - 1)); \\
                if (ptx_abi_below<D>(v.m, static_cast<D>(0))) return k; \\
            } \\
            return 64; } }; \\
    template <class V, class = void> struct ptx_abi_const_##id { enum { value = 0 }; }; \\
    template <class V> struct ptx_abi_const_##id<V, typename ptx_abi_when<( \\
        static_cast<void>(ptx_abi_bf_##id<V>::set()), static_cast<void>(ptx_abi_bf_##id<V>::clear()), \\
        static_cast<void>(ptx_abi_bf_##id<V>::is_signed()), static_cast<void>(ptx_abi_bf_##id<V>::width()), \\
        1)>::type> { enum { value = 1 }; }; \\
    template <class V, bool C = ptx_abi_const_##id<V>::value> struct ptx_abi_pick_##id : ptx_abi_bf_##id<V, false> {}; \\
    template <class V> struct ptx_abi_pick_##id<V, true> : ptx_abi_bf_##id<V> {}; \\
    __host__ __device__ constexpr decltype(ptx_abi_pick_##id<__VA_ARGS__>::set()) ptx_abi_set_##id() { \\
        return ptx_abi_pick_##id<__VA_ARGS__>::set(); } \\
    __host__ __device__ constexpr decltype(ptx_abi_pick_##id<__VA_ARGS__>::clear()) ptx_abi_clear_##id() { \\
        return ptx_abi_pick_##id<__VA_ARGS__>::clear(); } \\
    __host__ __device__ constexpr long long ptx_abi_signed_##id() { \\
        return ptx_abi_pick_##id<__VA_ARGS__>::is_signed(); } \\
    __host__ __device__ constexpr long long ptx_abi_width_##id() { \\
        return ptx_abi_pick_##id<__VA_ARGS__>::width(); } \\
    __host__ __device__ constexpr bool ptx_abi_probed_##id() { \\
        return ptx_abi_const_##id<__VA_ARGS__>::value == 1; }
#define PTX_ABI_BITFIELD_PROBES(id, m, ...) PTX_ABI_BITFIELD_PROBES_IN(id, m, , __VA_ARGS__)
#define PTX_ABI_BITFIELD_SETTER_IN(id, m, act, ...) PTX_ABI_BITFIELD_PROBES_IN(id, m, act, __VA_ARGS__)
#define PTX_ABI_BITFIELD_SETTER(id, m, ...) PTX_ABI_BITFIELD_PROBES_IN(id, m, , __VA_ARGS__)
#define PTX_ABI_IS_signed 1
#define PTX_ABI_IS_unsigned 0
#define PTX_ABI_CHECK_BITFIELD(T, m, decl, width, sign, id) \\
    PTX_ABI_BITFIELD_PROBES(id, m, T) \\
    static_assert(ptx_abi_declared_as<decltype(((T*)0)->m), decl>::value == 1, \\
        \"ptx-abi: \" #T \"::\" #m \" is declared \" #decl); \\
    static_assert(ptx_abi_width_##id() == width || ptx_abi_width_##id() == -2, \"ptx-abi: \" #T \"::\" #m \" has width \" #width); \\
    static_assert(ptx_abi_signed_##id() == PTX_ABI_IS_##sign || ptx_abi_signed_##id() == -2, \"ptx-abi: \" #T \"::\" #m \" is \" #sign)
#endif
";

/// The member-kind probe of [`CTypeCheck`] (§1.1: integer, signed, floating, `bool`) as a
/// class template, so that it is a constant expression for every member type: an arithmetic
/// type or enum is probed by conversions (`static_cast<D>(0.5) != static_cast<D>(0)`), while a
/// class is never converted — CUDA's `__half` (which `half` names) has no `constexpr`
/// conversion, and NVRTC then refuses the check with "dynamic initialization is not supported
/// for a __device__ variable". `__half` is floating (§1.1, `.f16`); any other class or union
/// is kind 4, which no scalar has. `struct __half;` declares CUDA's class (as `cuda_fp16.h`
/// does) for headers that do not include it.
pub(crate) const KIND_PRELUDE: &str = "\
#ifndef PTX_ABI_KIND_PRELUDE
#define PTX_ABI_KIND_PRELUDE
struct __half;
template <class D, bool C = __is_class(D) || __is_union(D)> struct ptx_abi_kind {
    static constexpr long long value = ptx_abi_same<D, bool>::value ? 3
        : static_cast<D>(0.5) != static_cast<D>(0) ? 2
        : static_cast<D>(-1) < static_cast<D>(0) ? 1 : 0;
};
template <class D> struct ptx_abi_kind<D, true> {
    static constexpr long long value = ptx_abi_same<D, __half>::value ? 2 : 4;
};
#endif
";

/// What one check compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// `sizeof` of the type.
    Size,
    /// `alignof` of the type.
    Align,
    /// Byte offset of a member.
    Offset,
    /// `sizeof` of a member.
    MemberSize,
    /// Kind of a scalar member: 0 unsigned integer, 1 signed integer, 2 floating (CUDA's
    /// `__half` included), 3 `bool`, 4 a class or union other than `__half`.
    Kind,
    /// Whether a bit-field's declared type is the C type ptx-abi expects (1) or not (0). A
    /// bit-field declared with an enum type matches an integer type of the enum's size (its
    /// storage unit, §1.3): NVRTC gives `enum Col { R, G, B }` the underlying type `int` yet
    /// reads its bit-fields unsigned, so signedness is left to [`Fact::Signed`]. An integer
    /// type of the same size and signedness is the same storage unit (§1.3) and matches too:
    /// `long a : 40` is Rust's `i64` (`long long`), `char16_t c : 10` is `u16`.
    DeclaredType,
    /// A bit-field's width in bits.
    Width,
    /// Whether the type is a C++ empty class (`__is_empty`, `std::is_empty`): 1 for a type
    /// ptx-abi describes as one (chapter 7, [`TypeKind::EmptyClass`]), so that a C++ class
    /// of one `char` — 1 byte as well — is not taken for it.
    EmptyClass,
    /// Whether a bit-field reads back negative after being set to all ones.
    Signed,
}

impl Fact {
    fn describe(&self, v: i64, scalar: Option<Scalar>) -> String {
        match self {
            Fact::Size | Fact::MemberSize => format!("{v} byte{}", plural(v)),
            Fact::Align => format!("aligned {v}"),
            Fact::Offset => format!("byte {v}"),
            Fact::Kind => match v {
                0 => "an unsigned integer".to_string(),
                1 => "a signed integer".to_string(),
                2 => "floating-point".to_string(),
                3 => "bool".to_string(),
                _ => "a class or union".to_string(),
            },
            Fact::DeclaredType => match (v, scalar) {
                (1, Some(s)) => format!("`{}`", c_scalar(s)),
                (_, Some(s)) => format!("a type other than `{}`", c_scalar(s)),
                _ => format!("{v}"),
            },
            Fact::Width => format!("{v} bit{} wide", plural(v)),
            Fact::Signed => if v != 0 { "signed" } else { "unsigned" }.to_string(),
            Fact::EmptyClass => if v != 0 {
                "an empty class"
            } else {
                "a class with data"
            }
            .to_string(),
        }
    }

    fn label(&self) -> &'static str {
        match self {
            Fact::Size => "sizeof",
            Fact::Align => "alignof",
            Fact::Offset => "offset",
            Fact::MemberSize => "size",
            Fact::Kind => "kind",
            Fact::DeclaredType => "declared type",
            Fact::Width => "width",
            Fact::Signed => "signedness",
            Fact::EmptyClass => "emptiness",
        }
    }
}

/// One fact about one member: a constant expression C evaluates and the value ptx-abi computed.
#[derive(Clone, Debug)]
pub(crate) struct Check {
    /// The Rust member path (`""` for the type itself).
    pub member: String,
    pub fact: Fact,
    pub expr: String,
    pub expected: i64,
    pub scalar: Option<Scalar>,
}

/// One bit-field's position: C's image of the type with only it set to all ones.
#[derive(Clone, Debug)]
pub(crate) struct BitProbe {
    pub member: String,
    /// The object with the member all ones, and the call that makes it.
    pub global: String,
    pub setter: String,
    /// The object with the member zero, and the call that makes it.
    pub cleared: String,
    pub clearer: String,
    /// The mask ptx-abi computed, `sizeof` bytes.
    pub expected: Vec<u8>,
}

/// One bit-field as the header checks it: one `PTX_ABI_CHECK_BITFIELD` line, or, for a
/// bit-field of a type that is not a scalar, only its setter (for the position probe).
#[derive(Clone, Debug)]
pub(crate) struct BitFieldLine {
    /// The C member (path).
    pub c: String,
    /// The declared type's C spelling, the width and whether signed, for a scalar bit-field.
    pub scalar: Option<(String, u32, bool)>,
    /// The probes' name suffix.
    pub id: String,
}

/// Every check of one Rust type against one C type.
#[derive(Clone, Debug)]
pub(crate) struct Checks {
    pub c_type: String,
    pub ident: String,
    /// Definitions of the probes, one macro line per bit-field (for [`CTypeCheck::source`]).
    pub helpers: String,
    /// The bit-fields, in member order (for [`bit_field_asserts`]).
    pub bit_fields: Vec<BitFieldLine>,
    pub checks: Vec<Check>,
    pub probes: Vec<BitProbe>,
    pub union_inside: bool,
    /// Every named member's C path, in member order: [`CTypeCheck::source`] names each once
    /// before any check, so that a name C lacks is among NVRTC's first errors (it stops
    /// after 100), not lost behind the many lines that use it.
    pub members: Vec<String>,
}

/// `true` where a C spelling is usable inside a function name.
fn ident_of(c_type: &str) -> String {
    c_type
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// How to walk: the member-name map, and whether to descend into members' aggregates (an
/// existing C type) or not (a header, which checks every type on its own).
struct Walk<'a> {
    map: &'a [(&'a str, &'a str)],
    recurse: bool,
    out: Checks,
    size: usize,
    /// The C paths of the named members of unions walked so far (`bits` of `u.bits`).
    union_members: Vec<String>,
}

impl Walk<'_> {
    fn c_name_of(&self, rust_path: &str, name: &str) -> String {
        if let Some((_, c)) = self.map.iter().find(|(r, _)| *r == rust_path) {
            return c.to_string();
        }
        if let Some((_, c)) = self.map.iter().find(|(r, _)| *r == name) {
            return c.to_string();
        }
        c_identifier(name)
    }

    /// The offset of member `c` reached through a base class (`Base::a`). `offsetof` cannot
    /// give it: NVRTC's `offsetof` starts from a null pointer, and a null pointer converted
    /// to a base class stays null, so a second base's members would count from 0. The
    /// distance between two addresses in one declared object is a constant NVRTC folds
    /// (tried with NVRTC 12.9 and 13.5); the object is declared once per checked type.
    fn offset_through_base(&mut self, c: &str) -> String {
        let obj = format!("ptx_abi_object_{}", self.out.ident);
        let decl = format!("extern __device__ {} {obj};\n", self.out.c_type);
        if !self.out.helpers.contains(&decl) {
            self.out.helpers.push_str(&decl);
        }
        format!("((const char*)&{obj}.{c} - (const char*)&{obj})")
    }

    /// For member path `c` (`bits.x`), statements that assign each named union member on the
    /// path a fresh value, outermost first (`v.bits = decltype(v.bits){};`), making it the
    /// union's active member; empty where the path crosses no named union member.
    fn activate_union_members(&self, c: &str) -> String {
        let mut out = String::new();
        for (at, _) in c.match_indices('.') {
            let prefix = &c[..at];
            if self.union_members.iter().any(|u| u == prefix) {
                out.push_str(&format!("v.{prefix} = decltype(v.{prefix}){{}}; "));
            }
        }
        out
    }

    fn push(&mut self, member: &str, fact: Fact, expr: String, expected: i64) {
        self.push_scalar(member, fact, expr, expected, None);
    }

    fn push_scalar(
        &mut self,
        member: &str,
        fact: Fact,
        expr: String,
        expected: i64,
        scalar: Option<Scalar>,
    ) {
        self.out.checks.push(Check {
            member: member.to_string(),
            fact,
            expr,
            expected,
            scalar,
        });
    }

    fn aggregate(
        &mut self,
        ty: &TypeDesc,
        base: usize,
        rust_path: &str,
        c_path: &str,
    ) -> Result<(), LayoutError> {
        if let TypeKind::Aggregate {
            kind: AggregateKind::Union,
            ..
        } = ty.kind
        {
            self.out.union_inside = true;
        }
        let in_union = matches!(
            ty.kind,
            TypeKind::Aggregate {
                kind: AggregateKind::Union,
                ..
            }
        );
        // `PTX_ABI_OFFSETOF(T, m)` is a macro: a type with a comma (`Arr<float, 4>`) goes
        // through a typedef.
        let t = if self.out.c_type.contains(',') {
            let alias = format!("ptx_abi_type_{}", self.out.ident);
            let def = format!("typedef {} {alias};\n", self.out.c_type);
            if !self.out.helpers.contains(&def) {
                self.out.helpers.insert_str(0, &def);
            }
            alias
        } else {
            self.out.c_type.clone()
        };
        for placed in Placements::new(ty, AddressSize::A64) {
            let (m, p) = placed?;
            if matches!(m.ty.kind, TypeKind::Phantom | TypeKind::Pad { .. }) {
                continue;
            }
            let rust = join(rust_path, m.name, ".");
            let c_name = self.c_name_of(&rust, m.name);
            // A member C++ code outside the type cannot name (`private:`): left to the type's
            // size and alignment.
            if c_name == "-" {
                continue;
            }
            // An anonymous struct or union (`""`) or a base class subobject (`"Base::"`) has
            // no name of its own to check; its members are the enclosing type's.
            let anonymous = c_name.is_empty() || c_name.ends_with("::");
            let c = member_path(c_path, &c_name);
            let offset = base + p.offset;
            if in_union && !anonymous {
                self.union_members.push(c.clone());
            }
            if !anonymous {
                self.out.members.push(c.clone());
            }
            if let (Some(width), Some(range)) = (m.bits, p.bits) {
                let first_bit = offset * 8 + range.start as usize;
                self.bit_field(&rust, &c, m.ty, width, first_bit, in_union);
                continue;
            }
            if !anonymous {
                let expr = if c.contains("::") {
                    self.offset_through_base(&c)
                } else {
                    format!("PTX_ABI_OFFSETOF({t}, {c})")
                };
                self.push(&rust, Fact::Offset, expr, offset as i64);
                self.push(
                    &rust,
                    Fact::MemberSize,
                    format!("sizeof(((({t}*)0)->{c}))"),
                    p.size as i64,
                );
                if let TypeKind::Scalar(s) = m.ty.kind {
                    self.push_scalar(&rust, Fact::Kind, kind_expr(&t, &c), kind_of(s), Some(s));
                }
            }
            if !(self.recurse || anonymous) {
                continue;
            }
            match m.ty.kind {
                // CUDA's own types (`__nv_bfloat16`, `CUtensorMap`, …) are checked as members
                // (offset, size) but not inside: their members are CUDA's private storage
                // (`__nv_bfloat16::__x` is inaccessible to other code).
                // So are arrays of them (`__nv_bfloat162 v[2]`).
                TypeKind::Aggregate { .. } if is_cuda_type(m.ty) => {}
                TypeKind::Aggregate { .. } => self.aggregate(m.ty, offset, &rust, &c)?,
                TypeKind::Array { .. } => {
                    let (mut elem, mut rust_e, mut c_e) = (m.ty, rust.clone(), c.clone());
                    while let TypeKind::Array { elem: e, .. } = elem.kind {
                        elem = e;
                        rust_e.push_str("[0]");
                        c_e.push_str("[0]");
                    }
                    if matches!(elem.kind, TypeKind::Aggregate { .. }) && !is_cuda_type(elem) {
                        self.aggregate(elem, offset, &rust_e, &c_e)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A bit-field's checks. A bit-field directly in a union gets no position probe: NVRTC
    /// 12.9 stops with "Internal Compiler Error (codegen): initialization of bit-field in
    /// union not supported!" on such an object; its position is bit 0 of the union (§1.3: every
    /// union member starts at offset 0), and its width and signedness are still checked.
    fn bit_field(
        &mut self,
        rust: &str,
        c: &str,
        ty: &TypeDesc,
        width: u32,
        first_bit: usize,
        in_union: bool,
    ) {
        let t = self.out.c_type.clone();
        let n = self.out.probes.len() + self.out.checks.len();
        let id = format!("{}_{n}", self.out.ident);
        let scalar = match ty.kind {
            TypeKind::Scalar(s) => Some(s),
            _ => None,
        };
        let macro_name = if scalar.is_some() {
            "PTX_ABI_BITFIELD_PROBES"
        } else {
            "PTX_ABI_BITFIELD_SETTER"
        };
        let activate = self.activate_union_members(c);
        let helpers = if activate.is_empty() {
            format!("{macro_name}({id}, {c}, {t})\n")
        } else {
            format!("{macro_name}_IN({id}, {c}, {activate}, {t})\n")
        };
        if let Some(s) = scalar {
            self.push_scalar(
                rust,
                Fact::DeclaredType,
                format!(
                    "ptx_abi_declared_as<decltype((({t}*)0)->{c}), {}>::value",
                    c_type_name(ty)
                ),
                1,
                Some(s),
            );
            self.push(
                rust,
                Fact::Width,
                format!("ptx_abi_width_{id}()"),
                width as i64,
            );
            self.push(
                rust,
                Fact::Signed,
                format!("ptx_abi_signed_{id}()"),
                i64::from(s.is_signed()),
            );
        }
        self.out.bit_fields.push(BitFieldLine {
            c: c.to_string(),
            scalar: scalar.map(|s| (c_type_name(ty), width, s.is_signed())),
            id: id.clone(),
        });
        self.out.helpers.push_str(&helpers);
        if in_union {
            return;
        }
        let mut mask = vec![0u8; self.size];
        for bit in first_bit..first_bit + width as usize {
            if let Some(b) = mask.get_mut(bit / 8) {
                *b |= 1 << (bit % 8);
            }
        }
        self.out.probes.push(BitProbe {
            member: rust.to_string(),
            global: format!("ptx_abi_probe_{id}"),
            setter: format!("ptx_abi_set_{id}()"),
            cleared: format!("ptx_abi_probe0_{id}"),
            clearer: format!("ptx_abi_clear_{id}()"),
            expected: mask,
        });
    }
}

/// `"s"` after a count other than 1: `1 bit wide`, `2 bits wide`.
fn plural(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Whether `ty` is one of CUDA's own types (`__nv_bfloat16`, `CUtensorMap`, …), whose members
/// are CUDA's private storage: checked as a member or element (offset, size), never inside.
fn is_cuda_type(ty: &TypeDesc) -> bool {
    crate::types::cuda::cuda_type(ty.name).is_some()
}

/// The C++ path of member `c_name` of the object at `c_path`: `a.b`; `""` (an anonymous
/// member) adds nothing; after a base class (`Base::`) the name is qualified by it
/// (`Base::b`, C++'s qualified member access, which also tells apart two bases' members of
/// the same name).
fn member_path(c_path: &str, c_name: &str) -> String {
    if c_name.is_empty() {
        c_path.to_string()
    } else if c_name.ends_with("::") && c_path.ends_with("::") {
        // A base of a base: qualifying by the inner base alone names its members (`A::B::m`
        // would look for `B` inside `A`).
        let object = c_path.rfind('.').map_or("", |dot| &c_path[..=dot]);
        format!("{object}{c_name}")
    } else if c_path.is_empty() || c_path.ends_with("::") {
        format!("{c_path}{c_name}")
    } else {
        format!("{c_path}.{c_name}")
    }
}

fn join(a: &str, b: &str, sep: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}{sep}{b}")
    }
}

fn kind_of(s: Scalar) -> i64 {
    match s {
        Scalar::Bool => 3,
        s if s.is_float() => 2,
        s if s.is_signed() => 1,
        _ => 0,
    }
}

fn kind_expr(t: &str, c: &str) -> String {
    let d = format!("decltype((({t}*)0)->{c})");
    format!("ptx_abi_kind<{d}>::value")
}

/// Collects every check of `ty` against the C type spelled `c_type`.
pub(crate) fn collect_checks(
    ty: &TypeDesc,
    c_type: &str,
    map: &[(&str, &str)],
    recurse: bool,
) -> Result<Checks, LayoutError> {
    let l = try_layout_of(ty, AddressSize::A64)?;
    let mut walk = Walk {
        map,
        recurse,
        size: l.size,
        union_members: Vec::new(),
        out: Checks {
            c_type: c_type.to_string(),
            ident: ident_of(c_type),
            helpers: String::new(),
            bit_fields: Vec::new(),
            checks: Vec::new(),
            probes: Vec::new(),
            union_inside: false,
            members: Vec::new(),
        },
    };
    walk.push("", Fact::Size, format!("sizeof({c_type})"), l.size as i64);
    walk.push(
        "",
        Fact::Align,
        format!("alignof({c_type})"),
        l.align as i64,
    );
    if matches!(ty.kind, TypeKind::Aggregate { .. }) {
        walk.aggregate(ty, 0, "", "")?;
    }
    if matches!(ty.kind, TypeKind::EmptyClass { .. }) {
        walk.push("", Fact::EmptyClass, format!("__is_empty({c_type})"), 1);
    }
    Ok(walk.out)
}

/// The bit-field checks [`crate::report::header::cuda_header`] adds for one type it declares: for each named
/// bit-field, one `PTX_ABI_CHECK_BITFIELD` line (a macro the check prelude defines) whose `static_assert`s
/// check its declared type, width and signedness (§1.3), and, when
/// `PTX_ABI_BIT_PROBES` is defined, a `__device__` object with only that field set to all
/// ones, whose PTX image shows its bit positions. Checks that set a member of a union other
/// than its first need C++20 (a constant expression may change a union's active member only
/// from C++20 on), so they are compiled only under C++20.
pub fn bit_field_asserts(ty: &TypeDesc) -> Result<String, LayoutError> {
    let checks = collect_checks(ty, ty.name, &[], false)?;
    if checks.bit_fields.is_empty() {
        return Ok(String::new());
    }
    let n = ty.name;
    let mut out = String::new();
    for b in &checks.bit_fields {
        let line = match &b.scalar {
            Some((declared, width, signed)) => format!(
                "PTX_ABI_CHECK_BITFIELD({n}, {}, {declared}, {width}, {}, {});\n",
                b.c,
                if *signed { "signed" } else { "unsigned" },
                b.id
            ),
            None => format!("PTX_ABI_BITFIELD_SETTER({}, {}, {n})\n", b.id, b.c),
        };
        out.push_str(&line);
    }
    out.push_str("#ifdef PTX_ABI_BIT_PROBES\n");
    for p in &checks.probes {
        out.push_str(&format!(
            "extern \"C\" __device__ const {n} {} = {};\n\
             extern \"C\" __device__ const {n} {} = {};\n",
            p.global, p.setter, p.cleared, p.clearer
        ));
    }
    out.push_str("#endif\n");
    if checks.union_inside {
        out = format!("#if __cplusplus >= 202002L\n{out}#endif\n");
    }
    Ok(out)
}

/// The checks of a Rust type against a C type the user declares: CUDA C++ to compile after
/// the user's header (a [`crate::codec::PtxAbi`] type, the C type's name, and a map from Rust member
/// paths to C member names), and the expected answers to compare NVRTC's PTX with.
///
/// The map: `("rust_name", "c_name")` for a renamed member, `("rust_name", "")` for a member
/// that is an anonymous struct or union in C (its members are then looked up directly in the
/// enclosing C type, as C does), `("rust_name", "Base::")` for a member that stands for a
/// C++ base class (Itanium C++ ABI, the guide's chapter 7: a non-virtual base is laid out
/// before the members; its members are named `Base::a`, qualified, as C++ allows), and
/// `("rust_name", "-")` for a member C++ declares `private` or `protected`, which code outside
/// the type cannot name: it is left out, and the type's size and alignment and the other
/// members are still checked. Keys are member names, or dotted paths from the root type
/// (`"col0.bits"`) where one name is ambiguous. Members of nested structs, unions and arrays
/// (element 0) are checked too, through their paths (`col0.b`, `cells[0].x`).
///
/// For a kernel parameter `DevicePtr<T>`, this is how the pointee's layout is checked: the
/// `.param` declaration shows only `.u64`.
#[derive(Clone, Debug)]
pub struct CTypeCheck {
    checks: Checks,
}

/// One difference between the C type and the Rust type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CMismatch {
    /// The Rust member path (`""` for the type itself).
    pub member: String,
    /// What differs.
    pub fact: Fact,
    /// What C says, in words (`byte 8`, `bits 3..6 of byte 0`).
    pub c: String,
    /// What ptx-abi computed for the Rust type, in words.
    pub rust: String,
}

impl fmt::Display for CMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let member = if self.member.is_empty() {
            "the type".to_string()
        } else {
            format!("`{}`", self.member)
        };
        write!(
            f,
            "{member}: {}: C has {}, Rust has {}",
            self.fact.label(),
            self.c,
            self.rust
        )
    }
}

/// Why a C type and a Rust type do not agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CTypeMismatch {
    /// The C type's name.
    pub c_type: String,
    /// Every difference, in member order.
    pub mismatches: Vec<CMismatch>,
    /// What the compiler said that explains them (NVRTC dropping an attribute nvcc applies),
    /// one note a line.
    pub notes: Vec<String>,
}

impl fmt::Display for CTypeMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the C type `{}` does not have the Rust type's PTX layout ({} difference{}):",
            self.c_type,
            self.mismatches.len(),
            if self.mismatches.len() == 1 { "" } else { "s" }
        )?;
        for m in &self.mismatches {
            writeln!(f, "  {m}")?;
        }
        for n in &self.notes {
            writeln!(f, "{n}")?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CTypeMismatch {}

impl CTypeCheck {
    /// The checks of `ty` against the C type named `c_type` (which the user's code declares),
    /// with `members` mapping Rust member names to C ones (see the type's docs).
    pub fn new(
        ty: &'static TypeDesc,
        c_type: &str,
        members: &[(&str, &str)],
    ) -> Result<Self, LayoutError> {
        Ok(CTypeCheck {
            checks: collect_checks(ty, c_type, members, true)?,
        })
    }

    /// The bit-field probes [`crate::report::header::cuda_header`] writes for `ty` under `PTX_ABI_BIT_PROBES`;
    /// compare them with [`CTypeCheck::compare_bit_positions`].
    pub fn of_header(ty: &'static TypeDesc) -> Result<Self, LayoutError> {
        Ok(CTypeCheck {
            checks: collect_checks(ty, ty.name, &[], false)?,
        })
    }

    /// Compares only the bit-field positions in `ptx` (NVRTC's PTX of a header compiled with
    /// `PTX_ABI_BIT_PROBES` defined, or of [`CTypeCheck::source`]) with ptx-abi's.
    pub fn compare_bit_positions(&self, ptx: &str) -> Result<(), CTypeMismatch> {
        let mismatches = self.probe_mismatches(ptx);
        if mismatches.is_empty() {
            Ok(())
        } else {
            Err(CTypeMismatch {
                c_type: self.checks.c_type.clone(),
                mismatches,
                notes: Vec::new(),
            })
        }
    }

    /// Whether NVRTC can evaluate constant expressions that make a `T` (C++'s literal types):
    /// 1 where it can; a type with a constructor that is not `constexpr`, or a `volatile`
    /// member, is not literal, and its bit-fields' widths, signedness and positions cannot be
    /// observed (their declared types, every other member's offset and size, and the type's
    /// size and alignment still are): 3, a mismatch naming why, unless the source defines
    /// `PTX_ABI_ACCEPT_UNPROBED=1`, 2 (`ptx-abi-import`'s checks do: the importer compared
    /// those bit positions with clang's layout). A flag NVRTC does not report counts as
    /// literal: everything is checked.
    fn literal(&self, ptx: &str) -> u8 {
        match global_bytes(ptx, &literal_flag(&self.checks.ident)) {
            Some(b) if matches!(b.first(), Some(2 | 3)) => b[0],
            _ => 1,
        }
    }

    fn probe_mismatches(&self, ptx: &str) -> Vec<CMismatch> {
        let mut mismatches = Vec::new();
        match self.literal(ptx) {
            1 => {}
            2 => return mismatches,
            _ => {
                for p in &self.checks.probes {
                    mismatches.push(CMismatch {
                        member: p.member.clone(),
                        fact: Fact::Offset,
                        c: format!(
                            "no answer: `{}` is not a literal type with a default constructor \
                             (a constructor that is not constexpr, a volatile member, or only \
                             constructors that take arguments), or its default value is not a \
                             constant (a member initializer in a class that is not an \
                             aggregate), or a bit-field lies in an anonymous struct of a union, \
                             so NVRTC cannot set its bit-fields in a constant expression; \
                             compare the positions with \
                             another compiler's layout and define PTX_ABI_ACCEPT_UNPROBED=1 to \
                             check the rest",
                            self.checks.c_type
                        ),
                        rust: describe_bits(&p.expected),
                    });
                }
                return mismatches;
            }
        }
        for p in &self.checks.probes {
            // The member's bits: where the value with it all ones differs from the value with
            // it zero (a constexpr default constructor may set other members' bits in both).
            let bytes = |global: &str| {
                let mut b = global_bytes(ptx, global).unwrap_or_default();
                b.resize(p.expected.len(), 0);
                b
            };
            let mut got = bytes(&p.global);
            for (g, c) in got.iter_mut().zip(bytes(&p.cleared)) {
                *g ^= c;
            }
            if got != p.expected {
                mismatches.push(CMismatch {
                    member: p.member.clone(),
                    fact: Fact::Offset,
                    c: describe_bits(&got),
                    rust: describe_bits(&p.expected),
                });
            }
        }
        mismatches
    }

    /// CUDA C++ to compile after the user's declarations (with `-rdc=true`, so that its
    /// `extern "C" __device__` constants stay in the PTX): one array of measured values and
    /// one object per bit-field. Read the PTX back with [`CTypeCheck::compare`].
    pub fn source(&self) -> String {
        let c = &self.checks;
        let mut out = String::from(CHECK_PRELUDE);
        out.push_str(KIND_PRELUDE);
        for (k, m) in c.members.iter().enumerate() {
            out.push_str(&format!(
                "typedef decltype((({}*)0)->{m}) ptx_abi_member_{}_{k};\n",
                c.c_type, c.ident
            ));
        }
        out.push_str(&c.helpers);
        out.push_str(&format!(
            "extern \"C\" __device__ const long long ptx_abi_values_{}[{}] = {{\n",
            c.ident,
            c.checks.len()
        ));
        for check in &c.checks {
            out.push_str(&format!("    static_cast<long long>({}),\n", check.expr));
        }
        out.push_str("};\n");
        for p in &c.probes {
            out.push_str(&format!(
                "extern \"C\" __device__ const decltype({1}) {0} = {1};\n\
                 extern \"C\" __device__ const decltype({3}) {2} = {3};\n",
                p.global, p.setter, p.cleared, p.clearer
            ));
        }
        if !c.probes.is_empty() || c.checks.iter().any(|k| k.fact == Fact::Width) {
            // Every bit-field's probes are constant expressions, or none is observed: a type
            // whose default value is not one (a member initializer in a class that is not an
            // aggregate) or a bit-field of a union member C++ cannot make active (an anonymous
            // struct) is not observed.
            let probed: String = c
                .bit_fields
                .iter()
                .map(|b| format!(" && ptx_abi_probed_{}()", b.id))
                .collect();
            out.push_str(&format!(
                "#ifndef PTX_ABI_ACCEPT_UNPROBED\n#define PTX_ABI_ACCEPT_UNPROBED 0\n#endif\n\
                 extern \"C\" __device__ const int {0} = __is_literal_type({1}) && __is_constructible({1}){probed} ? 1 : PTX_ABI_ACCEPT_UNPROBED ? 2 : 3;\n",
                literal_flag(&c.ident),
                c.c_type
            ));
        }
        out
    }

    /// Compares the PTX NVRTC made of the user's header plus [`CTypeCheck::source`] with the
    /// Rust type's layout: `Ok` when every fact agrees, else every difference.
    pub fn compare(&self, ptx: &str) -> Result<(), CTypeMismatch> {
        let c = &self.checks;
        let values_name = format!("ptx_abi_values_{}", c.ident);
        // NVRTC leaves trailing zero bytes out of an initializer.
        let mut values = global_bytes(ptx, &values_name).unwrap_or_default();
        values.resize(c.checks.len() * 8, 0);
        let mut mismatches = Vec::new();
        let literal = self.literal(ptx) == 1;
        for (i, check) in c.checks.iter().enumerate() {
            let got = values
                .get(i * 8..i * 8 + 8)
                .map(|b| i64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                .unwrap_or(0);
            // -2: the probes' answer for a type that is not literal (see `literal`).
            let unobservable =
                !literal && got == UNOBSERVABLE && matches!(check.fact, Fact::Width | Fact::Signed);
            if got != check.expected && !unobservable {
                mismatches.push(CMismatch {
                    member: check.member.clone(),
                    fact: check.fact.clone(),
                    c: check.fact.describe(got, check.scalar),
                    rust: check.fact.describe(check.expected, check.scalar),
                });
            }
        }
        mismatches.extend(self.probe_mismatches(ptx));
        if mismatches.is_empty() {
            Ok(())
        } else {
            Err(CTypeMismatch {
                c_type: c.c_type.clone(),
                mismatches,
                notes: Vec::new(),
            })
        }
    }
}

/// The value the width and signedness probes give for a type that is not literal.
const UNOBSERVABLE: i64 = -2;

/// The name of the check's flag: 1 where `T` is a literal type, 2 where it is not and the
/// source accepts that, 3 where it does not ([`CTypeCheck`]'s `literal`).
fn literal_flag(ident: &str) -> String {
    format!("ptx_abi_literal_{ident}")
}

/// The set bits of a mask in words: `bits 3..8 (byte 0 bit 3 on)`.
fn describe_bits(mask: &[u8]) -> String {
    let set: Vec<usize> = (0..mask.len() * 8)
        .filter(|&b| mask[b / 8] & (1 << (b % 8)) != 0)
        .collect();
    match (set.first(), set.last()) {
        (Some(&a), Some(&z)) if z - a + 1 == set.len() => {
            format!("bits {a}..{} (byte {}, bit {})", z + 1, a / 8, a % 8)
        }
        (Some(_), Some(_)) => format!("bits {set:?}"),
        _ => "no bits".to_string(),
    }
}

/// The initial bytes of the PTX global `name` (little-endian, trailing zeros restored by the
/// caller), from `.global .align A .T name[N] = {…};` or `.T name = v;`.
pub(crate) fn global_bytes(ptx: &str, name: &str) -> Option<Vec<u8>> {
    for line in ptx.lines() {
        let line = line.trim();
        if !line.contains(".global") && !line.contains(".const") {
            continue;
        }
        let Some(at) = find_word(line, name) else {
            continue;
        };
        let decl = &line[..at];
        let elem = [
            (".b8", 1),
            (".u8", 1),
            (".s8", 1),
            (".b16", 2),
            (".u16", 2),
            (".s16", 2),
        ]
        .iter()
        .chain(&[
            (".b32", 4),
            (".u32", 4),
            (".s32", 4),
            (".b64", 8),
            (".u64", 8),
            (".s64", 8),
        ])
        .find(|(t, _)| decl.split_whitespace().any(|w| w == *t))
        .map(|&(_, w)| w)?;
        let Some(eq) = line.find('=') else {
            return Some(Vec::new());
        };
        let body = line[eq + 1..]
            .trim()
            .trim_end_matches(';')
            .trim()
            .trim_start_matches('{')
            .trim_end_matches('}');
        let mut out = Vec::new();
        for v in body.split(',').map(str::trim).filter(|v| !v.is_empty()) {
            let n: i128 = if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
                i128::from_str_radix(h.trim_end_matches(['U', 'u']), 16).ok()?
            } else {
                v.trim_end_matches(['U', 'u']).parse().ok()?
            };
            out.extend_from_slice(&(n as u128).to_le_bytes()[..elem]);
        }
        return Some(out);
    }
    None
}

/// Where `name` occurs in `line` as a whole word (followed by `[`, ` `, `=` or `;`).
fn find_word(line: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = line[from..].find(name) {
        let at = from + i;
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if !word(before) && !word(after) {
            return Some(at);
        }
        from = at + name.len();
    }
    None
}
