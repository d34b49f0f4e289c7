//! Where the compilers read a packed or aligned record differently from clang, whose record
//! layout the importer checks its Rust against (`docs/nvidia-notes.md`): GNU's `packed`
//! around a class that is not a POD, GNU's `aligned` on a member above `#pragma pack` (nvcc
//! keeps it, NVRTC caps it), and clang's own capping of a member's `alignas` above the
//! packing, which nvcc and NVRTC keep.

use ptx_abi_core::layout::cuda_version::CudaVersion;
use ptx_abi_core::layout::desc::{Member as CoreMember, TypeDesc, TypeKind};
use ptx_abi_core::layout::rules::scalar_layout;
use ptx_abi_core::layout::{try_layout_of, AddressSize};

use super::{differences, leak, Describer};
use crate::compiler::Compiler;
use crate::error::Unsupported;
use crate::model::{ItemKind, Model, Ty};
use crate::record_layout::ClangRecord;

/// GNU's `__attribute__((packed))` on a struct does not pack a member whose type is a class
/// that is not a POD, or an array of one: nvcc's device pass keeps it at its type's alignment
/// (warning #2262-D), as GCC does (and clang, but for an array of them), while NVRTC packs it
/// (`docs/nvidia-notes.md`). For nvcc the struct is packed to 1 with each such member's
/// `#[ptx(align)]` its type's alignment, listed in [`Record::unpacked_members`], and is nvcc's
/// layout; for NVRTC such a struct is left out with the reason. A trailing `packed` (after the
/// closing brace) only nvcc applies.
pub(super) fn keep_classes_unpacked(
    model: &mut Model,
    problems: &mut [Vec<Unsupported>],
    cuda: CudaVersion,
    compiler: Compiler,
) {
    let mut kept = Vec::new();
    let mut d = Describer::new(model, cuda);
    for (id, item) in model.items.iter().enumerate() {
        let ItemKind::Record(r) = &item.kind else {
            continue;
        };
        let packed = match compiler {
            Compiler::Nvcc => r.packed_attribute || r.trailing_packed,
            Compiler::Nvrtc => r.packed_attribute,
        };
        if !packed {
            continue;
        }
        for (k, m) in r.members.iter().enumerate() {
            if m.bits.is_some() || !class_not_pod(model, &m.ty, 0) {
                continue;
            }
            let Ok(Ok(l)) = d.ty(&m.ty).map(|t| try_layout_of(t, AddressSize::A64)) else {
                continue;
            };
            if l.align > 1 {
                kept.push((id, k, l.align as u64));
            }
        }
    }
    for (id, k, align) in kept {
        let loc = model.items[id].loc.clone();
        let c_name = model.items[id].c_name.clone();
        let ItemKind::Record(r) = &mut model.items[id].kind else {
            continue;
        };
        let m = &mut r.members[k];
        let name = m.c_name.clone().unwrap_or_else(|| m.name.clone());
        match compiler {
            Compiler::Nvcc => {
                m.align = Some(m.align.map_or(align, |a| a.max(align)));
                r.pack = Some(1);
                r.unpacked_members.push(name);
            }
            Compiler::Nvrtc => problems[id].push(Unsupported {
                loc,
                decl: c_name,
                why: format!(
                    "is packed by `__attribute__((packed))` and its member `{name}` has a class type that is not a POD (`{}`): NVRTC packs it, nvcc's device pass and GCC keep it at its alignment of {align} (nvcc warning #2262-D), so the compilers lay the struct out differently; use `#pragma pack(1)`, which packs it in both, or import for nvcc",
                    m.c_type
                ),
            }),
        }
    }
}

/// Whether `ty` is a class that is not a POD ([`Record::pod`],
/// [`CudaType::is_class_not_pod`]) or an array of one; `depth` ends a typedef cycle.
pub(super) fn class_not_pod(model: &Model, ty: &Ty, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    match ty {
        Ty::Array(e, _) => class_not_pod(model, e, depth + 1),
        Ty::Cuda(c) => c.is_class_not_pod(),
        Ty::Item(i) => match &model.items[*i].kind {
            ItemKind::Alias(t) => class_not_pod(model, t, depth + 1),
            ItemKind::Record(r) => !r.pod,
            _ => false,
        },
        _ => false,
    }
}

/// NVRTC's reading of GNU's `__attribute__((aligned(N)))` on a member above its struct's
/// `#pragma pack(P)`: aligned to `P` (clang's and GCC's reading too), where nvcc keeps `N`.
/// The member's `#[ptx(align)]` becomes `P` when its type is aligned to less, and none when
/// the packing alone gives `P`; its doc comment says so.
pub(super) fn cap_attributes_over_pack(model: &mut Model, cuda: CudaVersion) {
    let mut caps = Vec::new();
    let mut d = Describer::new(model, cuda);
    for (id, item) in model.items.iter().enumerate() {
        let ItemKind::Record(r) = &item.kind else {
            continue;
        };
        let (Some(p), over) = (r.pack, r.aligned_by_attribute_over_pack()) else {
            continue;
        };
        for (k, m) in over {
            let Ok(Ok(natural)) = d.ty(&m.ty).map(|t| try_layout_of(t, AddressSize::A64)) else {
                continue;
            };
            caps.push((id, k, (natural.align < p as usize).then_some(p), m.align, p));
        }
    }
    for (id, k, align, n, p) in caps {
        if let ItemKind::Record(r) = &mut model.items[id].kind {
            let m = &mut r.members[k];
            m.align = align;
            let n = n.unwrap_or_default();
            let note = format!(
                "`__attribute__((aligned({n})))` in a struct packed to {p}: NVRTC aligns it to {p}, as GCC and clang do (nvcc's device pass to {n}; `alignas` both keep)"
            );
            m.note = Some(match m.note.take() {
                Some(old) => format!("{old} {note}"),
                None => note,
            });
        }
    }
}

/// A member of no size, aligned by its `align`: where clang's reading puts a zero-width
/// bit-field's boundary ([`clang_view`]).
static ZERO_SIZED: TypeDesc = TypeDesc {
    name: "PhantomData",
    kind: TypeKind::Phantom,
};

/// clang's (and GCC's) reading of `desc`, for comparing with clang's record layout: a member
/// aligned above its aggregate's `#pragma pack` capped at the packing, a zero-width bit-field
/// moving the next member to its type's boundary above the packing, in `desc` and in every
/// aggregate it holds by value, where nvcc's device pass (and NVRTC, for `alignas`) keeps the
/// member's alignment, as `#[ptx(align)]` above `#[ptx(pack)]` does (`docs/nvidia-notes.md`).
/// `None` when clang reads `desc` as core's engine does.
fn clang_view(desc: &TypeDesc) -> Option<TypeDesc> {
    match desc.kind {
        TypeKind::Array { elem, len } => clang_view(elem).map(|e| TypeDesc {
            name: desc.name,
            kind: TypeKind::Array { elem: leak(e), len },
        }),
        TypeKind::Aggregate {
            kind,
            align,
            pack,
            members,
        } => {
            let mut changed = false;
            let viewed: Vec<CoreMember> = members
                .iter()
                .map(|m| {
                    let ty = match clang_view(m.ty) {
                        Some(t) => {
                            changed = true;
                            leak(t)
                        }
                        None => m.ty,
                    };
                    // GCC and clang move the member after a zero-width bit-field to its
                    // type's boundary whatever the packing; NVIDIA's compilers (and core's
                    // engine) to the packed boundary. clang's reading: a zero-sized member
                    // aligned to the type, which moves the next one as far.
                    if let TypeKind::Pad { unit, width: 0 } = ty.kind {
                        let unit_align = scalar_layout(unit).align;
                        if pack != 0 && unit_align > pack {
                            changed = true;
                            return CoreMember {
                                ty: &ZERO_SIZED,
                                align: unit_align,
                                ..*m
                            };
                        }
                    }
                    let mut align = m.align;
                    if pack != 0 && m.align > pack && m.bits.is_none() {
                        let natural = try_layout_of(ty, AddressSize::A64).map_or(0, |l| l.align);
                        align = if natural < pack { pack } else { 0 };
                        changed = true;
                    }
                    CoreMember { ty, align, ..*m }
                })
                .collect();
            changed.then(|| TypeDesc {
                name: desc.name,
                kind: TypeKind::Aggregate {
                    kind,
                    align,
                    pack,
                    members: Box::leak(viewed.into_boxed_slice()),
                },
            })
        }
        _ => None,
    }
}

/// [`differences`] between clang's layout `c` and clang's reading of `desc` ([`clang_view`]).
pub(super) fn clang_differences(
    desc: &TypeDesc,
    c: &ClangRecord,
    members: usize,
    cause: bool,
) -> Option<(Option<usize>, String)> {
    match clang_view(desc) {
        Some(view) => differences(&view, c, members, cause),
        None => differences(desc, c, members, cause),
    }
}
