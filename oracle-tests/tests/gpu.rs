//! The GPU end-to-end suite (feature `gpu`; `cargo xtask test-gpu`): a sample of the golden
//! corpus plus fresh cases of the live seed, each launched on the GPU by value through cudarc's
//! launch builder, `kernelParams` and `extra`, read from an array by device code and compared
//! with NVRTC's initializer of the same value, and written member by member by device code
//! into nonzero bytes and decoded; and a C++ kernel template launched by the Itanium name the
//! derive computes for its instantiation. Without a GPU it prints one line saying it skipped
//! (`PTX_ABI_REQUIRE_GPU=1` makes that a failure).

#![allow(clippy::all)]

use oracle_tests::gpu::{skip_gpu, GpuRun};

include!(concat!(env!("OUT_DIR"), "/gpu_cases.rs"));

#[test]
fn gpu_end_to_end() {
    if let Some(why) = NO_CASES {
        ptx_abi_oracle::require::skip("GPU end-to-end suite", why);
        return skip_gpu(why);
    }
    let ptx = include_str!(concat!(env!("OUT_DIR"), "/gpu.ptx"));
    oracle_tests::gpu::template::assert_entries(ptx);
    let Some(mut run) = GpuRun::new(ptx) else {
        return;
    };
    run_all(&mut run);
    run.templates();
    run.finish(SAMPLE);
}
