use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Timestamp {
    ticks: u64,
}

#[derive(PtxAbi)]
#[ptx(align = 4)]
struct Event {
    at: Timestamp,
}

fn main() {}
