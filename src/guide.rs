//! How ptx-abi maps the chapters of NVIDIA's *PTX Interoperability* guide (release 13.2).

/// # Chapter 1: data representation
///
/// - **§1.1 fundamental types**: [`crate::layout::desc::Scalar`] (sizes, C names), [`crate::AddressSize`]
///   (pointers are 8 bytes at `.address_size 64`, 4 at 32), [`crate::DevicePtr`].
/// - **§1.2 aggregates and unions**: [`crate::layout`] places each member at the lowest
///   aligned offset, aligns the aggregate to its strictest member (or `#[ptx(align = N)]`)
///   and adds tail padding; native vectors are [`crate::Vector`] with CUDA's names
///   ([`crate::types::Float4`] …), aligned by the odd/even rule.
/// - **§1.3 bit-fields**: `#[ptx(bits = N)]` and [`crate::Pad`]; the engine allocates least
///   significant bit first, never lets a bit-field cross a storage unit of its declared type,
///   shares units with ordinary members, keeps unnamed bit-fields out of the alignment and
///   moves past zero-length ones. [`crate::codec::bits`] reads and writes them a word at a time.
/// - **§1.4 texture, sampler and surface types**: [`crate::types::TexRef`], [`crate::types::SamplerRef`],
///   [`crate::types::SurfRef`], 64-bit handles.
///
/// Where the guide is loose, ptx-abi does what NVRTC does ([`docs/nvidia-notes.md`](https://github.com/ptx-abi/ptx-abi/blob/main/docs/nvidia-notes.md) records it),
/// and rejects what nvcc itself cannot lay out consistently (an alignment below the natural
/// one).
pub mod ch1_data_representation {}

/// # Chapter 2: function calling sequence
///
/// **§2.3 parameter passing**: [`crate::params::param_type`] and [`crate::param_decl`] write
/// each parameter's declaration in the two spaces NVRTC spells differently
/// ([`crate::ParamSpace::Entry`] for kernels, [`crate::ParamSpace::Func`] for device
/// functions and `func_retval0`, with the guide's own spelling as [`crate::params::Spelling::Guide`]);
/// `#[ptx(kernel = "name")]` turns a struct into a kernel's parameter list
/// ([`crate::KernelParams`], [`crate::entry_signature`], [`crate::params::func_signature`]);
/// [`crate::KernelLaunch`] builds `cuLaunchKernel`'s `kernelParams` and `extra` without heap
/// allocation; [`crate::check_entry`] checks a struct against real PTX.
pub mod ch2_function_calling_sequence {}

/// # Chapter 3: system calls
///
/// [`crate::abi::syscall::SysCall`] gives the exact prototypes of `vprintf`, `malloc`, `free` and
/// `__assertfail` at either address size, in the guide's spelling and in nvcc's
/// ([`crate::abi::syscall::VPRINTF_A64`] …). [`crate::abi::syscall::write_valist`] builds `vprintf`'s
/// argument buffer from [`crate::abi::syscall::PrintfArg`]s: each argument at an offset aligned to
/// its size, after C's default argument promotions (integers narrower than 32 bits widened,
/// `float` to `double`), pointers as generic addresses.
pub mod ch3_system_calls {}

/// # Chapter 4: the atomics ABI
///
/// [`crate::abi::atomics::TABLE`] holds every row of the guide's mapping from a C++ atomic
/// operation and memory order to PTX, the recommended sequence and each allowed alternative;
/// [`crate::abi::atomics::mapping`] looks one up, [`crate::abi::atomics::render`] writes it for a scope
/// (`fence.sc.gpu; ld.acquire.gpu.b32 …`), and [`crate::abi::atomics::is_valid_mapping`] answers
/// whether a sequence is a valid mapping, strengthening included.
pub mod ch4_atomics {}

/// # Chapter 5: debug information
///
/// §5.2's `DW_AT_address_class` codes are [`crate::abi::dwarf::AddressClass`], and
/// [`crate::abi::dwarf::StateSpace::address_class`] maps each PTX state space to its code.
pub mod ch5_debug_information {}

/// # Chapter 6: the calling-sequence example
///
/// [`crate::params::call_sequence`] writes a caller's side of a device-function call: the
/// `.param` declarations, `st.param` of each argument at §2.3's widths (sub-32-bit integers
/// sign- or zero-extended into `.b32`), aggregates in aligned units, `call.uni`, and `ld.param`
/// of the return value; [`crate::params::call_prototype`] writes the `.callprototype` of an
/// indirect call. The guide names `foo(int, int)` `_Z3fooi`; NVRTC 12.9 names it `_Z3fooii`,
/// and so does [`crate::abi::itanium::mangle`].
pub mod ch6_example {}

/// # Chapter 7: C++
///
/// [`crate::abi::itanium`] computes Itanium C++ names in `const fn`s from each type's
/// [`crate::PtxAbi::CXX`]; `#[ptx(kernel = "ns::scale", abi = "c++")]` makes
/// [`crate::KernelParams::KERNEL`] that name. [`crate::DeviceConstPtr`] is `const T*`,
/// [`crate::types::CLong`]/[`crate::types::CULong`] are `long`/`unsigned long`. CUDA's own C++ types
/// ([`crate::types::CUDA_TYPES`]: `double4`, `__half2`, `__nv_bfloat16`, the fp8/fp4 types,
/// `CUtensorMap`, …) have their CUDA layouts; where §1.2 and CUDA differ (`double4` is a
/// 32-byte struct aligned 16, not a PTX vector), NVRTC decides. C++ passes `__half2` and
/// `__nv_bfloat162` to a `.func` by invisible reference (a `.b64` address; returned through a
/// hidden pointer), as [`crate::types::passed_by_reference`] says.
///
/// CUDA's headers change between releases, so the release your kernels are compiled with is an
/// input ([`crate::layout::cuda_version::CUDA_VERSION`], a [`crate::layout::cuda_version::CudaVersion`]): CUDA 12.9 by default, or the
/// feature `cuda-MMmmm` (cudarc's names: `cuda-13000` is CUDA 13.0), or
/// `cuda-version-from-build-system`. It decides `CUtensorMap`'s alignment (64 before 13.0, 128
/// from it: [`crate::layout::cuda_version::tensor_map_align`]), deprecates `double4`,
/// `long4`, `ulong4`, `longlong4`, `ulonglong4` from 13.0 in favour of [`crate::types::Double4A16`] /
/// [`crate::types::Double4A32`] and their siblings, spells CUDA's types in
/// [`crate::cuda_header`] as that release declares them, and is the release
/// `nvrtc::assert_matches` (feature `nvrtc`) requires of NVRTC.
pub mod ch7_cxx {}
