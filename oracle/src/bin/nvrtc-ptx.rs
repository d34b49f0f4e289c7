//! Prints NVRTC's PTX for a CUDA file (probe options). Scratch tool for minimizing cases.
fn main() {
    let path = std::env::args().nth(1).expect("file");
    let src = std::fs::read_to_string(path).unwrap();
    let nv = ptx_abi_nvtools::nvrtc::Nvrtc::locate_and_load()
        .unwrap()
        .unwrap();
    match nv.compile(&src, ptx_abi_oracle::probe::PROBE_OPTIONS) {
        Ok(p) => print!("{p}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}
