use ptx_abi::{PtxAbi, codec::PtxImage};

// Without `#[ptx(accessors)]` the image has no per-member methods.
#[derive(PtxAbi, Clone, Copy)]
struct Pixel {
    #[ptx(bits = 8)]
    red: u32,
}

fn main() {
    let image = PixelImage::new(&Pixel { red: 1 }).unwrap();
    let _ = image.red();
}
