//! Whether a declared parameter type (`#[ptx(cxx = "const T*")]`), with the template's
//! arguments in place of its parameters, is the Rust argument's C++ type
//! (`<F as PtxAbi>::CXX`): level by level from the outside in, the key's ops read backward.
//!
//! `volatile` and `__restrict__` have no counterpart in a Rust type and are not compared; a
//! template-id (`ns::Pair<T, int>`) matches any class type, since a Rust type's C++ name is an
//! identifier (`#[ptx(c_name = "…")]`) and cannot say which instantiation it is.

use super::key::{base_end, comps_end, digits_end, level, op_start, source_name_end, Level};
use super::render::{arg_range, param_index};
use super::work::Work;
use crate::layout::cxx_type::CxxType;

/// Whether the key `plain[s..e]`, its template parameters standing for the arguments of the
/// function name whose key starts at `name`, is the type `t`.
pub(super) const fn same_type(w: &Work, name: usize, s: usize, e: usize, t: &CxxType) -> bool {
    let (mut s, mut e) = (s, e);
    let mut cur = (t, false);
    // Whether a `const` was matched right on a template parameter (`const T` with
    // `T = const int` is `const int`: C++ merges the two).
    let mut const_on_param = false;
    let mut jumped = false;
    loop {
        let be = base_end(w, s);
        let mut c = e;
        let mut outermost = true;
        while c > be {
            let o = op_start(w, be, c);
            let op = w.at(o);
            let l = level(cur.0, cur.1);
            if op == b'P' {
                match l {
                    Level::Pointer(p, k) => cur = (p, k),
                    _ => return false,
                }
                const_on_param = false;
            } else if op == b'A' {
                let de = digits_end(w, o + 1);
                let mut len = 0usize;
                let mut q = o + 1;
                while q < de {
                    len = len
                        .saturating_mul(10)
                        .saturating_add((w.at(q) - b'0') as usize);
                    q += 1;
                }
                match l {
                    Level::Array(n, elem, k) if n == len => cur = (elem, k),
                    _ => return false,
                }
                const_on_param = false;
            } else {
                let mut has_const = false;
                let mut q = o;
                while q < c {
                    if w.at(q) == b'K' {
                        has_const = true;
                    }
                    q += 1;
                }
                if has_const && !(jumped && outermost && const_on_param) {
                    match l {
                        Level::Const(t) => cur = (t, false),
                        _ => return false,
                    }
                    const_on_param = true;
                }
            }
            outermost = false;
            c = o;
        }
        let l = level(cur.0, cur.1);
        match w.at(s) {
            b'T' => {
                if jumped {
                    return false;
                }
                match arg_range(w, name, param_index(w, s)) {
                    Some((as_, ae)) if !matches!(w.at(as_), b'L' | b'X') => {
                        s = as_;
                        e = ae;
                        jumped = true;
                    }
                    _ => return false,
                }
            }
            b'N' => {
                return match l {
                    Level::Named(n) => is_template_id(w, s) || same_path(w, s, n.as_bytes()),
                    _ => false,
                }
            }
            _ => {
                let code = w.plain.split_at(be).0.split_at(s).1;
                return match l {
                    Level::Builtin(b) => same(b.as_bytes(), code),
                    Level::Void => same(b"v", code),
                    _ => false,
                };
            }
        }
    }
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether the name whose key starts at `s` has template arguments.
const fn is_template_id(w: &Work, s: usize) -> bool {
    w.at(comps_end(w, s + 1)) == b'I'
}

/// Whether the name whose key starts at `s` is the `::`-separated path `name`.
const fn same_path(w: &Work, s: usize, name: &[u8]) -> bool {
    let mut q = s + 1;
    let mut i = 0;
    while w.at(q).is_ascii_digit() {
        let ne = source_name_end(w, q);
        let id = digits_end(w, q);
        if i > 0 {
            if i + 1 >= name.len() || name[i] != b':' || name[i + 1] != b':' {
                return false;
            }
            i += 2;
        }
        let mut k = id;
        while k < ne {
            if i >= name.len() || name[i] != w.at(k) {
                return false;
            }
            i += 1;
            k += 1;
        }
        q = ne;
    }
    i == name.len()
}
