//! The golden corpus of `oracle-tests`: which cases it holds, and how a recorded case is turned
//! back into the [`Case`] NVRTC was asked about.
//!
//! Only NVIDIA's answers are checked in (`oracle-tests/tests/data/*.txt`, written by
//! `cargo xtask corpus`). A record holds the seed and id of its case, the CUDA definitions and
//! the C++ initializer NVRTC compiled; the case itself (and so its Rust definitions and value)
//! is regenerated from the seed and id by [`case_of`], which refuses a record whose CUDA text or
//! initializer is not what the generator now produces for it ([`Drift`]): the data then
//! answers questions nobody asks any more, and must be regenerated.

pub mod figures;

use std::fmt;

use crate::gen::{cuda_defs, cuda_initializer, cuda_probe, generate, Case};
use crate::probe::PROBE_OPTIONS;
use crate::suite::Record;

/// Seed of `corpus_0`; `corpus_k` holds cases `0..PER_FILE` of seed `CORPUS_SEED + k`.
pub const CORPUS_SEED: u64 = 0xC0_2B05;
/// Number of `corpus_{k}.txt` data files.
pub const FILES: usize = 8;
/// Cases per data file.
pub const PER_FILE: u32 = 400;

/// The command that rewrites the corpus data from the current generator and NVRTC.
pub const REGENERATE: &str = "cargo xtask corpus";

/// The start of the line of a data file that records [`probe_fingerprint`].
pub const PROBE_LINE: &str = "# probe ";

/// A fingerprint of the questions NVRTC is asked about every case: the probe's CUDA (what
/// [`cuda_probe`] appends to a case, for a reference case) and the NVRTC options. A data
/// file records it ([`PROBE_LINE`]); [`check_probe`] refuses data asked with another probe,
/// whose answers may mean something else. FNV-1a, 64 bits, in hex.
pub fn probe_fingerprint() -> String {
    let mut text = PROBE_OPTIONS.join(" ");
    text.push('\n');
    text.push_str(&cuda_probe(&generate(CORPUS_SEED, 0)));
    text.push_str(&cuda_probe(&figures::cases()[0].case));
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Whether the data text `data` was asked with the current probe ([`probe_fingerprint`]);
/// `Err` says why not and how to regenerate.
pub fn check_probe(data: &str) -> Result<(), String> {
    let now = probe_fingerprint();
    let recorded = data
        .lines()
        .find_map(|l| l.strip_prefix(PROBE_LINE))
        .map(|rest| {
            rest.split(|c: char| !c.is_ascii_hexdigit())
                .next()
                .unwrap_or("")
        });
    match recorded {
        Some(fp) if fp == now => Ok(()),
        Some(fp) => Err(format!(
            "recorded with probe {fp}, but the probe (oracle/src/gen/cuda.rs `cuda_probe`, \
             oracle/src/probe.rs `PROBE_OPTIONS`) is now {now}: its answers may mean something \
             else; regenerate the data with `{REGENERATE}`"
        )),
        None => Err(format!(
            "no `{PROBE_LINE}<fingerprint>` line; regenerate the data with `{REGENERATE}`"
        )),
    }
}

/// A record that does not describe the case the generator now makes from its seed and id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drift {
    /// The record's key.
    pub key: String,
    /// What differs: the first differing line of the CUDA definitions, the initializer, the
    /// top type's name, or that no case has this key.
    pub what: String,
}

impl fmt::Display for Drift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "case {}: {} (the data was recorded from another version of the generator in \
             `oracle/src/gen/` or `oracle/src/corpus/figures.rs`; regenerate it with `{REGENERATE}`)",
            self.key, self.what
        )
    }
}

/// The case recorded as `record`: generated case `record.id` of `record.seed`, or for seed 0
/// the hand-written entry of [`figures`] keyed `record.key`. `Err` when the generator no
/// longer makes the case the record describes (its CUDA definitions, initializer or top type
/// differ from the recorded ones).
pub fn case_of(record: &Record) -> Result<Case, Drift> {
    let drift = |what: String| Drift {
        key: record.key.clone(),
        what,
    };
    let case = if record.seed == 0 {
        figures::cases()
            .into_iter()
            .find(|n| n.key == record.key)
            .map(|n| n.case)
            .ok_or_else(|| drift("no hand-written entry has this key".into()))?
    } else {
        generate(record.seed, record.id)
    };
    if case.id != record.id {
        return Err(drift(format!(
            "recorded with id {}, the entry now has id {}",
            record.id, case.id
        )));
    }
    if case.top().name != record.top {
        return Err(drift(format!(
            "top type `{}` recorded, `{}` generated",
            record.top,
            case.top().name
        )));
    }
    let cuda = cuda_defs(&case);
    if cuda.trim_end() != record.cuda.trim_end() {
        let line = cuda
            .lines()
            .zip(record.cuda.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| cuda.lines().count().min(record.cuda.lines().count()));
        return Err(drift(format!(
            "CUDA definitions differ at line {}: recorded {:?}, generated {:?}",
            line + 1,
            record.cuda.lines().nth(line).unwrap_or("(end)"),
            cuda.lines().nth(line).unwrap_or("(end)")
        )));
    }
    let init = cuda_initializer(&case);
    if init != record.init {
        return Err(drift(format!(
            "value differs: recorded `{}`, generated `{init}`",
            record.init
        )));
    }
    Ok(case)
}

/// The cases of `records` ([`case_of`]), or every drifted record.
pub fn cases_of(records: &[Record]) -> Result<Vec<Case>, Vec<Drift>> {
    let mut cases = Vec::with_capacity(records.len());
    let mut drifts = Vec::new();
    for r in records {
        match case_of(r) {
            Ok(c) => cases.push(c),
            Err(d) => drifts.push(d),
        }
    }
    if drifts.is_empty() {
        Ok(cases)
    } else {
        Err(drifts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::Answer;
    use crate::suite::record;

    fn answer() -> Answer {
        Answer {
            size: 4,
            align: 4,
            offsets: Vec::new(),
            image: vec![0; 4],
            entry_params: Vec::new(),
            func_params: Vec::new(),
            func_ret: String::new(),
        }
    }

    #[test]
    fn a_record_of_the_current_generator_gives_back_its_case() {
        let case = generate(CORPUS_SEED, 7);
        let r = record("k", &case, &answer());
        assert_eq!(case_of(&r), Ok(case));
        let fig = figures::cases().remove(0);
        let r = record(fig.key, &fig.case, &answer());
        assert_eq!(case_of(&r), Ok(fig.case));
    }

    #[test]
    fn data_of_another_probe_is_refused() {
        let fp = probe_fingerprint();
        assert_eq!(fp.len(), 16);
        assert_eq!(
            check_probe(&format!("# x\n{PROBE_LINE}{fp}: the questions\n")),
            Ok(())
        );
        let e = check_probe(&format!("{PROBE_LINE}0123456789abcdef\n")).unwrap_err();
        assert!(
            e.contains("0123456789abcdef") && e.contains(REGENERATE),
            "{e}"
        );
        assert!(check_probe("=== case x\n")
            .unwrap_err()
            .contains("no `# probe"));
    }

    #[test]
    fn a_record_of_another_generator_is_drift() {
        let case = generate(CORPUS_SEED, 7);
        let mut r = record("k", &case, &answer());
        r.cuda = r.cuda.replacen("struct", "union", 1);
        let e = case_of(&r).unwrap_err();
        assert!(e.what.contains("CUDA definitions differ at line"), "{e}");
        assert!(e.to_string().contains(REGENERATE), "{e}");
        let mut r = record("k", &case, &answer());
        r.init.push('0');
        assert!(case_of(&r).unwrap_err().what.contains("value differs"));
        let mut r = record("k", &case, &answer());
        r.id += 1;
        assert!(case_of(&r).is_err());
        let mut r = record("nope", &figures::cases()[0].case, &answer());
        r.key = "nope".into();
        assert!(case_of(&r)
            .unwrap_err()
            .what
            .contains("no hand-written entry"));
    }
}
