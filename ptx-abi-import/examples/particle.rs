//! Imports `examples/kernels/particle.cuh` and prints the Rust that `#[derive(PtxAbi)]` then
//! lays out: `cargo run -p ptx-abi-import --example particle`.
//!
//! In a project, the same call runs in `build.rs` and writes `$OUT_DIR/shared.rs`, which the
//! crate `include!`s; with `--checks`/[`Importer::checks`] every type also gets an NVRTC test
//! against the header.
//!
//! Needs clang: `$PTX_ABI_CLANG`, `clang` on `PATH`, or clang 22 from PyPI
//! (`cargo run -p ptx-abi-import -- --fetch-clang`).

use ptx_abi_import::Importer;

fn main() {
    let header = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/kernels/particle.cuh");
    match Importer::new().header(header).generate() {
        Ok(imported) => {
            println!("// read by {}", imported.clang_version);
            print!("{}", imported.source);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
