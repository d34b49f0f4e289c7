//! The differential test suite's files: NVRTC's answers as data, and the Rust test source that
//! checks them through ptx-abi's derive.
//!
//! A suite is two texts rendered from a list of `(case, answer)` pairs:
//!
//! - the **data** ([`render_data`], read back by [`parse_data`]): per case its key, NVRTC's
//!   [`Answer`], the CUDA source NVRTC compiled and the Rust definitions, in a line-based text
//!   format that diffs well;
//! - the **Rust source** ([`render_rust`]): every case's `#[derive(PtxAbi)]` definitions and
//!   one line per case, `run.check("key", <value>);`, calling the generic checker of the
//!   `oracle-tests` crate (`oracle_tests::Run`), which compares size, alignment, member
//!   offsets, the encoded image, the decoded value and the `.param` declarations with the data.
//!
//! Only the data of the golden corpus is checked in (`oracle-tests/tests/data/`); its derive
//! sample and the live suite are rendered as Rust here, into `OUT_DIR`, by
//! `oracle-tests/build.rs`.

use std::fmt::Write;

use crate::gen::{cuda_defs, cuda_initializer, rust_defs, rust_value, Case};
use crate::probe::{default_threads, probe_all, Answer, ProbeError, BATCH};
use ptx_abi_nvtools::nvrtc::Nvrtc;

/// One case of a suite as stored in the data: what NVRTC said and what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The key the Rust source uses for this case (`{seed:x}_{id}`, or a name such as
    /// `fig2_allocation` for the hand-written entries).
    pub key: String,
    /// Seed of the generated case (0 for hand-written entries).
    pub seed: u64,
    /// Id of the case: its probe symbols are `ptxabi_*_{id}`.
    pub id: u32,
    /// Name of the top type (the same in CUDA and Rust).
    pub top: String,
    /// NVRTC's answer.
    pub answer: Answer,
    /// The CUDA definitions of the case (NVRTC compiled them followed by the probe of
    /// [`crate::gen::cuda_probe`]).
    pub cuda: String,
    /// The C++ initializer of the value (`ptxabi_val_{id}`), one line.
    pub init: String,
    /// The answers of other CUDA releases (`("11.8", answer)`, issue 22) where they differ
    /// from [`Record::answer`] (NVRTC 12.9's); a release not listed agrees with it. In the data
    /// each is written as the fields that differ, `cuda 11.8 size 12`, after the answer.
    pub releases: Vec<(String, Answer)>,
}

impl Record {
    /// The answer of CUDA release `version` (`"11.8"`, `"13.5"`): its own where the data
    /// records one, else [`Record::answer`].
    pub fn answer_for(&self, version: &str) -> &Answer {
        self.releases
            .iter()
            .find(|(v, _)| v == version)
            .map_or(&self.answer, |(_, a)| a)
    }
}

/// The key of a generated case: `{seed:x}_{id}`.
pub fn case_key(case: &Case) -> String {
    format!("{:x}_{}", case.seed, case.id)
}

/// The record of a case and its answer, under `key`.
pub fn record(key: &str, case: &Case, answer: &Answer) -> Record {
    Record {
        key: key.to_string(),
        seed: case.seed,
        id: case.id,
        top: case.top().name.clone(),
        answer: answer.clone(),
        cuda: cuda_defs(case),
        init: cuda_initializer(case),
        releases: Vec::new(),
    }
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        write!(s, "{b:02x}").unwrap();
    }
    s
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err(format!("odd number of hex digits in {s:?}"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| format!("{s:?}: {e}")))
        .collect()
}

const CASE: &str = "=== case ";
const END: &str = "=== end";
const CUDA: &str = "--- cuda";

/// The data text of `records`, in order.
pub fn render_data(records: &[Record]) -> String {
    let mut s = String::new();
    for r in records {
        let a = &r.answer;
        writeln!(s, "{CASE}{}", r.key).unwrap();
        writeln!(s, "seed {}", r.seed).unwrap();
        writeln!(s, "id {}", r.id).unwrap();
        writeln!(s, "type {}", r.top).unwrap();
        writeln!(s, "size {}", a.size).unwrap();
        writeln!(s, "align {}", a.align).unwrap();
        writeln!(s, "offsets{}", offsets_text(a)).unwrap();
        writeln!(s, "image {}", hex(&a.image)).unwrap();
        for p in &a.entry_params {
            writeln!(s, "entry {p}").unwrap();
        }
        for p in &a.func_params {
            writeln!(s, "func {p}").unwrap();
        }
        writeln!(s, "ret {}", a.func_ret).unwrap();
        for (version, other) in &r.releases {
            render_release(&mut s, version, a, other);
        }
        writeln!(s, "init {}", r.init).unwrap();
        writeln!(s, "{CUDA}").unwrap();
        s.push_str(&r.cuda);
        if !r.cuda.ends_with('\n') {
            s.push('\n');
        }
        writeln!(s, "{END}").unwrap();
    }
    s
}

/// The `offsets` value of an answer: ` 0:0 2:3`.
fn offsets_text(a: &Answer) -> String {
    a.offsets.iter().map(|(k, o)| format!(" {k}:{o}")).collect()
}

/// The lines `cuda <version> <field> <value>` of every field in which `other` (the answer of
/// CUDA `version`) differs from `base`. `entry` and `func` lines replace the base's lines of
/// that kind as a whole.
fn render_release(s: &mut String, version: &str, base: &Answer, other: &Answer) {
    let mut line = |field: &str, value: &str| writeln!(s, "cuda {version} {field} {value}");
    if other.size != base.size {
        line("size", &other.size.to_string()).unwrap();
    }
    if other.align != base.align {
        line("align", &other.align.to_string()).unwrap();
    }
    if other.offsets != base.offsets {
        line("offsets", offsets_text(other).trim_start()).unwrap();
    }
    if other.image != base.image {
        line("image", &hex(&other.image)).unwrap();
    }
    if other.entry_params != base.entry_params {
        for p in &other.entry_params {
            line("entry", p).unwrap();
        }
    }
    if other.func_params != base.func_params {
        for p in &other.func_params {
            line("func", p).unwrap();
        }
    }
    if other.func_ret != base.func_ret {
        line("ret", &other.func_ret).unwrap();
    }
}

/// Sets one answer field from its data line (`size 12`, `entry .param …`): `Ok(false)` when
/// `field` is not an answer field.
fn apply_field(a: &mut Answer, field: &str, value: &str) -> Result<bool, String> {
    let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{v:?}: {e}"));
    match field {
        "size" => a.size = num(value)?,
        "align" => a.align = num(value)?,
        "offsets" => {
            a.offsets.clear();
            for item in value.split_whitespace() {
                let (k, o) = item
                    .split_once(':')
                    .ok_or_else(|| format!("bad offset {item:?}"))?;
                a.offsets.push((num(k)? as usize, num(o)?));
            }
        }
        "image" => a.image = unhex(value)?,
        "entry" => a.entry_params.push(value.to_string()),
        "func" => a.func_params.push(value.to_string()),
        "ret" => a.func_ret = value.to_string(),
        _ => return Ok(false),
    }
    Ok(true)
}

/// Reads the records of a data text written by [`render_data`].
pub fn parse_data(text: &str) -> Result<Vec<Record>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        // Blank lines and `#` comments (provenance lines) between cases.
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key = line
            .strip_prefix(CASE)
            .ok_or_else(|| format!("line {}: expected `{CASE}<key>`, found {line:?}", n + 1))?;
        let mut r = Record {
            key: key.to_string(),
            seed: 0,
            id: 0,
            top: String::new(),
            answer: Answer {
                size: 0,
                align: 0,
                offsets: Vec::new(),
                image: Vec::new(),
                entry_params: Vec::new(),
                func_params: Vec::new(),
                func_ret: String::new(),
            },
            cuda: String::new(),
            init: String::new(),
            releases: Vec::new(),
        };
        let err = |n: usize, m: String| format!("line {} (case {key}): {m}", n + 1);
        let num = |n: usize, v: &str| v.parse::<u64>().map_err(|e| err(n, format!("{v:?}: {e}")));
        // `cuda <version> <field> <value>` lines, applied once the base answer is complete.
        let mut release_lines: Vec<(usize, &str, &str, &str)> = Vec::new();
        // Header lines up to `--- cuda`.
        loop {
            let (n, line) = lines
                .next()
                .ok_or_else(|| err(n, "unexpected end of data".into()))?;
            if line == CUDA {
                break;
            }
            let (field, value) = line.split_once(' ').unwrap_or((line, ""));
            match field {
                "seed" => r.seed = num(n, value)?,
                "id" => r.id = num(n, value)? as u32,
                "type" => r.top = value.to_string(),
                "init" => r.init = value.to_string(),
                "cuda" => {
                    let (version, rest) = value.split_once(' ').unwrap_or((value, ""));
                    let (field, value) = rest.split_once(' ').unwrap_or((rest, ""));
                    release_lines.push((n, version, field, value));
                }
                _ => {
                    if !apply_field(&mut r.answer, field, value).map_err(|m| err(n, m))? {
                        return Err(err(n, format!("unknown field {line:?}")));
                    }
                }
            }
        }
        for &(_, version, _, _) in &release_lines {
            if r.releases.iter().any(|(v, _)| v == version) {
                continue;
            }
            let mut a = r.answer.clone();
            let ours = || release_lines.iter().filter(|l| l.1 == version);
            // `entry` and `func` lines replace the base's lines of that kind as a whole.
            if ours().any(|l| l.2 == "entry") {
                a.entry_params.clear();
            }
            if ours().any(|l| l.2 == "func") {
                a.func_params.clear();
            }
            for &(n, _, field, value) in ours() {
                if !apply_field(&mut a, field, value).map_err(|m| err(n, m))? {
                    return Err(err(
                        n,
                        format!("unknown field `{field}` of CUDA {version}'s answer"),
                    ));
                }
            }
            r.releases.push((version.to_string(), a));
        }
        loop {
            let (_, line) = lines
                .next()
                .ok_or_else(|| err(n, "unexpected end of data".into()))?;
            if line == END {
                break;
            }
            r.cuda.push_str(line);
            r.cuda.push('\n');
        }
        out.push(r);
    }
    Ok(out)
}

/// The comment line before the Rust definitions of case `key` in a rendered source is this
/// followed by the key.
pub const RUST_MARK: &str = "// ---- case ";

/// The Rust definitions of case `key` in `source` (a text written by [`render_rust`]), from its
/// marker comment to the next one; `None` if the source does not hold them.
pub fn rust_definitions<'s>(source: &'s str, key: &str) -> Option<&'s str> {
    let mark = format!("{RUST_MARK}{key}\n");
    let start = source.find(&mark)? + mark.len();
    let rest = &source[start..];
    let end = rest.find(RUST_MARK).unwrap_or(rest.len());
    Some(rest[..end].trim_end())
}

/// The Rust value of case `key` in a source written by [`render_rust`]: the expression its
/// `run.check` line passes (mismatch reports show the value as written).
pub fn rust_value_of<'s>(source: &'s str, key: &str) -> Option<&'s str> {
    let call = format!("run.check({key:?}, ");
    let start = source.find(&call)? + call.len();
    source[start..].lines().next()?.strip_suffix(");")
}

/// What [`render_rust`] writes besides the cases.
#[derive(Clone, Debug)]
pub struct RustOptions<'a> {
    /// The first lines of the file (`//!` comments, inner attributes), without a trailing
    /// newline.
    pub header: &'a str,
    /// Name of the `pub fn` that checks every case and panics on a mismatch. The source is
    /// meant to be `include!`d in a module of its own: a `#[test]` of a test binary calls the
    /// function in `cargo test`, a proof binary calls it in optimized profiles (issue 20).
    pub fn_name: &'a str,
    /// Name of the run in messages (such as `live seed 42, part 0`).
    pub run_name: &'a str,
    /// A Rust expression of type `&'static str` giving the data text, such as
    /// `include_str!("data/corpus_0.txt")`.
    pub data_expr: &'a str,
    /// A Rust expression of type `&'static str` giving this very source (for mismatch reports,
    /// which quote a case's Rust definitions from it), such as
    /// `include_str!(concat!(env!("OUT_DIR"), "/corpus_derive.rs"))`.
    pub source_expr: &'a str,
    /// Cases per helper function (keeps functions a reasonable size for the compiler).
    pub part_size: usize,
}

/// The Rust source of `cases` (with their keys): definitions, and one `pub fn` that checks
/// each case through the derive against the data. `cases` must be the cases of the
/// data, in the same order.
pub fn render_rust(cases: &[(String, &Case)], opts: &RustOptions<'_>) -> String {
    let mut s = String::new();
    writeln!(s, "{}\n", opts.header).unwrap();
    s.push_str("use oracle_tests::Run;\n\n");
    writeln!(s, "pub fn {}() {{", opts.fn_name).unwrap();
    let parts: Vec<_> = cases.chunks(opts.part_size.max(1)).collect();
    // No cases (`PTX_ABI_LIVE_CASES=0`): no part borrows `run` mutably.
    let binding = if parts.is_empty() { "run" } else { "mut run" };
    writeln!(
        s,
        "    let {binding} = Run::new({:?}, {}, {});",
        opts.run_name, opts.data_expr, opts.source_expr
    )
    .unwrap();
    for i in 0..parts.len() {
        writeln!(s, "    part_{i}(&mut run);").unwrap();
    }
    s.push_str("    run.finish();\n}\n");
    for (i, part) in parts.iter().enumerate() {
        writeln!(s, "\nfn part_{i}(run: &mut Run) {{").unwrap();
        for (key, case) in part.iter() {
            writeln!(s, "    run.check({key:?}, {});", rust_value(case)).unwrap();
        }
        s.push_str("}\n");
    }
    for (key, case) in cases {
        writeln!(s, "\n{}{key}", RUST_MARK).unwrap();
        s.push_str(&rust_defs(case));
    }
    s
}

/// Asks NVRTC about `cases` (in batches, on several threads) and returns one record per case,
/// keyed by [`case_key`].
pub fn probe_records(nvrtc: &Nvrtc, cases: &[Case]) -> Result<Vec<Record>, ProbeError> {
    let answers = probe_all(nvrtc, cases, BATCH, default_threads())?;
    Ok(cases
        .iter()
        .zip(&answers)
        .map(|(c, a)| record(&case_key(c), c, a))
        .collect())
}

/// The records of every `.txt` file in `dir` whose name starts with `prefix`, in name order
/// ([`parse_data`] of each); panics naming the file that cannot be read.
pub fn records_in(dir: &std::path::Path, prefix: &str) -> Vec<Record> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "txt")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    files.sort();
    let mut records = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        records.extend(parse_data(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display())));
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::generate;

    #[test]
    fn data_round_trips() {
        let cases: Vec<Case> = (0..20).map(|id| generate(99, id)).collect();
        let records: Vec<Record> = cases
            .iter()
            .map(|c| {
                let answer = Answer {
                    size: 24,
                    align: 8,
                    offsets: vec![(0, 0), (3, 16)],
                    image: vec![1, 2, 0xff, 0],
                    entry_params: vec![format!(
                        ".param .align 8 .b8 ptxabi_k_{}_param_0[24]",
                        c.id
                    )],
                    func_params: vec![format!(".param .b32 ptxabi_f_{}_param_0", c.id)],
                    func_ret: ".param .b32 func_retval0".into(),
                };
                record(&case_key(c), c, &answer)
            })
            .collect();
        let mut records = records;
        // Other releases' answers: one field, and every field, differing.
        let mut other = records[1].answer.clone();
        other.image[0] ^= 0xff;
        records[1].releases.push(("11.8".into(), other));
        let every = Answer {
            size: 32,
            align: 16,
            offsets: vec![(1, 4)],
            image: vec![9; 32],
            entry_params: vec![".param .align 16 .b8 k_param_0[32]".into()],
            func_params: vec![".param .align 16 .b8 f_param_0[32]".into(), "x".into()],
            func_ret: ".param .align 16 .b8 func_retval0[32]".into(),
        };
        records[1].releases.push(("13.5".into(), every.clone()));
        let text = render_data(&records);
        assert!(text.contains("\ncuda 11.8 image fe02ff00\n"), "{text}");
        assert_eq!(parse_data(&text).unwrap(), records);
        assert_eq!(records[1].answer_for("13.5"), &every);
        assert_eq!(records[1].answer_for("12.9"), &records[1].answer);
        assert!(
            parse_data(&text.replace("cuda 11.8 image", "cuda 11.8 imag"))
                .unwrap_err()
                .contains("unknown field `imag` of CUDA 11.8's answer")
        );
        let keyed: Vec<(String, &Case)> = cases.iter().map(|c| (case_key(c), c)).collect();
        let src = render_rust(
            &keyed,
            &RustOptions {
                header: "//! test",
                fn_name: "t",
                run_name: "t",
                data_expr: "\"\"",
                source_expr: "\"\"",
                part_size: 7,
            },
        );
        assert!(src.contains("pub fn t() {"));
        assert!(src.contains("fn part_2(run: &mut Run)"));
        assert_eq!(src.matches("run.check(").count(), 20);
        let defs = rust_definitions(&src, &case_key(&cases[3])).unwrap();
        assert_eq!(defs, rust_defs(&cases[3]).trim_end());
        // A report's value, as the case's `run.check` line writes it; the key is matched with
        // its quotes, so a key that begins another (`…_1`, `…_10`) finds its own line.
        for case in [&cases[1], &cases[10]] {
            let value = rust_value_of(&src, &case_key(case)).unwrap();
            assert_eq!(value, rust_value(case));
        }
        assert_eq!(rust_value_of(&src, "no such case"), None);
    }
}
