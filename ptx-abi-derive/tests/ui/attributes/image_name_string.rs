use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(image = "PixelBytes")]
struct Pixel {
    rgba: u32,
}

fn main() {}
