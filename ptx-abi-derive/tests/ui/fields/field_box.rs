use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Node {
    value: f32,
    next: Box<Node>,
}

fn main() {}
