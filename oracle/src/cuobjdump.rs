//! NVIDIA's `cuobjdump -elf`, run as a child process to read where ptxas put each kernel
//! parameter in a cubin: `EIATTR_KPARAM_INFO` (each parameter's offset and size in the
//! parameter buffer) and `EIATTR_PARAM_CBANK` (where in constant bank 0 the parameters start,
//! and how many bytes they take). No GPU is needed.
//!
//! Get a copy with `cargo xtask cuobjdump`, or point `PTX_ABI_CUOBJDUMP` at one.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A `cuobjdump` binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cuobjdump {
    path: PathBuf,
}

/// What a cubin says about one kernel's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelParamInfo {
    /// `EIATTR_PARAM_CBANK`'s offset: the byte of constant bank 0 where parameter offset 0 is.
    pub cbank_base: usize,
    /// `EIATTR_PARAM_CBANK`'s size: the bytes of parameters.
    pub cbank_size: usize,
    /// `(offset, size)` of each parameter, by ordinal (`EIATTR_KPARAM_INFO`).
    pub params: Vec<(usize, usize)>,
}

impl Cuobjdump {
    /// The binary at `path`.
    pub fn new(path: impl Into<PathBuf>) -> Cuobjdump {
        Cuobjdump { path: path.into() }
    }

    /// `$PTX_ABI_CUOBJDUMP`, else the copy `cargo xtask cuobjdump` cached.
    pub fn locate() -> Option<Cuobjdump> {
        ptx_abi_nvtools::fetch::locate_cuobjdump().map(Cuobjdump::new)
    }

    /// The binary's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `cuobjdump -elf` of `cubin`.
    pub fn elf_text(&self, cubin: &[u8]) -> Result<String, String> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let file = std::env::temp_dir().join(format!(
            "ptx-abi-cuobjdump-{}-{}.cubin",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        fs::write(&file, cubin).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let out = Command::new(&self.path).arg("-elf").arg(&file).output();
        let _ = fs::remove_file(&file);
        let out = out.map_err(|e| format!("cannot run {}: {e}", self.path.display()))?;
        if !out.status.success() {
            return Err(format!(
                "cuobjdump failed ({}):\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        String::from_utf8(out.stdout).map_err(|e| format!("cuobjdump output is not UTF-8: {e}"))
    }

    /// Every kernel's parameter info in `cubin`, by kernel name.
    pub fn kernel_params(&self, cubin: &[u8]) -> Result<BTreeMap<String, KernelParamInfo>, String> {
        parse_kernel_params(&self.elf_text(cubin)?)
    }
}

fn hex(word: &str) -> Result<usize, String> {
    let digits = word.trim().trim_start_matches("0x");
    usize::from_str_radix(digits, 16).map_err(|e| format!("`{word}` is not hex: {e}"))
}

/// The value after `label :` in a `KPARAM_INFO` line (`Ordinal : 0x1 Offset  : 0x70 …`).
fn field(line: &str, label: &str) -> Result<usize, String> {
    let rest = line
        .split(label)
        .nth(1)
        .ok_or_else(|| format!("no `{label}` in `{line}`"))?;
    let value = rest
        .trim_start()
        .strip_prefix(':')
        .ok_or_else(|| format!("no `:` after `{label}` in `{line}`"))?;
    hex(value.split_whitespace().next().unwrap_or(""))
}

/// Reads `cuobjdump -elf` text: each `.nv.info.<kernel>` section's `EIATTR_KPARAM_INFO` and
/// `EIATTR_PARAM_CBANK` attributes.
pub fn parse_kernel_params(text: &str) -> Result<BTreeMap<String, KernelParamInfo>, String> {
    /// Per kernel: `EIATTR_PARAM_CBANK`'s (offset, size), and (offset, size) by ordinal.
    type Found = (Option<(usize, usize)>, BTreeMap<usize, (usize, usize)>);
    let mut out: BTreeMap<String, Found> = BTreeMap::new();
    let mut kernel: Option<String> = None;
    let mut attribute = String::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix(".nv.info.") {
            if !t.contains(char::is_whitespace) {
                kernel = Some(name.to_string());
                out.entry(name.to_string()).or_default();
                continue;
            }
        }
        if t.starts_with('.') && !t.contains(char::is_whitespace) {
            kernel = None;
            continue;
        }
        let Some(k) = &kernel else { continue };
        if let Some(a) = t.strip_prefix("Attribute:") {
            attribute = a.trim().to_string();
            continue;
        }
        let Some(value) = t.strip_prefix("Value:") else {
            continue;
        };
        let entry = out.get_mut(k).expect("entry made above");
        match attribute.as_str() {
            "EIATTR_KPARAM_INFO" => {
                let ordinal = field(value, "Ordinal")?;
                let offset = field(value, "Offset")?;
                let size = field(value, "Size")?;
                if entry.1.insert(ordinal, (offset, size)).is_some() {
                    return Err(format!("{k}: parameter {ordinal} listed twice"));
                }
            }
            "EIATTR_PARAM_CBANK" => {
                let words: Vec<&str> = value.split_whitespace().collect();
                let [_symbol, packed] = words[..] else {
                    return Err(format!("{k}: unreadable EIATTR_PARAM_CBANK `{value}`"));
                };
                let packed = hex(packed)?;
                entry.0 = Some((packed & 0xffff, packed >> 16));
            }
            _ => {}
        }
    }
    out.into_iter()
        .filter(|(_, (cbank, params))| cbank.is_some() || !params.is_empty())
        .map(|(k, (cbank, params))| {
            let (cbank_base, cbank_size) =
                cbank.ok_or_else(|| format!("{k}: no EIATTR_PARAM_CBANK"))?;
            let n = params.len();
            if params.keys().copied().ne(0..n) {
                return Err(format!("{k}: parameter ordinals {:?}", params.keys()));
            }
            let params = params.into_values().collect();
            Ok((
                k,
                KernelParamInfo {
                    cbank_base,
                    cbank_size,
                    params,
                },
            ))
        })
        .collect()
}
