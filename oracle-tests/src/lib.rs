//! The differential test suite of ptx-abi against NVIDIA's NVRTC (not published).
//!
//! - `tests/data/`: the checked-in golden corpus, NVRTC's recorded answers for generated cases
//!   (regenerate with `cargo xtask corpus`), checked on every `cargo test` without NVRTC: all
//!   of them through the layout engine at run time ([`engine`], `tests/corpus_engine.rs`), and
//!   every case through `#[derive(PtxAbi)]` too (`tests/corpus_derive_{0..7}.rs`, rendered by
//!   `build.rs`, and the `proof_*` programs `cargo xtask test` builds optimized);
//! - `tests/live_*.rs`: with `PTX_ABI_LIVE_SEED` set and NVRTC available, fresh cases from that
//!   seed, asked of NVRTC by `build.rs` and checked the same way;
//! - `tests/clang.rs`: clang (`--target=nvptx64-nvidia-cuda`) as a second producer, compared
//!   with NVRTC's recorded answers;
//! - `tests/rust_kernels.rs`: nightly rustc's nvptx64 backend as a producer of kernels written
//!   in Rust, taking a sample of the corpus by value, checked against their host structs;
//! - `tests/regressions.rs`: minimized cases of bugs the suite found.
//!
//! [`Run::check`] is the one generic checker all generated test sources call, one line per
//! case; it also checks that the derive describes each case's types exactly as [`engine`]
//! does, so that the engine's verdict on the cases the derive does not compile holds for them.

pub mod engine;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ptx_abi::layout::Placement;
use ptx_abi::layout::Placements;
use ptx_abi::{param_decl, AddressSize, ParamSpace, PtxAbi};
use ptx_abi_oracle::images::{
    decode_dyn, hex, make_valid, round_trip_dyn, DecodeFn, RoundTrip, RoundTrips, SplitMix, Value,
};
pub use ptx_abi_oracle::suite::Record;
use ptx_abi_oracle::suite::{rust_definitions, rust_value_of};

pub use ptx_abi_oracle::require::{oracle_required, say, skip};

#[cfg(feature = "gpu")]
pub mod gpu;

/// Prints how the running proof binary (`src/bin/proof_*.rs`) was built: the optimization
/// level, the panic strategy, whether debug assertions are on and the `-C` flags cargo passed
/// (`-C target-cpu=native` in the `aggressive` profile), as `build.rs` recorded them.
pub fn proof_profile(bin: &str) {
    let flags = env!("PTX_ABI_RUSTFLAGS");
    say(&format!(
        "{bin}: opt-level {}, panic={}, debug assertions {}, RUSTFLAGS `{}`",
        env!("PTX_ABI_OPT_LEVEL"),
        if cfg!(panic = "abort") {
            "abort"
        } else {
            "unwind"
        },
        if cfg!(debug_assertions) { "on" } else { "off" },
        flags.replace('\x1f', " ")
    ));
}

/// One member of our layout, as the engine places it.
#[derive(Clone, Debug)]
struct OurMember {
    name: &'static str,
    placement: Placement,
}

/// What ptx-abi (through the derive) says about one case.
struct Ours {
    size: u64,
    align: u64,
    members: Result<Vec<OurMember>, String>,
    image: Result<Vec<u8>, String>,
    /// `decode(NVRTC's image)`: whether it equals the value, and its image re-encoded (so
    /// floats are compared bit for bit).
    decoded: Result<(bool, Result<Vec<u8>, String>), String>,
    entry: String,
    func: String,
    ret: String,
    /// The round trips of random images ([`round_trips`]): what went wrong, if anything.
    round_trips: Result<(), String>,
}

/// What the derived code of one case gives: the value's image, and NVRTC's image decoded.
struct Codec {
    image: Result<Vec<u8>, String>,
    decoded: Result<(bool, Result<Vec<u8>, String>), String>,
}

impl Codec {
    /// Encodes `value`, decodes `nvrtc_image` with `decode` (the derived decoder of the
    /// value's type), comparing it with `value` and re-encoding it. Not generic: the derived
    /// code is reached through [`Value`] and `decode`.
    fn of(value: &dyn Value, decode: DecodeFn, nvrtc_image: &[u8]) -> Codec {
        Codec {
            image: value.to_bytes_dyn(),
            decoded: decode(nvrtc_image).map(|d| (d.eq_dyn(value), d.to_bytes_dyn())),
        }
    }
}

/// Random images of each case decoded and encoded again by [`round_trips`]: a quarter made
/// valid (`bool` bytes 0 or 1, enums a discriminant, one union member chosen), a quarter valid
/// but for one flipped bit (a `bool` byte of 2 or 3, an enum off by a bit), half any bytes.
const ROUND_TRIP_SAMPLES: u64 = 32;

/// The round-trip property on [`ROUND_TRIP_SAMPLES`] random images of `ty`, chosen by the
/// case's key (the same images every run): an image either does not decode or decodes to a
/// value that encodes to the image's value bits, padding cleared
/// (`ptx_abi_oracle::images`). A valid image of a type without unions must decode. Not
/// generic: `decode` is the derived decoder of the type (of `value_size` bytes), and the
/// values it gives encode themselves.
fn round_trips(
    key: &str,
    ty: &'static ptx_abi::layout::desc::TypeDesc,
    decode: DecodeFn,
    value_size: usize,
) -> Result<(), String> {
    let mut rng = SplitMix::from_key(key);
    let mut trips = RoundTrips::new(ty);
    let size = ty_size(ty);
    for k in 0..ROUND_TRIP_SAMPLES {
        let mut image = rng.bytes(size);
        let (valid, mutated) = (k % 4 == 0, k % 4 == 1);
        if valid || mutated {
            make_valid(ty, &mut image, &mut |n| rng.below(n));
        }
        if mutated && size > 0 {
            let bit = rng.below(size as u64 * 8) as usize;
            image[bit / 8] ^= 1 << (bit % 8);
        }
        let what = match (valid, mutated) {
            (true, _) => "valid random image",
            (_, true) => "valid random image but for one bit",
            _ => "random image",
        };
        match round_trip_dyn(&image, value_size, decode) {
            Ok(RoundTrip::Kept(kept)) => trips
                .add(&image, &kept)
                .map_err(|e| format!("{what} {}: {e}", hex(&image)))?,
            Ok(RoundTrip::Refused(why)) if valid && trips.mask().is_some() => {
                return Err(format!(
                    "{what} {} does not decode: {why}\n      value bits {}",
                    hex(&image),
                    trips.mask().map(hex).unwrap_or_default()
                ))
            }
            Ok(RoundTrip::Refused(_)) => {}
            Err(e) => return Err(format!("{what} {}: {e}", hex(&image))),
        }
    }
    trips.finish()
}

/// `ty`'s size at `.address_size 64` (0 when it has no layout, which the checks report).
fn ty_size(ty: &'static ptx_abi::layout::desc::TypeDesc) -> usize {
    ptx_abi::layout::try_layout_of(ty, AddressSize::A64).map_or(0, |l| l.size)
}

/// A run over one suite: the data of every case, and the mismatches found so far.
pub struct Run {
    name: String,
    source: &'static str,
    records: Vec<Record>,
    by_key: HashMap<String, usize>,
    checked: Vec<bool>,
    failures: Vec<(String, String)>,
    /// Every checked top type, for the CUDA header check in [`Run::finish`].
    types: Vec<&'static ptx_abi::layout::desc::TypeDesc>,
    /// Whether each case is also rebuilt by the corpus generator and compared with the
    /// derive's description (only corpus suites have generated cases).
    engine: bool,
}

impl Run {
    /// A run named `name` (for messages) over the records of `data` (the text written by
    /// `ptx_abi_oracle::suite::render_data`); `source` is the Rust test source itself, from
    /// which mismatch reports quote a case's Rust definitions.
    pub fn new(name: &str, data: &str, source: &'static str) -> Run {
        let records = ptx_abi_oracle::suite::parse_data(data)
            .unwrap_or_else(|e| panic!("{name}: unreadable suite data: {e}"));
        let by_key = records
            .iter()
            .enumerate()
            .map(|(i, r)| (r.key.clone(), i))
            .collect();
        Run {
            name: name.to_string(),
            source,
            checked: vec![false; records.len()],
            records,
            by_key,
            failures: Vec::new(),
            types: Vec::new(),
            engine: true,
        }
    }

    /// A run over cases the corpus generator does not make (ptx-abi-import's bindgen and
    /// real-header suites, whose answers NVRTC gives at build time): the same checks, without
    /// the comparison with the generator's descriptions.
    pub fn without_engine(mut self) -> Run {
        self.engine = false;
        self
    }

    /// The records of the run.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Checks case `key` through the derive: `T`'s size, alignment and the offset of every
    /// ordinary named member, `value`'s encoded image, the decoding of NVRTC's image (equal to
    /// `value`, and re-encoding to the same bytes), the round trip of random images (issue 23,
    /// [`ROUND_TRIP_SAMPLES`]) and the `.param` declarations of the kernel, the device function
    /// and its return value.
    ///
    /// Only what runs the derived code (encode, decode, `==`) is generic: the
    /// [`Value`] impl of `T` and its decoder [`decode_dyn`]; the checks are one non-generic
    /// function. The corpus is compiled into thousands of instances of this function in three
    /// profiles, and the optimizer's time should go to the derived code, not to the checks.
    pub fn check<T: PtxAbi + PartialEq + 'static>(&mut self, key: &str, value: T) {
        let layout = (T::TYPE, T::SIZE, T::ALIGN);
        self.check_case(key, layout, param_decl::<T>, &value, decode_dyn::<T>);
    }

    fn check_case(
        &mut self,
        key: &str,
        (ty, size, align): (&'static ptx_abi::layout::desc::TypeDesc, usize, usize),
        param_decl_of: fn(&str, ParamSpace) -> String,
        value: &dyn Value,
        decode: DecodeFn,
    ) {
        self.types.push(ty);
        let Some(&i) = self.by_key.get(key) else {
            self.failures
                .push((key.to_string(), "no such case in the data".to_string()));
            return;
        };
        self.checked[i] = true;
        // The engine path (`engine`) checks every corpus case on descriptions built at run
        // time: they must be the ones the derive writes.
        match self
            .engine
            .then(|| ptx_abi_oracle::corpus::case_of(&self.records[i]))
        {
            None => {}
            Some(Ok(case)) => {
                let ours = engine::Descs::new(&case).top();
                if let Some(d) = engine::desc_difference(ty, ours) {
                    let problem = format!("the derive's TypeDesc differs from the engine's: {d}");
                    let report = report(&self.records[i], self.source, None, &[problem]);
                    self.failures.push((key.to_string(), report));
                }
            }
            Some(Err(e)) => self.failures.push((key.to_string(), e.to_string())),
        }
        let id = self.records[i].id;
        let nvrtc_image = self.records[i].answer.image.clone();
        let ours = catch_unwind(AssertUnwindSafe(|| {
            let codec = Codec::of(value, decode, &nvrtc_image);
            Ours {
                size: size as u64,
                align: align as u64,
                members: members(ty),
                image: codec.image,
                decoded: codec.decoded,
                entry: param_decl_of(&format!("ptxabi_k_{id}_param_0"), ParamSpace::Entry),
                func: param_decl_of(&format!("ptxabi_f_{id}_param_0"), ParamSpace::Func),
                ret: param_decl_of("func_retval0", ParamSpace::Func),
                round_trips: round_trips(key, ty, decode, size),
            }
        }));
        match ours {
            Ok(ours) => self.compare(i, &ours),
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                let problem = format!("panicked: {msg}");
                let report = report(&self.records[i], self.source, None, &[problem]);
                self.failures.push((key.to_string(), report));
            }
        }
    }

    fn compare(&mut self, i: usize, ours: &Ours) {
        let r = &self.records[i];
        let a = &r.answer;
        let mut problems = Vec::new();
        if (ours.size, ours.align) != (a.size, a.align) {
            problems.push(format!(
                "size/align: NVRTC {}/{}, ours {}/{}",
                a.size, a.align, ours.size, ours.align
            ));
        }
        match &ours.members {
            Ok(members) => {
                for &(k, off) in &a.offsets {
                    match members.get(k) {
                        Some(m) if m.placement.offset as u64 == off => {}
                        Some(m) => problems.push(format!(
                            "offset of member {k} (`{}`): NVRTC {off}, ours {}",
                            m.name, m.placement.offset
                        )),
                        None => problems.push(format!(
                            "member {k}: NVRTC places it at {off}, ours has no such member"
                        )),
                    }
                }
            }
            Err(e) => problems.push(format!("our layout failed: {e}")),
        }
        match &ours.image {
            Ok(img) if *img == a.image => {}
            Ok(img) => problems.push(format!(
                "encode: {}",
                first_difference(&a.image, img, &ours.members)
            )),
            Err(e) => problems.push(format!("encode failed: {e}")),
        }
        match &ours.decoded {
            Ok((equal, reencoded)) => {
                if !equal {
                    problems.push("decode(NVRTC image) != value".to_string());
                }
                match reencoded {
                    Ok(img) if *img == a.image => {}
                    Ok(img) => problems.push(format!(
                        "encode(decode(NVRTC image)): {}",
                        first_difference(&a.image, img, &ours.members)
                    )),
                    Err(e) => problems.push(format!("encode(decode(NVRTC image)) failed: {e}")),
                }
            }
            Err(e) => problems.push(format!("decode(NVRTC image) failed: {e}")),
        }
        if let Err(e) = &ours.round_trips {
            problems.push(format!("round trip: {e}"));
        }
        let params = [
            ("kernel parameter", a.entry_params.join(", "), &ours.entry),
            ("function parameter", a.func_params.join(", "), &ours.func),
            ("return value", a.func_ret.clone(), &ours.ret),
        ];
        for (what, theirs, ours) in params {
            if theirs != *ours {
                problems.push(format!("{what}: NVRTC `{theirs}`, ours `{ours}`"));
            }
        }
        if !problems.is_empty() {
            let report = report(r, self.source, Some(ours), &problems);
            self.failures.push((r.key.clone(), report));
        }
    }

    /// Prints the summary and every mismatch, and panics if there was one or if some case of
    /// the data was never checked; then checks the CUDA header of every type.
    pub fn finish(self) {
        let checked = self.checked.iter().filter(|&&c| c).count();
        let unchecked: Vec<&str> = self
            .records
            .iter()
            .zip(&self.checked)
            .filter(|(_, &c)| !c)
            .map(|(r, _)| r.key.as_str())
            .collect();
        for (k, (_, report)) in self.failures.iter().enumerate() {
            if k < 20 {
                eprintln!("{report}");
            }
        }
        let failed: Vec<&str> = self.failures.iter().map(|(k, _)| k.as_str()).collect();
        say(&format!(
            "{}: checked {checked} of {} cases against NVRTC's answers through the derive: {} mismatches",
            self.name,
            self.records.len(),
            failed.len()
        ));
        assert!(
            unchecked.is_empty(),
            "{}: cases in the data but never checked: {unchecked:?}",
            self.name
        );
        assert!(
            failed.is_empty(),
            "{}: {} of {checked} cases disagree with NVRTC: {failed:?} (details above)",
            self.name,
            failed.len()
        );
        check_cuda_header(&self.name, &self.types);
    }
}

/// Our members of `ty` with their placements (non-generic, to keep each case's code small).
fn members(ty: &'static ptx_abi::layout::desc::TypeDesc) -> Result<Vec<OurMember>, String> {
    Placements::new(ty, AddressSize::A64)
        .map(|r| {
            r.map(|(m, placement)| OurMember {
                name: m.name,
                placement,
            })
            .map_err(|e| e.to_string())
        })
        .collect()
}

/// `first differing byte K: NVRTC 0x.., ours 0x.. (in our member m3)` plus both images, or a
/// length mismatch.
fn first_difference(nvrtc: &[u8], ours: &[u8], members: &Result<Vec<OurMember>, String>) -> String {
    let mut s = match nvrtc.iter().zip(ours).position(|(a, b)| a != b) {
        Some(k) => {
            let owner = members.as_ref().ok().and_then(|ms| {
                ms.iter()
                    .find(|m| {
                        let p = &m.placement;
                        p.offset <= k && k < p.offset + p.size.max(1)
                    })
                    .map(|m| m.name)
            });
            format!(
                "first differing byte {k}: NVRTC {:#04x}, ours {:#04x} ({})",
                nvrtc[k],
                ours[k],
                owner.map_or("padding in our layout".to_string(), |n| format!(
                    "in our member `{n}`"
                ))
            )
        }
        None => format!(
            "lengths differ: NVRTC {} bytes, ours {}",
            nvrtc.len(),
            ours.len()
        ),
    };
    write!(s, "\n      NVRTC {nvrtc:?}\n      ours  {ours:?}").unwrap();
    s
}

/// The full report of a mismatching case: the problems, both layouts member by member, both
/// definitions.
fn report(r: &Record, source: &str, ours: Option<&Ours>, problems: &[String]) -> String {
    let a = &r.answer;
    let mut s = format!(
        "\n==== MISMATCH: case {} (seed {}, id {}), type {}\n",
        r.key, r.seed, r.id, r.top
    );
    for p in problems {
        writeln!(s, "  - {p}").unwrap();
    }
    writeln!(s, "  layouts, member by member:").unwrap();
    writeln!(
        s,
        "    {:<8} {:>13} {:>12} {:>6} {:>6}  bits",
        "member", "NVRTC offset", "our offset", "size", "align"
    )
    .unwrap();
    let nvrtc_offset = |k: usize| a.offsets.iter().find(|(i, _)| *i == k).map(|(_, o)| *o);
    if let Some(Ok(members)) = ours.map(|o| &o.members) {
        for (k, m) in members.iter().enumerate() {
            let p = &m.placement;
            let theirs = nvrtc_offset(k).map_or("-".to_string(), |o| o.to_string());
            let bits = p.bits.map_or(String::new(), |b| {
                format!("{}..{}", b.start, b.start + b.width)
            });
            writeln!(
                s,
                "    {:<8} {theirs:>13} {:>12} {:>6} {:>6}  {bits}",
                m.name, p.offset, p.size, p.align
            )
            .unwrap();
        }
    } else {
        for (k, o) in &a.offsets {
            writeln!(s, "    m{k:<7} {o:>13}").unwrap();
        }
    }
    match ours {
        Some(o) => writeln!(
            s,
            "    {:<8} {:>13} {:>12}\n    {:<8} {:>13} {:>12}",
            "sizeof", a.size, o.size, "alignof", a.align, o.align
        ),
        None => writeln!(s, "    sizeof {} alignof {} (NVRTC)", a.size, a.align),
    }
    .unwrap();
    if let Some(o) = ours {
        let value = rust_value_of(source, &r.key).unwrap_or("(not found in the test source)");
        writeln!(s, "  value:              {value}").unwrap();
        match &o.decoded {
            Ok((_, Ok(image))) => writeln!(s, "  decode(NVRTC image), encoded again: {image:02x?}"),
            Ok((_, Err(e))) => writeln!(s, "  decode(NVRTC image) does not encode: {e}"),
            Err(e) => writeln!(s, "  decode(NVRTC image): error: {e}"),
        }
        .unwrap();
        writeln!(
            s,
            "  params: NVRTC {:?} / {:?} -> {:?}\n          ours  {:?} / {:?} -> {:?}",
            a.entry_params, a.func_params, a.func_ret, o.entry, o.func, o.ret
        )
        .unwrap();
    }
    writeln!(
        s,
        "  CUDA:\n{}    {} value = {};",
        indent(&r.cuda),
        r.top,
        r.init
    )
    .unwrap();
    let rust = rust_definitions(source, &r.key).unwrap_or("(not found in the test source)");
    writeln!(s, "  Rust:\n{}", indent(rust)).unwrap();
    s
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// The CUDA header ptx-abi generates for `types` must compile with NVRTC: its `static_assert`s
/// pin each type's size, alignment and member offsets on the nvcc side. Without NVRTC the check
/// is skipped, saying so ([`ptx_abi_oracle::require::nvrtc`]: a failure under
/// `PTX_ABI_REQUIRE_ORACLE=1`); `name` names the suite in every message.
pub fn check_cuda_header(name: &str, types: &[&'static ptx_abi::layout::desc::TypeDesc]) {
    let header =
        ptx_abi::cuda_header(types).unwrap_or_else(|e| panic!("{name}: no CUDA header: {e}"));
    let Some(nvrtc) = ptx_abi_oracle::require::nvrtc(&format!("{name}: the CUDA header check"))
    else {
        return;
    };
    let source = format!("{header}\nextern \"C\" __global__ void ptxabi_header_probe() {{}}\n");
    if let Err(e) = nvrtc.compile(&source, ptx_abi_nvtools::options::PROBE_OPTIONS) {
        panic!("{name}: NVRTC rejects ptx-abi's CUDA header:\n{}", e.log);
    }
    say(&format!(
        "{name}: NVRTC compiled ptx-abi's CUDA header of {} types; every static_assert holds",
        types.len()
    ));
}
