//! §5.2: the CUDA-specific DWARF definitions — the address-class codes a PTX producer emits as
//! `DW_AT_address_class` on every variable and parameter DIE, and the PTX state space each code
//! stands for.
//!
//! ```
//! use ptx_abi_core::abi::dwarf::{AddressClass, StateSpace};
//!
//! assert_eq!(StateSpace::Shared.address_class().code(), 8);
//! assert_eq!(AddressClass::from_code(12), Some(AddressClass::Generic));
//! assert_eq!(AddressClass::Global.name(), "ADDR_global_space");
//! assert_eq!(StateSpace::from_directive(".shared::cta"), Some(StateSpace::Shared));
//! ```

use crate::layout::const_text::same_str;
use core::fmt;
use core::str::FromStr;

/// §5.2: the DWARF attribute the address-class codes are emitted as, `DW_AT_address_class`
/// (0x33 in DWARF 2 and later), with form `DW_FORM_data1` on variables and parameters.
pub const DW_AT_ADDRESS_CLASS: u16 = 0x33;

/// §5.2: an address-class code, the memory space of a variable, parameter or pointee
/// (`DW_AT_address_class`). The discriminant is the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum AddressClass {
    /// `ADDR_code_space` = 1: code storage.
    Code = 1,
    /// `ADDR_reg_space` = 2: register storage (`.reg`).
    Reg = 2,
    /// `ADDR_sreg_space` = 3: special register storage (`.sreg`).
    Sreg = 3,
    /// `ADDR_const_space` = 4: constant storage (`.const`).
    Const = 4,
    /// `ADDR_global_space` = 5: global storage (`.global`).
    Global = 5,
    /// `ADDR_local_space` = 6: local storage (`.local`).
    Local = 6,
    /// `ADDR_param_space` = 7: parameter storage (`.param`).
    Param = 7,
    /// `ADDR_shared_space` = 8: shared storage (`.shared`).
    Shared = 8,
    /// `ADDR_surf_space` = 9: surface storage.
    Surf = 9,
    /// `ADDR_tex_space` = 10: texture storage (`.tex`).
    Tex = 10,
    /// `ADDR_tex_sampler_space` = 11: texture sampler storage.
    TexSampler = 11,
    /// `ADDR_generic_space` = 12: generic-address storage.
    Generic = 12,
}

impl AddressClass {
    /// Every address class of §5.2's table, in order of code (1 to 12).
    pub const ALL: [AddressClass; 12] = [
        AddressClass::Code,
        AddressClass::Reg,
        AddressClass::Sreg,
        AddressClass::Const,
        AddressClass::Global,
        AddressClass::Local,
        AddressClass::Param,
        AddressClass::Shared,
        AddressClass::Surf,
        AddressClass::Tex,
        AddressClass::TexSampler,
        AddressClass::Generic,
    ];

    /// The code (§5.2's "Value" column), the value of `DW_AT_address_class`.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The address class with code `code`, or `None` for a value §5.2 does not define
    /// (0 and 13 and above).
    pub const fn from_code(code: u8) -> Option<AddressClass> {
        if code >= 1 && code <= 12 {
            Some(AddressClass::ALL[code as usize - 1])
        } else {
            None
        }
    }

    /// The name in §5.2's "Code" column: `ADDR_code_space` … `ADDR_generic_space`.
    pub const fn name(self) -> &'static str {
        match self {
            AddressClass::Code => "ADDR_code_space",
            AddressClass::Reg => "ADDR_reg_space",
            AddressClass::Sreg => "ADDR_sreg_space",
            AddressClass::Const => "ADDR_const_space",
            AddressClass::Global => "ADDR_global_space",
            AddressClass::Local => "ADDR_local_space",
            AddressClass::Param => "ADDR_param_space",
            AddressClass::Shared => "ADDR_shared_space",
            AddressClass::Surf => "ADDR_surf_space",
            AddressClass::Tex => "ADDR_tex_space",
            AddressClass::TexSampler => "ADDR_tex_sampler_space",
            AddressClass::Generic => "ADDR_generic_space",
        }
    }

    /// The address class named `name` (exactly as in §5.2, e.g. `ADDR_shared_space`).
    pub const fn from_name(name: &str) -> Option<AddressClass> {
        let mut i = 0;
        while i < AddressClass::ALL.len() {
            if same_str(AddressClass::ALL[i].name(), name) {
                return Some(AddressClass::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// §5.2's "Description" column: `Code storage`, `Register storage`, ….
    pub const fn description(self) -> &'static str {
        match self {
            AddressClass::Code => "Code storage",
            AddressClass::Reg => "Register storage",
            AddressClass::Sreg => "Special register storage",
            AddressClass::Const => "Constant storage",
            AddressClass::Global => "Global storage",
            AddressClass::Local => "Local storage",
            AddressClass::Param => "Parameter storage",
            AddressClass::Shared => "Shared storage",
            AddressClass::Surf => "Surface storage",
            AddressClass::Tex => "Texture storage",
            AddressClass::TexSampler => "Texture sampler storage",
            AddressClass::Generic => "Generic-address storage",
        }
    }

    /// The storage this class stands for (the inverse of [`StateSpace::address_class`]).
    pub const fn state_space(self) -> StateSpace {
        match self {
            AddressClass::Code => StateSpace::Code,
            AddressClass::Reg => StateSpace::Reg,
            AddressClass::Sreg => StateSpace::Sreg,
            AddressClass::Const => StateSpace::Const,
            AddressClass::Global => StateSpace::Global,
            AddressClass::Local => StateSpace::Local,
            AddressClass::Param => StateSpace::Param,
            AddressClass::Shared => StateSpace::Shared,
            AddressClass::Surf => StateSpace::Surf,
            AddressClass::Tex => StateSpace::Tex,
            AddressClass::TexSampler => StateSpace::Sampler,
            AddressClass::Generic => StateSpace::Generic,
        }
    }
}

/// A §5.2 code that is not in the table (the error of `AddressClass::try_from(u8)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownAddressClass(pub u8);

impl fmt::Display for UnknownAddressClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a CUDA DWARF address class (§5.2 defines 1 to 12)",
            self.0
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownAddressClass {}

impl From<AddressClass> for u8 {
    /// The §5.2 code.
    fn from(class: AddressClass) -> u8 {
        class.code()
    }
}

impl TryFrom<u8> for AddressClass {
    type Error = UnknownAddressClass;

    /// The §5.2 class with this code.
    fn try_from(code: u8) -> Result<AddressClass, UnknownAddressClass> {
        AddressClass::from_code(code).ok_or(UnknownAddressClass(code))
    }
}

impl fmt::Display for AddressClass {
    /// The §5.2 name, `ADDR_global_space`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of §5.2's `ADDR_*` codes (the error of `str::parse::<AddressClass>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownAddressClassName;

impl fmt::Display for UnknownAddressClassName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "not a CUDA DWARF address class name (§5.2: ADDR_code_space … ADDR_generic_space)",
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownAddressClassName {}

impl FromStr for AddressClass {
    type Err = UnknownAddressClassName;

    /// Parses a §5.2 name such as `ADDR_local_space`.
    fn from_str(s: &str) -> Result<AddressClass, UnknownAddressClassName> {
        AddressClass::from_name(s).ok_or(UnknownAddressClassName)
    }
}

/// §5.2: where a variable lives — the PTX state spaces (`.reg`, `.sreg`, `.const`, `.global`,
/// `.local`, `.param`, `.shared`, `.tex`) and the other storage kinds the address classes
/// name (code, surfaces, samplers, generic addresses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateSpace {
    /// Code storage (function addresses): [`AddressClass::Code`].
    Code,
    /// `.reg`: [`AddressClass::Reg`].
    Reg,
    /// `.sreg` (`%tid`, `%clock`, …): [`AddressClass::Sreg`].
    Sreg,
    /// `.const`: [`AddressClass::Const`].
    Const,
    /// `.global`: [`AddressClass::Global`].
    Global,
    /// `.local`: [`AddressClass::Local`].
    Local,
    /// `.param` (kernel and function parameters, `::entry` and `::func`): [`AddressClass::Param`].
    Param,
    /// `.shared` (`::cta` and `::cluster`): [`AddressClass::Shared`].
    Shared,
    /// Surface memory (`.surfref`, §1.4): [`AddressClass::Surf`].
    Surf,
    /// `.tex` (the deprecated texture state space; `.texref`, §1.4): [`AddressClass::Tex`].
    Tex,
    /// Texture samplers (`.samplerref`, §1.4): [`AddressClass::TexSampler`].
    Sampler,
    /// A generic address (§2.3 note B), which may point into several spaces:
    /// [`AddressClass::Generic`].
    Generic,
}

impl StateSpace {
    /// Every state space, in the order of their address-class codes.
    pub const ALL: [StateSpace; 12] = [
        StateSpace::Code,
        StateSpace::Reg,
        StateSpace::Sreg,
        StateSpace::Const,
        StateSpace::Global,
        StateSpace::Local,
        StateSpace::Param,
        StateSpace::Shared,
        StateSpace::Surf,
        StateSpace::Tex,
        StateSpace::Sampler,
        StateSpace::Generic,
    ];

    /// §5.2: the address class a variable in this space is described with.
    pub const fn address_class(self) -> AddressClass {
        match self {
            StateSpace::Code => AddressClass::Code,
            StateSpace::Reg => AddressClass::Reg,
            StateSpace::Sreg => AddressClass::Sreg,
            StateSpace::Const => AddressClass::Const,
            StateSpace::Global => AddressClass::Global,
            StateSpace::Local => AddressClass::Local,
            StateSpace::Param => AddressClass::Param,
            StateSpace::Shared => AddressClass::Shared,
            StateSpace::Surf => AddressClass::Surf,
            StateSpace::Tex => AddressClass::Tex,
            StateSpace::Sampler => AddressClass::TexSampler,
            StateSpace::Generic => AddressClass::Generic,
        }
    }

    /// §5.2: the `DW_AT_address_class` value, `self.address_class().code()`.
    pub const fn code(self) -> u8 {
        self.address_class().code()
    }

    /// The PTX state-space directive (`.reg`, `.shared`, …), or `None` for the storage kinds
    /// that are not state spaces of their own (code, surfaces, samplers, generic addresses).
    pub const fn directive(self) -> Option<&'static str> {
        match self {
            StateSpace::Reg => Some(".reg"),
            StateSpace::Sreg => Some(".sreg"),
            StateSpace::Const => Some(".const"),
            StateSpace::Global => Some(".global"),
            StateSpace::Local => Some(".local"),
            StateSpace::Param => Some(".param"),
            StateSpace::Shared => Some(".shared"),
            StateSpace::Tex => Some(".tex"),
            StateSpace::Code | StateSpace::Surf | StateSpace::Sampler | StateSpace::Generic => None,
        }
    }

    /// The state space a PTX directive or instruction qualifier names: `.reg`, `.sreg`,
    /// `.const`, `.global`, `.local`, `.param` (also `.param::entry`, `.param::func`), `.shared`
    /// (also `.shared::cta`, `.shared::cluster`) and `.tex`; the leading dot is optional.
    pub const fn from_directive(directive: &str) -> Option<StateSpace> {
        let d = directive.as_bytes();
        let d = match d {
            [b'.', rest @ ..] => rest,
            _ => d,
        };
        // Cut a `::` sub-space.
        let mut end = 0;
        while end < d.len() && d[end] != b':' {
            end += 1;
        }
        let (base, sub) = d.split_at(end);
        let space = match base {
            b"reg" => StateSpace::Reg,
            b"sreg" => StateSpace::Sreg,
            b"const" => StateSpace::Const,
            b"global" => StateSpace::Global,
            b"local" => StateSpace::Local,
            b"param" => StateSpace::Param,
            b"shared" => StateSpace::Shared,
            b"tex" => StateSpace::Tex,
            _ => return None,
        };
        match (space, sub) {
            (_, b"") => Some(space),
            (StateSpace::Param, b"::entry" | b"::func") => Some(space),
            (StateSpace::Shared, b"::cta" | b"::cluster") => Some(space),
            _ => None,
        }
    }
}

impl From<StateSpace> for AddressClass {
    /// [`StateSpace::address_class`].
    fn from(space: StateSpace) -> AddressClass {
        space.address_class()
    }
}

impl From<AddressClass> for StateSpace {
    /// [`AddressClass::state_space`].
    fn from(class: AddressClass) -> StateSpace {
        class.state_space()
    }
}
