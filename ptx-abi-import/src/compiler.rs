//! Whose layout the import follows where nvcc and NVRTC disagree about a header (issue 30).
//!
//! The known cases (`docs/nvidia-notes.md`): a GNU `__attribute__((aligned(N)))` or
//! `__attribute__((packed))` after a struct's closing brace. nvcc applies it; NVRTC drops it
//! (warning #1866-D); clang's record layout does not show it. An import for nvcc, the default,
//! gives such a struct `#[ptx(align = N)]` or `#[ptx(pack = 1)]` and marks it, and every
//! struct holding it by value, as nvcc's layout ([`crate::model::Record::nvcc_only`]): clang's
//! layout is not compared with it, and its emitted check is compiled by nvcc
//! (`assert_matches_nvcc_with`). An import for NVRTC (a program that compiles its kernels at
//! run time) leaves the attribute out, as NVRTC does. The same holds for a member's
//! `__attribute__((aligned(N)))` above its struct's `#pragma pack(P)`: nvcc keeps `N`, NVRTC
//! caps it at `P` (marked, or capped, once [`crate::rust_layout`] has found `P`).

use crate::model::{ItemKind, Model, Record, Ty};

/// The compiler whose layout of the header the Rust follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compiler {
    /// nvcc, what CUDA programs are built with (the default).
    #[default]
    Nvcc,
    /// NVRTC, for kernels compiled at run time.
    Nvrtc,
}

impl Compiler {
    /// The macros the compiler defines that clang's device pass does not: nvcc's device pass
    /// defines `__NVCC__`, NVRTC `__CUDACC_RTC__` (`__CUDACC__` and `__CUDA_ARCH__` clang
    /// defines for both). A header that tests them is read as that compiler reads it.
    pub fn macros(self) -> &'static [&'static str] {
        match self {
            Compiler::Nvcc => &["__NVCC__"],
            Compiler::Nvrtc => &["__CUDACC_RTC__"],
        }
    }

    /// clang's arguments that give the header the GNU version macros this compiler's device
    /// pass sees: nvcc defines `__GNUC__`, `__GNUC_MINOR__`, `__GNUC_PATCHLEVEL__` and
    /// `__GNUG__` as its host compiler, `gcc` (`host_gcc`: `gcc -dumpfullversion`, `None`
    /// where no gcc runs, and clang's own 4.2.1 stays); NVRTC defines none of them. A header
    /// that picks a declaration by them (`#if FMT_GCC_VERSION < 903`, an enum's underlying
    /// type) is read as that compiler reads it.
    pub fn gnu_version_args(self, host_gcc: Option<(u32, u32, u32)>) -> Vec<String> {
        const MACROS: [&str; 4] = [
            "__GNUC__",
            "__GNUC_MINOR__",
            "__GNUC_PATCHLEVEL__",
            "__GNUG__",
        ];
        match (self, host_gcc) {
            (Compiler::Nvrtc, _) => MACROS.iter().map(|m| format!("-U{m}")).collect(),
            (Compiler::Nvcc, Some((major, minor, patch))) => {
                let mut args: Vec<String> = MACROS.iter().map(|m| format!("-U{m}")).collect();
                for (m, v) in MACROS.iter().zip([major, minor, patch, major]) {
                    args.push(format!("-D{m}={v}"));
                }
                args
            }
            (Compiler::Nvcc, None) => Vec::new(),
        }
    }

    /// `"nvcc"` or `"nvrtc"`, as the CLI's `--compiler` spells it.
    pub fn parse(text: &str) -> Option<Compiler> {
        match text {
            "nvcc" => Some(Compiler::Nvcc),
            "nvrtc" => Some(Compiler::Nvrtc),
            _ => None,
        }
    }
}

/// Applies `compiler`'s reading of trailing `aligned` attributes to every record of `model`:
/// for nvcc, each one's alignment is raised to it and it, and every record holding it by
/// value, is marked [`crate::model::Record::nvcc_only`]; for NVRTC nothing changes.
pub(crate) fn apply(model: &mut Model, compiler: Compiler) {
    if compiler == Compiler::Nvrtc {
        return;
    }
    for item in &mut model.items {
        if let ItemKind::Record(r) = &mut item.kind {
            // Two alignment specifiers before the brace: nvcc takes the last.
            if let Some(l) = r.last_align {
                r.align = Some(l);
            }
            if let Some(t) = r.trailing_align {
                r.align = Some(r.align.map_or(t, |a| a.max(t)));
            }
            // GNU `packed` on a struct aligns every member to 1: `#pragma pack(1)` wherever
            // core's engine places a packed struct at all (it refuses the bit-fields where the
            // two could differ).
            if r.trailing_packed {
                r.pack = Some(1);
            }
        }
    }
    mark_nvcc_layouts(model);
}

/// Marks every record whose layout only nvcc gives ([`crate::model::Record::nvcc_only`]):
/// one with a trailing attribute, or (once its packing is found) a member aligned above the
/// packing by GNU's `aligned`, and every record holding such a record by value.
pub(crate) fn mark_nvcc_layouts(model: &mut Model) {
    let mut memo = vec![None; model.items.len()];
    let marks: Vec<bool> = (0..model.items.len())
        .map(|id| model.holds(&Ty::Item(id), &nvcc_layout, &mut memo))
        .collect();
    for (item, mark) in model.items.iter_mut().zip(marks) {
        if let ItemKind::Record(r) = &mut item.kind {
            r.nvcc_only = mark;
        }
    }
}

/// Whether record `r`'s own layout is one only nvcc gives: a trailing `aligned` or `packed`
/// attribute, two alignment specifiers of which nvcc takes the last, a member aligned by
/// `aligned` above its packing, or a member of a class GNU's `packed` leaves unpacked.
fn nvcc_layout(r: &Record) -> bool {
    r.trailing_align.is_some()
        || r.last_align.is_some()
        || r.trailing_packed
        || r.aligned_by_attribute_over_pack().next().is_some()
        || !r.unpacked_members.is_empty()
}

/// The version of the `gcc` on `PATH`, nvcc's default host compiler (`gcc -dumpfullversion`);
/// `None` where none runs.
pub(crate) fn host_gcc() -> Option<(u32, u32, u32)> {
    let out = std::process::Command::new("gcc")
        .arg("-dumpfullversion")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let mut parts = text.trim().split('.').map(|p| p.parse::<u32>().ok());
    let major = parts.next()??;
    let minor = parts.next().flatten().unwrap_or(0);
    let patch = parts.next().flatten().unwrap_or(0);
    Some((major, minor, patch))
}
