use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[repr(C)]
#[ptx(zero_copy)]
struct Flags {
    #[ptx(bits = 4)]
    mode: u32,
}

fn main() {}
