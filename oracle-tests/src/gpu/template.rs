//! The GPU suite's C++ kernel template (issue 29): `ptxabi_t::affine<T, N, OP>` of
//! `ptx_abi_oracle::gpu::TEMPLATE_SOURCE`, two instantiations, each loaded from the module by
//! the name `#[derive(PtxAbi)]` computed at compile time from `kernel`, `template` and the
//! fields' `cxx` (`KernelParams::KERNEL`), checked against the loaded function, launched
//! through cudarc's launch builder and through `kernelParams`, and its output compared with the
//! host's.

use std::fmt::Debug;

use ptx_abi::cudarc::driver::{DevicePtr as _, DeviceRepr, PushKernelArg};
use ptx_abi::params::check_loaded;
use ptx_abi::{DeviceConstPtr, DevicePtr, KernelLaunch, KernelParams, PtxAbi};

use super::{e, GpuRun, Res, ONE_THREAD};
use crate::say;

/// `ptxabi_t::Coeffs<float>`.
#[derive(PtxAbi, Clone, Copy)]
pub struct CoeffsF32 {
    scale: f32,
    shift: f32,
}

/// `ptxabi_t::Coeffs<double>`.
#[derive(PtxAbi, Clone, Copy)]
pub struct CoeffsF64 {
    scale: f64,
    shift: f64,
}

// template <typename T, int N, Op OP>
// __global__ void affine(const T* __restrict__ x, T* y, Coeffs<T> c, unsigned n);
/// `affine<float, 3, Op::Mul>`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(
    kernel = "ptxabi_t::affine<float, 3, (ptxabi_t::Op)1>",
    abi = "c++",
    template = "typename T, int N, ptxabi_t::Op OP"
)]
pub struct AffineMulF32 {
    #[ptx(cxx = "const T* __restrict__ x")]
    x: DeviceConstPtr<f32>,
    #[ptx(cxx = "T*")]
    y: DevicePtr<f32>,
    #[ptx(cxx = "ptxabi_t::Coeffs<T>")]
    c: CoeffsF32,
    n: u32,
}

/// `affine<double, 2, Op::Add>`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(
    kernel = "ptxabi_t::affine<double, 0x2, (ptxabi_t::Op)0>",
    abi = "c++",
    template = "typename T, int N, ptxabi_t::Op OP"
)]
pub struct AffineAddF64 {
    #[ptx(cxx = "const T* __restrict__ x")]
    x: DeviceConstPtr<f64>,
    #[ptx(cxx = "T*")]
    y: DevicePtr<f64>,
    #[ptx(cxx = "ptxabi_t::Coeffs<T>")]
    c: CoeffsF64,
    n: u32,
}

impl GpuRun {
    /// Runs both instantiations; a failure is recorded like a case's.
    pub fn templates(&mut self) {
        let xs: Vec<f32> = (1..=8).map(|i| i as f32).collect();
        let ys: Vec<f32> = (1..=8).map(|i| (9 - i) as f32).collect();
        // `Op::Mul`, N = 3: y * (x * 2 + 3 * 0.5).
        let want: Vec<f32> = xs
            .iter()
            .zip(&ys)
            .map(|(x, y)| y * (x * 2.0 + 1.5))
            .collect();
        let r = self.try_template(&xs, &ys, &want, |x, y, n| AffineMulF32 {
            x: DeviceConstPtr::from_raw(x),
            y: DevicePtr::from_raw(y),
            c: CoeffsF32 {
                scale: 2.0,
                shift: 0.5,
            },
            n,
        });
        self.record_template::<AffineMulF32>(r);
        let xs: Vec<f64> = (1..=8).map(|i| i as f64 * 0.25).collect();
        let ys: Vec<f64> = (1..=8).map(|i| i as f64).collect();
        // `Op::Add`, N = 2: y + (x * -4 + 2 * 0.125).
        let want: Vec<f64> = xs
            .iter()
            .zip(&ys)
            .map(|(x, y)| y + (x * -4.0 + 0.25))
            .collect();
        let r = self.try_template(&xs, &ys, &want, |x, y, n| AffineAddF64 {
            x: DeviceConstPtr::from_raw(x),
            y: DevicePtr::from_raw(y),
            c: CoeffsF64 {
                scale: -4.0,
                shift: 0.125,
            },
            n,
        });
        self.record_template::<AffineAddF64>(r);
    }

    fn record_template<A: KernelParams>(&mut self, r: Res<()>) {
        match r {
            Ok(()) => say(&format!(
                "GPU end-to-end: C++ template kernel {} launched by its mangled name",
                A::KERNEL
            )),
            Err(err) => self
                .failures
                .push(format!("template kernel {}: {err}", A::KERNEL)),
        }
    }

    /// Launches `A` (made by `make` from `x`'s and `y`'s device addresses and their length)
    /// through the launch builder, then through `kernelParams` on a fresh copy of `y`; both
    /// must leave `want` in `y`.
    fn try_template<A, T>(
        &mut self,
        x: &[T],
        y: &[T],
        want: &[T],
        make: fn(u64, u64, u32) -> A,
    ) -> Res<()>
    where
        A: KernelParams + PtxAbi,
        T: DeviceRepr + Copy + PartialEq + Debug,
    {
        let s = self.stream.clone();
        let f = self.function(A::KERNEL.to_string())?;
        check_loaded::<A>(&f).map_err(e("check_loaded"))?;
        let xd = s.clone_htod(x).map_err(e("clone_htod"))?;
        for path in ["launch builder", "kernelParams"] {
            let yd = s.clone_htod(y).map_err(e("clone_htod"))?;
            let (x_addr, sync_x) = xd.device_ptr(&s);
            let (y_addr, sync_y) = yd.device_ptr(&s);
            let args = make(x_addr, y_addr, x.len() as u32);
            let mut launch = KernelLaunch::new(&args).map_err(e("KernelLaunch::new"))?;
            if path == "launch builder" {
                let mut b = s.launch_builder(&f);
                b.arg(&launch);
                // SAFETY: `f` takes exactly `A`'s parameters (check_loaded above); `x` and `y`
                // hold `n` elements and, with `launch`, outlive the launch, synchronized below.
                unsafe { b.launch(ONE_THREAD) }.map_err(e("launch"))?;
            } else {
                let params = launch.kernel_params().as_mut_ptr();
                self.raw_launch(&f, params, std::ptr::null_mut())?;
            }
            s.synchronize().map_err(e("synchronize"))?;
            drop((sync_x, sync_y));
            let got = s.clone_dtoh(&yd).map_err(e("clone_dtoh"))?;
            if got != want {
                return Err(format!("{path}: y = {got:?}, expected {want:?}"));
            }
        }
        Ok(())
    }
}

/// Checks, without a GPU, that each instantiation's name as the derive computed it is an
/// `.entry` of the suite's PTX (NVRTC's, built by `build.rs`).
pub fn assert_entries(ptx: &str) {
    for name in [AffineMulF32::KERNEL, AffineAddF64::KERNEL] {
        assert!(
            ptx.contains(&format!(".entry {name}(")),
            "the derive names a C++ template kernel `{name}`, which is not an entry of NVRTC's PTX"
        );
    }
}
