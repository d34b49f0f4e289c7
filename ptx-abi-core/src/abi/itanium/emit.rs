//! The emitter: from a key (`key.rs`) to the mangled text, with the Itanium ABI's
//! substitutions (`S_`, `S0_`, …).
//!
//! The rules, each checked against NVRTC's lowered names:
//! - a type already seen is replaced by its substitution, outermost level first (a pointer
//!   seen before ends the type; otherwise `P` is written and its pointee is looked at);
//! - builtin types and literals are never candidates; everything else written becomes one
//!   when it is complete, innermost first: a name's prefixes (`ns`, `ns::inner`) and, for a
//!   template, its template name (`ns::Box`) as soon as they are written, before the
//!   template's arguments; the whole name, template parameters (`T_`) and each pointer or
//!   qualified level after them;
//! - the function's own name is not a candidate (its prefixes and template name are);
//! - a template parameter inside an expression (`XT_E`) is not a candidate.
//!
//! Template arguments nest; an explicit stack of frames (in the caller's working space)
//! replaces recursion, so no input can overflow the stack or `const` evaluation's frame limit.

use super::error::MangleError;
use super::key::{
    base_end, builtin_end, comps_end, expr_end, literal_end, op_end, op_start, source_name_end,
    type_end,
};
use super::work::{Frame, Work};

/// After a type's base: add the candidates of the base (`d`, its key's end, or 0 when it was
/// substituted or is builtin) and of each op written, from `b` to `c`, for the type at `a`.
const CLOSE: u8 = 1;
/// In a name's template arguments: `a` the name's key, `b` the next argument, `c` flags.
const ARGS: u8 = 2;

/// `ARGS` flag: the name is nested (`N…E`).
const NESTED: u32 = 1;

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}

/// Emits the function name whose key starts at `s`: like a type's name, but the whole name
/// is not a candidate.
pub(super) const fn emit_function_name(w: &mut Work, s: usize) -> Result<(), MangleError> {
    let base = w.nframes;
    tri!(begin_name(w, s));
    drain(w, base)
}

/// Emits the type whose key is `plain[s..e]`.
pub(super) const fn emit_type(w: &mut Work, s: usize, e: usize) -> Result<(), MangleError> {
    let base = w.nframes;
    tri!(begin_type(w, s, e));
    drain(w, base)
}

/// Runs the frames above `base` to completion.
const fn drain(w: &mut Work, base: usize) -> Result<(), MangleError> {
    while w.nframes > base {
        let f = w.pop_frame();
        if f.kind == CLOSE {
            let (s, c, e) = (f.a as usize, f.b as usize, f.c as usize);
            if f.d != 0 {
                tri!(w.add(s, f.d as usize));
            }
            let mut b = c;
            while b < e {
                b = op_end(w, b);
                tri!(w.add(s, b));
            }
            continue;
        }
        // ARGS: the next template argument, or the end of the list.
        let pos = f.b as usize;
        match w.at(pos) {
            b'E' => {
                tri!(w.push(b"E"));
                if f.c & NESTED != 0 {
                    tri!(w.push(b"E"));
                }
            }
            b'L' => {
                let end = tri!(emit_literal(w, pos));
                tri!(w.push_frame(Frame { b: end as u32, ..f }));
            }
            b'X' => {
                // `XT_E`: a template parameter as an expression, never a candidate.
                let end = expr_end(w, pos);
                tri!(w.push_plain(pos, end));
                tri!(w.push_frame(Frame { b: end as u32, ..f }));
            }
            0 => return Err(MangleError::BadFunctionName),
            _ => {
                let end = type_end(w, pos);
                tri!(w.push_frame(Frame { b: end as u32, ..f }));
                tri!(begin_type(w, pos, end));
            }
        }
    }
    Ok(())
}

/// Starts the type `plain[s..e]`: its ops from the outermost in until one was seen before (its
/// substitution ends the type) or the base, which is written (a name may push its arguments);
/// then a `CLOSE` frame adds the candidates once the base is complete.
const fn begin_type(w: &mut Work, s: usize, e: usize) -> Result<(), MangleError> {
    let be = base_end(w, s);
    let mut c = e;
    while c > be {
        if let Some(i) = w.find(s, c) {
            tri!(w.push_sub(i));
            return close(w, s, c, e, 0);
        }
        let o = op_start(w, be, c);
        tri!(w.push_plain(o, c));
        c = o;
    }
    match w.at(s) {
        b'T' => match w.find(s, be) {
            Some(i) => {
                tri!(w.push_sub(i));
                close(w, s, be, e, 0)
            }
            None => {
                tri!(w.push_plain(s, be));
                close(w, s, be, e, be)
            }
        },
        b'N' => match w.find(s, be - 1) {
            Some(i) => {
                tri!(w.push_sub(i));
                close(w, s, be, e, 0)
            }
            None => {
                tri!(close(w, s, be, e, be - 1));
                begin_name(w, s)
            }
        },
        0 => Err(MangleError::BadFunctionName),
        _ => {
            tri!(w.push_plain(s, builtin_end(w, s)));
            close(w, s, be, e, 0)
        }
    }
}

/// Pushes the `CLOSE` frame of the type at `s` (nothing when it would add no candidate).
const fn close(w: &mut Work, s: usize, c: usize, e: usize, d: usize) -> Result<(), MangleError> {
    if d == 0 && c >= e {
        return Ok(());
    }
    w.push_frame(Frame {
        kind: CLOSE,
        a: s as u32,
        b: c as u32,
        c: e as u32,
        d: d as u32,
    })
}

/// Writes the name whose key starts at `s` (`N comp+ (I args E)? E`): `N` when it has several
/// components, the longest prefix seen before as its substitution, the other components (each
/// prefix, and the template's name, becoming a candidate), then `I` and an `ARGS` frame for
/// the arguments, or the closing `E`.
const fn begin_name(w: &mut Work, s: usize) -> Result<(), MangleError> {
    let end = comps_end(w, s + 1);
    let has_args = w.at(end) == b'I';
    let mut k = 0;
    let mut p = s + 1;
    while p < end {
        p = source_name_end(w, p);
        k += 1;
    }
    if k == 0 {
        return Err(MangleError::BadFunctionName);
    }
    let nested = k > 1;
    if nested {
        tri!(w.push(b"N"));
    }
    // A prefix is only ever added after its own parent prefix, so the prefixes seen before
    // are exactly the first few.
    let max = if has_args { k } else { k - 1 };
    let mut j = 0;
    let mut at = s + 1;
    let mut seen = None;
    while j < max {
        let next = source_name_end(w, at);
        match w.find(s, next) {
            Some(i) => {
                seen = Some(i);
                at = next;
                j += 1;
            }
            None => break,
        }
    }
    if let Some(i) = seen {
        tri!(w.push_sub(i));
    }
    while j < k {
        let next = source_name_end(w, at);
        tri!(w.push_plain(at, next));
        if j + 1 < k || has_args {
            tri!(w.add(s, next));
        }
        at = next;
        j += 1;
    }
    if has_args {
        tri!(w.push(b"I"));
        return w.push_frame(Frame {
            kind: ARGS,
            a: s as u32,
            b: (end + 1) as u32,
            c: if nested { NESTED } else { 0 },
            d: 0,
        });
    }
    if nested {
        tri!(w.push(b"E"));
    }
    Ok(())
}

/// Writes the literal at `pos` (`L`, its type, its value, `E`); an enum's name in it is a
/// candidate like any other. Returns the literal's end.
const fn emit_literal(w: &mut Work, pos: usize) -> Result<usize, MangleError> {
    let end = literal_end(w, pos);
    tri!(w.push(b"L"));
    let t = pos + 1;
    let value = if w.at(t) == b'N' {
        let ne = comps_end(w, t + 1) + 1;
        match w.find(t, ne - 1) {
            Some(i) => tri!(w.push_sub(i)),
            None => {
                tri!(begin_name(w, t));
                tri!(w.add(t, ne - 1));
            }
        }
        ne
    } else {
        let be = builtin_end(w, t);
        tri!(w.push_plain(t, be));
        be
    };
    tri!(w.push_plain(value, end));
    Ok(end)
}
