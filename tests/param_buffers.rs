//! `KernelLaunch::param_buffer(arch)` and `param_buffer_at(offsets)` against a buffer built
//! here from each argument's own image: for random arguments, architectures and offsets
//! (gaps of any size, overlaps, offsets past the capacity or near `usize::MAX`), the buffer
//! holds every parameter's image at its offset and zeros everywhere else, or the call fails
//! with the error of the first parameter that cannot be placed.
//!
//! The buffer writes only the bytes below its last parameter's end and reads them back as
//! initialized (`params/buffer.rs`, an `unsafe` read); under Miri (`cargo miri test --test
//! param_buffers`, a few cases) a byte it forgot would be reported as uninitialized.

use proptest::prelude::*;
use ptx_abi::params::{Arch, ParamBuffer};
use ptx_abi::{DevicePtr, KernelLaunch, LaunchError, PtxAbi};

/// `struct Flags { unsigned mode : 3; int level : 5; float scale; }`.
#[derive(PtxAbi, Clone, Copy, Debug)]
struct Flags {
    #[ptx(bits = 3)]
    mode: u32,
    #[ptx(bits = 5)]
    level: i32,
    scale: f32,
}

/// `struct __align__(32) Tile { float v[3]; }`: aligned above 16, so the driver's offsets
/// differ by architecture from the tile on.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[ptx(align = 32)]
struct Tile {
    v: [f32; 3],
}

/// `mixed(float* out, bool flag, unsigned n, Tile tile, unsigned short h, Flags p, double x,
/// unsigned char c)`.
#[derive(PtxAbi, Clone, Copy, Debug)]
#[ptx(kernel = "mixed")]
struct Mixed {
    out: DevicePtr<f32>,
    flag: bool,
    n: u32,
    tile: Tile,
    h: u16,
    p: Flags,
    x: f64,
    c: u8,
}

const NAMES: [&str; 8] = ["out", "flag", "n", "tile", "h", "p", "x", "c"];

/// Each parameter's own image and alignment, in order.
fn parameters(m: &Mixed) -> Vec<(Vec<u8>, usize)> {
    fn one<T: PtxAbi>(v: &T) -> (Vec<u8>, usize) {
        (v.to_ptx_bytes().expect("in range"), T::ALIGN)
    }
    vec![
        one(&m.out),
        one(&m.flag),
        one(&m.n),
        one(&m.tile),
        one(&m.h),
        one(&m.p),
        one(&m.x),
        one(&m.c),
    ]
}

/// The buffer with each parameter at `offsets[i]`, or the error for the first one that
/// overlaps the one before it or ends past the capacity.
fn expected(m: &Mixed, offsets: &[usize]) -> Result<Vec<u8>, LaunchError> {
    let mut bytes = Vec::new();
    for (index, ((image, _), &offset)) in parameters(m).iter().zip(offsets).enumerate() {
        if offset < bytes.len() {
            return Err(LaunchError::Overlap {
                kernel: "mixed",
                field: NAMES[index],
                index,
                offset,
            });
        }
        let end = offset.saturating_add(image.len());
        if end > ParamBuffer::CAPACITY {
            return Err(LaunchError::TooLarge {
                kernel: "mixed",
                size: end,
                capacity: ParamBuffer::CAPACITY,
            });
        }
        bytes.resize(offset, 0);
        bytes.extend_from_slice(image);
    }
    Ok(bytes)
}

/// Where the driver reads each parameter on `arch`: from its base, each at the next multiple
/// of its alignment (§2.3).
fn driver_offsets(m: &Mixed, base: usize) -> Vec<usize> {
    let mut end = 0;
    parameters(m)
        .iter()
        .map(|(image, align)| {
            let offset = (base + end).next_multiple_of(*align) - base;
            end = offset + image.len();
            offset
        })
        .collect()
}

fn mixed() -> impl Strategy<Value = Mixed> {
    (
        any::<u64>(),
        any::<bool>(),
        any::<u32>(),
        any::<[u32; 3]>(),
        any::<u16>(),
        (0u32..8, -16i32..16, any::<u32>()),
        any::<u64>(),
        any::<u8>(),
    )
        .prop_map(|(out, flag, n, v, h, (mode, level, scale), x, c)| Mixed {
            out: DevicePtr::from_raw(out),
            flag,
            n,
            tile: Tile {
                v: v.map(f32::from_bits),
            },
            h,
            p: Flags {
                mode,
                level,
                scale: f32::from_bits(scale),
            },
            x: f64::from_bits(x),
            c,
        })
}

/// One offset per parameter: each after the previous end by a gap of up to 80 bytes, or
/// (rarely) overlapping it, or at a huge offset.
fn offsets() -> impl Strategy<Value = Vec<(u8, usize)>> {
    prop::collection::vec((0u8..20, 0usize..80), 8)
}

fn place(m: &Mixed, choices: &[(u8, usize)]) -> Vec<usize> {
    let mut end = 0usize;
    parameters(m)
        .iter()
        .zip(choices)
        .map(|((image, _), &(kind, n))| {
            let offset = match kind {
                0 => end.saturating_sub(n % 8 + 1),
                1 => ParamBuffer::CAPACITY - n,
                2 => usize::MAX - n,
                _ => end.saturating_add(n),
            };
            end = offset.saturating_add(image.len());
            offset
        })
        .collect()
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: if cfg!(miri) { 6 } else { 2000 },
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_buffer_at_given_offsets_is_the_images_and_zeros(m in mixed(), choices in offsets()) {
        let offsets = place(&m, &choices);
        let launch = KernelLaunch::new(&m).expect("in range");
        let ours = launch.param_buffer_at(&offsets);
        match expected(&m, &offsets) {
            Ok(bytes) => {
                let ours = ours.expect("placed");
                prop_assert_eq!(ours.as_bytes(), &bytes[..], "offsets {:?}", offsets);
                prop_assert_eq!(ours.size(), bytes.len());
            }
            Err(e) => prop_assert_eq!(ours.err(), Some(e), "offsets {:?}", offsets),
        }
    }

    #[test]
    fn a_buffer_for_an_architecture_is_where_the_driver_reads(
        m in mixed(),
        arch in prop::sample::select(vec![
            Arch::SM_50, Arch::SM_70, Arch::SM_80, Arch::SM_90, Arch::SM_100, Arch::SM_120,
        ]),
    ) {
        let base = arch.param_base().expect("a known architecture");
        let offsets = driver_offsets(&m, base);
        let ours = KernelLaunch::new(&m).expect("in range").param_buffer(arch).expect("fits");
        let bytes = expected(&m, &offsets).expect("the driver's offsets never overlap");
        prop_assert_eq!(ours.as_bytes(), &bytes[..], "{:?}: offsets {:?}", arch, offsets);
    }
}
