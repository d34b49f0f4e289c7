use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Rgb {
    r: u8,
    g: u8,
    b: u8,
}

#[derive(PtxAbi)]
struct Pixel {
    #[ptx(bits = 24)]
    color: Rgb,
}

fn main() {}
