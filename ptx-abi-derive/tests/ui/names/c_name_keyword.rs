use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(c_name = "class")]
struct Token {
    kind: u32,
}

fn main() {}
