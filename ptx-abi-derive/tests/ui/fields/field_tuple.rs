use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Segment {
    ends: (f32, f32),
}

fn main() {}
