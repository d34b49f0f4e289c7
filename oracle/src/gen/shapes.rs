//! Member patterns of generated structs and unions, each aimed at a hard case of guide §1.3
//! (see `docs/nvidia-notes.md` for what NVRTC does with them).

use super::model::{Kind, Scalar, Ty};
use super::random::{Build, Gen};

/// Types of named bit-fields.
const BIT_TYPES: [Scalar; 9] = [
    Scalar::I8,
    Scalar::U8,
    Scalar::I16,
    Scalar::U16,
    Scalar::I32,
    Scalar::U32,
    Scalar::I64,
    Scalar::U64,
    Scalar::Bool,
];
/// Types of small ordinary members.
const SMALL: [Scalar; 5] = [
    Scalar::I8,
    Scalar::U8,
    Scalar::Bool,
    Scalar::I16,
    Scalar::U16,
];
/// Types wider than a byte, for zero-length bit-fields and bit-fields after small members.
const WIDE: [Scalar; 6] = [
    Scalar::I16,
    Scalar::U16,
    Scalar::I32,
    Scalar::U32,
    Scalar::I64,
    Scalar::U64,
];
/// One-byte types.
const BYTE: [Scalar; 3] = [Scalar::I8, Scalar::U8, Scalar::Bool];

impl Gen<'_> {
    /// A struct at nesting level `depth`: a few patterns, each a hard case.
    pub(super) fn structure(&mut self, depth: u32, budget: u64) -> usize {
        if self.chance(if depth == 0 { 0.08 } else { 0.2 }) {
            return self.narrow(budget);
        }
        let mut b = Build::new(Kind::Struct, budget);
        let patterns = if depth == 0 {
            2 + self.below(5)
        } else {
            1 + self.below(3)
        };
        for _ in 0..patterns {
            if b.room() < 16 {
                break;
            }
            let nest = depth < self.opts.max_depth;
            match self.weighted(&[
                18,
                20,
                13,
                11,
                9,
                9,
                if nest { 13 + 4 * depth } else { 0 },
                8,
            ]) {
                0 => {
                    let ty = self.ty(depth, b.room());
                    self.field(&mut b, ty);
                }
                1 => self.bit_run(&mut b),
                2 => self.sharing(&mut b),
                3 => self.zero_width(&mut b),
                4 => self.lone_unnamed(&mut b),
                5 => self.bools(&mut b),
                6 => {
                    let ty = self.nested(depth, b.room());
                    self.field(&mut b, ty);
                }
                _ => {
                    let ty = if self.chance(0.6) {
                        self.vector(b.room())
                    } else {
                        Ty::Pointer
                    };
                    self.field(&mut b, ty);
                }
            }
        }
        if !b.has_named() {
            let ty = Ty::Scalar(self.pick(&Scalar::ALL));
            self.field(&mut b, ty);
        }
        self.finish(b, Kind::Struct, None)
    }

    /// A union at nesting level `depth`: bit-fields, unnamed bit-fields and at least one
    /// ordinary member (possibly a struct), through which its values are initialised.
    pub(super) fn union(&mut self, depth: u32, budget: u64) -> usize {
        let mut b = Build::new(Kind::Union, budget);
        let n = 1 + self.below(if depth == 0 { 5 } else { 4 });
        let ordinary_at = self.below(n);
        let mut ordinary = Vec::new();
        for i in 0..n {
            if i == ordinary_at || self.chance(0.25) {
                ordinary.push(b.members.len());
                let nest = depth < self.opts.max_depth && budget >= 8;
                let ty = if nest && self.chance(0.2) {
                    Ty::Named(self.structure(depth + 1, budget / 2))
                } else {
                    self.ty(depth, budget)
                };
                self.field(&mut b, ty);
            } else {
                self.union_bit_field(&mut b);
            }
        }
        let init = self.pick(&ordinary);
        self.finish(b, Kind::Union, Some(init))
    }

    /// A named (integer or `bool`) or unnamed non-zero bit-field of a union.
    fn union_bit_field(&mut self, b: &mut Build) {
        match self.weighted(&[65, 15, 20]) {
            0 => {
                let ty = self.pick(&BIT_TYPES[..8]);
                let w = self.random_width(ty);
                self.bits(b, ty, w);
            }
            1 => self.bits(b, Scalar::Bool, 1),
            _ => {
                // Legal in a union: extends the size, not the alignment.
                let ty = self.pick(&Scalar::INTEGERS);
                let w = 1 + self.below(ty.bits());
                self.unnamed(b, ty, w);
            }
        }
    }

    /// A width for a bit-field of `ty` placed next in `b`: often exactly the bits left in the
    /// current storage unit, often 1–3 bits more (so it moves to the next unit).
    fn steer_width(&mut self, b: &Build, ty: Scalar) -> u32 {
        let max = ty.max_width();
        let unit = u64::from(ty.bits());
        let left = (unit - b.cursor.end_bits() % unit) as u32;
        match self.weighted(&[30, 25, 45]) {
            0 if left < max => left,
            1 if left < max => (left + 1 + self.below(3)).min(max),
            _ => self.random_width(ty),
        }
    }

    fn random_width(&mut self, ty: Scalar) -> u32 {
        let max = ty.max_width();
        match self.weighted(&[45, 45, 10]) {
            0 => 1 + self.below(max.min(8)),
            1 => 1 + self.below(max),
            _ => max,
        }
    }

    /// A named bit-field of `ty` with a steered width.
    fn steered_bits(&mut self, b: &mut Build, ty: Scalar) {
        let w = self.steer_width(b, ty);
        self.bits(b, ty, w);
    }

    /// 2–5 adjacent bit-fields, the type changing between neighbours half the time, some
    /// unnamed.
    fn bit_run(&mut self, b: &mut Build) {
        let mut ty = self.pick(&BIT_TYPES);
        for i in 0..2 + self.below(4) {
            if i > 0 && self.chance(0.5) {
                let next = self.pick(&BIT_TYPES);
                ty = if next == ty {
                    self.pick(&Scalar::INTEGERS)
                } else {
                    next
                };
            }
            if ty != Scalar::Bool && self.chance(0.12) {
                let w = self.steer_width(b, ty);
                self.unnamed(b, ty, w);
            } else {
                self.steered_bits(b, ty);
            }
        }
    }

    /// A small ordinary member, then a bit-field of a wider type that may share its unit
    /// (`signed char c; unsigned int x : 20;`).
    fn sharing(&mut self, b: &mut Build) {
        let small = match self.below(6) {
            0 => Ty::Vector {
                elem: self.pick(&[Scalar::I8, Scalar::U8]),
                lanes: 1 + self.below(3) as u8,
            },
            1 => Ty::Array {
                elem: Box::new(Ty::Scalar(Scalar::I8)),
                len: 1 + self.below(3),
            },
            _ => Ty::Scalar(self.pick(&SMALL)),
        };
        let size = self.layout(&small).size;
        self.field(b, small);
        let wide: Vec<Scalar> = WIDE
            .iter()
            .copied()
            .filter(|s| u64::from(s.size()) > size)
            .collect();
        let ty = if wide.is_empty() {
            Scalar::U64
        } else {
            self.pick(&wide)
        };
        self.steered_bits(b, ty);
        if self.chance(0.4) {
            let ty = Ty::Scalar(self.pick(&SMALL));
            self.field(b, ty);
        }
    }

    /// `signed char c; long long : 0; signed char d;` — usually wider than the struct.
    fn zero_width(&mut self, b: &mut Build) {
        if self.chance(0.8) {
            let ty = Ty::Scalar(self.pick(&SMALL));
            self.field(b, ty);
        } else {
            let ty = self.pick(&BIT_TYPES);
            self.steered_bits(b, ty);
        }
        let zt = if self.chance(0.75) {
            self.pick(&WIDE)
        } else {
            self.pick(&Scalar::INTEGERS)
        };
        self.unnamed(b, zt, 0);
        if self.chance(0.33) {
            let ty = self.pick(&BIT_TYPES);
            self.steered_bits(b, ty);
        } else {
            let ty = Ty::Scalar(self.pick(&SMALL));
            self.field(b, ty);
        }
    }

    /// An unnamed bit-field (no effect on alignment), then maybe a small named member.
    fn lone_unnamed(&mut self, b: &mut Build) {
        let ty = self.pick(&Scalar::INTEGERS);
        let w = self.steer_width(b, ty);
        self.unnamed(b, ty, w);
        if self.chance(0.6) {
            let ty = self.pick(&SMALL);
            if self.chance(0.5) {
                self.steered_bits(b, ty);
            } else {
                self.field(b, Ty::Scalar(ty));
            }
        }
    }

    /// `bool` bit-fields, sometimes around a `signed char`.
    fn bools(&mut self, b: &mut Build) {
        for _ in 0..1 + self.below(4) {
            if self.chance(0.25) {
                self.field(b, Ty::Scalar(Scalar::I8));
            }
            self.bits(b, Scalar::Bool, 1);
        }
    }

    /// A struct of 1-byte members between zero-length and unnamed bit-fields of wider types,
    /// which do not raise its alignment (guide Fig. 6: `char c; int :0; char d; short :9;`).
    fn narrow(&mut self, budget: u64) -> usize {
        let mut b = Build::new(Kind::Struct, budget);
        for _ in 0..1 + self.below(3) {
            let byte = self.pick(&BYTE);
            match self.below(4) {
                0 => self.steered_bits(&mut b, byte),
                1 => {
                    let len = 1 + self.below(3);
                    self.field(
                        &mut b,
                        Ty::Array {
                            elem: Box::new(Ty::Scalar(byte)),
                            len,
                        },
                    );
                }
                _ => self.field(&mut b, Ty::Scalar(byte)),
            }
            let ty = self.pick(&WIDE);
            let w = if self.chance(0.7) {
                0
            } else {
                self.steer_width(&b, ty)
            };
            self.unnamed(&mut b, ty, w);
        }
        if self.chance(0.7) {
            let ty = Ty::Scalar(self.pick(&BYTE));
            self.field(&mut b, ty);
        }
        self.finish(b, Kind::Struct, None)
    }
}
