use ptx_abi::PtxAbi;

// CUDA's headers already declare these names; a generated header cannot declare them again.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(c_name = "float4")]
struct MyVec {
    x: f32,
    #[ptx(c_name = "size_t")]
    len: u32,
}

#[allow(non_camel_case_types)]
#[derive(PtxAbi, Clone, Copy)]
struct half {
    bits: u16,
}

fn main() {}
