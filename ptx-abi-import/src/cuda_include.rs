//! CUDA's own include directory on the importer's command line (issue 30, item 1).
//!
//! Builds pass CUDA's include directory as a matter of course: CMake's
//! `CUDAToolkit_INCLUDE_DIRS`, a Makefile's `-I$(CUDA_HOME)/include`, PyPI's
//! `nvidia/cuda_runtime/include`. clang reads CUDA's headers through the importer's stand-ins
//! ([`crate::cuda_types`], [`crate::cuda_libraries`]): the real `cuda_runtime.h` needs nvcc's
//! host configuration and clang's CUDA wrapper headers, which the importer's device-only clang
//! does not have. Given such a directory with `-I`, clang found the real headers before the
//! stand-ins and stopped at their redefinitions of the vector types.
//!
//! So for every CUDA include directory among clang's arguments (one holding
//! `cuda_runtime_api.h`, and its `cccl` subdirectory where CUDA 13 keeps CUB and libcu++):
//! where it holds the runtime API ([`holds_runtime_api`]), the runtime and driver API headers
//! (`cuda_runtime_api.h`, `driver_types.h`, `texture_types.h`, `cuda.h`, …) are read from it,
//! as nvcc's implicit `cuda_runtime.h` includes them (`crate::cuda_types::prelude_reading_toolkit`);
//! and the importer writes a clang VFS overlay (`-ivfsoverlay`) that puts each remaining
//! stand-in (`cuda_runtime.h` itself, the half and bfloat16 headers, CUB, cuRAND, libcu++, and
//! the compiler-internal `crt/host_defines.h`) in place of the real header of the same name,
//! however it is reached: `<cuda_runtime.h>` from the header, and `#include
//! "crt/host_defines.h"` from a toolkit header beside it. Every other header of the directory
//! is read as CUDA ships it: `cuda_profiler_api.h`, `library_types.h`, `cuComplex.h`, cuBLAS's
//! and cuSPARSE's headers in a full toolkit. Its declarations are not the header's own: they
//! are imported where the header uses them. The emitted checks get the directory as given,
//! and nvcc or NVRTC read the real headers throughout, so a stand-in that differed from the
//! header it replaces would fail them.

use std::path::{Path, PathBuf};

/// The overlay's file name in the stand-in directory.
pub const OVERLAY_FILE: &str = "cuda_include_overlay.json";

/// Whether `dir` is CUDA's include directory: it holds the runtime API's header, as a toolkit's
/// `include`, PyPI's `nvidia/cuda_runtime/include` and Debian's `/usr/include` do.
pub fn is_cuda_include_dir(dir: &Path) -> bool {
    dir.join("cuda_runtime_api.h").is_file()
}

/// The directories clang's arguments `args` put on the include path (`-I DIR`, `-IDIR`,
/// `-isystem DIR`, `-idirafter DIR`, and the joined forms) that are CUDA's
/// ([`is_cuda_include_dir`]), each once, in every spelling clang may open a file of it by:
/// as given, absolute, and with symbolic links resolved (`/usr/local/cuda` is usually one).
pub fn cuda_include_dirs(args: &[String]) -> Vec<PathBuf> {
    crate::include_path::spellings(
        crate::include_path::named_dirs(args, &["-isystem", "-idirafter", "-I"])
            .into_iter()
            .filter(|d| is_cuda_include_dir(d)),
    )
}

/// Whether the CUDA include directories among clang's arguments `args` hold CUDA's runtime
/// API (`driver_types.h` beside `cuda_runtime_api.h`): then it is read from there
/// (`crate::cuda_types::prelude_reading_toolkit`).
pub fn holds_runtime_api(args: &[String]) -> bool {
    cuda_include_dirs(args)
        .iter()
        .any(|d| d.join("driver_types.h").is_file())
}

/// The overlay, as clang's VFS reads it (JSON is YAML), that maps each of `names` (include
/// names of stand-ins in `standins`, such as `cuda_fp16.h` or `cub/cub.cuh`) found in one of
/// `dirs` (or in its `cccl` subdirectory) to the stand-in, and each of `supplied` into every
/// one of `dirs` whether or not it holds it; `None` when there is nothing to map.
pub fn overlay(
    dirs: &[PathBuf],
    standins: &Path,
    names: &[&str],
    supplied: &[&str],
) -> Option<String> {
    // One root per directory holding a replaced file, as the VFS format wants them.
    let mut roots: Vec<(PathBuf, Vec<(String, PathBuf)>)> = Vec::new();
    for dir in dirs {
        let found = names
            .iter()
            .flat_map(|n| [(dir.clone(), *n), (dir.join("cccl"), *n)])
            .filter(|(base, n)| base.join(n).is_file());
        let supplied = supplied.iter().map(|n| (dir.clone(), *n));
        for (base, name) in found.chain(supplied) {
            let real = base.join(name);
            // The VFS matches absolute paths: a relative spelling is matched by its absolute one.
            if real.is_relative() {
                continue;
            }
            let (Some(parent), Some(file)) = (real.parent(), real.file_name()) else {
                continue;
            };
            let entry = (file.to_string_lossy().into_owned(), standins.join(name));
            match roots.iter_mut().find(|(p, _)| p == parent) {
                Some((_, files)) if files.contains(&entry) => {}
                Some((_, files)) => files.push(entry),
                None => roots.push((parent.to_path_buf(), vec![entry])),
            }
        }
    }
    if roots.is_empty() {
        return None;
    }
    let roots: Vec<serde_json::Value> = roots
        .iter()
        .map(|(parent, files)| {
            let contents: Vec<serde_json::Value> = files
                .iter()
                .map(|(name, to)| {
                    serde_json::json!({
                        "type": "file",
                        "name": name,
                        "external-contents": to.to_string_lossy(),
                    })
                })
                .collect();
            serde_json::json!({
                "type": "directory",
                "name": parent.to_string_lossy(),
                "contents": contents,
            })
        })
        .collect();
    let overlay = serde_json::json!({ "version": 0, "case-sensitive": "true", "roots": roots });
    Some(serde_json::to_string_pretty(&overlay).expect("a JSON value prints"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(path: &Path) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }

    /// A toolkit's include directory is found in every spelling of an include flag, once;
    /// a project's own directory is not CUDA's.
    #[test]
    fn cuda_include_dirs_are_found_in_every_flag_form() {
        let root =
            std::env::temp_dir().join(format!("ptx-abi-cuda-include-{}", std::process::id()));
        let cuda = root.join("cuda/include");
        let project = root.join("project");
        touch(&cuda.join("cuda_runtime_api.h"));
        touch(&project.join("params.h"));
        let (c, p) = (cuda.display().to_string(), project.display().to_string());
        for args in [
            vec![format!("-I{c}")],
            vec!["-I".to_string(), c.clone()],
            vec!["-isystem".to_string(), c.clone()],
            vec![format!("-isystem{c}")],
            vec![format!("-idirafter{c}"), format!("-I{c}")],
        ] {
            let mut args = args;
            args.extend([format!("-I{p}"), "-DWIDE".to_string()]);
            let found = cuda_include_dirs(&args);
            assert_eq!(found, vec![cuda.clone()], "{args:?}");
        }
        assert!(cuda_include_dirs(&[format!("-I{p}"), "-Iwhere".into()]).is_empty());
        // Reached through a symbolic link (`/usr/local/cuda`), in both spellings.
        let link = root.join("cuda-link");
        std::os::unix::fs::symlink(root.join("cuda"), &link).unwrap();
        let found = cuda_include_dirs(&[format!("-I{}", link.join("include").display())]);
        let resolved = std::fs::canonicalize(&cuda).unwrap();
        assert_eq!(found, vec![link.join("include"), resolved]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The overlay names the real file's directory and the stand-in, for a toolkit's own
    /// headers and CUDA 13's `cccl` ones, and leaves out what the directory does not hold
    /// but what is supplied (`crt/host_defines.h`, which PyPI's runtime headers lack).
    #[test]
    fn the_overlay_replaces_the_headers_the_toolkit_holds() {
        let root =
            std::env::temp_dir().join(format!("ptx-abi-cuda-overlay-{}", std::process::id()));
        let cuda = root.join("include");
        touch(&cuda.join("cuda_runtime_api.h"));
        touch(&cuda.join("cuda_fp16.h"));
        touch(&cuda.join("cccl/cub/cub.cuh"));
        let standins = root.join("standins");
        let names = ["cuda_fp16.h", "cub/cub.cuh", "cuda_fp8.h"];
        let supplied = ["crt/host_defines.h"];
        let text = overlay(std::slice::from_ref(&cuda), &standins, &names, &supplied)
            .expect("three headers to replace");
        let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        let roots = v["roots"].as_array().unwrap();
        assert_eq!(roots.len(), 3, "{text}");
        assert_eq!(roots[2]["name"], cuda.join("crt").display().to_string());
        assert_eq!(
            roots[2]["contents"][0]["external-contents"],
            standins.join("crt/host_defines.h").display().to_string()
        );
        assert_eq!(roots[0]["name"], cuda.display().to_string());
        assert_eq!(roots[0]["contents"][0]["name"], "cuda_fp16.h");
        assert_eq!(
            roots[0]["contents"][0]["external-contents"],
            standins.join("cuda_fp16.h").display().to_string()
        );
        assert_eq!(
            roots[1]["name"],
            cuda.join("cccl/cub").display().to_string()
        );
        assert_eq!(
            roots[1]["contents"][0]["external-contents"],
            standins.join("cub/cub.cuh").display().to_string()
        );
        assert!(!text.contains("cuda_fp8.h"), "{text}");
        assert!(overlay(&[root.join("none")], &standins, &names, &[]).is_none());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
