//! The golden corpus and the live seed asked of other CUDA releases' NVRTC (issue 22).
//!
//! The corpus was recorded with NVRTC 12.9. [`compare`] asks another release's NVRTC the same
//! questions about the same cases (in batches, on several threads, like the corpus run
//! itself: [`crate::probe::probe_all`]; NVRTC 11.8 in C++17, [`crate::probe::Dialect`]) and
//! compares every answer with the one the data records for that release
//! ([`Record::answer_for`]: 12.9's unless the data holds the release's own). `cargo xtask
//! corpus` records a release's answer where it differs ([`record_differences`]); the test
//! `oracle-tests/tests/cuda_releases.rs` fails on any answer the data does not predict, so a
//! difference that appears or goes away with a new release is seen.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::gen::Case;
use crate::probe::{default_threads, probe_all, Answer, ProbeError, BATCH};
use crate::suite::Record;
use ptx_abi_nvtools::fetch::{Toolkit, TOOLKITS};
use ptx_abi_nvtools::nvrtc::Nvrtc;

/// How one release's answers compare with the data.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The release (`"11.8"`).
    pub version: &'static str,
    /// Cases compared.
    pub cases: usize,
    /// Cases whose answer equals 12.9's (and the data records none of its own).
    pub agree: usize,
    /// Cases whose answer differs from 12.9's exactly as the data records.
    pub differ_recorded: usize,
    /// Cases whose answer is not what the data records: `(key, what differs)`.
    pub unexpected: Vec<(String, String)>,
    /// How long NVRTC took.
    pub elapsed: Duration,
}

impl Comparison {
    /// Cases whose answer differs from 12.9's, recorded or not.
    pub fn differ(&self) -> usize {
        self.cases - self.agree
    }

    /// One line: `NVRTC 11.8, golden corpus: 3215 of 3215 cases agree with NVRTC 12.9, 0
    /// differ (0 recorded in the data), 41.2 s`.
    pub fn summary(&self, what: &str) -> String {
        format!(
            "NVRTC {}, {what}: {} of {} cases agree with NVRTC 12.9, {} differ ({} as the data \
             records, {} unexpected), {:.1} s",
            self.version,
            self.agree,
            self.cases,
            self.differ(),
            self.differ_recorded,
            self.unexpected.len(),
            self.elapsed.as_secs_f64()
        )
    }

    /// The unexpected answers, at most `limit` of them, one paragraph each.
    pub fn details(&self, limit: usize) -> String {
        let mut s = String::new();
        for (key, what) in self.unexpected.iter().take(limit) {
            writeln!(s, "  case {key}: {what}").unwrap();
        }
        if self.unexpected.len() > limit {
            writeln!(s, "  … and {} more", self.unexpected.len() - limit).unwrap();
        }
        s
    }
}

/// The fields in which `got` differs from `want`, one `field: want …, got …` each.
pub fn differences(want: &Answer, got: &Answer) -> Vec<String> {
    let mut d = Vec::new();
    let mut field = |name: &str, w: String, g: String| {
        if w != g {
            d.push(format!("{name}: recorded {w}, NVRTC says {g}"));
        }
    };
    field("size", want.size.to_string(), got.size.to_string());
    field("align", want.align.to_string(), got.align.to_string());
    field(
        "offsets",
        format!("{:?}", want.offsets),
        format!("{:?}", got.offsets),
    );
    field(
        "image",
        format!("{:02x?}", want.image),
        format!("{:02x?}", got.image),
    );
    field(
        "entry",
        format!("{:?}", want.entry_params),
        format!("{:?}", got.entry_params),
    );
    field(
        "func",
        format!("{:?}", want.func_params),
        format!("{:?}", got.func_params),
    );
    field("ret", want.func_ret.clone(), got.func_ret.clone());
    d
}

/// Asks `nvrtc` (release `release`) about `cases` (those of `records`, in order) and compares
/// each answer with [`Record::answer_for`] that release.
pub fn compare(
    release: &Toolkit,
    nvrtc: &Nvrtc,
    records: &[Record],
    cases: &[Case],
) -> Result<Comparison, ProbeError> {
    assert_eq!(records.len(), cases.len(), "one case per record");
    let start = Instant::now();
    let answers = probe_all(nvrtc, cases, BATCH, default_threads())?;
    let mut c = Comparison {
        version: release.version,
        cases: cases.len(),
        agree: 0,
        differ_recorded: 0,
        unexpected: Vec::new(),
        elapsed: start.elapsed(),
    };
    for (r, got) in records.iter().zip(&answers) {
        let want = r.answer_for(release.version);
        if got == want {
            if got == &r.answer {
                c.agree += 1;
            } else {
                c.differ_recorded += 1;
            }
        } else {
            let mut what = differences(want, got).join("; ");
            if got == &r.answer {
                what.push_str(" (the data records an answer of its own for this release, but it now agrees with 12.9's)");
            }
            c.unexpected.push((r.key.clone(), what));
        }
    }
    Ok(c)
}

/// Sets each record's answer of `release` to `nvrtc`'s where it differs from 12.9's (and
/// removes a recorded one that no longer differs); returns how many differ. For `cargo xtask
/// corpus`.
pub fn record_differences(
    release: &Toolkit,
    nvrtc: &Nvrtc,
    records: &mut [Record],
    cases: &[Case],
) -> Result<usize, ProbeError> {
    assert_eq!(records.len(), cases.len(), "one case per record");
    let answers = probe_all(nvrtc, cases, BATCH, default_threads())?;
    let mut differ = 0;
    for (r, got) in records.iter_mut().zip(answers) {
        r.releases.retain(|(v, _)| v != release.version);
        if got != r.answer {
            differ += 1;
            r.releases.push((release.version.to_string(), got));
            // Oldest release first, as in `TOOLKITS`.
            r.releases
                .sort_by_key(|(v, _)| TOOLKITS.iter().position(|t| t.version == v));
        }
    }
    Ok(differ)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::generate;
    use crate::require;
    use crate::suite::probe_records;
    use ptx_abi_nvtools::fetch::CUDA_13_5;

    /// The comparison sees a recorded answer that the release does not give, accepts one
    /// recorded for the release, and flags a recorded one the release no longer gives.
    #[test]
    fn a_difference_from_the_data_is_seen() {
        let what = "releases::compare";
        let Some(base) = require::nvrtc(what) else {
            return;
        };
        let Some(other) = require::nvrtc_release(what, &CUDA_13_5) else {
            return;
        };
        let cases: Vec<Case> = (0..12).map(|id| generate(0x22, id)).collect();
        let mut records = probe_records(&base, &cases).unwrap();
        let c = compare(&CUDA_13_5, &other, &records, &cases).unwrap();
        assert_eq!((c.agree, c.differ_recorded), (12, 0), "{}", c.details(12));
        // 12.9's answer altered: 13.5 no longer matches it.
        records[3].answer.size += 1;
        // A release answer recorded as 13.5's: matches, and counts as a recorded difference.
        let mut moved = records[5].answer.clone();
        records[5].answer.image[0] ^= 1;
        records[5].releases.push(("13.5".into(), moved.clone()));
        // A release answer that 13.5 does not give.
        moved = records[7].answer.clone();
        moved.entry_params[0].push('x');
        records[7].releases.push(("13.5".into(), moved));
        let c = compare(&CUDA_13_5, &other, &records, &cases).unwrap();
        assert_eq!((c.agree, c.differ_recorded), (9, 1), "{}", c.details(12));
        let keys: Vec<&str> = c.unexpected.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, [records[3].key.as_str(), records[7].key.as_str()]);
        assert!(
            c.unexpected[0].1.starts_with("size: recorded"),
            "{:?}",
            c.unexpected
        );
        assert!(
            c.unexpected[1].1.contains("entry: recorded"),
            "{:?}",
            c.unexpected
        );
        assert!(
            c.summary("t").contains("9 of 12 cases agree"),
            "{}",
            c.summary("t")
        );
        // Recording puts 13.5's true answers back where the data is wrong.
        let n = record_differences(&CUDA_13_5, &other, &mut records, &cases).unwrap();
        assert_eq!(n, 2);
        assert!(records[7].releases.is_empty());
        let c = compare(&CUDA_13_5, &other, &records, &cases).unwrap();
        assert!(c.unexpected.is_empty(), "{}", c.details(12));
    }
}
