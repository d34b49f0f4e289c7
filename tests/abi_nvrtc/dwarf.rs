//! §5.2, CUDA-specific DWARF definitions: the `ADDR_*` address-class table transcribed from
//! the guide, the state-space helper, and NVIDIA's compiler itself: NVRTC with `-G` emits
//! `.debug_abbrev`/`.debug_info` into the PTX; this test decodes them and checks that every
//! `DW_AT_address_class` NVRTC writes is a §5.2 code, and that it is exactly the code
//! `StateSpace::address_class` gives for the state space the variable is declared in.

use crate::common;

use ptx_abi::abi::dwarf::{
    AddressClass, StateSpace, UnknownAddressClass, UnknownAddressClassName, DW_AT_ADDRESS_CLASS,
};
use std::collections::HashMap;

/// §5.2's table, transcribed: Code, Value, Description.
const GUIDE: [(&str, u8, &str); 12] = [
    ("ADDR_code_space", 1, "Code storage"),
    ("ADDR_reg_space", 2, "Register storage"),
    ("ADDR_sreg_space", 3, "Special register storage"),
    ("ADDR_const_space", 4, "Constant storage"),
    ("ADDR_global_space", 5, "Global storage"),
    ("ADDR_local_space", 6, "Local storage"),
    ("ADDR_param_space", 7, "Parameter storage"),
    ("ADDR_shared_space", 8, "Shared storage"),
    ("ADDR_surf_space", 9, "Surface storage"),
    ("ADDR_tex_space", 10, "Texture storage"),
    ("ADDR_tex_sampler_space", 11, "Texture sampler storage"),
    ("ADDR_generic_space", 12, "Generic-address storage"),
];

#[test]
fn table_matches_the_guide_row_by_row() {
    assert_eq!(AddressClass::ALL.len(), GUIDE.len());
    for ((name, value, description), class) in GUIDE.iter().zip(AddressClass::ALL) {
        assert_eq!(class.name(), *name);
        assert_eq!(class.code(), *value);
        assert_eq!(class as u8, *value);
        assert_eq!(u8::from(class), *value);
        assert_eq!(class.description(), *description);
        assert_eq!(AddressClass::from_code(*value), Some(class));
        assert_eq!(AddressClass::try_from(*value), Ok(class));
        assert_eq!(AddressClass::from_name(name), Some(class));
        assert_eq!(name.parse::<AddressClass>(), Ok(class));
        assert_eq!(class.to_string(), *name);
    }
}

#[test]
fn codes_outside_the_table_are_rejected() {
    for code in (0..=255u8).filter(|c| !(1..=12).contains(c)) {
        assert_eq!(AddressClass::from_code(code), None);
        assert_eq!(AddressClass::try_from(code), Err(UnknownAddressClass(code)));
    }
    assert_eq!(
        "ADDR_global".parse::<AddressClass>(),
        Err(UnknownAddressClassName)
    );
    assert_eq!(AddressClass::from_name("addr_global_space"), None);
    assert!(UnknownAddressClass(13).to_string().contains("13"));
}

#[test]
fn dw_at_address_class_is_0x33() {
    // DWARF 2, §7.5.4, figure 18: DW_AT_address_class 0x33.
    assert_eq!(DW_AT_ADDRESS_CLASS, 0x33);
}

#[test]
fn state_spaces_map_to_their_codes() {
    let expected = [
        (StateSpace::Code, 1, None),
        (StateSpace::Reg, 2, Some(".reg")),
        (StateSpace::Sreg, 3, Some(".sreg")),
        (StateSpace::Const, 4, Some(".const")),
        (StateSpace::Global, 5, Some(".global")),
        (StateSpace::Local, 6, Some(".local")),
        (StateSpace::Param, 7, Some(".param")),
        (StateSpace::Shared, 8, Some(".shared")),
        (StateSpace::Surf, 9, None),
        (StateSpace::Tex, 10, Some(".tex")),
        (StateSpace::Sampler, 11, None),
        (StateSpace::Generic, 12, None),
    ];
    assert_eq!(StateSpace::ALL.len(), expected.len());
    for (space, code, directive) in expected {
        assert_eq!(space.code(), code, "{space:?}");
        assert_eq!(space.address_class().code(), code);
        assert_eq!(AddressClass::from(space).state_space(), space);
        assert_eq!(StateSpace::from(space.address_class()), space);
        assert_eq!(space.directive(), directive);
        if let Some(d) = directive {
            assert_eq!(StateSpace::from_directive(d), Some(space));
            assert_eq!(StateSpace::from_directive(&d[1..]), Some(space));
        }
    }
    for (d, space) in [
        (".shared::cta", StateSpace::Shared),
        (".shared::cluster", StateSpace::Shared),
        (".param::entry", StateSpace::Param),
        (".param::func", StateSpace::Param),
    ] {
        assert_eq!(StateSpace::from_directive(d), Some(space));
    }
    for d in [
        ".texref",
        ".shared::gpu",
        ".global::cta",
        ".surf",
        "",
        ".",
        ".b32",
    ] {
        assert_eq!(StateSpace::from_directive(d), None, "{d}");
    }
    assert!(StateSpace::ALL
        .iter()
        .all(|s| AddressClass::ALL.contains(&s.address_class())));
}

// ---------------------------------------------------------------------------------------------
// NVRTC -G
// ---------------------------------------------------------------------------------------------

/// The bytes of a `.section NAME { … }` of the PTX (`.b8`/`.b16`/`.b32`/`.b64` directives,
/// little-endian), with the labels found in address-sized slots by offset (their bytes are 0).
fn section(ptx: &str, name: &str) -> (Vec<u8>, HashMap<usize, String>) {
    let start = ptx
        .lines()
        .position(|l| l.split_whitespace().collect::<Vec<_>>() == [".section", name])
        .unwrap_or_else(|| panic!("no section {name}"));
    let mut bytes = Vec::new();
    let mut labels = HashMap::new();
    for line in ptx.lines().skip(start + 1) {
        let line = line.trim();
        if line == "{" || line.is_empty() {
            continue;
        }
        if line == "}" {
            break;
        }
        let (dir, values) = line.split_once(char::is_whitespace).expect("directive");
        let width = match dir {
            ".b8" => 1,
            ".b16" => 2,
            ".b32" => 4,
            ".b64" => 8,
            _ => panic!("unexpected line in {name}: {line}"),
        };
        for v in values.split(',').map(str::trim) {
            let n = match v.parse::<u64>() {
                Ok(n) => n,
                Err(_) => {
                    labels.insert(bytes.len(), v.to_string());
                    0
                }
            };
            bytes.extend_from_slice(&n.to_le_bytes()[..width]);
        }
    }
    (bytes, labels)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn u(&mut self, n: usize) -> u64 {
        let mut le = [0u8; 8];
        le[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        u64::from_le_bytes(le)
    }
    fn uleb(&mut self) -> u64 {
        let (mut v, mut shift) = (0u64, 0);
        loop {
            let b = self.u(1);
            v |= (b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                return v;
            }
        }
    }
    fn cstr(&mut self) -> String {
        let end = self.bytes[self.at..].iter().position(|&b| b == 0).unwrap();
        let s = String::from_utf8(self.bytes[self.at..self.at + end].to_vec()).unwrap();
        self.at += end + 1;
        s
    }
}

struct Abbrev {
    tag: u64,
    attrs: Vec<(u64, u64)>,
}

fn abbrevs(bytes: &[u8]) -> HashMap<u64, Abbrev> {
    let mut r = Reader { bytes, at: 0 };
    let mut out = HashMap::new();
    loop {
        let code = r.uleb();
        if code == 0 {
            return out;
        }
        let tag = r.uleb();
        let _children = r.u(1);
        let mut attrs = Vec::new();
        loop {
            let (attr, form) = (r.uleb(), r.uleb());
            if (attr, form) == (0, 0) {
                break;
            }
            attrs.push((attr, form));
        }
        out.insert(code, Abbrev { tag, attrs });
    }
}

/// A variable, parameter or pointer type with its address class.
#[derive(Debug)]
struct Die {
    tag: u64,
    name: Option<String>,
    class: Option<u64>,
    /// The first operation of `DW_AT_location`, and the label after `DW_OP_addr`.
    location_op: Option<u8>,
    location_label: Option<String>,
}

const DW_TAG_FORMAL_PARAMETER: u64 = 0x05;
const DW_TAG_POINTER_TYPE: u64 = 0x0f;
const DW_TAG_VARIABLE: u64 = 0x34;
const DW_AT_LOCATION: u64 = 0x02;
const DW_AT_NAME: u64 = 0x03;
const DW_OP_ADDR: u8 = 0x03;
const DW_OP_REGX: u8 = 0x90;

/// Every DIE of the (single) compilation unit that has a name, an address class or a location.
fn dies(ptx: &str) -> Vec<Die> {
    let (abbrev_bytes, _) = section(ptx, ".debug_abbrev");
    let table = abbrevs(&abbrev_bytes);
    let (info, labels) = section(ptx, ".debug_info");
    let mut r = Reader {
        bytes: &info,
        at: 0,
    };
    let length = r.u(4) as usize;
    assert_eq!(length + 4, info.len(), "one compilation unit");
    let version = r.u(2);
    assert!((2..=4).contains(&version), "DWARF version {version}");
    let _abbrev_offset = r.u(4);
    let addr_size = r.u(1) as usize;
    let mut out = Vec::new();
    while r.at < info.len() {
        let code = r.uleb();
        if code == 0 {
            continue; // end of a sibling list
        }
        let abbrev = &table[&code];
        let mut die = Die {
            tag: abbrev.tag,
            name: None,
            class: None,
            location_op: None,
            location_label: None,
        };
        for &(attr, form) in &abbrev.attrs {
            let start = r.at;
            let value: Option<u64> = match form {
                0x01 => Some(r.u(addr_size)),                                // addr
                0x03 => skip_block(&mut r, 2),                               // block2
                0x04 => skip_block(&mut r, 4),                               // block4
                0x05 => Some(r.u(2)),                                        // data2
                0x06 => Some(r.u(4)),                                        // data4
                0x07 => Some(r.u(8)),                                        // data8
                0x0b | 0x0c | 0x11 => Some(r.u(1)),                          // data1, flag, ref1
                0x12 => Some(r.u(2)),                                        // ref2
                0x0e | 0x13 | 0x17 => Some(r.u(4)), // strp, ref4, sec_offset
                0x10 => Some(r.u(if version == 2 { addr_size } else { 4 })), // ref_addr
                0x14 => Some(r.u(8)),               // ref8
                0x0d | 0x0f | 0x15 => Some(r.uleb()), // sdata, udata, ref_udata
                0x19 => Some(1),                    // flag_present
                0x08 => {
                    let s = r.cstr();
                    if attr == DW_AT_NAME {
                        die.name = Some(s);
                    }
                    None
                }
                0x09 | 0x18 => {
                    let n = r.uleb() as usize; // block, exprloc
                    let body = r.at;
                    r.at += n;
                    location(&mut die, attr, &info, &labels, body, n);
                    None
                }
                0x0a => {
                    let n = r.u(1) as usize; // block1
                    let body = r.at;
                    r.at += n;
                    location(&mut die, attr, &info, &labels, body, n);
                    None
                }
                _ => panic!("DW_FORM {form:#x} at offset {start} not supported by this reader"),
            };
            if attr == u64::from(DW_AT_ADDRESS_CLASS) {
                die.class = value;
            }
        }
        if die.name.is_some() || die.class.is_some() {
            out.push(die);
        }
    }
    out
}

fn skip_block(r: &mut Reader<'_>, len_bytes: usize) -> Option<u64> {
    let n = r.u(len_bytes) as usize;
    r.at += n;
    None
}

fn location(
    die: &mut Die,
    attr: u64,
    info: &[u8],
    labels: &HashMap<usize, String>,
    body: usize,
    n: usize,
) {
    if attr == DW_AT_LOCATION && n > 0 {
        die.location_op = Some(info[body]);
        if info[body] == DW_OP_ADDR {
            die.location_label = labels.get(&(body + 1)).cloned();
        }
    }
}

/// The state space of the PTX variable `name` as declared at module or function scope
/// (`.shared .align 4 .b8 fsh[16];`, `.local .align 8 .b8 __local_depot0[8];`).
fn declared_space(ptx: &str, name: &str) -> StateSpace {
    ptx.lines()
        .filter_map(|l| {
            let tokens: Vec<&str> = l.split_whitespace().collect();
            let declares = tokens.iter().any(|t| {
                let t = t.trim_end_matches(';');
                t == name || t.strip_prefix(name).is_some_and(|r| r.starts_with('['))
            });
            if !declares {
                return None;
            }
            tokens.iter().find_map(|t| StateSpace::from_directive(t))
        })
        .next()
        .unwrap_or_else(|| panic!("no declaration of {name}"))
}

const SOURCE: &str = r#"
__shared__ int fsh[4];
__constant__ int cval;
__device__ int gval;
__device__ __noinline__ int f(int x, int* q) { int y[2]; y[x & 1] = x; return y[0] + *q; }
extern "C" __global__ void k(int* p, int a, int4 v) {
    int loc[3];
    loc[a & 1] = a;
    fsh[a & 3] = f(a, p) + cval + gval + v.x + loc[a & 2];
    __syncthreads();
    *p = fsh[1];
}
"#;

#[test]
fn nvrtc_debug_info_uses_the_guide_codes_for_each_state_space() {
    let Some(nvrtc) = common::nvrtc() else { return };
    let ptx = nvrtc
        .compile(
            SOURCE,
            &["--gpu-architecture=compute_90", "-rdc=true", "-G"],
        )
        .unwrap_or_else(|e| panic!("{}", e.log));
    let dies = dies(&ptx);
    let classified: Vec<&Die> = dies.iter().filter(|d| d.class.is_some()).collect();
    assert!(
        classified.len() >= 8,
        "too few DIEs with DW_AT_address_class: {dies:#?}"
    );

    let mut seen = Vec::new();
    for die in &classified {
        let code = die.class.unwrap();
        let class = u8::try_from(code)
            .ok()
            .and_then(AddressClass::from_code)
            .unwrap_or_else(|| panic!("NVRTC wrote address class {code}, not in §5.2: {die:?}"));
        seen.push(class);
        match (die.tag, die.location_op, &die.location_label) {
            // A variable at a symbol: the code is that of the symbol's declared state space.
            (_, Some(DW_OP_ADDR), Some(label)) => {
                let space = declared_space(&ptx, label);
                assert_eq!(
                    class,
                    space.address_class(),
                    "{die:?} lives in {label}, declared {space:?}"
                );
            }
            // A variable or parameter in a (virtual) register.
            (DW_TAG_VARIABLE | DW_TAG_FORMAL_PARAMETER, Some(DW_OP_REGX), _) => {
                assert_eq!(class, StateSpace::Reg.address_class(), "{die:?}");
            }
            // Pointers are generic addresses (§2.3 note B).
            (DW_TAG_POINTER_TYPE, _, _) => {
                assert_eq!(class, StateSpace::Generic.address_class(), "{die:?}");
            }
            _ => panic!("unexpected DIE {die:?}"),
        }
    }
    let by_name = |n: &str| {
        let die = classified
            .iter()
            .find(|d| d.name.as_deref() == Some(n))
            .unwrap_or_else(|| panic!("no DIE for {n}: {dies:#?}"));
        AddressClass::from_code(die.class.unwrap() as u8).unwrap()
    };
    assert_eq!(by_name("fsh"), AddressClass::Shared);
    assert_eq!(by_name("cval"), AddressClass::Const);
    assert_eq!(by_name("gval"), AddressClass::Global);
    assert_eq!(by_name("loc"), AddressClass::Local);
    assert_eq!(by_name("y"), AddressClass::Local);
    assert_eq!(by_name("p"), AddressClass::Reg);
    assert_eq!(by_name("x"), AddressClass::Reg);
    assert!(
        seen.contains(&AddressClass::Generic),
        "no pointer type with ADDR_generic_space"
    );
}
