//! Where the driver really puts a kernel's parameters: aligned from an architecture-dependent
//! origin, not from 0.
//!
//! §2.3 (and §1.2 for the alignment of each parameter) describe the parameter space as if it
//! started at offset 0. On the hardware the parameters live in constant bank 0 from a fixed
//! byte (`c[0x0][0x210]` on sm_90), and ptxas — whose `EIATTR_KPARAM_INFO` offsets the driver
//! follows for `extra` buffers (`cuFuncGetParamInfo` reports them) — aligns each parameter
//! from an origin that depends on the architecture: a parameter's buffer offset is
//! `align_up(origin + end_of_previous, align) - origin` ([`driver_param_offset`]).
//!
//! Read with `cuobjdump -elf` from cubins ptxas 12.9 assembled for every architecture it knows
//! (`tests/params_ptxas/launch_arch.rs` checks the rule for alignments 1..=128 in first, middle and last
//! position on each):
//!
//! | architectures | bank base (`EIATTR_PARAM_CBANK`) | origin ([`Arch::param_base`]) |
//! | --- | --- | --- |
//! | sm_50 … sm_62 | `0x140` | 0 (ptxas aligns from 0, not from the bank base) |
//! | sm_70 … sm_89 | `0x160` | `0x160` |
//! | sm_90 | `0x210` | `0x210` |
//! | sm_100 … sm_121 | `0x380` | `0x380` |
//!
//! Every origin is a multiple of 16, so parameters aligned to 16 bytes or less are where the
//! plain C layout from 0 puts them on every architecture; a parameter aligned to 32, 64 or 128
//! bytes may start later (sm_90, `(S a, …)` with `S` aligned 64: offset 48), by an amount that
//! depends on the architecture.

/// A GPU architecture `sm_XX` (the compute capability `X.X`), for laying out parameters the
/// way the driver does on it ([`Arch::param_base`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arch {
    sm: u32,
}

impl Arch {
    /// `sm_50`..`sm_53` (Maxwell).
    pub const SM_50: Arch = Arch::sm(50);
    /// `sm_60` (Pascal).
    pub const SM_60: Arch = Arch::sm(60);
    /// `sm_70` (Volta).
    pub const SM_70: Arch = Arch::sm(70);
    /// `sm_75` (Turing).
    pub const SM_75: Arch = Arch::sm(75);
    /// `sm_80` (Ampere A100).
    pub const SM_80: Arch = Arch::sm(80);
    /// `sm_86` (Ampere).
    pub const SM_86: Arch = Arch::sm(86);
    /// `sm_89` (Ada).
    pub const SM_89: Arch = Arch::sm(89);
    /// `sm_90` (Hopper).
    pub const SM_90: Arch = Arch::sm(90);
    /// `sm_100` (Blackwell B200).
    pub const SM_100: Arch = Arch::sm(100);
    /// `sm_120` (Blackwell GeForce).
    pub const SM_120: Arch = Arch::sm(120);

    /// `sm_<n>`: `Arch::sm(90)` is `sm_90` (the `a`/`f` variants have the same layout).
    pub const fn sm(n: u32) -> Arch {
        Arch { sm: n }
    }

    /// The architecture of a device of compute capability `major.minor` (what
    /// `CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR`/`_MINOR` report), or of a function whose
    /// `CU_FUNC_ATTRIBUTE_BINARY_VERSION` is `major * 10 + minor`.
    ///
    /// A capability with no `sm_` number — a minor above 9 (`9.10` is not `sm_100`) or a
    /// number past `u32::MAX` — gives [`Arch::UNKNOWN`], whose [`Arch::param_base`] is `None`
    /// like any architecture ptx-abi has not read, rather than another architecture's number.
    pub const fn from_compute_capability(major: u32, minor: u32) -> Arch {
        if minor > 9 {
            return Arch::UNKNOWN;
        }
        match major.checked_mul(10) {
            Some(tens) => match tens.checked_add(minor) {
                Some(sm) => Arch::sm(sm),
                None => Arch::UNKNOWN,
            },
            None => Arch::UNKNOWN,
        }
    }

    /// `sm_4294967295`: the architecture of a compute capability with no `sm_` number
    /// ([`Arch::from_compute_capability`]); no parameter base is known for it.
    pub const UNKNOWN: Arch = Arch::sm(u32::MAX);

    /// The `XX` of `sm_XX`.
    pub const fn number(self) -> u32 {
        self.sm
    }

    /// The origin ptxas aligns this architecture's kernel parameters from (see the module
    /// table): the constant-bank byte where the parameters start (`EIATTR_PARAM_CBANK`) on
    /// sm_70 and newer, 0 on sm_5x and sm_6x. `None` for an architecture not read from
    /// ptxas's output: over-aligned parameters cannot be placed for it.
    pub const fn param_base(self) -> Option<usize> {
        match self.sm {
            50 | 52 | 53 | 60 | 61 | 62 => Some(0),
            70 | 72 | 75 | 80 | 86 | 87 | 89 => Some(0x160),
            90 => Some(0x210),
            100 | 101 | 103 | 120 | 121 => Some(0x380),
            _ => None,
        }
    }
}

/// A PTX ISA version: the `.version` directive of a PTX module (`.version 8.1` is
/// `PtxIsa::new(8, 1)`). With the target [`Arch`] it decides how many bytes of parameters an
/// `.entry` may take ([`entry_param_limit`](super::entry_param_limit)). Ordered by version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PtxIsa {
    major: u32,
    minor: u32,
}

impl PtxIsa {
    /// PTX ISA 7.8 (CUDA 11.8, the newest ptxas 11.8 reads).
    pub const V7_8: PtxIsa = PtxIsa::new(7, 8);
    /// PTX ISA 8.0 (CUDA 12.0).
    pub const V8_0: PtxIsa = PtxIsa::new(8, 0);
    /// PTX ISA 8.1 (CUDA 12.1): the first with more than 4,352 bytes of kernel parameters
    /// (on sm_70 and newer).
    pub const V8_1: PtxIsa = PtxIsa::new(8, 1);

    /// `.version major.minor`.
    pub const fn new(major: u32, minor: u32) -> PtxIsa {
        PtxIsa { major, minor }
    }

    /// The major version (`8` of 8.1).
    pub const fn major(self) -> u32 {
        self.major
    }

    /// The minor version (`1` of 8.1).
    pub const fn minor(self) -> u32 {
        self.minor
    }

    /// Whether this version is `other` or newer (`Ord`, usable in `const fn`s).
    pub const fn at_least(self, other: PtxIsa) -> bool {
        self.major > other.major || (self.major == other.major && self.minor >= other.minor)
    }
}

impl core::fmt::Display for PtxIsa {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

impl core::fmt::Display for Arch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "sm_{}", self.sm)
    }
}

// Every known origin is a multiple of `ARCH_INDEPENDENT_ALIGN`.
const _: () = {
    let mut sm = 0;
    while sm < 200 {
        if let Some(base) = Arch::sm(sm).param_base() {
            assert!(base % ARCH_INDEPENDENT_ALIGN == 0);
        }
        sm += 1;
    }
};

/// The alignment above which a parameter's buffer offset depends on the architecture: every
/// known [`Arch::param_base`] is a multiple of 16 (checked at compile time).
pub const ARCH_INDEPENDENT_ALIGN: usize = 16;

/// §2.3 on the hardware: the offset in the `cuLaunchKernel` parameter buffer of a parameter
/// aligned to `align` whose predecessors end at `end` (in buffer offsets), for the origin
/// `base` ([`Arch::param_base`]): `base + offset` is the lowest multiple of `align` at or past
/// `base + end`. An offset past `usize::MAX` (only for numbers no parameter space reaches)
/// saturates to `usize::MAX`, which every buffer refuses as too large.
pub const fn driver_param_offset(base: usize, end: usize, align: usize) -> usize {
    let align = if align == 0 { 1 } else { align };
    let Some(at) = base.checked_add(end) else {
        return usize::MAX;
    };
    // Every alignment of a laid-out parameter is a power of two (§1.2): rounded up with a
    // mask, not a division (a launch lays out each parameter through here, and a division
    // by a variable costs some 20 to 40 cycles). Other alignments give the same answer by
    // division.
    if align.is_power_of_two() {
        return match at.checked_add(align - 1) {
            Some(up) => (up & !(align - 1)) - base,
            None => usize::MAX,
        };
    }
    match at.div_ceil(align).checked_mul(align) {
        Some(aligned) => aligned - base,
        None => usize::MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::driver_param_offset;

    /// The offset by division, as the function computed it for every alignment before the
    /// power-of-two mask: the reference the mask must agree with.
    fn by_division(base: usize, end: usize, align: usize) -> usize {
        let align = align.max(1);
        base.checked_add(end)
            .and_then(|at| at.div_ceil(align).checked_mul(align))
            .map_or(usize::MAX, |aligned| aligned - base)
    }

    #[test]
    fn the_mask_rounds_as_the_division_does() {
        let ends = || {
            (0..300).chain((0..300).map(|k| usize::MAX - k)).chain([
                1 << 20,
                (1 << 20) + 1,
                4352,
                4351,
            ])
        };
        let bases = [0, 0x160, 0x210, 0x380, 7, usize::MAX - 0x200, usize::MAX];
        let mut checked = 0;
        for shift in 0..usize::BITS {
            let align = 1usize << shift;
            for &base in &bases {
                for end in ends() {
                    assert_eq!(
                        driver_param_offset(base, end, align),
                        by_division(base, end, align),
                        "base {base:#x}, end {end:#x}, align {align:#x}"
                    );
                    checked += 1;
                }
            }
        }
        // Alignments that are no power of two still go by division; 0 counts as 1.
        for align in [0, 3, 12, 24, 100] {
            for end in 0..300 {
                assert_eq!(
                    driver_param_offset(0x210, end, align),
                    by_division(0x210, end, align)
                );
            }
        }
        assert!(checked > 100_000);
    }
}
