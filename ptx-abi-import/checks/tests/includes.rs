//! Headers as users have them (`headers/includes_*.cuh`: `#include <cuda_fp16.h>`,
//! `<cstdint>`, `__extension__` unions), imported and checked by the importer's emitted
//! `nvrtc::assert_matches` calls against NVRTC with CUDA's real headers (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/includes.rs"));

/// The importer leaves out exactly what has no data layout (a function type, a class with
/// virtual functions, a struct that holds one by value) and imports the rest of the header,
/// which the emitted checks above verify (issue 30). Every other header imports whole.
#[cfg(ptx_abi_import_includes)]
#[test]
fn only_what_has_no_layout_is_left_out() {
    assert_eq!(
        includes_partial_optix::SKIPPED,
        ["LogCallback", "DenoiserHooks", "HookedLaunch"]
    );
    for skipped in [
        includes_c_idioms::SKIPPED,
        includes_llama::SKIPPED,
        includes_rt_handles::SKIPPED,
    ] {
        assert!(skipped.is_empty(), "{skipped:?}");
    }
}
