use ptx_abi::PtxAbi;

trait Shape {}

#[derive(PtxAbi)]
struct Scene {
    count: u32,
    shape: Box<dyn Shape>,
}

fn main() {}
