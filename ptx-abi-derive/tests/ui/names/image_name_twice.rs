// Two types given the same image name: one error, on the second name (issue 32; it used to be
// E0428 followed by nine conflicting-impl errors).
use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(image = Img)]
struct A {
    x: u32,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(image = Img)]
struct B {
    y: f32,
}

fn main() {}
