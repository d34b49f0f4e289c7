use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum Value {
    #[ptx(c_name = "i", c_name = "j")]
    Int(i32),
    #[ptx(c_name = "")]
    Float(f32),
}

fn main() {}
