//! Issue 6, target 3 and 5: no heap allocation on the encode, decode and launch paths, proved
//! with a counting global allocator. The count is per thread, so tests running in parallel
//! (and the harness's own allocations) do not disturb each other.

#[path = "../benches/common/mod.rs"]
mod common;

use common::{particles, sample, step_args, Particle, Ref, StepArgs};
use ptx_abi::codec::{slice_as_ptx_bytes, PtxImage};
use ptx_abi::{KernelLaunch, PtxAbi};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

struct Counting;

thread_local! {
    // `const` initialization: reading it never allocates (no lazy initialization).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: during thread teardown the slot may be gone; those allocations are not ours.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract holds exactly as it does for `System`; counting touches only a
// `const`-initialized thread-local `Cell`, which neither allocates nor unwinds.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged (see the impl).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged (see the impl).
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged (see the impl).
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged (see the impl).
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The number of allocations `f` makes on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    black_box(f());
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn the_counter_sees_allocations() {
    assert_eq!(allocations(|| vec![1u8; 16]), 1);
}

#[test]
fn kernel_launch_allocates_nothing() {
    let args = step_args();
    assert_eq!(allocations(|| KernelLaunch::new(&args).unwrap()), 0);
    let mut launch = KernelLaunch::new(&args).unwrap();
    assert_eq!(allocations(|| launch.extra().unwrap().as_mut_ptr()), 0);
    assert_eq!(allocations(|| launch.kernel_params().as_mut_ptr()), 0);
    assert_eq!(allocations(|| launch.buffer().len()), 0);
    // A buffer laid out for an architecture lives on the stack too.
    let arch = ptx_abi::params::Arch::SM_90;
    assert_eq!(allocations(|| launch.param_buffer(arch).unwrap().size()), 0);
    let mut buffer = launch.param_buffer(arch).unwrap();
    assert_eq!(
        buffer.as_bytes(),
        launch.buffer(),
        "no parameter aligned above 16"
    );
    assert_eq!(allocations(|| buffer.extra().as_mut_ptr()), 0);
    let image = <StepArgs as ptx_abi::KernelParams>::Image::new(&args).unwrap();
    assert_eq!(allocations(|| image.get().is_ok()), 0);
}

#[test]
fn encode_and_decode_allocate_nothing() {
    let values = sample(1000);
    let mut one = [0u8; 48];
    let mut many = vec![0u8; values.len() * Ref::SIZE];
    assert_eq!(allocations(|| values[0].encode(&mut one).unwrap()), 0);
    assert_eq!(allocations(|| Ref::decode(&one).unwrap()), 0);
    assert_eq!(
        allocations(|| Ref::encode_slice(&values, &mut many).unwrap()),
        0
    );
    let decoded = allocations(|| {
        many.chunks_exact(Ref::SIZE)
            .all(|image| Ref::decode(image).is_ok())
    });
    assert_eq!(decoded, 0);
}

#[test]
fn errors_allocate_nothing() {
    let bad = Ref {
        mode: 8,
        ..sample(1)[0]
    };
    let mut one = [0u8; 48];
    assert_eq!(allocations(|| bad.encode(&mut one).is_err()), 0);
    assert_eq!(allocations(|| Ref::decode(&one[..47]).is_err()), 0);
}

#[test]
fn zero_copy_paths_allocate_nothing() {
    let values = particles(1000);
    let mut out = vec![0u8; values.len() * Particle::SIZE];
    assert_eq!(allocations(|| slice_as_ptx_bytes(&values).len()), 0);
    assert_eq!(
        allocations(|| Particle::encode_slice(&values, &mut out).unwrap()),
        0
    );
}

#[test]
fn image_accessors_allocate_nothing() {
    let mut image = common::RefImage::new(&sample(1)[0]).unwrap();
    assert_eq!(allocations(|| image.level().unwrap()), 0);
    assert_eq!(allocations(|| image.set_level(-3).unwrap()), 0);
    assert_eq!(allocations(|| image.set_level(99).is_err()), 0);
}
