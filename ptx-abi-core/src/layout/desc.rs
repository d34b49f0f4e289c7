//! The structural description of a type that the layout engine reads (§1.1–§1.4).
//!
//! Every type with a PTX layout carries a `&'static TypeDesc` (the codec's trait names it
//! `TYPE`; this model knows nothing of the codec). The derive only writes these descriptions;
//! sizes, offsets and bit positions are computed from them by the `const fn`s of
//! [`crate::layout`], at any [`crate::layout::AddressSize`].

/// A fundamental type of §1.1 that a member, a vector lane or a bit-field can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// C++ `bool`: one byte holding 0 or 1.
    Bool,
    /// `signed char` (`.s8`).
    I8,
    /// `unsigned char` (`.u8`).
    U8,
    /// `short` (`.s16`).
    I16,
    /// `unsigned short` (`.u16`).
    U16,
    /// `int` (`.s32`).
    I32,
    /// `unsigned int` (`.u32`).
    U32,
    /// `long long` (`.s64`).
    I64,
    /// `unsigned long long` (`.u64`).
    U64,
    /// `__half` (`.f16`): storage only, never a parameter type (§2.3 note C).
    F16,
    /// `float` (`.f32`).
    F32,
    /// `double` (`.f64`).
    F64,
}

impl Scalar {
    /// Size in bytes (§1.1); alignment equals size for every fundamental type.
    pub const fn size(self) -> usize {
        match self {
            Scalar::Bool | Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 | Scalar::F16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 8,
        }
    }

    /// Width in bits.
    pub const fn bits(self) -> u32 {
        (self.size() * 8) as u32
    }

    /// True for the types §1.3 allows as bit-fields: the integers and `bool`.
    pub const fn is_bit_field_type(self) -> bool {
        !matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    /// True for signed integers (their bit-fields sign-extend on read).
    pub const fn is_signed(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }

    /// True for floating-point types.
    pub const fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    /// The widest bit-field this type can hold (§1.3 table; `bool`: 1).
    pub const fn max_bit_field_width(self) -> u32 {
        match self {
            Scalar::Bool => 1,
            _ => self.bits(),
        }
    }

    /// The Rust spelling of the type.
    pub const fn rust_name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "i8",
            Scalar::U8 => "u8",
            Scalar::I16 => "i16",
            Scalar::U16 => "u16",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::I64 => "i64",
            Scalar::U64 => "u64",
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }
}

/// §1.4: the opaque types passed as 64-bit handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Handle {
    /// `.texref`.
    Texture,
    /// `.samplerref`.
    Sampler,
    /// `.surfref`.
    Surface,
}

/// Whether an aggregate's members follow each other (struct) or overlap at offset 0 (union).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AggregateKind {
    /// A C `struct`: members at increasing offsets.
    Struct,
    /// A C `union`: every member at offset 0.
    Union,
}

/// One member of an aggregate, in declaration order.
#[derive(Clone, Copy, Debug)]
pub struct Member {
    /// The member's name (a tuple struct's members are `"0"`, `"1"`, …).
    pub name: &'static str,
    /// The member's type. A [`TypeKind::Pad`] type makes the member an unnamed bit-field.
    pub ty: &'static TypeDesc,
    /// `Some(w)` for a named bit-field of width `w` (§1.3); `None` otherwise.
    pub bits: Option<u32>,
    /// `alignas(N)` on the member (`#[ptx(align = N)]` on a field): the member is aligned to
    /// `N` or its type's alignment, whichever is more (§1.2), whatever the aggregate's
    /// `#pragma pack`; 0 for its type's.
    pub align: usize,
}

/// One variant of a field-less enum: its name and discriminant.
#[derive(Clone, Copy, Debug)]
pub struct EnumVariant {
    /// The variant's name.
    pub name: &'static str,
    /// The discriminant (the encoded integer).
    pub value: i128,
}

/// What kind of type a [`TypeDesc`] describes.
#[derive(Clone, Copy, Debug)]
pub enum TypeKind {
    /// A fundamental type (§1.1).
    Scalar(Scalar),
    /// A generic address (§1.1, §2.3 note B): 4 or 8 bytes by [`crate::layout::AddressSize`].
    Pointer {
        /// The pointee's description (a function, so that self-referential types terminate).
        pointee: fn() -> &'static TypeDesc,
    },
    /// A texture, sampler or surface handle: `.b64` (§1.4).
    Handle(Handle),
    /// A native vector of `lanes` elements (§1.2).
    Vector {
        /// The element type.
        elem: Scalar,
        /// The number of elements: 1–4, or 1–2 for 8-byte elements.
        lanes: usize,
    },
    /// `[elem; len]`: `len` elements without padding between them.
    Array {
        /// The element type.
        elem: &'static TypeDesc,
        /// The number of elements.
        len: usize,
    },
    /// A struct or union (§1.2, §1.3).
    Aggregate {
        /// Struct or union.
        kind: AggregateKind,
        /// The requested alignment (`#[ptx(align = N)]`, like `__align__(N)`), or 0 for natural.
        align: usize,
        /// `#pragma pack(N)` (`#[ptx(pack = N)]`): no member is aligned to more than `N` bytes
        /// unless its own `alignas` (`#[ptx(align)]` on the field) says so, and bit-fields are
        /// placed without padding; 0 for none (nvcc's default layout).
        pack: usize,
        /// The members in declaration order.
        members: &'static [Member],
    },
    /// A field-less enum, encoded as its integer `repr`.
    Enum {
        /// The integer representation.
        repr: Scalar,
        /// The variants.
        variants: &'static [EnumVariant],
    },
    /// An unnamed bit-field of type `unit` and `width` bits (0: zero-length), §1.3. Only
    /// meaningful as a member; see [`crate::types::Pad`].
    Pad {
        /// The declared type of the bit-field.
        unit: Scalar,
        /// Its width in bits.
        width: u32,
    },
    /// A zero-sized marker (`PhantomData`) that has no C counterpart and takes no space.
    Phantom,
    /// Chapter 7 (the Itanium C++ ABI): a C++ class with no data member, `struct E {};`
    /// (`#[ptx(empty_class)]`). It takes one byte, or its `alignas(N)`, as a member, an array
    /// element or a kernel parameter, and none as a base class or a device-function argument;
    /// its bytes are padding ([`crate::layout::rules::empty_class_layout`]).
    EmptyClass {
        /// The requested alignment (`#[ptx(align = N)]`, like `alignas(N)`), or 0 for 1.
        align: usize,
    },
}

/// The description of a type: its name and its structure.
#[derive(Clone, Copy, Debug)]
pub struct TypeDesc {
    /// The Rust name of the type, for messages, reports and headers.
    pub name: &'static str,
    /// The structure the layout engine reads.
    pub kind: TypeKind,
}

impl TypeDesc {
    /// The description of a fundamental type.
    pub const fn scalar(name: &'static str, scalar: Scalar) -> TypeDesc {
        TypeDesc {
            name,
            kind: TypeKind::Scalar(scalar),
        }
    }

    /// The members of an aggregate, or an empty slice.
    pub const fn members(&self) -> &'static [Member] {
        match self.kind {
            TypeKind::Aggregate { members, .. } => members,
            _ => &[],
        }
    }
}
