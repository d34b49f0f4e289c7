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
//! The tests find clang with [`Clang::locate`] (`ptx_abi_nvtools::clang`, the workspace's one
//! finder): `$PTX_ABI_CLANG`, else `zig clang` from the pinned `ziglang` wheel (`$PTX_ABI_ZIG`,
//! or the copy `cargo xtask clang` cached; `cargo xtask test` fetches it), else `clang` on
//! `PATH`.

use std::fmt::Write as _;

use crate::gen::model::member_name;
use crate::probe::{Answer, PtxIndex};
use crate::suite::Record;

pub use ptx_abi_nvtools::clang::Clang;

/// The arguments that make clang compile CUDA device code for `--cuda-gpu-arch=sm_70` to PTX
/// without a CUDA installation: `ptx_abi_nvtools::options`'s `CLANG_DEVICE_ONLY` and
/// `CLANG_PTX_7_0`.
pub fn device_args() -> Vec<&'static str> {
    use ptx_abi_nvtools::options::{CLANG_DEVICE_ONLY, CLANG_PTX_7_0};
    CLANG_DEVICE_ONLY
        .iter()
        .chain(CLANG_PTX_7_0)
        .copied()
        .collect()
}

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

/// The arguments clang gets after [`device_args`] to print the PTX of the source on stdin.
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
    let args: Vec<&str> = device_args()
        .into_iter()
        .chain(PROBE_ARGS.iter().copied())
        .collect();
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
