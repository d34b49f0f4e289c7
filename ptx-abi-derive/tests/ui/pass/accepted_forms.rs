//! Every attribute form the derive accepts, including the ones its checks look at closely:
//! none of these may be rejected.

use ptx_abi::{codec::bits::BitFieldType, DevicePtr, types::Float4, Pad, PtxAbi, Vector};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 16, image = ParticleBytes)]
struct Particle {
    #[ptx(bits = 3)]
    kind: u32,
    #[ptx(bits = 1)]
    live: bool,
    _brk: Pad<u16, 0>,
    pos: Float4,
    next: DevicePtr<Particle>,
    wide: Vector<f64, 2>,
    lanes: [Vector<u8, 3>; 2],
}

// `align` equal to the strictest member is fine.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 8)]
struct Exact {
    ticks: u64,
}

// Unnamed bit-fields do not raise the alignment, so `align = 1` is above it.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(align = 1)]
struct Unnamed {
    c: u8,
    _p: Pad<u64, 3>,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C, align(16))]
#[ptx(align = 16)]
struct BothAligned {
    value: f32,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy)]
struct Plain {
    a: u32,
    b: f32,
}

// `zero_copy` with `align`: the Rust alignment matches through a member or `repr(align)`.
#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy, align = 16)]
struct AlignedByMember {
    v: Float4,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C, align(16))]
#[ptx(zero_copy, align = 16)]
struct AlignedByRepr {
    v: [f32; 4],
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum Payload {
    Int(i32),
    #[ptx(decode)]
    Float(f32),
    #[ptx(bits = 8)]
    Small(u16),
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(i8)]
enum Level {
    Low = -128,
    High = 127,
}

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
union Word {
    whole: u64,
    halves: [u32; 2],
}

// Bounds in a where clause, or through another trait, count as bounds.
#[derive(PtxAbi, Clone, Copy)]
struct Wrapped<T, U: BitFieldType>
where
    T: PtxAbi + Copy,
{
    value: T,
    #[ptx(bits = 4)]
    small: U,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(crate = ::ptx_abi)]
struct Renamed {
    x: i16,
}

// A C++ kernel template's instantiation: the declared types name the template's parameters.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(
    kernel = "ns::mul_mat_q<float, 32, true>",
    abi = "c++",
    template = "typename T, int BLOCK = 32, bool CHECK = false"
)]
struct MulMatQ {
    #[ptx(cxx = "const T* __restrict__ x")]
    x: ptx_abi::DeviceConstPtr<f32>,
    #[ptx(cxx = "T*")]
    dst: DevicePtr<f32>,
    n: i32,
}

fn main() {
    assert_eq!(<Particle as PtxAbi>::ALIGN, 16);
    assert!(!<MulMatQ as ptx_abi::KernelParams>::KERNEL.is_empty());
    assert_eq!(
        core::mem::size_of::<ParticleBytes>(),
        <Particle as PtxAbi>::SIZE
    );
    assert_eq!(<Unnamed as PtxAbi>::SIZE, 2);
    assert_eq!(<Wrapped<u64, u8> as PtxAbi>::SIZE, 16);
    let _ = (Level::Low, Level::High, Payload::Int(0), Payload::Small(0));
    assert_eq!(<Exact as PtxAbi>::SIZE + <BothAligned as PtxAbi>::SIZE, 24);
    assert_eq!(
        <AlignedByMember as PtxAbi>::ALIGN + <AlignedByRepr as PtxAbi>::ALIGN,
        32
    );
    assert_eq!(
        <Plain as PtxAbi>::SIZE + <Word as PtxAbi>::SIZE + <Renamed as PtxAbi>::SIZE,
        18
    );
}
