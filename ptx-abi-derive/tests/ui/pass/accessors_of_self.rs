//! Issue 32: `DevicePtr<Self>` with `#[ptx(accessors)]`: in the image's `impl`, `Self` would
//! be the image; the accessor reads and writes a pointer to the value type.
use ptx_abi::codec::PtxImage;
use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors)]
struct Node {
    value: u32,
    next: DevicePtr<Self>,
}

/// A kernel taking a list's head.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "walk")]
struct Walk {
    head: DevicePtr<Node>,
    n: u32,
}

/// A kernel taking a pointer to its own argument struct (`cannot find type Self` before).
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "chain")]
struct Chain {
    prev: DevicePtr<Self>,
    n: u32,
}

fn main() {
    let _ = ptx_abi::entry_signature::<Chain>();
    let mut image = NodeImage::new(&Node {
        value: 1,
        next: DevicePtr::from_raw(0x1000),
    })
    .unwrap();
    let next: DevicePtr<Node> = image.next().unwrap();
    image.set_next(next.cast()).unwrap();
    let _ = <Walk as ptx_abi::KernelParams>::KERNEL;
}
