//! Writes `layouts.svg`: bit diagrams (like the guide's §1.3 figures) of a few types, for
//! documentation. `cargo run --example layouts_svg [path]`.

use ptx_abi::report::diagram;
use ptx_abi::types::Float4;
use ptx_abi::{AddressSize, Pad, PtxAbi};

/// Figure 3 of the guide: boundary alignment.
#[derive(PtxAbi, Clone, Copy)]
struct BoundaryAlignment {
    #[ptx(bits = 9)]
    s: i16,
    #[ptx(bits = 9)]
    j: i32,
    c: i8,
    #[ptx(bits = 9)]
    t: i16,
    #[ptx(bits = 9)]
    u: i16,
    d: i8,
}

/// Figure 6 of the guide: unnamed bit-fields.
#[derive(PtxAbi, Clone, Copy)]
struct UnnamedBitFields {
    c: i8,
    _z: Pad<i32, 0>,
    d: i8,
    _p: Pad<i16, 9>,
    e: i8,
    _z2: Pad<i8, 0>,
}

/// A packed header next to a vector.
#[derive(PtxAbi, Clone, Copy)]
struct Tagged {
    #[ptx(bits = 4)]
    version: u8,
    #[ptx(bits = 12)]
    flags: u16,
    count: u16,
    color: Float4,
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "layouts.svg".to_string());
    let types = [
        BoundaryAlignment::TYPE,
        UnnamedBitFields::TYPE,
        Tagged::TYPE,
    ];
    let svg = match diagram::svg(&types, AddressSize::A64) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("layout error: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = std::fs::write(&path, svg) {
        eprintln!("cannot write {path}: {e}");
        std::process::exit(1);
    }
    println!("wrote {path}");
}
