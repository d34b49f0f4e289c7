//! nvcc as a second producer of the probes' answers (issue 30): the compiler users build
//! with, asked the same questions as NVRTC in the same source ([`crate::probe`]).
//!
//! The probe source needs no change for nvcc: nvcc's front end (cudafe++, EDG like NVRTC's)
//! knows `__INTADDR__`, and the probes include no header. nvcc takes NVRTC's probe options as
//! they are spelled ([`Dialect::options`]: `--gpu-architecture=compute_90 -rdc=true
//! -std=c++20 --diag-suppress=108`). Each call starts several programs (the host
//! preprocessor, cudafe++, cicc), about 0.3 s before any work, so nvcc gets fewer, larger
//! batches than NVRTC ([`BATCH`]).

use crate::probe::{Dialect, ProbeCompiler};
use ptx_abi_nvtools::nvcc::Nvcc;

/// Cases per nvcc call, by default: the golden corpus in 17 calls. Measured on 2 cores (nvcc
/// and NVRTC 13.5 on the corpus, the same batches for both): 100 cases a batch take 12.7 s,
/// 200 take 11.9 s, 400 take 13.4 s (NVRTC's time grows faster than the batch).
pub const BATCH: usize = 200;

/// The file name nvcc's diagnostics give a probe batch.
pub const PROBE_FILE: &str = "probe.cu";

impl ProbeCompiler for Nvcc {
    /// [`Dialect::of`] nvcc's release.
    fn dialect(&self) -> Dialect {
        Dialect::of(self.version())
    }

    fn compile_probe(&self, source: &str) -> Result<String, String> {
        self.compile(source, PROBE_FILE, self.dialect().options())
            .map(|out| out.ptx)
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::{generate, Case};
    use crate::probe::probe_all;

    /// nvcc and NVRTC 13.5 give the same answers for a few generated cases, batched
    /// differently (the whole corpus: `oracle-tests/tests/nvcc_nvrtc.rs`).
    #[test]
    fn nvcc_answers_like_nvrtc() {
        let what = "probe by nvcc";
        let Some(path) = crate::require::nvcc(what) else {
            return;
        };
        let Some(nvrtc) = crate::require::nvrtc_release(what, &ptx_abi_nvtools::fetch::CUDA_13_5)
        else {
            return;
        };
        let nvcc = Nvcc::load(&path).unwrap_or_else(|e| panic!("{what}: {e}"));
        let cases: Vec<Case> = (0..30).map(|id| generate(0x30, id)).collect();
        assert_eq!(
            probe_all(&nvcc, &cases, 12, 2).unwrap(),
            probe_all(&nvrtc, &cases, 7, 2).unwrap()
        );
    }
}
