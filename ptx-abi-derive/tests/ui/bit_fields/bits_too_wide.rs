use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Packet {
    #[ptx(bits = 12)]
    channel: u8,
}

fn main() {}
