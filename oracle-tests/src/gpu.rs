//! The GPU end-to-end suite's runner (`tests/gpu.rs`, feature `gpu`): each case's value passed
//! by value through every launch path, read from an array by device code, and written by
//! device code and decoded. See `ptx_abi_oracle::gpu` for the kernels.

use std::ffi::c_void;
use std::fmt::Debug;
use std::sync::Arc;

use ptx_abi::cudarc::driver::{
    sys, CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr as _,
    LaunchConfig, PushKernelArg,
};
use ptx_abi::cudarc::nvrtc::Ptx;
use ptx_abi::params::{check_loaded, CheckedFunction, LaunchExtra};
use ptx_abi::{DevicePtr, KernelLaunch, KernelParams, PtxAbi};

use crate::say;

pub mod template;

/// `PTX_ABI_REQUIRE_GPU`: when `1`, a machine without a usable GPU fails the suite.
pub const REQUIRE_GPU_ENV: &str = "PTX_ABI_REQUIRE_GPU";

/// Whether `PTX_ABI_REQUIRE_GPU=1`.
pub fn gpu_required() -> bool {
    std::env::var(REQUIRE_GPU_ENV).is_ok_and(|v| v == "1")
}

/// Prints the one line saying the GPU suite is skipped, or panics under
/// `PTX_ABI_REQUIRE_GPU=1`.
pub fn skip_gpu(why: &str) {
    assert!(
        !gpu_required(),
        "GPU end-to-end suite: {why}, but {REQUIRE_GPU_ENV}=1 requires a GPU"
    );
    say(&format!("SKIPPED GPU end-to-end suite: {why}"));
}

/// How many launches of each path ran and matched.
#[derive(Debug, Default)]
pub struct Counts {
    /// Cases run.
    pub cases: usize,
    /// Cases with a parameter aligned above 16 bytes.
    pub over_aligned: usize,
    /// `check_loaded` passed.
    pub checked: usize,
    /// By value through cudarc's launch builder.
    pub builder: usize,
    /// By value through `kernelParams`.
    pub kernel_params: usize,
    /// By value through `KernelLaunch::extra()` (parameters aligned ≤ 16).
    pub extra: usize,
    /// By value through `extra` with `param_buffer(arch)`.
    pub extra_arch: usize,
    /// By value through `extra` with `param_buffer_for(&function)`.
    pub extra_loaded: usize,
    /// By value through `CheckedFunction::launch` (`kernelParams`) and `launch_extra`.
    pub checked_launch: usize,
    /// `extra()` refused an over-aligned parameter, as it must.
    pub extra_refused: usize,
    /// Arrays of three encoded values read by device code.
    pub read: usize,
    /// Values written by device code and decoded.
    pub written: usize,
}

/// A run of the suite on the GPU: the loaded module, counts and failures.
pub struct GpuRun {
    _ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    module: Arc<CudaModule>,
    /// What ran.
    pub counts: Counts,
    failures: Vec<String>,
}

type Res<T> = Result<T, String>;

/// Every kernel of the suite runs as one thread. (`LaunchConfig::for_num_elems(1)` would start
/// a block of 1024 threads, whose read-modify-writes of the same bit-field storage units race
/// in the write kernel.)
const ONE_THREAD: LaunchConfig = LaunchConfig {
    grid_dim: (1, 1, 1),
    block_dim: (1, 1, 1),
    shared_mem_bytes: 0,
};

fn e<E: std::fmt::Display>(what: &'static str) -> impl Fn(E) -> String {
    move |err| format!("{what}: {err}")
}

impl GpuRun {
    /// Loads `ptx` on GPU 0; `None` (after [`skip_gpu`]) when there is no driver or GPU.
    pub fn new(ptx: &str) -> Option<GpuRun> {
        // SAFETY: only tries to open the driver library by name; no symbol is called.
        if !unsafe { sys::is_culib_present() } {
            skip_gpu("no CUDA driver (libcuda) on this machine");
            return None;
        }
        let ctx = match CudaContext::new(0) {
            Ok(c) => c,
            Err(err) => {
                skip_gpu(&format!("no usable GPU ({err})"));
                return None;
            }
        };
        let stream = ctx.default_stream();
        let module = ctx
            .load_module(Ptx::from_src(ptx))
            .unwrap_or_else(|err| panic!("the driver cannot load the suite's PTX: {err}"));
        Some(GpuRun {
            _ctx: ctx,
            stream,
            module,
            counts: Counts::default(),
            failures: Vec::new(),
        })
    }

    fn function(&self, name: String) -> Res<CudaFunction> {
        self.module
            .load_function(&name)
            .map_err(|err| format!("load_function({name}): {err}"))
    }

    fn ok_flags(&self, flags: &CudaSlice<u32>, what: &str) -> Res<()> {
        self.stream.synchronize().map_err(e("synchronize"))?;
        let got = self.stream.clone_dtoh(flags).map_err(e("clone_dtoh"))?;
        if got.iter().all(|&f| f == 1) {
            Ok(())
        } else {
            Err(format!(
                "{what}: the device saw a different value (flags {got:?}; 1 = equal, 2 = differs, 0 = not run)"
            ))
        }
    }

    fn raw_launch(
        &self,
        f: &CudaFunction,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> Res<()> {
        // SAFETY: `f` is a live function of this module; exactly one of `params`/`extra` is
        // non-null and points at the parameters of `f`'s argument struct (checked against the
        // loaded function by `check_loaded` first), kept alive by the caller until the
        // synchronize that follows every launch.
        let r = unsafe {
            sys::cuLaunchKernel(
                f.cu_function(),
                1,
                1,
                1,
                1,
                1,
                1,
                0,
                self.stream.cu_stream(),
                params,
                extra,
            )
        };
        r.result().map_err(e("cuLaunchKernel"))?;
        self.stream.synchronize().map_err(e("synchronize"))
    }

    fn launch_extra(&self, f: &CudaFunction, mut extra: LaunchExtra<'_>) -> Res<()> {
        self.raw_launch(f, std::ptr::null_mut(), extra.as_mut_ptr())
    }

    /// Runs case `key` (kernels number `j`): `value` by value through every launch path, in
    /// an array read by device code, and written by device code and decoded.
    pub fn case<T, P>(&mut self, key: &str, j: usize, value: T, make: fn(T, DevicePtr<u32>) -> P)
    where
        T: PtxAbi + PartialEq + Debug + Clone,
        P: KernelParams<Signature = P>,
    {
        self.counts.cases += 1;
        if let Err(err) = self.try_case(j, value, make) {
            self.failures
                .push(format!("case {key} (kernels {j}): {err}"));
        }
    }

    fn try_case<T, P>(&mut self, j: usize, value: T, make: fn(T, DevicePtr<u32>) -> P) -> Res<()>
    where
        T: PtxAbi + PartialEq + Debug + Clone,
        P: KernelParams<Signature = P>,
    {
        let s = self.stream.clone();
        // 1. By value, every path.
        let f = self.function(format!("ptxabi_gpass_{j}"))?;
        let loaded = check_loaded::<P>(&f).map_err(e("check_loaded"))?;
        self.counts.checked += 1;
        let mut flag = s.alloc_zeros::<u32>(1).map_err(e("alloc"))?;
        let (flag_addr, sync) = flag.device_ptr(&s);
        drop(sync);
        let args = make(value.clone(), DevicePtr::from_raw(flag_addr));
        let mut launch = KernelLaunch::new(&args).map_err(e("KernelLaunch::new"))?;

        let mut builder = s.launch_builder(&f);
        builder.arg(&launch);
        // SAFETY: `f` takes exactly `P`'s parameters (check_loaded above); `launch` and the
        // flag outlive the launch, which is synchronized in `ok_flags`.
        unsafe { builder.launch(ONE_THREAD) }.map_err(e("launch"))?;
        self.ok_flags(&flag, "launch builder")?;
        self.counts.builder += 1;

        s.memset_zeros(&mut flag).map_err(e("memset"))?;
        let params = launch.kernel_params().as_mut_ptr();
        self.raw_launch(&f, params, std::ptr::null_mut())?;
        self.ok_flags(&flag, "kernelParams")?;
        self.counts.kernel_params += 1;

        let refused = match launch.extra() {
            Ok(extra) => {
                s.memset_zeros(&mut flag).map_err(e("memset"))?;
                self.launch_extra(&f, extra)?;
                self.ok_flags(&flag, "extra()")?;
                self.counts.extra += 1;
                false
            }
            Err(_) => {
                self.counts.extra_refused += 1;
                true
            }
        };
        if refused {
            self.counts.over_aligned += 1;
        }
        let mut by_arch = launch
            .param_buffer(loaded.arch)
            .map_err(e("param_buffer(arch)"))?;
        if by_arch.size() != loaded.buffer_size() {
            return Err(format!(
                "param_buffer({}) is {} bytes, the driver's parameters end at {}",
                loaded.arch,
                by_arch.size(),
                loaded.buffer_size()
            ));
        }
        s.memset_zeros(&mut flag).map_err(e("memset"))?;
        self.launch_extra(&f, by_arch.extra())?;
        self.ok_flags(&flag, "extra with param_buffer(arch)")?;
        self.counts.extra_arch += 1;

        let mut by_loaded = launch.param_buffer_for(&f).map_err(e("param_buffer_for"))?;
        // The driver's information read once and kept (issue 22): the same buffer.
        let checked = CheckedFunction::<P>::new(&f).map_err(e("CheckedFunction::new"))?;
        let kept = checked.param_buffer(&launch).map_err(e("param_buffer"))?;
        if checked.loaded() != Some(&loaded) || kept.as_bytes() != by_loaded.as_bytes() {
            return Err(format!(
                "CheckedFunction kept {:?} and laid out {:?}; check_loaded read {loaded:?}, \
                 param_buffer_for laid out {:?}",
                checked.loaded(),
                kept.as_bytes(),
                by_loaded.as_bytes()
            ));
        }
        s.memset_zeros(&mut flag).map_err(e("memset"))?;
        self.launch_extra(&f, by_loaded.extra())?;
        self.ok_flags(&flag, "extra with param_buffer_for(&function)")?;
        self.counts.extra_loaded += 1;

        // The checked launches (issue 29): checked once above, both parameter paths.
        for extra in [false, true] {
            s.memset_zeros(&mut flag).map_err(e("memset"))?;
            let args = make(value.clone(), DevicePtr::from_raw(flag_addr));
            // SAFETY: `f` was checked against `P` by `CheckedFunction::new`; the kernel writes
            // one `u32` through the flag pointer, which outlives the launch (synchronized in
            // `ok_flags`).
            let launched = unsafe {
                if extra {
                    checked.launch_extra(&s, ONE_THREAD, args)
                } else {
                    checked.launch(&s, ONE_THREAD, args)
                }
            };
            launched.map_err(e("CheckedFunction::launch"))?;
            self.ok_flags(&flag, "CheckedFunction::launch")?;
        }
        self.counts.checked_launch += 1;

        // 2. An array of three encoded values, read member by member by the device.
        let image = value.to_ptx_bytes().map_err(e("encode"))?;
        let array: Vec<u8> = image.repeat(3);
        let arr = s.clone_htod(&array).map_err(e("clone_htod"))?;
        let flags = s.alloc_zeros::<u32>(3).map_err(e("alloc"))?;
        let read = self.function(format!("ptxabi_gread_{j}"))?;
        {
            let (arr_addr, _s1) = arr.device_ptr(&s);
            let (flags_addr, _s2) = flags.device_ptr(&s);
            let n = 3u32;
            let mut b = s.launch_builder(&read);
            b.arg(&arr_addr).arg(&n).arg(&flags_addr);
            // SAFETY: `ptxabi_gread_j(const T*, unsigned, unsigned*)`: the array holds three
            // images of `T`'s size (stride = size), the flags three `u32`s; both outlive the
            // launch (synchronized in `ok_flags`).
            unsafe { b.launch(ONE_THREAD) }.map_err(e("launch read"))?;
        }
        self.ok_flags(&flags, "array read by the device")?;
        self.counts.read += 1;

        // 3. Written member by member by the device into nonzero bytes, then decoded.
        let prefill = vec![0xa5u8; T::SIZE];
        let out = s.clone_htod(&prefill).map_err(e("clone_htod"))?;
        let write = self.function(format!("ptxabi_gwrite_{j}"))?;
        {
            let (out_addr, _s1) = out.device_ptr(&s);
            let mut b = s.launch_builder(&write);
            b.arg(&out_addr);
            // SAFETY: `ptxabi_gwrite_j(T*)`: `out` holds `T`'s size in bytes and outlives the
            // launch (synchronized below).
            unsafe { b.launch(ONE_THREAD) }.map_err(e("launch write"))?;
        }
        s.synchronize().map_err(e("synchronize"))?;
        let bytes = s.clone_dtoh(&out).map_err(e("clone_dtoh"))?;
        let decoded = T::from_ptx_bytes(&bytes).map_err(e("decode"))?;
        if decoded != value {
            return Err(format!(
                "decode(device-written bytes) = {decoded:?}, the value is {value:?}\n  bytes {bytes:?}"
            ));
        }
        self.counts.written += 1;
        Ok(())
    }

    /// Prints the figures and every failure; panics if there was one.
    pub fn finish(self, sample: &str) {
        let c = &self.counts;
        say(&format!(
            "GPU end-to-end: {sample}: {} cases ({} with a parameter aligned above 16), {} \
             failures; loaded-kernel checks {}; by value: launch builder {}, kernelParams {}, \
             extra() {} (refused {}), param_buffer(arch) {}, param_buffer_for(&f) {}, \
             CheckedFunction::launch and launch_extra {}; arrays read {}; device-written values \
             decoded {}",
            c.cases,
            c.over_aligned,
            self.failures.len(),
            c.checked,
            c.builder,
            c.kernel_params,
            c.extra,
            c.extra_refused,
            c.extra_arch,
            c.extra_loaded,
            c.checked_launch,
            c.read,
            c.written
        ));
        for f in self.failures.iter().take(20) {
            eprintln!("{f}");
        }
        assert!(
            self.failures.is_empty(),
            "{} of {} cases failed on the GPU (first ones above)",
            self.failures.len(),
            c.cases
        );
    }
}
