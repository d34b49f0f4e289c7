//! Headers as users have them (`headers/includes_*.cuh`: `#include <cuda_fp16.h>`,
//! `<cstdint>`, `__extension__` unions), imported and checked by the importer's emitted
//! `nvrtc::assert_matches` calls against NVRTC with CUDA's real headers (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/includes.rs"));

/// The importer leaves out exactly what has no data layout (a function type, a class with
/// virtual functions, a struct that holds one by value) and imports the rest of the header,
/// which the emitted checks above verify (issue 30). Every other header imports whole.
#[cfg(ptx_abi_import_includes)]
#[test]
fn only_what_has_no_layout_is_left_out() {
    assert_eq!(
        includes_partial_optix::SKIPPED,
        ["LogCallback", "DenoiserHooks", "HookedLaunch"]
    );
    // A caching allocator's `std::map`s (host-only state, libstdc++'s layout); its inline code
    // needs more of <map> than the stand-in declares, so the header is read with the host's
    // C++ library, and the runtime API from CUDA's include directory.
    assert_eq!(
        includes_gpu_portability::SKIPPED,
        ["md::CachedAllocator::m_free", "md::CachedAllocator::m_used"]
    );
    // A 128-bit integer is no PTX ABI type; the header's other types are checked (NVRTC with
    // `-device-int128`).
    assert_eq!(includes_c_idioms::SKIPPED, ["WideMask::bits"]);
    // A `[[no_unique_address]]` member that is not empty may lend its tail padding (nvcc puts
    // `stage` at byte 9 of the 16-byte timer), and what holds it.
    assert_eq!(
        includes_template_idioms::SKIPPED,
        ["sim::ProfiledStep::timer", "sim::ProfiledLaunch"]
    );
    for skipped in [
        includes_arch::SKIPPED,
        includes_base_classes::SKIPPED,
        includes_bitfield_types::SKIPPED,
        includes_classes::SKIPPED,
        includes_cuda_toolkit::SKIPPED,
        includes_descriptors::SKIPPED,
        includes_device_code::SKIPPED,
        includes_empty_classes::SKIPPED,
        includes_flag_enums::SKIPPED,
        includes_gnu_version::SKIPPED,
        includes_host_utils::SKIPPED,
        includes_language_standard::SKIPPED,
        includes_llama::SKIPPED,
        includes_namespace_aliases::SKIPPED,
        includes_own_names::SKIPPED,
        includes_over_aligned::SKIPPED,
        includes_aligned_storage::SKIPPED,
        includes_portable::SKIPPED,
        includes_pragma_macros::SKIPPED,
        includes_rt_handles::SKIPPED,
        includes_std_headers::SKIPPED,
        includes_switches::SKIPPED,
        includes_templates::SKIPPED,
    ] {
        assert!(skipped.is_empty(), "{skipped:?}");
    }
}

/// Members aligned by `alignas(T)` or a bare `aligned`, whose number clang's AST does not
/// give: each alignment is the one that gives clang's layout, and the checks compare every
/// offset with NVRTC's and nvcc's.
#[cfg(ptx_abi_import_includes)]
#[test]
fn an_alignment_without_a_number_is_found_from_clangs_layout() {
    use includes_aligned_storage::graph::{
        Counter, NodePayload, Optional_double, Optional_float4, ScratchLane, TaskSlot,
    };
    use ptx_abi::PtxAbi;
    assert!(includes_aligned_storage::SKIPPED.is_empty());
    // engaged 0, storage 8 (16 for `float4`).
    assert_eq!((Optional_double::SIZE, Optional_double::ALIGN), (16, 8));
    assert_eq!((Optional_float4::SIZE, Optional_float4::ALIGN), (32, 16));
    // kind 0, inline_bytes 16 (`double2`), size 40: 48 / 16.
    assert_eq!((NodePayload::SIZE, NodePayload::ALIGN), (48, 16));
    // weight 0, bounds 16, state 48: 64 / 16.
    assert_eq!((TaskSlot::SIZE, TaskSlot::ALIGN), (64, 16));
    // lane 0, scratch 16: 32 / 16.
    assert_eq!((ScratchLane::SIZE, ScratchLane::ALIGN), (32, 16));
    assert_eq!((Counter::SIZE, Counter::ALIGN), (2, 1));
}

/// Template idioms nvcc compiles (defaulted `int64_t` arguments, nested instantiations, an
/// anonymous namespace, an empty CRTP base, an empty `[[no_unique_address]]` member): imported
/// with nvcc's layouts (13.5, `-std=c++20`: each number below a `static_assert` it passed).
#[cfg(ptx_abi_import_includes)]
#[test]
fn template_idioms_have_nvccs_layouts() {
    use includes_template_idioms::infer::{CalibrationArgs, LayerNormArgs, SoftmaxArgs};
    use includes_template_idioms::sim::{Buffers, ScratchArena, Span2_float, StepArgs};
    use includes_template_idioms::DropoutArgs;
    use ptx_abi::PtxAbi;
    // Three views of 8 + 2 × 3 × 8 (`int64_t`, the default) and one of 8 + 2 × 4, and `eps`.
    assert_eq!((LayerNormArgs::SIZE, LayerNormArgs::ALIGN), (136, 8));
    assert_eq!((CalibrationArgs::SIZE, CalibrationArgs::ALIGN), (84, 4));
    // Member aliases: items 0, data 8 (16 / 8); staging 0, view 16 (two pointers): 32 / 8.
    assert_eq!((Span2_float::SIZE, Span2_float::ALIGN), (16, 8));
    assert_eq!((Buffers::SIZE, Buffers::ALIGN), (32, 8));
    // Defaults on earlier parameters and variadic templates, found by clang's names: a 16,
    // b 16 (8 halves), wide 32 (at 32), box 16 (two lanes each, at 64), cursor 16 (at 80),
    // tag 4 (at 96), duo 16 (at 104), xy 8 (at 120): 128 / 8.
    use includes_template_idioms::sim::TileArgs;
    assert_eq!((TileArgs::SIZE, TileArgs::ALIGN), (128, 8));
    // The empty CRTP base takes no bytes: the policy is 12, the pointers at 16 and 24.
    assert_eq!((SoftmaxArgs::SIZE, SoftmaxArgs::ALIGN), (32, 8));
    assert_eq!((DropoutArgs::SIZE, DropoutArgs::ALIGN), (40, 8));
    // The empty `[[no_unique_address]]` stream tag takes no bytes.
    assert_eq!((ScratchArena::SIZE, ScratchArena::ALIGN), (8, 4));
    assert_eq!((StepArgs::SIZE, StepArgs::ALIGN), (56, 8));
}

/// Alignments beyond 128 (issue 30: flashinfer's `alignas(256)` FIFO connection was refused):
/// imported with C++'s layout, which the emitted checks compare with NVRTC's (and nvcc's).
#[cfg(ptx_abi_import_includes)]
#[test]
fn alignments_beyond_128_are_imported() {
    use includes_over_aligned::moe::{ConnTable, FifoConn, StageBlock};
    use ptx_abi::PtxAbi;
    assert_eq!((FifoConn::SIZE, FifoConn::ALIGN), (256, 256));
    // world_size 0, send at 256, recv at 768, flags at 1280; 1536 / 256.
    assert_eq!((ConnTable::SIZE, ConnTable::ALIGN), (1536, 256));
    // expert 0, tile at 1024, rows at 1056; 2048 / 1024.
    assert_eq!((StageBlock::SIZE, StageBlock::ALIGN), (2048, 1024));
}

/// C++ empty classes (issue 30: refused before, as C gives an empty struct no bytes) are
/// `#[ptx(empty_class)]`: one byte, or their alignment, as members, array elements and
/// kernel parameters; an empty base still takes none. NVRTC checks every offset above, and
/// that each is an empty class (`__is_empty`).
#[cfg(ptx_abi_import_includes)]
#[test]
fn empty_classes_take_a_byte() {
    use includes_empty_classes::splat::{
        self, CountedPath, NoDistortionParams, PinholeTag, RasterArgs, ScalarPath, VectorPath,
    };
    use ptx_abi::PtxAbi;
    assert_eq!(
        (NoDistortionParams::SIZE, NoDistortionParams::ALIGN),
        (1, 1)
    );
    assert_eq!((PinholeTag::SIZE, ScalarPath::SIZE), (1, 1));
    assert_eq!((VectorPath::SIZE, VectorPath::ALIGN), (16, 16));
    // Six 4-byte members, then the empty distortion at 24: 28 / 4.
    assert_eq!(
        <splat::CameraParams_splat_NoDistortionParams as PtxAbi>::SIZE,
        28
    );
    // path 0, pinhole 4..32, opencv 32..72, vec 80..96, tile 96, unused 98..100: 112 / 16.
    assert_eq!((RasterArgs::SIZE, RasterArgs::ALIGN), (112, 16));
    assert_eq!(CountedPath::SIZE, 4);
    let _: fn(CountedPath) -> u32 = |c| c.count;
    // The private nested types are imported for the public member that holds one.
    assert_eq!(<splat::HalfBits as PtxAbi>::SIZE, 2);
    assert_eq!(<splat::HalfBits_from_bits_t as PtxAbi>::SIZE, 1);
}

/// Bit-flag enums are open (issue 30): their underlying integer, the enumerators constants,
/// so that a value C ORs together encodes and decodes; an enum named open
/// (`// import-open-enum:`) too; an ordinary enum stays a Rust enum. NVRTC checks each
/// member's offset, size and signedness above.
#[cfg(ptx_abi_import_includes)]
#[test]
fn flag_enums_are_open() {
    use includes_flag_enums::rt::{self, LaunchParams};
    use ptx_abi::PtxAbi;
    let _: rt::BuildFlags = 0i32; // NVIDIA's front end gives an enum without a written type `int`
    let _: rt::RayFlags = 0i32;
    let _: rt::StageMask = 0u8;
    let params = LaunchParams {
        build_flags: rt::BUILD_FLAG_ALLOW_UPDATE | rt::BUILD_FLAG_PREFER_FAST_TRACE,
        ray_flags: rt::RAY_FLAG_ANYHIT_MASK,
        stages: rt::StageMask_Raygen | rt::StageMask_Miss,
        shading: rt::Shading::Smooth,
        width: 640,
        height: 480,
    };
    // build_flags 0, ray_flags 4, stages 8, shading 12, width 16, height 20: 24 / 4.
    assert_eq!((LaunchParams::SIZE, LaunchParams::ALIGN), (24, 4));
    let mut image = [0u8; 24];
    params.encode(&mut image).unwrap();
    assert_eq!(image[..12], [5, 0, 0, 0, 11, 0, 0, 0, 3, 0, 0, 0]);
    assert_eq!(LaunchParams::decode(&image).unwrap(), params);
    // An ordinary enum still refuses what is not an enumerator.
    image[12] = 7;
    assert!(LaunchParams::decode(&image).is_err());
}

/// Base classes are leading members, named after the base, laid out first: a value's image
/// starts with its base's members (issue 30; the offsets NVRTC gives are checked above).
#[cfg(ptx_abi_import_includes)]
#[test]
fn base_classes_are_leading_members() {
    use includes_base_classes::{SSMParamsBase, SSMParamsBwd};
    use ptx_abi::{DevicePtr, PtxAbi};
    let p = SSMParamsBwd {
        base_SSMParamsBase: SSMParamsBase {
            batch: 2,
            dim: 64,
            seqlen: 128,
            dstate: 16,
            n_groups: 1,
            is_variable_B: true,
            A_ptr: DevicePtr::from_raw(0x1000),
            B_ptr: DevicePtr::from_raw(0x2000),
        },
        dout_batch_stride: 4096,
        dA_ptr: DevicePtr::from_raw(0x3000),
        dB_ptr: DevicePtr::from_raw(0x4000),
    };
    let mut image = vec![0u8; <SSMParamsBwd as PtxAbi>::SIZE];
    p.encode(&mut image).unwrap();
    assert_eq!(image[..8], [2, 0, 0, 0, 64, 0, 0, 0]);
    // The base is 40 bytes (five ints and a bool, then two pointers aligned 8); the derived
    // members follow it.
    assert_eq!(image[40..48], 4096i64.to_le_bytes());
}

/// Instantiations the header uses are imported under their C++ names' Rust spelling; the
/// 4 KiB argument block has its 16-aligned buffer where nvcc puts it (checked by NVRTC above).
#[cfg(ptx_abi_import_includes)]
#[test]
fn template_instantiations_are_concrete_types() {
    use includes_templates::coll::{self, Array_float_4, KernelArgs_4096};
    use ptx_abi::PtxAbi;
    assert_eq!(<KernelArgs_4096 as PtxAbi>::SIZE, 4096);
    assert_eq!(<coll::KernelArgs4K as PtxAbi>::SIZE, 4096);
    assert_eq!(<Array_float_4 as PtxAbi>::SIZE, 20);
    assert_eq!(<coll::Array_bool_8 as PtxAbi>::SIZE, 1);
    let _: fn(coll::Schedule) -> coll::Array_coll_Pair_int_float_3 = |s| s;
    // `DeviceBuffer<float> outs[2]`, an array of an alias template of a pointer.
    let _: fn(&coll::BufferArgs) -> [ptx_abi::DevicePtr<f32>; 2] = |b| b.outs;
    // Each instantiation of `vec2_t` has unnamed members of its own, though clang declares
    // them all at the template's one location: `vec2_t<double>`'s are doubles.
    assert_eq!(<coll::vec2_t_float as PtxAbi>::SIZE, 8);
    assert_eq!(<coll::vec2_t_double as PtxAbi>::SIZE, 16);
    assert_eq!(<coll::RayArgs as PtxAbi>::SIZE, 32);
    let _: fn(coll::vec2_t_double_anon_anon0) -> f64 = |v| v.y;
}

/// The import's `-D` reached the Rust (a 64-bit index, the optional member) and, through
/// the emitted checks' options, NVRTC (issue 30).
#[cfg(ptx_abi_import_includes)]
#[test]
fn macros_given_to_the_import_shape_the_types() {
    use includes_switches::{ProjMeshView, ProjRange};
    use ptx_abi::PtxAbi;
    assert_eq!(<ProjRange as PtxAbi>::SIZE, 16);
    // faces (16), positions, normals (8 each), vertex_count (8).
    assert_eq!(<ProjMeshView as PtxAbi>::SIZE, 40);
}

/// Without the header's directory NVRTC cannot find its sibling; without the macro it lays
/// `ProjRange` out with a 4-byte index: the check fails and says so. With both it passes.
#[cfg(ptx_abi_import_includes)]
#[test]
fn the_checks_need_the_imports_directory_and_macros() {
    use includes_switches::ProjRange;
    use ptx_abi::report::nvrtc::{check_matches_with, MatchError, NvccError, NvrtcError};
    let header = include_str!("../headers/includes_switches.cuh");
    let dir = format!("-I{}/headers", env!("CARGO_MANIFEST_DIR"));
    let check = |opts: &[&str]| check_matches_with::<ProjRange>(header, "ProjRange", &[], opts);
    // NVRTC or nvcc, whichever checks here (`PTX_ABI_CHECKER`).
    match check(&[]) {
        Err(MatchError::Nvrtc(NvrtcError::Compile { log }))
        | Err(MatchError::Nvcc(NvccError::Compile { log, .. })) => {
            assert!(log.contains("sibling_index.cuh"), "{log}")
        }
        other => panic!("{other:?}"),
    }
    let narrow = check(&[&dir]).unwrap_err().to_string();
    assert!(narrow.contains("C has 8 bytes, Rust has 16"), "{narrow}");
    check(&[&dir, "-DPROJ_WIDE_INDEX"]).unwrap();
}

/// A header's own `half` and `CUtensorMap`, where it includes no CUDA header declaring them,
/// are its types, not CUDA's (issue 30): a 16-bit integer and a 128-byte struct of words.
#[cfg(ptx_abi_import_includes)]
#[test]
fn a_headers_own_names_win_over_cudas() {
    use includes_own_names::{half, CUtensorMap, HalfPixel};
    let _: half = 0u16;
    let p = HalfPixel {
        r: 1,
        g: 2,
        b: 3,
        a: 4,
    };
    assert_eq!(p.a, 4u16);
    assert_eq!(<CUtensorMap as ptx_abi::PtxAbi>::SIZE, 128);
}

/// The platform branch nvcc's device pass takes on x86-64 Linux (issue 30): the header's own
/// `#error "Unknown operating system"` stays off, and the Linux-only member is there.
#[cfg(ptx_abi_import_includes)]
#[test]
fn the_host_platform_is_nvccs() {
    let h = includes_portable::PxContactPairHeader {
        actorIds: [1, 2],
        flags: 0,
        nbPairs: 1,
        impulse: includes_portable::PxVec3 {
            x: 0.0,
            y: 0.0,
            z: 1.0,
        },
        linuxOnlyPad: 0,
    };
    assert_eq!(h.actorIds[1], 2i64);
}

/// A hand port of a type NVRTC cannot build in a constant expression (a constructor) is told
/// so, bit-field by bit-field, unless the caller accepts it as the importer does, having
/// compared the positions with clang's layout; a private member mapped to `-` is left out
/// (issue 30).
#[cfg(ptx_abi_import_includes)]
#[test]
fn constructors_and_private_members_are_checked_as_far_as_nvrtc_can() {
    use includes_classes::{RingCounters, SortKey};
    use ptx_abi::report::nvrtc::check_matches_with;
    let header = include_str!("../headers/includes_classes.cuh");
    let told = check_matches_with::<SortKey>(header, "SortKey", &[], &[])
        .unwrap_err()
        .to_string();
    assert!(
        told.contains("`bucket`") && told.contains("is not a literal type"),
        "{told}"
    );
    check_matches_with::<SortKey>(header, "SortKey", &[], &["-DPTX_ABI_ACCEPT_UNPROBED=1"])
        .unwrap();
    let private = [
        ("head_", "-"),
        ("tail_", "-"),
        ("wrap_", "-"),
        ("fill_", "-"),
    ];
    check_matches_with::<RingCounters>(header, "RingCounters", &private, &[]).unwrap();
    // The public member is still checked: a Rust port with it moved is caught.
    let moved = header.replace(
        "    int capacity;\nprivate:",
        "private:\n    int capacity_pad;\npublic:\n    int capacity;\nprivate:",
    );
    let e = check_matches_with::<RingCounters>(&moved, "RingCounters", &private, &[])
        .unwrap_err()
        .to_string();
    assert!(e.contains("`capacity`: offset"), "{e}");
}

/// A struct aligned by an attribute after its closing brace (`PHYS_ALIGN_SUFFIX(16)`) has
/// nvcc's layout in the import (issue 30): 16-aligned, and `BodyState::position` at offset 16.
/// nvcc's emitted checks pass; NVRTC, which drops the attribute, fails the same check and says
/// why, while the portable `alignas(8)` struct is NVRTC's too.
#[cfg(ptx_abi_import_nvcc)]
#[test]
fn an_alignment_after_the_closing_brace_is_nvcc_s() {
    use includes_nvcc_align_suffix::phys::{
        BodyState, ReplayChunk, ReplayHeader, ReplayLog, ReplayStamp, SensorSample, SolverStep,
        TwoSpecifiers, Vec3A,
    };
    use ptx_abi::report::nvrtc::{MatchError, Nvrtc, DROPPED_ATTRIBUTE_NOTE};
    use ptx_abi::PtxAbi;
    assert_eq!((Vec3A::SIZE, Vec3A::ALIGN), (16, 16));
    // nvcc packs `ReplayHeader` (7/1) after its closing brace; `dt` follows it at 8.
    assert_eq!((ReplayHeader::SIZE, ReplayHeader::ALIGN), (7, 1));
    assert_eq!((ReplayChunk::SIZE, ReplayChunk::ALIGN), (12, 4));
    // id 0..4, position 16..32, velocity 32..48, inv_mass 48..52, tail padding to 64.
    assert_eq!((BodyState::SIZE, BodyState::ALIGN), (64, 16));
    let header = include_str!("../headers/includes_nvcc_align_suffix.cuh");
    let nvrtc = Nvrtc::locate().expect("NVRTC");
    match nvrtc.check_with::<BodyState>(header, "phys::BodyState", &[], &[]) {
        Err(MatchError::Mismatch(m)) => {
            assert!(m.notes.iter().any(|n| n == DROPPED_ATTRIBUTE_NOTE), "{m}")
        }
        other => panic!("NVRTC should lay BodyState out without the attribute: {other:?}"),
    }
    nvrtc
        .check_with::<SolverStep>(header, "phys::SolverStep", &[], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    // A member's `aligned` above `#pragma pack(2)`: nvcc keeps it (kind 0, stamp 8, len 12:
    // 16 / 8; a holder of two 40 / 8), NVRTC caps it (stamp at 2).
    assert_eq!((ReplayStamp::SIZE, ReplayStamp::ALIGN), (16, 8));
    assert_eq!((ReplayLog::SIZE, ReplayLog::ALIGN), (40, 8));
    match nvrtc.check_with::<ReplayStamp>(header, "phys::ReplayStamp", &[], &[]) {
        Err(MatchError::Mismatch(m)) => {
            assert!(m.to_string().contains("`stamp`: offset"), "{m}")
        }
        other => panic!("NVRTC should cap ReplayStamp's `stamp` at the packing: {other:?}"),
    }
    // GNU's `packed` leaves `__half` members at 2 in nvcc (channel 0, value 2, tick 4,
    // range 8: 12 / 2); NVRTC packs them (value at 1).
    assert_eq!((SensorSample::SIZE, SensorSample::ALIGN), (12, 2));
    match nvrtc.check_with::<SensorSample>(header, "phys::SensorSample", &[], &[]) {
        Err(MatchError::Mismatch(m)) => {
            assert!(m.to_string().contains("`value`: offset"), "{m}")
        }
        other => panic!("NVRTC should pack SensorSample's `__half`s: {other:?}"),
    }
    // `alignas(16) alignas(4)`: nvcc takes the last (4/4), NVRTC the strictest (16/16).
    assert_eq!((TwoSpecifiers::SIZE, TwoSpecifiers::ALIGN), (4, 4));
    match nvrtc.check_with::<TwoSpecifiers>(header, "phys::TwoSpecifiers", &[], &[]) {
        Err(MatchError::Mismatch(m)) => assert!(m.to_string().contains("alignof"), "{m}"),
        other => panic!("NVRTC should align TwoSpecifiers to 16: {other:?}"),
    }
    assert!(includes_nvcc_align_suffix::SKIPPED.is_empty());
}

/// `#pragma pack(push, 1)`, `#pragma pack(2)` and `__attribute__((packed))` are imported as
/// `#[ptx(pack = N)]` with the layout nvcc gives (their checks compare every offset and bit
/// position); a packing that changes nothing is imported as the plain struct; a member aligned
/// above its packing keeps its alignment; a packed record whose `char` bit-fields cross a byte,
/// where nvcc and NVRTC disagree, is left out with the reason.
#[cfg(ptx_abi_import_includes)]
#[test]
fn packing_is_imported_as_nvcc_lays_it_out() {
    use includes_packing::phys::{
        BroadphaseArgs, ContactPair, Impulse, ReplayEntry, SleepState, SolverCounters, WireContact,
        WireHeader, WirePacket,
    };
    use ptx_abi::PtxAbi;
    assert_eq!(
        includes_packing::SKIPPED,
        ["phys::WireLegacy::b", "phys::WireAmbiguous"]
    );
    // A zero-width bit-field under a packing moves `next` to the packed boundary: tag 0,
    // next 1 (2 / 1); tag 0, seq 1, next 5 (6 / 1).
    use includes_packing::phys::{WireGroup, WireMark};
    assert_eq!((WireMark::SIZE, WireMark::ALIGN), (2, 1));
    assert_eq!((WireGroup::SIZE, WireGroup::ALIGN), (6, 1));
    // A member aligned above its packing keeps its alignment, as nvcc's device pass lays it
    // out (NVRTC too for `alignas`): kind 0, stamp 8, len 12: 16 / 8; a holder of two: 40 / 8.
    use includes_packing::phys::{StampLog, WireStampAlignas};
    assert_eq!((WireStampAlignas::SIZE, WireStampAlignas::ALIGN), (16, 8));
    assert_eq!((StampLog::SIZE, StampLog::ALIGN), (40, 8));
    // `alignas(8)` under `pack(8)`: kind 0, stamp 8, len 12: 16 / 8.
    assert_eq!(
        (
            <includes_packing::phys::WireStampWide as PtxAbi>::SIZE,
            <includes_packing::phys::WireStampWide as PtxAbi>::ALIGN
        ),
        (16, 8)
    );
    assert_eq!((WireContact::SIZE, WireContact::ALIGN), (9, 1));
    assert_eq!((WireHeader::SIZE, WireHeader::ALIGN), (11, 1));
    assert_eq!((WirePacket::SIZE, WirePacket::ALIGN), (33, 1));
    assert_eq!((SleepState::SIZE, SleepState::ALIGN), (22, 2));
    assert_eq!((ReplayEntry::SIZE, ReplayEntry::ALIGN), (11, 1));
    assert_eq!((BroadphaseArgs::SIZE, BroadphaseArgs::ALIGN), (24, 8));
    assert_eq!((SolverCounters::SIZE, SolverCounters::ALIGN), (16, 8));
    assert_eq!((Impulse::SIZE, Impulse::ALIGN), (8, 8));
    assert_eq!(ContactPair::SIZE, 16);
    // The packing is an attribute of the imported type: its description carries it.
    let pack = |t: &ptx_abi::layout::desc::TypeDesc| match t.kind {
        ptx_abi::layout::desc::TypeKind::Aggregate { pack, .. } => pack,
        _ => 0,
    };
    assert_eq!(pack(WireContact::TYPE), 1);
    assert_eq!(pack(SleepState::TYPE), 2);
    assert_eq!(pack(SolverCounters::TYPE), 0);
}

/// The import reads the header as nvcc's device pass does, `__NVCC__` defined: the 64-bit
/// index of the nvcc branch (issue 30). Its emitted check defines `__NVCC__` for NVRTC too, so
/// that NVRTC compiles the branch the build compiles.
#[cfg(ptx_abi_import_includes)]
#[test]
fn the_nvcc_branch_is_the_one_imported_and_checked() {
    use includes_portable::PxIndexedWeight;
    use ptx_abi::PtxAbi;
    let w = PxIndexedWeight {
        index: -1i64,
        weight: 0.5,
    };
    assert_eq!(PxIndexedWeight::SIZE, 16);
    let _ = w;
}

/// The C++ library's host types (issue 30): a struct keeping a `std::vector` is left out with
/// the reason, `std::atomic` counters are laid out as libstdc++ lays them out (nvcc's checks
/// compile the real `<atomic>`), and inline host code using `std::string`, exceptions and
/// iostreams reads.
#[cfg(ptx_abi_import_includes)]
#[test]
fn host_library_types_are_reported_or_laid_out() {
    use includes_host_library::rt::{KernelArgs, LaunchStats};
    use ptx_abi::PtxAbi;
    assert_eq!(
        includes_host_library::SKIPPED,
        [
            "std::vector<unsigned long>",
            "pthread_mutex_t",
            "rt::TensorShape",
            "rt::HostQueue"
        ]
    );
    // launches 0..8, failures 8..12, verbose at 12, tail padding to 16.
    assert_eq!((LaunchStats::SIZE, LaunchStats::ALIGN), (16, 8));
    assert_eq!(KernelArgs::SIZE, 40);
}

/// Driver-API device addresses and host-side timing (`<cuda.h>`'s `CUdeviceptr`, `<sys/time.h>`'s
/// `struct timeval`), beside inline host code using `std::map::insert`, `std::make_pair`,
/// `EXIT_FAILURE` and a `std::void_t` trait: every record imported, `CUdeviceptr` a 64-bit
/// address and `timeval` glibc's two `long`s (checked by NVRTC above, and by nvcc with the host's
/// own `<sys/time.h>`).
#[cfg(ptx_abi_import_includes)]
#[test]
fn driver_addresses_and_host_timing_are_laid_out() {
    use includes_host_utils::mg::{
        LaunchTimer, PeerBuffers, PeerSignal, ReduceParams, Stamp, WorkItem,
    };
    use includes_host_utils::timeval;
    use ptx_abi::PtxAbi;
    // data[8] and flags (8 bytes each), bytes, world_size and rank.
    assert_eq!((PeerBuffers::SIZE, PeerBuffers::ALIGN), (88, 8));
    // Members aligned with `alignas(128)` and `__attribute__((aligned(16)))` (checked by NVRTC
    // above): self_counter 0..128, peer_counter 128..384, barrier_flag 384; 512/128.
    assert_eq!((PeerSignal::SIZE, PeerSignal::ALIGN), (512, 128));
    // kind 0, payload 16..28, seq 28; 32/16.
    assert_eq!((WorkItem::SIZE, WorkItem::ALIGN), (32, 16));
    assert_eq!(ReduceParams::SIZE, 104);
    let t = LaunchTimer {
        started: timeval {
            tv_sec: 1_700_000_000i64,
            tv_usec: 250_000i64,
        },
        elapsed_s: 0.5,
        launches: 3,
    };
    assert_eq!((timeval::SIZE, timeval::ALIGN), (16, 8));
    assert_eq!(LaunchTimer::SIZE, 32);
    assert_eq!(Stamp::SIZE, 16);
    let p = PeerBuffers {
        data: [0x7f00_0000_0000u64; 8],
        flags: 0,
        bytes: 1 << 20,
        world_size: 8,
        rank: 0,
    };
    assert_eq!(p.data[7], 0x7f00_0000_0000u64);
    let _ = t;
}

/// Kernel launches in inline host code (`<<<…>>>`), `cudaError_t` and IPC handles, which nvcc's
/// implicit `cuda_runtime.h` declares (issue 30): imported, and checked by nvcc. The signal
/// block's `alignas(128)` members are `#[ptx(align = 128)]` fields.
#[cfg(ptx_abi_import_nvcc)]
#[test]
fn launch_wrappers_and_runtime_types_read() {
    use includes_nvcc_launch::ar::{PeerHandles, RankData, Signal};
    use ptx_abi::PtxAbi;
    assert!(includes_nvcc_launch::SKIPPED.is_empty());
    // start 0..32, end 128..160; 256/128.
    assert_eq!((Signal::SIZE, Signal::ALIGN), (256, 128));
    assert_eq!(PeerHandles::SIZE, 2 * 8 * 64 + 8);
    assert_eq!(RankData::SIZE, 64);
}

/// Host code on `<random>`, `<string_view>`, `<iterator>` and `<bitset>`, which no stand-in
/// provides: the importer reads the header with the host's C++ library (zig's libc++ and
/// glibc headers), as nvcc reads it with the host compiler's, and imports exactly the header's
/// own records, none of the library's (issue 30). nvcc checks every layout above; the figures
/// here are the guide's (§1.2: `float3` is 12 bytes aligned to 4, not a vector type).
#[cfg(ptx_abi_import_nvcc)]
#[test]
fn the_host_library_is_read_where_no_stand_in_provides_a_header() {
    use includes_nvcc_host_library::pt::{LaunchParams, Light, RngHandle, Sampler};
    use ptx_abi::PtxAbi;
    // The library's own types are refused (libc++'s layouts are not libstdc++'s), and with
    // them the record that holds one; a pointer to one points to `void`.
    let skipped = includes_nvcc_host_library::SKIPPED;
    assert!(skipped.contains(&"pt::SceneDesc"), "{skipped:?}");
    assert!(
        skipped
            .iter()
            .all(|s| *s == "pt::SceneDesc" || s.starts_with("std::")),
        "{skipped:?}"
    );
    fn engine(r: &RngHandle) -> ptx_abi::DevicePtr<::core::ffi::c_void> {
        r.engine
    }
    let _ = engine;
    // `float3` members: 12-byte vectors aligned to 4; the sampler's seed aligns it to 8.
    assert_eq!((Light::SIZE, Light::ALIGN), (32, 4));
    assert_eq!((Sampler::SIZE, Sampler::ALIGN), (24, 8));
    assert_eq!(LaunchParams::ALIGN, 8);
}

/// CUB's collectives, cooperative groups' warp tiles, system-scope atomics, raw half storage
/// and the runtime's device attributes, properties and launch configuration, as an inference
/// library's dispatch header uses them: read through the importer's stand-ins, checked by nvcc
/// with CUDA's own CUB. A record holding CUB's `TempStorage` by value is left out: its layout is
/// CUB's, not a stand-in's to guess (issue 30).
#[cfg(ptx_abi_import_nvcc)]
#[test]
fn cub_and_the_runtime_api_read_and_temp_storage_is_refused() {
    use includes_nvcc_collectives::moe::{FifoSlot, PackedScales, RouteInfo};
    use ptx_abi::PtxAbi;
    assert_eq!(
        includes_nvcc_collectives::SKIPPED,
        [
            "cub::__TempStorage::__no_host_layout",
            "cub::BlockReduce<float, 128>::TempStorage",
            "moe::ScratchBlock"
        ]
    );
    // The raw half storage is two `unsigned short`s aligned to 4 (`__half2_raw`), as CUDA's.
    assert_eq!((PackedScales::SIZE, PackedScales::ALIGN), (12, 4));
    assert_eq!((RouteInfo::SIZE, FifoSlot::SIZE), (16, 32));
}

/// The GNU version macros are the chosen compiler's: an enum whose underlying type a header
/// picks by `__GNUC__` has one byte, as nvcc (its host gcc) and NVRTC (no `__GNUC__`) both
/// give it, not the four of clang's own GCC 4.2 (issue 30; the checks above compare with the
/// compiler, these figures are C's for a one-byte enum).
#[cfg(ptx_abi_import_includes)]
#[test]
fn the_gnu_version_is_the_compilers() {
    use includes_gnu_version::logfmt::{align, format_spec};
    use ptx_abi::PtxAbi;
    assert_eq!((align::kind::SIZE, format_spec::SIZE), (1, 6));
}

/// libcu++'s atomics as their storage lays them out: a `T` of under 4 bytes in 32-bit storage
/// (4 bytes, aligned to 4), one of 4 to 8 bytes aligned to its size; one over 8 bytes is
/// lock-based (the value, then a lock word) and left out with the reason, with what holds it.
/// The sizes are NVRTC's (CUDA 12.9 and 13.5, `static_assert`s against CCCL's headers); the
/// emitted checks above compare every offset of `StageFlags` with CUDA's own headers.
#[cfg(ptx_abi_import_includes)]
#[test]
fn small_atomics_take_libcupps_four_bytes() {
    use includes_cuda_libs::cuda;
    use includes_cuda_libs::rq::StageFlags;
    use ptx_abi::PtxAbi;
    assert_eq!(
        (
            <cuda::std::atomic_bool as PtxAbi>::SIZE,
            <cuda::std::atomic_bool as PtxAbi>::ALIGN
        ),
        (4, 4)
    );
    // closed 0, phase 4, credits 8, epoch 12, load 16: 20 / 4.
    assert_eq!((StageFlags::SIZE, StageFlags::ALIGN), (20, 4));
    // `cuda::std::byte` is one byte (<cuda/std/cstddef>, read with <cuda/std/atomic> beside
    // <cuda/atomic>): tag 0, flags 1, length 2.
    use includes_cuda_libs::rq::MessageHeader;
    assert_eq!((MessageHeader::SIZE, MessageHeader::ALIGN), (4, 2));
    assert_eq!(
        includes_cuda_libs::SKIPPED,
        [
            "__ptx_abi_atomic_with_lock::__lock_based_atomic_over_8_bytes",
            "cuda::atomic<rq::CounterPair, cuda::thread_scope_device>",
            "rq::PairedStats"
        ]
    );
}

/// `<cstddef>`'s `std::max_align_t` and `std::byte`, and `wchar_t`: `alignof(std::max_align_t)`
/// is 16, glibc's on x86-64 as nvcc's device pass and NVRTC give it (not the 8 of clang's
/// `nvptx64` `long double`); `std::byte` and an enum without enumerators are their underlying
/// integers; `wchar_t` is a signed 32-bit integer.
#[cfg(ptx_abi_import_includes)]
#[test]
fn cstddef_types_and_wide_characters_are_laid_out() {
    use includes_std_headers::ext::{ArenaSlab, BufferHandle, GlyphQuery};
    use ptx_abi::PtxAbi;
    // bytes 0..48 aligned to 16, used at 48, owner at 56: 64 / 16.
    assert_eq!((ArenaSlab::SIZE, ArenaSlab::ALIGN), (64, 16));
    // ch 0, utf16 4, utf32 8, buffer 12, flags 16..20: 20 / 4.
    assert_eq!((GlyphQuery::SIZE, GlyphQuery::ALIGN), (20, 4));
    let q = GlyphQuery {
        ch: -1i32,
        utf16: 0xd83d,
        utf32: 0x1f600,
        buffer: 7u32 as BufferHandle,
        flags: [0u8, 1, 2, 0xff],
    };
    let mut image = [0u8; 20];
    q.encode(&mut image).unwrap();
    assert_eq!(GlyphQuery::decode(&image).unwrap(), q);
}

/// A C header's `_Bool` with `<stdbool.h>` (GCC's makes it `bool` in C++), a `const`
/// function-pointer member, a member named `typename Outer::Inner` in a template, one named
/// through an alias of its enclosing instantiation (`ReduceF32::Params`), and
/// `std::make_unsigned_t` (which NVRTC's stand-in `<type_traits>` lacked): imported and checked
/// above, where the first three were refused and the last failed every NVRTC check of its
/// header.
#[cfg(ptx_abi_import_includes)]
#[test]
fn c_and_template_spellings_import() {
    use includes_c_idioms::{drv_callbacks, drv_ring_slot};
    use includes_templates::coll::GemmLaunch;
    use ptx_abi::PtxAbi;
    // addr 0, len 8, valid 12, last 13: 16 / 8.
    assert_eq!((drv_ring_slot::SIZE, drv_ring_slot::ALIGN), (16, 8));
    assert_eq!((drv_callbacks::SIZE, drv_callbacks::ALIGN), (16, 8));
    // 8 + 4 + 4 = 16 / 4, then 8 + 8 + 8 = 24 / 8: 40 / 8.
    assert_eq!((GemmLaunch::SIZE, GemmLaunch::ALIGN), (40, 8));
    // An enum declared before its use and defined after is the defined enum; one only
    // declared is its integer. kind 0, prio 1, slot 4: 8 / 4.
    use includes_c_idioms::{JobEntry, JobKind, SlotId};
    let job = JobEntry {
        kind: JobKind::Scan,
        prio: 3,
        slot: 7u32 as SlotId,
    };
    assert_eq!((JobEntry::SIZE, JobEntry::ALIGN), (8, 4));
    let mut image = [0u8; 8];
    job.encode(&mut image).unwrap();
    assert_eq!(image[0], 2);
    // Explicit specializations by an enumerator and by `true`: tile 0..24 (24 / 8), bounds
    // 24..32, plain 32..48, guarded 48..80 (bounds 8, then the tile at 8): 80 / 8.
    use includes_templates::coll::TileLaunch;
    assert_eq!((TileLaunch::SIZE, TileLaunch::ALIGN), (80, 8));
    // `ReduceF32::Params` through the alias: in 0, out 8, n 16 (24 / 8), grid at 24: 32 / 8.
    use includes_templates::coll::ReduceLaunch;
    assert_eq!((ReduceLaunch::SIZE, ReduceLaunch::ALIGN), (32, 8));
}

/// A header whose layout depends on `__CUDA_ARCH__`, read for the architecture given to clang
/// (`--cuda-gpu-arch=sm_90`) and checked for the same (`compute_90`): the members of Ampere and
/// Hopper both there. Read for sm_70 while its checks compiled for compute_80, such a header
/// imported without members its checks then found.
#[cfg(ptx_abi_import_includes)]
#[test]
fn the_architecture_is_the_imports_and_the_checks() {
    use includes_arch::wq::TaskDesc;
    use ptx_abi::PtxAbi;
    // first_tile 0, tile_count 4, async_copy_stage 8, cluster_rank 12, tma_barrier 16: 24 / 8.
    assert_eq!((TaskDesc::SIZE, TaskDesc::ALIGN), (24, 8));
    let _ = |t: TaskDesc| (t.async_copy_stage, t.cluster_rank, t.tma_barrier);
    // Without an architecture given: sm_80, the checks' own, so Ampere's member is there.
    use includes_switches::ProjAsyncStage;
    assert_eq!(ProjAsyncStage::SIZE, 8);
}
