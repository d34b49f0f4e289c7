//! The data model of a generated case: a plain tree of aggregate definitions plus one value.
//!
//! A [`Case`] is what both emitters ([`super::cuda`] and [`super::rust`]) print, and what a
//! checker walks at run time to compare NVRTC's answers with ptx-abi's. It holds no layout
//! information: layouts are what the case is meant to test. (The generator steers itself with
//! [`super::sketch`], which is not a reference.)

/// A fundamental type. Integer names follow Rust; the CUDA spelling is [`Scalar::cuda_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `bool` (1 byte).
    Bool,
    /// `signed char` / `i8`.
    I8,
    /// `unsigned char` / `u8`.
    U8,
    /// `short` / `i16`.
    I16,
    /// `unsigned short` / `u16`.
    U16,
    /// `int` / `i32`.
    I32,
    /// `unsigned int` / `u32`.
    U32,
    /// `long long` / `i64`.
    I64,
    /// `unsigned long long` / `u64`.
    U64,
    /// `float` / `f32`.
    F32,
    /// `double` / `f64`.
    F64,
}

impl Scalar {
    /// Every scalar, in declaration order.
    pub const ALL: [Scalar; 11] = [
        Scalar::Bool,
        Scalar::I8,
        Scalar::U8,
        Scalar::I16,
        Scalar::U16,
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
        Scalar::F32,
        Scalar::F64,
    ];
    /// The eight integer types (no `bool`, no floats): the types of unnamed bit-fields.
    pub const INTEGERS: [Scalar; 8] = [
        Scalar::I8,
        Scalar::U8,
        Scalar::I16,
        Scalar::U16,
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
    ];

    /// Size in bytes (equal to the alignment for every scalar).
    pub fn size(self) -> u32 {
        match self {
            Scalar::Bool | Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 8,
        }
    }
    /// Size in bits: the storage unit of a bit-field of this type.
    pub fn bits(self) -> u32 {
        self.size() * 8
    }
    /// An integer type (`bool` and floats excluded).
    pub fn is_integer(self) -> bool {
        !matches!(self, Scalar::Bool | Scalar::F32 | Scalar::F64)
    }
    /// A signed integer type.
    pub fn is_signed(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }
    /// `f32` or `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F32 | Scalar::F64)
    }
    /// May be the type of a named bit-field (integers and `bool`).
    pub fn is_bit_field_type(self) -> bool {
        !self.is_float()
    }
    /// Largest width of a bit-field of this type (`bool`: 1).
    pub fn max_width(self) -> u32 {
        if self == Scalar::Bool {
            1
        } else {
            self.bits()
        }
    }
    /// Smallest and largest value of a bit-field of this type and `width` bits (`width` ≥ 1),
    /// or of the whole type when `width` is [`Scalar::bits`]. `bool` gives `0..=1`.
    /// Meaningless for floats.
    pub fn int_range(self, width: u32) -> (i128, i128) {
        if self == Scalar::Bool {
            (0, 1)
        } else if self.is_signed() {
            (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
        } else {
            (0, (1i128 << width) - 1)
        }
    }
    /// The CUDA C++ spelling (`signed char`, `long long`, never plain `char` or `long`).
    pub fn cuda_name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "signed char",
            Scalar::U8 => "unsigned char",
            Scalar::I16 => "short",
            Scalar::U16 => "unsigned short",
            Scalar::I32 => "int",
            Scalar::U32 => "unsigned int",
            Scalar::I64 => "long long",
            Scalar::U64 => "unsigned long long",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
        }
    }
    /// The Rust spelling (`i8`, `u64`, `bool`, ...).
    pub fn rust_name(self) -> &'static str {
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
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }
    /// The stems of the vector type names with this element type, `(CUDA, ptx-abi)`:
    /// `("char", "Char")` for `char1..4` / `::ptx_abi::types::Char1..4`; `None` for `bool`, which has
    /// no vector type.
    pub fn vector_stem(self) -> Option<(&'static str, &'static str)> {
        Some(match self {
            Scalar::Bool => return None,
            Scalar::I8 => ("char", "Char"),
            Scalar::U8 => ("uchar", "UChar"),
            Scalar::I16 => ("short", "Short"),
            Scalar::U16 => ("ushort", "UShort"),
            Scalar::I32 => ("int", "Int"),
            Scalar::U32 => ("uint", "UInt"),
            Scalar::I64 => ("longlong", "LongLong"),
            Scalar::U64 => ("ulonglong", "ULongLong"),
            Scalar::F32 => ("float", "Float"),
            Scalar::F64 => ("double", "Double"),
        })
    }
    /// Largest lane count of a native vector of this element type (guide §1.2: 4 for
    /// elements of at most 4 bytes, 2 for 8-byte elements; 0 for `bool`).
    pub fn max_lanes(self) -> u8 {
        match self {
            Scalar::Bool => 0,
            s if s.size() <= 4 => 4,
            _ => 2,
        }
    }
}

/// The type of an ordinary (non-bit-field) member.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A fundamental type.
    Scalar(Scalar),
    /// A generic-address pointer (8 bytes): `char*` in CUDA, `::ptx_abi::DevicePtr<i8>` in Rust (plain `char` is signed on NVPTX).
    Pointer,
    /// A CUDA built-in vector such as `float4`: `elem` is never `Bool`; `lanes` is `1..=4` for
    /// elements of at most 4 bytes and `1..=2` for 8-byte elements.
    Vector {
        /// The element type.
        elem: Scalar,
        /// Number of elements.
        lanes: u8,
    },
    /// `elem[len]`; a multi-dimensional array is an array of arrays (outermost first, as in
    /// Rust: `[[i32; 3]; 2]` is C's `int m[2][3]`). `len` ≥ 1.
    Array {
        /// The element type.
        elem: Box<Ty>,
        /// Number of elements (at least 1).
        len: u32,
    },
    /// An aggregate: an index into [`Case::aggregates`], always smaller than the index of
    /// the aggregate that uses it.
    Named(usize),
    /// A field-less enum: an index into [`Case::enums`].
    Enum(usize),
}

/// One member of a struct or union, in declaration order.
///
/// Names are positional: the member at index `k` is called `m{k}` (see [`member_name`]), and
/// an unnamed bit-field at index `k` becomes the Rust field or variant `_u{k}`
/// ([`rust_member_name`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Member {
    /// An ordinary named member.
    Field {
        /// `m{k}`.
        name: String,
        /// Its type.
        ty: Ty,
    },
    /// A named bit-field `ty name : width`, `ty` an integer or `bool`, `1 ≤ width ≤ bits(ty)`
    /// (`bool`: width 1).
    BitField {
        /// `m{k}`.
        name: String,
        /// Its declared type.
        ty: Scalar,
        /// Its width in bits.
        width: u32,
    },
    /// An unnamed bit-field `ty : width`, `ty` an integer, `0 ≤ width ≤ bits(ty)`; width 0 is
    /// a zero-length bit-field (only ever generated in structs).
    Unnamed {
        /// Its declared type.
        ty: Scalar,
        /// Its width in bits.
        width: u32,
    },
}

impl Member {
    /// The member's name, `None` for an unnamed bit-field.
    pub fn name(&self) -> Option<&str> {
        match self {
            Member::Field { name, .. } | Member::BitField { name, .. } => Some(name),
            Member::Unnamed { .. } => None,
        }
    }
    /// An ordinary member: named and not a bit-field. Unions are initialised through these.
    pub fn is_ordinary(&self) -> bool {
        matches!(self, Member::Field { .. })
    }
    /// A bit-field, named or not, of any width.
    pub fn is_bit_field(&self) -> bool {
        !self.is_ordinary()
    }
}

/// The C name of the member at position `index`: `m{index}`.
pub fn member_name(index: usize) -> String {
    format!("m{index}")
}

/// The Rust name of the member at position `index`: `m{index}` for named members,
/// `_u{index}` for unnamed bit-fields.
pub fn rust_member_name(member: &Member, index: usize) -> String {
    match member.name() {
        Some(name) => name.to_string(),
        None => format!("_u{index}"),
    }
}

/// `struct` or `union`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A C struct; a Rust struct.
    Struct,
    /// A C union; a Rust enum in ptx-abi's union form (`#[ptx(union)]`).
    Union,
}

/// A struct or union definition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aggregate {
    /// `T{seed:x}_{id}_{k}` where `k` is its index in [`Case::aggregates`]: unique across
    /// cases with distinct `(seed, id)`, so many cases can share one compile unit.
    pub name: String,
    /// Struct or union.
    pub kind: Kind,
    /// `__align__(N)` / `#[ptx(align = N)]`: a power of two, at most 128 and never below the
    /// natural alignment of the aggregate.
    pub align: Option<u32>,
    /// Members in declaration order. There is at least one named member; a union has at least
    /// one ordinary member and no zero-length bit-field.
    pub members: Vec<Member>,
    /// For a union, the index of the ordinary member through which every value of this union
    /// type is initialised (the C designated initializer) and which the Rust definition marks
    /// `#[ptx(decode)]`, so decoding NVRTC's bytes gives back the value. `None` for a struct.
    pub init_member: Option<usize>,
}

/// A field-less C++ `enum class` with a fixed integer underlying type (a `#[repr(int)]` Rust
/// enum). Generated only with [`super::Options::enums`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnumDef {
    /// `E{seed:x}_{id}_{k}`.
    pub name: String,
    /// The underlying integer type (never `bool` or a float).
    pub repr: Scalar,
    /// `(name, discriminant)` pairs; names are `V0, V1, ...`; discriminants are distinct and
    /// in range of `repr`.
    pub variants: Vec<(String, i128)>,
}

/// A value of some type of the case.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A `bool` (also a `bool` bit-field).
    Bool(bool),
    /// A signed integer (also a signed bit-field), in range of its type/width.
    Int(i128),
    /// An unsigned integer (also an unsigned bit-field), in range of its type/width.
    UInt(u128),
    /// A float: never NaN or infinite; for `f32` exactly representable as `f32`.
    Float(f64),
    /// A pointer's address.
    Pointer(u64),
    /// The lanes of a vector, in order `x, y, z, w`.
    Vector(Vec<Value>),
    /// The elements of an array.
    Array(Vec<Value>),
    /// A struct: one value per member, in member order; [`Value::Unnamed`] for unnamed
    /// bit-fields.
    Struct(Vec<Value>),
    /// A union, initialised through ordinary member `member` (always the aggregate's
    /// [`Aggregate::init_member`]).
    Union {
        /// Index of the initialised member.
        member: usize,
        /// Its value.
        value: Box<Value>,
    },
    /// An enum: the index of the variant in [`EnumDef::variants`].
    Enum(usize),
    /// Placeholder for an unnamed bit-field in [`Value::Struct`] (no value; zero in Rust's
    /// `Pad`).
    Unnamed,
}

/// One generated test case: definitions (dependencies first; the last aggregate is the top
/// type) and a value of the top type.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The seed it was generated from.
    pub seed: u64,
    /// Its id (distinct cases of one seed have distinct ids).
    pub id: u32,
    /// Aggregate definitions, each only referring to earlier ones; the last one is the top
    /// type. Never empty.
    pub aggregates: Vec<Aggregate>,
    /// Enum definitions referred to by [`Ty::Enum`].
    pub enums: Vec<EnumDef>,
    /// A value of the top type ([`Value::Struct`] or [`Value::Union`]).
    pub value: Value,
}

impl Case {
    /// Index of the top type in [`Case::aggregates`] (the last one).
    pub fn top_index(&self) -> usize {
        self.aggregates.len() - 1
    }
    /// The top type.
    pub fn top(&self) -> &Aggregate {
        &self.aggregates[self.top_index()]
    }
}
