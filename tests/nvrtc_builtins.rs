//! Issue 32: `assert_matches` with an NVRTC copied without its `libnvrtc-builtins` said "NVRTC
//! rejected the header and its checks"; it is `NvrtcError::Builtins`, naming the library. Its
//! own process: once any NVRTC of the process has loaded its builtins, the loader hands those to
//! every copy.
#![cfg(feature = "nvrtc")]

use ptx_abi::report::nvrtc::{Nvrtc, NvrtcError};
use ptx_abi::PtxAbi;
use ptx_abi_oracle::require;

#[derive(PtxAbi)]
struct Pair {
    a: u32,
    b: f32,
}

#[test]
fn an_nvrtc_without_its_builtins_is_named_not_blamed_on_the_header() {
    const WHAT: &str = "nvrtc_builtins";
    let Some(nv) = require::nvrtc(WHAT) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("ptx-abi-nvrtc-alone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let alone = dir.join(nv.path().file_name().unwrap());
    std::fs::copy(nv.path(), &alone).unwrap();
    let alone = Nvrtc::load(&alone).expect("NVRTC loads without its builtins");
    let e = alone
        .check::<Pair>("struct Pair { unsigned a; float b; };", "Pair", &[])
        .unwrap_err();
    // The copy (100 MB) is not left behind: the loaded mapping outlives the file.
    std::fs::remove_dir_all(&dir).unwrap();
    let text = e.to_string();
    assert!(
        matches!(&e, ptx_abi::report::nvrtc::MatchError::Nvrtc(NvrtcError::Builtins { path, .. }) if path.starts_with(&dir)),
        "{e:?}"
    );
    assert!(text.contains("without its builtins library"), "{text}");
    assert!(!text.contains("rejected the header"), "{text}");
}
