//! Zero-copy: where the Rust layout is the PTX layout (proved at compile time by the derive),
//! a value's own bytes are its image, and a slice of values is one byte slice.

use ptx_abi::codec::{as_ptx_bytes, slice_as_ptx_bytes, ZeroCopy};
use ptx_abi::types::Float4;
use ptx_abi::{DevicePtr, PtxAbi};

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(C)]
#[ptx(zero_copy)]
struct Vertex {
    pos: Float4,
    normal: [f32; 3],
    id: u32,
    next: DevicePtr<Vertex>,
    weight: f64,
}

fn vertex(i: u32) -> Vertex {
    Vertex {
        pos: Float4::from([i as f32, 1.0, 2.0, 3.0]),
        normal: [0.0, 1.0, 0.0],
        id: i,
        next: DevicePtr::from_raw(0x1000 + i as u64),
        weight: 0.5,
    }
}

fn is_zero_copy<T: ZeroCopy>() {}

#[test]
fn zero_copy_bytes_equal_the_encoded_image() {
    is_zero_copy::<Vertex>();
    assert_eq!((Vertex::SIZE, Vertex::ALIGN), (48, 16));
    let v = vertex(7);
    assert_eq!(as_ptx_bytes(&v), v.to_ptx_bytes().unwrap().as_slice());
}

#[test]
fn slices_view_as_one_byte_slice_and_encode_with_one_copy() {
    let vs: Vec<Vertex> = (0..100).map(vertex).collect();
    let view = slice_as_ptx_bytes(&vs);
    assert_eq!(view.len(), 100 * 48);
    let mut out = vec![0u8; view.len()];
    Vertex::encode_slice(&vs, &mut out).unwrap();
    assert_eq!(out, view);
    let mut per_value = Vec::new();
    for v in &vs {
        per_value.extend(v.to_ptx_bytes().unwrap());
    }
    assert_eq!(per_value, view);
    assert_eq!(Vertex::from_ptx_bytes(&view[48..96]).unwrap(), vs[1]);
}

#[test]
fn encode_slice_of_non_zero_copy_types_matches_per_value_encoding() {
    #[derive(PtxAbi, Clone, Copy)]
    struct Packed {
        #[ptx(bits = 4)]
        a: u8,
        b: u16,
    }
    let vs = [Packed { a: 1, b: 2 }, Packed { a: 15, b: 0xFFFF }];
    let mut out = [0u8; 8];
    Packed::encode_slice(&vs, &mut out).unwrap();
    assert_eq!(out, [1, 0, 2, 0, 15, 0, 255, 255]);
    assert!(Packed::encode_slice(&vs, &mut [0u8; 7]).is_err());
}
