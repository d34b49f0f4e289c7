//! Issue 32: NVRTC copied without its `libnvrtc-builtins` loads, then fails every compile; the
//! error says that, not that the source was rejected. Its own process: once any NVRTC of the
//! process has loaded its builtins, the loader hands those to every copy.

use ptx_abi_nvtools::fetch::REQUIRE_ORACLE_ENV;
use ptx_abi_nvtools::nvrtc::Nvrtc;
use ptx_abi_nvtools::options::DEFAULT_OPTIONS;

#[test]
fn nvrtc_without_its_builtins_says_so() {
    let nv = match Nvrtc::locate_and_load() {
        Some(Ok(n)) => n,
        Some(Err(e)) => panic!("{e}"),
        None if std::env::var_os(REQUIRE_ORACLE_ENV).is_some_and(|v| v == "1") => {
            panic!("NVRTC not found, and {REQUIRE_ORACLE_ENV}=1 requires it")
        }
        None => return eprintln!("skipped: NVRTC not found (run `cargo xtask nvrtc`)"),
    };
    let dir = std::env::temp_dir().join(format!("ptx-abi-nvrtc-alone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let alone = dir.join(nv.path().file_name().unwrap());
    std::fs::copy(nv.path(), &alone).unwrap();
    let alone = Nvrtc::load(&alone).expect("NVRTC loads without its builtins");
    let e = alone
        .compile("extern \"C\" __global__ void k(int x) {}", DEFAULT_OPTIONS)
        .unwrap_err();
    // The copy (100 MB) is not left behind: the loaded mapping outlives the file.
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(e.builtins_missing(), "{e}");
    assert!(
        e.log.contains("could not open its builtins library")
            && e.log.contains(&dir.display().to_string()),
        "{e}"
    );
    // A plain compile error is not that.
    let e = nv.compile("this is not C++", DEFAULT_OPTIONS).unwrap_err();
    assert!(!e.builtins_missing(), "{e}");
}
