use ptx_abi::PtxAbi;

// A generic type has no image type, so there is nothing to put accessors on.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors)]
struct Pair<T: PtxAbi> {
    a: T,
    b: T,
}

// A field-less enum's image is its discriminant: no members.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors)]
#[repr(u8)]
enum Mode {
    A,
    B,
}

// `accessors` is a flag.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors = true)]
struct Pixel {
    rgba: u32,
}

// Given twice.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(accessors, accessors)]
struct Texel {
    rgba: u32,
}

fn main() {}
