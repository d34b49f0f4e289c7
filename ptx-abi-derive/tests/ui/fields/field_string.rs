use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Message {
    id: u32,
    text: String,
}

fn main() {}
