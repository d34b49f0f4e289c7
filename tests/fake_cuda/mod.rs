//! The fake CUDA driver of `driver.c` (host memory for device memory, kernels written in C),
//! built with the system's C compiler (`$CC`, else `cc`) and loaded as this process's
//! `libcuda.so.1`, so that cudarc's and cuda-core's safe APIs and ptx-abi's checked launches run
//! on a machine without a GPU. Used by `tests/launch_cudarc.rs`, `tests/launch_cuda_core.rs` and
//! `benches/launch.rs`.
//!
//! cudarc, cuda-core and ptx-abi open the driver by name (`libcuda.so`, …, `libcuda.so.1`). The fake's
//! shared object is named `libcuda.so.1` (its soname): once it is open, the loader hands it
//! out for that name instead of searching the disk. A process where a real driver can be
//! opened does not load the fake ([`FakeCuda::load`] says so), so a GPU machine runs the real
//! thing.

#![allow(dead_code)] // each test binary uses part of it

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The loaded fake driver and its counters.
pub struct FakeCuda {
    lib: libloading::Library,
}

impl FakeCuda {
    /// Builds and loads the fake driver, once per process. `Err` says why it cannot be used
    /// here (a real driver is present, or no C compiler), for the caller to skip with.
    pub fn load() -> Result<&'static FakeCuda, String> {
        Self::load_release(Release::Cuda13_2)
    }

    /// [`FakeCuda::load`] of a driver of `release` (the first call in a process decides).
    pub fn load_release(release: Release) -> Result<&'static FakeCuda, String> {
        static FAKE: OnceLock<Result<FakeCuda, String>> = OnceLock::new();
        FAKE.get_or_init(|| build_and_load(release))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The calls that ordered work since the last [`FakeCuda::clear_trace`], one a line:
    /// `wait stream S event E`, `record event E stream S`, `launch NAME stream S`,
    /// `copy stream S` (a device-to-device copy).
    pub fn trace(&self) -> String {
        // SAFETY: `fake_cuda_trace` is `const char *(void)` in driver.c, returning a
        // NUL-terminated buffer owned by the library, which `self.lib` keeps mapped; the text
        // is copied out before the library can change it (the tests are single-threaded
        // between clear and read).
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn() -> *const std::ffi::c_char>(b"fake_cuda_trace\0")
                .expect("driver.c defines fake_cuda_trace");
            std::ffi::CStr::from_ptr(f()).to_string_lossy().into_owned()
        }
    }

    /// Empties the trace.
    pub fn clear_trace(&self) {
        self.call_void(b"fake_cuda_trace_clear\0")
    }

    /// With `true`, work recorded from now on stays unfinished (its events are not complete,
    /// `CUDA_ERROR_NOT_READY`) until the host waits for it (a synchronize call); with `false`,
    /// all of it finishes now and later work finishes at once, as by default.
    pub fn hold(&self, on: bool) {
        // SAFETY: `fake_cuda_hold` is `void (int)` in driver.c, called while `self.lib` keeps
        // it mapped.
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn(std::ffi::c_int)>(b"fake_cuda_hold\0")
                .expect("driver.c defines fake_cuda_hold");
            f(std::ffi::c_int::from(on))
        }
    }

    /// Makes `cuDriverGetVersion` answer `version` (`13000` for 13.0) from now on; the entry
    /// points the driver has stay those of its [`Release`].
    pub fn set_version(&self, version: i32) {
        // SAFETY: `fake_cuda_set_version` is `void (int)` in driver.c, called while `self.lib`
        // keeps it mapped.
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn(std::ffi::c_int)>(b"fake_cuda_set_version\0")
                .expect("driver.c defines fake_cuda_set_version");
            f(version)
        }
    }

    /// Turns the trace on or off (on when loaded): formatting it costs more than the host side
    /// of a launch, which the launch benchmark times.
    pub fn set_tracing(&self, on: bool) {
        // SAFETY: `void (int)` in driver.c, called while `self.lib` keeps it mapped.
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn(std::ffi::c_int)>(b"fake_cuda_set_tracing\0")
                .expect("driver.c defines it");
            f(std::ffi::c_int::from(on))
        }
    }

    /// Kernels launched so far.
    pub fn launches(&self) -> i64 {
        self.counter(b"fake_cuda_launches\0")
    }

    /// `cuFuncGetParamInfo` calls so far.
    pub fn param_info_calls(&self) -> i64 {
        self.counter(b"fake_cuda_param_info_calls\0")
    }

    /// `cuFuncGetParamCount` calls so far.
    pub fn param_count_calls(&self) -> i64 {
        self.counter(b"fake_cuda_param_count_calls\0")
    }

    fn counter(&self, name: &[u8]) -> i64 {
        // SAFETY: each counter is `long long (void)` in driver.c, called while `self.lib`
        // keeps the library mapped.
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn() -> std::ffi::c_longlong>(name)
                .expect("driver.c defines its counters");
            f()
        }
    }

    fn call_void(&self, name: &[u8]) {
        // SAFETY: `void (void)` in driver.c, called while `self.lib` keeps it mapped.
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn()>(name)
                .expect("driver.c defines it");
            f()
        }
    }
}

/// Which driver the fake is: what it reports about a function's parameters.
#[derive(Clone, Copy, Debug)]
#[allow(dead_code)] // each test binary uses one
pub enum Release {
    /// CUDA 13.2 and newer: `cuFuncGetParamCount` and `cuFuncGetParamInfo`.
    Cuda13_2,
    /// CUDA 12.4 to 13.1: `cuFuncGetParamInfo` only.
    Cuda12_9,
    /// Before CUDA 12.4: neither.
    Cuda12_2,
}

fn build_and_load(release: Release) -> Result<FakeCuda, String> {
    // SAFETY: opening the system's CUDA driver, if there is one, runs its initializers: that
    // is what every CUDA program does first. It is closed again at once.
    if unsafe { libloading::Library::new("libcuda.so.1") }.is_ok() {
        return Err("a real CUDA driver is installed here; the GPU suite covers launches".into());
    }
    let dir = std::env::temp_dir().join(format!("ptx-abi-fake-cuda-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let lib = dir.join("libcuda.so.1");
    let define = match release {
        Release::Cuda13_2 => "-DFAKE_CUDA_13_2",
        Release::Cuda12_9 => "-DFAKE_CUDA_BEFORE_13_2",
        Release::Cuda12_2 => "-DFAKE_CUDA_BEFORE_12_4",
    };
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_cuda/driver.c");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let out = Command::new(&cc)
        .args([
            "-O2",
            "-shared",
            "-fPIC",
            "-Wl,-soname,libcuda.so.1",
            define,
            "-o",
        ])
        .arg(&lib)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run the C compiler `{cc}` ($CC): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cc} failed on {}:\n{}",
            src.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    // SAFETY: driver.c has no initializers; it is opened by path, and every symbol of it is
    // called through the C prototype it defines.
    let lib = unsafe { libloading::Library::new(&lib) }
        .map_err(|e| format!("cannot open {}: {e}", lib.display()))?;
    Ok(FakeCuda { lib })
}
