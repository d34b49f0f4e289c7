use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[repr(u32)]
enum Value {
    Int(i32),
    Float(f32),
}

fn main() {}
