use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Entry {
    kind: u8,
    #[ptx(align = 24)]
    payload: [f32; 3],
}

fn main() {}
