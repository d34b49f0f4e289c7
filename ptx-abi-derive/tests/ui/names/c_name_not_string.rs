use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(c_name = Token_t)]
struct Token {
    #[ptx(c_name)]
    kind: u32,
}

fn main() {}
