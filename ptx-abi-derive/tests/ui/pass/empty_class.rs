use ptx_abi::PtxAbi;

// C++'s `struct NoDistortion {};` and `struct alignas(16) Tag {};`, as members and on their own.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(empty_class)]
struct NoDistortion {}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(empty_class, align = 16)]
struct Tag;

#[derive(PtxAbi, Clone, Copy)]
struct Camera {
    distortion: NoDistortion,
    focal: f32,
    tag: Tag,
}

const _: () = assert!(NoDistortion::SIZE == 1 && Tag::SIZE == 16 && Camera::SIZE == 32);

fn main() {}
