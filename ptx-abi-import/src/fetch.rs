//! clang for a machine without one: the PyPI wheel `ziglang` ships clang 22 as `zig clang`.
//!
//! The wheel is pinned (version and, for x86-64 Linux, SHA-256) and unpacked with pip and
//! Python's `zipfile` into `<cache>/ziglang-<version>/`, the layout `oracle/src/fetch.rs` uses
//! for NVIDIA's wheels under `<target>/nvidia`, so one cache serves both. Only
//! [`fetch_zig`] downloads; everything else only looks.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// PyPI project of the wheel.
pub const ZIG_PROJECT: &str = "ziglang";
/// Pinned version (clang 22).
pub const ZIG_VERSION: &str = "0.17.1";
/// SHA-256 of `ziglang-0.17.1-py3-none-manylinux_2_12_x86_64…whl`, checked by pip on x86-64
/// Linux.
pub const ZIG_SHA256_X86_64: &str =
    "ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54";

/// Where `zig` is once the wheel is unpacked into `cache`.
pub fn zig_in(cache: &Path) -> PathBuf {
    cache
        .join(format!("{ZIG_PROJECT}-{ZIG_VERSION}"))
        .join("ziglang")
        .join(if cfg!(windows) { "zig.exe" } else { "zig" })
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    cmd.stdout(Stdio::from(std::io::stderr()));
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed: {status}"))
    }
}

/// Makes sure the pinned `ziglang` wheel is unpacked in `cache` and returns the path of `zig`
/// (run as `zig clang …`). Offline once cached. Needs `python3` with pip.
pub fn fetch_zig(cache: &Path) -> Result<PathBuf, String> {
    let wanted = zig_in(cache);
    if wanted.is_file() {
        return Ok(wanted);
    }
    fs::create_dir_all(cache).map_err(|e| format!("cannot create {}: {e}", cache.display()))?;
    let scratch = cache.join(format!(".fetch-{ZIG_PROJECT}-{}", std::process::id()));
    let result = fetch_into(cache, &scratch);
    let _ = fs::remove_dir_all(&scratch);
    result?;
    if wanted.is_file() {
        Ok(wanted)
    } else {
        Err(format!(
            "{ZIG_PROJECT} {ZIG_VERSION} was unpacked but has no {}",
            wanted.display()
        ))
    }
}

fn fetch_into(cache: &Path, scratch: &Path) -> Result<(), String> {
    let download = scratch.join("download");
    let unpacked = scratch.join("unpacked");
    fs::create_dir_all(&download)
        .map_err(|e| format!("cannot create {}: {e}", download.display()))?;
    let requirement = format!("{ZIG_PROJECT}=={ZIG_VERSION}");
    let mut pip = Command::new("python3");
    pip.args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
        .arg("--disable-pip-version-check")
        .arg("-d")
        .arg(&download);
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        let req = scratch.join("requirements.txt");
        fs::write(
            &req,
            format!("{requirement} --hash=sha256:{ZIG_SHA256_X86_64}\n"),
        )
        .map_err(|e| format!("cannot write {}: {e}", req.display()))?;
        pip.arg("-r").arg(&req);
    } else {
        pip.arg(&requirement);
    }
    run(&mut pip)?;
    let whl = fs::read_dir(&download)
        .map_err(|e| format!("cannot read {}: {e}", download.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| format!("pip downloaded no wheel for {requirement}"))?;
    run(Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&whl)
        .arg(&unpacked))?;
    let zig = unpacked.join("ziglang").join("zig");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if zig.is_file() {
            let mut perm = fs::metadata(&zig).map_err(|e| e.to_string())?.permissions();
            perm.set_mode(perm.mode() | 0o755);
            fs::set_permissions(&zig, perm).map_err(|e| e.to_string())?;
        }
    }
    let dest = cache.join(format!("{ZIG_PROJECT}-{ZIG_VERSION}"));
    if zig_in(cache).is_file() {
        return Ok(());
    }
    let _ = fs::remove_dir_all(&dest);
    fs::rename(&unpacked, &dest).map_err(|e| {
        format!(
            "cannot move {} to {}: {e}",
            unpacked.display(),
            dest.display()
        )
    })
}
