//! C initializers, as the checks suite's headers write their cases (`// check: T = {…}`),
//! turned into Rust values of the imported types: the build script of
//! `ptx-abi-import-checks` renders one `run.check(key, value)` per case with them.
//!
//! A library of its own (rather than code in the build script) so that it is tested
//! ([`tests`]) and read in one place. It knows the importer's [`Model`] and nothing of NVRTC.

use ptx_abi_import::cuda_types::CDef;
use ptx_abi_import::model::{rust_name, scalar_from_c, ItemKind, Model, Scalar, Ty};

/// A C initializer: `{…}`, `.name = …` or one expression.
#[derive(Debug)]
pub enum Init {
    /// `{a, b, …}`.
    List(Vec<Init>),
    /// `.name = value`.
    Designated(String, Box<Init>),
    /// One expression, as written (`-3`, `0x10u`, `(float*)0 + 16`, `E::A`).
    Atom(String),
}

/// Parses the C initializer `s`.
pub fn parse_init(s: &str) -> Result<Init, String> {
    let chars: Vec<char> = s.chars().collect();
    let mut pos = 0;
    let v = parse_at(&chars, &mut pos)?;
    skip_ws(&chars, &mut pos);
    if pos != chars.len() {
        return Err(format!("trailing text at {pos} in {s:?}"));
    }
    Ok(v)
}

fn skip_ws(c: &[char], pos: &mut usize) {
    while *pos < c.len() && c[*pos].is_whitespace() {
        *pos += 1;
    }
}

fn parse_at(c: &[char], pos: &mut usize) -> Result<Init, String> {
    skip_ws(c, pos);
    if c.get(*pos) == Some(&'{') {
        *pos += 1;
        let mut items = Vec::new();
        loop {
            skip_ws(c, pos);
            if c.get(*pos) == Some(&'}') {
                *pos += 1;
                return Ok(Init::List(items));
            }
            items.push(parse_at(c, pos)?);
            skip_ws(c, pos);
            match c.get(*pos) {
                Some(',') => *pos += 1,
                Some('}') => {}
                other => return Err(format!("expected `,` or `}}` at {}, found {other:?}", *pos)),
            }
        }
    }
    if c.get(*pos) == Some(&'.') {
        let start = *pos + 1;
        let eq = (start..c.len())
            .find(|&i| c[i] == '=')
            .ok_or("designator without `=`")?;
        let name: String = c[start..eq].iter().collect::<String>().trim().to_string();
        *pos = eq + 1;
        let v = parse_at(c, pos)?;
        return Ok(Init::Designated(name, Box::new(v)));
    }
    let start = *pos;
    let mut depth = 0;
    while *pos < c.len() {
        match c[*pos] {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' | '}' if depth == 0 => break,
            _ => {}
        }
        *pos += 1;
    }
    Ok(Init::Atom(
        c[start..*pos].iter().collect::<String>().trim().to_string(),
    ))
}

/// The Rust path of item `id` from the test module (which holds `mod imported`).
pub fn item_path(model: &Model, id: usize) -> String {
    let it = &model.items[id];
    let mut p = String::from("imported::");
    for m in &it.module {
        p.push_str(m);
        p.push_str("::");
    }
    p.push_str(&it.name);
    p
}

/// The value of a C hexadecimal floating literal without suffix (`0x1.8p3`, `-0x0.0000000000001p-1022`,
/// as the corpus generator writes them: `oracle/src/gen/cuda.rs`), exactly; `None` if it is not
/// one or its digits do not fit 64 bits.
fn hex_float(lit: &str) -> Option<f64> {
    let (sign, rest) = match lit.strip_prefix('-') {
        Some(r) => (-1.0, r),
        None => (1.0, lit),
    };
    let rest = rest
        .strip_prefix("0x")
        .or_else(|| rest.strip_prefix("0X"))?;
    let (digits, exp) = rest.split_once(['p', 'P'])?;
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all = format!("{int}{frac}");
    if all.is_empty() || all.len() > 16 {
        return None;
    }
    let m = u64::from_str_radix(&all, 16).ok()?;
    let mut e = exp.parse::<i32>().ok()? - 4 * frac.len() as i32;
    // m < 2^64 as an f64 rounds only if it has over 53 significant bits, which a literal of a
    // double's value never has; scaling by powers of two is exact while the result is
    // representable, done in steps that neither overflow nor underflow on the way.
    let mut v = m as f64;
    while e != 0 {
        let step = e.clamp(-1000, 1000);
        v *= f64::from_bits(((step + 1023) as u64) << 52);
        e -= step;
    }
    Some(sign * v)
}

/// The Rust literal of scalar `s` that C's `atom` writes (`0x10u` → `16_u32`, `1.5f` →
/// `1.5_f32`, `1` for a `bool` → `true`).
fn scalar(s: Scalar, atom: &str) -> Result<String, String> {
    let a = atom.trim();
    match (s, a) {
        (Scalar::Bool, "true" | "false") => return Ok(a.to_string()),
        (Scalar::Bool, "1") => return Ok("true".into()),
        (Scalar::Bool, "0") => return Ok("false".into()),
        (Scalar::I32, "(-2147483647 - 1)") => return Ok("i32::MIN".into()),
        (Scalar::I64, "(-9223372036854775807LL - 1)") => return Ok("i64::MIN".into()),
        _ => {}
    }
    let t = rust_name(s);
    if matches!(s, Scalar::F32 | Scalar::F64) {
        let digits = a.trim_start_matches('-');
        let hex = digits.starts_with("0x") || digits.starts_with("0X");
        // A hexadecimal literal's suffix follows its decimal exponent; a decimal one has no
        // hexadecimal digits to lose.
        let v = a.trim_end_matches(['f', 'F']);
        let value = if hex {
            hex_float(v)
                .ok_or_else(|| format!("float {a:?}: not a hexadecimal floating literal"))?
        } else {
            v.parse::<f64>().map_err(|e| format!("float {a:?}: {e}"))?
        };
        // Rust prints the shortest decimal that reads back to the same value; a `float`'s
        // value is exact as a `double`, and printed as an `f32` for an `f32` literal.
        return Ok(match s {
            Scalar::F32 if hex => format!("{:?}_{t}", value as f32),
            _ if hex => format!("{value:?}_{t}"),
            _ => format!("{v}_{t}"),
        });
    }
    let v = a.trim_end_matches(['u', 'U', 'l', 'L']);
    let n: i128 = if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).map_err(|e| format!("{a:?}: {e}"))?
    } else if let Some(h) = v.strip_prefix("-0x") {
        -i128::from_str_radix(h, 16).map_err(|e| format!("{a:?}: {e}"))?
    } else {
        v.parse().map_err(|e| format!("integer {a:?}: {e}"))?
    };
    Ok(format!("{n}_{t}"))
}

/// The Rust value of type `ty` that C initializer `init` gives (and, for unions, marks the
/// initialized member as the one decoding reads).
pub fn value(model: &mut Model, ty: &Ty, init: &Init) -> Result<String, String> {
    match (ty, init) {
        (Ty::Scalar(s), Init::Atom(a)) => scalar(*s, a),
        (Ty::Scalar(s), Init::List(l)) if l.len() == 1 => value(model, &Ty::Scalar(*s), &l[0]),
        (Ty::Pointer(_), Init::Atom(a)) => {
            let addr = match a.split_once('+') {
                Some((_, n)) => n
                    .trim()
                    .trim_end_matches([')', 'u', 'U', 'l', 'L'])
                    .trim()
                    .to_string(),
                None if a.ends_with(")0") || a == "0" || a == "nullptr" || a == "NULL" => {
                    "0".to_string()
                }
                None => return Err(format!("pointer initializer {a:?}")),
            };
            Ok(format!("::ptx_abi::DevicePtr::from_raw({addr}_u64)"))
        }
        (Ty::Cuda(c), Init::List(items)) => match c.def {
            CDef::Vector { elem, lanes, .. } => {
                let s = scalar_from_c(elem).ok_or("vector element")?;
                if items.len() != lanes as usize {
                    return Err(format!("{} needs {lanes} values", c.c_name));
                }
                let lanes: Result<Vec<String>, String> = items
                    .iter()
                    .map(|i| value(model, &Ty::Scalar(s), i))
                    .collect();
                Ok(format!("{}::from([{}])", c.rust_path(), lanes?.join(", ")))
            }
            _ => Err(format!("no values of {} here", c.c_name)),
        },
        (Ty::Array(e, n), Init::List(items)) => {
            if items.len() as u64 != *n {
                return Err(format!(
                    "array of {n} initialised with {} values",
                    items.len()
                ));
            }
            let v: Result<Vec<String>, String> = items.iter().map(|i| value(model, e, i)).collect();
            Ok(format!("[{}]", v?.join(", ")))
        }
        (Ty::Item(id), _) => {
            let id = *id;
            let path = item_path(model, id);
            match model.items[id].kind.clone() {
                ItemKind::Alias(t) => value(model, &t, init),
                ItemKind::Enum(e) => {
                    let Init::Atom(a) = init else {
                        return Err("enum value".into());
                    };
                    let v = a.rsplit("::").next().unwrap_or(a);
                    if !e.variants.iter().any(|(n, _)| n == v) {
                        return Err(format!("no enumerator {v:?}"));
                    }
                    Ok(format!("{path}::{v}"))
                }
                ItemKind::Record(r) if r.is_union => {
                    let (k, inner) = match init {
                        Init::List(l) if l.len() == 1 => match &l[0] {
                            Init::Designated(n, v) => (
                                r.members
                                    .iter()
                                    .position(|m| m.c_name.as_deref().unwrap_or(&m.name) == n)
                                    .ok_or_else(|| format!("no member {n}"))?,
                                &**v,
                            ),
                            v => (0, v),
                        },
                        _ => return Err("union initializer".into()),
                    };
                    let m = &r.members[k];
                    let v = value(model, &m.ty, inner)?;
                    if let ItemKind::Record(r) = &mut model.items[id].kind {
                        r.decode = Some(k);
                    }
                    Ok(format!("{path}::{}({v})", m.name))
                }
                ItemKind::Record(r) => {
                    let Init::List(items) = init else {
                        return Err(format!("struct {path} needs braces"));
                    };
                    let mut items = items.iter();
                    let mut fields = Vec::new();
                    for m in &r.members {
                        let v = if m.anonymous && m.bits.is_some() {
                            "Default::default()".to_string()
                        } else {
                            let i = items
                                .next()
                                .ok_or_else(|| format!("too few values for {path}"))?;
                            value(model, &m.ty, i)?
                        };
                        fields.push(format!("{}: {v}", m.name));
                    }
                    if items.next().is_some() {
                        return Err(format!("too many values for {path}"));
                    }
                    Ok(format!("{path} {{ {} }}", fields.join(", ")))
                }
                _ => Err(format!("no values of {path}")),
            }
        }
        _ => Err(format!("cannot read {init:?} as {ty:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_designators_and_atoms_nest() {
        let v = parse_init("{ 1, { .x = -2, .y = (float*)0 + 16 }, {} }").unwrap();
        let Init::List(items) = v else {
            panic!("{v:?}")
        };
        assert_eq!(items.len(), 3);
        assert!(matches!(&items[0], Init::Atom(a) if a == "1"));
        let Init::List(inner) = &items[1] else {
            panic!("{:?}", items[1])
        };
        assert!(
            matches!(&inner[0], Init::Designated(n, v) if n == "x" && matches!(&**v, Init::Atom(a) if a == "-2"))
        );
        assert!(
            matches!(&inner[1], Init::Designated(n, v) if n == "y" && matches!(&**v, Init::Atom(a) if a == "(float*)0 + 16"))
        );
        assert!(matches!(&items[2], Init::List(l) if l.is_empty()));
    }

    #[test]
    fn malformed_initializers_are_errors() {
        assert!(parse_init("{ 1, 2")
            .unwrap_err()
            .contains("expected `,` or `}`"));
        assert!(parse_init("{ 1 } x").unwrap_err().contains("trailing text"));
        assert!(parse_init("{ .x 1 }")
            .unwrap_err()
            .contains("designator without `=`"));
    }

    #[test]
    fn scalars_are_rust_literals_of_their_type() {
        assert_eq!(scalar(Scalar::U32, "0x10u").unwrap(), "16_u32");
        assert_eq!(scalar(Scalar::I64, "-0x10LL").unwrap(), "-16_i64");
        assert_eq!(
            scalar(Scalar::I32, "(-2147483647 - 1)").unwrap(),
            "i32::MIN"
        );
        assert_eq!(scalar(Scalar::F32, "1.5f").unwrap(), "1.5_f32");
        assert_eq!(
            scalar(Scalar::F32, "-0x1.4000000000000p1f").unwrap(),
            "-2.5_f32"
        );
        assert_eq!(
            scalar(Scalar::F64, "0x1.70d1f2a0c3513p-164").unwrap(),
            "6.161058564137821e-50_f64"
        );
        assert_eq!(
            scalar(Scalar::F64, "-0x0.0000000000001p-1022").unwrap(),
            "-5e-324_f64"
        );
        assert_eq!(
            scalar(Scalar::F64, "0x1.fffffffffffffp1023").unwrap(),
            "1.7976931348623157e308_f64"
        );
        assert_eq!(
            scalar(Scalar::F32, "-0x0.0000000000000p-1022f").unwrap(),
            "-0.0_f32"
        );
        assert!(scalar(Scalar::F64, "0x1.8").is_err());
        assert_eq!(scalar(Scalar::Bool, "1").unwrap(), "true");
        assert!(scalar(Scalar::U8, "x").is_err());
    }

    #[test]
    fn arrays_check_their_length() {
        let mut model = Model::default();
        let ty = Ty::Array(Box::new(Ty::Scalar(Scalar::U8)), 2);
        let two = parse_init("{1, 2}").unwrap();
        assert_eq!(value(&mut model, &ty, &two).unwrap(), "[1_u8, 2_u8]");
        let three = parse_init("{1, 2, 3}").unwrap();
        assert!(value(&mut model, &ty, &three)
            .unwrap_err()
            .contains("array of 2"));
    }
}
