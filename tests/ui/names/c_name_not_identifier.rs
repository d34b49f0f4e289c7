use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Token {
    #[ptx(c_name = "my-kind")]
    kind: u32,
    #[ptx(c_name = "2nd")]
    second: u32,
}

fn main() {}
