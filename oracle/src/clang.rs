//! clang as a second, independent producer of PTX layouts: `clang -x cuda --cuda-device-only
//! -nocudainc` for `nvptx64-nvidia-cuda`, fed the same CUDA definitions and values as NVRTC.
//!
//! There are no CUDA headers here, so [`PRELUDE`] defines what NVRTC has built in:
//! `__device__`, `__global__`, `__align__` and the vector types (with the alignments of CUDA's
//! `vector_types.h`). `offsetof` is clang's `__builtin_offsetof` (NVRTC's probe uses
//! `__INTADDR__`, which clang lacks); everything else is the probe of
//! [`crate::gen::cuda_probe`], rebuilt from a [`Record`] so that the checked-in corpus data is
//! all clang needs.
//!
//! [`Clang::locate`] is the one place the tests find clang: `$PTX_ABI_CLANG`, else `zig clang`
//! from the pinned `ziglang` wheel (`$PTX_ABI_ZIG`, or the copy `cargo xtask clang` cached;
//! `cargo xtask test` fetches it), else `clang` on `PATH`.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::gen::model::member_name;
use crate::probe::{Answer, PtxIndex};
use crate::suite::Record;

pub use crate::fetch::CLANG_ENV;

/// A clang able to compile CUDA device code to PTX: a `clang` binary, or `zig` whose first
/// argument is `clang`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clang {
    program: PathBuf,
    prefix: Vec<OsString>,
}

/// Whether `program prefix… --version` runs and succeeds.
fn runs(program: &PathBuf, prefix: &[OsString]) -> bool {
    Command::new(program)
        .args(prefix)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

impl Clang {
    /// `$PTX_ABI_CLANG` if set (taken as given), else `zig clang` from the pinned wheel if
    /// `$PTX_ABI_ZIG` or the cache has it, else `clang` on `PATH` if it runs; `None` otherwise.
    pub fn locate() -> Option<Clang> {
        if let Some(p) = std::env::var_os(CLANG_ENV).filter(|p| !p.is_empty()) {
            return Some(Clang {
                program: PathBuf::from(p),
                prefix: Vec::new(),
            });
        }
        if let Some(zig) = crate::fetch::locate_zig() {
            return Some(Clang {
                program: zig,
                prefix: vec!["clang".into()],
            });
        }
        let path = Clang {
            program: PathBuf::from("clang"),
            prefix: Vec::new(),
        };
        runs(&path.program, &path.prefix).then_some(path)
    }

    /// How to get one when [`Clang::locate`] finds none.
    pub const HOW_TO_GET: &'static str =
        "run `cargo xtask clang` (fetches zig's clang from PyPI), or set PTX_ABI_CLANG";

    /// A command running this clang, ready for clang's own arguments.
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.prefix);
        c
    }

    /// `clang --version`'s first line.
    pub fn version(&self) -> String {
        self.command()
            .arg("--version")
            .output()
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .unwrap_or_else(|e| format!("(clang --version failed: {e})"))
    }

    /// Runs clang with `args` on `src` (given on stdin, so `args` should read `-`) and returns
    /// its stdout, or its diagnostics.
    pub fn run(&self, args: &[&str], src: &str) -> Result<String, String> {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {:?}: {e}", self.program))?;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let src = src.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(src.as_bytes()));
        let out = child
            .wait_with_output()
            .map_err(|e| format!("clang: {e}"))?;
        writer
            .join()
            .expect("writer thread")
            .map_err(|e| format!("writing to clang: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "clang failed ({}):\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        String::from_utf8(out.stdout).map_err(|e| format!("clang's output is not UTF-8: {e}"))
    }
}

/// The arguments that make clang compile CUDA device code for `--cuda-gpu-arch=sm_70` to PTX
/// without a CUDA installation. clang picks the PTX ISA version from the CUDA installation it
/// finds; with none, clang 22 falls back to PTX 4.2, which cannot target sm_70, so PTX 7.0
/// (CUDA 11.0's) is asked for explicitly.
pub const DEVICE_ARGS: &[&str] = &[
    "-x",
    "cuda",
    "--cuda-device-only",
    "-nocudainc",
    "-nocudalib",
    "--cuda-gpu-arch=sm_70",
    "-Xclang",
    "-target-feature",
    "-Xclang",
    "+ptx70",
];

/// What clang needs to compile NVRTC's probes: CUDA's keywords and vector types.
pub const PRELUDE: &str = r#"#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __align__(n) __attribute__((aligned(n)))
#define PTXABI_VEC1(T, N, A) struct __attribute__((aligned(A))) N##1 { T x; };
#define PTXABI_VEC2(T, N, A) struct __attribute__((aligned(A))) N##2 { T x, y; };
#define PTXABI_VEC3(T, N, A) struct __attribute__((aligned(A))) N##3 { T x, y, z; };
#define PTXABI_VEC4(T, N, A) struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };
#define PTXABI_VECS(T, N, S) PTXABI_VEC1(T, N, S) PTXABI_VEC2(T, N, 2 * S) PTXABI_VEC3(T, N, S) PTXABI_VEC4(T, N, 4 * S)
PTXABI_VECS(signed char, char, 1)
PTXABI_VECS(unsigned char, uchar, 1)
PTXABI_VECS(short, short, 2)
PTXABI_VECS(unsigned short, ushort, 2)
PTXABI_VECS(int, int, 4)
PTXABI_VECS(unsigned int, uint, 4)
PTXABI_VECS(float, float, 4)
PTXABI_VEC1(long long, longlong, 8) PTXABI_VEC2(long long, longlong, 16)
PTXABI_VEC1(unsigned long long, ulonglong, 8) PTXABI_VEC2(unsigned long long, ulonglong, 16)
PTXABI_VEC1(double, double, 8) PTXABI_VEC2(double, double, 16)
"#;

/// The arguments clang gets after [`DEVICE_ARGS`] to print the PTX of the source on stdin.
pub const PROBE_ARGS: &[&str] = &["-std=c++20", "-w", "-S", "-o", "-", "-"];

/// Indices of the ordinary named members of a record's top type: those NVRTC gave offsets for.
fn fields(r: &Record) -> Vec<usize> {
    r.answer.offsets.iter().map(|(k, _)| *k).collect()
}

/// The probe of record `r`, as [`crate::gen::cuda_probe`] writes it for NVRTC but with
/// `__builtin_offsetof`, and without the device function `T ptxabi_f_I(T)`: clang 14's NVPTX
/// back end aborts ("Cannot select: NVPTXISD::StoreRetval<(store (s40), align 1)>") when it
/// returns a struct whose bit-field storage units it merges into odd-sized stores (about a
/// quarter of the corpus), and `.func` declarations are not compared anyway.
pub fn probe(r: &Record) -> String {
    let (t, i) = (&r.top, r.id);
    let mut s = String::new();
    let mut line = |l: String| {
        s.push_str(&l);
        s.push('\n');
    };
    line(format!(
        "extern \"C\" __device__ unsigned long long ptxabi_size_{i} = sizeof({t});"
    ));
    line(format!(
        "extern \"C\" __device__ unsigned long long ptxabi_align_{i} = alignof({t});"
    ));
    for k in fields(r) {
        let m = member_name(k);
        line(format!(
            "extern \"C\" __device__ unsigned long long ptxabi_off_{i}_{k} = __builtin_offsetof({t}, {m});"
        ));
    }
    line(format!(
        "extern \"C\" __device__ {t} ptxabi_val_{i} = {};",
        r.init
    ));
    line(format!(
        "extern \"C\" __global__ void ptxabi_k_{i}({t} a) {{}}"
    ));
    s
}

/// The whole clang source for `records`: the prelude, then each record's definitions and probe.
pub fn source(records: &[Record]) -> String {
    let mut s = String::from(PRELUDE);
    for r in records {
        writeln!(s, "{}{}", r.cuda, probe(r)).unwrap();
    }
    s
}

/// Runs clang on `src` and returns the PTX, or clang's diagnostics.
pub fn compile(clang: &Clang, src: &str) -> Result<String, String> {
    let args: Vec<&str> = DEVICE_ARGS.iter().chain(PROBE_ARGS).copied().collect();
    clang.run(&args, src)
}

/// clang's answers for `records`, in order: compiled together, or, when that fails, split in
/// halves until the failing cases are alone (their entry is then clang's error).
pub fn answers(clang: &Clang, records: &[Record]) -> Vec<Result<Answer, String>> {
    let whole = compile(clang, &source(records)).and_then(|ptx| {
        let index = PtxIndex::new(&ptx)?;
        records
            .iter()
            .map(|r| {
                index
                    .clang_answer(r.id, &fields(r))
                    .map_err(|e| format!("case {}: {e}", r.key))
            })
            .collect::<Result<Vec<Answer>, String>>()
    });
    match whole {
        Ok(answers) => answers.into_iter().map(Ok).collect(),
        Err(e) if records.len() == 1 => vec![Err(e)],
        Err(_) => {
            let (a, b) = records.split_at(records.len() / 2);
            let mut out = answers(clang, a);
            out.extend(answers(clang, b));
            out
        }
    }
}

/// How clang's answer for a record differs from NVRTC's in size, alignment, member offsets,
/// image or kernel parameter (empty when they agree). `.func` parameters and return values
/// are not compared: clang spells their alignment differently (see `docs/nvidia-notes.md`).
pub fn differences(r: &Record, clang: &Answer) -> Vec<String> {
    let nv = &r.answer;
    let mut d = Vec::new();
    if (nv.size, nv.align) != (clang.size, clang.align) {
        d.push(format!(
            "size/align: NVRTC {}/{}, clang {}/{}",
            nv.size, nv.align, clang.size, clang.align
        ));
    }
    if nv.offsets != clang.offsets {
        d.push(format!(
            "offsets: NVRTC {:?}, clang {:?}",
            nv.offsets, clang.offsets
        ));
    }
    if nv.image != clang.image {
        let k = nv.image.iter().zip(&clang.image).position(|(a, b)| a != b);
        d.push(format!(
            "image (first differing byte {k:?}): NVRTC {:?}, clang {:?}",
            nv.image, clang.image
        ));
    }
    if nv.entry_params != clang.entry_params {
        d.push(format!(
            "kernel parameter: NVRTC {:?}, clang {:?}",
            nv.entry_params, clang.entry_params
        ));
    }
    d
}
