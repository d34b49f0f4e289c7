//! Writes `layouts.svg`: bit diagrams (like the guide's §1.3 figures) of a few types, for
//! documentation. `cargo run --example layouts_svg [path]`.

use ptx_abi::report::diagram;
use ptx_abi::types::Float4;
use ptx_abi::{AddressSize, PtxAbi};

// The guide's figures 3 (boundary alignment) and 6 (unnamed bit-fields), defined once for the
// examples and the tests.
#[path = "shared/guide_types.rs"]
mod guide_types;
use guide_types::{Fig3, Fig6};

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
    let types = [Fig3::TYPE, Fig6::TYPE, Tagged::TYPE];
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
