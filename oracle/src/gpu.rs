//! The GPU end-to-end suite's sources: for each case, CUDA kernels that read and write the
//! case's top type member by member on the device, and the Rust that launches them through
//! ptx-abi (run by `oracle-tests/tests/gpu.rs`).
//!
//! Per case `j` (top type `T`, value `v`), the CUDA source has
//! - `__device__ T ptxabi_gv_j = <v>;`: NVRTC's own image of the value;
//! - `ptxabi_eq_j(const T&, const T&)`: every member compared one by one (floats by their
//!   bits, unions through the member they are initialised through, unnamed bit-fields and
//!   padding never read);
//! - `ptxabi_gpass_j(T a, unsigned* ok)`: `a`, passed by value, against `ptxabi_gv_j`;
//! - `ptxabi_gread_j(const T* arr, unsigned n, unsigned* ok)`: each element of an array the
//!   host encoded, against `ptxabi_gv_j`;
//! - `ptxabi_gwrite_j(T* out)`: `ptxabi_gv_j` written into `*out` member by member, so the
//!   bytes the members do not cover keep whatever the host put there.

use std::fmt::Write;

use crate::gen::model::{member_name, Case, Kind, Member, Scalar, Ty};
use crate::gen::{cuda_defs, cuda_initializer, rust_defs, rust_value};

/// Statements comparing `a.{path}` with `b.{path}` for a value of `ty`; each mismatch
/// returns false. `depth` names loop variables.
fn eq_ty(case: &Case, ty: &Ty, path: &str, depth: usize, out: &mut String) {
    match ty {
        Ty::Scalar(s) => eq_scalar(*s, path, out),
        Ty::Pointer => writeln!(out, "if (a{path} != b{path}) return false;").unwrap(),
        Ty::Vector { elem, lanes } => {
            for lane in ["x", "y", "z", "w"].iter().take(*lanes as usize) {
                eq_scalar(*elem, &format!("{path}.{lane}"), out);
            }
        }
        Ty::Array { elem, len } => {
            let i = format!("i{depth}");
            writeln!(out, "for (unsigned {i} = 0; {i} < {len}u; ++{i}) {{").unwrap();
            eq_ty(case, elem, &format!("{path}[{i}]"), depth + 1, out);
            out.push_str("}\n");
        }
        Ty::Named(k) => eq_aggregate(case, *k, path, depth, out),
        Ty::Enum(_) => writeln!(out, "if (a{path} != b{path}) return false;").unwrap(),
    }
}

fn eq_scalar(s: Scalar, path: &str, out: &mut String) {
    match s {
        Scalar::F32 => writeln!(
            out,
            "if (__float_as_uint(a{path}) != __float_as_uint(b{path})) return false;"
        ),
        Scalar::F64 => writeln!(
            out,
            "if (__double_as_longlong(a{path}) != __double_as_longlong(b{path})) return false;"
        ),
        _ => writeln!(out, "if (a{path} != b{path}) return false;"),
    }
    .unwrap();
}

/// The members of aggregate `k` a value reads: every named member of a struct, the
/// initialised member of a union.
fn read_members(case: &Case, k: usize) -> Vec<(usize, &Member)> {
    let agg = &case.aggregates[k];
    agg.members
        .iter()
        .enumerate()
        .filter(|(i, m)| match agg.kind {
            Kind::Struct => m.name().is_some(),
            Kind::Union => agg.init_member == Some(*i),
        })
        .collect()
}

fn eq_aggregate(case: &Case, k: usize, path: &str, depth: usize, out: &mut String) {
    for (i, m) in read_members(case, k) {
        let p = format!("{path}.{}", member_name(i));
        match m {
            Member::Field { ty, .. } => eq_ty(case, ty, &p, depth, out),
            Member::BitField { .. } => {
                writeln!(out, "if (a{p} != b{p}) return false;").unwrap();
            }
            Member::Unnamed { .. } => {}
        }
    }
}

/// Statements writing `v.{path}` into `out->{path}`, leaf by leaf.
fn write_ty(case: &Case, ty: &Ty, path: &str, depth: usize, out: &mut String) {
    match ty {
        Ty::Scalar(_) | Ty::Pointer | Ty::Enum(_) => {
            writeln!(out, "(*out){path} = v{path};").unwrap()
        }
        Ty::Vector { lanes, .. } => {
            for lane in ["x", "y", "z", "w"].iter().take(*lanes as usize) {
                writeln!(out, "(*out){path}.{lane} = v{path}.{lane};").unwrap();
            }
        }
        Ty::Array { elem, len } => {
            let i = format!("i{depth}");
            writeln!(out, "for (unsigned {i} = 0; {i} < {len}u; ++{i}) {{").unwrap();
            write_ty(case, elem, &format!("{path}[{i}]"), depth + 1, out);
            out.push_str("}\n");
        }
        Ty::Named(k) => {
            for (i, m) in read_members(case, *k) {
                let p = format!("{path}.{}", member_name(i));
                match m {
                    Member::Field { ty, .. } => write_ty(case, ty, &p, depth, out),
                    Member::BitField { .. } => writeln!(out, "(*out){p} = v{p};").unwrap(),
                    Member::Unnamed { .. } => {}
                }
            }
        }
    }
}

/// The suite's C++ kernel template (issue 29), explicitly instantiated twice so that NVRTC
/// emits both; `oracle-tests/src/gpu/template.rs` launches each by the name its argument
/// struct's derive computes from `kernel`, `template` and `cxx`. `y[i] = OP(y[i], x[i] *
/// c.scale + N * c.shift)`, in arithmetic exact for the small values the runner uses.
pub const TEMPLATE_SOURCE: &str = "\
namespace ptxabi_t {
enum class Op : int { Add = 0, Mul = 1 };
template <class T> struct Coeffs { T scale; T shift; };
template <typename T, int N, Op OP>
__global__ void affine(const T* __restrict__ x, T* y, Coeffs<T> c, unsigned n) {
  for (unsigned i = 0; i < n; ++i) {
    T v = x[i] * c.scale;
    for (int k = 0; k < N; ++k) v = v + c.shift;
    y[i] = OP == Op::Add ? y[i] + v : y[i] * v;
  }
}
template __global__ void affine<float, 3, Op::Mul>(const float*, float*, Coeffs<float>, unsigned);
template __global__ void affine<double, 2, Op::Add>(const double*, double*, Coeffs<double>, unsigned);
}
";

/// The CUDA source of the suite: every case's definitions and its four device symbols
/// (numbered by position in `cases`), then [`TEMPLATE_SOURCE`].
pub fn cuda_source(cases: &[&Case]) -> String {
    let mut s = String::from(TEMPLATE_SOURCE);
    for (j, case) in cases.iter().enumerate() {
        let t = &case.top().name;
        let top = Ty::Named(case.top_index());
        s.push_str(&cuda_defs(case));
        writeln!(
            s,
            "__device__ {t} ptxabi_gv_{j} = {};",
            cuda_initializer(case)
        )
        .unwrap();
        writeln!(
            s,
            "__device__ bool ptxabi_eq_{j}(const {t}& a, const {t}& b) {{"
        )
        .unwrap();
        eq_ty(case, &top, "", 0, &mut s);
        s.push_str("return true;\n}\n");
        writeln!(
            s,
            "extern \"C\" __global__ void ptxabi_gpass_{j}({t} a, unsigned* ok) {{ \
             ok[0] = ptxabi_eq_{j}(a, ptxabi_gv_{j}) ? 1u : 2u; }}"
        )
        .unwrap();
        writeln!(
            s,
            "extern \"C\" __global__ void ptxabi_gread_{j}(const {t}* arr, unsigned n, unsigned* ok) {{ \
             for (unsigned i = 0; i < n; ++i) ok[i] = ptxabi_eq_{j}(arr[i], ptxabi_gv_{j}) ? 1u : 2u; }}"
        )
        .unwrap();
        writeln!(
            s,
            "extern \"C\" __global__ void ptxabi_gwrite_{j}({t}* out) {{\nconst {t}& v = ptxabi_gv_{j};"
        )
        .unwrap();
        write_ty(case, &top, "", 0, &mut s);
        s.push_str("}\n");
    }
    s
}

/// The Rust source of the suite: every case's definitions, a kernel argument struct for
/// `ptxabi_gpass_j`, and `fn run_all(run: &mut GpuRun)` calling `run.case` once per case.
pub fn rust_source(cases: &[(String, &Case)]) -> String {
    let mut s = String::new();
    s.push_str("fn run_all(run: &mut GpuRun) {\n");
    for (j, (key, case)) in cases.iter().enumerate() {
        writeln!(
            s,
            "    run.case::<_, GPass{j}>({key:?}, {j}, {}, |a, ok| GPass{j} {{ a, ok }});",
            rust_value(case)
        )
        .unwrap();
    }
    s.push_str("}\n");
    for (j, (_, case)) in cases.iter().enumerate() {
        s.push_str(&rust_defs(case));
        writeln!(
            s,
            "#[derive(::ptx_abi::PtxAbi)]\n#[ptx(kernel = \"ptxabi_gpass_{j}\")]\npub struct GPass{j} {{\n    pub a: {},\n    pub ok: ::ptx_abi::DevicePtr<u32>,\n}}",
            case.top().name
        )
        .unwrap();
    }
    s
}
