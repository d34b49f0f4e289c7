//! Issue 30: C structs named like Rust's standard types (an imported header's `struct Box`,
//! `Cell`, `Vec`, `Option`, `Pad`) are members like any other: the derive tells them from
//! `Box<T>` or ptx-abi's `Pad<T, N>` by their shape, not their name.
use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Box {
    lo: f32,
    hi: f32,
}

#[derive(PtxAbi, Clone, Copy)]
struct Cell {
    id: u32,
}

#[derive(PtxAbi, Clone, Copy)]
struct Vec {
    x: f32,
    y: f32,
}

#[derive(PtxAbi, Clone, Copy)]
struct Option {
    flags: u8,
}

#[derive(PtxAbi, Clone, Copy)]
struct Pad {
    bytes: [u8; 4],
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors)]
struct Scene {
    bounds: Box,
    cell: Cell,
    v: Vec,
    o: Option,
    pad: Pad,
}

/// A lifetime-only generic type (issue 32: it gave E0106 with a wrong suggestion).
#[derive(PtxAbi, Clone, Copy)]
struct View<'a> {
    len: u32,
    _marker: core::marker::PhantomData<&'a ()>,
}

fn main() {
    let scene = Scene {
        bounds: Box { lo: 0.0, hi: 1.0 },
        cell: Cell { id: 7 },
        v: Vec { x: 1.0, y: 2.0 },
        o: Option { flags: 1 },
        pad: Pad { bytes: [1, 2, 3, 4] },
    };
    let image = <SceneImage as ptx_abi::codec::PtxImage>::new(&scene).unwrap();
    assert_eq!(image.cell().unwrap().id, 7);
    assert_eq!(image.pad().unwrap().bytes, [1, 2, 3, 4]);
    let _ = <View<'static> as PtxAbi>::SIZE;
}
