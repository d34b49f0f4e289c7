// Code generated for CUDA 13.0 (ptx-abi-import --cuda 13.0) compiled against a ptx-abi that
// describes CUDA 12.9 (the default): a compile error naming the fix, not a wrong layout.
const _: () =
    ::ptx_abi::layout::cuda_version::assert_built_for(::ptx_abi::layout::cuda_version::CudaVersion::new(13, 0));

fn main() {}
