//! Attribute keys and suggestions for misspelled ones.

// #[ptx(align = N)] on a type, or on a struct's field (`alignas(N)`)
pub const ALIGN: &str = "align";
// #[ptx(pack = N)] on a struct or union: C's `#pragma pack(N)`
pub const PACK: &str = "pack";
// #[ptx(union)] on an enum
pub const UNION: &str = "union";
// #[ptx(zero_copy)] on a type
pub const ZERO_COPY: &str = "zero_copy";
// #[ptx(crate = path)] on a type
pub const CRATE: &str = "crate";
// #[ptx(image = Name)] on a type
pub const IMAGE: &str = "image";
// #[ptx(accessors)] on a type: a getter and a setter per member on its image type
pub const ACCESSORS: &str = "accessors";
// #[ptx(kernel = "name")] on a struct of kernel arguments
pub const KERNEL: &str = "kernel";
// #[ptx(abi = "c++")] next to `kernel`: an Itanium-mangled C++ name (chapter 7); `abi = "rust"`:
// a kernel compiled by rustc (`extern "ptx-kernel"`), its parameters checked against rustc's limits
pub const ABI: &str = "abi";
// #[ptx(param_limit = N)] next to `kernel`
pub const PARAM_LIMIT: &str = "param_limit";
// #[ptx(template = "typename T, int N")] next to `kernel` and `abi = "c++"`: a function
// template's parameter list (chapter 7)
pub const TEMPLATE: &str = "template";
// #[ptx(cxx = "const T*")] on a field of a C++ kernel's argument struct: the parameter's
// declared C++ type
pub const CXX: &str = "cxx";
// #[ptx(c_name = "name")] on a type, a field or a union variant
pub const C_NAME: &str = "c_name";
// #[ptx(bits = N)] on a field or a union variant
pub const BITS: &str = "bits";
// #[ptx(empty_class)] on a struct with no fields: C++'s `struct E {};` (chapter 7)
pub const EMPTY_CLASS: &str = "empty_class";
// #[ptx(decode)] on a union variant
pub const DECODE: &str = "decode";

/// Keys accepted on a type.
pub const TYPE_KEYS: &[&str] = &[
    ALIGN,
    PACK,
    UNION,
    ZERO_COPY,
    CRATE,
    IMAGE,
    ACCESSORS,
    KERNEL,
    ABI,
    PARAM_LIMIT,
    TEMPLATE,
    C_NAME,
    EMPTY_CLASS,
];
/// Keys accepted on a field.
pub const FIELD_KEYS: &[&str] = &[BITS, ALIGN, C_NAME, CXX];
/// Keys accepted on a variant of a `#[ptx(union)]` enum.
pub const VARIANT_KEYS: &[&str] = &[BITS, DECODE, C_NAME];

/// The valid key closest to `found`, if any is close (edit distance ≤ 3).
pub fn closest<'a>(found: &str, keys: &[&'a str]) -> Option<&'a str> {
    let all = TYPE_KEYS.iter().chain(VARIANT_KEYS);
    let candidate = keys
        .iter()
        .chain(all)
        .map(|k| (distance(found, k), *k))
        .min_by_key(|(d, _)| *d)?;
    (candidate.0 <= 3).then_some(candidate.1)
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
