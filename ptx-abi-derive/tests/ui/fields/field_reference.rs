use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct View<'a> {
    len: u32,
    data: &'a f32,
}

fn main() {}
