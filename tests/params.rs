//! §2.3 parameter passing: declarations and signatures against NVRTC 12.9.86's text for the
//! same CUDA C declarations (recorded below), launch buffers, and the PTX checker.

use ptx_abi::params::{check_signature, signature_text, SignatureError, SignatureKind};
use ptx_abi::params::{func_signature, param_decl_with, Spelling};
use ptx_abi::types::Float4;
use ptx_abi::{param_decl, AddressSize, DevicePtr, ParamSpace, PtxAbi};

// struct S { double d; char c; };  struct __align__(32) A32 { double d; };
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct S {
    d: f64,
    c: i8,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 32)]
struct A32 {
    d: f64,
}

// extern "C" __device__ S f(bool b, signed char a, short s, int i, long long l, float f,
//                           double d, int* p, S s2);
#[derive(PtxAbi, Clone, Copy)]
struct FArgs {
    b: bool,
    a: i8,
    s: i16,
    i: i32,
    l: i64,
    f: f32,
    d: f64,
    p: DevicePtr<i32>,
    s2: S,
}

/// NVRTC 12.9.86, compute_90, -rdc=true.
const NVRTC_F: &str = ".visible .func  (.param .align 8 .b8 func_retval0[16]) f(
\t.param .b32 f_param_0,
\t.param .b32 f_param_1,
\t.param .b32 f_param_2,
\t.param .b32 f_param_3,
\t.param .b64 f_param_4,
\t.param .b32 f_param_5,
\t.param .b64 f_param_6,
\t.param .b64 f_param_7,
\t.param .align 8 .b8 f_param_8[16]
)";

#[test]
fn device_function_signature_equals_nvrtc() {
    assert_eq!(func_signature::<FArgs, S>("f"), NVRTC_F);
}

#[derive(PtxAbi, Clone, Copy)]
struct OneInt {
    a: i32,
}

#[test]
fn void_and_scalar_returns_equal_nvrtc() {
    // extern "C" __device__ void fv(int a);  extern "C" __device__ float ff(float x);
    assert_eq!(
        func_signature::<OneInt, ()>("fv"),
        ".visible .func fv(\n\t.param .b32 fv_param_0\n)"
    );
    assert_eq!(
        func_signature::<OneInt, f32>("ff"),
        ".visible .func  (.param .b32 func_retval0) ff(\n\t.param .b32 ff_param_0\n)"
    );
    assert_eq!(
        func_signature::<OneInt, bool>("fb"),
        ".visible .func  (.param .b32 func_retval0) fb(\n\t.param .b32 fb_param_0\n)"
    );
}

/// Every scalar type in both spaces: .entry as NVRTC writes kernel parameters (the width is
/// kept, always unsigned), .func widened to .b32/.b64, and the guide's §2.3 table.
#[test]
fn scalar_declarations_in_every_space() {
    fn all<T: PtxAbi>() -> [String; 3] {
        [
            param_decl::<T>("p", ParamSpace::Entry),
            param_decl::<T>("p", ParamSpace::Func),
            param_decl_with::<T>("p", ParamSpace::Func, Spelling::Guide, AddressSize::A64),
        ]
    }
    let t = |e: &str, f: &str, g: &str| [e, f, g].map(|t| format!(".param {t} p"));
    assert_eq!(all::<bool>(), t(".u8", ".b32", ".u32"));
    assert_eq!(all::<i8>(), t(".u8", ".b32", ".s32"));
    assert_eq!(all::<u8>(), t(".u8", ".b32", ".u32"));
    assert_eq!(all::<i16>(), t(".u16", ".b32", ".s32"));
    assert_eq!(all::<u16>(), t(".u16", ".b32", ".u32"));
    assert_eq!(all::<i32>(), t(".u32", ".b32", ".s32"));
    assert_eq!(all::<u32>(), t(".u32", ".b32", ".u32"));
    assert_eq!(all::<i64>(), t(".u64", ".b64", ".s64"));
    assert_eq!(all::<u64>(), t(".u64", ".b64", ".u64"));
    assert_eq!(all::<f32>(), t(".f32", ".b32", ".f32"));
    assert_eq!(all::<f64>(), t(".f64", ".b64", ".f64"));
    assert_eq!(all::<DevicePtr<u8>>(), t(".u64", ".b64", ".u64"));
    assert_eq!(all::<ptx_abi::types::TexRef>(), t(".b64", ".b64", ".b64"));
}

#[test]
fn pointers_at_address_size_32() {
    let d =
        |space, spelling| param_decl_with::<DevicePtr<u8>>("p", space, spelling, AddressSize::A32);
    assert_eq!(d(ParamSpace::Entry, Spelling::Nvcc), ".param .u32 p");
    assert_eq!(d(ParamSpace::Func, Spelling::Nvcc), ".param .b32 p");
    assert_eq!(d(ParamSpace::Func, Spelling::Guide), ".param .u32 p");
}

#[test]
fn aggregates_vectors_and_unions_are_byte_arrays() {
    assert_eq!(
        param_decl::<S>("k_param_0", ParamSpace::Entry),
        ".param .align 8 .b8 k_param_0[16]"
    );
    assert_eq!(
        param_decl::<A32>("x", ParamSpace::Func),
        ".param .align 32 .b8 x[32]"
    );
    assert_eq!(
        param_decl::<Float4>("v", ParamSpace::Entry),
        ".param .align 16 .b8 v[16]"
    );
    assert_eq!(
        param_decl::<[u8; 3]>("a", ParamSpace::Func),
        ".param .align 1 .b8 a[3]"
    );
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(union)]
    enum U {
        A(i16),
        #[ptx(bits = 3)]
        B(u8),
    }
    assert_eq!(
        param_decl::<U>("u", ParamSpace::Entry),
        ".param .align 2 .b8 u[2]"
    );
    assert_eq!(U::B(3).to_ptx_bytes().unwrap(), [3, 0]);
}

#[cfg(feature = "half")]
#[test]
fn f16_travels_as_a_two_byte_aggregate() {
    // §2.3 note C; NVRTC declares `struct __align__(2) { unsigned short x; }` the same way.
    for space in [ParamSpace::Entry, ParamSpace::Func] {
        assert_eq!(
            param_decl::<ptx_abi::half::f16>("h", space),
            ".param .align 2 .b8 h[2]"
        );
    }
}

#[test]
fn declarations_are_available_at_compile_time() {
    const DECL: ptx_abi::layout::ConstMsg<64> = ptx_abi::params::text::write_param_decl(
        <S as PtxAbi>::TYPE,
        "k_param_0",
        ParamSpace::Entry,
        Spelling::Nvcc,
        AddressSize::A64,
    );
    assert_eq!(DECL.as_str(), ".param .align 8 .b8 k_param_0[16]");
}

#[test]
fn checker_accepts_nvrtc_signature_and_names_a_wrong_parameter() {
    let ptx =
        format!(".version 8.8\n.target sm_90\n.address_size 64\n\n{NVRTC_F}\n{{\n\tret;\n}}\n");
    check_signature(&ptx, "f", FArgs::TYPE, ParamSpace::Func).unwrap();

    // A host struct that drifted: `l` became an i32.
    #[derive(PtxAbi, Clone, Copy)]
    struct Drifted {
        b: bool,
        a: i8,
        s: i16,
        i: i32,
        l: i32,
        f: f32,
        d: f64,
        p: DevicePtr<i32>,
        s2: S,
    }
    let err = check_signature(&ptx, "f", Drifted::TYPE, ParamSpace::Func).unwrap_err();
    assert_eq!(
        err.to_string(),
        "parameter 4 of `f` (field `l` of `Drifted`, an `i32`, C `int`): the PTX declares \
         `.param .b64 f_param_4`, the Rust field needs `.param .b32 f_param_4` (the PTX's is 8 \
         bytes of untyped bits; the field is an `int`)"
    );
    let err = check_signature(&ptx, "f", OneInt::TYPE, ParamSpace::Func).unwrap_err();
    assert!(
        matches!(
            err,
            SignatureError::Count {
                ptx: 9,
                rust: 1,
                ..
            }
        ),
        "{err}"
    );
    let err = check_signature(&ptx, "g", OneInt::TYPE, ParamSpace::Func).unwrap_err();
    assert!(matches!(err, SignatureError::NotFound { .. }));
}

#[test]
fn zero_sized_members_have_no_parameter() {
    #[derive(PtxAbi, Clone, Copy)]
    struct Nothing {
        _p: std::marker::PhantomData<u8>,
        x: u8,
    }
    let s = signature_text(
        Nothing::TYPE,
        "k",
        SignatureKind::Entry,
        Spelling::Nvcc,
        AddressSize::A64,
    );
    assert_eq!(s, ".visible .entry k(\n\t.param .u8 k_param_0\n)");
}

// extern "C" __global__ void k(bool b, signed char a, short s, int i, long long l, float f,
//     double d, int* p, S s2, A32 big, unsigned char u8, unsigned short u16);
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "k")]
struct KArgs {
    b: bool,
    a: i8,
    s: i16,
    i: i32,
    l: i64,
    f: f32,
    d: f64,
    p: DevicePtr<i32>,
    s2: S,
    big: A32,
    u8_: u8,
    u16_: u16,
}

/// NVRTC 12.9.86, compute_90.
const NVRTC_K: &str = ".visible .entry k(
\t.param .u8 k_param_0,
\t.param .u8 k_param_1,
\t.param .u16 k_param_2,
\t.param .u32 k_param_3,
\t.param .u64 k_param_4,
\t.param .f32 k_param_5,
\t.param .f64 k_param_6,
\t.param .u64 k_param_7,
\t.param .align 8 .b8 k_param_8[16],
\t.param .align 32 .b8 k_param_9[32],
\t.param .u8 k_param_10,
\t.param .u16 k_param_11
)";

fn kargs() -> KArgs {
    KArgs {
        b: true,
        a: -1,
        s: 2,
        i: 3,
        l: 4,
        f: 5.0,
        d: 6.0,
        p: DevicePtr::from_raw(0x1234),
        s2: S { d: 7.0, c: 8 },
        big: A32 { d: 9.0 },
        u8_: 10,
        u16_: 11,
    }
}

#[test]
fn kernel_entry_signature_equals_nvrtc() {
    assert_eq!(ptx_abi::entry_signature::<KArgs>(), NVRTC_K);
    let ptx =
        format!(".version 8.8\n.target sm_90\n.address_size 64\n\n{NVRTC_K}\n{{\n\tret;\n}}\n");
    ptx_abi::check_entry::<KArgs>(&ptx).unwrap();
}

/// The parameter space counted from 0: parameter i at the first offset after parameter i-1
/// aligned to its own alignment (a scalar's is its size, a byte array's is declared), as the
/// `kernelParams` images are laid out. Computed here from NVRTC's declarations, independently
/// of the layout engine. (The driver's `extra` offsets differ from these after a parameter
/// aligned above 16 bytes: tests/params_ptxas/launch_arch.rs.)
fn offsets_from_ptx(signature: &str) -> (Vec<usize>, usize) {
    let mut offsets = Vec::new();
    let mut end = 0usize;
    for line in signature
        .lines()
        .filter(|l| l.trim_start().starts_with(".param"))
    {
        let words: Vec<&str> = line
            .trim()
            .trim_end_matches(',')
            .split_whitespace()
            .collect();
        let (align, size) = if words[1] == ".align" {
            let size: usize = words[4]
                .split('[')
                .nth(1)
                .unwrap()
                .trim_end_matches(']')
                .parse()
                .unwrap();
            (words[2].parse::<usize>().unwrap(), size)
        } else {
            let bits: usize = words[1][2..].parse().unwrap();
            (bits / 8, bits / 8)
        };
        let offset = end.div_ceil(align) * align;
        offsets.push(offset);
        end = offset + size;
    }
    (offsets, end)
}

/// `launch.kernel_params().as_mut_ptr()` and `buffer.extra().as_mut_ptr()` in one expression,
/// as a raw `cuLaunchKernel` call is written: the arrays they point at live in the launch and
/// the buffer, not in the temporaries, so the driver reads them after the statement. (The
/// GPU suite's first run on a GPU failed every `kernelParams` launch with
/// `CUDA_ERROR_INVALID_VALUE`: the array had lived in the temporary, freed stack by the
/// time the driver read it.)
#[test]
fn launch_pointer_arrays_outlive_the_statement_that_takes_them() {
    use ptx_abi::KernelLaunch;
    let mut launch = KernelLaunch::new(&kargs()).unwrap();
    let params = launch.kernel_params().as_mut_ptr();
    let (extra, extra_words) = {
        let mut buffer = launch.param_buffer(ptx_abi::params::Arch::SM_90).unwrap();
        let extra = buffer.extra().as_mut_ptr();
        let inside = |p: *mut *mut core::ffi::c_void| {
            let start = &buffer as *const _ as usize;
            (start..start + core::mem::size_of_val(&buffer)).contains(&(p as usize))
        };
        assert!(inside(extra), "extra()'s words live in the ParamBuffer");
        // SAFETY: `extra` points at the five words inside `buffer`, alive in this block.
        let words = unsafe { core::slice::from_raw_parts(extra, 5) }.to_vec();
        (extra as usize, words)
    };
    assert_ne!(extra, 0);
    assert_eq!(extra_words[0] as usize, 1, "CU_LAUNCH_PARAM_BUFFER_POINTER");
    assert_eq!(extra_words[2] as usize, 2, "CU_LAUNCH_PARAM_BUFFER_SIZE");
    assert!(extra_words[4].is_null(), "CU_LAUNCH_PARAM_END");
    let start = &launch as *const _ as usize;
    let end = start + core::mem::size_of_val(&launch);
    assert!(
        (start..end).contains(&(params as usize)),
        "kernel_params()'s array lives in the KernelLaunch"
    );
    let base = launch.buffer().as_ptr() as usize;
    let (offsets, _) = offsets_from_ptx(NVRTC_K);
    // SAFETY: `params` points at one pointer per parameter inside `launch`, which is alive
    // and has not been moved or borrowed since `kernel_params()`.
    let pointers = unsafe { core::slice::from_raw_parts(params, offsets.len()) };
    let got: Vec<usize> = pointers.iter().map(|p| *p as usize - base).collect();
    assert_eq!(got, offsets);
}

#[test]
fn launch_buffer_offsets_and_size_equal_the_parameter_space() {
    use ptx_abi::{KernelLaunch, KernelParams};
    let (offsets, end) = offsets_from_ptx(NVRTC_K);
    assert_eq!(KArgs::BUFFER_SIZE, end, "no tail padding");
    assert_eq!(end, 100);
    assert_eq!(
        KArgs::SIZE,
        128,
        "the struct itself has 28 bytes of tail padding"
    );
    let mut launch = KernelLaunch::new(&kargs()).unwrap();
    assert_eq!(launch.buffer().len(), 100);
    assert_eq!(launch.buffer_size(), 100);
    let base = launch.buffer().as_ptr() as usize;
    assert_eq!(
        base % 32,
        0,
        "the buffer is aligned for the 32-byte-aligned parameter"
    );
    let ptrs: Vec<usize> = launch
        .kernel_params()
        .as_slice()
        .iter()
        .map(|p| *p as usize - base)
        .collect();
    assert_eq!(ptrs, offsets);
    // Each pointer holds that argument's image.
    let buf = launch.buffer().to_vec();
    assert_eq!(&buf[64..72], &9.0f64.to_le_bytes(), "`big` at offset 64");
    assert_eq!(&buf[32..40], &0x1234u64.to_le_bytes());
    assert_eq!(buf[96], 10);
    // `big` is aligned to 32: where the driver reads it from an `extra` buffer depends on the
    // architecture (tests/params_ptxas/launch_arch.rs), so `extra()` refuses rather than hand out a buffer
    // the kernel misreads, and names the parameter.
    let e = launch
        .extra()
        .err()
        .expect("an over-aligned parameter is refused");
    assert_eq!(
        e,
        ptx_abi::LaunchError::OverAligned {
            kernel: "k",
            field: "big",
            index: 9,
            align: 32
        }
    );
    let msg = e.to_string();
    assert!(
        msg.contains("field `big`") && msg.contains("kernelParams"),
        "{msg}"
    );
}

#[test]
fn extra_words_point_at_the_buffer_and_its_size() {
    use ptx_abi::KernelLaunch;
    // The same parameters without the 32-aligned one: every offset is the same on every
    // architecture, and `extra()` hands out the image.
    let args = Step16 {
        p: DevicePtr::from_raw(0x1234),
        c: 7,
        s2: S { d: 7.0, c: 8 },
        u16_: 11,
    };
    let mut launch = KernelLaunch::new(&args).unwrap();
    let base = launch.buffer().as_ptr() as usize;
    assert_eq!(launch.buffer_size(), 34);
    let mut extra = launch.extra().unwrap();
    let words = *extra.as_slice();
    assert_eq!(words[0] as usize, 1, "CU_LAUNCH_PARAM_BUFFER_POINTER");
    assert_eq!(words[1] as usize, base);
    assert_eq!(words[2] as usize, 2, "CU_LAUNCH_PARAM_BUFFER_SIZE");
    // SAFETY: words[3] points at the launch's `size` field, alive while `extra` borrows it.
    assert_eq!(unsafe { *(words[3] as *const usize) }, 34);
    assert!(words[4].is_null(), "CU_LAUNCH_PARAM_END");
    assert!(!extra.as_mut_ptr().is_null());
}

/// `(int* p, char c, S s2, unsigned short u16_)`: offsets 0, 8, 16, 32; ends at 34.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "step16")]
struct Step16 {
    p: DevicePtr<i32>,
    c: i8,
    s2: S,
    u16_: u16,
}

/// `extern "C" __global__ void init() {}`: NVRTC 12.9.86, compute_90, -rdc=true.
const NVRTC_INIT: &str = ".visible .entry init()";

/// `__global__ void init() {}` (C++): NVRTC 12.9.86, compute_90, -rdc=true.
const NVRTC_INIT_CXX: &str = ".visible .entry _Z4initv()";

/// The arguments of a kernel with no parameters, in the three spellings of an empty struct.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(kernel = "init")]
struct InitArgs;

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(kernel = "init")]
struct InitBraced {}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(kernel = "init")]
struct InitTuple();

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(kernel = "init", abi = "c++")]
struct InitCxx;

fn module(signature: &str) -> String {
    format!(".version 8.8\n.target sm_90\n.address_size 64\n\n{signature}\n{{\n\tret;\n}}\n")
}

fn zero_parameters<A: ptx_abi::KernelParams + Copy>(args: A, nvrtc: &str) {
    use ptx_abi::codec::PtxImage;
    use ptx_abi::params::Arch;
    use ptx_abi::KernelLaunch;
    let name = std::any::type_name::<A>();
    assert_eq!(ptx_abi::entry_signature::<A>(), nvrtc, "{name}");
    ptx_abi::check_entry::<A>(&module(nvrtc)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!((A::BUFFER_SIZE, A::PARAM_OFFSETS.len()), (0, 0), "{name}");
    assert_eq!((A::SIZE, A::ALIGN), (0, 1), "{name}");
    let mut launch = KernelLaunch::new(&args).unwrap();
    assert!(launch.buffer().is_empty(), "{name}");
    assert_eq!(launch.buffer_size(), 0);
    assert!(launch.kernel_params().as_slice().is_empty(), "{name}");
    let extra = launch.extra().unwrap();
    // SAFETY: words[3] points at the launch's `size`, alive while `extra` borrows it.
    assert_eq!(unsafe { *(extra.as_slice()[3] as *const usize) }, 0);
    assert_eq!(launch.param_buffer(Arch::SM_90).unwrap().size(), 0);
    assert_eq!(launch.param_buffer(Arch::sm(1)).unwrap().size(), 0);
    assert_eq!(
        launch.param_buffer_at(&[]).unwrap().as_bytes(),
        &[] as &[u8]
    );
    assert!(launch.param_buffer_at(&[0]).is_err());
    // An image of no bytes decodes back.
    let image = launch.image();
    assert_eq!(A::decode(image.as_bytes()).map(|_| ()), Ok(()));
}

#[test]
fn a_kernel_without_parameters_is_described_checked_and_launched() {
    use ptx_abi::KernelParams;
    zero_parameters(InitArgs, NVRTC_INIT);
    zero_parameters(InitBraced {}, NVRTC_INIT);
    zero_parameters(InitTuple(), NVRTC_INIT);
    assert_eq!(InitCxx::KERNEL, "_Z4initv");
    zero_parameters(InitCxx, NVRTC_INIT_CXX);
    // A kernel that takes parameters is not one that takes none, and the other way round.
    let e = ptx_abi::check_entry::<InitArgs>(&module(NVRTC_K)).unwrap_err();
    assert!(matches!(e, SignatureError::NotFound { .. }), "{e}");
    let ptx = module(&NVRTC_K.replacen("entry k(", "entry init(", 1));
    let e = ptx_abi::check_entry::<InitArgs>(&ptx).unwrap_err();
    assert!(
        matches!(
            e,
            SignatureError::Count {
                ptx: 12,
                rust: 0,
                ..
            }
        ),
        "{e}"
    );
    let e = ptx_abi::check_entry::<KArgs>(&module(&NVRTC_INIT.replacen("init", "k", 1)));
    assert!(
        matches!(
            e,
            Err(SignatureError::Count {
                ptx: 0,
                rust: 12,
                ..
            })
        ),
        "{e:?}"
    );
}

#[test]
fn an_empty_kernel_struct_is_still_no_data_type() {
    // As a type (a header, a report, a member), an empty struct has no portable layout: the
    // engine refuses it, as it does every other empty aggregate.
    let e = ptx_abi::layout::try_layout_of(InitArgs::TYPE, AddressSize::A64).unwrap_err();
    assert_eq!(e, ptx_abi::LayoutError::Empty { ty: "InitArgs" });
    assert!(e.to_string().contains("has no data member"), "{e}");
}

#[test]
fn a_device_function_is_not_a_kernel() {
    // `extern "C" __device__ void k(unsigned n) {}`: NVRTC 12.9.86, compute_90, -rdc=true.
    const NVRTC_FUNC_K: &str = ".visible .func k(\n\t.param .b32 k_param_0\n)";
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct NArgs {
        n: u32,
    }
    let ptx = module(NVRTC_FUNC_K);
    let e = ptx_abi::check_entry::<NArgs>(&ptx).unwrap_err();
    assert!(
        matches!(
            &e,
            SignatureError::Kind {
                found: ptx_abi::params::read::FnKind::Func,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("`k` is a `.func` (a device function) in the PTX, not a kernel"),
        "{e}"
    );
    let e = ptx_abi::check_entry_named::<NArgs>(&ptx, "k").unwrap_err();
    assert!(matches!(e, SignatureError::Kind { .. }), "{e}");
    // As a device function it matches; a kernel checked as a device function does not.
    check_signature(&ptx, "k", NArgs::TYPE, ParamSpace::Func).unwrap();
    let e = check_signature(&module(NVRTC_K), "k", KArgs::TYPE, ParamSpace::Func).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("`k` is a `.entry` (a kernel) in the PTX, not a device function"),
        "{e}"
    );
}

#[test]
fn a_mismatch_names_the_field_type_with_its_article() {
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct Arr {
        a: [f32; 3],
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct U32 {
        a: u32,
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "k")]
    struct F64 {
        a: f64,
    }
    let ptx = module(".visible .entry k(\n\t.param .u16 k_param_0\n)");
    let msg = |e: Result<(), SignatureError>| e.unwrap_err().to_string();
    let m = msg(ptx_abi::check_entry::<Arr>(&ptx));
    assert!(
        m.contains("(field `a` of `Arr`, an `array`, C `float[3]`)"),
        "{m}"
    );
    let m = msg(ptx_abi::check_entry::<U32>(&ptx));
    assert!(
        m.contains("(field `a` of `U32`, a `u32`, C `unsigned int`)"),
        "{m}"
    );
    let m = msg(ptx_abi::check_entry::<F64>(&ptx));
    assert!(
        m.contains("(field `a` of `F64`, an `f64`, C `double`)"),
        "{m}"
    );
}

#[test]
fn launch_offsets_and_capabilities_never_overflow() {
    use ptx_abi::params::driver_param_offset;
    use ptx_abi::params::Arch;
    use ptx_abi::{KernelLaunch, LaunchError};
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "three")]
    struct Three {
        a: u64,
        b: u64,
        c: u64,
    }
    let launch = KernelLaunch::new(&Three { a: 1, b: 2, c: 3 }).unwrap();
    for offsets in [
        [0, 8, usize::MAX - 1],
        [0, 8, usize::MAX],
        [0, usize::MAX - 7, usize::MAX],
    ] {
        let e = launch.param_buffer_at(&offsets).err().expect("refused");
        assert!(
            matches!(
                e,
                LaunchError::TooLarge {
                    kernel: "three",
                    ..
                }
            ),
            "{offsets:?}: {e}"
        );
        assert!(e.to_string().contains("parameter buffer"), "{e}");
    }
    let e = launch
        .param_buffer_at(&[0, 8, usize::MAX - 1])
        .err()
        .unwrap();
    assert_eq!(
        e,
        LaunchError::TooLarge {
            kernel: "three",
            size: usize::MAX,
            capacity: ptx_abi::params::ParamBuffer::CAPACITY
        }
    );
    assert!(e.to_string().contains("past the largest `usize`"), "{e}");
    assert_eq!(launch.param_buffer_at(&[0, 8, 16]).unwrap().size(), 24);

    // A capability with no `sm_` number is no known architecture, never a wrapped one.
    assert_eq!(Arch::from_compute_capability(9, 0), Arch::SM_90);
    assert_eq!(Arch::from_compute_capability(12, 0), Arch::SM_120);
    for (major, minor) in [
        (u32::MAX, 9),
        (u32::MAX / 10, 9),
        (u32::MAX, u32::MAX),
        (9, 10),
    ] {
        let arch = Arch::from_compute_capability(major, minor);
        assert_eq!(arch, Arch::UNKNOWN, "{major}.{minor}");
        assert_eq!(arch.param_base(), None);
    }
    assert_eq!(driver_param_offset(usize::MAX, 1, 16), usize::MAX);
    assert_eq!(
        driver_param_offset(0x210, usize::MAX - 0x210, 64),
        usize::MAX
    );
    assert_eq!(driver_param_offset(0x210, 8, 64), 48);
}

// ---- Type classes, as every producer writes them ------------------------------------------

// struct S { signed char c; int i; double d; };  struct __align__(16) A16 { float x; };
// extern "C" __global__ void kall(float* p, const double* __restrict__ q, unsigned long long u,
//     long long s, float f, double d, bool b, signed char sc, unsigned char uc, short sh,
//     unsigned short ush, int i, unsigned ui, S s2, float4 v, A16 a, S* sp, void* vp);
//
// rustc's kernel takes the same: `*mut f32`, `*const f64`, `u64`, `i64`, `f32`, `f64`, `bool`,
// `i8`, `u8`, `i16`, `u16`, `i32`, `u32`, `#[repr(C)] S`, `#[repr(C, align(16))]` structs for
// `float4` and `A16`, `&S` and `*mut V` (an enum).
#[derive(PtxAbi, Clone, Copy)]
struct KS {
    c: i8,
    i: i32,
    d: f64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 16)]
struct KA16 {
    x: f32,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "kall")]
struct KAll {
    p: DevicePtr<f32>,
    q: ptx_abi::DeviceConstPtr<f64>,
    u: u64,
    s: i64,
    f: f32,
    d: f64,
    b: bool,
    sc: i8,
    uc: u8,
    sh: i16,
    ush: u16,
    i: i32,
    ui: u32,
    s2: KS,
    v: Float4,
    a: KA16,
    sp: DevicePtr<KS>,
    vp: DevicePtr<core::ffi::c_void>,
}

/// The `.entry` of `kall` as each producer wrote it, between `(` and `)`: NVRTC 12.9.86
/// (`-rdc=true -std=c++20`) for compute_90 and compute_100, clang 22 (zig 0.17.1, `-O2
/// --cuda-gpu-arch=sm_70`, `float4` declared as `struct __align__(16) { float x, y, z, w; }`)
/// for a 64-bit and a 32-bit host, and rustc 1.97.0-nightly (`--target nvptx64-nvidia-cuda
/// --emit asm -O`, a `#![no_core]` crate).
const KALL: [(&str, u32, &str); 5] = [
    ("NVRTC compute_90", 64, ".u64;.u64;-"),
    (
        "NVRTC compute_100",
        64,
        ".u64 .ptr .align 1;.u64 .ptr .align 1;-",
    ),
    (
        "clang x86_64",
        64,
        ".u64 .ptr .align 1;.u64 .ptr .align 1;-",
    ),
    ("clang i386", 32, ".u32 .ptr .align 1;.u32 .ptr .align 1;-"),
    (
        "rustc",
        64,
        ".u64 .ptr .align 1;.u64 .ptr .align 8;.u64 .ptr .align 1",
    ),
];

/// `kall`'s module as `KALL[i]` describes it: the pointers of parameters 0 and 1 (which every
/// producer spells the same way), 16 and 17 (`-`: as parameter 0), the rest as all five wrote
/// them.
fn kall_module(i: usize) -> String {
    let (_, bits, ptrs) = KALL[i];
    let ptrs: Vec<&str> = ptrs.split(';').collect();
    let p0 = ptrs[0];
    let p16 = ptrs[1];
    let p17 = if ptrs[2] == "-" { p0 } else { ptrs[2] };
    let middle = [
        ".u64",
        ".u64",
        ".f32",
        ".f64",
        ".u8",
        ".u8",
        ".u8",
        ".u16",
        ".u16",
        ".u32",
        ".u32",
        ".align 8 .b8",
        ".align 16 .b8",
        ".align 16 .b8",
    ];
    let mut params = vec![format!("\t.param {p0} kall_param_0")];
    params.push(format!("\t.param {p0} kall_param_1"));
    for (k, ty) in middle.iter().enumerate() {
        let n = k + 2;
        let dims = if ty.contains(".b8") { "[16]" } else { "" };
        params.push(format!("\t.param {ty} kall_param_{n}{dims}"));
    }
    params.push(format!("\t.param {p16} kall_param_16"));
    params.push(format!("\t.param {p17} kall_param_17"));
    format!(
        ".version 8.8\n.target sm_90\n.address_size {bits}\n\n.visible .entry kall(\n{}\n)\n{{\n\tret;\n}}\n",
        params.join(",\n")
    )
}

#[test]
fn every_producers_spelling_of_the_right_struct_is_accepted() {
    // The modules are the recorded text: NVRTC compute_100's first lines, rustc's `&S`.
    assert!(kall_module(1).contains(
        ".param .u64 .ptr .align 1 kall_param_1,\n\t.param .u64 kall_param_2,\n\t.param .u64 \
         kall_param_3,\n\t.param .f32 kall_param_4"
    ));
    assert!(kall_module(4).contains(".param .u64 .ptr .align 8 kall_param_16,"));
    for (i, (producer, ..)) in KALL.iter().enumerate() {
        ptx_abi::check_entry::<KAll>(&kall_module(i)).unwrap_or_else(|e| panic!("{producer}: {e}"));
    }
}

/// The parameter `check_entry` names for `A` against producer `i`'s `kall`: its index and
/// field; `None` when it accepts `A`.
fn first_drift<A: ptx_abi::KernelParams>(i: usize) -> Option<(usize, &'static str)> {
    match ptx_abi::check_entry::<A>(&kall_module(i)) {
        Ok(()) => None,
        Err(SignatureError::Param(m)) => Some((m.index, m.field)),
        Err(e) => panic!("{}: {e}", KALL[i].0),
    }
}

#[test]
fn type_swaps_are_refused_in_every_producers_spelling() {
    // `f: f32` and `i: i32` swapped, `u: u64` and `d: f64` swapped: refused everywhere.
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "kall")]
    #[rustfmt::skip]
    struct IntFloat {
        p: DevicePtr<f32>, q: DevicePtr<f64>, u: u64, s: i64, i: i32, d: f64, b: bool, sc: i8,
        uc: u8, sh: i16, ush: u16, f: f32, ui: u32, s2: KS, v: Float4, a: KA16,
        sp: DevicePtr<KS>, vp: DevicePtr<u8>,
    }
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "kall")]
    #[rustfmt::skip]
    struct WordDouble {
        p: DevicePtr<f32>, q: DevicePtr<f64>, d: f64, s: i64, f: f32, u: u64, b: bool, sc: i8,
        uc: u8, sh: i16, ush: u16, i: i32, ui: u32, s2: KS, v: Float4, a: KA16,
        sp: DevicePtr<KS>, vp: DevicePtr<u8>,
    }
    // A pointer and a `u64` swapped: refused where the PTX says `.ptr`; NVRTC's compute_90
    // text cannot tell them apart.
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "kall")]
    #[rustfmt::skip]
    struct PtrWord {
        u: u64, q: DevicePtr<f64>, p: DevicePtr<f32>, s: i64, f: f32, d: f64, b: bool, sc: i8,
        uc: u8, sh: i16, ush: u16, i: i32, ui: u32, s2: KS, v: Float4, a: KA16,
        sp: DevicePtr<KS>, vp: DevicePtr<u8>,
    }
    // `S*` as a byte pointer: refused where the PTX promises `S`'s alignment (rustc's `&S`).
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "kall")]
    #[rustfmt::skip]
    struct BytePtr {
        p: DevicePtr<f32>, q: DevicePtr<f64>, u: u64, s: i64, f: f32, d: f64, b: bool, sc: i8,
        uc: u8, sh: i16, ush: u16, i: i32, ui: u32, s2: KS, v: Float4, a: KA16,
        sp: DevicePtr<u8>, vp: DevicePtr<u8>,
    }
    // `float4` and `A16` swapped: same size and alignment, so an aggregate's members are not
    // checked (what the check cannot see).
    #[derive(PtxAbi, Clone, Copy)]
    #[ptx(kernel = "kall")]
    #[rustfmt::skip]
    struct Aggregates {
        p: DevicePtr<f32>, q: DevicePtr<f64>, u: u64, s: i64, f: f32, d: f64, b: bool, sc: i8,
        uc: u8, sh: i16, ush: u16, i: i32, ui: u32, s2: KS, a: KA16, v: Float4,
        sp: DevicePtr<KS>, vp: DevicePtr<u8>,
    }
    for (i, &(producer, ..)) in KALL.iter().enumerate() {
        assert_eq!(first_drift::<IntFloat>(i), Some((4, "i")), "{producer}");
        assert_eq!(first_drift::<WordDouble>(i), Some((2, "d")), "{producer}");
        let ptr_word = if producer == "NVRTC compute_90" {
            None
        } else {
            Some((0, "u"))
        };
        assert_eq!(first_drift::<PtrWord>(i), ptr_word, "{producer}");
        let byte_ptr = if producer == "rustc" {
            Some((16, "sp"))
        } else {
            None
        };
        assert_eq!(first_drift::<BytePtr>(i), byte_ptr, "{producer}");
        assert_eq!(first_drift::<Aggregates>(i), None, "{producer}");
    }
}

/// The `check_entry` fuzz target's type-class property (`fuzz/src/check_model.rs`: a model of
/// the rule written independently of ptx-abi), on its seeds and 20,000 random inputs, in every
/// `cargo test`.
#[path = "../fuzz/src/check_model.rs"]
#[allow(dead_code)]
mod check_model;

#[test]
fn check_signature_agrees_with_the_fuzz_targets_model() {
    for (name, bytes) in check_model::seeds() {
        let r = std::panic::catch_unwind(|| check_model::check(&bytes));
        assert!(r.is_ok(), "seed {name}");
    }
    // splitmix64, seeded so that a failure replays.
    let mut state = 0x2900_0001_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for _ in 0..20_000 {
        let bytes: Vec<u8> = next()
            .to_le_bytes()
            .into_iter()
            .chain(next().to_le_bytes())
            .collect();
        check_model::check(&bytes);
    }
}
