//! Chapter 4: the atomics ABI — the PTX instruction sequences that implement C++ atomic
//! operations (fences, loads, stores, read-modify-writes) for each memory order and scope, as
//! release 13.2 of the guide maps them, with the recommended sequence and every allowed
//! alternative.
//!
//! The table ([`TABLE`], [`mapping`]) holds sequences of [`Step`]s written for any scope, as
//! the guide writes them (`fence.sc.<scope>; ld.acquire.<scope>;`). [`render`] instantiates one
//! for a [`Scope`] with concrete [`Operands`]; [`is_valid_mapping`] answers whether a concrete
//! sequence implements an operation, including the guide's rule that any memory-order
//! parameter may be strengthened.
//!
//! ```
//! use ptx_abi_core::abi::atomics::{mapping, render, MemoryOrder, Operands, Operation, Scope};
//!
//! let m = mapping(Operation::Load, MemoryOrder::SeqCst).unwrap();
//! let text = render(m.recommended, Scope::Gpu, &Operands::PLACEHOLDER).to_string();
//! assert_eq!(text, "fence.sc.gpu; ld.acquire.gpu.b32 %r1, [%rd1];");
//! assert_eq!(m.alternatives.len(), 1);
//! ```
//!
//! Two facts of C++ rather than of the guide: a relaxed fence has no row (it does nothing), and
//! neither do loads with release or acq_rel order nor stores with acquire or acq_rel order (C++
//! does not allow them); [`mapping`] returns `None` for these.

use core::fmt;

/// Chapter 4: the kind of C++ atomic operation (the guide's "C or C++ or CUDA C++ API"
/// column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `atomic_thread_fence(order, scope)`.
    Fence,
    /// `atomic_load(order, scope)`.
    Load,
    /// `atomic_store(order, scope)`.
    Store,
    /// `atomic_<rmw op>(order, scope)`: exchange, compare-exchange, fetch-add, ….
    Rmw,
}

impl Operation {
    /// The four operations.
    pub const ALL: [Operation; 4] = [
        Operation::Fence,
        Operation::Load,
        Operation::Store,
        Operation::Rmw,
    ];
}

/// Chapter 4: a C++ memory order (`memory_order_*`; `consume` is treated as `acquire` by every
/// compiler), one table of the guide each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryOrder {
    /// `memory_order_relaxed`.
    Relaxed,
    /// `memory_order_acquire`.
    Acquire,
    /// `memory_order_release`.
    Release,
    /// `memory_order_acq_rel`.
    AcqRel,
    /// `memory_order_seq_cst`.
    SeqCst,
}

impl MemoryOrder {
    /// The five orders, weakest first.
    pub const ALL: [MemoryOrder; 5] = [
        MemoryOrder::Relaxed,
        MemoryOrder::Acquire,
        MemoryOrder::Release,
        MemoryOrder::AcqRel,
        MemoryOrder::SeqCst,
    ];

    /// The C++ name: `memory_order_relaxed`, ….
    pub const fn name(self) -> &'static str {
        match self {
            MemoryOrder::Relaxed => "memory_order_relaxed",
            MemoryOrder::Acquire => "memory_order_acquire",
            MemoryOrder::Release => "memory_order_release",
            MemoryOrder::AcqRel => "memory_order_acq_rel",
            MemoryOrder::SeqCst => "memory_order_seq_cst",
        }
    }

    /// Whether `self` gives at least the guarantees of `other` (relaxed ≤ acquire, release ≤
    /// acq_rel ≤ seq_cst; acquire and release are incomparable).
    pub const fn is_at_least(self, other: MemoryOrder) -> bool {
        use MemoryOrder::*;
        matches!(
            (self, other),
            (_, Relaxed)
                | (Acquire, Acquire)
                | (Release, Release)
                | (AcqRel, Acquire | Release | AcqRel)
                | (SeqCst, _)
        )
    }
}

/// Chapter 4: a PTX memory-consistency scope (`thread_scope_<scope>` and `.<scope>` in the
/// guide).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// `.cta`: the thread block (CUDA's `thread_scope_block`).
    Cta,
    /// `.cluster`: the thread-block cluster (`thread_scope_cluster`, sm_90 and later).
    Cluster,
    /// `.gpu`: the device (`thread_scope_device`).
    Gpu,
    /// `.sys`: the whole system (`thread_scope_system`).
    Sys,
}

impl Scope {
    /// The four scopes, narrowest first.
    pub const ALL: [Scope; 4] = [Scope::Cta, Scope::Cluster, Scope::Gpu, Scope::Sys];

    /// The PTX qualifier without its dot: `cta`, `cluster`, `gpu`, `sys`.
    pub const fn ptx(self) -> &'static str {
        match self {
            Scope::Cta => "cta",
            Scope::Cluster => "cluster",
            Scope::Gpu => "gpu",
            Scope::Sys => "sys",
        }
    }

    /// The CUDA C++ name: `thread_scope_block`, `thread_scope_cluster`,
    /// `thread_scope_device`, `thread_scope_system`.
    pub const fn cuda_name(self) -> &'static str {
        match self {
            Scope::Cta => "thread_scope_block",
            Scope::Cluster => "thread_scope_cluster",
            Scope::Gpu => "thread_scope_device",
            Scope::Sys => "thread_scope_system",
        }
    }

    const fn from_ptx(s: &str) -> Option<Scope> {
        match s.as_bytes() {
            b"cta" => Some(Scope::Cta),
            b"cluster" => Some(Scope::Cluster),
            b"gpu" => Some(Scope::Gpu),
            b"sys" => Some(Scope::Sys),
            _ => None,
        }
    }
}

/// Chapter 4: the PTX instructions of the mappings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    /// `fence.<sem>.<scope>`.
    Fence,
    /// `ld.<sem>.<scope>`.
    Ld,
    /// `st.<sem>.<scope>`.
    St,
    /// `atom.<sem>.<scope>.<rmw op>`.
    Atom,
}

impl Opcode {
    /// The mnemonic: `fence`, `ld`, `st`, `atom`.
    pub const fn ptx(self) -> &'static str {
        match self {
            Opcode::Fence => "fence",
            Opcode::Ld => "ld",
            Opcode::St => "st",
            Opcode::Atom => "atom",
        }
    }
}

/// Chapter 4: a PTX memory-ordering qualifier (`.sem`) of the mappings' instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sem {
    /// `.relaxed` (`ld`, `st`, `atom`).
    Relaxed,
    /// `.acquire` (`ld`, `atom`, `fence`).
    Acquire,
    /// `.release` (`st`, `atom`, `fence`).
    Release,
    /// `.acq_rel` (`atom`, `fence`).
    AcqRel,
    /// `.sc` (`fence` only).
    Sc,
}

impl Sem {
    /// The qualifier without its dot: `relaxed`, `acquire`, `release`, `acq_rel`, `sc`.
    pub const fn ptx(self) -> &'static str {
        match self {
            Sem::Relaxed => "relaxed",
            Sem::Acquire => "acquire",
            Sem::Release => "release",
            Sem::AcqRel => "acq_rel",
            Sem::Sc => "sc",
        }
    }

    const fn from_ptx(s: &str) -> Option<Sem> {
        match s.as_bytes() {
            b"relaxed" => Some(Sem::Relaxed),
            b"acquire" => Some(Sem::Acquire),
            b"release" => Some(Sem::Release),
            b"acq_rel" => Some(Sem::AcqRel),
            b"sc" => Some(Sem::Sc),
            _ => None,
        }
    }

    /// Chapter 4's note: "the memory order parameter is monotonic, and so it is valid to
    /// strengthen any such parameter". Whether `self` is `other` or a strengthening of it:
    /// relaxed ≤ acquire, release ≤ acq_rel ≤ sc.
    pub const fn is_at_least(self, other: Sem) -> bool {
        use Sem::*;
        matches!(
            (self, other),
            (_, Relaxed)
                | (Acquire, Acquire)
                | (Release, Release)
                | (AcqRel | Sc, Acquire | Release | AcqRel)
                | (Sc, Sc)
        )
    }

    /// Whether PTX has `opcode` with this qualifier (`ld` takes relaxed/acquire, `st`
    /// relaxed/release, `atom` all but sc, `fence` all but relaxed).
    pub const fn allowed_on(self, opcode: Opcode) -> bool {
        match opcode {
            Opcode::Fence => !matches!(self, Sem::Relaxed),
            Opcode::Ld => matches!(self, Sem::Relaxed | Sem::Acquire),
            Opcode::St => matches!(self, Sem::Relaxed | Sem::Release),
            Opcode::Atom => !matches!(self, Sem::Sc),
        }
    }
}

/// Chapter 4: one instruction of a mapping, for any scope, as the guide writes it:
/// `ld.acquire.<scope>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The instruction.
    pub opcode: Opcode,
    /// Its memory-ordering qualifier.
    pub sem: Sem,
}

impl Step {
    /// `fence.<sem>.<scope>`.
    pub const fn fence(sem: Sem) -> Step {
        Step {
            opcode: Opcode::Fence,
            sem,
        }
    }

    /// `ld.<sem>.<scope>`.
    pub const fn ld(sem: Sem) -> Step {
        Step {
            opcode: Opcode::Ld,
            sem,
        }
    }

    /// `st.<sem>.<scope>`.
    pub const fn st(sem: Sem) -> Step {
        Step {
            opcode: Opcode::St,
            sem,
        }
    }

    /// `atom.<sem>.<scope>.<rmw op>`.
    pub const fn atom(sem: Sem) -> Step {
        Step {
            opcode: Opcode::Atom,
            sem,
        }
    }

    /// The instruction at `scope`.
    pub const fn at(self, scope: Scope) -> Instr {
        Instr {
            opcode: self.opcode,
            sem: self.sem,
            scope,
        }
    }
}

impl fmt::Display for Step {
    /// The guide's notation: `fence.sc.<scope>;`, `atom.acquire.<scope>.<rmw op>;`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.<scope>", self.opcode.ptx(), self.sem.ptx())?;
        if self.opcode == Opcode::Atom {
            f.write_str(".<rmw op>")?;
        }
        f.write_str(";")
    }
}

/// Chapter 4: a concrete instruction of a sequence: opcode, memory-ordering qualifier and scope (operands,
/// types and state spaces do not matter to the ABI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Instr {
    /// The instruction.
    pub opcode: Opcode,
    /// Its memory-ordering qualifier.
    pub sem: Sem,
    /// Its scope.
    pub scope: Scope,
}

/// Why a PTX instruction could not be read as one of chapter 4's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseError {
    /// No instruction.
    Empty,
    /// Not `fence`, `membar`, `ld`, `st` or `atom`.
    UnknownOpcode,
    /// An `ld` or `st` without `.relaxed` or `.acquire`/`.release`: not an atomic access.
    NotAtomic,
    /// A `fence` or `membar` variant other than a memory-ordering fence (`fence.proxy.*`,
    /// `membar.proxy`, …).
    UnsupportedFence,
    /// `.relaxed`/`.acquire`/`.release`/`.acq_rel`/`.sc` not allowed on this instruction.
    SemNotAllowed,
    /// A scope is required here but none was given.
    MissingScope,
    /// Two memory-ordering qualifiers or two scopes.
    Duplicate,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::Empty => "no instruction",
            ParseError::UnknownOpcode => "not fence, membar, ld, st or atom",
            ParseError::NotAtomic => {
                "an ld or st without .relaxed, .acquire or .release is not atomic"
            }
            ParseError::UnsupportedFence => "not a memory-ordering fence",
            ParseError::SemNotAllowed => {
                "memory-ordering qualifier not allowed on this instruction"
            }
            ParseError::MissingScope => "the scope is missing",
            ParseError::Duplicate => "two memory-ordering qualifiers or two scopes",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

impl Instr {
    /// Reads one PTX instruction (operands, a trailing `;` and a leading `@%p` guard are
    /// allowed): `fence.sc.gpu`, `ld.acquire.cta.global.b32 %r1, [%rd1];`,
    /// `atom.add.acq_rel.gpu.s32 %r1, [%rd1], %r2;` (qualifiers in any order, as NVRTC writes
    /// them). Defaults are PTX's: `fence` without `.sem` is `.acq_rel`; `atom` without `.sem`
    /// is `.relaxed` and without a scope `.gpu`. `membar.cta`/`membar.gl`/`membar.sys` are
    /// `fence.sc.cta`/`.gpu`/`.sys`, as the PTX ISA defines them for sm_70 and later.
    pub fn parse(text: &str) -> Result<Instr, ParseError> {
        let mut words = text.trim().trim_end_matches(';').split_whitespace();
        let mut head = words.next().ok_or(ParseError::Empty)?;
        if head.starts_with('@') {
            head = words.next().ok_or(ParseError::Empty)?;
        }
        let mut parts = head.split('.');
        let mnemonic = parts.next().unwrap_or("");
        if mnemonic == "membar" {
            let scope = match (parts.next(), parts.next()) {
                (Some("cta"), None) => Scope::Cta,
                (Some("gl"), None) => Scope::Gpu,
                (Some("sys"), None) => Scope::Sys,
                _ => return Err(ParseError::UnsupportedFence),
            };
            return Ok(Instr {
                opcode: Opcode::Fence,
                sem: Sem::Sc,
                scope,
            });
        }
        let opcode = match mnemonic {
            "fence" => Opcode::Fence,
            "ld" => Opcode::Ld,
            "st" => Opcode::St,
            "atom" => Opcode::Atom,
            _ => return Err(ParseError::UnknownOpcode),
        };
        let (mut sem, mut scope) = (None, None);
        for part in parts {
            if let Some(s) = Sem::from_ptx(part) {
                if sem.replace(s).is_some() {
                    return Err(ParseError::Duplicate);
                }
            } else if let Some(s) = Scope::from_ptx(part) {
                if scope.replace(s).is_some() {
                    return Err(ParseError::Duplicate);
                }
            } else if opcode == Opcode::Fence {
                // fence.proxy.*, fence.op_restrict.*, fence.*.sync_restrict::*, …
                return Err(ParseError::UnsupportedFence);
            }
        }
        let sem = match (opcode, sem) {
            (_, Some(s)) => s,
            (Opcode::Fence, None) => Sem::AcqRel,
            (Opcode::Atom, None) => Sem::Relaxed,
            (Opcode::Ld | Opcode::St, None) => return Err(ParseError::NotAtomic),
        };
        if !sem.allowed_on(opcode) {
            return Err(ParseError::SemNotAllowed);
        }
        let scope = match (opcode, scope) {
            (_, Some(s)) => s,
            (Opcode::Atom, None) => Scope::Gpu,
            _ => return Err(ParseError::MissingScope),
        };
        Ok(Instr { opcode, sem, scope })
    }
}

impl fmt::Display for Instr {
    /// The instruction without operands: `ld.acquire.gpu`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}.{}.{}",
            self.opcode.ptx(),
            self.sem.ptx(),
            self.scope.ptx()
        )
    }
}

/// One row of chapter 4's tables: the sequences that implement `op` with `order` at any scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    /// The operation.
    pub op: Operation,
    /// Its memory order.
    pub order: MemoryOrder,
    /// The recommended sequence (the only one where the guide gives one).
    pub recommended: &'static [Step],
    /// The other allowed sequences, in the guide's order.
    pub alternatives: &'static [&'static [Step]],
}

impl Mapping {
    /// The recommended sequence, then the alternatives.
    pub fn sequences(&self) -> impl Iterator<Item = &'static [Step]> + Clone {
        core::iter::once(self.recommended).chain(self.alternatives.iter().copied())
    }
}

const fn row(
    op: Operation,
    order: MemoryOrder,
    recommended: &'static [Step],
    alternatives: &'static [&'static [Step]],
) -> Mapping {
    Mapping {
        op,
        order,
        recommended,
        alternatives,
    }
}

/// Chapter 4 (release 13.2), every row of its five tables in the guide's order: sequentially
/// consistent, release, acquire, acquire-release and relaxed operations.
pub const TABLE: [Mapping; 15] = {
    use MemoryOrder as O;
    use Operation as Op;
    use Sem::{AcqRel as AR, Acquire as ACQ, Relaxed as RLX, Release as REL, Sc as SC};
    use Step as S;
    [
        // seq_cst
        row(Op::Fence, O::SeqCst, &[S::fence(SC)], &[]),
        row(
            Op::Load,
            O::SeqCst,
            &[S::fence(SC), S::ld(ACQ)],
            &[&[S::fence(SC), S::ld(RLX), S::fence(ACQ)]],
        ),
        row(Op::Store, O::SeqCst, &[S::fence(SC), S::st(RLX)], &[]),
        row(
            Op::Rmw,
            O::SeqCst,
            &[S::fence(SC), S::atom(ACQ)],
            &[&[S::fence(SC), S::atom(RLX), S::fence(ACQ)]],
        ),
        // release
        row(Op::Fence, O::Release, &[S::fence(REL)], &[]),
        row(
            Op::Store,
            O::Release,
            &[S::st(REL)],
            &[&[S::fence(REL), S::st(RLX)]],
        ),
        row(
            Op::Rmw,
            O::Release,
            &[S::atom(REL)],
            &[&[S::fence(REL), S::atom(RLX)]],
        ),
        // acquire
        row(Op::Fence, O::Acquire, &[S::fence(ACQ)], &[]),
        row(
            Op::Load,
            O::Acquire,
            &[S::ld(ACQ)],
            &[&[S::ld(RLX), S::fence(ACQ)]],
        ),
        row(
            Op::Rmw,
            O::Acquire,
            &[S::atom(ACQ)],
            &[&[S::atom(RLX), S::fence(ACQ)]],
        ),
        // acq_rel
        row(Op::Fence, O::AcqRel, &[S::fence(AR)], &[]),
        row(
            Op::Rmw,
            O::AcqRel,
            &[S::atom(AR)],
            &[
                &[S::fence(REL), S::atom(ACQ)],
                &[S::fence(REL), S::atom(RLX), S::fence(ACQ)],
            ],
        ),
        // relaxed
        row(Op::Load, O::Relaxed, &[S::ld(RLX)], &[]),
        row(Op::Store, O::Relaxed, &[S::st(RLX)], &[]),
        row(Op::Rmw, O::Relaxed, &[S::atom(RLX)], &[]),
    ]
};

/// Chapter 4: the row for `op` with `order`, or `None` where the guide has none (relaxed
/// fences; loads that release; stores that acquire).
pub const fn mapping(op: Operation, order: MemoryOrder) -> Option<&'static Mapping> {
    let mut i = 0;
    while i < TABLE.len() {
        let m = &TABLE[i];
        if m.op as u8 == op as u8 && m.order as u8 == order as u8 {
            return Some(m);
        }
        i += 1;
    }
    None
}

/// Whether the concrete sequence `seq` is a valid PTX implementation of `op` with `order` at
/// `scope` under chapter 4: it is, instruction for instruction, one of the guide's sequences
/// for `order` or for a stronger C++ order, at `scope`, with each memory-ordering qualifier
/// equal to the guide's or stronger (the note: "it is valid to strengthen any such
/// parameter"), e.g. `fence.sc.gpu; ld.acquire.gpu` for a relaxed load or `fence.sc.gpu` for
/// an acquire fence. A relaxed fence, which has no row, is implemented by the fence of any
/// stronger order (emitting nothing is also correct C++, but outside the guide, so the empty
/// sequence is not accepted). Every instruction must be at `scope` exactly: the guide says
/// nothing about widening scopes. Sequences with extra instructions are not recognised.
pub fn is_valid_mapping(op: Operation, order: MemoryOrder, scope: Scope, seq: &[Instr]) -> bool {
    if seq
        .iter()
        .any(|i| i.scope != scope || !i.sem.allowed_on(i.opcode))
    {
        return false;
    }
    TABLE
        .iter()
        .filter(|m| m.op == op && m.order.is_at_least(order))
        .flat_map(Mapping::sequences)
        .any(|steps| {
            steps.len() == seq.len()
                && steps
                    .iter()
                    .zip(seq)
                    .all(|(s, i)| s.opcode == i.opcode && i.sem.is_at_least(s.sem))
        })
}

/// [`is_valid_mapping`] for PTX text: instructions separated by `;` (and whitespace), each read
/// by [`Instr::parse`]: `"fence.sc.gpu; ld.acquire.gpu.b32 %r1, [%rd1];"`.
pub fn is_valid_mapping_text(
    op: Operation,
    order: MemoryOrder,
    scope: Scope,
    text: &str,
) -> Result<bool, ParseError> {
    const MAX: usize = 3; // the longest sequence of the guide
    let mut buf = [Instr {
        opcode: Opcode::Fence,
        sem: Sem::Sc,
        scope,
    }; MAX];
    let mut n = 0;
    for piece in text.split(';').filter(|p| !p.trim().is_empty()) {
        let instr = Instr::parse(piece)?;
        if n < MAX {
            buf[n] = instr;
        }
        n += 1;
    }
    Ok(n <= MAX && is_valid_mapping(op, order, scope, &buf[..n]))
}

/// Chapter 4: the `<rmw op>` of an `atom` instruction (the PTX ISA's `atom` operations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RmwOp {
    /// `.exch`: exchange.
    Exch,
    /// `.cas`: compare and swap (two source operands).
    Cas,
    /// `.add`.
    Add,
    /// `.and`.
    And,
    /// `.or`.
    Or,
    /// `.xor`.
    Xor,
    /// `.min`.
    Min,
    /// `.max`.
    Max,
    /// `.inc` (wrapping increment, `.u32` only).
    Inc,
    /// `.dec` (wrapping decrement, `.u32` only).
    Dec,
}

impl RmwOp {
    /// Every `atom` operation.
    pub const ALL: [RmwOp; 10] = [
        RmwOp::Exch,
        RmwOp::Cas,
        RmwOp::Add,
        RmwOp::And,
        RmwOp::Or,
        RmwOp::Xor,
        RmwOp::Min,
        RmwOp::Max,
        RmwOp::Inc,
        RmwOp::Dec,
    ];

    /// The qualifier without its dot: `exch`, `cas`, `add`, ….
    pub const fn ptx(self) -> &'static str {
        match self {
            RmwOp::Exch => "exch",
            RmwOp::Cas => "cas",
            RmwOp::Add => "add",
            RmwOp::And => "and",
            RmwOp::Or => "or",
            RmwOp::Xor => "xor",
            RmwOp::Min => "min",
            RmwOp::Max => "max",
            RmwOp::Inc => "inc",
            RmwOp::Dec => "dec",
        }
    }

    /// A 32-bit type PTX accepts for the operation: `.b32` for the bitwise ones, exchange and
    /// compare-and-swap, `.u32` for the arithmetic ones.
    pub const fn type32(self) -> &'static str {
        match self {
            RmwOp::Exch | RmwOp::Cas | RmwOp::And | RmwOp::Or | RmwOp::Xor => ".b32",
            RmwOp::Add | RmwOp::Min | RmwOp::Max | RmwOp::Inc | RmwOp::Dec => ".u32",
        }
    }

    /// A 64-bit type PTX accepts for the operation (`.b64` or `.u64`), or `None` for `inc`
    /// and `dec`, which are 32-bit only.
    pub const fn type64(self) -> Option<&'static str> {
        match self {
            RmwOp::Exch | RmwOp::Cas | RmwOp::And | RmwOp::Or | RmwOp::Xor => Some(".b64"),
            RmwOp::Add | RmwOp::Min | RmwOp::Max => Some(".u64"),
            RmwOp::Inc | RmwOp::Dec => None,
        }
    }
}

/// Chapter 4: the operands [`render`] writes into `ld`, `st` and `atom` (fences have none).
///
/// ```text
/// ld.<sem>.<scope><space><ty>            dst, [addr];
/// st.<sem>.<scope><space><ty>            [addr], src;
/// atom.<sem>.<scope><space>.<rmw><ty>    dst, [addr], src;          (cas: …, src, src2;)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operands<'a> {
    /// The type qualifier with its dot, `.b32`; for `atom` it must suit `rmw`
    /// ([`RmwOp::type32`]).
    pub ty: &'a str,
    /// A state space with its dot (`.global`, `.shared::cta`), or `""` for a generic address
    /// (the guide's default, §2.3 note B).
    pub space: &'a str,
    /// The `atom` operation.
    pub rmw: RmwOp,
    /// The destination register (`ld`, `atom`).
    pub dst: &'a str,
    /// The address operand, written inside `[…]`: `%rd1`, `%rd1+8`.
    pub addr: &'a str,
    /// The value stored or combined (`st`, `atom`).
    pub src: &'a str,
    /// The new value of a compare-and-swap (`atom.cas`).
    pub src2: &'a str,
}

impl Operands<'static> {
    /// 32-bit placeholders: `.b32`, generic address `%rd1`, `%r1` ← `%r2` (`%r3` for cas), exch.
    pub const PLACEHOLDER: Operands<'static> = Operands {
        ty: ".b32",
        space: "",
        rmw: RmwOp::Exch,
        dst: "%r1",
        addr: "%rd1",
        src: "%r2",
        src2: "%r3",
    };

    /// [`Operands::PLACEHOLDER`] with the `atom` operation `rmw` and its [`RmwOp::type32`].
    pub const fn placeholder(rmw: RmwOp) -> Operands<'static> {
        Operands {
            ty: rmw.type32(),
            rmw,
            ..Operands::PLACEHOLDER
        }
    }
}

/// Chapter 4: a sequence instantiated at a scope with operands (see [`render`]).
#[derive(Clone, Copy, Debug)]
pub struct Rendered<'a> {
    steps: &'a [Step],
    scope: Scope,
    ops: &'a Operands<'a>,
}

/// Chapter 4: the PTX text of the sequence `steps` at `scope`: `fence.sc.gpu; ld.acquire.gpu.b32
/// %r1, [%rd1];`. With `{:#}` each instruction is on its own line, indented by a tab, ready to
/// paste into a function body.
pub fn render<'a>(steps: &'a [Step], scope: Scope, ops: &'a Operands<'a>) -> Rendered<'a> {
    Rendered { steps, scope, ops }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = self.ops;
        for (i, step) in self.steps.iter().enumerate() {
            if f.alternate() {
                f.write_str("\t")?;
            } else if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", step.at(self.scope))?;
            match step.opcode {
                Opcode::Fence => f.write_str(";")?,
                Opcode::Ld => write!(f, "{}{} {}, [{}];", o.space, o.ty, o.dst, o.addr)?,
                Opcode::St => write!(f, "{}{} [{}], {};", o.space, o.ty, o.addr, o.src)?,
                Opcode::Atom => {
                    write!(
                        f,
                        "{}.{}{} {}, [{}], {}",
                        o.space,
                        o.rmw.ptx(),
                        o.ty,
                        o.dst,
                        o.addr,
                        o.src
                    )?;
                    if o.rmw == RmwOp::Cas {
                        write!(f, ", {}", o.src2)?;
                    }
                    f.write_str(";")?;
                }
            }
            if f.alternate() {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

/// Chapter 4: a sequence in the guide's notation (see [`template`]).
#[derive(Clone, Copy, Debug)]
pub struct Template<'a>(&'a [Step]);

/// Chapter 4: the guide's text of a sequence: `fence.sc.<scope>; atom.relaxed.<scope>.<rmw op>;
/// fence.acquire.<scope>;`.
pub fn template(steps: &[Step]) -> Template<'_> {
    Template(steps)
}

impl fmt::Display for Template<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}
