//! §1.2: native vector types, with CUDA's names.
//!
//! One generic type, [`Vector<T, N>`], whose Rust layout equals the PTX layout: a vector with an
//! odd number of elements is aligned like its element, one with an even number `n` to
//! `n × alignof(t)`. Shapes PTX does not have (more than 4 lanes, more than 2 lanes of 8-byte
//! elements) do not compile.

use crate::codec::error::{DecodeError, EncodeError};
use crate::codec::writer::ImageWriter;
use crate::codec::{check_in, check_out, PtxAbi};
use crate::layout::desc::{Scalar, TypeDesc, TypeKind};
use crate::layout::rules::{vector_lanes_allowed, vector_layout};
use crate::types::align::{AlignTo, Alignment};
use core::fmt;

/// A fundamental type that can be a lane of a native vector (§1.2): the integers and floats.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a lane of a PTX vector",
    label = "vector lanes must be integers or floating-point numbers (PTX §1.2)",
    note = "use an array `[{Self}; N]` instead of `Vector<{Self}, N>`"
)]
pub trait VectorElement: PtxAbi + Copy + PartialEq + fmt::Debug + Default + 'static {
    /// The fundamental type.
    const SCALAR: Scalar;
}

/// The number of lanes of a vector, as a type.
pub struct Lanes<const N: usize>;

/// §1.2: the vector shapes PTX has, each with the alignment the guide gives it. Implemented
/// only for lanes that are [`VectorElement`]s, so `Vector<T, N>` needs only this bound, and a
/// wrong vector is one error, this one.
#[diagnostic::on_unimplemented(
    message = "PTX has no native vector of `{T}` with `{Self}`",
    label = "PTX vectors have 1 to 4 lanes of integers or floating-point numbers up to 4 bytes, or 1 or 2 lanes of 8-byte ones (§1.2)",
    note = "use an array `[{T}; N]` (aligned like `{T}`, as a C array); but for CUDA's `double4`, `longlong4` or `ulonglong4` (32 bytes, aligned 16, unlike an array) use `ptx_abi::types::Double4`, `LongLong4` or `ULongLong4`, and for `double3`, `longlong3`, `ulonglong3` `ptx_abi::types::Double3`, `LongLong3`, `ULongLong3`"
)]
pub trait VectorShape<T> {
    /// A zero-sized type with the vector's alignment.
    type Align: Copy + Default + fmt::Debug + PartialEq + 'static;
    /// The lanes' fundamental type (`T`'s [`VectorElement::SCALAR`]).
    const SCALAR: Scalar;
}

/// Implements the shapes PTX has for one element type. The alignment of each comes from
/// [`vector_layout`], the one home of the §1.2 rule; two compile-time proofs tie this table to
/// the rule: the listed lane counts are exactly those [`vector_lanes_allowed`] accepts (0 to 8
/// lanes checked), and every listed shape's Rust size and alignment are its PTX ones (which the
/// `unsafe impl ZeroCopy` for `Vector` relies on).
macro_rules! shapes {
    ($($t:ty => $scalar:ident: $($n:literal),*;)*) => {$(
        impl VectorElement for $t {
            const SCALAR: Scalar = Scalar::$scalar;
        }
        $(impl VectorShape<$t> for Lanes<$n> {
            type Align = <AlignTo<{ vector_layout(Scalar::$scalar, $n).align }> as Alignment>::Marker;
            const SCALAR: Scalar = Scalar::$scalar;
        }
        const _: () = assert!(
            core::mem::size_of::<Vector<$t, $n>>() == vector_layout(Scalar::$scalar, $n).size
                && core::mem::align_of::<Vector<$t, $n>>() == vector_layout(Scalar::$scalar, $n).align,
            "a vector's Rust layout differs from its §1.2 layout"
        );)*
        const _: () = assert!(
            lists_exactly_the_allowed_shapes(Scalar::$scalar, &[$($n),*]),
            "the vector shapes of an element type differ from the §1.2 rule"
        );
    )*};
}

/// Whether `listed` holds exactly the lane counts (of 0 to 8) that §1.2 allows for `elem`.
const fn lists_exactly_the_allowed_shapes(elem: Scalar, listed: &[usize]) -> bool {
    let mut lanes = 0;
    while lanes <= 8 {
        let mut found = false;
        let mut i = 0;
        while i < listed.len() {
            found |= listed[i] == lanes;
            i += 1;
        }
        if found != vector_lanes_allowed(elem, lanes) {
            return false;
        }
        lanes += 1;
    }
    true
}

shapes! {
    i8 => I8: 1, 2, 3, 4;
    u8 => U8: 1, 2, 3, 4;
    i16 => I16: 1, 2, 3, 4;
    u16 => U16: 1, 2, 3, 4;
    i32 => I32: 1, 2, 3, 4;
    u32 => U32: 1, 2, 3, 4;
    f32 => F32: 1, 2, 3, 4;
    i64 => I64: 1, 2;
    u64 => U64: 1, 2;
    f64 => F64: 1, 2;
}

#[cfg(feature = "half")]
shapes! {
    half::f16 => F16: 1, 2, 3, 4;
}

/// A native vector of `N` lanes of `T` (§1.2), laid out in Rust exactly as in PTX.
///
/// Use CUDA's names: [`Float4`], [`Int2`], [`Char3`], [`Double2`], …
#[repr(C)]
pub struct Vector<T, const N: usize>
where
    Lanes<N>: VectorShape<T>,
{
    lanes: [T; N],
    _align: [<Lanes<N> as VectorShape<T>>::Align; 0],
}

impl<T: VectorElement, const N: usize> Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    /// A vector with the given lanes (x, y, z, w in order).
    pub const fn new(lanes: [T; N]) -> Self {
        Vector { lanes, _align: [] }
    }

    /// The lanes in order.
    pub const fn lanes(&self) -> [T; N] {
        self.lanes
    }

    /// The lanes, mutably.
    pub fn lanes_mut(&mut self) -> &mut [T; N] {
        &mut self.lanes
    }
}

impl<T: VectorElement, const N: usize> Clone for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: VectorElement, const N: usize> Copy for Vector<T, N> where Lanes<N>: VectorShape<T> {}

impl<T: VectorElement, const N: usize> PartialEq for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    fn eq(&self, other: &Self) -> bool {
        self.lanes == other.lanes
    }
}

impl<T: VectorElement, const N: usize> Default for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    fn default() -> Self {
        Vector::new([T::default(); N])
    }
}

impl<T: VectorElement, const N: usize> fmt::Debug for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple(vector_name(T::SCALAR, N))
            .field(&self.lanes)
            .finish()
    }
}

impl<T: VectorElement, const N: usize> From<[T; N]> for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    fn from(lanes: [T; N]) -> Self {
        Vector::new(lanes)
    }
}

impl<T: VectorElement, const N: usize> From<Vector<T, N>> for [T; N]
where
    Lanes<N>: VectorShape<T>,
{
    fn from(v: Vector<T, N>) -> Self {
        v.lanes
    }
}

impl<T: VectorElement, const N: usize> core::ops::Index<usize> for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.lanes[i]
    }
}

// Bounded by the shape (and what encoding needs), not by `T: VectorElement`: a vector of a
// struct is then one error, the shape's, not a second one about the lane type.
impl<T: PtxAbi + Copy + Default, const N: usize> PtxAbi for Vector<T, N>
where
    Lanes<N>: VectorShape<T>,
{
    const TYPE: &'static TypeDesc = &TypeDesc {
        name: vector_name(<Lanes<N> as VectorShape<T>>::SCALAR, N),
        kind: TypeKind::Vector {
            elem: <Lanes<N> as VectorShape<T>>::SCALAR,
            lanes: N,
        },
    };

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        check_out::<Self>(out)?;
        for (lane, chunk) in self.lanes.iter().zip(out.chunks_exact_mut(T::SIZE)) {
            lane.encode(chunk)?;
        }
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __write(&self, w: &mut ImageWriter<'_>, at: usize) {
        crate::codec::write_elements(&self.lanes, w, at);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        check_in::<Self>(bytes)?;
        let mut lanes = [T::default(); N];
        for (lane, chunk) in lanes.iter_mut().zip(bytes.chunks_exact(T::SIZE)) {
            *lane = T::decode(chunk)?;
        }
        Ok(Vector { lanes, _align: [] })
    }
}

/// Whether `a` and `b` are the same shape (`Scalar` has no `const` `PartialEq`).
const fn same_shape(a: (Scalar, usize), b: (Scalar, usize)) -> bool {
    a.0 as u8 == b.0 as u8 && a.1 == b.1
}

/// The Rust alias of a native vector type (`Float4`, `LongLong2`, …), or `"Vector"`. Where
/// several aliases share a shape (`Long2` and `LongLong2`), the first one listed in the alias
/// table is the canonical name used in messages and reports. (The CUDA name of a shape is
/// [`vector_c_name`](crate::layout::c_spelling::vector_c_name).)
pub const fn vector_name(elem: Scalar, lanes: usize) -> &'static str {
    let mut i = 0;
    while i < NAMES.len() {
        let (e, n, rust) = NAMES[i];
        if same_shape((e, n), (elem, lanes)) {
            return rust;
        }
        i += 1;
    }
    "Vector"
}

/// Declares the vector aliases and [`NAMES`] from one list: `Alias = lane type, Scalar, lanes,
/// "cuda_name"` (the CUDA name the alias is documented by: `Long2` is CUDA's `long2`, whose
/// shape C spells `longlong2`), then shapes that have no Rust alias here (`f16` lanes need the
/// `half` feature), named as written: `Vector<f16, 2>`, never `Half2`, which is CUDA's
/// `__half2` ([`crate::types::Half2`]), a different type.
macro_rules! vector_names {
    (
        aliases: [$($name:ident = $t:ty, $scalar:ident, $n:literal, $c:literal;)*]
        names_only: [$($nname:literal = $nscalar:ident, $nn:literal;)*]
    ) => {
        $(
            #[doc = concat!("CUDA's `", $c, "`: ", stringify!($n), " lanes of `", stringify!($t), "` (§1.2).")]
            pub type $name = Vector<$t, $n>;
        )*
        /// (element, lanes, Rust alias), canonical names first for each shape.
        const NAMES: &[(Scalar, usize, &str)] = &[
            $((Scalar::$scalar, $n, stringify!($name)),)*
            $((Scalar::$nscalar, $nn, $nname),)*
        ];
    };
}

vector_names! {
    aliases: [
    Char1 = i8, I8, 1, "char1"; Char2 = i8, I8, 2, "char2"; Char3 = i8, I8, 3, "char3"; Char4 = i8, I8, 4, "char4";
    UChar1 = u8, U8, 1, "uchar1"; UChar2 = u8, U8, 2, "uchar2"; UChar3 = u8, U8, 3, "uchar3"; UChar4 = u8, U8, 4, "uchar4";
    Short1 = i16, I16, 1, "short1"; Short2 = i16, I16, 2, "short2"; Short3 = i16, I16, 3, "short3"; Short4 = i16, I16, 4, "short4";
    UShort1 = u16, U16, 1, "ushort1"; UShort2 = u16, U16, 2, "ushort2"; UShort3 = u16, U16, 3, "ushort3"; UShort4 = u16, U16, 4, "ushort4";
    Int1 = i32, I32, 1, "int1"; Int2 = i32, I32, 2, "int2"; Int3 = i32, I32, 3, "int3"; Int4 = i32, I32, 4, "int4";
    UInt1 = u32, U32, 1, "uint1"; UInt2 = u32, U32, 2, "uint2"; UInt3 = u32, U32, 3, "uint3"; UInt4 = u32, U32, 4, "uint4";
    Float1 = f32, F32, 1, "float1"; Float2 = f32, F32, 2, "float2"; Float3 = f32, F32, 3, "float3"; Float4 = f32, F32, 4, "float4";
    LongLong1 = i64, I64, 1, "longlong1"; LongLong2 = i64, I64, 2, "longlong2";
    ULongLong1 = u64, U64, 1, "ulonglong1"; ULongLong2 = u64, U64, 2, "ulonglong2";
    Double1 = f64, F64, 1, "double1"; Double2 = f64, F64, 2, "double2";
    Long1 = i64, I64, 1, "long1"; Long2 = i64, I64, 2, "long2";
    ULong1 = u64, U64, 1, "ulong1"; ULong2 = u64, U64, 2, "ulong2";
    ]
    names_only: [
    "Vector<f16, 1>" = F16, 1; "Vector<f16, 2>" = F16, 2; "Vector<f16, 3>" = F16, 3;
    "Vector<f16, 4>" = F16, 4;
    ]
}

// SAFETY: `Vector` is `repr(C)` of `[T; N]` plus a zero-length array of a marker with the PTX
// alignment (§1.2), so its size is `N × size_of::<T>()` (already a multiple of that alignment:
// odd N → align of T, even N → N × align of T) with no padding, and its lanes are zero-copy.
unsafe impl<T, const N: usize> crate::codec::zero_copy::ZeroCopy for Vector<T, N>
where
    T: VectorElement + crate::codec::zero_copy::ZeroCopy,
    Lanes<N>: VectorShape<T>,
{
}
