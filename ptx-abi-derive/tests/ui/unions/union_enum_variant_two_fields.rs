use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(union)]
enum Payload {
    Int(i32),
    Pair(f32, f32),
}

fn main() {}
