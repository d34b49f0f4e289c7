//! The directories clang's arguments put on the include path, and the ones among them that
//! hold a library rather than the header's project: `-isystem` and `-idirafter`, as CMake
//! passes the include directories of an imported target (`find_package(Torch)`'s) and clang
//! treats as system headers. Their declarations are imported where the header's types use
//! them, not as the header's own: a kernel header that includes `<torch/all.h>` for its host
//! code is about its own parameter structs, not PyTorch's 70,000 classes.

use std::path::PathBuf;

/// The directories `args` name after one of `flags` (`-isystem DIR` or `-isystemDIR`), as
/// given. `-I` takes no directory that starts with `-` joined to it (`-I-` is no directory).
pub fn named_dirs(args: &[String], flags: &[&str]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let dir = flags.iter().find_map(|flag| match a.strip_prefix(flag) {
            Some("") => it.next().cloned(),
            Some(v) if *flag != "-I" || !v.starts_with('-') => Some(v.to_string()),
            _ => None,
        });
        dirs.extend(dir.map(PathBuf::from));
    }
    dirs
}

/// Each of `dirs` once in every spelling clang may open a file of it by: as given, absolute,
/// and with symbolic links resolved (`/usr/local/cuda` is usually one).
pub fn spellings(dirs: impl IntoIterator<Item = PathBuf>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let absolute = std::path::absolute(&dir).unwrap_or_else(|_| dir.clone());
        let resolved = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
        for d in [dir, absolute, resolved] {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// The system include directories among `args` (`-isystem`, `-idirafter`), in every spelling.
pub fn system_include_dirs(args: &[String]) -> Vec<PathBuf> {
    spellings(named_dirs(args, &["-isystem", "-idirafter"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn both_spellings_of_each_flag_are_read() {
        let a = args(&[
            "-I",
            "inc",
            "-Iown",
            "-isystem",
            "/opt/torch/include",
            "-isystem/opt/x",
            "-I-",
            "-idirafter",
            "late",
            "-DX",
        ]);
        assert_eq!(
            named_dirs(&a, &["-isystem", "-idirafter", "-I"]),
            ["inc", "own", "/opt/torch/include", "/opt/x", "late"].map(PathBuf::from)
        );
        let system = system_include_dirs(&a);
        assert!(
            system.contains(&PathBuf::from("/opt/torch/include")),
            "{system:?}"
        );
        assert!(
            system.contains(&std::path::absolute("late").unwrap()),
            "{system:?}"
        );
        assert!(
            !system
                .iter()
                .any(|d| d.ends_with("inc") || d.ends_with("own")),
            "{system:?}"
        );
    }
}
