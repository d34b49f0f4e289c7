//! The header a check compiles, read from its own file where the check's include directories
//! hold it: a header that its own includes include again (`#pragma once` and a circle of
//! includes, as a library's umbrella header that its parts include back) is one file to the
//! compiler, as in the user's build, not a copy under [`super::diagnosis::HEADER_FILE`] that
//! the compiler reads a second time from disk and finds defined twice.

use std::format;
use std::path::{Path, PathBuf};
use std::string::String;
use std::vec::Vec;

/// The file among the include directories of `options` (`-I DIR`, `-IDIR`,
/// `--include-path=DIR`) whose text is exactly `header`, the directories in order; `None`
/// when there is none (the header is then compiled from its text).
pub fn on_disk(header: &str, options: &[&str]) -> Option<PathBuf> {
    include_dirs(options).into_iter().find_map(|dir| {
        let entries = std::fs::read_dir(dir).ok()?;
        entries.filter_map(Result::ok).find_map(|e| {
            let path = e.path();
            let meta = e.metadata().ok()?;
            (meta.is_file() && meta.len() == header.len() as u64)
                .then(|| std::fs::read_to_string(&path).ok())
                .flatten()
                .filter(|text| text == header)
                .map(|_| path)
        })
    })
}

/// The line that includes `file` in a check's source, in place of the header's text.
pub fn include_line(file: &Path) -> String {
    let name = format!("{}", file.display())
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    format!("#include \"{name}\"")
}

fn include_dirs<'a>(options: &[&'a str]) -> Vec<&'a Path> {
    let mut dirs = Vec::new();
    let mut it = options.iter();
    while let Some(o) = it.next() {
        let dir = if *o == "-I" || *o == "--include-path" {
            it.next().copied()
        } else if let Some(d) = o.strip_prefix("--include-path=") {
            Some(d)
        } else {
            o.strip_prefix("-I")
        };
        if let Some(d) = dir.filter(|d| !d.is_empty()) {
            dirs.push(Path::new(d));
        }
    }
    dirs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_found_by_its_text_in_the_include_directories() {
        let dir = std::env::temp_dir().join(format!("ptx-abi-header-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.cuh"), "struct A { int x; };\n").unwrap();
        std::fs::write(dir.join("b.cuh"), "struct B { int x; };\n").unwrap();
        let flag = format!("-I{}", dir.display());
        let found = on_disk("struct B { int x; };\n", &["-DX", &flag]);
        assert_eq!(found, Some(dir.join("b.cuh")));
        let split = on_disk("struct A { int x; };\n", &["-I", dir.to_str().unwrap()]);
        assert_eq!(split, Some(dir.join("a.cuh")));
        // A header that differs in one byte from every file is compiled from its text.
        assert_eq!(on_disk("struct B { int y; };\n", &[&flag]), None);
        assert_eq!(on_disk("struct B { int x; };\n", &["-DX"]), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
