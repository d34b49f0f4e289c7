//! Long function names in messages: a C++ kernel's mangled name (chapter 7,
//! `_ZN2ns5inner5scaleEPfPKfj6Params`) is written in full once, at its first mention, and
//! shortened everywhere after, so that a message stays readable.
//!
//! The short form is a prefix of the name followed by `…`, so that it can still be searched
//! for in the PTX: for an Itanium name, the prefix that names the function and stops where its
//! parameter types begin (`_ZN2ns5inner5scaleE…` for `ns::inner::scale`, `_Z5scale…` for
//! `scale`); for any other name (or an Itanium name this reader does not follow, such as a
//! local `_ZL…` one), its first [`KEEP`] bytes. A name of at most [`LONG`] bytes is never shortened.

use alloc::format;
use alloc::string::String;

/// Names longer than this many bytes are shortened after their first mention.
pub const LONG: usize = 24;

/// The bytes kept of a long name that is not a readable Itanium name.
pub const KEEP: usize = 20;

/// The short form of `name`, or `None` when it is not long.
pub fn shortened(name: &str) -> Option<String> {
    if name.len() <= LONG {
        return None;
    }
    let keep = match itanium_function_prefix(name) {
        Some(end) if end < name.len() => end,
        _ => floor_char_boundary(name, KEEP),
    };
    Some(format!("{}…", &name[..keep]))
}

/// `text` with every occurrence of a long `name` shortened (for the mentions after the first).
pub fn shorten_in(text: &str, name: &str) -> String {
    match shortened(name) {
        Some(short) if !name.is_empty() => text.replace(name, &short),
        _ => String::from(text),
    }
}

/// The length of `_Z` + the function's (possibly nested) name in an Itanium mangled name:
/// `_Z` then one `<source-name>` (`5scale`), or `N`, `<source-name>`s and `E`.
fn itanium_function_prefix(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    let mut at = name.strip_prefix("_Z").map(|_| 2)?;
    if b.get(at) == Some(&b'N') {
        at += 1;
        loop {
            match b.get(at) {
                Some(b'E') if at > 3 => return Some(at + 1),
                Some(c) if c.is_ascii_digit() => at = source_name_end(b, at)?,
                _ => return None,
            }
        }
    }
    source_name_end(b, at)
}

/// The end of the `<length><identifier>` that starts at `at`.
fn source_name_end(b: &[u8], mut at: usize) -> Option<usize> {
    let start = at;
    while b.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    let len: usize = core::str::from_utf8(&b[start..at]).ok()?.parse().ok()?;
    let end = at.checked_add(len)?;
    (len > 0 && end <= b.len()).then_some(end)
}

/// The largest char boundary of `s` at or below `i`.
fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    // Names as NVRTC 12.9 mangles them (see tests/data_nvrtc/c_types.rs and tests/abi_nvrtc/cxx.rs).
    #[test]
    fn itanium_names_keep_the_function_name() {
        assert_eq!(
            shortened("_ZN2ns5inner5scaleEPfPKfj6Params").as_deref(),
            Some("_ZN2ns5inner5scaleE…")
        );
        assert_eq!(
            shortened("_Z10scale_widePfPKfjy6Params").as_deref(),
            Some("_Z10scale_wide…")
        );
        assert_eq!(shortened("_Z10scale_widePfy"), None);
    }

    #[test]
    fn other_long_names_keep_their_first_bytes() {
        assert_eq!(
            shortened("a_very_long_extern_c_kernel_name").as_deref(),
            Some("a_very_long_extern_c…")
        );
        // A template keeps its function name; a local (`_ZL`) name is not followed.
        assert_eq!(
            shortened("_Z5scaleIfEvPT_S1_j6Params").as_deref(),
            Some("_Z5scale…")
        );
        assert_eq!(
            shortened("_ZL5scalePfPKfjy6Paramsxyz").as_deref(),
            Some("_ZL5scalePfPKfjy6Par…")
        );
        assert_eq!(
            shorten_in(
                ".param .u64 _ZN2ns5inner5scaleEPfPKfj6Params_param_1",
                "_ZN2ns5inner5scaleEPfPKfj6Params"
            ),
            ".param .u64 _ZN2ns5inner5scaleE…_param_1"
        );
    }
}
