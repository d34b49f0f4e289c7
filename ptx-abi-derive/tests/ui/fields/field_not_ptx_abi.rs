use ptx_abi::PtxAbi;

struct Color {
    r: u8,
    g: u8,
    b: u8,
}

#[derive(PtxAbi)]
struct Pixel {
    x: u16,
    color: Color,
}

fn main() {}
