//! Random C++ kernel signatures for the Itanium mangling test (chapter 7): namespaces, builtin
//! types, structs, unions and enums (some in namespaces), CUDA vectors and header types,
//! pointers with and without `const`, pointers to pointers and pointers to arrays, with types
//! repeated often so that substitutions (`S_`, `S0_`, …) occur.
//!
//! The generator only writes C++; the mangled names come from NVRTC
//! (`nvrtcGetLoweredName`, [`ptx_abi_nvtools::nvrtc::Nvrtc::compile_lowered`]). Function
//! templates and their instantiations are [`template`]'s.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub mod template;

/// A parameter type as a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// A builtin: its Itanium code and C spelling.
    Builtin(&'static str, &'static str),
    /// A class, union or enum: its (`::`-qualified) tag as the mangler sees it, and the C
    /// spelling the source uses (a typedef such as `CUtensorMap`, or the tag).
    Named(String, String),
    /// A pointer; `true` when the pointee is `const`.
    Pointer(bool, Box<Term>),
    /// An array (only under a pointer).
    Array(usize, Box<Term>),
}

/// One generated kernel.
#[derive(Clone, Debug)]
pub struct Signature {
    /// Its qualified name (`ns::inner::k3`).
    pub name: String,
    /// Its parameters in order.
    pub params: Vec<Term>,
}

const BUILTINS: &[(&str, &str)] = &[
    ("b", "bool"),
    ("a", "signed char"),
    ("h", "unsigned char"),
    ("s", "short"),
    ("t", "unsigned short"),
    ("i", "int"),
    ("j", "unsigned int"),
    ("x", "long long"),
    ("y", "unsigned long long"),
    ("f", "float"),
    ("d", "double"),
];

/// Types the generated source declares itself (tag, declaration).
const USER_TYPES: &[(&str, &str)] = &[
    ("Params", "struct Params { int a; float b; };"),
    ("Pair", "struct Pair { double x; char c; };"),
    ("Bits", "struct Bits { unsigned a : 3; int b : 7; };"),
    ("Word", "union Word { int i; float f; };"),
    ("Mode", "enum Mode : int { MODE_A, MODE_B };"),
    ("Small", "enum class Small : unsigned char { X, Y };"),
    ("ns::Params", "namespace ns { struct Params { int z; }; }"),
    (
        "ns::inner::Cfg",
        "namespace ns { namespace inner { struct Cfg { long long v; }; } }",
    ),
    ("geo::Vec", "namespace geo { struct Vec { float x, y; }; }"),
];

/// CUDA's predefined vector types (no header needed).
const VECTORS: &[&str] = &[
    "float4",
    "float2",
    "int2",
    "int4",
    "uint3",
    "char3",
    "uchar4",
    "short2",
    "ushort1",
    "double2",
    "longlong2",
    "ulonglong1",
    "double4",
    "long3",
    "ulonglong4",
    "double3",
];

/// Types from CUDA's headers (tag, header), used when [`Generator::headers`] is on.
const HEADER_TYPES: &[(&str, &str)] = &[
    ("__half", "cuda_fp16.h"),
    ("__half2", "cuda_fp16.h"),
    ("__nv_bfloat16", "cuda_bf16.h"),
    ("__nv_bfloat162", "cuda_bf16.h"),
    ("__nv_fp8_e4m3", "cuda_fp8.h"),
    ("__nv_fp8x2_e5m2", "cuda_fp8.h"),
    ("__nv_fp8x4_e4m3", "cuda_fp8.h"),
];

/// Namespaces a kernel may live in; `ns` and `ns::inner` are shared with type names.
const NAMESPACES: &[&str] = &["", "", "ns", "ns::inner", "geo", "a::b::c"];

/// A deterministic generator of kernel signatures.
pub struct Generator {
    rng: ChaCha8Rng,
    /// Whether CUDA header types may appear (the source then `#include`s their headers).
    pub headers: bool,
}

impl Generator {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64, headers: bool) -> Generator {
        Generator {
            rng: ChaCha8Rng::seed_from_u64(seed),
            headers,
        }
    }

    fn leaf(&mut self) -> Term {
        let pick = self.rng.random_range(0..10);
        match pick {
            0..=3 => {
                let (code, c) = BUILTINS[self.rng.random_range(0..BUILTINS.len())];
                Term::Builtin(code, c)
            }
            4..=6 => {
                let (tag, _) = USER_TYPES[self.rng.random_range(0..USER_TYPES.len())];
                Term::Named(tag.to_string(), tag.to_string())
            }
            7 | 8 => {
                let v = VECTORS[self.rng.random_range(0..VECTORS.len())];
                Term::Named(v.to_string(), v.to_string())
            }
            _ if self.headers => {
                let (tag, _) = HEADER_TYPES[self.rng.random_range(0..HEADER_TYPES.len())];
                Term::Named(tag.to_string(), tag.to_string())
            }
            _ => Term::Builtin("i", "int"),
        }
    }

    /// A type for a pointee position (may be an array).
    fn pointee(&mut self, depth: u32) -> Term {
        match self.rng.random_range(0..8) {
            0 | 1 if depth < 2 => self.pointer(depth + 1),
            2 if depth < 2 => Term::Array(
                self.rng.random_range(1..9),
                Box::new(if self.rng.random_bool(0.3) {
                    Term::Array(self.rng.random_range(2..4), Box::new(self.leaf()))
                } else {
                    self.leaf()
                }),
            ),
            _ => self.leaf(),
        }
    }

    fn pointer(&mut self, depth: u32) -> Term {
        let konst = self.rng.random_bool(0.5);
        Term::Pointer(konst, Box::new(self.pointee(depth)))
    }

    /// One kernel's parameters: 0 to 7, drawn from a small per-kernel pool so that types
    /// repeat.
    fn params(&mut self) -> Vec<Term> {
        let pool: Vec<Term> = (0..3)
            .map(|_| {
                if self.rng.random_bool(0.5) {
                    self.pointer(0)
                } else {
                    self.leaf()
                }
            })
            .collect();
        let n = self.rng.random_range(0..8);
        (0..n)
            .map(|_| {
                if self.rng.random_bool(0.6) {
                    pool[self.rng.random_range(0..pool.len())].clone()
                } else if self.rng.random_bool(0.5) {
                    // A pointer to a pool type: `S_` inside a new candidate.
                    let base = pool[self.rng.random_range(0..pool.len())].clone();
                    Term::Pointer(self.rng.random_bool(0.5), Box::new(base))
                } else {
                    self.pointer(0)
                }
            })
            .collect()
    }

    /// `count` signatures numbered from `first` (kernel names `k<first>`, … are unique).
    pub fn signatures(&mut self, first: usize, count: usize) -> Vec<Signature> {
        (first..first + count)
            .map(|i| {
                let ns = NAMESPACES[self.rng.random_range(0..NAMESPACES.len())];
                let name = if ns.is_empty() {
                    format!("k{i}")
                } else {
                    format!("{ns}::k{i}")
                };
                Signature {
                    name,
                    params: self.params(),
                }
            })
            .collect()
    }
}

/// A C declarator for `t` around `inner` (`float (*p)[4]`, `const int* const* q`).
pub fn declarator(t: &Term, inner: &str, konst: bool) -> String {
    let k = if konst { "const " } else { "" };
    match t {
        Term::Builtin(_, c) => format!("{k}{c} {inner}"),
        // `::`-rooted: inside `namespace ns`, `Params` would mean `ns::Params`.
        Term::Named(_, c) => format!("{k}::{c} {inner}"),
        Term::Pointer(pk, p) => declarator(p, &format!("*{k}{inner}"), *pk),
        Term::Array(len, e) => declarator(e, &format!("({inner})[{len}]"), konst),
    }
}

/// A CUDA C++ translation unit declaring every user type and the `sigs` as empty
/// `__global__` functions in their namespaces.
pub fn source(sigs: &[Signature], headers: bool) -> String {
    let mut out = String::new();
    if headers {
        for h in ["cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h"] {
            out.push_str(&format!("#include <{h}>\n"));
        }
    }
    for (_, decl) in USER_TYPES {
        out.push_str(decl);
        out.push('\n');
    }
    for s in sigs {
        let parts: Vec<&str> = s.name.split("::").collect();
        let (ns, f) = parts.split_at(parts.len() - 1);
        let params: Vec<String> = s
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| declarator(p, &format!("p{i}"), false))
            .collect();
        for n in ns {
            out.push_str(&format!("namespace {n} {{ "));
        }
        out.push_str(&format!(
            "__global__ void {}({}) {{}}",
            f[0],
            params.join(", ")
        ));
        for _ in ns {
            out.push_str(" }");
        }
        out.push('\n');
    }
    out
}
