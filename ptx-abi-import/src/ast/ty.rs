//! A member's C++ spelling → [`Ty`]: arrays, pointers, CUDA's types and the header's own
//! names, looked up as C++ does (the innermost scope first, the header before CUDA's names).

use super::*;

/// A [`Ty`] and, where the C type is not exactly what the Rust says, a note for the member.
type Typed = Result<(Ty, Option<String>), String>;

impl Reader {
    /// The [`Ty`] of spelling `q` (with clang's desugared spelling `d`) seen from `scope`.
    pub(super) fn ty(&self, scope: &[String], q: &str, d: Option<&str>) -> Typed {
        self.ty_at(scope, q, d, 0)
    }

    /// [`Reader::ty`], `depth` spellings deep: pointers, array dimensions and typedefs of
    /// other headers are read one level at a time, so a dump whose typedefs name each other
    /// (which clang never writes) or a type of thousands of `*` is an error, not a stack
    /// overflow.
    fn ty_at(&self, scope: &[String], q: &str, d: Option<&str>, depth: usize) -> Typed {
        let q = q.trim();
        if depth > MAX_TYPE_DEPTH {
            return Err(format!(
                "`{q}`: a type spelled more than {MAX_TYPE_DEPTH} levels deep (pointers, \
                 arrays, typedefs), or a typedef of itself"
            ));
        }
        let depth = depth + 1;
        let known = q
            .contains('<')
            .then(|| self.desugared_templates.get(q))
            .flatten();
        let d = d.or(known.map(String::as_str));
        // A pointer or array of an instantiation is read as one (`Arr<int> *const`).
        let unqualified = strip_trailing_quals(q);
        if q.contains('<') && !unqualified.ends_with('*') && !unqualified.ends_with(']') {
            // An instantiation the header uses is a type of its own (`Arr<float, 4>`).
            // clang desugars neither an array's element type nor its arguments: those are
            // read through their typedefs (`MinMax<int8_t> bins[8]`).
            if let Some(i) = self
                .lookup(scope, strip_quals(q))
                .or_else(|| d.and_then(|d| self.lookup(scope, strip_quals(d))))
                .or_else(|| self.instantiation(scope, strip_quals(q)))
            {
                return Ok((Ty::Item(i), None));
            }
            // A template instantiation that clang desugars to a plain type reads as that type.
            return match d {
                Some(d) if !d.contains('<') => self.ty_at(scope, d, None, depth),
                _ if q.trim_start_matches("const ").starts_with("std::") => Err(format!(
                    "`{q}` is a C++ library type: its layout is the host library's, which no PTX \
                     ABI rule describes; keep it out of the types kernels read (a pointer and a \
                     length, or a fixed-size array, cross to the device)"
                )),
                _ => Err(format!(
                    "`{q}` is a template instantiation: declare the concrete type as a struct of its own"
                )),
            };
        }
        if declarator_in_parens(q, '*') || q.contains("(^)") || declarator_in_parens(q, '&') {
            return function_pointer(q);
        }
        if q.ends_with(']') {
            return self.array_ty(scope, q, d, depth);
        }
        let q = strip_trailing_quals(q);
        if q.ends_with('&') {
            return Err(format!(
                "`{q}`: a reference member cannot be shared with the host"
            ));
        }
        if let Some(pointee) = q.strip_suffix('*') {
            return Ok(self.pointer_ty(scope, &q, pointee.trim(), d, depth));
        }
        self.named_ty(scope, &q, d, depth)
    }

    /// An array spelling (`q` ends with `]`). C spells dimensions outermost first, so
    /// `int[2][3]` is `[[i32; 3]; 2]`: with several dimensions the element type is the base
    /// spelling and the dimensions apply right to left.
    fn array_ty(&self, scope: &[String], q: &str, d: Option<&str>, depth: usize) -> Typed {
        let open = q.rfind('[').ok_or_else(|| format!("bad type `{q}`"))?;
        let n = &q[open + 1..q.len() - 1];
        if n.is_empty() {
            return Err("a flexible array member has no fixed size: declare its length, or keep the array out of the shared struct and pass a pointer".into());
        }
        let n: u64 = n
            .parse()
            .map_err(|_| format!("array length `{n}` in `{q}`"))?;
        if n == 0 {
            return Err("a zero-length array has no ptx-abi counterpart: declare its length, or pass a pointer".into());
        }
        let first = q.find('[').unwrap_or(open);
        if first == open {
            let dd = d.and_then(|d| d.rfind('[').map(|i| d[..i].trim().to_string()));
            let (t, note) = self.ty_at(scope, q[..open].trim(), dd.as_deref(), depth)?;
            return Ok((Ty::Array(Box::new(t), n), note));
        }
        let base = q[..first].trim();
        let dims: Vec<u64> = q[first..]
            .split(']')
            .filter(|s| !s.is_empty())
            .map(|s| s.trim_start_matches('[').trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("bad array type `{q}`"))?;
        if depth + dims.len() > MAX_TYPE_DEPTH {
            return Err(format!(
                "`{q}`: more than {MAX_TYPE_DEPTH} array dimensions"
            ));
        }
        let dd = d.and_then(|d| d.find('[').map(|i| d[..i].trim().to_string()));
        let (mut t, note) = self.ty_at(scope, base, dd.as_deref(), depth)?;
        for &len in dims.iter().rev() {
            if len == 0 {
                return Err("a zero-length array has no ptx-abi counterpart".into());
            }
            t = Ty::Array(Box::new(t), len);
        }
        Ok((t, note))
    }

    /// A pointer spelling `q` to `pointee`. Never an error: a pointer to what cannot be
    /// imported is a generic address, with a note saying what it pointed to.
    fn pointer_ty(
        &self,
        scope: &[String],
        q: &str,
        pointee: &str,
        d: Option<&str>,
        depth: usize,
    ) -> (Ty, Option<String>) {
        let dp = d.and_then(|d| {
            strip_trailing_quals(d)
                .strip_suffix('*')
                .map(|p| p.trim().to_string())
        });
        match self.ty_at(scope, pointee, dp.as_deref(), depth) {
            Ok((Ty::Pointer(None), _)) if strip_quals(pointee) == "void" => {
                (Ty::Pointer(None), None)
            }
            Ok((Ty::Item(i), _))
                if matches!(
                    self.items[i].kind,
                    ItemKind::Opaque | ItemKind::Unsupported(_)
                ) =>
            {
                (
                    Ty::Pointer(None),
                    Some(format!(
                        "C type `{q}`: a pointer to `{}`, which is not imported",
                        self.items[i].c_name
                    )),
                )
            }
            Ok((t, note)) => (Ty::Pointer(Some(Box::new(t))), note),
            Err(why) => (
                Ty::Pointer(None),
                Some(format!("C type `{q}`: the pointee is not imported ({why})")),
            ),
        }
    }

    /// A spelling without array or pointer declarators: `void`, an unnamed record, a
    /// fundamental type, or a name looked up from `scope`.
    fn named_ty(&self, scope: &[String], q: &str, d: Option<&str>, depth: usize) -> Typed {
        let base = strip_quals(q);
        if base == "void" {
            return Ok((Ty::Pointer(None), None));
        }
        if base.contains("(unnamed") || base.contains("(anonymous") {
            return self
                .anon_record(base, scope)
                .map(|i| (Ty::Item(i), None))
                .ok_or_else(|| format!("cannot find the unnamed type `{base}`"));
        }
        if let Some(s) = scalar_from_c(base) {
            return Ok((Ty::Scalar(s), None));
        }
        // C++ looks a name up from the innermost scope out: the header's own `my::float4`
        // hides CUDA's `::float4` inside `namespace my`. CUDA's types are the prelude's
        // (outside the headers), so a header's declaration found first wins.
        let found = if base.starts_with("::") {
            self.lookup(&[], base)
        } else {
            self.lookup(scope, base)
        };
        let in_header = found.is_some_and(|i| self.items[i].in_header);
        if !in_header {
            if let Some(t) = cuda_types::lookup_in(base.trim_start_matches("::"), self.cuda) {
                return Ok((Ty::Cuda(t), None));
            }
        }
        if let Some(i) = found {
            let item = &self.items[i];
            let transparent = matches!(item.kind, ItemKind::Alias(_)) && !item.in_header;
            if !transparent {
                return Ok((Ty::Item(i), None));
            }
            if let Some((aq, ad)) = &self.pending[i].alias_of {
                return self.ty_at(&self.pending[i].scope, aq, ad.as_deref(), depth);
            }
        }
        if found.is_none() && d.is_none() {
            if let Some(typed) = self.through_alias(scope, base, depth) {
                return typed;
            }
        }
        match d {
            Some(d) if d != q => self.ty_at(scope, d, None, depth),
            // `std::uint32_t` is a using-declaration of C's `::uint32_t` in the standard
            // headers, which clang does not desugar inside an array's element type.
            _ if base.trim_start_matches("::").starts_with("std::") => {
                let global = base.trim_start_matches("::").trim_start_matches("std::");
                self.named_ty(&[], global, None, depth)
                    .map_err(|_| unknown_type(base))
            }
            _ => Err(unknown_type(base)),
        }
    }

    /// A nested name whose enclosing class is named through a typedef or alias
    /// (`FloatKernel::Params` with `using FloatKernel = Kernel<float>;`, as template libraries
    /// name a kernel's parameters), which clang spells without desugaring: the alias's type in
    /// place of its name (`Kernel<float>::Params`), looked up from the alias's scope. `None`
    /// where no leading part of `base` is an alias.
    fn through_alias(&self, scope: &[String], base: &str, depth: usize) -> Option<Typed> {
        let parts = scope_parts(base.trim_start_matches("::"));
        for k in (1..parts.len()).rev() {
            let prefix = parts[..k].join("::");
            let Some(i) = self.lookup(scope, &prefix) else {
                continue;
            };
            let (ItemKind::Alias(_), Some((aq, ad))) =
                (&self.items[i].kind, &self.pending[i].alias_of)
            else {
                continue;
            };
            let target = strip_quals(ad.as_deref().unwrap_or(aq));
            let spelled = format!("{target}::{}", parts[k..].join("::"));
            return Some(self.ty_at(&self.pending[i].scope, &spelled, None, depth));
        }
        None
    }
}

/// Why the type spelled `base` cannot be imported: for C's and C++'s builtin types that are
/// not §1.1's fundamental types, what they are and what to write instead; otherwise, that it
/// is unknown.
fn unknown_type(base: &str) -> String {
    let name = base.trim_start_matches("::");
    let why = match name {
        "long double" => Some(
            "nvcc's device code gives it the x86-64 host's 16 bytes (an 80-bit x87 value), which \
             no PTX type holds; use `double`",
        ),
        "__int128" | "signed __int128" | "unsigned __int128" | "__int128_t" | "__uint128_t" => Some(
            "a 128-bit integer is not one of the PTX ABI's fundamental types (§1.1); hold it as \
             two 64-bit integers in a struct aligned to 16 (`struct alignas(16) { unsigned long \
             long lo, hi; }`)",
        ),
        "std::nullptr_t" | "nullptr_t" | "decltype(nullptr)" => Some(
            "its only value is a null pointer and it has no PTX counterpart; hold a pointer \
             (`void*`) instead",
        ),
        _ => None,
    };
    match why {
        Some(why) => format!("`{base}`: {why}"),
        None => format!("unknown type `{base}`"),
    }
}

/// The `::`-separated parts of a qualified name, not splitting inside template arguments:
/// `Outer<ns::T>::Inner` is `Outer<ns::T>`, `Inner`.
fn scope_parts(name: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    let bytes = name.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'<' => depth += 1,
            b'>' => depth = depth.saturating_sub(1),
            b':' if depth == 0 && bytes.get(k + 1) == Some(&b':') => {
                parts.push(&name[start..k]);
                k += 2;
                start = k;
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    parts.push(&name[start..]);
    parts
}

/// A function pointer is a generic address; pointers to arrays and references are refused.
fn function_pointer(q: &str) -> Typed {
    if q.ends_with(']') || !declarator_in_parens(q, '*') {
        return Err(format!(
            "`{q}`: pointers to arrays and references cannot be imported"
        ));
    }
    Ok((
        Ty::Pointer(None),
        Some(format!(
            "C type `{q}`: a function pointer, a generic address"
        )),
    ))
}

/// Whether `q` holds the parenthesized declarator `(*)` (or `(&)`, with `sigil` `&`) of a
/// pointer to a function or an array, with any qualifiers of the pointer itself: `int
/// (*)(float)`, `int (*const)(const void *)`, `void (*volatile)(int)`.
fn declarator_in_parens(q: &str, sigil: char) -> bool {
    let open = format!("({sigil}");
    q.match_indices(&open).any(|(at, _)| {
        let rest = &q[at + open.len()..];
        rest.find(')').is_some_and(|close| {
            rest[..close]
                .split_whitespace()
                .all(|w| matches!(w, "const" | "volatile" | "__restrict" | "__restrict__"))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{declarator_in_parens, scope_parts};

    #[test]
    fn qualified_names_split_outside_template_arguments() {
        assert_eq!(
            scope_parts("FloatKernel::Params"),
            ["FloatKernel", "Params"]
        );
        assert_eq!(
            scope_parts("Outer<ns::T, 2>::Inner::Leaf"),
            ["Outer<ns::T, 2>", "Inner", "Leaf"]
        );
        assert_eq!(scope_parts("Plain"), ["Plain"]);
    }

    #[test]
    fn function_pointer_declarators_with_qualifiers() {
        assert!(declarator_in_parens("void (*)(void *)", '*'));
        assert!(declarator_in_parens(
            "int (*const)(const void *, const void *)",
            '*'
        ));
        assert!(declarator_in_parens("void (*volatile)(int)", '*'));
        assert!(declarator_in_parens("float (&)[4]", '&'));
        // An array of function pointers, a parenthesized expression, no declarator.
        assert!(!declarator_in_parens("int (*[4])(int)", '*'));
        assert!(!declarator_in_parens("Pair<(3 * 2)>", '*'));
        assert!(!declarator_in_parens("int *", '*'));
    }
}
