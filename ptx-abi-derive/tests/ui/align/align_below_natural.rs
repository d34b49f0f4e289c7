use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(align = 4)]
struct Timestamp {
    ticks: u64,
}

fn main() {}
