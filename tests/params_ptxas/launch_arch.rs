//! Where the driver reads each kernel parameter from an `extra` buffer, per architecture,
//! against ptxas and cuobjdump: kernels with a parameter aligned 1..=128 in first, middle and
//! last position are compiled by NVRTC (`compute_50` PTX), assembled by ptxas for every
//! architecture it knows, and `cuobjdump -elf` reads each kernel's `EIATTR_KPARAM_INFO`
//! (offset and size of each parameter) and `EIATTR_PARAM_CBANK` (where the parameters start in
//! constant bank 0, and their size). The buffer `KernelLaunch::param_buffer(arch)` builds must
//! be, byte for byte, each parameter's image at the offset cuobjdump reports, zeros elsewhere,
//! and as long as the bank's parameter size; `KernelLaunch::extra` must give exactly that
//! buffer when no parameter is aligned above 16 bytes, and refuse otherwise.
//!
//! Needs NVRTC, ptxas and cuobjdump (`cargo xtask nvrtc|ptxas|cuobjdump`); skips without them,
//! fails instead under `PTX_ABI_REQUIRE_ORACLE=1`.

use ptx_abi::params::Arch;
use ptx_abi::{check_entry, DevicePtr, KernelLaunch, KernelParams, LaunchError, PtxAbi};
use ptx_abi_oracle::require;

/// Every architecture ptxas 12.9 assembles for (`sm_110` is CUDA 13's).
const ARCHS: &[u32] = &[
    50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90, 100, 101, 103, 120, 121,
];

// `struct __align__(A) SA { unsigned char c[3]; }`.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 1)]
struct S1 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 2)]
struct S2 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 4)]
struct S4 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 8)]
struct S8 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 16)]
struct S16 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 32)]
struct S32 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 64)]
struct S64 {
    c: [u8; 3],
}
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 128)]
struct S128 {
    c: [u8; 3],
}

// The kernels, for each alignment A: `first_A(SA a, signed char c, unsigned long long u)`,
// `mid_A(signed char c, SA a, short s)`, `last_A(int* p, signed char c, SA a)`. (Written out
// rather than by `macro_rules!`: a field type passed through a macro trips a hygiene bug of the
// derive, whose generated locals take the type's span.)

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_1")]
struct First1 {
    a: S1,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_1")]
struct Mid1 {
    c: i8,
    a: S1,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_1")]
struct Last1 {
    p: DevicePtr<i32>,
    c: i8,
    a: S1,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_2")]
struct First2 {
    a: S2,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_2")]
struct Mid2 {
    c: i8,
    a: S2,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_2")]
struct Last2 {
    p: DevicePtr<i32>,
    c: i8,
    a: S2,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_4")]
struct First4 {
    a: S4,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_4")]
struct Mid4 {
    c: i8,
    a: S4,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_4")]
struct Last4 {
    p: DevicePtr<i32>,
    c: i8,
    a: S4,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_8")]
struct First8 {
    a: S8,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_8")]
struct Mid8 {
    c: i8,
    a: S8,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_8")]
struct Last8 {
    p: DevicePtr<i32>,
    c: i8,
    a: S8,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_16")]
struct First16 {
    a: S16,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_16")]
struct Mid16 {
    c: i8,
    a: S16,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_16")]
struct Last16 {
    p: DevicePtr<i32>,
    c: i8,
    a: S16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_32")]
struct First32 {
    a: S32,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_32")]
struct Mid32 {
    c: i8,
    a: S32,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_32")]
struct Last32 {
    p: DevicePtr<i32>,
    c: i8,
    a: S32,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_64")]
struct First64 {
    a: S64,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_64")]
struct Mid64 {
    c: i8,
    a: S64,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_64")]
struct Last64 {
    p: DevicePtr<i32>,
    c: i8,
    a: S64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "first_128")]
struct First128 {
    a: S128,
    c: i8,
    u: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mid_128")]
struct Mid128 {
    c: i8,
    a: S128,
    s: i16,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "last_128")]
struct Last128 {
    p: DevicePtr<i32>,
    c: i8,
    a: S128,
}

/// Several over-aligned parameters after odd-sized ones: `mixed(signed char c, S64 a,
/// double d, S128 b, short s, S32 e)`.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "mixed")]
struct Mixed {
    c: i8,
    a: S64,
    d: f64,
    b: S128,
    s: i16,
    e: S32,
}

const ALIGNS: [usize; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

fn cuda_source() -> String {
    let mut s = String::new();
    for n in ALIGNS {
        s.push_str(&format!(
            "struct __align__({n}) S{n} {{ unsigned char c[3]; }};\n\
             extern \"C\" __global__ void first_{n}(S{n} a, signed char c, unsigned long long u) {{}}\n\
             extern \"C\" __global__ void mid_{n}(signed char c, S{n} a, short s) {{}}\n\
             extern \"C\" __global__ void last_{n}(int* p, signed char c, S{n} a) {{}}\n"
        ));
    }
    s.push_str(
        "extern \"C\" __global__ void mixed(signed char c, S64 a, double d, S128 b, short s, S32 e) {}\n",
    );
    s
}

/// Every kernel of the file, with distinct nonzero argument bytes.
fn kernels() -> Vec<Kernel> {
    let s = |k: u8| -> [u8; 3] { [0xa0 | k, 0xb0 | k, 0xc0 | k] };
    let p = DevicePtr::from_raw(0x0102_0304_0506_0708);
    let u = 0x1122_3344_5566_7788;
    vec![
        Kernel::new(First1 {
            a: S1 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid1 {
            c: -3,
            a: S1 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last1 {
            p,
            c: -5,
            a: S1 { c: s(3) },
        }),
        Kernel::new(First2 {
            a: S2 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid2 {
            c: -3,
            a: S2 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last2 {
            p,
            c: -5,
            a: S2 { c: s(3) },
        }),
        Kernel::new(First4 {
            a: S4 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid4 {
            c: -3,
            a: S4 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last4 {
            p,
            c: -5,
            a: S4 { c: s(3) },
        }),
        Kernel::new(First8 {
            a: S8 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid8 {
            c: -3,
            a: S8 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last8 {
            p,
            c: -5,
            a: S8 { c: s(3) },
        }),
        Kernel::new(First16 {
            a: S16 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid16 {
            c: -3,
            a: S16 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last16 {
            p,
            c: -5,
            a: S16 { c: s(3) },
        }),
        Kernel::new(First32 {
            a: S32 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid32 {
            c: -3,
            a: S32 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last32 {
            p,
            c: -5,
            a: S32 { c: s(3) },
        }),
        Kernel::new(First64 {
            a: S64 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid64 {
            c: -3,
            a: S64 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Last64 {
            p,
            c: -5,
            a: S64 { c: s(3) },
        }),
        Kernel::new(First128 {
            a: S128 { c: s(1) },
            c: -2,
            u,
        }),
        Kernel::new(Mid128 {
            c: -3,
            a: S128 { c: s(2) },
            s: -4,
        }),
        Kernel::new(Mixed {
            c: 1,
            a: S64 { c: s(4) },
            d: -0.5,
            b: S128 { c: s(5) },
            s: 0x7eed,
            e: S32 { c: s(6) },
        }),
        Kernel::new(Last128 {
            p,
            c: -5,
            a: S128 { c: s(3) },
        }),
    ]
}

/// One kernel's argument value, type-erased.
struct Kernel {
    name: &'static str,
    max_align: usize,
    check_entry: fn(&str) -> Result<(), String>,
    /// The parameters' images and sizes, in order (from the layout from 0).
    params: Vec<Vec<u8>>,
    /// `param_buffer(arch)`: the bytes, or the error.
    for_arch: Box<dyn Fn(Arch) -> Result<Vec<u8>, LaunchError>>,
    /// `extra()`'s buffer, or the error.
    extra: Result<Vec<u8>, LaunchError>,
    /// `check_loaded`: the architecture and the driver's `(offset, size)`s.
    #[cfg(feature = "cudarc")]
    check_loaded: CheckLoaded,
    /// `param_buffer_for(&function)`'s bytes.
    #[cfg(feature = "cudarc")]
    for_loaded: ForLoaded,
}

#[cfg(feature = "cudarc")]
type ForLoaded = Box<dyn Fn(&ptx_abi::cudarc::driver::CudaFunction) -> Vec<u8>>;

#[cfg(feature = "cudarc")]
type CheckLoaded =
    fn(&ptx_abi::cudarc::driver::CudaFunction) -> Result<(Arch, Vec<(usize, usize)>), String>;

impl Kernel {
    fn new<A: KernelParams + Copy + 'static>(args: A) -> Kernel {
        let mut launch = KernelLaunch::new(&args).unwrap();
        let image = launch.buffer().to_vec();
        let sizes: Vec<usize> =
            ptx_abi::layout::Placements::new(A::TYPE, ptx_abi::AddressSize::A64)
                .map(|p| p.unwrap().1)
                .map(|p| p.size)
                .collect();
        let aligns = ptx_abi::layout::Placements::new(A::TYPE, ptx_abi::AddressSize::A64)
            .map(|p| p.unwrap().1.align);
        let params = A::PARAM_OFFSETS
            .iter()
            .zip(&sizes)
            .map(|(&o, &n)| image[o..o + n].to_vec())
            .collect();
        let extra = launch.extra().map(|mut e| {
            let words = *e.as_slice();
            assert!(!e.as_mut_ptr().is_null());
            // SAFETY: words[1] is the launch's buffer and words[3] its size, both alive while
            // `e` borrows `launch`; the size is at most the buffer's length.
            unsafe {
                let size = *(words[3] as *const usize);
                std::slice::from_raw_parts(words[1] as *const u8, size).to_vec()
            }
        });
        Kernel {
            name: A::KERNEL,
            max_align: aligns.max().unwrap(),
            check_entry: |ptx| check_entry::<A>(ptx).map_err(|e| e.to_string()),
            params,
            for_arch: Box::new(move |arch| {
                let launch = KernelLaunch::new(&args).unwrap();
                launch.param_buffer(arch).map(|mut b| {
                    let bytes = b.as_bytes().to_vec();
                    assert_eq!(bytes.len(), b.size());
                    let words = *b.extra().as_slice();
                    assert_eq!(words[1] as *const u8, b.as_bytes().as_ptr());
                    bytes
                })
            }),
            extra,
            #[cfg(feature = "cudarc")]
            check_loaded: |f| {
                ptx_abi::params::check_loaded::<A>(f)
                    .map(|l| {
                        (
                            l.arch,
                            l.params.iter().map(|p| (p.offset, p.size)).collect(),
                        )
                    })
                    .map_err(|e| e.to_string())
            },
            #[cfg(feature = "cudarc")]
            for_loaded: Box::new(move |f| {
                let launch = KernelLaunch::new(&args).unwrap();
                launch.param_buffer_for(f).unwrap().as_bytes().to_vec()
            }),
        }
    }
}

#[test]
fn param_buffers_match_ptxas_on_every_architecture() {
    let what = "launch buffers against ptxas/cuobjdump";
    let Some(nvrtc) = require::nvrtc(what) else {
        return;
    };
    let Some(ptxas) = require::ptxas(what) else {
        return;
    };
    let Some(cuobjdump) = require::cuobjdump(what) else {
        return;
    };
    let ptx = nvrtc
        .compile(
            &cuda_source(),
            &["--gpu-architecture=compute_50", "-std=c++17"],
        )
        .unwrap_or_else(|e| panic!("NVRTC: {}", e.log));
    let kernels = kernels();
    assert_eq!(kernels.len(), 25);
    for k in &kernels {
        (k.check_entry)(&ptx).unwrap_or_else(|e| panic!("{}: {e}", k.name));
        match &k.extra {
            Ok(_) => assert!(
                k.max_align <= 16,
                "{}: extra() accepted an over-aligned parameter",
                k.name
            ),
            Err(e) => {
                assert!(k.max_align > 16, "{}: {e}", k.name);
                let msg = e.to_string();
                assert!(
                    msg.contains("field `a`") && msg.contains("kernelParams"),
                    "{msg}"
                );
            }
        }
    }
    for &sm in ARCHS {
        let arch = Arch::sm(sm);
        let cubin = ptxas
            .cubin(&ptx, &format!("sm_{sm}"))
            .unwrap_or_else(|e| panic!("{arch}: {e}"));
        let info = cuobjdump.kernel_params(&cubin).unwrap();
        for k in &kernels {
            let i = info
                .get(k.name)
                .unwrap_or_else(|| panic!("{arch}: no {} in the cubin", k.name));
            // The origin is the bank base from sm_70 on; sm_5x/6x start at 0x140 but ptxas
            // aligns their parameters from 0 (the offsets below pin that).
            let origin = if sm < 70 { 0 } else { i.cbank_base };
            assert_eq!(
                arch.param_base(),
                Some(origin),
                "{arch}: EIATTR_PARAM_CBANK {:#x}",
                i.cbank_base
            );
            if sm < 70 {
                assert_eq!(i.cbank_base, 0x140, "{arch}");
            }
            assert_eq!(i.params.len(), k.params.len(), "{arch} {}", k.name);
            let mut expected = vec![0u8; i.cbank_size];
            for (n, (&(offset, size), image)) in i.params.iter().zip(&k.params).enumerate() {
                assert_eq!(size, image.len(), "{arch} {} parameter {n}: size", k.name);
                expected[offset..offset + size].copy_from_slice(image);
            }
            let ours = (k.for_arch)(arch).unwrap_or_else(|e| panic!("{arch}: {e}"));
            assert_eq!(
                ours, expected,
                "{arch} {}: cuobjdump's offsets {:?}",
                k.name, i.params
            );
            if let Ok(extra) = &k.extra {
                assert_eq!(*extra, expected, "{arch} {}: extra()", k.name);
            }
        }
    }
    require::say(&format!(
        "launch buffers: {} kernels x {} architectures match ptxas's parameter offsets (cuobjdump)",
        kernels.len(),
        ARCHS.len()
    ));
}

#[test]
fn architectures_without_a_known_base_refuse_over_aligned_parameters() {
    for k in kernels() {
        let r = (k.for_arch)(Arch::sm(110));
        if k.max_align > 16 {
            let e = r.unwrap_err();
            assert!(matches!(e, LaunchError::UnknownArch { .. }), "{e}");
            assert!(e.to_string().contains("sm_110"), "{e}");
        } else {
            assert_eq!(r.unwrap(), *k.extra.as_ref().unwrap(), "{}", k.name);
        }
    }
}

/// On a GPU (feature `cudarc`): the driver's own offsets (`cuFuncGetParamInfo`) for the same
/// kernels, JIT-compiled from the PTX for the GPU's architecture, are the ones
/// `param_buffer(arch)` uses, and `check_loaded` accepts every argument struct.
#[cfg(feature = "cudarc")]
#[test]
fn the_driver_reports_the_offsets_of_param_buffer() {
    use ptx_abi::cudarc::driver::{sys, CudaContext};
    use ptx_abi::cudarc::nvrtc::Ptx;
    let what = "launch buffers against the driver";
    // SAFETY: only tries to open the driver library by name; no symbol is called.
    let ctx = match unsafe { sys::is_culib_present() }.then(|| CudaContext::new(0)) {
        Some(Ok(ctx)) => ctx,
        _ => return require::say(&format!("SKIPPED {what}: no GPU")),
    };
    let Some(nvrtc) = require::nvrtc(what) else {
        return;
    };
    let ptx = nvrtc
        .compile(
            &cuda_source(),
            &["--gpu-architecture=compute_70", "-std=c++17"],
        )
        .unwrap_or_else(|e| panic!("NVRTC: {}", e.log));
    let module = ctx.load_module(Ptx::from_src(ptx)).unwrap();
    let mut arch = None;
    for k in kernels() {
        let f = module.load_function(k.name).unwrap();
        let loaded = (k.check_loaded)(&f).unwrap_or_else(|e| panic!("{}: {e}", k.name));
        let ours = (k.for_arch)(loaded.0).unwrap();
        assert_eq!(
            ours,
            (k.for_loaded)(&f),
            "{}: driver offsets {:?}",
            k.name,
            loaded.1
        );
        require::say(&format!(
            "{} on {}: driver offsets {:?}",
            k.name, loaded.0, loaded.1
        ));
        arch = Some(loaded.0);
    }
    require::say(&format!(
        "launch buffers: the driver's offsets on {} are param_buffer's for all kernels",
        arch.unwrap()
    ));
}

/// `k(S a, const S* arr, unsigned n, unsigned* out)` on an H100 (sm_90, driver 580, PTX from
/// NVRTC 12.9 JIT-loaded): `cuFuncGetParamInfo` gave the offsets `[48, 112, 120, 128]` for `S`
/// aligned 64 (64 bytes), `[16, 112, 120, 128]` aligned 32 (96 bytes), `[112, 624, 632, 640]`
/// aligned 128 (512 bytes), and `[0, 8, 16, 24]` for an `S` aligned to 16 or less (here 8
/// bytes aligned 8) (issue 12; the same offsets came back on the H100 again for the kernels of
/// `the_driver_reports_the_offsets_of_param_buffer`). Runs without any tool.
#[test]
fn sm_90_buffers_put_parameters_where_the_driver_reported_them() {
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(align = 32)]
    struct S32 {
        c: [u8; 96],
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(align = 128)]
    struct S512 {
        c: [u8; 512],
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(align = 8)]
    struct S8 {
        c: [u8; 8],
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct K64 {
        a: S64,
        arr: DevicePtr<S64>,
        n: u32,
        out: DevicePtr<u32>,
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct K32 {
        a: S32,
        arr: DevicePtr<S32>,
        n: u32,
        out: DevicePtr<u32>,
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct K128 {
        a: S512,
        arr: DevicePtr<S512>,
        n: u32,
        out: DevicePtr<u32>,
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct K16 {
        a: S8,
        arr: DevicePtr<S8>,
        n: u32,
        out: DevicePtr<u32>,
    }
    fn check<A: KernelParams>(args: A, a_len: usize, driver: [usize; 4]) {
        let buffer = KernelLaunch::new(&args)
            .unwrap()
            .param_buffer(Arch::SM_90)
            .unwrap();
        let b = buffer.as_bytes();
        assert_eq!(b.len(), driver[3] + 8, "{}", A::KERNEL);
        assert!(b[driver[0]..driver[0] + a_len].iter().all(|&x| x == 0x5a));
        assert_eq!(
            b[driver[1]..driver[1] + 8],
            0x1111_2222_3333_4444u64.to_le_bytes()
        );
        assert_eq!(b[driver[2]..driver[2] + 4], 7u32.to_le_bytes());
        assert_eq!(
            b[driver[3]..driver[3] + 8],
            0x5555_6666_7777_8888u64.to_le_bytes()
        );
        // Nonzero: `a`'s bytes, the 8 of each pointer, the 1 of `n` = 7; zero elsewhere.
        let nonzero = b.iter().filter(|&&x| x != 0).count();
        assert_eq!(nonzero, a_len + 8 + 1 + 8, "zeros elsewhere");
    }
    let (arr, out) = (0x1111_2222_3333_4444, 0x5555_6666_7777_8888);
    // `S64` is the file's `{ c: [u8; 3] }` aligned 64: only its 3 bytes are nonzero.
    let s64 = S64 { c: [0x5a; 3] };
    let k64 = K64 {
        a: s64,
        arr: DevicePtr::from_raw(arr),
        n: 7,
        out: DevicePtr::from_raw(out),
    };
    let buffer = KernelLaunch::new(&k64)
        .unwrap()
        .param_buffer(Arch::SM_90)
        .unwrap();
    let b = buffer.as_bytes();
    assert_eq!(b.len(), 136);
    assert_eq!(b[48..51], [0x5a; 3]);
    assert_eq!(b[112..120], arr.to_le_bytes());
    assert_eq!(b[120..124], 7u32.to_le_bytes());
    assert_eq!(b[128..136], out.to_le_bytes());
    let (a, o) = (DevicePtr::<u8>::from_raw(arr), DevicePtr::from_raw(out));
    let k32 = K32 {
        a: S32 { c: [0x5a; 96] },
        arr: a.cast(),
        n: 7,
        out: o,
    };
    check(k32, 96, [16, 112, 120, 128]);
    let k128 = K128 {
        a: S512 { c: [0x5a; 512] },
        arr: a.cast(),
        n: 7,
        out: o,
    };
    check(k128, 512, [112, 624, 632, 640]);
    let k16 = K16 {
        a: S8 { c: [0x5a; 8] },
        arr: a.cast(),
        n: 7,
        out: o,
    };
    check(k16, 8, [0, 8, 16, 24]);
}
