// Code generated for CUDA 13.0 (ptx-abi-import --cuda 13.0) compiled against a ptx-abi that
// describes CUDA 12.9 (the default): a compile error naming the fix, not a wrong layout.
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) =
    ::ptx_abi::layout::cuda_version::built_for_error(::ptx_abi::layout::cuda_version::CudaVersion::new(13, 0))
{
    ::core::panic!("{}", __ptx_abi_error.as_str())
};

fn main() {}
