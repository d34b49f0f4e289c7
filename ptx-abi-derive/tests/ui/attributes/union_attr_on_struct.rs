use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(union)]
struct Payload {
    int: i32,
    float: f32,
}

fn main() {}
