use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
struct Mesh {
    count: u32,
    vertices: Vec<f32>,
}

fn main() {}
