//! Sizes and alignments of every built-in type, against the guide's tables: §1.1 (fundamental
//! types), §1.2 (native vectors: odd n → align of t, even n → n × align of t), §1.4 (handles).

use ptx_abi::codec::layout_at;
use ptx_abi::layout::c_spelling::vector_c_name;
use ptx_abi::layout::desc::{AggregateKind, Member, Scalar, TypeDesc, TypeKind};
use ptx_abi::layout::try_layout_of;
use ptx_abi::types::*;
use ptx_abi::*;
use std::marker::PhantomData;

fn sa<T: PtxAbi>() -> (usize, usize) {
    (T::SIZE, T::ALIGN)
}

#[test]
fn fundamental_types_section_1_1() {
    assert_eq!(sa::<u8>(), (1, 1));
    assert_eq!(sa::<i8>(), (1, 1));
    assert_eq!(sa::<u16>(), (2, 2));
    assert_eq!(sa::<i16>(), (2, 2));
    assert_eq!(sa::<u32>(), (4, 4));
    assert_eq!(sa::<i32>(), (4, 4));
    assert_eq!(sa::<u64>(), (8, 8));
    assert_eq!(sa::<i64>(), (8, 8));
    assert_eq!(sa::<f32>(), (4, 4));
    assert_eq!(sa::<f64>(), (8, 8));
    assert_eq!(sa::<bool>(), (1, 1));
}

#[cfg(feature = "half")]
#[test]
fn half_section_1_1() {
    assert_eq!(sa::<ptx_abi::half::f16>(), (2, 2));
    let v = ptx_abi::half::f16::from_f32(1.5);
    assert_eq!(v.to_ptx_bytes().unwrap(), 0x3E00u16.to_le_bytes());
    assert_eq!(sa::<Vector<ptx_abi::half::f16, 2>>(), (4, 4));
}

#[test]
fn pointers_and_handles_by_address_size() {
    assert_eq!(sa::<DevicePtr<u8>>(), (8, 8));
    assert_eq!(sa::<*const f32>(), (8, 8));
    assert_eq!(sa::<*mut f32>(), (8, 8));
    assert_eq!(sa::<DevicePtr<core::ffi::c_void>>(), (8, 8));
    let l = layout_at::<DevicePtr<u8>>(AddressSize::A32);
    assert_eq!((l.size, l.align), (4, 4));
    for handle in [
        layout_at::<TexRef>,
        layout_at::<SamplerRef>,
        layout_at::<SurfRef>,
    ] {
        for addr in [AddressSize::A32, AddressSize::A64] {
            assert_eq!(
                handle(addr),
                Layout { size: 8, align: 8 },
                "§1.4: .b64 handles"
            );
        }
    }
}

#[test]
fn arrays_and_phantom_data() {
    assert_eq!(sa::<[u16; 3]>(), (6, 2));
    assert_eq!(sa::<[[f64; 2]; 3]>(), (48, 8));
    assert_eq!(sa::<PhantomData<String>>(), (0, 1));
}

/// C has no zero-length arrays: NVRTC refuses `unsigned char b[0]` ("the size of an array
/// must be greater than zero", tests/data_nvrtc/input_corners.rs asks it), so `[T; 0]` has no layout
/// (using `<[u8; 0]>::SIZE` is a compile error; ptx-abi-derive/tests/ui/arrays/).
#[test]
fn zero_length_arrays_have_no_layout() {
    for addr in [AddressSize::A32, AddressSize::A64] {
        assert!(matches!(
            try_layout_of(<[u8; 0]>::TYPE, addr),
            Err(LayoutError::ZeroLengthArray { .. })
        ));
        assert!(matches!(
            try_layout_of(<[[u32; 0]; 2]>::TYPE, addr),
            Err(LayoutError::ZeroLengthArray { .. })
        ));
    }
}

/// §1.2: (lanes, size, align) for an element of `elem` bytes.
fn expected(elem: usize, lanes: usize) -> (usize, usize) {
    let align = if lanes % 2 == 0 { lanes * elem } else { elem };
    (lanes * elem, align)
}

/// (CUDA name, (size, align) of the 1..=N-lane vectors, element size).
type Row<const N: usize> = (&'static str, [(usize, usize); N], usize);

#[test]
fn native_vectors_section_1_2() {
    let small: [Row<4>; 7] = [
        (
            "char",
            [sa::<Char1>(), sa::<Char2>(), sa::<Char3>(), sa::<Char4>()],
            1,
        ),
        (
            "uchar",
            [
                sa::<UChar1>(),
                sa::<UChar2>(),
                sa::<UChar3>(),
                sa::<UChar4>(),
            ],
            1,
        ),
        (
            "short",
            [
                sa::<Short1>(),
                sa::<Short2>(),
                sa::<Short3>(),
                sa::<Short4>(),
            ],
            2,
        ),
        (
            "ushort",
            [
                sa::<UShort1>(),
                sa::<UShort2>(),
                sa::<UShort3>(),
                sa::<UShort4>(),
            ],
            2,
        ),
        (
            "int",
            [sa::<Int1>(), sa::<Int2>(), sa::<Int3>(), sa::<Int4>()],
            4,
        ),
        (
            "uint",
            [sa::<UInt1>(), sa::<UInt2>(), sa::<UInt3>(), sa::<UInt4>()],
            4,
        ),
        (
            "float",
            [
                sa::<Float1>(),
                sa::<Float2>(),
                sa::<Float3>(),
                sa::<Float4>(),
            ],
            4,
        ),
    ];
    for (name, got, elem) in small {
        for (i, g) in got.iter().enumerate() {
            assert_eq!(*g, expected(elem, i + 1), "{name}{}", i + 1);
        }
    }
    let wide: [Row<2>; 5] = [
        ("long", [sa::<Long1>(), sa::<Long2>()], 8),
        ("ulong", [sa::<ULong1>(), sa::<ULong2>()], 8),
        ("longlong", [sa::<LongLong1>(), sa::<LongLong2>()], 8),
        ("ulonglong", [sa::<ULongLong1>(), sa::<ULongLong2>()], 8),
        ("double", [sa::<Double1>(), sa::<Double2>()], 8),
    ];
    for (name, got, _) in wide {
        for (i, g) in got.iter().enumerate() {
            assert_eq!(*g, expected(8, i + 1), "{name}{}", i + 1);
        }
    }
}

#[test]
fn vectors_have_the_ptx_layout_in_rust_too() {
    assert_eq!(std::mem::align_of::<Float4>(), 16);
    assert_eq!(std::mem::size_of::<Char3>(), 3);
    assert_eq!(std::mem::align_of::<Short2>(), 4);
    assert_eq!(std::mem::align_of::<Double2>(), 16);
}

#[test]
fn vector_conversions_and_names() {
    let v = Int3::from([1, -2, 3]);
    assert_eq!(v.lanes(), [1, -2, 3]);
    assert_eq!(v[1], -2);
    let back: [i32; 3] = v.into();
    assert_eq!(back, [1, -2, 3]);
    assert_eq!(format!("{v:?}"), "Int3([1, -2, 3])");
    assert_eq!(vector_c_name(Scalar::U64, 2), "ulonglong2");
    // `__half` lanes have no Rust alias; their name must not be `Half2`, CUDA's `__half2`.
    assert_eq!(vector_name(Scalar::F16, 2), "Vector<f16, 2>");
    assert_eq!(<Half2 as PtxAbi>::TYPE.name, "__half2");
    assert_eq!(
        v.to_ptx_bytes().unwrap(),
        [1, 0, 0, 0, 254, 255, 255, 255, 3, 0, 0, 0]
    );
}

#[test]
fn device_pointers() {
    let p: DevicePtr<f32> = DevicePtr::from_raw(0xdead_beef_0000);
    assert_eq!(p.addr(), 0xdead_beef_0000);
    assert!(DevicePtr::<f32>::NULL.is_null());
    assert_eq!(p.to_ptx_bytes().unwrap(), 0xdead_beef_0000u64.to_le_bytes());
    let raw: *const f32 = <*const f32>::from_ptx_bytes(&0x1000u64.to_le_bytes()).unwrap();
    assert_eq!(raw.addr(), 0x1000);
}

/// A member too large to count in bits (2⁶² bytes) is an error, not an overflow.
#[test]
fn a_member_too_large_to_count_in_bits_is_an_error() {
    static HUGE: TypeDesc = TypeDesc {
        name: "Huge",
        kind: TypeKind::Aggregate {
            kind: AggregateKind::Struct,
            align: 0,
            pack: 0,
            members: &[
                Member {
                    name: "a",
                    ty: <u8 as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
                Member {
                    name: "b",
                    ty: <[[u8; 1 << 31]; 1 << 31] as PtxAbi>::TYPE,
                    bits: None,
                    align: 0,
                },
            ],
        },
    };
    assert_eq!(
        try_layout_of(&HUGE, AddressSize::A64),
        Err(LayoutError::TooLarge { ty: "Huge" })
    );
    assert!(ptx_abi::report::diagram::text(&HUGE, AddressSize::A64).is_err());
}
