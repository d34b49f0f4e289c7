//! Issue 30: NVIDIA's two compilers of CUDA 13.5, nvcc (what users build with) and NVRTC (the
//! oracle of everything else), asked the same questions and compared with each other.
//!
//! - `corpus_nvcc_agrees_with_nvrtc_13_5`: every case of the golden corpus (`tests/data`) is
//!   compiled by both, in the same batches ([`ptx_abi_oracle::nvcc`]: the probe source is
//!   NVRTC's, unchanged), and each answer (size, alignment, offsets, the value's bytes, the
//!   parameter declarations) read from each compiler's own PTX must be the same.
//! - `candidates_differ_only_where_documented`: constructs of real CUDA code where two front
//!   ends plausibly lay a type out differently ([`CANDIDATES`]: GNU attributes in every
//!   position, `#pragma pack`, `__align__`, `alignas`, odd bit-fields, `long double`,
//!   `__int128`, anonymous members, bases, templates, …), each compiled alone by both; the
//!   candidates whose answers differ, or that one compiler rejects, must be exactly those of
//!   [`DOCUMENTED`], each of which `docs/nvidia-notes.md` ("Where NVRTC and nvcc disagree")
//!   describes. Each difference is printed with what each compiler does.
//!
//! Needs nvcc 13.5 (`cargo xtask nvcc`, or `PTX_ABI_NVCC_13_5`; it runs with the machine's
//! gcc) and NVRTC 13.5 (`cargo xtask nvrtc 13.5`, or `PTX_ABI_NVRTC_13_5`); skips without
//! them, fails under `PTX_ABI_REQUIRE_ORACLE=1`.

use std::collections::HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use ptx_abi_nvtools::fetch::CUDA_13_5;
use ptx_abi_nvtools::nvcc::Nvcc;
use ptx_abi_nvtools::nvrtc::{Nvrtc, Source};
use ptx_abi_oracle::corpus::cases_of;
use ptx_abi_oracle::gen::{generate, Case};
use ptx_abi_oracle::probe::{default_threads, probe_batch, Answer, PROBE_OPTIONS};
use ptx_abi_oracle::ptx;
use ptx_abi_oracle::require::{nvcc, nvrtc_release, say};
use ptx_abi_oracle::suite::{records_in, Record};

/// Both compilers, or `None` after skipping `what`.
fn compilers(what: &str) -> Option<(Nvcc, Nvrtc)> {
    let path: PathBuf = nvcc(what)?;
    let nvrtc = nvrtc_release(what, &CUDA_13_5)?;
    let nvcc = Nvcc::load(&path).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(nvcc.version(), (13, 5), "{what}: {}", path.display());
    assert_eq!(
        nvrtc.version(),
        (13, 5),
        "{what}: {}",
        nvrtc.path().display()
    );
    Some((nvcc, nvrtc))
}

/// `f` of every item, on `threads` threads, in item order.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    let results = results.into_inner().unwrap();
    results
        .into_iter()
        .map(|r| r.expect("every item ran"))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The golden corpus

/// Consecutive runs of `cases` of at most `limit` cases with distinct ids (probe symbols embed
/// only the id, and every data file numbers its cases from 0), as index ranges.
fn batches(cases: &[Case], limit: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut ids = HashSet::new();
    for (i, c) in cases.iter().enumerate() {
        if i - start == limit || !ids.insert(c.id) {
            out.push(start..i);
            start = i;
            ids = HashSet::from([c.id]);
        }
    }
    if start < cases.len() {
        out.push(start..cases.len());
    }
    out
}

/// Batches end at the size limit and where an id repeats (the next data file).
#[test]
fn batches_end_at_the_limit_and_at_a_repeated_id() {
    let cases: Vec<Case> = [0, 1, 0, 1, 2, 900_000]
        .into_iter()
        .map(|id| generate(1, id))
        .collect();
    assert_eq!(batches(&cases, 10), [0..2, 2..6]);
    assert_eq!(batches(&cases, 3), [0..2, 2..5, 5..6]);
    assert_eq!(batches(&[], 2), []);
}

/// Each compiler's answers for `cases`, and the seconds it spent: every batch of `ranges` asked
/// of both, on [`default_threads`] threads.
fn answer_both(
    nvcc: &Nvcc,
    nvrtc: &Nvrtc,
    cases: &[Case],
    ranges: &[Range<usize>],
) -> Result<[(Vec<Answer>, f64); 2], String> {
    // Every batch once per compiler, nvcc's (the slow ones) first.
    let jobs: Vec<(bool, Range<usize>)> = [true, false]
        .into_iter()
        .flat_map(|by_nvcc| ranges.iter().map(move |r| (by_nvcc, r.clone())))
        .collect();
    let results = in_parallel(&jobs, default_threads(), |(by_nvcc, range)| {
        let batch = &cases[range.clone()];
        let start = Instant::now();
        let answers = if *by_nvcc {
            probe_batch(nvcc, batch)
        } else {
            probe_batch(nvrtc, batch)
        };
        let by = if *by_nvcc { "nvcc" } else { "NVRTC" };
        answers
            .map(|a| (a, start.elapsed().as_secs_f64()))
            .map_err(|e| format!("{by} 13.5 cannot answer: {e}"))
    });
    let mut both = [(Vec::new(), 0.0), (Vec::new(), 0.0)];
    for ((by_nvcc, _), result) in jobs.iter().zip(results) {
        let (answers, seconds) = result?;
        let slot = &mut both[usize::from(!by_nvcc)];
        slot.0.extend(answers);
        slot.1 += seconds;
    }
    Ok(both)
}

/// A case whose answers differ: its key, its CUDA source and both answers.
fn describe_case(r: &Record, by_nvcc: &Answer, by_nvrtc: &Answer) -> String {
    format!(
        "case {}:\n{}value {}\n  nvcc:  {by_nvcc:?}\n  NVRTC: {by_nvrtc:?}",
        r.key, r.cuda, r.init
    )
}

#[test]
fn corpus_nvcc_agrees_with_nvrtc_13_5() {
    let what = "golden corpus on nvcc 13.5 and NVRTC 13.5";
    let Some((nvcc, nvrtc)) = compilers(what) else {
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data");
    let records = records_in(&dir, "");
    assert!(records.len() > 3000, "{} corpus records", records.len());
    let cases = cases_of(&records).unwrap_or_else(|d| panic!("{what}: drifted records: {d:?}"));
    let ranges = batches(&cases, ptx_abi_oracle::nvcc::BATCH);
    let start = Instant::now();
    let [(by_nvcc, nvcc_s), (by_nvrtc, nvrtc_s)] =
        answer_both(&nvcc, &nvrtc, &cases, &ranges).unwrap_or_else(|e| panic!("{what}: {e}"));
    let wall = start.elapsed();
    let differ: Vec<String> = (records.iter().zip(by_nvcc.iter().zip(&by_nvrtc)))
        .filter(|(_, (a, b))| a != b)
        .map(|(r, (a, b))| describe_case(r, a, b))
        .collect();
    say(&format!(
        "nvcc 13.5 vs NVRTC 13.5: golden corpus {}/{} cases agree ({} batches; nvcc {nvcc_s:.1} s, \
         NVRTC {nvrtc_s:.1} s, {:.1} s on {} threads)",
        records.len() - differ.len(),
        records.len(),
        ranges.len(),
        wall.as_secs_f64(),
        default_threads()
    ));
    assert!(
        differ.is_empty(),
        "{what}: {} cases differ; the first ones:\n{}",
        differ.len(),
        differ
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Candidate constructs

/// A construct where nvcc's and NVRTC's front ends might disagree: definitions ending with the
/// type `T` to ask about.
struct Candidate {
    /// A short name, as [`DOCUMENTED`] names it.
    name: &'static str,
    /// C++ defining `T` (and whatever it needs).
    defs: &'static str,
    /// A member of `T` whose offset is asked (`offsetof` under nvcc, `__INTADDR__` under
    /// NVRTC, which has no `<cstddef>`), if any.
    member: Option<&'static str>,
    /// The definition of the probe's variable `ptxabi_var`, when it is itself the construct
    /// (its `.align` in the PTX is compared); empty for the plain `extern "C" { __device__ T
    /// ptxabi_var; }` (a definition: `extern "C"` without braces would only declare it).
    var: &'static str,
}

/// A candidate with a member to ask the offset of.
const fn with(name: &'static str, defs: &'static str, member: &'static str) -> Candidate {
    Candidate {
        name,
        defs,
        member: Some(member),
        var: "",
    }
}

/// A candidate asked only for size, alignment and parameter passing.
const fn whole(name: &'static str, defs: &'static str) -> Candidate {
    Candidate {
        name,
        defs,
        member: None,
        var: "",
    }
}

/// The candidates. Each is written as CUDA projects write such types (portability macros
/// expanded), and each compiles alone.
const CANDIDATES: &[Candidate] = &[
    // GNU `aligned` in every position of a struct's definition.
    whole(
        "aligned_after_brace",
        "struct T { int x; } __attribute__((aligned(16)));",
    ),
    whole(
        "aligned_union_after_brace",
        "union T { int i; float f; } __attribute__((aligned(8)));",
    ),
    with(
        "aligned_after_brace_with_declarator",
        "__device__ struct T { char c; int x; } __attribute__((aligned(16))) ptxabi_unused;",
        "x",
    ),
    whole(
        "aligned_on_forward_declaration",
        "struct __attribute__((aligned(16))) T;\nstruct T { int x; };",
    ),
    whole(
        "aligned_before_struct",
        "__attribute__((aligned(16))) struct T { int x; };",
    ),
    whole(
        "aligned_after_struct_keyword",
        "struct __attribute__((aligned(16))) T { int x; };",
    ),
    whole(
        "aligned_after_brace_of_typedef",
        "typedef struct { float x, y, z; } __attribute__((aligned(16))) T;",
    ),
    whole(
        "aligned_after_brace_of_named_typedef",
        "typedef struct S { float x, y, z; } __attribute__((aligned(16))) T;",
    ),
    with(
        "array_of_aligned_typedef",
        "typedef struct { float x, y, z; } __attribute__((aligned(16))) V;\nstruct T { V v[2]; char c; };",
        "c",
    ),
    whole(
        "aligned_on_typedef_name",
        "typedef struct S { float x, y, z; } T __attribute__((aligned(16)));",
    ),
    with(
        "aligned_typedef_of_scalar",
        "typedef int aligned_int __attribute__((aligned(8)));\nstruct T { char c; aligned_int x; };",
        "x",
    ),
    with(
        "aligned_on_member",
        "struct T { char c; int x __attribute__((aligned(16))); };",
        "x",
    ),
    with(
        "aligned_below_natural_on_member",
        "struct T { char c; long long d __attribute__((aligned(2))); };",
        "d",
    ),
    with(
        "aligned_below_natural_on_vector_member",
        "struct T { double m0; float4 m1 __attribute__((aligned(4))); };",
        "m1",
    ),
    with(
        "aligned_before_member",
        "struct T { char c; __attribute__((aligned(16))) int x; };",
        "x",
    ),
    whole(
        "aligned_without_number",
        "struct __attribute__((aligned)) T { char c; };",
    ),
    whole(
        "aligned_without_number_after_brace",
        "struct T { char c; } __attribute__((aligned));",
    ),
    whole(
        "aligned_by_expression",
        "struct __attribute__((aligned(2 * sizeof(void*)))) T { int x; };",
    ),
    whole(
        "cxx11_gnu_aligned",
        "struct [[gnu::aligned(16)]] T { int x; };",
    ),
    Candidate {
        name: "aligned_on_variable",
        defs: "struct T { int x; };",
        member: None,
        var: "extern \"C\" { __device__ T ptxabi_var __attribute__((aligned(64))); }",
    },
    // GNU `packed`.
    with(
        "packed_after_struct_keyword",
        "struct __attribute__((packed)) T { char c; int x; };",
        "x",
    ),
    with(
        "packed_after_brace",
        "struct T { char c; int x; } __attribute__((packed));",
        "x",
    ),
    with(
        "packed_member",
        "struct T { char c; int x __attribute__((packed)); };",
        "x",
    ),
    with(
        "packed_and_aligned_after_brace",
        "struct T { char c; int x; short s; } __attribute__((packed, aligned(4)));",
        "s",
    ),
    with(
        "packed_bit_fields",
        "struct __attribute__((packed)) T { char c; unsigned x : 12; char d; };",
        "d",
    ),
    whole(
        "packed_enum",
        "enum __attribute__((packed)) Small { A, B, C };\nstruct T { Small s; };",
    ),
    whole(
        "packed_enum_after_brace",
        "enum Small { A, B, C } __attribute__((packed));\nstruct T { Small s; };",
    ),
    // CUDA's and C++'s own spellings.
    whole("align_macro", "struct __align__(16) T { int x; };"),
    whole(
        "align_macro_after_brace",
        "struct T { int x; } __align__(16);",
    ),
    whole("alignas_struct", "struct alignas(16) T { int x; };"),
    with(
        "alignas_member",
        "struct T { char c; alignas(8) int x; };",
        "x",
    ),
    whole(
        "alignas_typedef_struct",
        "typedef struct alignas(16) { float a, b; } T;",
    ),
    with(
        "alignas_of_type",
        "template <typename U> struct Storage { alignas(U) unsigned char bytes[sizeof(U)]; bool engaged; };\nusing T = Storage<double>;",
        "engaged",
    ),
    whole(
        "alignas_template",
        "template <typename U> struct alignas(2 * sizeof(U)) Pair { U first, second; };\nusing T = Pair<float>;",
    ),
    // `#pragma pack`.
    with(
        "pragma_pack_push_1",
        "#pragma pack(push, 1)\nstruct T { char c; int x; double d; };\n#pragma pack(pop)",
        "d",
    ),
    with(
        "pragma_pack_2",
        "#pragma pack(2)\nstruct T { char c; double d; };\n#pragma pack()",
        "d",
    ),
    with(
        "pragma_pack_bit_fields",
        "#pragma pack(push, 1)\nstruct T { char c; unsigned x : 12; char d; };\n#pragma pack(pop)",
        "d",
    ),
    with(
        "pragma_pack_char_bit_fields_across_bytes",
        "#pragma pack(push, 1)\nstruct T { unsigned char a : 6; unsigned char b : 4; unsigned char c : 6; unsigned char d; };\n#pragma pack(pop)",
        "d",
    ),
    with(
        "pragma_pack_short_bit_fields_across_units",
        "#pragma pack(push, 1)\nstruct T { char c; short a : 12; short b : 8; char d; };\n#pragma pack(pop)",
        "d",
    ),
    // Bit-fields.
    with(
        "bit_field_long_long",
        "struct T { char c; long long x : 40; char d; };",
        "d",
    ),
    with(
        "bit_field_char",
        "struct T { char a : 3; char b : 6; char d; };",
        "d",
    ),
    with(
        "bit_field_enum",
        "enum Mode { Off, On, Auto };\nstruct T { char c; Mode m : 2; char d; };",
        "d",
    ),
    with(
        "bit_field_scoped_enum",
        "enum class Kind : unsigned char { A, B };\nstruct T { Kind k : 1; Kind l : 7; char d; };",
        "d",
    ),
    with(
        "bit_field_bool",
        "struct T { bool a : 1; bool b : 1; int i : 3; char d; };",
        "d",
    ),
    with(
        "zero_width_bit_field",
        "struct T { char c; int : 0; char d; };",
        "d",
    ),
    with(
        "bit_field_after_aligned_member",
        "struct T { char c __attribute__((aligned(8))); unsigned x : 5; char d; };",
        "d",
    ),
    with(
        "bit_field_wider_than_type",
        "struct T { char c; unsigned char x : 8; unsigned char y : 1; char d; };",
        "d",
    ),
    with(
        "ms_struct_bit_fields",
        "struct __attribute__((ms_struct)) T { char a : 3; int b : 5; char d; };",
        "d",
    ),
    // Scalar types.
    with(
        "mode_attribute",
        "typedef int byte_int __attribute__((mode(QI)));\nstruct T { char c; byte_int b; short s; };",
        "s",
    ),
    with(
        "enum_underlying_uchar",
        "enum Level : unsigned char { Low, High };\nstruct T { char c; Level l; short s; };",
        "s",
    ),
    with("long_double", "struct T { char c; long double d; };", "d"),
    with("int128", "struct T { char c; __int128 x; };", "x"),
    with("wchar", "struct T { char c; wchar_t w; };", "w"),
    with("char8", "struct T { char c; char8_t a; char32_t w; };", "w"),
    with("complex_float", "struct T { char c; _Complex float z; };", "z"),
    // Vector types: GNU's, and CUDA's (CUDA 13 deprecates the 4-vectors of 8-byte elements).
    with(
        "gnu_vector_size",
        "typedef float v4sf __attribute__((vector_size(16)));\nstruct T { char c; v4sf v; };",
        "v",
    ),
    with("double4", "struct T { char c; double4 v; };", "v"),
    with("longlong4", "struct T { char c; longlong4 v; };", "v"),
    with("double4_32a", "struct T { char c; double4_32a v; };", "v"),
    // Aggregates.
    whole("empty_struct", "struct T {};"),
    with(
        "flexible_array",
        "struct T { int count; double data[]; };",
        "data",
    ),
    with(
        "zero_length_array",
        "struct T { int count; double data[0]; };",
        "data",
    ),
    with(
        "anonymous_struct",
        "struct T { char c; struct { int a; short b; }; };",
        "b",
    ),
    with(
        "anonymous_union",
        "struct T { char c; union { int i; double d; }; };",
        "d",
    ),
    with(
        "extension_anonymous_union",
        "struct T { char c; __extension__ union { int i; float f; }; };",
        "f",
    ),
    with(
        "static_member",
        "struct T { char c; static int count; int x; };",
        "x",
    ),
    with(
        "static_constexpr_member",
        "struct T { char c; static constexpr int limit = 4; int x; };",
        "x",
    ),
    with(
        "base_class",
        "struct Base { char tag; };\nstruct T : Base { int x; };",
        "x",
    ),
    with(
        "empty_base",
        "struct Empty {};\nstruct T : Empty { char c; int x; };",
        "x",
    ),
    with(
        "base_tail_padding",
        "struct Base { int i; protected: char c; };\nstruct T : Base { char d; };",
        "d",
    ),
    with(
        "no_unique_address",
        "struct Empty {};\nstruct T { [[no_unique_address]] Empty e; int x; };",
        "x",
    ),
    whole(
        "aligned_template",
        "template <typename U> struct __attribute__((aligned(16))) Wrap { U value; };\nusing T = Wrap<char>;",
    ),
];

/// How a candidate's answers differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Both compile it; some answer differs.
    Layout,
    /// nvcc fails, NVRTC compiles it.
    RejectedByNvcc,
    /// NVRTC fails, nvcc compiles it.
    RejectedByNvrtc,
}

/// The candidates on which nvcc 13.5 and NVRTC 13.5 disagree (found by running them), each
/// described in `docs/nvidia-notes.md` ("Where NVRTC and nvcc disagree"). Sizes and
/// alignments are written size/align.
const DOCUMENTED: &[(&str, Kind)] = &[
    // A GNU attribute after a closing brace: nvcc applies it to the type (16/16); NVRTC drops
    // it with #1866-D "attribute does not apply to any entity" (4/4).
    ("aligned_after_brace", Kind::Layout),
    // The same on a union: nvcc 8/8; NVRTC 4/4, #1866-D.
    ("aligned_union_after_brace", Kind::Layout),
    // A declarator after the attribute: nvcc aligns the type (16/16); NVRTC silently aligns
    // only the variable (the type stays 8/4).
    ("aligned_after_brace_with_declarator", Kind::Layout),
    // `typedef struct {…} __attribute__((aligned(16))) T`: nvcc 16/16; NVRTC silently aligns
    // the typedef only, 12/16: a size that is not a multiple of the alignment.
    ("aligned_after_brace_of_typedef", Kind::Layout),
    // The same with a named struct: nvcc 16/16, NVRTC 12/16.
    ("aligned_after_brace_of_named_typedef", Kind::Layout),
    // An array of that typedef: nvcc strides 16 (`c` at 32, 48/16); NVRTC strides 12 (`c` at
    // 24, 32/16), so its second element is misaligned.
    ("array_of_aligned_typedef", Kind::Layout),
    // `aligned` without a number after the brace: nvcc the host's largest alignment (16/16);
    // NVRTC drops it, #1866-D (1/1).
    ("aligned_without_number_after_brace", Kind::Layout),
    // `[[gnu::aligned(16)]]`: nvcc applies it (16/16); NVRTC ignores it with #1097-D "unknown
    // attribute" (4/4).
    ("cxx11_gnu_aligned", Kind::Layout),
    // `char` bit-fields across a byte under `#pragma pack(1)`: nvcc packs them without padding
    // (`d` at 2, 3/1); NVRTC starts each on the next byte (`d` at 3, 4/1). ptx-abi refuses
    // such bit-fields (`LayoutError::PackedBitFieldCrosses`).
    ("pragma_pack_char_bit_fields_across_bytes", Kind::Layout),
    // A member's `aligned` below its type's alignment: nvcc ignores it, as GCC does (`d` at 8,
    // 16/8); NVRTC lowers the member's alignment to it (`d` at 2, 10/2). ptx-abi refuses it
    // (`LayoutError::MemberAlignBelowNatural`).
    ("aligned_below_natural_on_member", Kind::Layout),
    // The same on a `float4` (aligned 16 by `__align__`): nvcc `m1` at 16, 32/16; NVRTC at 8,
    // 24/8.
    ("aligned_below_natural_on_vector_member", Kind::Layout),
    // `packed` after the brace: nvcc packs (5/1, `x` at 1); NVRTC drops it, #1866-D (8/4).
    ("packed_after_brace", Kind::Layout),
    // `packed, aligned(4)` after the brace: nvcc 8/4 (`s` at 5); NVRTC 12/4 (`s` at 8), #1866-D.
    ("packed_and_aligned_after_brace", Kind::Layout),
    // `enum {…} __attribute__((packed))`: nvcc a 1-byte enum (1/1); NVRTC 4/4, #1866-D.
    ("packed_enum_after_brace", Kind::Layout),
    // CUDA's `__align__(16)` after the brace (the same attribute): nvcc 16/16; NVRTC 4/4,
    // #1866-D.
    ("align_macro_after_brace", Kind::Layout),
    // `__int128`: nvcc 32/16 (`x` at 16); NVRTC wants `--device-int128`.
    ("int128", Kind::RejectedByNvrtc),
    // `_Complex float` (GNU C): nvcc 12/4; NVRTC does not know `_Complex`.
    ("complex_float", Kind::RejectedByNvrtc),
    // GNU's `vector_size`: nvcc rejects a GNU vector in device code; NVRTC ignores the
    // attribute, #1097-D, and makes `v4sf` a plain `float` (8/4).
    ("gnu_vector_size", Kind::RejectedByNvcc),
    // A flexible array member: nvcc 8/8 (`data` at 8); NVRTC: incomplete type not allowed.
    ("flexible_array", Kind::RejectedByNvrtc),
    // A zero-length array (GNU): nvcc 8/8; NVRTC: array size must be greater than zero.
    ("zero_length_array", Kind::RejectedByNvrtc),
    // `__extension__ union {…}`: nvcc 8/4; NVRTC does not know `__extension__`.
    ("extension_anonymous_union", Kind::RejectedByNvrtc),
    // A non-const static data member: nvcc 8/4; NVRTC calls it a host variable, which JIT
    // mode refuses without `-default-device`.
    ("static_member", Kind::RejectedByNvrtc),
];

/// What one compiler says about one candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    /// `sizeof(T)`.
    size: u64,
    /// `alignof(T)`.
    align: u64,
    /// The offset of the candidate's member.
    offset: Option<u64>,
    /// `.align` of `ptxabi_var` in the PTX.
    var_align: u32,
    /// Its size in the PTX.
    var_size: usize,
    /// The parameter of `ptxabi_k(T)`, as the PTX declares it.
    param: String,
}

/// One compiler's outcome: the layout or its error, and its warnings.
#[derive(Clone, Debug)]
struct Outcome {
    /// The layout, or the compiler's error lines (it rejects the candidate).
    layout: Result<Layout, String>,
    /// The warning lines of its log.
    warnings: Vec<String>,
}

/// What a probe of a candidate starts with: `PTXABI_OFFSETOF` as each compiler writes
/// `offsetof`.
const PRELUDE: &str = "\
#if defined(__CUDACC_RTC__)
#define PTXABI_OFFSETOF(T, m) __INTADDR__(&((T*)0)->m)
#else
#include <cstddef>
#define PTXABI_OFFSETOF(T, m) offsetof(T, m)
#endif
";

/// The source asking about `c`.
fn probe_source(c: &Candidate) -> String {
    let mut s = format!("{PRELUDE}{}\n", c.defs);
    s.push_str("extern \"C\" __device__ unsigned long long ptxabi_size = sizeof(T);\n");
    s.push_str("extern \"C\" __device__ unsigned long long ptxabi_align = alignof(T);\n");
    if let Some(m) = c.member {
        s.push_str(&format!(
            "extern \"C\" __device__ unsigned long long ptxabi_off = PTXABI_OFFSETOF(T, {m});\n"
        ));
    }
    if c.var.is_empty() {
        s.push_str("extern \"C\" { __device__ T ptxabi_var; }\n");
    } else {
        s.push_str(c.var);
        s.push('\n');
    }
    s.push_str("extern \"C\" __global__ void ptxabi_k(T a) {}\n");
    s
}

/// The lines of `log` that are diagnostics of `kind` (`"warning"`, `"error"`).
fn diagnostics(log: &str, kind: &str) -> Vec<String> {
    let marker = format!(": {kind}");
    log.lines()
        .filter(|l| l.contains(&marker))
        // nvcc names the file by its path in a scratch directory.
        .map(|l| {
            l.find("candidate.cu")
                .map_or(l, |i| &l[i..])
                .trim()
                .to_string()
        })
        .collect()
}

/// Reads the layout of a candidate from `ptx_text`.
fn read_layout(ptx_text: &str, c: &Candidate) -> Result<Layout, String> {
    let globals = ptx::try_globals(ptx_text)?;
    let global = |name: &str| {
        globals
            .iter()
            .find(|g| g.name == name)
            .ok_or_else(|| format!("no global `{name}` in the PTX"))
    };
    let scalar = |name: &str| -> Result<u64, String> {
        let bytes = global(name)?.bytes()?;
        let mut le = [0u8; 8];
        le[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
        Ok(u64::from_le_bytes(le))
    };
    let var = global("ptxabi_var")?;
    let kernel = ptx::try_signatures(ptx_text)?
        .into_iter()
        .find(|s| s.name == "ptxabi_k")
        .ok_or("no kernel `ptxabi_k` in the PTX")?;
    Ok(Layout {
        size: scalar("ptxabi_size")?,
        align: scalar("ptxabi_align")?,
        offset: c.member.map(|_| scalar("ptxabi_off")).transpose()?,
        var_align: var.align,
        var_size: var.size(),
        param: kernel.params.iter().map(|p| p.text.as_str()).collect(),
    })
}

/// The outcome of a compile of `c` that gave `ptx_text` and `log`. PTX that cannot be read is a
/// bug of the probe, not an answer: it panics.
fn compiled(c: &Candidate, ptx_text: &str, log: &str) -> Outcome {
    let layout = read_layout(ptx_text, c)
        .unwrap_or_else(|e| panic!("candidate {}: unreadable PTX: {e}\n{ptx_text}", c.name));
    Outcome {
        layout: Ok(layout),
        warnings: diagnostics(log, "warning"),
    }
}

/// The outcome of a failed compile that printed `log`: its error lines (the whole log if it
/// has none, as when the host preprocessor fails).
fn rejected(log: &str) -> Outcome {
    let errors = diagnostics(log, "error");
    Outcome {
        layout: Err(if errors.is_empty() {
            log.trim().to_string()
        } else {
            errors.join("\n")
        }),
        warnings: diagnostics(log, "warning"),
    }
}

/// nvcc's outcome for `c`.
fn ask_nvcc(nvcc: &Nvcc, c: &Candidate) -> Outcome {
    match nvcc.compile(&probe_source(c), "candidate.cu", PROBE_OPTIONS) {
        Ok(out) => compiled(c, &out.ptx, &out.log),
        Err(e) => rejected(&e.log),
    }
}

/// NVRTC's outcome for `c`.
fn ask_nvrtc(nvrtc: &Nvrtc, c: &Candidate) -> Outcome {
    let source = probe_source(c);
    let source = Source {
        name: "candidate.cu",
        ..Source::new(&source)
    };
    match nvrtc.compile_logged(&source, PROBE_OPTIONS) {
        Ok((ptx_text, log)) => compiled(c, &ptx_text, &log),
        Err(e) => rejected(&e.log),
    }
}

/// How nvcc's and NVRTC's outcomes differ, if they do; `Err` where both reject the candidate
/// (a mistake of the table: such a candidate tells nothing).
fn difference(by_nvcc: &Outcome, by_nvrtc: &Outcome) -> Result<Option<Kind>, ()> {
    match (&by_nvcc.layout, &by_nvrtc.layout) {
        (Ok(a), Ok(b)) => Ok((a != b).then_some(Kind::Layout)),
        (Err(_), Ok(_)) => Ok(Some(Kind::RejectedByNvcc)),
        (Ok(_), Err(_)) => Ok(Some(Kind::RejectedByNvrtc)),
        (Err(_), Err(_)) => Err(()),
    }
}

/// What one compiler does with a candidate, on one line: its layout and warnings, or its
/// first error.
fn show(o: &Outcome) -> String {
    // `candidate.cu(7): warning #1866-D: …` → `warning #1866-D: …`.
    let text = |line: &str| line.split_once("): ").map_or(line, |(_, t)| t).to_string();
    match &o.layout {
        Ok(l) => {
            let mut s = format!("{}/{}", l.size, l.align);
            if let Some(off) = l.offset {
                s.push_str(&format!(", member at {off}"));
            }
            s.push_str(&format!(
                ", ptxabi_var .align {} [{}], `{}`",
                l.var_align, l.var_size, l.param
            ));
            for w in &o.warnings {
                s.push_str(&format!("; {}", text(w)));
            }
            s
        }
        Err(e) => format!("rejected: {}", text(e.lines().next().unwrap_or(""))),
    }
}

/// What each compiler does with `c`: the candidate's line, then one line per compiler.
fn describe(c: &Candidate, by_nvcc: &Outcome, by_nvrtc: &Outcome) -> String {
    format!(
        "{}: `{}`\n    nvcc:  {}\n    NVRTC: {}",
        c.name,
        c.defs.replace('\n', " "),
        show(by_nvcc),
        show(by_nvrtc)
    )
}

#[test]
fn candidates_differ_only_where_documented() {
    let what = "nvcc 13.5 and NVRTC 13.5 on candidate constructs";
    let Some((nvcc, nvrtc)) = compilers(what) else {
        return;
    };
    let mut names = HashSet::new();
    for c in CANDIDATES {
        assert!(names.insert(c.name), "candidate {} twice", c.name);
    }
    for (name, _) in DOCUMENTED {
        assert!(names.contains(name), "DOCUMENTED names no candidate {name}");
    }
    let outcomes = in_parallel(CANDIDATES, default_threads(), |c| {
        (ask_nvcc(&nvcc, c), ask_nvrtc(&nvrtc, c))
    });
    let mut found = Vec::new();
    let mut rejected_by_both = Vec::new();
    for (c, (a, b)) in CANDIDATES.iter().zip(&outcomes) {
        match difference(a, b) {
            Ok(Some(kind)) => {
                say(&format!("differs ({kind:?}) {}", describe(c, a, b)));
                found.push((c.name, kind));
            }
            Ok(None) => {}
            Err(()) => rejected_by_both.push(describe(c, a, b)),
        }
    }
    assert!(
        rejected_by_both.is_empty(),
        "{what}: both compilers reject these candidates (fix or drop them):\n{}",
        rejected_by_both.join("\n")
    );
    say(&format!(
        "nvcc 13.5 vs NVRTC 13.5: {} of {} candidate constructs differ: {}",
        found.len(),
        CANDIDATES.len(),
        found.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
    ));
    let unexpected: Vec<String> = (CANDIDATES.iter().zip(&outcomes))
        .filter(|(c, _)| {
            let now = found.iter().find(|f| f.0 == c.name).map(|f| f.1);
            let documented = DOCUMENTED.iter().find(|d| d.0 == c.name).map(|d| d.1);
            now != documented
        })
        .map(|(c, (a, b))| describe(c, a, b))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{what}: {} candidates differ otherwise than DOCUMENTED says:\n{}\nStudy each; \
         describe a new difference in docs/nvidia-notes.md (\"Where NVRTC and nvcc disagree\") \
         and list it in DOCUMENTED.",
        unexpected.len(),
        unexpected.join("\n")
    );
}
