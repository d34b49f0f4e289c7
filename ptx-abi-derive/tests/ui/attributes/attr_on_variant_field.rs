use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(union)]
enum Payload {
    Int(i32),
    Small(#[ptx(bits = 8)] u16),
}

fn main() {}
