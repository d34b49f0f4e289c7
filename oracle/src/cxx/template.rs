//! Random C++ function templates and their instantiations, for the Itanium mangling test of
//! templates (chapter 7): type and constant template parameters (every integer type in its
//! multi-word spellings, `bool`, `wchar_t`, `char16_t`, `char32_t`, enums, some unnamed, some
//! with defaults the instantiation leaves out), arguments of every kind (builtins, classes in
//! namespaces, CUDA's vectors and header types, pointers and `const`, class template-ids
//! nested in each other; constants in decimal, hex, with suffixes, negative, `true`/`false`,
//! `(Mode)1`), and declared parameter types that name the template's parameters (`const T*`,
//! `ns::Pair<T, int>*`, `Buf<N>*`, `T (*)[4]`, `volatile T*`, `T* __restrict__`), drawn from a
//! small pool per function so that substitutions occur across all of them.
//!
//! The generator only writes C++ text, the same text the mangler reads; the mangled names
//! come from NVRTC: `nvrtcGetLoweredName` for `__global__` templates, the `.extern .func`
//! names of the PTX for `__device__` templates with a return type (whose address a kernel
//! takes).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One generated function template and its instantiation.
#[derive(Clone, Debug)]
pub struct TemplateSig {
    /// The instantiation, qualified: `ns::tk3<float, 32, true>`.
    pub name: String,
    /// The template's parameter list as declared: `typename T, int N = 4`.
    pub template: String,
    /// The return type (`void` for a kernel).
    pub ret: String,
    /// Each parameter's declared type (sometimes with the parameter's name).
    pub params: Vec<String>,
    /// A `__global__` function (else a `__device__` one, only declared).
    pub kernel: bool,
}

/// Declarations the generated functions use: structs, unions and enums (some in namespaces)
/// and class templates.
const DECLARATIONS: &str = "\
struct Params { int a; float b; };
union Word { int i; float f; };
enum Mode : int { MODE_A, MODE_B, MODE_C };
namespace ns { struct Params { int z; }; enum class Small : unsigned char { X, Y }; }
namespace ns { namespace inner { struct Cfg { long long v; }; } }
namespace geo { struct Vec { float x, y; }; }
template <class T> struct Box { T v; };
namespace ns { template <class T, class U> struct Pair { T a; U b; }; }
template <int N> struct Buf { int v[N > 0 && N < 8 ? N : 1]; };
";

/// Builtin types, each with the spellings C++ allows for it.
const BUILTINS: &[&[&str]] = &[
    &["bool"],
    &["char"],
    &["signed char", "char signed"],
    &["unsigned char", "char unsigned"],
    &["short", "short int", "signed short", "int short"],
    &["unsigned short", "unsigned short int", "short unsigned"],
    &["int", "signed", "signed int", "int signed"],
    &["unsigned", "unsigned int", "int unsigned"],
    &["long", "long int", "signed long"],
    &["unsigned long", "long unsigned int", "unsigned long int"],
    &[
        "long long",
        "long long int",
        "signed long long",
        "long int long",
    ],
    &[
        "unsigned long long",
        "unsigned long long int",
        "long long unsigned",
    ],
    &["float"],
    &["double"],
    &["long double"],
    &["wchar_t"],
    &["char16_t"],
    &["char32_t"],
];

/// Classes and enums the declarations define (qualified as the mangled name has them;
/// `::Params`, since inside `namespace ns` a plain `Params` is `ns::Params`).
const USER_TYPES: &[&str] = &[
    "::Params",
    "Word",
    "Mode",
    "ns::Params",
    "ns::Small",
    "ns::inner::Cfg",
    "geo::Vec",
];

/// CUDA's predefined vector types.
const VECTORS: &[&str] = &["float4", "int2", "uint3", "double2", "uchar4", "longlong2"];

/// Types of `cuda_fp16.h` and `cuda_bf16.h`, as CUDA code writes them (typedefs included).
const HEADER_TYPES: &[&str] = &[
    "__half",
    "half",
    "half2",
    "__half2",
    "__nv_bfloat16",
    "nv_bfloat16",
    "__nv_bfloat162",
];

/// The declared type of a constant template parameter: its spellings and the values it
/// holds.
struct ValueKind {
    spellings: &'static [&'static str],
    min: i128,
    max: i128,
    /// `bool`, an enum (cast), or an integer.
    form: Form,
    /// Usable as `Buf<N>`'s `int` argument (an integer or unscoped enum that fits).
    to_int: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Form {
    Int,
    Bool,
    Enum(&'static str),
}

const VALUE_KINDS: &[ValueKind] = &[
    ValueKind {
        spellings: &["int", "signed", "int signed"],
        min: -40000,
        max: 40000,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["unsigned", "unsigned int"],
        min: 0,
        max: u32::MAX as i128,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["short", "short int"],
        min: -32768,
        max: 32767,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["unsigned short"],
        min: 0,
        max: 65535,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["long", "long int"],
        min: i64::MIN as i128 + 1,
        max: i64::MAX as i128,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["unsigned long", "long unsigned"],
        min: 0,
        max: u64::MAX as i128,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["long long"],
        min: -5_000_000_000,
        max: 5_000_000_000,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["unsigned long long"],
        min: 0,
        max: u64::MAX as i128,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["char"],
        min: -128,
        max: 127,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["signed char"],
        min: -128,
        max: 127,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["unsigned char"],
        min: 0,
        max: 255,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["bool"],
        min: 0,
        max: 1,
        form: Form::Bool,
        to_int: true,
    },
    ValueKind {
        spellings: &["wchar_t"],
        min: 0,
        max: 1000,
        form: Form::Int,
        to_int: true,
    },
    ValueKind {
        spellings: &["char16_t"],
        min: 0,
        max: 65535,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["char32_t"],
        min: 0,
        max: 100_000,
        form: Form::Int,
        to_int: false,
    },
    ValueKind {
        spellings: &["Mode", "enum Mode"],
        min: -1,
        max: 2,
        form: Form::Enum("Mode"),
        to_int: true,
    },
    ValueKind {
        spellings: &["ns::Small"],
        min: 0,
        max: 1,
        form: Form::Enum("ns::Small"),
        to_int: false,
    },
];

/// Namespaces a function may live in.
const NAMESPACES: &[&str] = &["", "", "ns", "ns::inner", "geo", "a::b::c"];

const TYPE_NAMES: &[&str] = &["T", "U", "V", "W"];
const VALUE_NAMES: &[&str] = &["N", "M", "K", "L"];

/// One template parameter as generated.
enum TParam {
    Type { name: &'static str },
    Value { name: &'static str, kind: usize },
}

/// A deterministic generator of function templates.
pub struct TemplateGenerator {
    rng: ChaCha8Rng,
    /// Whether CUDA header types may appear (the source then `#include`s their headers).
    pub headers: bool,
}

impl TemplateGenerator {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64, headers: bool) -> TemplateGenerator {
        TemplateGenerator {
            rng: ChaCha8Rng::seed_from_u64(seed),
            headers,
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.rng.random_range(0..items.len())]
    }

    /// A type that names no template parameter, `depth` levels into template-ids.
    fn concrete(&mut self, depth: u32) -> String {
        match self.rng.random_range(0..12) {
            0..=3 => {
                let b = *self.pick(BUILTINS);
                self.pick(b).to_string()
            }
            4 | 5 => self.pick(USER_TYPES).to_string(),
            6 => self.pick(VECTORS).to_string(),
            7 if self.headers => self.pick(HEADER_TYPES).to_string(),
            8 if depth < 2 => format!("Box<{}>", self.concrete(depth + 1)),
            9 if depth < 2 => {
                let (a, b) = (self.concrete(depth + 1), self.concrete(depth + 1));
                format!("ns::Pair<{a}, {b}>")
            }
            10 => format!("Buf<{}>", self.rng.random_range(-3..9)),
            _ => {
                let inner = self.concrete(depth + 1);
                match self.rng.random_range(0..4) {
                    // `const` before a pointer type would qualify its pointee again.
                    0 if !inner.ends_with('*') && !inner.starts_with("const") => {
                        format!("const {inner}*")
                    }
                    1 => format!("{inner} const*"),
                    2 => format!("{inner}**"),
                    _ => format!("{inner}*"),
                }
            }
        }
    }

    /// A type argument: like [`Self::concrete`], sometimes with a top-level `const`.
    fn type_arg(&mut self) -> String {
        let t = self.concrete(0);
        if self.rng.random_bool(0.1) && !t.ends_with('*') {
            format!("const {t}")
        } else {
            t
        }
    }

    /// A constant of `kind` as C++ writes it, in one of its spellings.
    fn value_arg(&mut self, kind: &ValueKind) -> String {
        let v = if self.rng.random_bool(0.2) {
            if self.rng.random_bool(0.5) {
                kind.min
            } else {
                kind.max
            }
        } else {
            self.rng
                .random_range(kind.min.max(-300)..=kind.max.min(300))
        };
        match kind.form {
            Form::Bool => (if v != 0 { "true" } else { "false" }).to_string(),
            Form::Enum(name) => format!("({name}){v}"),
            // `-5` is `-(5)`: the literal's magnitude then its sign.
            Form::Int if v < 0 => v.to_string(),
            Form::Int => match self.rng.random_range(0..5) {
                0 => format!("0x{v:x}"),
                1 if v <= u32::MAX as i128 => format!("{v}u"),
                2 if v <= i64::MAX as i128 => format!("{v}l"),
                // A decimal literal without `u` is signed: above `long long`'s range, C++
                // has none.
                _ if v > i64::MAX as i128 => format!("{v}ull"),
                3 => format!("{v}ull"),
                _ => v.to_string(),
            },
        }
    }

    fn template_params(&mut self) -> Vec<TParam> {
        let n = self.rng.random_range(1..=4);
        let (mut types, mut values) = (0, 0);
        (0..n)
            .map(|_| {
                if self.rng.random_bool(0.55) && types < TYPE_NAMES.len() {
                    types += 1;
                    TParam::Type {
                        name: TYPE_NAMES[types - 1],
                    }
                } else if values < VALUE_NAMES.len() {
                    values += 1;
                    TParam::Value {
                        name: VALUE_NAMES[values - 1],
                        kind: self.rng.random_range(0..VALUE_KINDS.len()),
                    }
                } else {
                    types += 1;
                    TParam::Type {
                        name: TYPE_NAMES[types - 1],
                    }
                }
            })
            .collect()
    }

    /// A declared type naming the template's parameters, or none.
    fn declared(&mut self, tps: &[TParam]) -> String {
        let types: Vec<&str> = tps
            .iter()
            .filter_map(|p| match p {
                TParam::Type { name } => Some(*name),
                _ => None,
            })
            .collect();
        let ints: Vec<&str> = tps
            .iter()
            .filter_map(|p| match p {
                TParam::Value { name, kind } if VALUE_KINDS[*kind].to_int => Some(*name),
                _ => None,
            })
            .collect();
        if types.is_empty() || self.rng.random_bool(0.2) {
            if !ints.is_empty() && self.rng.random_bool(0.4) {
                let n = self.pick(&ints).to_string();
                return match self.rng.random_range(0..3) {
                    0 => format!("Buf<{n}>*"),
                    1 => format!("const Buf<{n}>*"),
                    _ => format!("Buf<{n}>"),
                };
            }
            return self.concrete(1);
        }
        let t = self.pick(&types).to_string();
        let u = self.pick(&types).to_string();
        match self.rng.random_range(0..18) {
            0 | 1 => t,
            2 | 3 => format!("const {t}*"),
            4 | 5 => format!("{t}*"),
            6 => format!("{t} const*"),
            7 => format!("{t}* __restrict__"),
            8 => format!("const {t}* __restrict__"),
            9 => format!("volatile {t}*"),
            10 => format!("const {t}* const*"),
            11 => format!("Box<{t}>"),
            12 => format!("Box<{t}>*"),
            13 => format!("ns::Pair<{t}, int>*"),
            14 => format!("ns::Pair<{t}, {u}>"),
            15 => format!("Box<Box<{t}>>*"),
            16 => format!("{t} (*)[4]"),
            _ => format!("const {t}"),
        }
    }

    /// `count` signatures numbered from `first` (names `tk<first>`, … are unique); kernels
    /// (`__global__`, returning `void`) or device functions (with a return type).
    pub fn signatures(&mut self, first: usize, count: usize, kernel: bool) -> Vec<TemplateSig> {
        (first..first + count)
            .map(|i| self.signature(i, kernel))
            .collect()
    }

    fn signature(&mut self, i: usize, kernel: bool) -> TemplateSig {
        let tps = self.template_params();
        // Declarations (with defaults for some trailing parameters) and arguments (the
        // defaulted ones sometimes left out).
        let mut decls = Vec::new();
        let mut args = Vec::new();
        let defaults_from = if self.rng.random_bool(0.3) {
            tps.len() - 1
        } else {
            tps.len()
        };
        let mut omit = false;
        for (k, p) in tps.iter().enumerate() {
            let (mut decl, arg) = match p {
                TParam::Type { name } => {
                    let kw = if self.rng.random_bool(0.5) {
                        "typename"
                    } else {
                        "class"
                    };
                    (format!("{kw} {name}"), self.type_arg())
                }
                TParam::Value { name, kind } => {
                    let kind = &VALUE_KINDS[*kind];
                    let spelling = *self.pick(kind.spellings);
                    (format!("{spelling} {name}"), self.value_arg(kind))
                }
            };
            if k >= defaults_from {
                decl.push_str(" = ");
                decl.push_str(&arg);
                omit = self.rng.random_bool(0.5);
            }
            decls.push(decl);
            if !(k >= defaults_from && omit) {
                args.push(arg);
            }
        }
        let pool: Vec<String> = (0..3).map(|_| self.declared(&tps)).collect();
        let n = self.rng.random_range(0..7);
        let params: Vec<String> = (0..n)
            .map(|k| {
                let t = if self.rng.random_bool(0.6) {
                    self.pick(&pool).clone()
                } else {
                    self.declared(&tps)
                };
                if self.rng.random_bool(0.3) && !t.contains("(*)") {
                    format!("{t} p{k}")
                } else {
                    t
                }
            })
            .collect();
        let ret = if kernel {
            "void".to_string()
        } else {
            match self.rng.random_range(0..4) {
                0 => "void".to_string(),
                1 => self.concrete(1),
                _ => {
                    // C++ writes a function returning a pointer to an array otherwise.
                    let d = self.declared(&tps);
                    if d.contains("(*)") {
                        d.replace(" (*)[4]", "*")
                    } else {
                        d
                    }
                }
            }
        };
        let ns = *self.pick(NAMESPACES);
        let base = if kernel {
            format!("tk{i}")
        } else {
            format!("td{i}")
        };
        let path = if ns.is_empty() {
            base
        } else {
            format!("{ns}::{base}")
        };
        TemplateSig {
            name: format!("{path}<{}>", args.join(", ")),
            template: decls.join(", "),
            ret,
            params,
            kernel,
        }
    }
}

/// A CUDA C++ translation unit declaring the types and every signature in its namespace:
/// kernels defined (empty), device functions declared, and a kernel `ptxabi_use` taking each
/// device function's address so that NVRTC names it in the PTX.
pub fn template_source(sigs: &[TemplateSig], headers: bool) -> String {
    let mut out = String::new();
    if headers {
        out.push_str("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n");
    }
    out.push_str(DECLARATIONS);
    let mut uses = Vec::new();
    for s in sigs {
        let path = s.name.split('<').next().unwrap_or_default();
        let parts: Vec<&str> = path.split("::").collect();
        let (ns, f) = parts.split_at(parts.len() - 1);
        let params: Vec<String> = s.params.iter().map(|p| p.replace("(*)", "(*q)")).collect();
        for n in ns {
            out.push_str(&format!("namespace {n} {{ "));
        }
        if s.kernel {
            out.push_str(&format!(
                "template <{}> __global__ void {}({}) {{}}",
                s.template,
                f[0],
                unique_names(&params).join(", ")
            ));
        } else {
            out.push_str(&format!(
                "template <{}> __device__ {} {}({});",
                s.template,
                s.ret,
                f[0],
                unique_names(&params).join(", ")
            ));
            uses.push(s.name.clone());
        }
        for _ in ns {
            out.push_str(" }");
        }
        out.push('\n');
    }
    if !uses.is_empty() {
        out.push_str("__global__ void ptxabi_use(void** out) {\n");
        for (i, u) in uses.iter().enumerate() {
            out.push_str(&format!("  out[{i}] = (void*)&{u};\n"));
        }
        out.push_str("}\n");
    }
    out
}

/// Gives each `(*q)` its own name, so that a kernel's parameters do not clash.
fn unique_names(params: &[String]) -> Vec<String> {
    params
        .iter()
        .enumerate()
        .map(|(k, p)| p.replace("(*q)", &format!("(*q{k})")))
        .collect()
}
