//! `#[ptx(align = N)]` on a field: C++'s `alignas(N)` on a member (issue 30). Each C
//! declaration is written by hand in the idioms that use it (a multi-GPU all-reduce's flag
//! block aligned to 128-byte lines, a queue entry whose payload starts a new 16-byte vector
//! load, an aligned struct member); NVRTC answers through `CTypeCheck` and
//! through the static_asserts of ptx-abi's own header for the types.

#![allow(dead_code)] // types that exist only to be compared with C

use crate::common;

use crate::c_types::verdict;
use ptx_abi::params::{call_prototype, check_signature};
use ptx_abi::types::Float4;
use ptx_abi::{cuda_header, DevicePtr, ParamSpace, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
struct PeerFlags {
    #[ptx(align = 128)]
    start: [[u32; 8]; 4],
    #[ptx(align = 128)]
    end: [[[u32; 8]; 4]; 2],
    generation: u32,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct QueueEntry {
    kind: u8,
    #[ptx(align = 16)]
    payload: [f32; 3],
    #[ptx(align = 8)]
    seq: u32,
    weight: Float4,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct Holder {
    tag: u8,
    #[ptx(align = 32)]
    entry: QueueEntry,
    #[ptx(align = 16)]
    small: u64,
}

const HEADER: &str = "
struct PeerFlags {
    alignas(128) unsigned int start[4][8];
    alignas(128) unsigned int end[2][4][8];
    unsigned int generation;
};
struct QueueEntry {
    unsigned char kind;
    alignas(16) float payload[3];
    alignas(8) unsigned int seq;
    float4 weight;
};
struct Holder {
    unsigned char tag;
    alignas(32) QueueEntry entry;
    unsigned long long small __attribute__((aligned(16)));
};
";

#[test]
fn aligned_members_are_where_cxx_puts_them() {
    // start at 0 (128 bytes), end at 128 (256), generation at 384; 512/128.
    assert_eq!((PeerFlags::SIZE, PeerFlags::ALIGN), (512, 128));
    // kind 0, payload 16..28, seq 32, weight 48..64.
    assert_eq!((QueueEntry::SIZE, QueueEntry::ALIGN), (64, 16));
    // tag 0, entry 32..96, small 96 (16-aligned).
    assert_eq!((Holder::SIZE, Holder::ALIGN), (128, 32));
}

#[test]
fn faithful_headers_match() {
    for v in [
        verdict::<PeerFlags>(HEADER, "PeerFlags", &[]),
        verdict::<QueueEntry>(HEADER, "QueueEntry", &[]),
        verdict::<Holder>(HEADER, "Holder", &[]),
    ]
    .into_iter()
    .flatten()
    {
        v.unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_member_without_its_alignas_is_named() {
    let plain = HEADER.replace("alignas(16) float payload[3];", "float payload[3];");
    let Some(Err(e)) = verdict::<QueueEntry>(&plain, "QueueEntry", &[]) else {
        if common::nvrtc().is_some() {
            panic!("NVRTC found no difference without alignas");
        }
        return;
    };
    assert!(
        e.to_string()
            .contains("`payload`: offset: C has byte 4, Rust has byte 16"),
        "{e}"
    );
}

#[test]
fn ptx_abis_header_spells_alignas_and_nvrtc_agrees() {
    let h = cuda_header(&[PeerFlags::TYPE, Holder::TYPE]).unwrap();
    assert!(
        h.contains("    alignas(128) unsigned int start[4][8];"),
        "{h}"
    );
    assert!(h.contains("    alignas(32) QueueEntry entry;"), "{h}");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(&nvrtc, &h);
}

#[test]
fn an_image_puts_aligned_members_at_their_offsets() {
    let e = QueueEntry {
        kind: 7,
        payload: [1.0, 2.0, 3.0],
        seq: 9,
        weight: Float4::new([0.5, 0.25, 0.125, 2.0]),
    };
    let mut image = [0xAAu8; 64];
    e.encode(&mut image).unwrap();
    assert_eq!(image[0], 7);
    assert_eq!(image[1..16], [0u8; 15]);
    assert_eq!(image[16..20], 1.0f32.to_le_bytes());
    assert_eq!(image[32..36], 9u32.to_le_bytes());
    assert_eq!(image[48..52], 0.5f32.to_le_bytes());
    assert_eq!(QueueEntry::decode(&image).unwrap(), e);
}

// Alignments beyond §2.3 note D's 128, as collective and shared-memory code writes them: a
// FIFO slot aligned to 256 bytes (its own cache sector group) and a staging buffer aligned to
// 1024 (a swizzle atom). Note D bounds parameters; in memory §1.2 lays them out, and NVRTC
// gives a kernel a `.param .align 256` that ptxas assembles (a device function's, it refuses:
// `tests/params_ptxas/refused.rs`).
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[ptx(align = 256)]
struct FifoSlot {
    head: u64,
    tail: u64,
    flags: u32,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
struct ConnInfo {
    rank: i32,
    slot: FifoSlot,
    #[ptx(align = 1024)]
    stage: [f32; 4],
    peers: u32,
}

#[derive(PtxAbi, Clone, Copy)]
struct DrainArgs {
    s: FifoSlot,
    c: DevicePtr<ConnInfo>,
}

const OVER_ALIGNED: &str = "
struct alignas(256) FifoSlot {
    unsigned long long head;
    unsigned long long tail;
    unsigned int flags;
};
struct ConnInfo {
    int rank;
    FifoSlot slot;
    alignas(1024) float stage[4];
    unsigned int peers;
};
";

#[test]
fn alignments_beyond_128_are_laid_out_as_cxx_does() {
    // slot at 256 (256 bytes), stage at 1024, peers at 1040; 2048 / 1024.
    assert_eq!((FifoSlot::SIZE, FifoSlot::ALIGN), (256, 256));
    assert_eq!((ConnInfo::SIZE, ConnInfo::ALIGN), (2048, 1024));
    for v in [
        verdict::<FifoSlot>(OVER_ALIGNED, "FifoSlot", &[]),
        verdict::<ConnInfo>(OVER_ALIGNED, "ConnInfo", &[]),
    ]
    .into_iter()
    .flatten()
    {
        v.unwrap_or_else(|e| panic!("{e}"));
    }
    // The image type has the alignment too, and the bytes land where C reads them.
    let info = ConnInfo {
        rank: 3,
        slot: FifoSlot {
            head: 1,
            tail: 2,
            flags: 5,
        },
        stage: [1.0, 2.0, 3.0, 4.0],
        peers: 8,
    };
    let image = ConnInfoImage::new(&info).unwrap();
    assert_eq!(std::mem::align_of::<ConnInfoImage>(), 1024);
    use ptx_abi::codec::PtxImage;
    let bytes = image.as_bytes();
    assert_eq!(bytes[256..264], 1u64.to_le_bytes());
    assert_eq!(bytes[1024..1028], 1.0f32.to_le_bytes());
    assert_eq!(bytes[1040..1044], 8u32.to_le_bytes());
    assert_eq!(image.get().unwrap(), info);
}

#[test]
fn a_kernel_takes_a_parameter_aligned_to_256_and_a_device_function_does_not() {
    let e = call_prototype("proto", &[FifoSlot::TYPE], None, ptx_abi::AddressSize::A64)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("aligned to 256") && e.contains("pass a pointer"),
        "{e}"
    );
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = common::compile(
        &nvrtc,
        &format!(
            "{OVER_ALIGNED}extern \"C\" __global__ void drain(FifoSlot s, ConnInfo* c) {{ \
             c->peers = s.flags; }}\n"
        ),
    );
    assert!(
        ptx.contains(".param .align 256 .b8 drain_param_0[256]"),
        "{ptx}"
    );
    check_signature(&ptx, "drain", DrainArgs::TYPE, ParamSpace::Entry)
        .unwrap_or_else(|e| panic!("{e}"));
}
