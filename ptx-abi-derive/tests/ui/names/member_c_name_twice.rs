use ptx_abi::PtxAbi;

// `y` is C's `x` too.
#[derive(PtxAbi, Clone, Copy)]
struct Point {
    x: f32,
    #[ptx(c_name = "x")]
    y: f32,
}

// The header renames the C++ keyword `class` to `class_`, which is taken.
#[derive(PtxAbi, Clone, Copy)]
struct Tagged {
    class_: u8,
    class: u8,
}

// Two union variants given one C name.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum Word {
    #[ptx(c_name = "bits")]
    Int(u32),
    #[ptx(c_name = "bits")]
    Float(f32),
}

fn main() {}
