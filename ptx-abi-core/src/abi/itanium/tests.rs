//! Function templates' names recorded from NVRTC 12.9.86 (`nvrtcGetLoweredName`, and for
//! `__device__` templates the `.extern .func` names of its PTX), so that core checks them
//! without NVRTC; `tests/abi_nvrtc/itanium_template.rs` compares against NVRTC itself, on
//! these and on generated signatures. Then the errors, each as the derive shows it.

use super::check::{declared_param_error, function_name_error, template_list_error};
use super::{
    function_capacity, mangle, mangle_function, mangle_function_in, mangle_function_to_string,
    mangled_name, CxxFunction, CxxParam, CxxSite, CxxType, MangleError, Mangled,
};
use alloc::string::String;
use alloc::vec::Vec;

fn ours(
    name: &'static str,
    template: &'static str,
    ret: &'static str,
    params: &[&'static str],
) -> String {
    let f = CxxFunction {
        name,
        template,
        ret,
    };
    let p: Vec<CxxParam> = params.iter().map(|s| CxxParam::declared(s)).collect();
    match mangle_function_to_string(&f, &p) {
        Ok(s) => s,
        Err(e) => alloc::format!("error: {}", e.message().as_str()),
    }
}

/// (instantiation, template, return type, declared parameters, NVRTC 12.9.86's name).
#[rustfmt::skip]
const RECORDED: &[(&str, &str, &str, &[&str], &str)] = &[
    ("k<float>", "class T", "void", &["T* p"], "_Z1kIfEvPT_"),
    ("k2<float>", "class T", "void", &["float* p"], "_Z2k2IfEvPf"),
    ("k3<double>", "class T", "void", &["const T* a", "T* b", "T c"], "_Z2k3IdEvPKT_PS0_S0_"),
    ("mul_mat_q<float, 32, true>", "typename T, int BLOCK, bool CHECK", "void", &["const T*", "T*", "int"], "_Z9mul_mat_qIfLi32ELb1EEvPKT_PS0_i"),
    ("ns::inner::scale<ns::P2, 7u>", "class T, unsigned N", "void", &["T* p", "ns::Pair<T,int>* q"], "_ZN2ns5inner5scaleINS_2P2ELj7EEEvPT_PNS_4PairIS3_iEE"),
    ("km<(Mode)1>", "Mode M", "void", &["int x"], "_Z2kmIL4Mode1EEvi"),
    ("kc<97, -3, 200>", "char C, signed char S, unsigned char U", "void", &[], "_Z2kcILc97ELan3ELh200EEvv"),
    ("kl<-5, 6, -7, 8, -9, 10>", "long L, unsigned long UL, long long LL, unsigned long long ULL, short SH, unsigned short US", "void", &[], "_Z2klILln5ELm6ELxn7ELy8ELsn9ELt10EEvv"),
    ("kw<1, 2, 3, -4, 5>", "wchar_t W, char16_t C16, char32_t C32, __int128 I, unsigned __int128 U", "void", &[], "_Z2kwILw1ELDs2ELDi3ELnn4ELo5EEvv"),
    ("kab<const int*, Box<float>>", "class A, class B", "void", &["A a", "B b", "A* c"], "_Z3kabIPKi3BoxIfEEvT_T0_PS4_"),
    ("kbox<Box<float>>", "class T", "void", &["Box<T>* a", "Box<T> b"], "_Z4kboxI3BoxIfEEvPS0_IT_ES3_"),
    ("kpair<ns::P2, Box<ns::P2>>", "class T, class U", "void", &["ns::Pair<T,U>* a", "ns::Pair<T,U>* b", "T c"], "_Z5kpairIN2ns2P2E3BoxIS1_EEvPNS0_4PairIT_T0_EES8_S5_"),
    ("kvoid<ns::Pair<int, ns::Pair<int,int>>>", "class T", "void", &[], "_Z5kvoidIN2ns4PairIiNS1_IiiEEEEEvv"),
    ("kenum2<(Mode)-1, Mode>", "Mode M, class T", "void", &["Mode m", "T t"], "_Z6kenum2IL4Moden1ES0_EvS0_T0_"),
    ("kb2<3, float>", "int N, class T", "void", &["Buf<N>* a", "T t", "Buf2<N> c"], "_Z3kb2ILi3EfEvP3BufIXT_EET0_4Buf2IXT_EE"),
    ("kq<int>", "class T", "void", &["const volatile T* a", "volatile T* b", "const T* c", "const volatile T* d"], "_Z2kqIiEvPVKT_PVS0_PKS0_S2_"),
    ("kr2<float>", "class T", "void", &["T* __restrict__* a"], "_Z3kr2IfEvPrPT_"),
    ("karr<float>", "class T", "void", &["T (*a)[4]", "float (*b)[4]"], "_Z4karrIfEvPA4_T_PA4_f"),
    ("kdef<float>", "typename T, int N = 4", "void", &["T* a"], "_Z4kdefIfLi4EEvPT_"),
    ("kvoid<half2>", "class T", "void", &[], "_Z5kvoidI7__half2Evv"),
    ("kout<int>", "class T", "void", &["Outer a", "Outer::Inner b", "T c"], "_Z4koutIiEv5OuterNS0_5InnerET_"),
    ("kmany<int,int,int,int,int,int,int,int,int,int,int,float>", "class T, class U, class V, class W, class X, class Y, class Z, class A1, class A2, class A3, class A4, class A5", "void", &["A5 a", "A4 b"], "_Z5kmanyIiiiiiiiiiiifEvT10_T9_"),
    ("dev5<float,3>", "class T, int N", "const T*", &["T* a", "Box<T> b"], "_Z4dev5IfLi3EEPKT_PS0_3BoxIS0_E"),
    ("dev7<Box<float>>", "class T", "Box<float>*", &["T a", "Box<float>* b"], "_Z4dev7I3BoxIfEEPS1_T_S2_"),
    ("f2<float>", "class T", "const Box<T>", &["T a"], "_Z2f2IfEK3BoxIT_ES1_"),
];

#[test]
fn recorded_nvrtc_names() {
    for (name, template, ret, params, nvrtc) in RECORDED {
        assert_eq!(ours(name, template, ret, params), *nvrtc, "{name}");
    }
}

// The derive's path: everything in `const`, with the capacity `function_capacity` gives.
const MUL_MAT_Q: CxxFunction = CxxFunction::kernel(
    "mul_mat_q<float, 32, true>",
    "typename T, int BLOCK, bool CHECK",
);
const MUL_MAT_Q_PARAMS: &[CxxParam] = &[
    CxxParam::Declared {
        spelling: "const T*",
        field: &CxxType::Pointer {
            pointee: &CxxType::Builtin("f"),
            pointee_const: true,
        },
    },
    CxxParam::Declared {
        spelling: "T*",
        field: &CxxType::Pointer {
            pointee: &CxxType::Builtin("f"),
            pointee_const: false,
        },
    },
    CxxParam::Type(&CxxType::Builtin("i")),
];
const CAP: usize = function_capacity(&MUL_MAT_Q, MUL_MAT_Q_PARAMS);
const RESULT: &Result<Mangled<CAP>, MangleError> =
    &mangle_function_in::<CAP>(&MUL_MAT_Q, MUL_MAT_Q_PARAMS);
const MANGLED: &str = mangled_name(RESULT);

#[test]
fn the_mangling_is_a_constant() {
    assert_eq!(MANGLED, "_Z9mul_mat_qIfLi32ELb1EEvPKT_PS0_i");
    let (f, p) = (&MUL_MAT_Q, MUL_MAT_Q_PARAMS);
    assert!(declared_param_error(f, p, RESULT, 0, "x", "DeviceConstPtr<f32>").is_none());
    assert!(declared_param_error(f, p, RESULT, 1, "dst", "DevicePtr<f32>").is_none());
    assert!(template_list_error(f, RESULT).is_none());
}

/// Template arguments nested 3,000 deep cost no recursion: the mangler runs on a 64 KiB
/// stack. (The expected name follows the rule NVRTC's names show for a few levels:
/// `Box` becomes `S0_` after its first use; `tests/abi_nvrtc` checks the rule itself.)
#[test]
fn deep_nesting_is_iterative() {
    let depth = 3000;
    let arg = alloc::format!("{}int{}", "Box<".repeat(depth), ">".repeat(depth));
    let name: &'static str =
        alloc::boxed::Box::leak(alloc::format!("kvoid<{arg}>").into_boxed_str());
    let got = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || mangle_function_to_string(&CxxFunction::kernel(name, "class T"), &[]))
        .unwrap()
        .join()
        .unwrap()
        .unwrap();
    let want = alloc::format!(
        "_Z5kvoidI3BoxI{}i{}Evv",
        "S0_I".repeat(depth - 1),
        "E".repeat(depth)
    );
    assert!(
        got == want,
        "{} bytes, not the {} expected",
        got.len(),
        want.len()
    );
}

fn error(name: &'static str, template: &'static str, params: &[&'static str]) -> MangleError {
    let f = CxxFunction::kernel(name, template);
    let p: Vec<CxxParam> = params.iter().map(|s| CxxParam::declared(s)).collect();
    mangle_function_to_string(&f, &p).unwrap_err()
}

#[test]
fn errors_say_where_and_what_to_write() {
    let arg = |index, param| CxxSite::Arg { index, param };
    #[rustfmt::skip]
    let cases: &[(&str, &str, &[&str], CxxSite, &str)] = &[
        ("k<float>", "typename T, int N", &[], CxxSite::Name, "declares 2 parameters but the instantiation gives 1 argument"),
        ("k<float, float>", "typename T, int N", &[], arg(1, "int N"), "`float` is a type, but this is a constant parameter"),
        ("k<32>", "typename T", &[], arg(0, "typename T"), "`32` is a constant, but this is a type parameter"),
        ("k<Mode(1)>", "Mode M", &[], arg(0, "Mode M"), "write the enum's value as a C-style cast, `(Mode)1`"),
        ("k<Mode::B>", "Mode M", &[], arg(0, "Mode M"), "ptx-abi cannot see"),
        ("k<1>", "Mode M", &[], arg(0, "Mode M"), "write the value as `(Mode)1`"),
        ("k<(Other)1>", "Mode M", &[], arg(0, "Mode M"), "casts to another type"),
        ("k<1>", "bool B", &[], arg(0, "bool B"), "`true` or `false`"),
        ("k<'a'>", "char C", &[], arg(0, "char C"), "`'a'` is `97`"),
        ("k<3*4>", "int N", &[], arg(0, "int N"), "is an expression"),
        ("k<010>", "int N", &[], arg(0, "int N"), "octal"),
        ("k<9223372036854775808>", "long N", &[], arg(0, "long N"), "does not fit its suffix's types"),
        ("k<-1u>", "int N", &[], arg(0, "int N"), "negates an unsigned constant"),
        ("k<float>", "typename... Ts", &[], CxxSite::Template, "parameter pack"),
        ("k<float>", "template <class> class C", &[], CxxSite::Template, "template template parameter"),
        ("k<float>", "auto N", &[], CxxSite::Template, "deduced type"),
        ("k<1.0>", "double D", &[], CxxSite::Template, "whose constants ptx-abi does not mangle"),
        ("k<float>", "typename T, class T", &[], CxxSite::Template, "names two template parameters"),
        ("k<float>", "typename T, T V", &[], CxxSite::Template, "has the type of a template parameter"),
        ("k<float>", "int* P", &[], CxxSite::Template, "pointer or reference template parameter"),
        ("k<float>", "struct S s", &[], CxxSite::Template, "class type"),
        ("k<float>", "typename T", &["T&"], CxxSite::Param(0), "reference"),
        ("k<float>", "typename T", &["std::size_t"], CxxSite::Param(0), "namespace `std`"),
        ("k<std::int64_t>", "typename T", &[], arg(0, "typename T"), "namespace `std`"),
        ("k<float>", "typename T", &["T[4]"], CxxSite::Param(0), "write `T*`"),
        ("k<float>", "typename T", &["int64_t*"], CxxSite::Param(0), "`int64_t` is `long`"),
        ("k<float>", "typename T", &["typename T::type*"], CxxSite::Param(0), "dependent type"),
        ("k<float>", "typename T", &["unsigned float"], CxxSite::Param(0), "is not a C++ type"),
        ("k<float>", "typename T", &["T<int>*"], CxxSite::Param(0), "gives arguments to a template parameter"),
        ("k<float>", "typename T", &["Box<T"], CxxSite::Param(0), "not closed"),
        ("k<float>", "typename T", &["void"], CxxSite::Param(0), "`void` is not a parameter type"),
        ("k<float, 3>", "typename T, int N", &["N*"], CxxSite::Param(0), "is a constant template parameter, not a type"),
        ("k<float>", "typename T", &["const const T*"], CxxSite::Param(0), "repeated"),
        ("k<float>", "typename T", &["float __restrict__*"], CxxSite::Param(0), "write it after the `*`"),
        ("k<float>", "typename T", &["Box<>*"], CxxSite::Param(0), "write the arguments"),
        ("k<float>", "typename T, typename U = T", &[], arg(1, "typename U = T"), "does not substitute"),
        ("k", "typename T", &[], CxxSite::Name, "without its arguments"),
    ];
    for (name, template, params, site, needle) in cases {
        let e = error(name, template, params);
        let msg = e.message();
        let what = alloc::format!("{name} [{template}] {params:?}: {}", msg.as_str());
        assert_eq!(e.site(), Some(*site), "{what}");
        assert!(msg.as_str().contains(needle), "{what}");
    }
    // A name with arguments but no parameter list, through the old entry point too.
    let e = mangle("k<float>", &[]).unwrap_err();
    assert!(
        e.message().as_str().contains("template = "),
        "{}",
        e.message().as_str()
    );
    // Out of range: named and quoted.
    let e = error("k<300>", "unsigned char N", &[]);
    assert_eq!(
        e,
        MangleError::OutOfRange {
            index: 0,
            param: "unsigned char N",
            value: "300"
        }
    );
}

/// Each mistake is reported once, by the check spanned on its attribute.
#[test]
fn the_derive_checks_share_the_work() {
    const F: CxxFunction = CxxFunction::kernel("k<float, -1>", "typename T, unsigned N");
    const P: &[CxxParam] = &[
        CxxParam::Declared {
            spelling: "T[4]",
            field: &CxxType::Builtin("f"),
        },
        CxxParam::Declared {
            spelling: "T",
            field: &CxxType::Builtin("i"),
        },
        CxxParam::Type(&CxxType::Array {
            elem: &CxxType::Builtin("f"),
            len: 4,
        }),
    ];
    const N: usize = function_capacity(&F, P);
    let m = mangle_function_in::<N>(&F, P);
    // The argument: on `kernel`.
    let e = function_name_error(&F, P, &m).unwrap();
    assert!(e.as_str().contains("`-1` does not fit"), "{}", e.as_str());
    assert!(template_list_error(&F, &m).is_none());
    // The spelling of parameter 0 is still read without the name's arguments; parameter 1
    // cannot be compared without them.
    let e = declared_param_error(&F, P, &m, 0, "a", "DevicePtr<f32>").unwrap();
    assert!(
        e.as_str().starts_with("field `a`: `cxx = \"T[4]\"`"),
        "{}",
        e.as_str()
    );
    assert!(declared_param_error(&F, P, &m, 1, "b", "i32").is_none());
    // With the argument fixed: parameter 1 does not match its field, and parameter 2 (a Rust
    // array) is refused on `kernel`.
    const G: CxxFunction = CxxFunction::kernel("k<float, 1>", "typename T, unsigned N");
    const Q: &[CxxParam] = &[P[1], P[2]];
    const M: usize = function_capacity(&G, Q);
    let m = mangle_function_in::<M>(&G, Q);
    let e = declared_param_error(&G, Q, &m, 0, "b", "i32").unwrap();
    assert_eq!(
        e.as_str(),
        "field `b`: `cxx = \"T\"` is `float` for `k<float, 1>`, but the field's type `i32` is \
         `int` in C++; give the field the Rust type of the C++ parameter, or correct `cxx`"
    );
    let e = function_name_error(&G, Q, &m).unwrap();
    assert!(e.as_str().contains("array by value"), "{}", e.as_str());
    // A template list error is only `template_list_error`'s.
    const H: CxxFunction = CxxFunction::kernel("k<float>", "typename... T");
    let m = mangle_function(&H, &[]);
    assert!(function_name_error(&H, &[], &m).is_none());
    assert!(template_list_error(&H, &m)
        .unwrap()
        .as_str()
        .contains("parameter pack"));
}

#[test]
fn declared_types_are_compared_with_the_field() {
    const F: CxxFunction = CxxFunction::kernel(
        "k<const float*, ns::Box<int>, 4>",
        "class T, class U, int N",
    );
    const FLOAT: CxxType = CxxType::Builtin("f");
    const CF_PTR: CxxType = CxxType::Pointer {
        pointee: &FLOAT,
        pointee_const: true,
    };
    const P: &[CxxParam] = &[
        // `T` is `const float*`; `const T*` is `const float* const*`.
        CxxParam::Declared {
            spelling: "T",
            field: &CF_PTR,
        },
        CxxParam::Declared {
            spelling: "const T*",
            field: &CxxType::Pointer {
                pointee: &CF_PTR,
                pointee_const: true,
            },
        },
        // A template-id is any class type: Rust types name no instantiation.
        CxxParam::Declared {
            spelling: "U*",
            field: &CxxType::Pointer {
                pointee: &CxxType::Named("BoxInt"),
                pointee_const: false,
            },
        },
        // `volatile` and `__restrict__` have no Rust counterpart.
        CxxParam::Declared {
            spelling: "volatile float* __restrict__",
            field: &CxxType::Pointer {
                pointee: &FLOAT,
                pointee_const: false,
            },
        },
        CxxParam::Declared {
            spelling: "float (*)[4]",
            field: &CxxType::Pointer {
                pointee: &CxxType::Array {
                    elem: &FLOAT,
                    len: 4,
                },
                pointee_const: false,
            },
        },
        // Mismatches: const-ness, pointer depth, array length, a class's name.
        CxxParam::Declared {
            spelling: "T",
            field: &CxxType::Pointer {
                pointee: &FLOAT,
                pointee_const: false,
            },
        },
        CxxParam::Declared {
            spelling: "T*",
            field: &CF_PTR,
        },
        CxxParam::Declared {
            spelling: "float (*)[3]",
            field: &CxxType::Pointer {
                pointee: &CxxType::Array {
                    elem: &FLOAT,
                    len: 4,
                },
                pointee_const: false,
            },
        },
        CxxParam::Declared {
            spelling: "ns::Params",
            field: &CxxType::Named("Params"),
        },
        CxxParam::Declared {
            spelling: "U",
            field: &FLOAT,
        },
    ];
    const N: usize = function_capacity(&F, P);
    let m = mangle_function_in::<N>(&F, P);
    // The mangler's record of the comparison (fast) and the comparison done again (as when the
    // name could not be mangled) agree.
    let slow: Result<Mangled<N>, MangleError> = Err(MangleError::BadFunctionName);
    let check = |i: usize, m: &Result<Mangled<N>, MangleError>| {
        declared_param_error(&F, P, m, i, "f", "R").map(|m| String::from(m.as_str()))
    };
    for i in 0..P.len() {
        assert_eq!(check(i, &m), check(i, &slow), "{i}");
    }
    let ok = |i: usize| check(i, &m);
    for i in 0..5 {
        assert_eq!(ok(i), None, "{i}");
    }
    for (i, shown) in [
        (5, "`float const*`"),
        (6, "`float const**`"),
        (7, "`float (*)[3]`"),
        (8, "`ns::Params`"),
        (9, "`ns::Box<int>`"),
    ] {
        let e = ok(i).unwrap_or_else(|| panic!("{i} matched"));
        assert!(e.contains(shown), "{i}: {e}");
    }
    assert!(
        ok(6).unwrap().contains("is `float const*` in C++"),
        "{}",
        ok(6).unwrap()
    );
}

/// C++ text of any shape is an error or a name, never a panic: 20,000 texts put together from
/// C++ tokens (and a few stray bytes) as names, parameter lists and declared types, through
/// the mangler and every check the derive calls.
#[test]
fn any_text_is_an_error_or_a_name() {
    const TOKENS: &[&str] = &[
        "T",
        "U",
        "N",
        "k",
        "ns",
        "::",
        "<",
        ">",
        ",",
        "*",
        "&",
        "(",
        ")",
        "[",
        "]",
        "-",
        "=",
        "...",
        "const",
        "volatile",
        "__restrict__",
        "int",
        "unsigned",
        "long",
        "char",
        "bool",
        "float",
        "void",
        "typename",
        "class",
        "struct",
        "enum",
        "template",
        "auto",
        "true",
        "false",
        "0",
        "1",
        "32",
        "0x1f",
        "7u",
        "-3",
        "99999999999999999999999",
        "'a'",
        "Box",
        "Mode",
        "(Mode)1",
        "half2",
        "int64_t",
        "size_t",
        " ",
        "é",
        "$",
        "\"",
        "T_",
        "S_",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut text = |max: usize| -> &'static str {
        let len = next(max);
        let mut s = String::new();
        for _ in 0..len {
            s.push_str(TOKENS[next(TOKENS.len())]);
            if next(3) == 0 {
                s.push(' ');
            }
        }
        alloc::boxed::Box::leak(s.into_boxed_str())
    };
    let (mut names, mut errors) = (0, 0);
    for round in 0..20_000 {
        // Half of the names start as an instantiation, so that the arguments are read.
        let name: &'static str = if round % 2 == 0 {
            alloc::boxed::Box::leak(alloc::format!("k<{}>", text(6)).into_boxed_str())
        } else {
            text(8)
        };
        let f = CxxFunction {
            name,
            template: text(8),
            ret: text(4),
        };
        let params = [
            CxxParam::Declared {
                spelling: text(6),
                field: &CxxType::Builtin("i"),
            },
            CxxParam::declared(text(6)),
            CxxParam::Type(&CxxType::Named("ns::Params")),
        ];
        match mangle_function_to_string(&f, &params) {
            Ok(_) => names += 1,
            Err(e) => {
                let _ = e.message();
                errors += 1;
            }
        }
        let m = mangle_function_in::<4096>(&f, &params);
        let _ = template_list_error(&f, &m);
        let _ = function_name_error(&f, &params, &m);
        for i in 0..params.len() {
            let _ = declared_param_error(&f, &params, &m, i, "f", "R");
            let _ = declared_param_error::<4096>(
                &f,
                &params,
                &Err(MangleError::BadFunctionName),
                i,
                "f",
                "R",
            );
        }
    }
    assert!(
        names > 0 && errors > 10_000,
        "{names} names, {errors} errors"
    );
}
