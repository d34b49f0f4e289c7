use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Glyph {
    ch: char,
    width: u8,
}

fn main() {}
