//! The main job: the tour a newcomer takes in their first minute. For a few realistic types
//! shared between host and GPU — a particle, a bit-packed instruction word, a BVH node and a
//! kernel's argument struct — it prints the pahole-style layout report, the bit diagram, the
//! `.param` declarations and signatures nvcc uses for them, and the CUDA header that pins the
//! layout on the device side. Everything comes from ptx-abi's const layout engine.

use ptx_abi::params::func_signature;
use ptx_abi::report::diagram;
use ptx_abi::types::{Float4, UInt2};
use ptx_abi::{
    cuda_header, entry_signature, param_decl, AddressSize, DevicePtr, KernelLaunch, KernelParams,
    LayoutReport, Pad, ParamSpace, PtxAbi,
};

// A particle: bit-fields sharing a storage unit with an ordinary member (§1.3), a native
// vector (§1.2) and a device pointer. Defined once for the examples and the tests, in
// `shared/guide_types.rs`.
#[path = "shared/guide_types.rs"]
mod guide_types;
use guide_types::Particle;

/// A RISC-V-style I-type instruction word: five bit-fields in one 32-bit unit.
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

/// The arguments of `extern "C" __global__ void step(Particle* ps, unsigned n, float dt,
/// BvhNode root)`.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[ptx(kernel = "step")]
struct StepArgs {
    particles: DevicePtr<Particle>,
    count: u32,
    dt: f32,
    root: BvhNode,
}

fn section(title: &str) {
    println!(
        "\n=== {title} {}",
        "=".repeat(74usize.saturating_sub(title.len()))
    );
}

fn show<T: PtxAbi>() {
    section(T::TYPE.name);
    match LayoutReport::of::<T>() {
        Ok(report) => print!("{report}"),
        Err(e) => println!("layout error: {e}"),
    }
    println!();
    match diagram::text(T::TYPE, AddressSize::A64) {
        Ok(text) => print!("{text}"),
        Err(e) => println!("layout error: {e}"),
    }
    let l32 = ptx_abi::codec::layout_at::<T>(AddressSize::A32);
    println!(
        "\nat .address_size 32: size {} align {}",
        l32.size, l32.align
    );
    println!(
        "as a kernel parameter:      {}",
        param_decl::<T>("k_param_0", ParamSpace::Entry)
    );
    println!(
        "as a device-function value: {}",
        param_decl::<T>("func_retval0", ParamSpace::Func)
    );
}

fn main() {
    show::<Particle>();
    show::<Instruction>();
    show::<BvhNode>();
    show::<StepArgs>();

    section("kernel `step`");
    println!("{}", entry_signature::<StepArgs>());
    println!("\n{}", func_signature::<StepArgs, BvhNode>("step_one"));
    let args = StepArgs {
        particles: DevicePtr::from_raw(0x7f00_0000_0000),
        count: 1024,
        dt: 0.01,
        root: BvhNode {
            lo: Float4::from([-1.0, -1.0, -1.0, 0.0]),
            hi: Float4::from([1.0, 1.0, 1.0, 0.0]),
            children: UInt2::from([1, 2]),
            leaf: false,
            prim_count: 0,
        },
    };
    match KernelLaunch::new(&args) {
        Ok(launch) => {
            // The driver wants the buffer without the struct's tail padding; say so only
            // where that makes the two sizes differ.
            let size = launch.buffer_size();
            let note = if size == StepArgs::SIZE {
                String::new()
            } else {
                format!(
                    " (not {}: the driver wants no tail padding)",
                    StepArgs::SIZE
                )
            };
            println!(
                "\nlaunch buffer: {size} bytes{note}, parameters at {:?}",
                StepArgs::PARAM_OFFSETS
            );
        }
        Err(e) => println!("cannot encode: {e}"),
    }

    section("values");
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

    section("CUDA header (nvcc checks it with static_assert)");
    match cuda_header(&[Particle::TYPE, Instruction::TYPE, BvhNode::TYPE]) {
        Ok(h) => print!("{h}"),
        Err(e) => println!("layout error: {e}"),
    }
}
