//! Asking NVRTC (or nvcc, [`crate::nvcc`]) about many generated cases at once.
//!
//! Cases are compiled in batches (one compile unit holds the definitions and probes of many
//! cases; see [`crate::gen::cuda_probe`]), batches run on several threads, and the PTX of each
//! batch is read back into one [`Answer`] per case. A batch that fails to compile is bisected
//! down to the case that breaks it, and the whole run fails naming that case: no case is ever
//! dropped silently.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::gen::{cuda17_source, cuda_defs, cuda_probe, Case, Member};
use crate::ptx;
use ptx_abi_nvtools::nvrtc::Nvrtc;

/// Options of every probe compile, from the one list of NVRTC options
/// ([`ptx_abi_nvtools::options`]): its `DEFAULT_OPTIONS` plus the suppression of warning #108
/// ("signed bit field of length 1", which the generator produces on purpose); in C++17 for
/// NVRTC 11.x ([`Dialect::Cxx17`]).
pub use ptx_abi_nvtools::options::{PROBE_OPTIONS, PROBE_OPTIONS_CXX17};

/// The C++ the probes are written in for a given NVRTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// C++20 (NVRTC 12.0 and later): [`PROBE_OPTIONS`], [`crate::gen::cuda_probe`].
    Cxx20,
    /// C++17 (NVRTC 11.x): [`PROBE_OPTIONS_CXX17`], [`crate::gen::cuda17_source`].
    Cxx17,
}

impl Dialect {
    /// The dialect for NVRTC `(major, minor)` ([`Nvrtc::version`]).
    pub fn of(version: (u32, u32)) -> Dialect {
        if version.0 < 12 {
            Dialect::Cxx17
        } else {
            Dialect::Cxx20
        }
    }

    /// The options of every probe compile in this dialect.
    pub fn options(self) -> &'static [&'static str] {
        match self {
            Dialect::Cxx20 => PROBE_OPTIONS,
            Dialect::Cxx17 => PROBE_OPTIONS_CXX17,
        }
    }

    /// The CUDA source of one case (definitions and probe) in this dialect.
    pub fn case_source(self, case: &Case) -> String {
        match self {
            Dialect::Cxx20 => case_source(case),
            Dialect::Cxx17 => cuda17_source(case),
        }
    }
}

/// Cases per NVRTC compile, by default.
pub const BATCH: usize = 100;

/// A compiler the probes can be asked of: NVRTC here, nvcc in [`crate::nvcc`]. Shared by
/// every thread of [`probe_all`].
pub trait ProbeCompiler: Sync {
    /// The C++ its probes are written in.
    fn dialect(&self) -> Dialect;

    /// Compiles a batch's source ([`batch_source_in`] of [`ProbeCompiler::dialect`]) with
    /// that dialect's options; the PTX, or the compiler's log.
    fn compile_probe(&self, source: &str) -> Result<String, String>;
}

impl ProbeCompiler for Nvrtc {
    /// [`Dialect::of`] the library's version.
    fn dialect(&self) -> Dialect {
        Dialect::of(self.version())
    }

    fn compile_probe(&self, source: &str) -> Result<String, String> {
        self.compile(source, self.dialect().options())
            .map_err(|e| e.log)
    }
}

/// What NVRTC says about the top type of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `sizeof(T)`.
    pub size: u64,
    /// `alignof(T)`.
    pub align: u64,
    /// `(member index, offsetof)` of every ordinary named member of `T`, in member order.
    pub offsets: Vec<(usize, u64)>,
    /// The image of the case's value: the bytes of the initialized `__device__` global, padded
    /// with zeros to `size` (PTX omits trailing zero bytes).
    pub image: Vec<u8>,
    /// The `.param` lines of `extern "C" __global__ void ptxabi_k_I(T)` (one line).
    pub entry_params: Vec<String>,
    /// The `.param` lines of `extern "C" __device__ T ptxabi_f_I(T)` (one line).
    pub func_params: Vec<String>,
    /// The return-value declaration of `ptxabi_f_I` (`.param … func_retval0…`).
    pub func_ret: String,
}

/// A failure to get an answer for some case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeError {
    /// `(seed, id)` of the failing case, when known.
    pub case: Option<(u64, u32)>,
    /// What went wrong (NVRTC's log, or what could not be read from the PTX).
    pub message: String,
    /// The CUDA source of the failing case alone (definitions and probe).
    pub source: String,
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.case {
            Some((seed, id)) => write!(f, "case (seed {seed}, id {id}): ")?,
            None => write!(f, "probe: ")?,
        }
        write!(f, "{}", self.message)?;
        if !self.source.is_empty() {
            write!(f, "\nCUDA source:\n{}", self.source)?;
        }
        Ok(())
    }
}

impl std::error::Error for ProbeError {}

/// The CUDA source of one case: its definitions and its probe.
pub fn case_source(case: &Case) -> String {
    cuda_defs(case) + &cuda_probe(case)
}

/// The CUDA source of a batch: every case's definitions and probe, one after the other. Cases
/// must have distinct `(seed, id)`, and distinct ids (probe symbols embed only the id).
pub fn batch_source(cases: &[Case]) -> String {
    batch_source_in(Dialect::Cxx20, cases)
}

/// [`batch_source`] in `dialect`.
pub fn batch_source_in(dialect: Dialect, cases: &[Case]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&dialect.case_source(c));
        s.push('\n');
    }
    s
}

/// The module-level declarations of one PTX text, indexed by name (parsed once per batch: the
/// readers of [`crate::ptx`] scan the whole text on every call).
pub struct PtxIndex {
    globals: HashMap<String, ptx::Global>,
    signatures: HashMap<String, ptx::Signature>,
}

impl PtxIndex {
    /// Parses `ptx_text`.
    pub fn new(ptx_text: &str) -> Result<PtxIndex, String> {
        let mut globals = HashMap::new();
        for g in ptx::try_globals(ptx_text)? {
            // A defining declaration wins over an `.extern` one.
            if g.linkage.as_deref() != Some(".extern") || !globals.contains_key(&g.name) {
                globals.insert(g.name.clone(), g);
            }
        }
        let signatures = ptx::try_signatures(ptx_text)?
            .into_iter()
            .map(|s| (s.name.clone(), s))
            .collect();
        Ok(PtxIndex {
            globals,
            signatures,
        })
    }

    fn global(&self, name: &str) -> Result<&ptx::Global, String> {
        self.globals
            .get(name)
            .ok_or_else(|| format!("no global `{name}` in the PTX"))
    }

    fn scalar(&self, name: &str) -> Result<u64, String> {
        let g = self.global(name)?;
        let bytes = g.bytes()?;
        if bytes.len() > 8 {
            return Err(format!(
                "global `{name}` is {} bytes, not a scalar",
                bytes.len()
            ));
        }
        let mut le = [0u8; 8];
        le[..bytes.len()].copy_from_slice(&bytes);
        Ok(u64::from_le_bytes(le))
    }

    fn signature(&self, name: &str) -> Result<&ptx::Signature, String> {
        self.signatures
            .get(name)
            .ok_or_else(|| format!("no function `{name}` in the PTX"))
    }

    /// Reads case `case`'s answer (its probe must be in this PTX).
    pub fn answer(&self, case: &Case) -> Result<Answer, String> {
        let fields: Vec<usize> = (case.top().members.iter().enumerate())
            .filter(|(_, m)| matches!(m, Member::Field { .. }))
            .map(|(k, _)| k)
            .collect();
        self.answer_of(case.id, &fields)
    }

    /// [`PtxIndex::answer_of`] for a probe without the device function `ptxabi_f_I`
    /// ([`crate::clang::probe`]): `func_params` and `func_ret` are left empty.
    pub fn clang_answer(&self, i: u32, fields: &[usize]) -> Result<Answer, String> {
        self.answer_with(i, fields, false)
    }

    /// Reads the answer of the probe with id `i`, whose top type has ordinary named members at
    /// the indices `fields` (one `ptxabi_off_{i}_{k}` each).
    pub fn answer_of(&self, i: u32, fields: &[usize]) -> Result<Answer, String> {
        self.answer_with(i, fields, true)
    }

    fn answer_with(&self, i: u32, fields: &[usize], func: bool) -> Result<Answer, String> {
        let size = self.scalar(&format!("ptxabi_size_{i}"))?;
        let align = self.scalar(&format!("ptxabi_align_{i}"))?;
        let mut offsets = Vec::new();
        for &k in fields {
            offsets.push((k, self.scalar(&format!("ptxabi_off_{i}_{k}"))?));
        }
        let val = format!("ptxabi_val_{i}");
        let g = self.global(&val)?;
        if g.size() as u64 != size {
            return Err(format!(
                "`{val}` is declared with {} bytes but sizeof is {size}",
                g.size()
            ));
        }
        let image = g.bytes()?;
        let ks = self.signature(&format!("ptxabi_k_{i}"))?;
        let (func_params, func_ret) = if func {
            let f = format!("ptxabi_f_{i}");
            let fs = self.signature(&f)?;
            let ret = fs
                .ret
                .as_ref()
                .ok_or_else(|| format!("`{f}` has no return value in the PTX"))?;
            let params = fs.params.iter().map(|p| p.text.clone()).collect();
            (params, ret.text.clone())
        } else {
            (Vec::new(), String::new())
        };
        Ok(Answer {
            size,
            align,
            offsets,
            image,
            entry_params: ks.params.iter().map(|p| p.text.clone()).collect(),
            func_params,
            func_ret,
        })
    }
}

/// Reads case `case`'s answer from the PTX of a compile unit that holds its probe.
pub fn extract(ptx_text: &str, case: &Case) -> Result<Answer, String> {
    PtxIndex::new(ptx_text)?.answer(case)
}

/// Compiles one batch with `compiler` (in its dialect: for NVRTC, that of its version,
/// [`Dialect::of`]) and reads every case's answer. On failure, bisects to the first case that fails on its own
/// (compile error or unreadable answer) and reports it.
pub fn probe_batch<C: ProbeCompiler + ?Sized>(
    compiler: &C,
    cases: &[Case],
) -> Result<Vec<Answer>, ProbeError> {
    let whole = compile_and_extract(compiler, cases);
    match whole {
        Ok(answers) => Ok(answers),
        Err(e) if cases.len() <= 1 => Err(e),
        Err(e) => {
            let (a, b) = cases.split_at(cases.len() / 2);
            probe_batch(compiler, a)?;
            probe_batch(compiler, b)?;
            // Both halves work on their own but not together: report the whole batch.
            Err(ProbeError {
                message: format!(
                    "only fails with all {} cases together: {}",
                    cases.len(),
                    e.message
                ),
                ..e
            })
        }
    }
}

fn compile_and_extract<C: ProbeCompiler + ?Sized>(
    compiler: &C,
    cases: &[Case],
) -> Result<Vec<Answer>, ProbeError> {
    let dialect = compiler.dialect();
    let source = batch_source_in(dialect, cases);
    let single = |c: &Case, message: String| ProbeError {
        case: Some((c.seed, c.id)),
        message,
        source: dialect.case_source(c),
    };
    let ptx_text = match compiler.compile_probe(&source) {
        Ok(p) => p,
        Err(log) if cases.len() == 1 => return Err(single(&cases[0], log)),
        Err(log) => {
            return Err(ProbeError {
                case: None,
                message: format!("a batch of {} cases failed: {log}", cases.len()),
                source: String::new(),
            })
        }
    };
    let index = PtxIndex::new(&ptx_text).map_err(|m| ProbeError {
        case: None,
        message: format!("unreadable PTX: {m}"),
        source: String::new(),
    })?;
    cases
        .iter()
        .map(|c| index.answer(c).map_err(|m| single(c, m)))
        .collect()
}

/// The outcome of one batch.
type BatchResult = Result<Vec<Answer>, ProbeError>;

/// Answers for every case, in order: batches of `batch` cases compiled on `threads` threads.
/// Fails with the first failing case (in case order among the failures seen).
pub fn probe_all<C: ProbeCompiler + ?Sized>(
    compiler: &C,
    cases: &[Case],
    batch: usize,
    threads: usize,
) -> Result<Vec<Answer>, ProbeError> {
    let chunks: Vec<&[Case]> = cases.chunks(batch.max(1)).collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<BatchResult>>> = Mutex::new(vec![None; chunks.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, chunks.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(chunk) = chunks.get(i) else { break };
                let r = probe_batch(compiler, chunk);
                let failed = r.is_err();
                results.lock().unwrap()[i] = Some(r);
                if failed {
                    // Stop handing out work; the error is reported below.
                    next.store(chunks.len(), Ordering::Relaxed);
                }
            });
        }
    });
    let mut answers = Vec::with_capacity(cases.len());
    for r in results.into_inner().unwrap() {
        match r {
            Some(Ok(a)) => answers.extend(a),
            Some(Err(e)) => return Err(e),
            None => {}
        }
    }
    if answers.len() != cases.len() {
        return Err(ProbeError {
            case: None,
            message: format!("{} answers for {} cases", answers.len(), cases.len()),
            source: String::new(),
        });
    }
    Ok(answers)
}

/// A sensible thread count for [`probe_all`]: the available parallelism, at most 4.
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::generate;

    fn nvrtc() -> Option<Nvrtc> {
        crate::require::nvrtc("probe test")
    }

    #[test]
    fn batches_threads_and_single_cases_agree() {
        let Some(nv) = nvrtc() else { return };
        let cases: Vec<Case> = (0..40).map(|id| generate(0xbea7, id)).collect();
        let together = probe_all(&nv, &cases, 15, 3).unwrap();
        assert_eq!(together.len(), cases.len());
        for (i, c) in cases.iter().enumerate().step_by(9) {
            let alone = probe_batch(&nv, std::slice::from_ref(c)).unwrap();
            assert_eq!(alone[0], together[i], "case {i}");
        }
        let a = &together[0];
        assert_eq!(a.image.len() as u64, a.size);
        assert_eq!(a.entry_params.len(), 1);
        assert!(a.func_ret.contains("func_retval0"), "{}", a.func_ret);
    }

    /// Cases of this seed, some with union values initialised through a later member.
    fn union_cases() -> Vec<Case> {
        let cases: Vec<Case> = (0..40).map(|id| generate(0x17, id)).collect();
        let unions = cases
            .iter()
            .filter(|c| crate::gen::cuda_initializer(c).contains("{ .m"))
            .count();
        assert!(unions >= 5, "only {unions} cases with a union value");
        cases
    }

    #[test]
    fn cxx17_sources_keep_the_definitions_and_name_no_member() {
        for case in union_cases() {
            let src = cuda17_source(&case);
            assert!(
                !src.contains("{ ."),
                "a designated initializer is left:\n{src}"
            );
            // Without the tags and constructors, the definitions are C++20's, byte for byte.
            let kept: String = src
                .lines()
                .filter(|l| {
                    !l.starts_with("struct ptxabi_t") && !l.contains("__device__ constexpr")
                })
                .map(|l| format!("{l}\n"))
                .collect();
            assert!(kept.starts_with(&cuda_defs(&case)), "{src}");
            let unions = crate::gen::cuda_initializer(&case).matches("{ .m").count();
            assert_eq!(src.matches("__device__ constexpr").count(), unions, "{src}");
        }
    }

    #[test]
    fn nvrtc_11_8_in_cxx17_answers_like_12_9_in_cxx20() {
        let what = "probe in C++17";
        let Some(nv) = nvrtc() else { return };
        let Some(old) = crate::require::nvrtc_release(what, &ptx_abi_nvtools::fetch::CUDA_11_8)
        else {
            return;
        };
        assert_eq!(Dialect::of(old.version()), Dialect::Cxx17);
        assert_eq!(Dialect::of(nv.version()), Dialect::Cxx20);
        let cases = union_cases();
        // 11.8 rejects C++20 (`-std=c++20`) and designated initializers.
        let e = old
            .compile(&batch_source(&cases), PROBE_OPTIONS)
            .unwrap_err();
        assert!(e.log.contains("--std"), "{e}");
        let e = old
            .compile(&batch_source(&cases), PROBE_OPTIONS_CXX17)
            .unwrap_err();
        assert!(e.log.contains("error"), "{e}");
        assert_eq!(
            probe_all(&old, &cases, 15, 2).unwrap(),
            probe_all(&nv, &cases, 15, 2).unwrap()
        );
    }

    #[test]
    fn a_failing_case_is_named() {
        let Some(nv) = nvrtc() else { return };
        let mut cases: Vec<Case> = (0..12).map(|id| generate(0xbad, id)).collect();
        // A definition NVRTC rejects: a type name that is not an identifier.
        let top = cases[7].top_index();
        cases[7].aggregates[top].name = "not a name".into();
        let e = probe_all(&nv, &cases, 5, 2).unwrap_err();
        assert_eq!(e.case, Some((0xbad, 7)), "{e}");
        assert!(e.message.contains("error"), "{e}");
        assert!(e.source.contains("not a name"), "{e}");
    }
}
