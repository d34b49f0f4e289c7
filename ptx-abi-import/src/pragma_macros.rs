//! A macro whose body is a `#pragma` (`#define WP_PRAGMA_UNROLL #pragma unroll`), read as nvcc
//! reads it.
//!
//! nvcc preprocesses a file before its front end parses it: the macro's expansion,
//! `#pragma unroll` at the start of a line of the preprocessed text, is a directive to the front
//! end, and nvcc compiles the header (NVIDIA Warp's `tile.h` takes this branch for nvcc). clang
//! preprocesses and parses in one pass, where a `#` from a macro is a stray token ("expected
//! expression"). What nvcc does is what `_Pragma("unroll")` asks of clang, so the importer reads
//! such a header through a virtual file system overlay (`-ivfsoverlay`): the header's own path,
//! every line, every other byte unchanged, with each `#define NAME #pragma …` spelled
//! `#define NAME _Pragma("…")`. Locations in clang's AST stay the header's. The checks compile
//! the header as it stands, by the user's compiler.

use std::path::{Path, PathBuf};

use crate::error::ImportError;

/// The headers clang's log `log` says expanded a macro whose definition is a `#pragma`
/// (`file:line:col: note: expanded from macro 'NAME'`, where that line of `file` is
/// `#define NAME #pragma …`), as absolute paths, each once.
pub fn headers_to_respell(log: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for line in log.lines() {
        let Some((at, rest)) = line.split_once(": note: expanded from macro '") else {
            continue;
        };
        let Some(name) = rest.strip_suffix('\'') else {
            continue;
        };
        // `at` is `path:line:col`.
        let mut parts = at.rsplitn(3, ':');
        let (Some(_col), Some(line_no), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let Ok(line_no) = line_no.parse::<usize>() else {
            continue;
        };
        let path = absolute(Path::new(path));
        if out.contains(&path) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let defines_pragma = text
            .lines()
            .nth(line_no.saturating_sub(1))
            .and_then(pragma_define)
            .is_some_and(|(n, _)| n == name);
        if defines_pragma {
            out.push(path);
        }
    }
    out
}

/// `(NAME, pragma text)` of a line `#define NAME #pragma TEXT` (an object-like macro, whole on
/// its line); `None` for any other line.
fn pragma_define(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("define")?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, body) = rest.split_at(end);
    // A function-like macro's `#` is the stringizing operator; a continued line is not whole.
    if name.is_empty() || !body.starts_with([' ', '\t']) || body.trim_end().ends_with('\\') {
        return None;
    }
    let body = body.trim().strip_prefix('#')?.trim_start();
    let text = body.strip_prefix("pragma")?;
    if !(text.is_empty() || text.starts_with([' ', '\t'])) {
        return None;
    }
    Some((name, text.trim()))
}

/// `text` with each `#define NAME #pragma TEXT` line spelled `#define NAME _Pragma("TEXT")`,
/// every other line (and the number of lines) unchanged.
pub fn respell(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let (body, eol) = match line.strip_suffix("\r\n") {
            Some(b) => (b, "\r\n"),
            None => match line.strip_suffix('\n') {
                Some(b) => (b, "\n"),
                None => (line, ""),
            },
        };
        match pragma_define(body) {
            Some((name, pragma)) => {
                let escaped = pragma.replace('\\', "\\\\").replace('"', "\\\"");
                out.push_str(&format!("#define {name} _Pragma(\"{escaped}\")"));
            }
            None => out.push_str(body),
        }
        out.push_str(eol);
    }
    out
}

/// Writes each header's respelled copy into `dir` and the overlay that puts it at the
/// header's path (`overlay.json`, clang's `-ivfsoverlay` format; clang reports the header's
/// own path); returns the overlay's path.
pub fn write_overlay(dir: &Path, headers: &[PathBuf]) -> Result<PathBuf, ImportError> {
    let io = |e: std::io::Error| ImportError::Io(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut roots = Vec::new();
    for (k, h) in headers.iter().enumerate() {
        let text = std::fs::read_to_string(h)
            .map_err(|e| ImportError::Io(format!("{}: {e}", h.display())))?;
        let copy = dir.join(format!("{k}.h"));
        std::fs::write(&copy, respell(&text)).map_err(io)?;
        let mut names = vec![h.clone()];
        if let Ok(c) = std::fs::canonicalize(h) {
            if c != *h {
                names.push(c);
            }
        }
        for name in names {
            let (Some(parent), Some(file)) = (name.parent(), name.file_name()) else {
                continue;
            };
            roots.push(serde_json::json!({
                "name": parent.display().to_string(),
                "type": "directory",
                "contents": [{
                    "name": file.to_string_lossy(),
                    "type": "file",
                    "external-contents": copy.display().to_string(),
                }],
            }));
        }
    }
    let overlay = serde_json::json!({
        "version": 0,
        "case-sensitive": "true",
        "use-external-names": false,
        "fallthrough": true,
        "roots": roots,
    });
    let path = dir.join("overlay.json");
    std::fs::write(&path, overlay.to_string()).map_err(io)?;
    Ok(path)
}

fn absolute(p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().map_or_else(|_| p.to_path_buf(), |d| d.join(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pragma_macro_is_respelled_and_nothing_else() {
        let text = "#pragma once\n#define UNROLL #pragma unroll\n  #  define NO_UNROLL\t# pragma unroll 1\r\n#define F(x) #x\n#define S \"#pragma\"\n#define L #pragma message(\"a\\b\")\nint x;";
        let want = "#pragma once\n#define UNROLL _Pragma(\"unroll\")\n#define NO_UNROLL _Pragma(\"unroll 1\")\r\n#define F(x) #x\n#define S \"#pragma\"\n#define L _Pragma(\"message(\\\"a\\\\b\\\")\")\nint x;";
        assert_eq!(respell(text), want);
        assert_eq!(respell(text).lines().count(), text.lines().count());
    }

    #[test]
    fn only_macros_that_define_a_pragma_are_named() {
        assert_eq!(
            pragma_define("#define A #pragma unroll"),
            Some(("A", "unroll"))
        );
        assert_eq!(pragma_define("#define A(n) #pragma unroll"), None);
        assert_eq!(pragma_define("#define A #pragmatic"), None);
        assert_eq!(pragma_define("#define A #pragma unroll \\"), None);
        assert_eq!(pragma_define("#defineA #pragma unroll"), None);
        assert_eq!(pragma_define("#define A 1"), None);
    }
}
