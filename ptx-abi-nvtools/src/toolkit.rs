//! CUDA toolkits assembled from PyPI wheels where no CUDA is installed: directories of
//! symbolic links into the unpacked wheels of [`crate::fetch`], laid out as a CUDA install
//! (`bin/`, `nvvm/`, `include/`), reused while the pins they were made from stay the same.
//!
//! Two are assembled: the headers NVIDIA's `cuda-core` crate builds with
//! ([`crate::fetch::CUDA_CORE_TOOLKIT`], `include/` only), and a working nvcc ([`NVCC_13_5`]):
//! CUDA 13 splits nvcc into the `nvidia-cuda-nvcc` (the driver, cudafe++, ptxas),
//! `nvidia-nvvm` (cicc, libdevice) and `nvidia-cuda-crt` (`crt/host_config.h`, …) wheels, and
//! nvcc finds cicc and the headers only relative to itself (`nvcc.profile`: `$(TOP)/nvvm/bin`,
//! `$(TOP)/include`, with `TOP` the directory above the one it was started from).

use crate::fetch::{
    fetch, CUDA_CRT_13_5_WHEEL, CUDA_HEADERS_13_5_WHEEL, CUDA_HEADERS_WHEEL, CURAND_13_5_WHEEL,
};
use crate::pins::Wheel;
use std::fs;
use std::path::{Path, PathBuf};

/// One directory of an unpacked wheel, whose entries are linked into a directory of the
/// toolkit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The wheel.
    pub wheel: Wheel,
    /// The directory inside the unpacked wheel (`nvidia/cu13/bin`).
    pub from: &'static str,
    /// The toolkit's directory its entries are linked into (`bin`).
    pub to: &'static str,
    /// The directory under `from` whose regular files are programs (zip extraction drops
    /// the modes): `"."` for `from` itself, `""` for none.
    pub programs: &'static str,
}

/// nvcc of CUDA 13.5.37 (the `nvidia-cuda-nvcc` wheel also carries ptxas:
/// [`crate::fetch::PTXAS_13_5_WHEEL`] is the same wheel).
pub const NVCC_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-nvcc",
    version: "13.5.37",
    sha256_x86_64: "f5c4f7ead5d964fb4af42bbf1e6d3ec3c1e6e9d83b53749f691d387e7fcaa3a7",
    file: "nvidia/cu13/bin/nvcc",
    executable: true,
};

/// NVVM of CUDA 13.5.37: `cicc`, nvcc's device front end, and `libdevice`.
pub const NVVM_13_5_WHEEL: Wheel = Wheel {
    project: "nvidia-nvvm",
    version: "13.5.37",
    sha256_x86_64: "c41bfa362e407405163f103c2229f0765f8cc2ed7d148b754dc77f228bf7e070",
    file: "nvidia/cu13/nvvm/bin/cicc",
    executable: true,
};

/// CCCL 3.5 (PyPI's newest for CUDA 13): libcu++ (`<cuda/atomic>`, `<nv/target>`), CUB
/// and Thrust, which nvcc puts on its system include path (`include/cccl`) and cuRAND's
/// device API includes (`<nv/target>`).
pub const CCCL_13_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-cccl",
    version: "13.3.5.0.6",
    sha256_x86_64: "d5230098fa2df5021e1a00c0c4eee41797671a91119d31e892463e5ccf3ee326",
    file: "nvidia/cu13/include/nv/target",
    executable: false,
};

/// An nvcc assembled from wheels: the layers, the release, and the variable that names its
/// `nvcc` directly instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NvccToolkit {
    /// `"13.5"`.
    pub version: &'static str,
    /// `(13, 5)`: what `nvcc --version` must answer.
    pub major_minor: (u32, u32),
    /// What the tree is made of, in order (later layers may not repeat an entry).
    pub layers: &'static [Layer],
    /// The variable naming this release's `nvcc` directly (`PTX_ABI_NVCC_13_5`).
    pub env: &'static str,
}

/// nvcc 13.5 with CUDA 13.5's runtime, C runtime, cuRAND and CCCL headers on its `include/`: the
/// compiler the importer's checks are compared with (issue 30), run with the machine's gcc.
pub const NVCC_13_5: NvccToolkit = NvccToolkit {
    version: "13.5",
    major_minor: (13, 5),
    layers: &[
        Layer {
            wheel: NVCC_13_5_WHEEL,
            from: "nvidia/cu13/bin",
            to: "bin",
            programs: ".",
        },
        Layer {
            wheel: NVVM_13_5_WHEEL,
            from: "nvidia/cu13/nvvm",
            to: "nvvm",
            programs: "bin",
        },
        Layer {
            wheel: CUDA_HEADERS_13_5_WHEEL,
            from: "nvidia/cu13/include",
            to: "include",
            programs: "",
        },
        Layer {
            wheel: CUDA_CRT_13_5_WHEEL,
            from: "nvidia/cu13/include",
            to: "include",
            programs: "",
        },
        Layer {
            wheel: CURAND_13_5_WHEEL,
            from: "nvidia/cu13/include",
            to: "include",
            programs: "",
        },
        Layer {
            wheel: CCCL_13_WHEEL,
            from: "nvidia/cu13/include",
            to: "include",
            programs: "",
        },
    ],
    env: "PTX_ABI_NVCC_13_5",
};

impl NvccToolkit {
    /// The assembled tree in `cache` (`<cache>/nvcc-13.5.37`).
    pub fn dir_in(&self, cache: &Path) -> PathBuf {
        cache.join(format!("nvcc-{}", self.layers[0].wheel.version))
    }

    /// The pins the tree is made from, one requirement a line.
    pub fn stamp(&self) -> String {
        stamp(self.layers)
    }

    /// Its `nvcc`: `$<env>` if set (returned as given), else the assembled tree's, when one of
    /// these pins is cached. Never downloads.
    pub fn locate(&self) -> Option<PathBuf> {
        if let Some(p) = std::env::var_os(self.env).filter(|p| !p.is_empty()) {
            return Some(PathBuf::from(p));
        }
        locate_tree(|c| self.dir_in(c), self.layers, NVCC_PROBE)
    }

    /// The `include/` of the tree whose `nvcc` is `nvcc` (`<tree>/bin/nvcc`): CUDA's runtime,
    /// C runtime, cuRAND and CCCL headers, as a CUDA install's.
    pub fn include_of(nvcc: &Path) -> Option<PathBuf> {
        Some(nvcc.parent()?.parent()?.join("include"))
    }

    /// Fetches its wheels and assembles the tree in `cache` (once); returns its `nvcc`.
    pub fn assemble(&self, cache: &Path) -> Result<PathBuf, String> {
        let dir = self.dir_in(cache);
        assemble_layers(&dir, self.layers, cache, NVCC_PROBE)?;
        Ok(dir.join("bin").join("nvcc"))
    }
}

/// cuRAND 10.3.10 of CUDA 12.9: `curand_kernel.h` and the headers it includes (the wheel's
/// `libcurand.so.10` is not kept).
pub const CURAND_12_9_WHEEL: Wheel = Wheel {
    project: "nvidia-curand-cu12",
    version: "10.3.10.19",
    sha256_x86_64: "49b274db4780d421bd2ccd362e1415c13887c53c214f0d4b761752b8f9f6aa1e",
    file: "nvidia/curand/include/curand_kernel.h",
    executable: false,
};

/// CCCL of CUDA 12.9 (libcu++, CUB, Thrust; CUDA 12 keeps them directly in `include/`), which
/// `curand_kernel.h` includes (`<nv/target>`).
pub const CCCL_12_9_WHEEL: Wheel = Wheel {
    project: "nvidia-cuda-cccl-cu12",
    version: "12.9.27",
    sha256_x86_64: "37869e17ce2e1ecec6eddf1927cca0f8c34e64fd848d40453df559091e2d7117",
    file: "nvidia/cuda_cccl/include/nv/target",
    executable: false,
};

/// An include directory assembled from wheels, as a CUDA install's `include/` holds them: the
/// runtime's headers with the libraries' (cuRAND, CCCL), so that the checks compile headers
/// that include `curand_kernel.h` or libcu++.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeaderTree {
    /// `"12.9"`.
    pub version: &'static str,
    /// What `include/` is made of.
    pub layers: &'static [Layer],
}

/// CUDA 12.9's runtime, cuRAND and CCCL headers in one `include/` (CUDA 13.5's are
/// [`NVCC_13_5`]'s `include/`).
pub const CUDA_12_9_HEADERS: HeaderTree = HeaderTree {
    version: "12.9",
    layers: &[
        Layer {
            wheel: CUDA_HEADERS_WHEEL,
            from: "nvidia/cuda_runtime/include",
            to: "include",
            programs: "",
        },
        Layer {
            wheel: CURAND_12_9_WHEEL,
            from: "nvidia/curand/include",
            to: "include",
            programs: "",
        },
        Layer {
            wheel: CCCL_12_9_WHEEL,
            from: "nvidia/cuda_cccl/include",
            to: "include",
            programs: "",
        },
    ],
};

impl HeaderTree {
    /// The assembled tree in `cache` (`<cache>/cuda-headers-12.9.79`).
    pub fn dir_in(&self, cache: &Path) -> PathBuf {
        cache.join(format!("cuda-headers-{}", self.layers[0].wheel.version))
    }

    /// Its `include/`, when assembled in one of the caches with these pins. Never downloads.
    pub fn locate(&self) -> Option<PathBuf> {
        locate_tree(|c| self.dir_in(c), self.layers, HEADERS_PROBE)
            .and_then(|probe| probe.parent().map(Path::to_path_buf))
    }

    /// Fetches its wheels and assembles it in `cache` (once); returns its `include/`.
    pub fn assemble(&self, cache: &Path) -> Result<PathBuf, String> {
        let dir = self.dir_in(cache);
        assemble_layers(&dir, self.layers, cache, HEADERS_PROBE)?;
        Ok(dir.join("include"))
    }
}

/// The file an assembled nvcc tree is known by.
const NVCC_PROBE: &str = "bin/nvcc";
/// The file an assembled include tree is known by.
const HEADERS_PROBE: &str = "include/cuda_fp16.h";

/// `probe` in the first cache's tree (`dir_in` of the cache) assembled from `layers` (its
/// `pins.txt` names them), if any. Never downloads.
fn locate_tree(
    dir_in: impl Fn(&Path) -> PathBuf,
    layers: &[Layer],
    probe: &str,
) -> Option<PathBuf> {
    crate::fetch::candidate_cache_dirs()
        .into_iter()
        .map(|c| dir_in(&c))
        .find(|d| {
            fs::read_to_string(d.join("pins.txt")).is_ok_and(|s| s == stamp(layers))
                && d.join(probe).exists()
        })
        .map(|d| d.join(probe))
}

/// The pins `layers` are made from, one a line.
fn stamp(layers: &[Layer]) -> String {
    let mut s = String::new();
    for l in layers {
        s.push_str(&format!(
            "{} {} -> {}\n",
            l.wheel.requirement(),
            l.from,
            l.to
        ));
    }
    s
}

/// Fetches the wheels of `layers` into `cache` and assembles them in `dir` ([`assemble`]).
/// A cuRAND wheel's library (100 MB) is not kept: only its headers are read.
fn assemble_layers(dir: &Path, layers: &[Layer], cache: &Path, probe: &str) -> Result<(), String> {
    let mut sources = Vec::new();
    for l in layers {
        fetch(&l.wheel, cache)?;
        if l.wheel.project.starts_with("nvidia-curand") {
            for lib in ["nvidia/cu13/lib", "nvidia/curand/lib"] {
                let lib = l.wheel.unpack_dir(cache).join(lib);
                if lib.is_dir() {
                    fs::remove_dir_all(&lib)
                        .map_err(|e| format!("cannot remove {}: {e}", lib.display()))?;
                }
            }
        }
        let from = l.wheel.unpack_dir(cache).join(l.from);
        let from = fs::canonicalize(&from).unwrap_or(from);
        if !l.programs.is_empty() {
            make_programs(&from.join(l.programs))?;
        }
        sources.push((from, l.to));
    }
    assemble(dir, &stamp(layers), &sources, probe)
}

/// Makes `dir` (a toolkit, reused when its `pins.txt` is `stamp` and `probe` exists in it) of
/// symbolic links: every entry of each `(source directory, toolkit directory)` layer is linked
/// into that directory of the toolkit; an entry two layers hold is an error. Built beside `dir`
/// and renamed into place, so an interrupted run leaves no half-made toolkit.
pub fn assemble(
    dir: &Path,
    stamp: &str,
    layers: &[(PathBuf, &str)],
    probe: &str,
) -> Result<(), String> {
    if fs::read_to_string(dir.join("pins.txt")).is_ok_and(|s| s == stamp)
        && dir.join(probe).exists()
    {
        return Ok(());
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let scratch = dir.with_file_name(format!(".{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    for (source, to) in layers {
        let target = scratch.join(to);
        fs::create_dir_all(&target)
            .map_err(|e| format!("cannot create {}: {e}", target.display()))?;
        link_entries(source, &target)?;
    }
    fs::write(scratch.join("pins.txt"), stamp)
        .map_err(|e| format!("cannot write the toolkit's pins: {e}"))?;
    let _ = fs::remove_dir_all(dir);
    fs::rename(&scratch, dir).map_err(|e| {
        format!(
            "cannot move {} to {}: {e}",
            scratch.display(),
            dir.display()
        )
    })
}

/// Links every entry of `source` into `target`; one already there is an error.
fn link_entries(source: &Path, target: &Path) -> Result<(), String> {
    let entries =
        fs::read_dir(source).map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", source.display()))?;
        // Python's package markers, which every wheel's directories carry.
        if ["__init__.py", "__pycache__"].contains(&entry.file_name().to_string_lossy().as_ref()) {
            continue;
        }
        let link = target.join(entry.file_name());
        if fs::symlink_metadata(&link).is_ok() {
            return Err(format!(
                "{} is in two of the toolkit's wheels",
                link.display()
            ));
        }
        symlink(&entry.path(), &link)?;
    }
    Ok(())
}

/// Makes every regular file of `dir` executable.
fn make_programs(dir: &Path) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            crate::fetch::make_executable(&entry.path())?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) -> Result<(), String> {
    std::os::unix::fs::symlink(target, link).map_err(|e| {
        format!(
            "cannot link {} to {}: {e}",
            link.display(),
            target.display()
        )
    })
}

#[cfg(not(unix))]
fn symlink(target: &Path, link: &Path) -> Result<(), String> {
    Err(format!(
        "toolkits are assembled with symbolic links, on Unix only ({} -> {})",
        link.display(),
        target.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nvcc_toolkit_is_one_release_and_each_pin_is_named_in_its_stamp() {
        for l in NVCC_13_5.layers.iter() {
            // cuRAND and CCCL have their own version numbers; every other part is CUDA
            // 13.5.37's.
            if !["nvidia-curand", "nvidia-cuda-cccl"].contains(&l.wheel.project) {
                assert_eq!(l.wheel.version, "13.5.37", "{}", l.wheel.project);
            }
            assert!(NVCC_13_5.stamp().contains(&l.wheel.requirement()));
        }
        assert!(NVCC_13_5.dir_in(Path::new("/c")).ends_with("nvcc-13.5.37"));
    }

    #[test]
    fn layers_are_linked_and_an_entry_in_two_layers_is_refused() {
        let root =
            std::env::temp_dir().join(format!("ptx-abi-toolkit-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let a = root.join("a");
        let b = root.join("b");
        fs::create_dir_all(a.join("nvvm/libdevice")).unwrap();
        fs::create_dir_all(b.join("bin")).unwrap();
        fs::write(a.join("nvvm/libdevice/x.bc"), "x").unwrap();
        fs::write(b.join("bin/cicc"), "c").unwrap();
        let dir = root.join("tk");
        assemble(
            &dir,
            "s",
            &[(a.join("nvvm"), "nvvm"), (b.join("bin"), "bin")],
            "bin/cicc",
        )
        .unwrap();
        assert_eq!(
            fs::read_to_string(dir.join("nvvm/libdevice/x.bc")).unwrap(),
            "x"
        );
        assert_eq!(fs::read_to_string(dir.join("bin/cicc")).unwrap(), "c");
        assert_eq!(fs::read_to_string(dir.join("pins.txt")).unwrap(), "s");
        // A repeated entry is refused.
        let e = assemble(
            &root.join("tk2"),
            "s",
            &[(b.join("bin"), "bin"), (b.join("bin"), "bin")],
            "bin/cicc",
        )
        .unwrap_err();
        assert!(e.contains("two of the toolkit's wheels"), "{e}");
        let _ = fs::remove_dir_all(&root);
    }
}
