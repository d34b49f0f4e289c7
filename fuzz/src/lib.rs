//! The bodies of ptx-abi's fuzz targets (`fuzz_targets/*.rs` only call them) and their seeds.
//!
//! Each target's input is arbitrary bytes; the properties it checks panic when broken, which
//! libFuzzer reports as a crash and saves the input of:
//!
//! - [`ptx_reader`]: the one PTX signature reader (`params::read`) on any text: no panic,
//!   `signature(name)` agrees with `signatures()` whenever the latter reads the module, and
//!   CRLF or CR line ends read as LF.
//! - [`decode`]: `from_ptx_bytes` of the derived types of [`types`] on any bytes: an error or
//!   a value whose image is the input's value bits (`oracle/src/images.rs`), at both address
//!   sizes, through the image accessors too.
//! - [`import_ast`]: ptx-abi-import's reader of clang's JSON AST on any text: an error or
//!   Rust source, never a panic.
//! - [`check_entry`]: `check_entry` of fixed kernel argument structs against any text: `Ok` or
//!   an error that displays, never a panic; and on a signature and an argument struct built
//!   from the same bytes ([`check_model`]), `check_signature` is `Ok` exactly when an
//!   independent model of the type-class rule says every parameter holds its field, and
//!   otherwise names the first that does not.
//!
//! At start-up each target writes its seeds ([`seeds`]) into the corpus directory it was given.

pub mod check_model;
pub mod seeds;
pub mod types;

/// Random valid images and the round-trip property, shared with oracle-tests and the facade's
/// tests (a module of `ptx-abi-oracle`, compiled here on its own to keep the build small).
#[path = "../../oracle/src/images.rs"]
pub mod images;

use std::fmt::Debug;

use images::{
    equals_itself, hex, make_valid, round_trip, value_mask, RoundTrip, RoundTrips, SplitMix,
};
use ptx_abi::codec::{decode_at, encode_at, layout_at, PtxImage};
use ptx_abi::params::lex::{matching_paren, split_top_level, statements};
use ptx_abi::params::read::{signature, signatures, type_size, Param};
use ptx_abi::{AddressSize, PtxAbi};
use types::{Aligned, All, Bits, BitsImage, Level, Mode, Nested, Payload, Raw, Tag, Vecs, Wide};

/// Names the reader is asked for besides those it finds: the seeds' kernels and words that
/// are not functions.
const NAMES: &[&str] = &[
    "k",
    "k2",
    "dfs",
    "kp",
    "param",
    "b32",
    "func_retval0",
    "entry",
];

/// The `ptx_reader` target: every public function of `params::read` on `data` as text.
pub fn ptx_reader(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for s in statements(&text) {
        let _ = split_top_level(&s.text, ',');
        if let Some(open) = s.text.find('(') {
            let _ = matching_paren(&s.text, open);
        }
        for part in split_top_level(&s.text, ',') {
            let _ = Param::parse(part);
        }
        for word in s.text.split(' ') {
            let _ = type_size(word);
        }
    }
    let all = signatures(&text);
    for name in NAMES {
        let _ = signature(&text, name);
    }
    // Line ends: a module written with CRLF (Windows) reads as with LF, and so does one with
    // CR alone unless it has a `//` comment, which ends at a `\n` only (as ptxas reads it,
    // `params/lex.rs`): there the rest of the text is the comment.
    if !text.contains('\r') {
        let ends: &[(&str, &str)] = if text.contains("//") {
            &[("CRLF", "\r\n")]
        } else {
            &[("CRLF", "\r\n"), ("CR", "\r")]
        };
        for &(what, end) in ends {
            let other = signatures(&text.replace('\n', end));
            assert_eq!(
                other, all,
                "signatures() reads the module with {what} line ends differently"
            );
        }
    }
    if let Ok(all) = all {
        for sig in &all {
            let one = signature(&text, &sig.name);
            assert_eq!(
                one.as_ref(),
                Ok(&Some(sig.clone())),
                "signatures() reads `{}`, signature(\"{}\") does not agree",
                sig.name,
                sig.name
            );
        }
    }
}

/// The `decode` target: `data[0]` chooses the type (its top bit: make the image valid first),
/// the rest is the image (cut or padded to the type's size) and, past it, the choices that
/// make it valid.
pub fn decode(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let valid = sel & 0x80 != 0;
    let which = usize::from(sel & 0x7f) % DECODERS.len();
    if let Some(image) = DECODERS[which](rest, valid) {
        if which == 0 {
            accessors(&image);
        }
    }
}

/// [`decode_as`] of one type.
type Decoder = fn(&[u8], bool) -> Option<Vec<u8>>;

/// The decoder of each type of [`types::DECODED`], in its order.
const DECODERS: [Decoder; types::DECODED.len()] = [
    decode_as::<Bits>,
    decode_as::<Mode>,
    decode_as::<Level>,
    decode_as::<Wide>,
    decode_as::<Tag>,
    decode_as::<Payload>,
    decode_as::<Raw>,
    decode_as::<Vecs>,
    decode_as::<Aligned>,
    decode_as::<Nested>,
    decode_as::<All>,
];

/// `bytes` cut or padded with zeros to `size`.
fn fit(bytes: &[u8], size: usize) -> Vec<u8> {
    let mut v = bytes[..bytes.len().min(size)].to_vec();
    v.resize(size, 0);
    v
}

/// Decodes `rest` as a `T` (see [`decode`]); returns the image when it decoded.
fn decode_as<T: PtxAbi + PartialEq + Debug + 'static>(rest: &[u8], valid: bool) -> Option<Vec<u8>> {
    let name = T::TYPE.name;
    if rest.len() != T::SIZE {
        if let Ok(v) = T::decode(rest) {
            panic!(
                "{name} is {} bytes, but {} bytes decode, to {v:?}",
                T::SIZE,
                rest.len()
            );
        }
    }
    at_address_size_32::<T>(rest);
    let mut image = fit(rest, T::SIZE);
    let mask = value_mask(T::TYPE);
    if valid {
        let more = rest.get(T::SIZE..).unwrap_or(&[]);
        let mut rng = SplitMix::new(
            more.iter()
                .fold(0, |h, &b| (h << 8 | u64::from(b)) ^ h >> 56),
        );
        make_valid(T::TYPE, &mut image, &mut |n| rng.below(n));
    }
    let kept = match round_trip::<T>(&image) {
        Ok(RoundTrip::Kept(kept)) => kept,
        Ok(RoundTrip::Refused(why)) => {
            // A valid image of a type without unions must decode.
            assert!(
                !valid || mask.is_none(),
                "{name}: the valid image {} does not decode: {why}",
                hex(&image)
            );
            return None;
        }
        Err(e) => panic!("{name}: image {}: {e}", hex(&image)),
    };
    let mut trips = RoundTrips::new(T::TYPE);
    if let Err(e) = trips.add(&image, &kept) {
        panic!("{name}: {e}");
    }
    Some(image)
}

/// `decode_at` and `encode_at` at `.address_size 32` (pointers 4 bytes): what decodes there
/// encodes there, to an image that decodes to the same value and holds only the input's bits.
fn at_address_size_32<T: PtxAbi + PartialEq + Debug>(rest: &[u8]) {
    let name = T::TYPE.name;
    let size = layout_at::<T>(AddressSize::A32).size;
    let image = fit(rest, size);
    let Ok(value) = decode_at::<T>(&image, AddressSize::A32) else {
        return;
    };
    let kept = encode_at(&value, AddressSize::A32).unwrap_or_else(|e| {
        panic!(
            "{name} at .address_size 32: {} decodes to {value:?}, which does not encode: {e}",
            hex(&image)
        )
    });
    let again = decode_at::<T>(&kept, AddressSize::A32).unwrap_or_else(|e| {
        panic!(
            "{name} at .address_size 32: {value:?} encodes to {}, which does not decode: {e}",
            hex(&kept)
        )
    });
    assert!(
        !equals_itself(&value) || again == value,
        "{name} at .address_size 32: {value:?} encodes to {}, which decodes to {again:?}",
        hex(&kept)
    );
    for (i, (&x, &y)) in image.iter().zip(&kept).enumerate() {
        assert!(
            y & !x == 0,
            "{name} at .address_size 32: byte {i} of {} is {x:#04x}, encode(decode(image)) \
             {} has {y:#04x}",
            hex(&image),
            hex(&kept)
        );
    }
}

/// The accessors of `BitsImage` on an image that decodes: each getter gives the decoded
/// field, and each setter given the value it reads leaves the image unchanged.
fn accessors(bytes: &[u8]) {
    let Ok(mut image) = BitsImage::from_bytes(bytes) else {
        panic!("{} decodes as Bits, but BitsImage refuses it", hex(bytes));
    };
    let v = Bits::from_ptx_bytes(bytes).expect("decoded before");
    let got = (
        image.s5(),
        image.u11(),
        image.b(),
        image.s13(),
        image.flag(),
        image.s63(),
        image.u1(),
        image.c7(),
    );
    let want = (
        Ok(v.s5),
        Ok(v.u11),
        Ok(v.b),
        Ok(v.s13),
        Ok(v.flag),
        Ok(v.s63),
        Ok(v.u1),
        Ok(v.c7),
    );
    assert_eq!(got, want, "BitsImage getters on {}", hex(bytes));
    let before = image;
    let set = [
        image.set_s5(v.s5),
        image.set_u11(v.u11),
        image.set_b(v.b),
        image.set_s13(v.s13),
        image.set_flag(v.flag),
        image.set_s63(v.s63),
        image.set_u1(v.u1),
        image.set_c7(v.c7),
    ];
    assert!(
        set.iter().all(Result::is_ok) && image == before,
        "BitsImage setters given the values read from {}: {set:?}, image now {}",
        hex(bytes),
        hex(image.as_bytes())
    );
}

/// The `import_ast` target: ptx-abi-import after clang on `data` as JSON text.
pub fn import_ast(data: &[u8]) {
    if let Ok(json) = std::str::from_utf8(data) {
        let _ = ptx_abi_import::__import_ast_json(json);
    }
}

/// The `check_entry` target: `check_entry` of every kernel argument struct of [`types`], and
/// `check_entry_named` by two other names, against `data` as text; each error is displayed.
/// Then the type-class property of [`check_model`] on the signature and struct `data` builds.
pub fn check_entry(data: &[u8]) {
    check_model::check(data);
    use ptx_abi::{check_entry, check_entry_named};
    use types::{KArgs, ScaleArgs, StepArgs};
    let text = String::from_utf8_lossy(data);
    let results = [
        check_entry::<KArgs>(&text),
        check_entry::<StepArgs>(&text),
        check_entry::<ScaleArgs>(&text),
    ];
    for r in results {
        if let Err(e) = r {
            let _ = e.to_string();
        }
    }
    for name in ["k2", "param"] {
        if let Err(e) = check_entry_named::<KArgs>(&text, name) {
            let _ = e.to_string();
        }
    }
}

/// The images [`decode`] starts from: `(selector, image)` for every value of
/// [`types::samples`], each once as given and once to be made valid.
pub fn decode_inputs() -> Vec<(String, Vec<u8>)> {
    fn push<T: PtxAbi>(out: &mut Vec<(String, Vec<u8>)>, k: u8, values: &[T]) {
        for (i, v) in values.iter().enumerate() {
            let image = v.to_ptx_bytes().expect("the samples encode");
            for sel in [k, k | 0x80] {
                let mut input = vec![sel];
                input.extend_from_slice(&image);
                out.push((
                    format!("{}-{i}-{sel:02x}", types::DECODED[k as usize]),
                    input,
                ));
            }
        }
    }
    let s = types::samples();
    let mut out = Vec::new();
    push(&mut out, 0, &s.bits);
    push(&mut out, 1, &s.modes);
    push(&mut out, 2, &s.levels);
    push(&mut out, 3, &s.wides);
    push(&mut out, 4, &s.tags);
    push(&mut out, 5, &s.payloads);
    push(&mut out, 6, &s.raws);
    push(&mut out, 7, &s.vecs);
    push(&mut out, 8, &s.aligned);
    push(&mut out, 9, &s.nested);
    push(&mut out, 10, &s.all);
    out
}
