//! The layout the emitted Rust will have, decided by ptx-abi-core (the derive describes, core
//! decides): each emitted record of the model is described as the derive would describe it
//! (a [`TypeDesc`]) and laid out by core's engine ([`Placements`], [`try_layout_of`]), then
//! compared with clang's layout of the C type ([`crate::record_layout`]).
//!
//! Core's descriptions are `&'static` (the derive builds them in `const` items); here they are
//! built at run time and leaked, a few hundred bytes per imported type, once per import.

use std::borrow::Cow;
use std::collections::HashMap;

use ptx_abi_core::layout::cuda_version::CudaVersion;
use ptx_abi_core::layout::desc::{AggregateKind, Member as CoreMember, Scalar, TypeDesc, TypeKind};
use ptx_abi_core::layout::Placements;
use ptx_abi_core::layout::{try_layout_of, AddressSize, LayoutError};

use crate::compiler::Compiler;
use crate::cuda_types::{Availability, CDef, CudaType};
use crate::error::Unsupported;
use crate::model::{scalar_from_c, ItemId, ItemKind, Model, Record, Ty};
use crate::record_layout::ClangRecord;

mod compilers;
mod member_align;

use compilers::{
    cap_attributes_over_pack, clang_differences, class_not_pod, keep_classes_unpacked,
};
use member_align::find_member_aligns;

/// `Box::leak` of `value`: core's descriptions hold `&'static` references.
fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// What a pointer's pointee is described as: its layout never matters (§1.1: a pointer is
/// 8 bytes whatever it points to).
fn pointee() -> &'static TypeDesc {
    static VOID: TypeDesc = TypeDesc::scalar("c_void", Scalar::U8);
    &VOID
}

/// Builds the descriptions of the model's items, each once.
struct Describer<'m> {
    model: &'m Model,
    cuda: CudaVersion,
    memo: Vec<Option<&'static TypeDesc>>,
}

impl<'m> Describer<'m> {
    /// A describer of `model`'s items for CUDA `cuda`, none described yet.
    fn new(model: &'m Model, cuda: CudaVersion) -> Self {
        Describer {
            model,
            cuda,
            memo: vec![None; model.items.len()],
        }
    }

    fn ty(&mut self, ty: &Ty) -> Result<&'static TypeDesc, String> {
        Ok(match ty {
            Ty::Scalar(s) => leak(TypeDesc::scalar(s.rust_name(), *s)),
            Ty::Cuda(c) => self.cuda(c)?,
            Ty::Item(i) => self.item(*i)?,
            Ty::Array(e, n) => leak(TypeDesc {
                name: "array",
                kind: TypeKind::Array {
                    elem: self.ty(e)?,
                    len: usize::try_from(*n).map_err(|_| format!("an array of {n} elements"))?,
                },
            }),
            Ty::Pointer(_) => leak(TypeDesc {
                name: "DevicePtr",
                kind: TypeKind::Pointer { pointee },
            }),
        })
    }

    /// CUDA's types as ptx-abi lays out their Rust counterparts: `half::f16` is core's §1.1
    /// `f16`, the vectors ptx-abi has always had are §1.2 vectors, CUDA's other C++ types
    /// (`double4`, `__half2`, fp8, `CUtensorMap`) have the size and alignment of core's
    /// `CUDA_TYPES` row for the release.
    fn cuda(&mut self, c: &CudaType) -> Result<&'static TypeDesc, String> {
        let vector = match c.def {
            CDef::Vector { elem, lanes, .. } => scalar_from_c(elem).map(|e| (e, lanes)),
            _ => None,
        };
        Ok(match (c.availability, c.def, vector) {
            (Availability::HalfFeature, _, _) => leak(TypeDesc::scalar("f16", Scalar::F16)),
            (_, CDef::Typedef(t), _) => {
                let target = crate::cuda_types::lookup_in(t, self.cuda).ok_or_else(|| {
                    format!("CUDA type `{t}` is not declared by CUDA {}", self.cuda)
                })?;
                self.cuda(target)?
            }
            (Availability::Today, _, Some((elem, lanes))) => leak(TypeDesc {
                name: c.rust,
                kind: TypeKind::Vector {
                    elem,
                    lanes: usize::from(lanes),
                },
            }),
            _ => {
                let row = crate::cuda_types::core_row(c.c_name);
                let bytes = leak(TypeDesc {
                    name: "storage",
                    kind: TypeKind::Array {
                        elem: leak(TypeDesc::scalar("u8", Scalar::U8)),
                        len: row.size,
                    },
                });
                let members = leak([CoreMember {
                    name: "storage",
                    ty: bytes,
                    bits: None,
                    align: 0,
                }]);
                leak(TypeDesc {
                    name: c.rust,
                    kind: TypeKind::Aggregate {
                        kind: AggregateKind::Struct,
                        align: row.align_in(self.cuda),
                        pack: 0,
                        members,
                    },
                })
            }
        })
    }

    fn item(&mut self, id: ItemId) -> Result<&'static TypeDesc, String> {
        if let Some(d) = self.memo[id] {
            return Ok(d);
        }
        let item = &self.model.items[id];
        let desc = match &item.kind {
            ItemKind::Alias(t) => self.ty(t)?,
            ItemKind::Enum(e) => leak(TypeDesc {
                name: leak_str(&item.name),
                kind: TypeKind::Enum {
                    repr: e.repr,
                    variants: &[],
                },
            }),
            ItemKind::Record(r) => {
                let mut members = Vec::with_capacity(r.members.len());
                for m in &r.members {
                    let ty = self.ty(&m.ty)?;
                    let (ty, bits) = match (m.bits, m.anonymous, ty.kind) {
                        (Some(w), true, TypeKind::Scalar(unit)) => (
                            leak(TypeDesc {
                                name: "Pad",
                                kind: TypeKind::Pad { unit, width: w },
                            }),
                            None,
                        ),
                        (Some(w), _, _) => (ty, Some(w)),
                        (None, _, _) => (ty, None),
                    };
                    members.push(CoreMember {
                        name: leak_str(m.c_name.as_deref().unwrap_or(&m.name)),
                        ty,
                        bits,
                        align: m.align.map_or(0, |a| a as usize),
                    });
                }
                let align = r
                    .align
                    .map_or(Ok(0), usize::try_from)
                    .map_err(|_| format!("an alignment of {}", r.align.unwrap_or_default()))?;
                if r.is_empty_class() {
                    let desc = leak(TypeDesc {
                        name: leak_str(&item.c_name),
                        kind: TypeKind::EmptyClass { align },
                    });
                    self.memo[id] = Some(desc);
                    return Ok(desc);
                }
                leak(TypeDesc {
                    name: leak_str(&item.c_name),
                    kind: TypeKind::Aggregate {
                        kind: if r.is_union {
                            AggregateKind::Union
                        } else {
                            AggregateKind::Struct
                        },
                        align,
                        pack: r.pack.map_or(0, |n| n as usize),
                        members: Box::leak(members.into_boxed_slice()),
                    },
                })
            }
            ItemKind::Unsupported(why) => return Err(why.clone()),
            ItemKind::Opaque => return Err(format!("`{}` is never defined", item.c_name)),
        };
        self.memo[id] = Some(desc);
        Ok(desc)
    }
}

/// Gives the records whose alignment attribute spells no number clang's alignment
/// ([`crate::model::Record::align_from_layout`]), then adds to `problems` every emitted record
/// whose layout differs from clang's ([`compare`]). Records with problems already, or holding
/// (by value) a record with problems, are not compared: those problems say why.
pub(crate) fn check(
    model: &mut Model,
    problems: &mut [Vec<Unsupported>],
    clang: &HashMap<String, ClangRecord>,
    cuda: CudaVersion,
    compiler: Compiler,
) {
    for item in &mut model.items {
        let found = crate::record_layout::find(clang, item).map(|c| c.align);
        if let ItemKind::Record(r) = &mut item.kind {
            if r.align_from_layout {
                r.align = found;
            }
        }
    }
    find_member_aligns(model, problems, clang, cuda);
    keep_classes_unpacked(model, problems, cuda, compiler);
    find_packs(model, problems, clang, cuda);
    // With the packings known, a member GNU's `aligned` puts above one is nvcc's layout or
    // NVRTC's (`crate::compiler`).
    match compiler {
        Compiler::Nvcc => crate::compiler::mark_nvcc_layouts(model),
        Compiler::Nvrtc => cap_attributes_over_pack(model, cuda),
    }
    let mut memo = vec![None; model.items.len()];
    let clean: Vec<ItemId> = model
        .emitted
        .iter()
        .copied()
        .filter(|&id| !troubled(model, problems, &Ty::Item(id), &mut memo))
        .collect();
    let all = std::mem::replace(&mut model.emitted, clean);
    for (id, why) in outermost_differences(model, compare(model, cuda, clang)) {
        problems[id].push(why);
    }
    model.emitted = all;
}

/// The `differences` of records that hold (by value) no record that differs itself: a
/// holder's offsets follow from its member's layout, so it is left out as holding that
/// member's type ("holds `PoolHandle`, which is not imported"), not for an offset of its own.
fn outermost_differences(
    model: &Model,
    differences: Vec<(ItemId, Unsupported)>,
) -> Vec<(ItemId, Unsupported)> {
    let mut differ: Vec<Vec<Unsupported>> = vec![Vec::new(); model.items.len()];
    for (id, why) in &differences {
        differ[*id].push(why.clone());
    }
    let mut memo = vec![None; model.items.len()];
    let holds_one = |id: ItemId, memo: &mut [Option<bool>]| match &model.items[id].kind {
        ItemKind::Record(r) => r
            .members
            .iter()
            .any(|m| troubled(model, &differ, &m.ty, memo)),
        _ => false,
    };
    differences
        .into_iter()
        .filter(|(id, _)| !holds_one(*id, &mut memo))
        .collect()
}

/// The packings `#[ptx(pack = N)]` may take (`#pragma pack` takes powers of two).
const PACKS: [u64; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// Gives each packed record ([`crate::model::Record::packed`]) the `#[ptx(pack = N)]` whose
/// layout by core's engine is clang's: none when the packing changes nothing (`pack(16)` over
/// ints), else the smallest `N` that gives clang's layout. Where clang cannot tell the `N`s
/// apart but NVIDIA's compilers can (a zero-width bit-field under the packing: clang aligns the
/// next member to its type, nvcc and NVRTC to the packing), `__attribute__((packed))` is 1 and a
/// `#pragma pack` is left out with the reason (clang's AST does not spell its `N`). A record no
/// `N` fits keeps none, and [`compare`] then says where it differs. Records holding packed
/// records are found once those are: the passes repeat while one finds a packing.
fn find_packs(
    model: &mut Model,
    problems: &mut [Vec<Unsupported>],
    clang: &HashMap<String, ClangRecord>,
    cuda: CudaVersion,
) {
    loop {
        let mut found = Vec::new();
        let mut unknown = Vec::new();
        let mut d = Describer::new(model, cuda);
        for (id, item) in model.items.iter().enumerate() {
            let ItemKind::Record(r) = &item.kind else {
                continue;
            };
            if !r.packed || r.pack.is_some() || !problems[id].is_empty() {
                continue;
            }
            let (Some(c), Ok(desc)) = (crate::record_layout::find(clang, item), d.item(id)) else {
                continue;
            };
            let c = &as_imported(r, c);
            let TypeKind::Aggregate {
                kind,
                align,
                members,
                ..
            } = desc.kind
            else {
                continue;
            };
            let packed = |n: u64| TypeDesc {
                name: desc.name,
                kind: TypeKind::Aggregate {
                    kind,
                    align,
                    pack: n as usize,
                    members,
                },
            };
            let fitting: Vec<u64> = std::iter::once(0)
                .chain(PACKS)
                .filter(|&n| clang_differences(&packed(n), c, r.members.len(), false).is_none())
                .collect();
            let Some(&first) = fitting.first() else {
                continue;
            };
            let nvidia = |n: u64| nvidia_layout(&packed(n));
            if fitting.iter().all(|&n| nvidia(n) == nvidia(first)) {
                if first != 0 {
                    found.push((id, first));
                }
            } else if r.packed_attribute && fitting.contains(&1) {
                found.push((id, 1));
            } else {
                unknown.push(id);
            }
        }
        for id in unknown {
            problems[id].push(Unsupported {
                loc: model.items[id].loc.clone(),
                decl: model.items[id].c_name.clone(),
                why: "is packed by `#pragma pack(N)` around a zero-width bit-field: nvcc and NVRTC move the next member to the packed boundary, GCC and clang (whose layout the importer reads the packing from) to the bit-field type's, so the importer cannot tell which `N` the header packs to; write `__attribute__((packed))` for 1, or leave the zero-width bit-field out".into(),
            });
        }
        if found.is_empty() {
            return;
        }
        for (id, n) in found {
            if let ItemKind::Record(r) = &mut model.items[id].kind {
                r.pack = Some(n);
            }
        }
    }
}

/// A record's layout as compared: size, alignment, and each member's first bit and width.
type Shape = (usize, usize, Vec<(usize, Option<u32>)>);

/// Core's layout of `desc` (NVIDIA's); `None` where a rule is broken.
fn nvidia_layout(desc: &TypeDesc) -> Option<Shape> {
    let l = try_layout_of(desc, AddressSize::A64).ok()?;
    let members = Placements::new(desc, AddressSize::A64)
        .map(|p| {
            p.ok()
                .map(|(_, p)| (p.first_bit(), p.bits.map(|b| b.width)))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((l.size, l.align, members))
}

/// Whether `ty` is, or holds by value, an item with problems; `memo` keeps each item's
/// answer (`Some(false)` while it is being followed, so that a corrupt dump's cycle ends).
fn troubled(
    model: &Model,
    problems: &[Vec<Unsupported>],
    ty: &Ty,
    memo: &mut [Option<bool>],
) -> bool {
    match ty {
        Ty::Array(e, _) => troubled(model, problems, e, memo),
        Ty::Item(i) => {
            if let Some(known) = memo[*i] {
                return known;
            }
            memo[*i] = Some(false);
            let answer = !problems[*i].is_empty()
                || match &model.items[*i].kind {
                    ItemKind::Alias(t) => troubled(model, problems, t, memo),
                    ItemKind::Record(r) => r
                        .members
                        .iter()
                        .any(|m| troubled(model, problems, &m.ty, memo)),
                    _ => false,
                };
            memo[*i] = Some(answer);
            answer
        }
        _ => false,
    }
}

/// Compares every emitted record of `model` with clang's layout of it (`clang`, by
/// [`record_key`]); returns, per item, why it differs: core's rule it breaks, its size or
/// alignment, or the first member placed elsewhere.
fn compare(
    model: &Model,
    cuda: CudaVersion,
    clang: &HashMap<String, ClangRecord>,
) -> Vec<(ItemId, Unsupported)> {
    let mut d = Describer::new(model, cuda);
    let mut out = Vec::new();
    for &id in &model.emitted {
        let item = &model.items[id];
        let ItemKind::Record(r) = &item.kind else {
            continue;
        };
        let refuse = |why: String| Unsupported {
            loc: item.loc.clone(),
            decl: item.c_name.clone(),
            why,
        };
        let Some(c) = crate::record_layout::find(clang, item) else {
            out.push((id, refuse("clang gave no layout of it, so the importer cannot check the layout the Rust would have".into())));
            continue;
        };
        let c = &as_imported(r, c);
        // Itanium C++ ABI: a base class that is not a POD for the purpose of layout (it has a
        // constructor, private members, …) lends its tail padding to the derived members,
        // which a Rust member (always its full size) cannot do.
        // A packed record no `#[ptx(pack = N)]` fits: its differences are told unpacked.
        let unpacked = r.packed && r.pack.is_none();
        // A base that is not a POD (clang's `isPOD`) and no layout attribute: the tail padding
        // is the cause, not one of the attributes.
        let base_not_pod = r
            .members
            .iter()
            .any(|m| m.base.is_some() && class_not_pod(model, &m.ty, 0));
        let attributes = r.packed
            || r.align.is_some()
            || r.trailing_align.is_some()
            || r.members.iter().any(|m| m.align.is_some());
        let tail_padding = base_not_pod && !attributes;
        let base_note = |why: String| {
            let why = if unpacked {
                format!("is packed (`#pragma pack` or `__attribute__((packed))`) and no `#[ptx(pack = N)]` gives clang's layout (ptx-abi refuses a packed bit-field across its storage unit, where nvcc and NVRTC disagree, and a bit-field, or a member holding bit-fields, whose storage unit is aligned to more than the packing); unpacked, it {why}")
            } else {
                why
            };
            match r.members.iter().find_map(|m| m.base.as_ref()) {
            Some(b) if tail_padding => format!(
                "{why}: C++ placed members in the tail padding of base class `{b}`, which is not a POD for layout (a constructor, private members or a base class of its own; Itanium C++ ABI), and a Rust struct cannot: make the base a plain struct (its members its own, no base, constructor or private member), or hold it as a member"
            ),
            Some(b) => format!(
                "{why}; or C++ placed members in the tail padding of base class `{b}` (a base with a constructor, private members or a base class of its own is not a POD for layout, Itanium C++ ABI), which a Rust struct cannot: make the base a plain struct (its members its own, no base, constructor or private member), or hold it as a member"
            ),
            None => why,
        }
        };
        // clang's record layout does not show an attribute only nvcc applies; nvcc's check of
        // the import does (`crate::compiler`). Core's engine must still lay it out: a broken
        // rule (a bit-field under a trailing `packed`) would be Rust that does not compile.
        let compared = |desc: &'static TypeDesc| {
            if r.nvcc_only {
                let broken = try_layout_of(desc, AddressSize::A64).err();
                broken.map(|e| (member_of(&e, desc), e.message().as_str().to_string()))
            } else {
                clang_differences(desc, c, r.members.len(), !unpacked && !tail_padding)
            }
        };
        match d
            .item(id)
            .map(compared)
            .map(|d| d.map(|(k, why)| (k, base_note(why))))
        {
            Err(why) | Ok(Some((None, why))) => out.push((id, refuse(why))),
            // About one member: at the member's line, named as other member errors are.
            Ok(Some((Some(k), why))) => {
                let m = &r.members[k];
                let name = match (&m.c_name, m.anonymous) {
                    (_, true) => "(unnamed)",
                    (Some(c), false) => c.as_str(),
                    (None, false) => m.name.trim_start_matches("r#"),
                };
                out.push((
                    id,
                    Unsupported {
                        loc: m.loc.clone(),
                        decl: format!("{}::{name}", item.c_name),
                        why,
                    },
                ))
            }
            Ok(None) => {}
        }
    }
    out
}

/// clang's layout `c` of record `r` without the members C++ gives no bytes and the import
/// leaves out ([`crate::model::Record::no_bytes`]): the members the Rust has, in order.
fn as_imported<'c>(r: &Record, c: &'c ClangRecord) -> Cow<'c, ClangRecord> {
    if r.no_bytes.is_empty() {
        return Cow::Borrowed(c);
    }
    let mut kept = c.clone();
    kept.members.retain(|m| !r.no_bytes.contains(&m.name));
    Cow::Owned(kept)
}

/// The member of `desc` a rule broken by `desc` itself is about (a bit-field's type or width,
/// a zero-length array, a member's alignment, a packed bit-field), by its index.
fn member_of(e: &LayoutError, desc: &TypeDesc) -> Option<usize> {
    let (ty, member) = match *e {
        LayoutError::BitFieldType { ty, member }
        | LayoutError::BitFieldWidth { ty, member, .. }
        | LayoutError::ZeroLengthArray { ty, member }
        | LayoutError::MemberAlignInvalid { ty, member, .. }
        | LayoutError::MemberAlignBelowNatural { ty, member, .. }
        | LayoutError::PackedBitFieldCrosses { ty, member, .. }
        | LayoutError::PackedBitFieldAlign { ty, member, .. } => (ty, member),
        _ => return None,
    };
    (ty == desc.name)
        .then(|| desc.members().iter().position(|m| m.name == member))
        .flatten()
}

/// How core's layout of `desc` differs from clang's `c`, if it does, and which member (by
/// index) the difference is about, if one is. With `cause`, a member or size that differs is
/// put down to a layout attribute ptx-abi cannot express; without it (a packed record, whose
/// attribute is known), the difference alone is told.
fn differences(
    desc: &TypeDesc,
    c: &ClangRecord,
    members: usize,
    cause: bool,
) -> Option<(Option<usize>, String)> {
    let cause = |attributes: &str| {
        if cause {
            format!(
                "; the header uses a layout attribute ({attributes}) that ptx-abi cannot express"
            )
        } else {
            String::new()
        }
    };
    let broken = |e: LayoutError| Some((member_of(&e, desc), e.message().as_str().to_string()));
    let layout = match try_layout_of(desc, AddressSize::A64) {
        Ok(l) => l,
        Err(e) => return broken(e),
    };
    if c.members.len() != members {
        return Some((
            None,
            format!(
                "clang lays out {} members, the Rust would have {members}",
                c.members.len()
            ),
        ));
    }
    for (k, (placed, cm)) in Placements::new(desc, AddressSize::A64)
        .zip(&c.members)
        .enumerate()
    {
        let p = match placed {
            Ok((_, p)) => p,
            Err(e) => return broken(e),
        };
        let width = p.bits.map(|b| b.width);
        if width == Some(0) || cm.bits == Some(0) {
            continue; // a zero-width bit-field has no bits to place
        }
        let first = p.first_bit() as u64;
        if first != cm.first_bit || width != cm.bits {
            return Some((
                Some(k),
                format!(
                    "is at {} in C (clang's record layout) but would be at {} in the Rust{}",
                    where_is(cm.first_bit, cm.bits),
                    where_is(first, width),
                    cause("`packed`, `#pragma pack`, an aligned typedef, …")
                ),
            ));
        }
    }
    let (size, align) = (layout.size as u64, layout.align as u64);
    if (size, align) != (c.size, c.align) {
        return Some((None, format!(
            "has size {} and alignment {} in C (clang's record layout) but would have size {size} and alignment {align} in the Rust{}",
            c.size, c.align,
            cause("`packed`, `aligned`, `#pragma pack`, …")
        )));
    }
    None
}

/// `offset 4` or `bits 35..39` (a bit-field's bits counted from the record's first).
fn where_is(first_bit: u64, bits: Option<u32>) -> String {
    match bits {
        Some(w) => format!(
            "bits {first_bit}..{}",
            first_bit.saturating_add(u64::from(w))
        ),
        None => format!("offset {}", first_bit / 8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Item, Loc, Member, Record};
    use crate::record_layout::parse;

    fn member(name: &str, s: Scalar, bits: Option<u32>) -> Member {
        Member {
            name: name.into(),
            c_name: None,
            anonymous: name.is_empty(),
            base: None,
            private: false,
            ty: Ty::Scalar(s),
            bits,
            align: None,
            align_from_layout: false,
            c_type: String::new(),
            note: None,
            loc: Loc {
                file: "h.cuh".into(),
                line: 4,
                col: 3,
            },
        }
    }

    /// A model of one struct `name` with `members`, emitted.
    fn model(name: &str, members: Vec<Member>) -> Model {
        Model {
            items: vec![Item {
                module: Vec::new(),
                name: name.into(),
                c_name: name.into(),
                loc: Loc {
                    file: "h.cuh".into(),
                    line: 3,
                    col: 8,
                },
                kind: ItemKind::Record(Record {
                    members,
                    ..Record::default()
                }),
                in_header: true,
                anonymous: false,
                private: false,
            }],
            emitted: vec![0],
        }
    }

    fn verdicts(m: &Model, dump: &str) -> Vec<String> {
        compare(m, CudaVersion::DEFAULT, &parse(dump).unwrap())
            .into_iter()
            .map(|(_, u)| u.to_string())
            .collect()
    }

    /// clang 22's dump of `#pragma pack(1) struct P1 { char c; int x; };` and of
    /// `struct BF { int a; int : 3; int y : 4; };`.
    const DUMP: &str = "
*** Dumping AST Record Layout
         0 | struct P1
         0 |   char c
         1 |   int x
           | [sizeof=5, dsize=5, align=1,
           |  nvsize=5, nvalign=1]

*** Dumping AST Record Layout
         0 | struct BF
         0 |   int a
     4:0-2 |   int 
     4:3-6 |   int y
           | [sizeof=8, dsize=8, align=4,
           |  nvsize=8, nvalign=4]
";

    #[test]
    fn a_member_placed_elsewhere_is_named_with_both_offsets() {
        let m = model(
            "P1",
            vec![
                member("c", Scalar::I8, None),
                member("x", Scalar::I32, None),
            ],
        );
        assert_eq!(
            verdicts(&m, DUMP),
            ["h.cuh:4: `P1::x`: is at offset 1 in C (clang's record layout) but would be at offset 4 in the Rust; the header uses a layout attribute (`packed`, `#pragma pack`, an aligned typedef, …) that ptx-abi cannot express"]
        );
    }

    #[test]
    fn bit_fields_are_compared_bit_by_bit() {
        let same = model(
            "BF",
            vec![
                member("a", Scalar::I32, None),
                member("", Scalar::I32, Some(3)),
                member("y", Scalar::I32, Some(4)),
            ],
        );
        assert!(verdicts(&same, DUMP).is_empty());
        let wider = model(
            "BF",
            vec![
                member("a", Scalar::I32, None),
                member("", Scalar::I32, Some(4)),
                member("y", Scalar::I32, Some(4)),
            ],
        );
        let v = verdicts(&wider, DUMP);
        assert!(
            v.len() == 1
                && v[0].contains("`BF::(unnamed)`: is at bits 32..35 in C")
                && v[0].contains("at bits 32..36 in the Rust"),
            "{v:?}"
        );
    }

    /// clang 22's dump of `struct Tag {}; struct Arena { [[no_unique_address]] Tag tag; int
    /// n; int cap; };` (C++20) and of `struct Launch { P1 p; char id; };` (`P1` packed above).
    const NO_BYTES: &str = "
*** Dumping AST Record Layout
         0 | struct Arena
         0 |   struct Tag tag (empty)
         0 |   int n
         4 |   int cap
           | [sizeof=8, dsize=8, align=4,
           |  nvsize=8, nvalign=4]

*** Dumping AST Record Layout
         0 | struct Launch
         0 |   struct P1 p
         0 |     char c
         1 |     int x
         5 |   char id
           | [sizeof=6, dsize=6, align=1,
           |  nvsize=6, nvalign=1]
";

    #[test]
    fn members_without_bytes_are_not_compared() {
        let mut m = model(
            "Arena",
            vec![
                member("n", Scalar::I32, None),
                member("cap", Scalar::I32, None),
            ],
        );
        assert!(
            verdicts(&m, NO_BYTES)[0].contains("clang lays out 3 members, the Rust would have 2")
        );
        if let ItemKind::Record(r) = &mut m.items[0].kind {
            r.no_bytes = vec!["tag".into()];
        }
        assert!(verdicts(&m, NO_BYTES).is_empty());
    }

    /// A record holding one whose layout differs is left out for holding it (by
    /// [`crate::Importer`]), not for an offset of its own.
    #[test]
    fn only_the_innermost_difference_is_told() {
        let mut m = model(
            "P1",
            vec![
                member("c", Scalar::I8, None),
                member("x", Scalar::I32, None),
            ],
        );
        let mut launch = model(
            "Launch",
            vec![
                Member {
                    ty: Ty::Item(0),
                    ..member("p", Scalar::I8, None)
                },
                member("id", Scalar::I8, None),
            ],
        );
        m.items.append(&mut launch.items);
        m.emitted = vec![0, 1];
        let dumps = format!("{DUMP}{NO_BYTES}");
        // Compared alone, `Launch::id` is at offset 5 in C and 8 in the Rust.
        assert_eq!(verdicts(&m, &dumps).len(), 2);
        let mut problems = vec![Vec::new(); 2];
        check(
            &mut m,
            &mut problems,
            &parse(&dumps).unwrap(),
            CudaVersion::DEFAULT,
            Compiler::Nvcc,
        );
        assert_eq!(problems[0].len(), 1, "{problems:?}");
        assert!(problems[1].is_empty(), "{problems:?}");
    }

    /// `packed`, the model of `#pragma pack` or `__attribute__((packed))` on the record.
    fn packed(mut m: Model) -> Model {
        if let ItemKind::Record(r) = &mut m.items[0].kind {
            r.packed = true;
        }
        m
    }

    #[test]
    fn a_packed_record_gets_the_packing_that_gives_clangs_layout() {
        let mut m = packed(model(
            "P1",
            vec![
                member("c", Scalar::I8, None),
                member("x", Scalar::I32, None),
            ],
        ));
        let clang = parse(DUMP).unwrap();
        find_packs(
            &mut m,
            &mut vec![Vec::new(); 8],
            &clang,
            CudaVersion::DEFAULT,
        );
        assert!(matches!(&m.items[0].kind, ItemKind::Record(r) if r.pack == Some(1)));
        assert!(verdicts(&m, DUMP).is_empty());
    }

    #[test]
    fn a_packing_that_changes_nothing_is_not_written() {
        // `BF` under `#pragma pack(16)`: clang's layout is the unpacked one.
        let mut m = packed(model(
            "BF",
            vec![
                member("a", Scalar::I32, None),
                member("", Scalar::I32, Some(3)),
                member("y", Scalar::I32, Some(4)),
            ],
        ));
        find_packs(
            &mut m,
            &mut vec![Vec::new(); 8],
            &parse(DUMP).unwrap(),
            CudaVersion::DEFAULT,
        );
        assert!(matches!(&m.items[0].kind, ItemKind::Record(r) if r.pack.is_none()));
        assert!(verdicts(&m, DUMP).is_empty());
    }

    /// clang 22's dump (C++, `-target nvptx64-nvidia-cuda`) of `#pragma pack(1) struct PB { char c;
    /// short s : 12; short t : 8; };`:
    /// `t` lies across a `short` boundary, in no storage unit of its type.
    const PACKED_BITS: &str = "
*** Dumping AST Record Layout
         0 | struct PB
         0 |   char c
    1:0-11 |   short s
    2:4-11 |   short t
           | [sizeof=4, dsize=4, align=1,
           |  nvsize=4, nvalign=1]
";

    #[test]
    fn a_packed_bit_field_across_its_unit_is_refused_with_the_packing_named() {
        let mut m = packed(model(
            "PB",
            vec![
                member("c", Scalar::I8, None),
                member("s", Scalar::I16, Some(12)),
                member("t", Scalar::I16, Some(8)),
            ],
        ));
        find_packs(
            &mut m,
            &mut vec![Vec::new(); 8],
            &parse(PACKED_BITS).unwrap(),
            CudaVersion::DEFAULT,
        );
        assert!(matches!(&m.items[0].kind, ItemKind::Record(r) if r.pack.is_none()));
        let v = verdicts(&m, PACKED_BITS);
        assert!(
            v.len() == 1 && v[0].contains("is packed") && v[0].contains("`#[ptx(pack = N)]`"),
            "{v:?}"
        );
    }

    #[test]
    fn a_record_clang_did_not_lay_out_is_refused() {
        let m = model("Gone", vec![member("a", Scalar::I32, None)]);
        let v = verdicts(&m, DUMP);
        assert!(
            v.len() == 1 && v[0].contains("clang gave no layout"),
            "{v:?}"
        );
    }
}
