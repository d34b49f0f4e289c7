use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "pack")]
struct PackArgs {
    n: u32,
    #[ptx(bits = 3)]
    mode: u32,
}

fn main() {}
