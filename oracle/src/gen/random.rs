//! Random case generation: [`generate`] and [`generate_with`].
//!
//! Deterministic: a case depends only on `(seed, id, options)` — the RNG is a [`ChaCha8Rng`]
//! seeded from `seed` on stream `id`. The member patterns that make the hard cases frequent
//! are in `shapes.rs`; this file holds the driver, the choice of member types and
//! `__align__`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::compact::drop_unused;
use super::model::{member_name, Aggregate, Case, EnumDef, Kind, Member, Scalar, Ty};
use super::sketch::{aggregate_layout, ty_layout, AggLayout, Cursor, TyLayout};
use super::value::random_aggregate_value;

/// Knobs of the generator. [`Options::default`] is what [`generate`] uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Also generate field-less enums ([`Ty::Enum`]). Off by default: ptx-abi's derive syntax
    /// for them is not settled.
    pub enums: bool,
    /// Rough upper bound of the top type's size in bytes (kept well below the 4 KiB kernel
    /// parameter limit). Default 1024.
    pub max_size: u64,
    /// Deepest nesting of aggregates below the top type (the top type is level 0). Default 3.
    pub max_depth: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            enums: false,
            max_size: 1024,
            max_depth: 3,
        }
    }
}

/// Generates case `id` of `seed` with [`Options::default`].
pub fn generate(seed: u64, id: u32) -> Case {
    generate_with(seed, id, &Options::default())
}

/// Generates case `id` of `seed`. Same arguments, same case.
pub fn generate_with(seed: u64, id: u32, opts: &Options) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::from(id));
    let mut g = Gen {
        rng,
        opts,
        prefix: format!("T{seed:x}_{id}_"),
        aggs: Vec::new(),
        layouts: Vec::new(),
        enums: Vec::new(),
    };
    let budget = opts.max_size.max(16);
    if g.chance(0.2) {
        g.union(0, budget);
    } else {
        g.structure(0, budget);
    }
    let names = (g.prefix.as_str(), &*format!("E{seed:x}_{id}_"));
    let (aggregates, enums) = drop_unused(g.aggs, g.enums, names);
    let value = random_aggregate_value(&mut g.rng, &aggregates, &enums, aggregates.len() - 1);
    Case {
        seed,
        id,
        aggregates,
        enums,
        value,
    }
}

/// The generator's state: the definitions made so far (dependencies first) and their
/// sketched layouts.
pub(super) struct Gen<'o> {
    rng: ChaCha8Rng,
    pub(super) opts: &'o Options,
    prefix: String,
    aggs: Vec<Aggregate>,
    layouts: Vec<AggLayout>,
    enums: Vec<EnumDef>,
}

/// An aggregate under construction: its members and where the sketch puts the next one.
pub(super) struct Build {
    pub(super) members: Vec<Member>,
    pub(super) cursor: Cursor,
    pub(super) budget: u64,
}

impl Build {
    pub(super) fn new(kind: Kind, budget: u64) -> Self {
        Build {
            members: Vec::new(),
            cursor: Cursor::new(kind),
            budget,
        }
    }
    /// Bytes still available.
    pub(super) fn room(&self) -> u64 {
        self.budget.saturating_sub(self.cursor.used_bytes())
    }
    pub(super) fn has_named(&self) -> bool {
        self.members.iter().any(|m| m.name().is_some())
    }
}

impl Gen<'_> {
    pub(super) fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }
    /// `0..n`.
    pub(super) fn below(&mut self, n: u32) -> u32 {
        self.rng.random_range(0..n)
    }
    pub(super) fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.rng.random_range(0..xs.len() as u32) as usize]
    }
    /// An index chosen with the given weights (at least one non-zero).
    pub(super) fn weighted(&mut self, weights: &[u32]) -> usize {
        let mut r = self.below(weights.iter().sum());
        for (i, w) in weights.iter().enumerate() {
            if r < *w {
                return i;
            }
            r -= w;
        }
        unreachable!("r < sum of weights")
    }

    pub(super) fn layout(&self, ty: &Ty) -> TyLayout {
        ty_layout(ty, &self.layouts, &self.enums)
    }

    fn push(&mut self, b: &mut Build, m: Member) {
        let field = match &m {
            Member::Field { ty, .. } => Some(self.layout(ty)),
            _ => None,
        };
        b.cursor.place(&m, field);
        b.members.push(m);
    }
    pub(super) fn field(&mut self, b: &mut Build, ty: Ty) {
        let name = member_name(b.members.len());
        self.push(b, Member::Field { name, ty });
    }
    pub(super) fn bits(&mut self, b: &mut Build, ty: Scalar, width: u32) {
        let name = member_name(b.members.len());
        self.push(b, Member::BitField { name, ty, width });
    }
    pub(super) fn unnamed(&mut self, b: &mut Build, ty: Scalar, width: u32) {
        self.push(b, Member::Unnamed { ty, width });
    }

    // ---- member types ----------------------------------------------------------------------

    pub(super) fn vector(&mut self, room: u64) -> Ty {
        for _ in 0..8 {
            let elem = self.pick(&Scalar::ALL[1..]);
            let lanes = 1 + self.below(u32::from(elem.max_lanes())) as u8;
            let ty = Ty::Vector { elem, lanes };
            if self.layout(&ty).size <= room {
                return ty;
            }
        }
        Ty::Vector {
            elem: Scalar::I8,
            lanes: 1 + self.below(room.clamp(1, 3) as u32) as u8,
        }
    }

    /// A random type of an ordinary member at nesting level `depth` that fits in `room`
    /// bytes.
    pub(super) fn ty(&mut self, depth: u32, room: u64) -> Ty {
        let nest = depth < self.opts.max_depth && room >= 8;
        let weights = [
            40,
            if room >= 8 { 8 } else { 0 },
            15,
            if room >= 2 { 15 } else { 0 },
            if nest { 14 - 3 * depth } else { 0 },
            if self.opts.enums { 5 } else { 0 },
        ];
        let ty = match self.weighted(&weights) {
            0 => Ty::Scalar(self.pick(&Scalar::ALL)),
            1 => Ty::Pointer,
            2 => self.vector(room),
            3 => self.array(depth, room),
            4 => self.nested(depth, room),
            _ => Ty::Enum(self.enumeration()),
        };
        // Budgets are soft: a nested aggregate may come out bigger than its room. What it
        // leaves unused is dropped at the end.
        if self.layout(&ty).size <= room {
            ty
        } else {
            Ty::Scalar(self.pick(&[Scalar::I8, Scalar::U8, Scalar::Bool]))
        }
    }

    /// An array (1–3 dimensions) whose element is a scalar, pointer, vector or aggregate.
    fn array(&mut self, depth: u32, room: u64) -> Ty {
        let dims = [1, 1, 1, 1, 1, 1, 2, 2, 2, 3][self.below(10) as usize];
        let nest = depth < self.opts.max_depth;
        let mut elem = match self.weighted(&[50, 10, 15, if nest { 25 } else { 0 }]) {
            0 => Ty::Scalar(self.pick(&Scalar::ALL)),
            1 => Ty::Pointer,
            2 => self.vector(room / 2),
            _ => Ty::Named(self.aggregate(depth + 1, (room / 2).max(8))),
        };
        for _ in 0..dims {
            let size = self.layout(&elem).size.max(1);
            let len = 1 + self.below((room / size).clamp(1, 4) as u32);
            elem = Ty::Array {
                elem: Box::new(elem),
                len,
            };
        }
        elem
    }

    /// A nested aggregate (sometimes over-aligned, sometimes a union) or an array of one.
    pub(super) fn nested(&mut self, depth: u32, room: u64) -> Ty {
        let budget = if room > 64 { room / 2 } else { room };
        let k = self.aggregate(depth + 1, budget);
        let size = self.layout(&Ty::Named(k)).size.max(1);
        if !self.chance(0.35) || size * 2 > room {
            return Ty::Named(k);
        }
        let len = 1 + self.below((room / size).clamp(1, 4) as u32);
        let ty = Ty::Array {
            elem: Box::new(Ty::Named(k)),
            len,
        };
        if self.chance(0.2) && size * u64::from(len) * 2 <= room {
            Ty::Array {
                elem: Box::new(ty),
                len: 2,
            }
        } else {
            ty
        }
    }

    fn aggregate(&mut self, depth: u32, budget: u64) -> usize {
        if self.chance(0.4) {
            self.union(depth, budget)
        } else {
            self.structure(depth, budget)
        }
    }

    fn enumeration(&mut self) -> usize {
        let repr = self.pick(&Scalar::INTEGERS);
        let (lo, hi) = repr.int_range(repr.bits());
        let n = 1 + self.below(4) as usize;
        let mut variants: Vec<(String, i128)> = Vec::new();
        while variants.len() < n {
            let d = match self.below(4) {
                0 => lo,
                1 => hi,
                2 => self.rng.random_range(lo.max(-8)..=hi.min(8)),
                _ => self.rng.random_range(lo..=hi),
            };
            if variants.iter().all(|(_, e)| *e != d) {
                variants.push((format!("V{}", variants.len()), d));
            }
        }
        // Named for real by `drop_unused`.
        self.enums.push(EnumDef {
            name: String::new(),
            repr,
            variants,
        });
        self.enums.len() - 1
    }

    // ---- finishing an aggregate ------------------------------------------------------------

    /// Chooses `__align__` (sometimes) and records the aggregate; returns its index.
    pub(super) fn finish(&mut self, b: Build, kind: Kind, init_member: Option<usize>) -> usize {
        let align = if self.chance(0.22) {
            self.over_align(&b)
        } else {
            None
        };
        let k = self.aggs.len();
        let name = format!("{}{k}", self.prefix);
        let agg = Aggregate {
            name,
            kind,
            align,
            members: b.members,
            init_member,
        };
        self.layouts
            .push(aggregate_layout(&agg, &self.layouts, &self.enums));
        self.aggs.push(agg);
        k
    }

    /// A power of two from the natural alignment up to 128 (never below: NVRTC's front and
    /// back ends disagree there, see `docs/nvidia-notes.md`), usually at least 16, that keeps the size
    /// within budget.
    fn over_align(&mut self, b: &Build) -> Option<u32> {
        let natural = b.cursor.natural_align();
        let used = b.cursor.used_bytes();
        let limit = b.budget.max(16);
        let all: Vec<u32> = (0..8)
            .map(|k| 1u32 << k)
            .filter(|&p| u64::from(p) >= natural && used.div_ceil(p.into()) * u64::from(p) <= limit)
            .collect();
        let big: Vec<u32> = all.iter().copied().filter(|&p| p >= 16).collect();
        if !big.is_empty() && self.chance(0.6) {
            Some(self.pick(&big))
        } else if !all.is_empty() {
            Some(self.pick(&all))
        } else {
            None
        }
    }
}
