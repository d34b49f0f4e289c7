//! The main job: a tour of PTX layouts for a few realistic shared types. For each type it
//! prints the size, alignment and every member's offset (and bit range for bit-fields), at
//! `.address_size 64` and 32, as ptx-abi's const layout engine computed them.

use ptx_abi::layout::Placements;
use ptx_abi::{AddressSize, DevicePtr, Float4, Pad, PtxAbi, TypeKind, UInt2};

/// A particle, with bit-fields sharing a storage unit with an ordinary member (§1.3).
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 16)]
struct Particle {
    #[ptx(bits = 3)]
    kind: u32,
    #[ptx(bits = 5)]
    charge: i32,
    tag: u8,
    _brk: Pad<u16, 0>,
    _gap: Pad<u16, 7>,
    #[ptx(bits = 40)]
    addr: u64,
    pos: Float4,
    next: DevicePtr<Particle>,
    history: [f32; 3],
}

/// A bit-packed instruction word.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Instruction {
    #[ptx(bits = 7)]
    opcode: u32,
    #[ptx(bits = 5)]
    rd: u32,
    #[ptx(bits = 3)]
    funct3: u32,
    #[ptx(bits = 5)]
    rs1: u32,
    #[ptx(bits = 12)]
    imm: i32,
}

/// A bounding-volume-hierarchy node.
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct BvhNode {
    lo: Float4,
    hi: Float4,
    children: UInt2,
    #[ptx(bits = 1)]
    leaf: bool,
    #[ptx(bits = 31)]
    prim_count: u32,
}

/// The arguments of a kernel `step(Particle* ps, unsigned n, float dt, BvhNode root)`.
#[derive(PtxAbi, Clone, Copy, Debug)]
struct StepArgs {
    particles: DevicePtr<Particle>,
    count: u32,
    dt: f32,
    root: BvhNode,
}

fn print_layout<T: PtxAbi>() {
    let ty = T::TYPE;
    let l32 = ptx_abi::layout_at::<T>(AddressSize::A32);
    println!(
        "{}: size {} align {} (at .address_size 32: size {} align {})",
        ty.name,
        T::SIZE,
        T::ALIGN,
        l32.size,
        l32.align
    );
    for placed in Placements::new(ty, AddressSize::A64) {
        let Ok((member, p)) = placed else {
            println!("  layout error");
            return;
        };
        let what = match (member.bits, &member.ty.kind) {
            (Some(w), _) => format!("{} : {w}", member.ty.name),
            (None, TypeKind::Pad { unit, width }) => format!("unnamed {} : {width}", unit.c_name()),
            (None, _) => member.ty.name.to_string(),
        };
        match p.bits {
            Some(b) => println!(
                "  {:>12}  unit @{:<3} bits {:>2}..{:<2}  {what}",
                member.name,
                p.offset,
                b.start,
                b.start + b.width
            ),
            None => println!(
                "  {:>12}  @{:<3} size {:<3}          {what}",
                member.name, p.offset, p.size
            ),
        }
    }
    println!();
}

fn main() {
    print_layout::<Particle>();
    print_layout::<Instruction>();
    print_layout::<BvhNode>();
    print_layout::<StepArgs>();

    let p = Particle {
        kind: 5,
        charge: -3,
        tag: 9,
        _brk: Pad::new(),
        _gap: Pad::new(),
        addr: 0xAB_CDEF_0123,
        pos: Float4::from([1.0, 2.0, 3.0, 4.0]),
        next: DevicePtr::from_raw(0x7000_0000),
        history: [0.5, 0.25, 0.125],
    };
    match p.to_ptx_bytes() {
        Ok(bytes) => println!("Particle image: {bytes:02x?}"),
        Err(e) => println!("cannot encode: {e}"),
    }
    let bad = Instruction {
        opcode: 200,
        rd: 0,
        funct3: 0,
        rs1: 0,
        imm: 0,
    };
    if let Err(e) = bad.to_ptx_bytes() {
        println!("Instruction with opcode 200: {e}");
    }
}
