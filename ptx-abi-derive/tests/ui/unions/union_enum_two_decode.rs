use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(union)]
enum Payload {
    #[ptx(decode)]
    Int(i32),
    #[ptx(decode)]
    Float(f32),
}

fn main() {}
