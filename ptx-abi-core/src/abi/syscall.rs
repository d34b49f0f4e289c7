//! Chapter 3: system calls — the PTX prototypes of `vprintf`, `malloc`, `free` and
//! `__assertfail` at both address sizes, and the argument buffer (`valist`) of a `vprintf`
//! call.
//!
//! A PTX module that calls a system call declares it with the prototype and calls it like any
//! function; ptxas supplies the body. The prototypes come in two spellings of the same ABI:
//! the guide's (named parameters, `.s32 status`) and nvcc's (`.b32 func_retval0`,
//! `vprintf_param_0`, …, exactly as NVRTC and clang emit them).
//!
//! ```
//! use ptx_abi_core::abi::syscall::{valist_size, write_valist, PrintfArg, SysCall, VPRINTF_A64};
//! use ptx_abi_core::layout::AddressSize;
//!
//! assert_eq!(SysCall::Vprintf.prototype(AddressSize::A64), VPRINTF_A64);
//!
//! // printf("%hd %f %s", (short)-2, 1.5f, s) with `s` at generic address 0x7000_0000_0010:
//! let args = [PrintfArg::I16(-2), PrintfArg::F32(1.5), PrintfArg::Ptr(0x7000_0000_0010)];
//! let mut buf = [0u8; 24];
//! assert_eq!(valist_size(&args, AddressSize::A64), 24);
//! write_valist(&args, AddressSize::A64, &mut buf).unwrap();
//! assert_eq!(buf[..4], (-2i32).to_le_bytes()); // promoted to int
//! assert_eq!(buf[8..16], 1.5f64.to_le_bytes()); // promoted to double, at offset 8
//! assert_eq!(buf[16..], 0x7000_0000_0010u64.to_le_bytes());
//! ```

use crate::layout::address::AddressSize;
use crate::layout::const_msg::ConstMsg;
use crate::params::text::{write_extern_prototype, ProtoStyle};
use crate::params::{ParamType, Spelling, RETVAL};
use core::fmt;

/// Chapter 3: the four system calls a PTX module may declare and call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SysCall {
    /// `vprintf(format, valist)`, behind `printf` (stdio.h).
    Vprintf,
    /// `malloc(size)` (malloc.h).
    Malloc,
    /// `free(ptr)` (malloc.h).
    Free,
    /// `__assertfail(message, file, line, function, charSize)`, behind `assert` (assert.h).
    AssertFail,
}

/// A parameter or return value of a system call as chapter 3 names and types it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SysParam {
    /// The guide's name: `status`, `format`, `valist`, `ptr`, `size`, `message`, ….
    pub name: &'static str,
    /// The guide's PTX type: `.b32`/`.b64` for addresses and `size_t`, `.s32` for `status`,
    /// `.b32` for `line`.
    pub ty: &'static str,
}

const fn p(name: &'static str, ty: &'static str) -> SysParam {
    SysParam { name, ty }
}

/// Chapter 3, `vprintf` at `.address_size 32`, in the guide's spelling.
pub const VPRINTF_A32: &str = SysCall::Vprintf.prototype(AddressSize::A32);
/// Chapter 3, `vprintf` at `.address_size 64`, in the guide's spelling.
pub const VPRINTF_A64: &str = SysCall::Vprintf.prototype(AddressSize::A64);
/// Chapter 3, `malloc` at `.address_size 32` (32-bit `size_t`), in the guide's spelling.
pub const MALLOC_A32: &str = SysCall::Malloc.prototype(AddressSize::A32);
/// Chapter 3, `malloc` at `.address_size 64` (64-bit `size_t`), in the guide's spelling.
pub const MALLOC_A64: &str = SysCall::Malloc.prototype(AddressSize::A64);
/// Chapter 3, `free` at `.address_size 32`, in the guide's spelling.
pub const FREE_A32: &str = SysCall::Free.prototype(AddressSize::A32);
/// Chapter 3, `free` at `.address_size 64`, in the guide's spelling.
pub const FREE_A64: &str = SysCall::Free.prototype(AddressSize::A64);
/// Chapter 3, `__assertfail` at `.address_size 32` (32-bit `size_t`), in the guide's spelling.
pub const ASSERTFAIL_A32: &str = SysCall::AssertFail.prototype(AddressSize::A32);
/// Chapter 3, `__assertfail` at `.address_size 64` (64-bit `size_t`), in the guide's spelling.
pub const ASSERTFAIL_A64: &str = SysCall::AssertFail.prototype(AddressSize::A64);

/// The capacity of a rendered prototype (the longest, nvcc's `__assertfail`, has 214 bytes).
const PROTOTYPE_CAPACITY: usize = 320;

/// Every prototype, rendered once at compile time by the one `.param` renderer
/// ([`crate::params::text`]): indexed by spelling, call and address size.
static PROTOTYPES: [[[ConstMsg<PROTOTYPE_CAPACITY>; 2]; 4]; 2] = {
    let mut out = [[[ConstMsg::new(); 2]; 4]; 2];
    let spellings = [Spelling::Guide, Spelling::Nvcc];
    let addrs = [AddressSize::A32, AddressSize::A64];
    let mut s = 0;
    while s < 2 {
        let mut c = 0;
        while c < 4 {
            let mut a = 0;
            while a < 2 {
                out[s][c][a] = render(SysCall::ALL[c], addrs[a], spellings[s]);
                a += 1;
            }
            c += 1;
        }
        s += 1;
    }
    out
};

/// nvcc spells every 32-bit `.func` scalar `.b32` (the guide's `status` is `.s32`).
const fn nvcc_type(ty: &'static str) -> &'static str {
    match ty.as_bytes() {
        b".s32" => ".b32",
        _ => ty,
    }
}

/// One prototype: the guide's names and types, or nvcc's `func_retval0` and
/// `<name>_param_<i>` with `.b32`/`.b64`.
const fn render(
    call: SysCall,
    addr: AddressSize,
    spelling: Spelling,
) -> ConstMsg<PROTOTYPE_CAPACITY> {
    let params = call.params(addr);
    let mut names = [ConstMsg::<32>::new(); 5];
    let mut i = 0;
    while i < params.len() {
        names[i] = match spelling {
            Spelling::Guide => ConstMsg::new().str(params[i].name),
            Spelling::Nvcc => ConstMsg::new()
                .str(call.name())
                .str("_param_")
                .num(i as u128),
        };
        i += 1;
    }
    let mut decls = [(ParamType::Absent, ""); 5];
    i = 0;
    while i < params.len() {
        let ty = match spelling {
            Spelling::Guide => params[i].ty,
            Spelling::Nvcc => nvcc_type(params[i].ty),
        };
        decls[i] = (ParamType::Scalar(ty), names[i].as_str());
        i += 1;
    }
    let (decls, _) = decls.split_at(params.len());
    let ret = match call.ret(addr) {
        Some(r) => Some(match spelling {
            Spelling::Guide => (ParamType::Scalar(r.ty), r.name),
            Spelling::Nvcc => (ParamType::Scalar(nvcc_type(r.ty)), RETVAL),
        }),
        None => None,
    };
    let style = match spelling {
        Spelling::Guide => ProtoStyle::Guide,
        Spelling::Nvcc => ProtoStyle::NvccExtern,
    };
    write_extern_prototype(ConstMsg::new(), style, ret, call.name(), decls)
}

const VPRINTF_PARAMS_A32: [SysParam; 2] = [p("format", ".b32"), p("valist", ".b32")];
const VPRINTF_PARAMS_A64: [SysParam; 2] = [p("format", ".b64"), p("valist", ".b64")];
const MALLOC_PARAMS_A32: [SysParam; 1] = [p("size", ".b32")];
const MALLOC_PARAMS_A64: [SysParam; 1] = [p("size", ".b64")];
const FREE_PARAMS_A32: [SysParam; 1] = [p("ptr", ".b32")];
const FREE_PARAMS_A64: [SysParam; 1] = [p("ptr", ".b64")];
const ASSERTFAIL_PARAMS_A32: [SysParam; 5] = [
    p("message", ".b32"),
    p("file", ".b32"),
    p("line", ".b32"),
    p("function", ".b32"),
    p("charSize", ".b32"),
];
const ASSERTFAIL_PARAMS_A64: [SysParam; 5] = [
    p("message", ".b64"),
    p("file", ".b64"),
    p("line", ".b32"),
    p("function", ".b64"),
    p("charSize", ".b64"),
];

impl SysCall {
    /// The four system calls of chapter 3.
    pub const ALL: [SysCall; 4] = [
        SysCall::Vprintf,
        SysCall::Malloc,
        SysCall::Free,
        SysCall::AssertFail,
    ];

    /// The PTX function name: `vprintf`, `malloc`, `free`, `__assertfail`.
    pub const fn name(self) -> &'static str {
        match self {
            SysCall::Vprintf => "vprintf",
            SysCall::Malloc => "malloc",
            SysCall::Free => "free",
            SysCall::AssertFail => "__assertfail",
        }
    }

    /// Chapter 3: the return value (`status` of `vprintf`, `ptr` of `malloc`), or `None`.
    pub const fn ret(self, addr: AddressSize) -> Option<SysParam> {
        match self {
            SysCall::Vprintf => Some(p("status", ".s32")),
            SysCall::Malloc => Some(p("ptr", addr_type(addr))),
            SysCall::Free | SysCall::AssertFail => None,
        }
    }

    /// Chapter 3: the parameters, in order. Addresses are `.b32`/`.b64` with the address size,
    /// and so is `size_t` (`malloc`'s `size`, `__assertfail`'s `charSize`): `size_t` is as wide
    /// as a pointer on every CUDA host.
    pub const fn params(self, addr: AddressSize) -> &'static [SysParam] {
        match (self, addr) {
            (SysCall::Vprintf, AddressSize::A32) => &VPRINTF_PARAMS_A32,
            (SysCall::Vprintf, AddressSize::A64) => &VPRINTF_PARAMS_A64,
            (SysCall::Malloc, AddressSize::A32) => &MALLOC_PARAMS_A32,
            (SysCall::Malloc, AddressSize::A64) => &MALLOC_PARAMS_A64,
            (SysCall::Free, AddressSize::A32) => &FREE_PARAMS_A32,
            (SysCall::Free, AddressSize::A64) => &FREE_PARAMS_A64,
            (SysCall::AssertFail, AddressSize::A32) => &ASSERTFAIL_PARAMS_A32,
            (SysCall::AssertFail, AddressSize::A64) => &ASSERTFAIL_PARAMS_A64,
        }
    }

    /// Chapter 3: the prototype in the guide's spelling, on one line with the terminating `;`
    /// (one of [`VPRINTF_A64`], [`MALLOC_A32`], …).
    pub const fn prototype(self, addr: AddressSize) -> &'static str {
        self.prototype_with(addr, Spelling::Guide)
    }

    /// The prototype in either spelling. [`Spelling::Guide`] is [`SysCall::prototype`];
    /// [`Spelling::Nvcc`] is the text NVRTC (and clang) emit, byte for byte (the parameters are
    /// indented with a tab):
    ///
    /// ```text
    /// .extern .func  (.param .b32 func_retval0) vprintf
    /// (
    ///     .param .b64 vprintf_param_0,
    ///     .param .b64 vprintf_param_1
    /// )
    /// ;
    /// ```
    ///
    /// The two differ only in names and in `status` being `.s32` or `.b32` (same size and
    /// alignment), so they describe the same ABI.
    pub const fn prototype_with(self, addr: AddressSize, spelling: Spelling) -> &'static str {
        let s = match spelling {
            Spelling::Guide => 0,
            Spelling::Nvcc => 1,
        };
        let c = match self {
            SysCall::Vprintf => 0,
            SysCall::Malloc => 1,
            SysCall::Free => 2,
            SysCall::AssertFail => 3,
        };
        let a = match addr {
            AddressSize::A32 => 0,
            AddressSize::A64 => 1,
        };
        PROTOTYPES[s][c][a].as_str()
    }
}

const fn addr_type(addr: AddressSize) -> &'static str {
    match addr {
        AddressSize::A32 => ".b32",
        AddressSize::A64 => ".b64",
    }
}

// ---------------------------------------------------------------------------------------------
// vprintf's argument buffer
// ---------------------------------------------------------------------------------------------

/// One argument of a `printf` call, before C's default argument promotions (chapter 3:
/// `vprintf`'s `valist`).
///
/// In the buffer, integers narrower than 32 bits (and `bool`) are promoted to 32 bits, sign- or
/// zero-extended by their signedness; `f32` is promoted to `f64`; pointers, strings included,
/// are generic addresses (chapter 3: "any pointers must be converted to generic space") as wide
/// as the address size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PrintfArg {
    /// `bool`: promoted to `int` (0 or 1).
    Bool(bool),
    /// `signed char`: promoted to `int`.
    I8(i8),
    /// `unsigned char`: promoted to `int`.
    U8(u8),
    /// `short`: promoted to `int`.
    I16(i16),
    /// `unsigned short`: promoted to `int`.
    U16(u16),
    /// `int`: 4 bytes.
    I32(i32),
    /// `unsigned int`: 4 bytes.
    U32(u32),
    /// `long long` (and `long` on a 64-bit host): 8 bytes.
    I64(i64),
    /// `unsigned long long` (and `size_t` at `.address_size 64`): 8 bytes.
    U64(u64),
    /// `float`: promoted to `double`.
    F32(f32),
    /// `double`: 8 bytes.
    F64(f64),
    /// A generic address (`%s`, `%p`): 8 bytes at `.address_size 64`, 4 at 32.
    Ptr(u64),
}

impl PrintfArg {
    /// The size of the promoted argument in the buffer, which is also its alignment there:
    /// 4 or 8 bytes.
    pub const fn promoted_size(&self, addr: AddressSize) -> usize {
        match self {
            PrintfArg::Bool(_)
            | PrintfArg::I8(_)
            | PrintfArg::U8(_)
            | PrintfArg::I16(_)
            | PrintfArg::U16(_)
            | PrintfArg::I32(_)
            | PrintfArg::U32(_) => 4,
            PrintfArg::I64(_) | PrintfArg::U64(_) | PrintfArg::F32(_) | PrintfArg::F64(_) => 8,
            PrintfArg::Ptr(_) => addr.pointer_bytes(),
        }
    }

    /// The PTX type a store of the promoted argument uses: `.b32`, `.b64` or `.f64`.
    pub const fn promoted_type(&self, addr: AddressSize) -> &'static str {
        match self {
            PrintfArg::F32(_) | PrintfArg::F64(_) => ".f64",
            _ => match self.promoted_size(addr) {
                4 => ".b32",
                _ => ".b64",
            },
        }
    }

    /// The promoted value's bits, zero-extended to 64 (only the low `promoted_size` bytes are
    /// written). `None` for a pointer that does not fit the address size.
    const fn promoted_bits(&self, addr: AddressSize) -> Option<u64> {
        Some(match *self {
            PrintfArg::Bool(b) => b as u64,
            PrintfArg::I8(v) => v as i32 as u32 as u64,
            PrintfArg::U8(v) => v as u64,
            PrintfArg::I16(v) => v as i32 as u32 as u64,
            PrintfArg::U16(v) => v as u64,
            PrintfArg::I32(v) => v as u32 as u64,
            PrintfArg::U32(v) => v as u64,
            PrintfArg::I64(v) => v as u64,
            PrintfArg::U64(v) => v,
            PrintfArg::F32(v) => (v as f64).to_bits(),
            PrintfArg::F64(v) => v.to_bits(),
            PrintfArg::Ptr(a) => {
                if matches!(addr, AddressSize::A32) && a > u32::MAX as u64 {
                    return None;
                }
                a
            }
        })
    }
}

macro_rules! printf_from {
    ($($t:ty => $v:ident),*) => {$(
        impl From<$t> for PrintfArg {
            /// The argument as `printf` receives it before promotion.
            fn from(v: $t) -> PrintfArg {
                PrintfArg::$v(v)
            }
        }
    )*};
}
printf_from!(bool => Bool, i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, u32 => U32,
    i64 => I64, u64 => U64, f32 => F32, f64 => F64);

impl<T: ?Sized> From<crate::types::pointer::DevicePtr<T>> for PrintfArg {
    /// A device pointer's generic address.
    fn from(p: crate::types::pointer::DevicePtr<T>) -> PrintfArg {
        PrintfArg::Ptr(p.addr())
    }
}

/// Chapter 3: the alignment the `valist` buffer must have in device memory: 8, so that 8-byte
/// arguments are aligned. NVRTC and clang allocate it `.local .align 8` (16 when they write two
/// 8-byte arguments with one vector store).
pub const VALIST_ALIGN: usize = 8;

/// Chapter 3: where one argument sits in `vprintf`'s `valist` buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValistSlot {
    /// Byte offset from the start of the buffer, a multiple of `size`.
    pub offset: usize,
    /// 4 or 8: the promoted size.
    pub size: usize,
}

/// Chapter 3: the slots of `args` in the `valist`, in order (an iterator; see
/// [`valist_slots`]).
#[derive(Clone, Debug)]
pub struct ValistSlots<'a> {
    args: core::slice::Iter<'a, PrintfArg>,
    addr: AddressSize,
    end: usize,
}

impl Iterator for ValistSlots<'_> {
    type Item = ValistSlot;

    fn next(&mut self) -> Option<ValistSlot> {
        let arg = self.args.next()?;
        let size = arg.promoted_size(self.addr);
        let offset = self.end.next_multiple_of(size);
        self.end = offset + size;
        Some(ValistSlot { offset, size })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.args.size_hint()
    }
}

impl ExactSizeIterator for ValistSlots<'_> {}

/// Chapter 3: where each argument of `args` goes in the `valist` buffer: one after the other,
/// each at the next offset that is a multiple of its promoted size.
pub fn valist_slots(args: &[PrintfArg], addr: AddressSize) -> ValistSlots<'_> {
    ValistSlots {
        args: args.iter(),
        addr,
        end: 0,
    }
}

/// Chapter 3: the number of bytes of the `valist` buffer for `args`: the end of the last argument rounded
/// up to [`VALIST_ALIGN`], the size of the local buffer NVRTC (and clang) allocate for such a
/// call. 0 without arguments: NVRTC then passes a null `valist`.
pub const fn valist_size(args: &[PrintfArg], addr: AddressSize) -> usize {
    let mut end: usize = 0;
    let mut i = 0;
    while i < args.len() {
        let size = args[i].promoted_size(addr);
        end = end.next_multiple_of(size) + size;
        i += 1;
    }
    end.next_multiple_of(VALIST_ALIGN)
}

/// Chapter 3: why a `vprintf` `valist` could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValistError {
    /// The output buffer is shorter than [`valist_size`].
    BufferTooSmall {
        /// [`valist_size`] of the arguments.
        needed: usize,
        /// The buffer's length.
        found: usize,
    },
    /// A pointer argument above 4 GiB at `.address_size 32`.
    PointerTooWide {
        /// The argument's index.
        index: usize,
        /// Its address.
        addr: u64,
    },
}

impl fmt::Display for ValistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ValistError::BufferTooSmall { needed, found } => write!(
                f,
                "the vprintf argument buffer needs {needed} bytes, the one given has {found}"
            ),
            ValistError::PointerTooWide { index, addr } => write!(
                f,
                "printf argument {index} is the address {addr:#x}, which does not fit in 32 bits (.address_size 32)"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ValistError {}

/// Chapter 3: writes the `valist` buffer of `args` into the first [`valist_size`] bytes of
/// `out` (little-endian, padding zeroed) and returns that size. Copy it to an
/// [`VALIST_ALIGN`]-aligned device buffer (NVRTC uses the thread's local memory) and pass its
/// generic address as `vprintf`'s `valist`, or a null pointer when the size is 0.
///
/// Nothing is written on error.
pub fn write_valist(
    args: &[PrintfArg],
    addr: AddressSize,
    out: &mut [u8],
) -> Result<usize, ValistError> {
    let needed = valist_size(args, addr);
    if out.len() < needed {
        return Err(ValistError::BufferTooSmall {
            needed,
            found: out.len(),
        });
    }
    for (index, arg) in args.iter().enumerate() {
        if let PrintfArg::Ptr(a) = *arg {
            if arg.promoted_bits(addr).is_none() {
                return Err(ValistError::PointerTooWide { index, addr: a });
            }
        }
    }
    out[..needed].fill(0);
    for (arg, slot) in args.iter().zip(valist_slots(args, addr)) {
        let bits = arg.promoted_bits(addr).unwrap_or(0);
        out[slot.offset..slot.offset + slot.size].copy_from_slice(&bits.to_le_bytes()[..slot.size]);
    }
    Ok(needed)
}

/// Chapter 3: [`write_valist`] into a new vector of [`valist_size`] bytes.
#[cfg(feature = "alloc")]
pub fn valist(args: &[PrintfArg], addr: AddressSize) -> Result<alloc::vec::Vec<u8>, ValistError> {
    let mut out = alloc::vec![0u8; valist_size(args, addr)];
    write_valist(args, addr, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod rendered {
    use super::*;

    /// The texts this module held by hand before the renderer, as checked against the guide
    /// (guide spelling), NVRTC (nvcc spelling, 64-bit) and clang (nvcc spelling, 32-bit) by
    /// `tests/abi_nvrtc/syscall.rs`: the renderer must reproduce them byte for byte.
    #[test]
    fn renderer_reproduces_the_recorded_prototypes() {
        let recorded = [
            (SysCall::Vprintf, AddressSize::A32, Spelling::Guide, ".extern .func (.param .s32 status) vprintf (.param .b32 format, .param .b32 valist);"),
            (SysCall::Vprintf, AddressSize::A64, Spelling::Guide, ".extern .func (.param .s32 status) vprintf (.param .b64 format, .param .b64 valist);"),
            (SysCall::Malloc, AddressSize::A32, Spelling::Guide, ".extern .func (.param .b32 ptr) malloc (.param .b32 size);"),
            (SysCall::Malloc, AddressSize::A64, Spelling::Guide, ".extern .func (.param .b64 ptr) malloc (.param .b64 size);"),
            (SysCall::Free, AddressSize::A32, Spelling::Guide, ".extern .func free (.param .b32 ptr);"),
            (SysCall::Free, AddressSize::A64, Spelling::Guide, ".extern .func free (.param .b64 ptr);"),
            (SysCall::AssertFail, AddressSize::A32, Spelling::Guide, ".extern .func __assertfail (.param .b32 message, .param .b32 file, .param .b32 line, .param .b32 function, .param .b32 charSize);"),
            (SysCall::AssertFail, AddressSize::A64, Spelling::Guide, ".extern .func __assertfail (.param .b64 message, .param .b64 file, .param .b32 line, .param .b64 function, .param .b64 charSize);"),
            (SysCall::Vprintf, AddressSize::A32, Spelling::Nvcc, ".extern .func  (.param .b32 func_retval0) vprintf\n(\n\t.param .b32 vprintf_param_0,\n\t.param .b32 vprintf_param_1\n)\n;"),
            (SysCall::Vprintf, AddressSize::A64, Spelling::Nvcc, ".extern .func  (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;"),
            (SysCall::Malloc, AddressSize::A32, Spelling::Nvcc, ".extern .func  (.param .b32 func_retval0) malloc\n(\n\t.param .b32 malloc_param_0\n)\n;"),
            (SysCall::Malloc, AddressSize::A64, Spelling::Nvcc, ".extern .func  (.param .b64 func_retval0) malloc\n(\n\t.param .b64 malloc_param_0\n)\n;"),
            (SysCall::Free, AddressSize::A32, Spelling::Nvcc, ".extern .func free\n(\n\t.param .b32 free_param_0\n)\n;"),
            (SysCall::Free, AddressSize::A64, Spelling::Nvcc, ".extern .func free\n(\n\t.param .b64 free_param_0\n)\n;"),
            (SysCall::AssertFail, AddressSize::A32, Spelling::Nvcc, ".extern .func __assertfail\n(\n\t.param .b32 __assertfail_param_0,\n\t.param .b32 __assertfail_param_1,\n\t.param .b32 __assertfail_param_2,\n\t.param .b32 __assertfail_param_3,\n\t.param .b32 __assertfail_param_4\n)\n;"),
            (SysCall::AssertFail, AddressSize::A64, Spelling::Nvcc, ".extern .func __assertfail\n(\n\t.param .b64 __assertfail_param_0,\n\t.param .b64 __assertfail_param_1,\n\t.param .b32 __assertfail_param_2,\n\t.param .b64 __assertfail_param_3,\n\t.param .b64 __assertfail_param_4\n)\n;"),
        ];
        for (call, addr, spelling, text) in recorded {
            assert_eq!(
                call.prototype_with(addr, spelling),
                text,
                "{call:?} {addr:?} {spelling:?}"
            );
        }
    }
}
