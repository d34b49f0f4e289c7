//! Random in-range values for the types of a case.
//!
//! Integers (bit-fields included) hit the extremes of their range often: minimum, maximum,
//! 0, ±1. Floats are finite and never NaN; `f32` values are exactly representable as `f32`
//! (small integers, multiples of 1/256, random normal bit patterns, a few specials). Unions
//! are always initialised through their [`Aggregate::init_member`].

use rand::Rng;

use super::model::{Aggregate, EnumDef, Kind, Member, Scalar, Ty, Value};

/// A random value of aggregate `index` of `aggregates`.
pub fn random_aggregate_value<R: Rng + ?Sized>(
    rng: &mut R,
    aggregates: &[Aggregate],
    enums: &[EnumDef],
    index: usize,
) -> Value {
    let agg = &aggregates[index];
    match agg.kind {
        Kind::Struct => Value::Struct(
            agg.members
                .iter()
                .map(|m| match m {
                    Member::Field { ty, .. } => random_value(rng, aggregates, enums, ty),
                    Member::BitField { ty, width, .. } => random_int(rng, *ty, *width),
                    Member::Unnamed { .. } => Value::Unnamed,
                })
                .collect(),
        ),
        Kind::Union => {
            let member = agg.init_member.expect("a union has an init member");
            let Member::Field { ty, .. } = &agg.members[member] else {
                panic!(
                    "{}: unions are initialised through an ordinary member",
                    agg.name
                )
            };
            Value::Union {
                member,
                value: Box::new(random_value(rng, aggregates, enums, ty)),
            }
        }
    }
}

/// A random value of `ty`, whose aggregates and enums are in `aggregates` and `enums`.
pub fn random_value<R: Rng + ?Sized>(
    rng: &mut R,
    aggregates: &[Aggregate],
    enums: &[EnumDef],
    ty: &Ty,
) -> Value {
    match ty {
        Ty::Scalar(s) => random_scalar(rng, *s),
        Ty::Pointer => Value::Pointer(random_address(rng)),
        Ty::Vector { elem, lanes } => {
            Value::Vector((0..*lanes).map(|_| random_scalar(rng, *elem)).collect())
        }
        Ty::Array { elem, len } => Value::Array(
            (0..*len)
                .map(|_| random_value(rng, aggregates, enums, elem))
                .collect(),
        ),
        Ty::Named(i) => random_aggregate_value(rng, aggregates, enums, *i),
        Ty::Enum(i) => Value::Enum(rng.random_range(0..enums[*i].variants.len() as u32) as usize),
    }
}

/// A random value of a scalar type (the whole range of an integer type).
pub fn random_scalar<R: Rng + ?Sized>(rng: &mut R, s: Scalar) -> Value {
    match s {
        Scalar::F32 => Value::Float(f64::from(random_f32(rng))),
        Scalar::F64 => Value::Float(random_f64(rng)),
        _ => random_int(rng, s, s.bits()),
    }
}

/// A random value of a `width`-bit bit-field of type `s` (integer or `bool`): `Value::Bool`,
/// `Value::Int` for signed types or `Value::UInt` for unsigned ones, in range.
pub fn random_int<R: Rng + ?Sized>(rng: &mut R, s: Scalar, width: u32) -> Value {
    if s == Scalar::Bool {
        return Value::Bool(rng.random_bool(0.5));
    }
    let (lo, hi) = s.int_range(width);
    let v = match rng.random_range(0..100u32) {
        0..15 => lo,
        15..30 => hi,
        30..40 => 0,
        40..45 => -1,
        45..50 => 1,
        50..55 => hi - 1,
        55..60 => lo + 1,
        _ => rng.random_range(lo..=hi),
    }
    .clamp(lo, hi);
    if s.is_signed() {
        Value::Int(v)
    } else {
        Value::UInt(v as u128)
    }
}

fn random_address<R: Rng + ?Sized>(rng: &mut R) -> u64 {
    match rng.random_range(0..10u32) {
        0 | 1 => 0,
        2 | 3 => rng.random_range(1..=4096),
        4 => u64::MAX,
        _ => rng.random(),
    }
}

/// A finite `f32`, never NaN.
pub fn random_f32<R: Rng + ?Sized>(rng: &mut R) -> f32 {
    match rng.random_range(0..20u32) {
        0..4 => rng.random_range(-100..=100i32) as f32,
        4..9 => rng.random_range(-65536..=65536i32) as f32 / 256.0,
        9 => *pick(
            rng,
            &[
                0.0,
                -0.0,
                f32::MAX,
                f32::MIN,
                f32::MIN_POSITIVE,
                f32::EPSILON,
                -1.0,
            ],
        ),
        10 => f32::from_bits(
            rng.random_range(1..0x0080_0000u32) | (rng.random::<u32>() & 0x8000_0000),
        ),
        11..13 => {
            (1u64 << rng.random_range(0..64u32)) as f32 * if rng.random() { 1.0 } else { -1.0 }
        }
        _ => {
            let exp = rng.random_range(1..255u32);
            f32::from_bits((rng.random::<u32>() & 0x807f_ffff) | (exp << 23))
        }
    }
}

/// A finite `f64`, never NaN.
pub fn random_f64<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    match rng.random_range(0..20u32) {
        0..4 => f64::from(rng.random_range(-100..=100i32)),
        4..8 => f64::from(rng.random_range(-65536..=65536i32)) / 256.0,
        8 => *pick(
            rng,
            &[
                0.0,
                -0.0,
                f64::MAX,
                f64::MIN,
                f64::MIN_POSITIVE,
                f64::EPSILON,
                0.1,
            ],
        ),
        9 => f64::from_bits(rng.random_range(1..1u64 << 52) | (rng.random::<u64>() & 1 << 63)),
        10..12 => f64::from(random_f32(rng)),
        _ => {
            let exp = rng.random_range(1..2047u64);
            f64::from_bits((rng.random::<u64>() & 0x800f_ffff_ffff_ffff) | (exp << 52))
        }
    }
}

fn pick<'a, R: Rng + ?Sized, T>(rng: &mut R, xs: &'a [T]) -> &'a T {
    &xs[rng.random_range(0..xs.len() as u32) as usize]
}
