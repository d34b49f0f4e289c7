//! What the importer understood of a header: the declarations it will emit, as data.
//!
//! The model is public so that a `build.rs` can inspect what was imported (and so that tests can
//! build values of imported types); [`crate::emit`] turns it into Rust.

use crate::cuda_types::CudaType;

/// Where a declaration is: the file as clang names it, and the 1-based line and column.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Loc {
    /// File name as given to (or found by) clang.
    pub file: String,
    /// 1-based line.
    pub line: u64,
    /// 1-based column.
    pub col: u64,
}

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Index of an [`Item`] in [`Model::items`].
pub type ItemId = usize;

/// §1.1 fundamental types: core's own model (`size`, `is_bit_field_type`, `c_name`, …).
pub use ptx_abi_core::layout::desc::Scalar;

/// The Rust type the importer writes for a fundamental type.
pub fn rust_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I8 => "i8",
        Scalar::U8 => "u8",
        Scalar::I16 => "i16",
        Scalar::U16 => "u16",
        Scalar::I32 => "i32",
        Scalar::U32 => "u32",
        Scalar::I64 => "i64",
        Scalar::U64 => "u64",
        Scalar::F16 => "::ptx_abi::half::f16",
        Scalar::F32 => "f32",
        Scalar::F64 => "f64",
    }
}

/// The scalar of a C builtin type spelling, as clang prints it (NVPTX 64-bit: `long` is 64
/// bits; plain `char` is signed on every CUDA host).
pub fn scalar_from_c(spelling: &str) -> Option<Scalar> {
    Some(match spelling {
        "bool" | "_Bool" => Scalar::Bool,
        "char" | "signed char" => Scalar::I8,
        "unsigned char" | "char8_t" => Scalar::U8,
        "short" | "signed short" => Scalar::I16,
        "unsigned short" | "char16_t" => Scalar::U16,
        // `wchar_t` is a signed 32-bit integer on Linux, nvcc's and NVRTC's.
        "int" | "signed int" | "signed" | "wchar_t" => Scalar::I32,
        "unsigned int" | "unsigned" | "char32_t" => Scalar::U32,
        "long" | "long long" | "signed long" | "signed long long" => Scalar::I64,
        "unsigned long" | "unsigned long long" => Scalar::U64,
        "float" => Scalar::F32,
        "double" => Scalar::F64,
        _ => return None,
    })
}

/// The type of a member, an array element, a pointee or a typedef.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// A fundamental type.
    Scalar(Scalar),
    /// A type of CUDA's headers with a ptx-abi counterpart (`float4`, `__half`, …).
    Cuda(&'static CudaType),
    /// An imported struct, union or enum, or a typedef of the header.
    Item(ItemId),
    /// `T a[N]` (a multi-dimensional array is an array of arrays).
    Array(Box<Ty>, u64),
    /// `T*`: a generic address (`DevicePtr<T>`); `None` for `void*`, a function pointer or a
    /// pointer to a type that is never defined (`DevicePtr<c_void>`).
    Pointer(Option<Box<Ty>>),
}

/// One member of a struct or union.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The Rust name (the C name, a raw identifier for Rust keywords, or a given name for
    /// unnamed bit-fields and anonymous members).
    pub name: String,
    /// The C name when it differs from `name` (`None` for unnamed members and when equal).
    pub c_name: Option<String>,
    /// Whether C gives the member no name (an unnamed bit-field, an anonymous struct/union, a
    /// base class).
    pub anonymous: bool,
    /// For a base class subobject (Itanium C++ ABI: laid out first, as a leading member), the
    /// base's C++ name (`ns::Params`); C++ names its members `d.Params::a`.
    pub base: Option<String>,
    /// Whether C++ declares it `private` or `protected`: code outside the type (the checks)
    /// cannot name it, so the checks leave it to the type's size and alignment and to
    /// clang's layout, which the importer compared.
    pub private: bool,
    /// The member's type.
    pub ty: Ty,
    /// `Some(width)` for a bit-field (§1.3); an unnamed one becomes `Pad<T, width>`.
    pub bits: Option<u32>,
    /// `alignas(N)` on the member: `#[ptx(align = N)]` on the field.
    pub align: Option<u64>,
    /// Whether the member's alignment attribute spells no number the AST gives (`alignas(T)`,
    /// as a template's storage for a `T` writes it, or `__attribute__((aligned))`): `align`
    /// is then the one that gives the record clang's layout, found by `crate::rust_layout`.
    pub align_from_layout: bool,
    /// The C spelling of the type, for notes.
    pub c_type: String,
    /// A note emitted as a doc comment (why the Rust type differs from the C spelling).
    pub note: Option<String>,
    /// Where the member is declared.
    pub loc: Loc,
}

/// A struct or a union.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// `union` rather than `struct`.
    pub is_union: bool,
    /// `__align__(N)` / `alignas(N)` / `__attribute__((aligned(N)))` on the type.
    pub align: Option<u64>,
    /// Whether the type has an alignment attribute whose value the AST does not spell
    /// (`alignas(double)`, `__attribute__((aligned))`): `align` is then clang's alignment of
    /// the record, which yields the same layout (a requested alignment only raises it).
    pub align_from_layout: bool,
    /// With two or more alignment specifiers that differ before the closing brace (`struct
    /// alignas(16) alignas(4) S`), the last one's: nvcc's device pass (and GCC) take the last,
    /// NVRTC and clang the strictest (`align`); for nvcc it replaces `align` and the layout is
    /// nvcc's (`crate::compiler`).
    pub last_align: Option<u64>,
    /// A GNU `__attribute__((aligned(N)))` after the closing brace
    /// (`struct A { … } __attribute__((aligned(16)));`, how portability macros expand on
    /// Linux), or `[[gnu::aligned(N)]]`: nvcc applies it, NVRTC drops it (warnings #1866-D,
    /// #1097-D), and clang's record layout does not show it after a brace. Part of `align`
    /// when the import is for nvcc ([`crate::Compiler`]).
    pub trailing_align: Option<u64>,
    /// Whether the layout depends on an attribute only nvcc applies (`trailing_align` here or
    /// in a member's type): its check needs nvcc.
    pub nvcc_only: bool,
    /// Whether the record is packed (`#pragma pack(N)` or `__attribute__((packed))`); clang's
    /// AST does not spell `N`, so `crate::rust_layout` finds the `pack` whose layout is
    /// clang's.
    pub packed: bool,
    /// `#[ptx(pack = N)]`: the packing that gives clang's layout, once found.
    pub pack: Option<u64>,
    /// A GNU `__attribute__((packed))` before the closing brace (`struct
    /// __attribute__((packed)) S`): every compiler packs the struct, but nvcc and clang (as
    /// GCC) leave a member of a class type that is not a POD at its own alignment, which NVRTC
    /// packs ([`Record::unpacked_members`]). `packed` is set too.
    pub packed_attribute: bool,
    /// Whether C++ calls the type a POD (clang's `isPOD`: no user-declared constructor, no
    /// non-public member, no base, only POD members; every C struct): GNU's `packed` packs a
    /// member of its type, which it leaves at its own alignment otherwise.
    pub pod: bool,
    /// The C names of the members of a class type that is not a POD (or an array of one) in a
    /// struct GNU's `packed` packs: nvcc's device pass (warning #2262-D) and GCC keep each at
    /// its type's alignment (`#[ptx(align)]` on it), NVRTC packs it; the layout is nvcc's.
    pub unpacked_members: Vec<String>,
    /// A GNU `__attribute__((packed))` after the closing brace: nvcc packs the struct, NVRTC
    /// drops the attribute (#1866-D), and clang's record layout is printed before it applies
    /// (`oracle-tests/tests/nvcc_nvrtc.rs`, `packed_after_brace`).
    pub trailing_packed: bool,
    /// Members in declaration order.
    pub members: Vec<Member>,
    /// The C names of the members C++ gives no bytes, which the Rust leaves out: empty
    /// `[[no_unique_address]]` members (C++20; Itanium C++ ABI: an empty subobject shares its
    /// address with other members), as an empty base class is left out. clang's layout shows
    /// them; `crate::rust_layout` compares the others.
    pub no_bytes: Vec<String>,
    /// The C names of the members whose alignment ([`Member::align`]) is written with the
    /// keyword `alignas(N)` (C++11, C11 `_Alignas`) rather than `__attribute__((aligned(N)))`:
    /// under `#pragma pack(P)` with `N > P`, nvcc's device pass keeps `N` for both (as
    /// `#[ptx(align)]` above `#[ptx(pack)]` does), NVRTC for `alignas` only, GCC and clang cap
    /// both at `P` ([`Record::aligned_by_attribute_over_pack`]).
    pub alignas_members: Vec<String>,
    /// For a union: the member `decode` reads (`#[ptx(decode)]`), when one was chosen.
    pub decode: Option<usize>,
}

impl Default for Record {
    /// A plain struct: no attribute, no packing, no member, a POD (as every C struct is).
    fn default() -> Self {
        Record {
            is_union: false,
            align: None,
            align_from_layout: false,
            trailing_align: None,
            last_align: None,
            nvcc_only: false,
            packed: false,
            pack: None,
            trailing_packed: false,
            packed_attribute: false,
            pod: true,
            unpacked_members: Vec::new(),
            members: Vec::new(),
            no_bytes: Vec::new(),
            alignas_members: Vec::new(),
            decode: None,
        }
    }
}

impl Record {
    /// The members aligned above the record's `#pragma pack(P)` ([`Record::pack`], once found),
    /// `alignas(N)` or `__attribute__((aligned(N)))` with `N > P`, each with its index in
    /// `members` and whether it is the keyword ([`Record::alignas_members`]): nvcc's device
    /// pass keeps `N` for both, NVRTC for the keyword only (it caps the attribute at `P` as
    /// GCC and clang cap both; `docs/nvidia-notes.md`).
    pub fn aligned_over_pack(&self) -> impl Iterator<Item = (usize, &Member, bool)> {
        let pack = self.pack;
        self.members.iter().enumerate().filter_map(move |(k, m)| {
            let name = m.c_name.as_deref().unwrap_or(&m.name);
            let over = matches!((m.align, pack), (Some(n), Some(p)) if n > p) && !m.anonymous;
            over.then(|| (k, m, self.alignas_members.iter().any(|a| a == name)))
        })
    }

    /// [`Record::aligned_over_pack`] by GNU's `aligned`: the members whose alignment only nvcc
    /// keeps.
    pub fn aligned_by_attribute_over_pack(&self) -> impl Iterator<Item = (usize, &Member)> {
        self.aligned_over_pack()
            .filter(|&(_, _, keyword)| !keyword)
            .map(|(k, m, _)| (k, m))
    }

    /// Chapter 7: a struct with no data member, C++'s empty class (`#[ptx(empty_class)]`):
    /// one byte, or its alignment.
    pub fn is_empty_class(&self) -> bool {
        !self.is_union && self.members.is_empty()
    }
}

/// An enum with its underlying type.
#[derive(Clone, Debug, PartialEq)]
pub struct Enum {
    /// The underlying integer.
    pub repr: Scalar,
    /// Enumerators in order, with their values.
    pub variants: Vec<(String, i128)>,
    /// `enum class` (C++'s scoped enum): its enumerators are named through it.
    pub scoped: bool,
    /// Whether the underlying type is written (`enum E : unsigned char`).
    pub fixed: bool,
    /// Imported open: the underlying integer, with the enumerators as constants, because C
    /// stores values that are not enumerators in it (bit flags combined with `|`). A Rust
    /// enum's `decode` refuses such a value. Set for bit-flag enums ([`Enum::looks_like_flags`])
    /// and those named by [`crate::Importer::open_enum`].
    pub open: bool,
}

impl Enum {
    /// The integer an open enum is imported as: the underlying type as NVIDIA's front end
    /// (EDG, in NVRTC and nvcc) gives it, whose signedness the checks compare. Without a
    /// written type that is `int` when every value fits (NVRTC 12.9: `enum { A = 1, B = 2 }`
    /// converts -1 to a negative value), where clang and GCC take `unsigned int` ([`Enum::repr`],
    /// which a bit-field of the enum keeps: NVRTC reads those unsigned).
    pub fn open_repr(&self) -> Scalar {
        let fits_int = self
            .variants
            .iter()
            .all(|&(_, v)| v >= i128::from(i32::MIN) && v <= i128::from(i32::MAX));
        if !self.fixed && fits_int {
            Scalar::I32
        } else {
            self.repr
        }
    }

    /// Whether the enumerators are bit flags: one is written with `<<` or `|` (`flags`), or
    /// at least three are distinct single bits, the largest 4 or more, and every other is 0
    /// or an `|` of those bits no smaller than the largest (`NONE = 0, A = 1, B = 2, C = 4,
    /// ALL = 7`; a count `0, 1, 2, 3, 4` is not).
    pub fn looks_like_flags(variants: &[(String, i128)], written_as_flags: bool) -> bool {
        if written_as_flags {
            return true;
        }
        let bits: Vec<i128> = variants
            .iter()
            .map(|v| v.1)
            .filter(|v| *v > 0 && v.count_ones() == 1)
            .collect();
        let mut distinct = bits.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let Some(&top) = distinct.last() else {
            return false;
        };
        let union = distinct.iter().fold(0, |a, b| a | b);
        distinct.len() >= 3
            && top >= 4
            && variants.iter().all(|&(_, v)| {
                v == 0 || v.count_ones() == 1 && v > 0 || (v > top && v & !union == 0)
            })
    }
}

/// What an item is.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// A struct or union.
    Record(Record),
    /// An enum.
    Enum(Enum),
    /// A typedef or alias declaration: `pub type Name = …;`.
    Alias(Ty),
    /// A declaration the importer cannot express; an error if anything asks for it.
    Unsupported(String),
    /// A struct declared but never defined (only pointers to it can be imported).
    Opaque,
}

/// One declaration of the header.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// Rust module path (namespaces), outermost first.
    pub module: Vec<String>,
    /// Rust name inside its module.
    pub name: String,
    /// The C++ qualified name (`phys::Particle`, `Particle::Inner`); for an anonymous record,
    /// the name the importer gave it.
    pub c_name: String,
    /// Where it is declared.
    pub loc: Loc,
    /// What it is.
    pub kind: ItemKind,
    /// Whether it is declared in one of the imported headers (not a system or CUDA header).
    pub in_header: bool,
    /// Whether it is a record with no C name (anonymous member, unnamed member type).
    pub anonymous: bool,
    /// Whether it is declared `private` or `protected` inside a class: code outside the class
    /// cannot name it, so it has no check of its own (the class holding it checks its bytes).
    pub private: bool,
}

/// Every declaration found, and which ones are emitted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// All declarations, in the order clang reported them.
    pub items: Vec<Item>,
    /// The items emitted, in order (the roots and everything they use).
    pub emitted: Vec<ItemId>,
}

impl Model {
    /// The item of C name `c_name` (qualified as in C++: `ns::T`).
    pub fn find(&self, c_name: &str) -> Option<ItemId> {
        self.items.iter().position(|i| i.c_name == c_name)
    }

    /// Whether `ty` is, or holds by value (as a member, through arrays and typedefs, at any
    /// depth), a record `pred` holds for; `memo` keeps each item's answer (`Some(false)` while
    /// it is followed, so that a cycle ends).
    pub(crate) fn holds(
        &self,
        ty: &Ty,
        pred: &dyn Fn(&Record) -> bool,
        memo: &mut [Option<bool>],
    ) -> bool {
        match ty {
            Ty::Array(e, _) => self.holds(e, pred, memo),
            Ty::Item(i) => {
                if let Some(known) = memo[*i] {
                    return known;
                }
                memo[*i] = Some(false);
                let answer = match &self.items[*i].kind {
                    ItemKind::Alias(t) => self.holds(t, pred, memo),
                    ItemKind::Record(r) => {
                        pred(r) || r.members.iter().any(|m| self.holds(&m.ty, pred, memo))
                    }
                    _ => false,
                };
                memo[*i] = Some(answer);
                answer
            }
            _ => false,
        }
    }
}
