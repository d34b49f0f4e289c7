//! Kernels written in Rust over a sample of the golden corpus: the device crate's source, for
//! nightly rustc's nvptx64 backend ([`crate::rustc`]), and the host argument structs of the
//! same kernels, for `#[derive(PtxAbi)]` and `check_entry` (oracle-tests' `rust_kernels` test;
//! its `build.rs` renders both).
//!
//! Each sampled case `K` is one kernel, `rk_K`, taking its top type `T` by value in the forms
//! Rust can write on the device:
//!
//! - **fields** (only for a type without bit-fields anywhere): `T` as a `#[repr(C)]` struct or
//!   `union` of the same members, a native vector as a `#[repr(C, align(N))]` array with §1.2's
//!   alignment, a pointer as `*mut i8`;
//! - **image** (every case): `TImage`, `#[repr(C)]` bytes of NVRTC's recorded size followed by
//!   a zero-length array of a marker of NVRTC's recorded alignment, as the derive's image type
//!   is. A type with C bit-fields can only be written this way in Rust;
//!
//! then one more parameter, a §1.1 scalar or a pointer, chosen by the case's position. The host
//! side is the corpus's derived `T` for both forms (`#[ptx(kernel = "rk_K", abi = "rust")]`),
//! plus the same struct with its first and last parameters swapped, which `check_entry` must
//! refuse.
//!
//! The sizes and alignments written on the device side come from NVRTC's answers (the image)
//! or from rustc's own `repr(C)` layout of the members (the fields): never from ptx-abi. Only
//! cases NVRTC aligns to at most 16 bytes are sampled: rustc stops with an internal compiler
//! error on a parameter aligned above that (`rustc::ALIGN_ICE`).

use std::fmt::Write as _;

use crate::gen::model::{Case, Kind, Member, Scalar, Ty};
use crate::gen::rust_defs;
use crate::images::SplitMix;
use crate::suite::Record;

/// rustc's limit on a by-value kernel parameter's alignment (`rustc::ALIGN_ICE`).
pub const RUSTC_ALIGN_LIMIT: u64 = 16;

/// The sampling seed when no live seed is set (`PTX_ABI_LIVE_SEED`).
pub const DEFAULT_SEED: u64 = 0x7275_7374_635f_6b31;

/// One sampled case: its record (NVRTC's answer) and the case regenerated from it.
pub type Sampled<'a> = (&'a Record, &'a Case);

/// Whether any aggregate of the case has a bit-field, named, unnamed or zero-length: then its
/// top type has no Rust field-for-field spelling on the device, only its image.
pub fn has_bit_fields(case: &Case) -> bool {
    case.aggregates
        .iter()
        .any(|a| a.members.iter().any(Member::is_bit_field))
}

/// `n` records of `records` (whose cases are `cases`, in the same order) that rustc can pass
/// by value (NVRTC's alignment at most [`RUSTC_ALIGN_LIMIT`]): half with bit-fields, half
/// without (more of one kind when there are too few of the other; fewer in all when the
/// corpus has fewer), each a random choice by `seed`, in corpus order. The same `seed` always
/// gives the same sample.
pub fn sample(records: &[Record], cases: &[Case], seed: u64, n: usize) -> Vec<usize> {
    assert_eq!(records.len(), cases.len(), "one case per record");
    let (mut with, mut without): (Vec<usize>, Vec<usize>) = (0..records.len())
        .filter(|&i| records[i].answer.align <= RUSTC_ALIGN_LIMIT)
        .partition(|&i| has_bit_fields(&cases[i]));
    let mut rng = SplitMix::new(seed);
    let mut pick = |pool: &mut Vec<usize>, k: usize| -> Vec<usize> {
        // A partial Fisher–Yates shuffle: the first `k` places are a uniform choice.
        let k = k.min(pool.len());
        for i in 0..k {
            let j = i + rng.below((pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool[..k].to_vec()
    };
    // Half each; a kind the corpus has too few of leaves its places to the other.
    let from_with = (n / 2).max(n.saturating_sub(without.len())).min(with.len());
    let from_without = (n - from_with).min(without.len());
    let mut chosen = pick(&mut without, from_without);
    chosen.extend(pick(&mut with, from_with));
    chosen.sort_unstable();
    chosen
}

/// The device name of a §1.2 vector: `Float4`, `UChar3`, `Double2` (CUDA's, capitalized).
fn vector_name(elem: Scalar, lanes: u8) -> String {
    format!("{}{lanes}", elem.vector_stem().expect("no bool vectors").1)
}

/// Every §1.2 native vector as a `#[repr(C, align(N))]` array on the device: an odd number of
/// lanes is aligned like the element, an even number `n` like `n` elements.
pub fn device_vectors() -> String {
    let mut s = String::new();
    for elem in Scalar::ALL {
        for lanes in 1..=elem.max_lanes() {
            let align = if lanes % 2 == 1 {
                elem.size()
            } else {
                elem.size() * u32::from(lanes)
            };
            let name = vector_name(elem, lanes);
            writeln!(
                s,
                "#[repr(C, align({align}))]\npub struct {name}(pub [{}; {lanes}]);\n\
                 impl Copy for {name} {{}}",
                elem.rust_name()
            )
            .unwrap();
        }
    }
    s
}

/// The zero-sized alignment markers of the images: `Align1` … `Align16`.
pub fn device_align_markers() -> String {
    let mut s = String::new();
    let mut a = 1;
    while a <= RUSTC_ALIGN_LIMIT {
        writeln!(
            s,
            "#[repr(C, align({a}))]\npub struct Align{a};\nimpl Copy for Align{a} {{}}"
        )
        .unwrap();
        a *= 2;
    }
    s
}

/// The device spelling of a member type: `[[i32; 3]; 2]`, `*mut i8`, `Float4`, `T_x`.
fn device_type(case: &Case, ty: &Ty) -> String {
    match ty {
        Ty::Scalar(s) => s.rust_name().to_string(),
        Ty::Pointer => "*mut i8".to_string(),
        Ty::Vector { elem, lanes } => vector_name(*elem, *lanes),
        Ty::Array { elem, len } => format!("[{}; {len}]", device_type(case, elem)),
        Ty::Named(i) => case.aggregates[*i].name.clone(),
        Ty::Enum(i) => case.enums[*i].name.clone(),
    }
}

/// The case's enums and aggregates field for field (dependencies first). Enum discriminants
/// are `0, 1, …` (a `#![no_core]` crate has no `Neg` for negative ones; the layout is the
/// repr's either way). Panics on a case with bit-fields ([`has_bit_fields`]).
pub fn device_fields_defs(case: &Case) -> String {
    assert!(!has_bit_fields(case), "a bit-field has no Rust spelling");
    let mut s = String::new();
    for e in &case.enums {
        writeln!(s, "#[repr({})]\npub enum {} {{", e.repr.rust_name(), e.name).unwrap();
        for (k, (v, _)) in e.variants.iter().enumerate() {
            writeln!(s, "    {v} = {k},").unwrap();
        }
        writeln!(s, "}}\nimpl Copy for {} {{}}", e.name).unwrap();
    }
    for agg in &case.aggregates {
        let repr = match agg.align {
            Some(n) => format!("#[repr(C, align({n}))]"),
            None => "#[repr(C)]".to_string(),
        };
        let kw = match agg.kind {
            Kind::Struct => "struct",
            Kind::Union => "union",
        };
        writeln!(s, "{repr}\npub {kw} {} {{", agg.name).unwrap();
        for m in &agg.members {
            if let Member::Field { name, ty } = m {
                writeln!(s, "    pub {name}: {},", device_type(case, ty)).unwrap();
            }
        }
        writeln!(s, "}}\nimpl Copy for {} {{}}", agg.name).unwrap();
    }
    s
}

/// The image type of `name` on the device: `size` bytes aligned to `align` (NVRTC's answer).
pub fn device_image(name: &str, size: u64, align: u64) -> String {
    format!(
        "#[repr(C)]\npub struct {name}Image {{\n    pub bytes: [u8; {size}],\n    \
         pub _align: [Align{align}; 0],\n}}\nimpl Copy for {name}Image {{}}\n"
    )
}

/// The last parameter of the `k`-th sampled kernel: `(device type, host type)`, cycling
/// through the §1.1 scalars and a pointer to the case's top type.
fn tail(k: usize, top: &str, device_top: &str) -> (String, String) {
    let scalars = Scalar::ALL;
    match scalars.get(k % (scalars.len() + 1)) {
        Some(s) => (s.rust_name().to_string(), s.rust_name().to_string()),
        None => (
            format!("*mut {device_top}"),
            format!("::ptx_abi::DevicePtr<{top}>"),
        ),
    }
}

/// The kernel of a sampled case: `rk_{key}`.
pub fn kernel_name(record: &Record) -> String {
    format!("rk_{}", record.key)
}

/// The device crate: [`crate::rustc::PRELUDE`], the vectors and alignment markers, then per
/// sampled case its types and its kernel, `rk_K(value: T, image: TImage, tail: S)` (`value`
/// only for a case without bit-fields). Deterministic in its input.
pub fn device_source(sample: &[Sampled<'_>]) -> String {
    let mut s = String::from(crate::rustc::PRELUDE);
    s.push_str("\n// §1.2 vectors.\n");
    s.push_str(&device_vectors());
    s.push_str("\n// Alignment markers of the images.\n");
    s.push_str(&device_align_markers());
    for (k, (record, case)) in sample.iter().enumerate() {
        let top = &case.top().name;
        writeln!(s, "\n// ---- case {}", record.key).unwrap();
        s.push_str(&device_image(top, record.answer.size, record.answer.align));
        let fields = !has_bit_fields(case);
        let mut params = Vec::new();
        if fields {
            s.push_str(&device_fields_defs(case));
            params.push(format!("value: {top}"));
        }
        params.push(format!("image: {top}Image"));
        let device_top = if fields {
            top.clone()
        } else {
            format!("{top}Image")
        };
        params.push(format!("tail: {}", tail(k, top, &device_top).0));
        writeln!(
            s,
            "#[no_mangle]\npub unsafe extern \"ptx-kernel\" fn {}({}) {{}}",
            kernel_name(record),
            params.join(", ")
        )
        .unwrap();
    }
    s
}

/// The host side of [`device_source`]: the cases' derived types ([`rust_defs`]), per case
/// `RkArgs_{key}` (`#[ptx(kernel = "rk_{key}", abi = "rust")]`, the kernel's parameters) and
/// `RkSwapped_{key}` (the same with the first and last parameters swapped), and
/// `RUST_KERNELS: &[RustKernel]`, one entry per case. `RustKernel` is the including file's
/// (`oracle-tests/tests/rust_kernels.rs`).
pub fn host_source(sample: &[Sampled<'_>]) -> String {
    const DERIVE: &str = "#[derive(::ptx_abi::PtxAbi, Clone, Copy)]\n\
        #[allow(non_camel_case_types, dead_code)]\n";
    let mut s = String::new();
    let mut table = String::from("pub static RUST_KERNELS: &[RustKernel] = &[\n");
    for (k, (record, case)) in sample.iter().enumerate() {
        let key = &record.key;
        let top = &case.top().name;
        let kernel = kernel_name(record);
        let fields = !has_bit_fields(case);
        writeln!(s, "// ---- case {key}").unwrap();
        s.push_str(&rust_defs(case));
        let tail_ty = tail(k, top, top).1;
        let mut params = Vec::new();
        if fields {
            params.push(("value", top.as_str()));
        }
        params.push(("image", top.as_str()));
        params.push(("tail", tail_ty.as_str()));
        let mut swapped = params.clone();
        let last = swapped.len() - 1;
        swapped.swap(0, last);
        for (name, list) in [("RkArgs", &params), ("RkSwapped", &swapped)] {
            write!(
                s,
                "{DERIVE}#[ptx(kernel = \"{kernel}\", abi = \"rust\")]\npub struct {name}_{key} {{\n"
            )
            .unwrap();
            for (field, ty) in list.iter() {
                writeln!(s, "    pub {field}: {ty},").unwrap();
            }
            s.push_str("}\n");
        }
        let nvrtc_entry = record
            .answer
            .entry_params
            .first()
            .map_or("", String::as_str);
        writeln!(
            table,
            "    RustKernel {{ key: {key:?}, kernel: {kernel:?}, fields: {fields}, \
             nvrtc_entry: {nvrtc_entry:?}, check: ::ptx_abi::check_entry::<RkArgs_{key}>, \
             swapped: ::ptx_abi::check_entry::<RkSwapped_{key}> }},"
        )
        .unwrap();
    }
    table.push_str("];\n");
    s.push_str(&table);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::generate;
    use crate::probe::Answer;
    use crate::suite::record;

    fn answer(size: u64, align: u64) -> Answer {
        Answer {
            size,
            align,
            offsets: Vec::new(),
            image: vec![0; size as usize],
            entry_params: vec![format!(
                ".param .align {align} .b8 ptxabi_k_0_param_0[{size}]"
            )],
            func_params: Vec::new(),
            func_ret: String::new(),
        }
    }

    fn corpus(n: u32) -> (Vec<Record>, Vec<Case>) {
        let cases: Vec<Case> = (0..n).map(|id| generate(0x5eed, id)).collect();
        let records = cases
            .iter()
            .enumerate()
            .map(|(i, c)| record(&format!("k{i}"), c, &answer(8, 1 << (i % 8))))
            .collect();
        (records, cases)
    }

    #[test]
    fn the_sample_is_deterministic_within_rustcs_limit_and_has_both_kinds() {
        let (records, cases) = corpus(200);
        let a = sample(&records, &cases, 7, 20);
        assert_eq!(a, sample(&records, &cases, 7, 20));
        assert_ne!(a, sample(&records, &cases, 8, 20));
        assert_eq!(a.len(), 20);
        assert!(a
            .iter()
            .all(|&i| records[i].answer.align <= RUSTC_ALIGN_LIMIT));
        let with = a.iter().filter(|&&i| has_bit_fields(&cases[i])).count();
        let eligible_without = (0..records.len())
            .filter(|&i| records[i].answer.align <= RUSTC_ALIGN_LIMIT)
            .filter(|&i| !has_bit_fields(&cases[i]))
            .count();
        assert_eq!(20 - with, eligible_without.min(10), "{a:?}");
        assert!(with >= 10, "{a:?}");
        // Asked for more than there are: every eligible case, once.
        let all = sample(&records, &cases, 7, 10_000);
        let eligible = records
            .iter()
            .filter(|r| r.answer.align <= RUSTC_ALIGN_LIMIT);
        assert_eq!(all.len(), eligible.count());
        assert!(all.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn the_image_is_nvrtcs_size_and_alignment() {
        let d = device_image("T", 24, 8);
        assert!(d.contains("pub bytes: [u8; 24],"), "{d}");
        assert!(d.contains("pub _align: [Align8; 0],"), "{d}");
    }

    #[test]
    fn vectors_follow_section_1_2() {
        let v = device_vectors();
        for decl in [
            "#[repr(C, align(16))]\npub struct Float4(pub [f32; 4]);",
            "#[repr(C, align(4))]\npub struct Float3(pub [f32; 3]);",
            "#[repr(C, align(2))]\npub struct Char2(pub [i8; 2]);",
            "#[repr(C, align(16))]\npub struct Double2(pub [f64; 2]);",
            "#[repr(C, align(8))]\npub struct LongLong1(pub [i64; 1]);",
        ] {
            assert!(v.contains(decl), "{decl} missing from\n{v}");
        }
        assert!(
            !v.contains("Double3"),
            "§1.2 has no 3-lane vector of 8-byte elements"
        );
    }

    #[test]
    fn each_case_is_one_kernel_in_both_sources() {
        let (records, cases) = corpus(40);
        let picked = sample(&records, &cases, 1, 6);
        let sampled: Vec<Sampled<'_>> = picked.iter().map(|&i| (&records[i], &cases[i])).collect();
        let device = device_source(&sampled);
        let host = host_source(&sampled);
        for (r, c) in &sampled {
            let kernel = kernel_name(r);
            assert!(
                device.contains(&format!("fn {kernel}(")),
                "{kernel} missing from the device source"
            );
            assert!(host.contains(&format!("kernel = \"{kernel}\", abi = \"rust\"")));
            let value = format!("value: {}", c.top().name);
            assert_eq!(device.contains(&value), !has_bit_fields(c), "{kernel}");
        }
        assert_eq!(host.matches("RustKernel {").count(), sampled.len());
    }
}
